"""Give a base learner back the DataFrame that scikit-learn's meta-estimators take away.

``sklearn.ensemble.BaggingClassifier`` validates its input with ``dtype=None``: a mixed
DataFrame becomes an ``object`` array (nominal values as strings, NaN for missing) and
each member sees only a column subset of it. :class:`FrameRestorer` sits between such a
host and the base learner and turns the object array back into a DataFrame with
``category`` columns, so a learner that handles nominal attributes natively (the ``j48``
preset, the oracle's hyperplane encoding) sees them as nominal again.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils.metaestimators import available_if

from ..utils._sklearn_compat import HasMethods, check_is_fitted
from ._member_utils import fit_weighted

__all__ = ["FrameRestorer", "nominal_object_columns"]


_NOMINAL_KINDS = frozenset({"string", "mixed", "mixed-integer", "bytes", "categorical"})


def nominal_object_columns(X: np.ndarray) -> np.ndarray:
    """Boolean mask of the columns of an object array that hold strings (nominal values)."""
    kinds = [pd.api.types.infer_dtype(X[:, j], skipna=True) for j in range(X.shape[1])]
    return np.array([kind in _NOMINAL_KINDS for kind in kinds], dtype=bool)


def _estimator_has(attr):
    return lambda self: hasattr(self.estimator, attr)


class FrameRestorer(ClassifierMixin, BaseEstimator):
    """Rebuild a mixed DataFrame from an object array before calling ``estimator``.

    Parameters
    ----------
    estimator : estimator instance
        The learner to wrap (cloned in ``fit``).

    Attributes
    ----------
    estimator_ : estimator
        The fitted clone.
    categories_ : list of (ndarray or None) or None
        Per column, the nominal values seen in ``fit`` (None for numeric columns); None
        when ``fit`` received numeric input, which is passed through untouched.
    classes_ : ndarray
        Class labels of the fitted learner.

    Notes
    -----
    A column counts as nominal when it holds at least one string. At prediction, a
    nominal value not seen in ``fit`` becomes missing (NaN), as in a Weka header.
    """

    _parameter_constraints: dict = {"estimator": [HasMethods(["fit", "predict"])]}

    def __init__(self, estimator):
        self.estimator = estimator

    def fit(self, X, y, sample_weight=None):
        """Fit a clone of ``estimator`` on ``X`` (restored as a DataFrame if needed)."""
        self.categories_ = None
        if isinstance(X, np.ndarray) and X.dtype == object:
            mask = nominal_object_columns(X)
            if mask.any():
                self.categories_ = [
                    np.sort(pd.unique(pd.Series(X[:, j]).dropna().astype(str))) if m else None
                    for j, m in enumerate(mask)
                ]
        Xf = self._restore(X)
        self.estimator_ = clone(self.estimator)
        fit_weighted(self.estimator_, Xf, y, sample_weight)
        self.classes_ = self.estimator_.classes_
        return self

    def _restore(self, X):
        if self.categories_ is None:
            if isinstance(X, np.ndarray) and X.dtype == object:
                return X.astype(float)
            return X
        columns = {}
        for j, cats in enumerate(self.categories_):
            col = X[:, j]
            if cats is None:
                columns[j] = pd.to_numeric(pd.Series(col), errors="coerce").astype(float)
            else:
                values = pd.Series(col, dtype=object)
                values = values.where(values.isna(), values.astype(str))
                columns[j] = pd.Categorical(values, categories=cats)
        frame = pd.DataFrame(columns)
        frame.columns = [f"x{j}" for j in range(frame.shape[1])]
        return frame

    def predict(self, X):
        """Predict with the wrapped learner."""
        check_is_fitted(self)
        return self.estimator_.predict(self._restore(X))

    @available_if(_estimator_has("predict_proba"))
    def predict_proba(self, X):
        """Class probabilities of the wrapped learner."""
        check_is_fitted(self)
        return self.estimator_.predict_proba(self._restore(X))

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags
