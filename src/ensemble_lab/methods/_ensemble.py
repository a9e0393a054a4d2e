"""The base of every ensemble of the package.

:class:`Ensemble` does what each ensemble's ``fit`` and ``predict`` would otherwise
repeat: ``y`` required, ``X`` validated as mixed data (a DataFrame's nominal columns and
NaN kept for the members), ``classes_`` sorted with ``y`` as class codes, sample
weights checked, the member-prediction protocol (:class:`MemberPredictionsMixin`),
``predict`` from ``predict_proba`` and the input tags.

:class:`WekaEnsemble` is the base of the ensembles that, as Weka's, encode the data once
(:func:`~ensemble_lab.learners.encode_training`), add up their members' class
distributions in Weka's numbering of the classes and predict the first class of largest
probability (Bagging, Random Subspace, Rotation Forest, DECORATE).
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod

import numpy as np
from sklearn.base import ClassifierMixin
from sklearn.utils import get_tags

from ..base import (
    MemberPredictionsMixin,
    check_sample_weight,
    require_y,
    validate_mixed_data,
)
from ..learners import resolve_estimator
from ..learners._encoded import EncodedData, encode_training, seen_columns
from ..learners._weka_tree import first_largest
from ..utils._sklearn_compat import Estimator, check_is_fitted

__all__ = ["Ensemble", "WekaEnsemble", "base_accepts_nan"]


def base_accepts_nan(estimator, default: bool = True) -> bool:
    """Whether the base learner ``estimator`` (a name, an estimator or None) takes NaN.

    ``default`` when it cannot be built (a preset whose extra dependency is missing).
    """
    try:
        return bool(get_tags(resolve_estimator(estimator)).input_tags.allow_nan)
    except (ImportError, ValueError):
        return default


class Ensemble(MemberPredictionsMixin, ClassifierMixin, Estimator, metaclass=ABCMeta):
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
