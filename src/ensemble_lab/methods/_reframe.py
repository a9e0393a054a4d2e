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
from sklearn.base import ClassifierMixin, clone
from sklearn.utils.metaestimators import available_if

from .._members import accepts_weights, fit_weighted
from ..utils import Estimator, HasMethods, check_is_fitted

__all__ = ["FrameRestorer", "nominal_object_columns"]


_NOMINAL_KINDS = frozenset({"string", "mixed", "mixed-integer", "bytes", "categorical"})


def nominal_object_columns(X: np.ndarray) -> np.ndarray:
    """Boolean mask of the columns of an object array that hold strings (nominal values)."""
    kinds = [pd.api.types.infer_dtype(X[:, j], skipna=True) for j in range(X.shape[1])]
    return np.array([kind in _NOMINAL_KINDS for kind in kinds], dtype=bool)


def _categories(column: np.ndarray) -> np.ndarray:
    """Sorted distinct non-missing values of an object column, as strings."""
    values = pd.unique(column[~pd.isna(column)])
    return np.unique(np.asarray([str(v) for v in values], dtype=object))


def _codes(column: np.ndarray, categories: np.ndarray) -> np.ndarray:
    """Position of each value of ``column`` in ``categories`` (-1: missing or unseen).

    Values that are not strings are looked up by their string form, as in ``fit``.
    """
    index = pd.Index(categories)
    codes = index.get_indexer(column)
    retry = np.flatnonzero(codes < 0)
    if retry.size:
        values = column[retry]
        present = ~pd.isna(values)
        if present.any():
            codes[retry[present]] = index.get_indexer(
                np.asarray([str(v) for v in values[present]], dtype=object)
            )
    return codes


_NUMBER_KINDS = frozenset({"integer", "floating", "mixed-integer-float", "decimal"})


def _holds_numbers(column: np.ndarray) -> bool:
    """True if a column holds numbers and no string (missing values aside)."""
    present = column[~pd.isna(column)]
    return present.size > 0 and pd.api.types.infer_dtype(present) in _NUMBER_KINDS


def _estimator_has(attr):
    return lambda self: hasattr(self.estimator, attr)


class FrameRestorer(ClassifierMixin, Estimator):
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
    nominal value not seen in ``fit`` becomes missing (NaN), as in a Weka header; a
    nominal column that holds only numbers (the categories' codes rather than their
    values) is an error.
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
                self.categories_ = [_categories(X[:, j]) if m else None for j, m in enumerate(mask)]
        Xf = self._restore(X)
        self.estimator_ = clone(self.estimator)
        # Weights as they are where the learner takes them, else as counts (bagging's).
        policy = "pass" if accepts_weights(self.estimator_) else "repeat"
        fit_weighted(self.estimator_, Xf, y, sample_weight, policy=policy)
        self.classes_ = self.estimator_.classes_
        return self

    def _restore(self, X):
        if self.categories_ is None:
            if isinstance(X, np.ndarray) and X.dtype == object:
                return X.astype(float)
            return X
        # Ensembles call this once per member and per prediction, so each column is a
        # single hash lookup of its values in the fitted categories (Categorical.from_codes)
        # rather than a chain of pandas Series operations.
        columns = {}
        for j, cats in enumerate(self.categories_):
            col = X[:, j]
            if cats is not None and _holds_numbers(col):
                raise ValueError(
                    f"a column that was nominal in fit (values such as {cats[0]!r}) holds "
                    "numbers now; pass its nominal values (as in fit), not codes."
                )
            if cats is None:
                columns[f"x{j}"] = pd.to_numeric(col, errors="coerce").astype(float)
            else:
                columns[f"x{j}"] = pd.Categorical.from_codes(_codes(col, cats), categories=cats)
        return pd.DataFrame(columns, copy=False)

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
