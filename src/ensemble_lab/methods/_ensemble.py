"""The base of every ensemble of the package.

:class:`BaseLearnerMixin` resolves the base learner in one place:
``_validate_estimator()`` sets ``estimator_``, the unfitted template every member is
cloned from, from the ``estimator`` parameter or the class's declared default
(``_default_estimator``: ``"j48"``, Triskel's ``"smo"``). The ensembles and the random
linear oracle (a meta-estimator, not an :class:`Ensemble`) call it first in ``fit``.

:class:`Ensemble` does what each ensemble's ``fit`` and ``predict`` would otherwise
repeat: ``y`` required, ``X`` validated as mixed data (a DataFrame's nominal columns and
NaN kept for the members), ``classes_`` sorted with ``y`` as class codes, sample
weights checked, the member-prediction protocol (:class:`MemberPredictionsMixin`),
``predict`` from ``predict_proba`` and the input tags.

:class:`WekaEnsemble` is the base of the ensembles that, as Weka's, encode the data once
(:func:`~ensemble_lab.encoding.encode_training`), add up their members' class
distributions in Weka's numbering of the classes and predict the first class of largest
probability (Rotation Forest, DECORATE). :class:`EncodedEnsemble` is the one of Weka's
averaging ensembles that train each member on a view of that encoding (Bagging, Random
Subspace): a subclass says which rows, weights and features each member gets
(``_plans``).

Members are seeded through :mod:`ensemble_lab.utils._seeding` and fitted on weighted
rows through :func:`ensemble_lab._members.fit_weighted`.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from numbers import Integral

import numpy as np
import pandas as pd
from joblib import Parallel, delayed
from sklearn.base import ClassifierMixin, clone
from sklearn.utils import get_tags

from ..base import (
    MemberPredictionsMixin,
    check_sample_weight,
    require_y,
    validate_mixed_data,
)
from ..encoding import (
    EncodedData,
    encode_test,
    encode_training,
    fit_member,
    member_distribution,
    seen_columns,
)
from ..learners import first_largest, resolve_estimator
from ..utils import (
    Estimator,
    HasMethods,
    Interval,
    check_is_fitted,
    fit_context,
    seed_random_states,
    sklearn_seed,
)

__all__ = [
    "BaseLearnerMixin",
    "EncodedEnsemble",
    "Ensemble",
    "MemberPlan",
    "WekaEnsemble",
]


class BaseLearnerMixin:
    """The base learner of an ensemble (or meta-estimator), resolved in one place.

    A class declares its default base learner once, as a preset name in
    ``_default_estimator``. ``estimator=None`` means that preset, a string names another
    preset (:func:`~ensemble_lab.learners.make_learner`), and an estimator is taken as
    it is: members are clones of it, so it is never changed.
    """

    #: The preset a ``None`` estimator means.
    _default_estimator: str = "j48"

    def _base_learner(self):
        """The base learner ``estimator`` means, not stored (tags, checks before ``fit``)."""
        return resolve_estimator(self.estimator, default=self._default_estimator)

    def _validate_estimator(self):
        """Set and return ``estimator_``: the unfitted template members are cloned from."""
        self.estimator_ = self._base_learner()
        return self.estimator_

    def _base_accepts_nan(self, default: bool = True) -> bool:
        """Whether the base learner takes NaN.

        ``default`` when it cannot be built (a preset whose extra dependency is missing).
        """
        try:
            return bool(get_tags(self._base_learner()).input_tags.allow_nan)
        except (ImportError, ValueError):
            return default


class Ensemble(
    BaseLearnerMixin, MemberPredictionsMixin, ClassifierMixin, Estimator, metaclass=ABCMeta
):
    """A classifier made of members, on mixed-type data.

    Subclasses call :meth:`_training_data` first in ``fit`` and :meth:`_test_input`
    first in their prediction methods, implement ``predict_proba``, and override
    :meth:`_accepts_nan` (NaN refused by the validation) or :meth:`_nan_tag` (NaN passed
    on, and declared only when the base learner declares it) when NaN support depends on
    the base learner.
    """

    def _accepts_nan(self) -> bool:
        """Whether ``X`` may hold NaN (passed on to the members' learners)."""
        return True

    def _nan_tag(self) -> bool:
        """The ``allow_nan`` input tag: NaN is known to work (default: accepted)."""
        return self._accepts_nan()

    def _training_data(self, X, y, sample_weight=None, *, min_classes: int = 1):
        """Validate the training data; set ``classes_``.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,) or None
        min_classes : {1, 2}, default=1
            2: a ``y`` of one class is an error naming it.

        Returns
        -------
        X : ndarray or DataFrame
            Validated (a DataFrame with nominal columns stays one).
        y_codes : ndarray of int
            Positions of ``y`` in ``classes_``.
        sample_weight : ndarray or None
            Finite, non-negative, not all zero; None when none was given.
        """
        require_y(self, y)
        X, y = validate_mixed_data(self, X, y, allow_nan=self._accepts_nan())
        self.classes_, y_codes = np.unique(y, return_inverse=True)
        if self.classes_.shape[0] < min_classes:  # 1 or 2
            raise ValueError(
                f"{type(self).__name__} needs samples of at least two classes; "
                f"y holds only one class: {self.classes_[0]!r}."
            )
        if sample_weight is not None:
            sample_weight = check_sample_weight(sample_weight, X)
        return X, y_codes, sample_weight

    def _test_input(self, X):
        """``X`` validated against what ``fit`` saw (the ensemble must be fitted)."""
        check_is_fitted(self)
        return validate_mixed_data(self, X, reset=False, allow_nan=self._accepts_nan())

    def _member_views(self, X):
        X = self._test_input(X)
        return ((member, X) for member in self.estimators_)

    @abstractmethod
    def predict_proba(self, X):
        """Class probabilities, columns in the order of ``classes_``."""

    def predict(self, X):
        """The first class of largest probability (``predict_proba``).

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        check_is_fitted(self)
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = self._nan_tag()
        return tags


class WekaEnsemble(Ensemble):
    """An ensemble that adds up its members' distributions as Weka's do.

    Subclasses call :meth:`_encoded_training` in ``fit`` and implement
    :meth:`_weka_distribution`. ``weka_classes_`` are the classes in Weka's numbering
    (a categorical ``y``'s declared categories); ``classes_`` the ones seen, sorted, or
    all of them, sorted, when ``_declared_classes`` is set (members can learn a class
    the data lack).
    """

    _declared_classes: bool = False

    def _encoded_training(self, X, y, sample_weight=None) -> EncodedData:
        """Validate and encode the training data once; set the classes."""
        data = encode_training(self, X, y, sample_weight)
        self.weka_classes_ = data.classes
        if self._declared_classes:
            self._columns = np.argsort(data.classes, kind="stable")
        else:
            self._columns = seen_columns(data)
        self.classes_ = data.classes[self._columns]
        return data

    @abstractmethod
    def _weka_distribution(self, X) -> np.ndarray:
        """``distributionForInstance``: one column per class of ``weka_classes_``."""

    def predict_proba(self, X):
        """The members' class distributions added up and normalised, as Weka does.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            Columns in the order of ``classes_``.
        """
        check_is_fitted(self)
        # clipped as a tree's (WekaTreeMixin.predict_proba); predict reads it unclipped
        return np.maximum(self._weka_distribution(X)[:, self._columns], 0.0)

    def predict(self, X):
        """The first class of largest probability in Weka's order of the classes.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        check_is_fitted(self)
        return self.weka_classes_[first_largest(self._weka_distribution(X))]


class MemberPlan:
    """How one member is trained.

    Its seed (None if it takes none), rows, weights and feature subset (None for all
    features).
    """

    __slots__ = ("features", "rows", "seed", "weight")

    def __init__(self, seed=None, rows=None, weight=None, features=None):
        self.seed = seed
        self.rows = rows
        self.weight = weight
        self.features = features


def _fit_planned(base, data: EncodedData, plan: MemberPlan):
    member = clone(base)
    if plan.seed is not None:
        seed_random_states(member, sklearn_seed(plan.seed))
    view = data if plan.features is None else data.columns(plan.features)
    return fit_member(member, view, plan.rows, plan.weight)


class EncodedEnsemble(WekaEnsemble):
    """Members on rows of one encoded data set.

    The normalised sum of their class distributions decides.

    Subclasses implement ``_plans(data, base)``, returning one :class:`MemberPlan` per
    member. All random draws happen there, before any member is trained, so the result
    does not depend on ``n_jobs``.
    """

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict"]), str, None],
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "random_state": ["random_state"],
        "n_jobs": [Integral, None],
    }

    @property
    def _expected_failed_checks(self) -> dict[str, str]:
        return {
            "check_sample_weight_equivalence_on_dense_data": (
                "weights are Weka's instance weights: they change what is drawn "
                "(resampleWithWeights, the data-seeded generator), not only how much "
                "a row counts"
            )
        }

    @abstractmethod
    def _plans(self, data: EncodedData, base) -> list[MemberPlan]:
        """Rows, weights, features and seed of every member."""

    @fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y, sample_weight=None):
        """Encode the data once and train every member on its part of it.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data; ``category``/``object`` columns are nominal, NaN is missing.
        y : array-like of shape (n_samples,)
            Class labels; a categorical ``y`` numbers the classes as Weka does (its
            declared categories), which decides ties between classes.
        sample_weight : array-like of shape (n_samples,), default=None
            Weka's instance weights.

        Returns
        -------
        self
        """
        data = self._encoded_training(X, y, sample_weight)
        base = self._validate_estimator()
        plans = self._plans(data, base)
        self.estimators_ = Parallel(n_jobs=self.n_jobs, prefer="threads")(
            delayed(_fit_planned)(base, data, plan) for plan in plans
        )
        self.estimators_samples_ = [
            np.arange(data.n_samples) if plan.rows is None else plan.rows for plan in plans
        ]
        self.estimators_features_ = [
            np.arange(data.n_features) if plan.features is None else np.asarray(plan.features)
            for plan in plans
        ]
        self.encoding_ = data.codes
        self._all = np.arange(data.n_features)
        return self

    def _member_distributions(self, X):
        check_is_fitted(self)
        test = encode_test(self, self.encoding_, X)
        for member, features in zip(self.estimators_, self.estimators_features_):
            every = features.shape[0] == test.X.shape[1] and (features == self._all).all()
            view = test if every else test.columns(features)
            yield member_distribution(member, self.weka_classes_, view)

    def _weka_distribution(self, X) -> np.ndarray:
        """Weka's ``distributionForInstance``: the members' distributions, normalised.

        The distributions are summed member after member and normalised by their sum taken
        class after class (``Utils.normalize``); a row whose sum is 0 (within 1e-6) is left
        as it is.
        """
        total = None
        for dist in self._member_distributions(X):
            total = dist.copy() if total is None else total + dist
        assert total is not None  # n_estimators >= 1
        norm = np.zeros(total.shape[0])
        for column in total.T:  # Utils.sum's order: numpy's row sum is pairwise
            norm += column
        keep = np.abs(norm) < 1e-6
        return total / np.where(keep, 1.0, norm)[:, None]

    def member_predictions(self, X):
        """Class label each member gives to each row of ``X``.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_members, n_samples)
        """
        check_is_fitted(self)
        test = encode_test(self, self.encoding_, X)
        rows = []
        for member, features in zip(self.estimators_, self.estimators_features_):
            view = _named(member, _columns(test.source, features))
            rows.append(np.asarray(member.predict(view)))  # the member's own rule
        return np.vstack(rows)


def _columns(source, features: np.ndarray):
    """Columns ``features`` of a validated input, in that order."""
    return source.iloc[:, features] if hasattr(source, "iloc") else source[:, features]


def _named(member, view):
    """``view`` with the column names ``member`` was fitted with.

    An all-numeric DataFrame is validated into an array, and a member fitted with
    the frame's names would warn on it.
    """
    names = getattr(member, "feature_names_in_", None)
    if names is None or hasattr(view, "columns"):
        return view
    return pd.DataFrame(view, columns=names, copy=False)
