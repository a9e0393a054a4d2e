"""A Weka-filtered learner on Weka's instance matrix, for ensembles that encode once.

Weka's ``SMO`` (and every learner that filters its data the same way) runs
``ReplaceMissingValues`` and ``NominalToBinary`` on the instances it is given: a member of
an ensemble imputes from *its own* sample, with the sample's weights. An ensemble that
validates and codes its DataFrame once hands its members rows of one instance matrix
(numeric values, nominal value codes, NaN for missing; :class:`MixedCodes`);
:class:`CodedClassifier` is the member that applies the filters to those rows as Weka
would, then fits the inner learner. :class:`ScaledLearner` is the member of a matrix
already imputed and encoded once (one-hot encoding): only the scaling is its own.
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod

import numpy as np
from sklearn.base import ClassifierMixin, clone
from sklearn.utils.metaestimators import available_if

from ..utils import Estimator, HasMethods, StrOptions
from ._encoder import MixedEncoder
from ._layout import MixedCodes

__all__ = ["CodedClassifier", "ScaledLearner"]


def _inner_has(attr: str):
    def check(self) -> bool:
        return hasattr(getattr(self, "estimator_", self.estimator), attr)

    return check


class _FilteredClassifier(ClassifierMixin, Estimator, metaclass=ABCMeta):
    """``estimator`` behind a filter fitted on each member's own rows.

    A subclass fits the filter (``_fit_filter`` on the rows of positive weight) and
    applies it (``_filtered``); fitting the inner learner and asking it are shared.
    """

    def _validate_params(self):
        super()._validate_params()
        if hasattr(self.estimator, "_validate_params"):
            self.estimator._validate_params()

    def fit(self, X, y, sample_weight=None):
        """Fit the filter on the rows of positive weight, then the estimator.

        Parameters
        ----------
        X : ndarray of shape (n_samples, n_features)
            Rows of the ensemble's coded data.
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None

        Returns
        -------
        self
        """
        X = np.asarray(X, dtype=float)
        if sample_weight is None:
            self._fit_filter(X, None)
            params = {}
        else:
            sample_weight = np.asarray(sample_weight, dtype=float)
            positive = sample_weight > 0
            self._fit_filter(X[positive], sample_weight[positive])
            params = {"sample_weight": sample_weight}
        self.estimator_ = clone(self.estimator).fit(self._filtered(X), y, **params)
        self.classes_ = self.estimator_.classes_
        return self

    @abstractmethod
    def _fit_filter(self, X, weight):
        """Learn the filter from the rows of positive weight (``weight`` None: all equal)."""

    @abstractmethod
    def _filtered(self, X):
        """The rows ``X`` after the fitted filter, as the estimator sees them."""

    def predict(self, X):
        """Class of each row, as the estimator predicts it after the filter."""
        return self.estimator_.predict(self._filtered(X))

    @available_if(_inner_has("decision_function"))
    def decision_function(self, X):
        """The estimator's ``decision_function`` after the filter."""
        return self.estimator_.decision_function(self._filtered(X))

    @available_if(_inner_has("predict_proba"))
    def predict_proba(self, X):
        """The estimator's ``predict_proba`` after the filter."""
        return self.estimator_.predict_proba(self._filtered(X))


class CodedClassifier(_FilteredClassifier):
    """``estimator`` behind Weka's ``ReplaceMissingValues`` and ``NominalToBinary``.

    The input is Weka's instance matrix of the layout ``codes``; ``fit`` fits the filters
    on the rows of positive weight, weighing the means and modes by the weights, exactly
    as ``EncodedClassifier(encoding="weka")`` fits its encoder on a DataFrame, and
    passes the filtered rows with their weights to a clone of ``estimator``.

    Parameters
    ----------
    estimator : classifier
        The learner on the filtered data (e.g. :class:`SMOClassifier`, which normalises
        it as Weka's SMO does).
    codes : MixedCodes
        The layout of the instance matrix: which columns are nominal, their values.
    scale : {"minmax", "standard", "none"}, default="none"
        Scaling of the numeric columns, as :class:`MixedEncoder`'s.

    Attributes
    ----------
    encoder_ : MixedEncoder
        The fitted filters (``encoding="weka"``).
    estimator_ : classifier
        The fitted clone of ``estimator``.
    classes_ : ndarray
    """

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict"])],
        "codes": [MixedCodes],
        "scale": [StrOptions({"minmax", "standard", "none"})],
    }

    def __init__(self, estimator, codes, scale="none"):
        self.estimator = estimator
        self.codes = codes
        self.scale = scale

    def _fit_filter(self, X, weight):
        encoder = MixedEncoder(scale=self.scale, encoding="weka")
        encoder._fit_weka_matrix(self.codes, X, weight)
        encoder.n_features_in_ = X.shape[1]
        self.encoder_ = encoder

    def _filtered(self, X):
        return self.encoder_._transform_weka_matrix(np.asarray(X, dtype=float))


class ScaledLearner(_FilteredClassifier):
    """``estimator`` after scaling the columns ``scaled`` of an encoded matrix.

    The member of an encoded base learner on a matrix already imputed and encoded once:
    the scaling (``"minmax"``, ``"standard"`` or ``"none"``) of the numeric columns is
    fitted on the member's rows of positive weight, with their weights, as
    :class:`EncodedClassifier` fits its encoder (``MixedEncoder``'s scaling).

    Parameters
    ----------
    estimator : classifier
    scale : {"minmax", "standard", "none"}, default="minmax"
    scaled : tuple of int, default=()
        The columns that hold numeric inputs (:meth:`MixedEncoder.numeric_outputs`).
    """

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict"])],
        "scale": [StrOptions({"minmax", "standard", "none"})],
        "scaled": [tuple],
    }

    def __init__(self, estimator, scale="minmax", scaled=()):
        self.estimator = estimator
        self.scale = scale
        self.scaled = scaled

    def _fit_filter(self, X, weight):
        self.scaling_ = None
        if self.scale != "none" and X.shape[0]:
            self.scaling_ = MixedEncoder(scale=self.scale)
            self.scaling_._fit_scaling(X[:, list(self.scaled)], weight)

    def _filtered(self, X):
        if self.scaling_ is None:  # nothing to scale
            return X
        columns = list(self.scaled)
        out = np.array(X, dtype=float)
        out[:, columns] = (out[:, columns] - self.scaling_.numeric_offset_) / (
            self.scaling_.numeric_scale_
        )
        return out
