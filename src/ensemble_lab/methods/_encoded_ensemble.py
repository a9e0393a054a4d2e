"""What Weka's averaging ensembles share: one encoding per fit, members on rows.

Weka's ``Bagging``, ``RandomSubSpace`` and ``RandomForest`` train each member on a view
of one encoded data set (a bootstrap sample of its instances, a subset of its
attributes) and classify by the sum of the members' class distributions, normalised;
the predicted class is the first of the largest. :class:`EncodedEnsemble` does the
validation, the encoding and the combination; a subclass says which rows, weights and
features each member gets (``_plans``).
"""

from __future__ import annotations

from abc import abstractmethod
from numbers import Integral

import numpy as np
import pandas as pd
from joblib import Parallel, delayed
from sklearn.base import clone

from .._members import seed_random_states
from ..learners import resolve_estimator
from ..learners._encoded import (
    EncodedData,
    encode_test,
    fit_member,
    member_distribution,
)
from ..utils._sklearn_compat import HasMethods, Interval, _fit_context, check_is_fitted
from ..utils._weka_random import sklearn_seed
from ._ensemble import WekaEnsemble

__all__ = ["EncodedEnsemble", "MemberPlan"]


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

    @_fit_context(prefer_skip_nested_validation=False)
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
        base = resolve_estimator(self.estimator)
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
