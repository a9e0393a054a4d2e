"""Weka-style random tree, the member of the oracle paper's Random Forest."""

from __future__ import annotations

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.tree import DecisionTreeClassifier

from ..base import nominal_columns, validate_mixed_data
from ..utils._sklearn_compat import _fit_context, check_is_fitted
from ._member_utils import require_y, validated_weights

__all__ = ["RandomTreeClassifier", "random_tree_k"]


def random_tree_k(n_features: int) -> int:
    """Features tried at each split by Weka's ``RandomTree``: ⌊log2(d)⌋ + 1."""
    return int(np.floor(np.log2(max(n_features, 1)))) + 1


class RandomTreeClassifier(ClassifierMixin, BaseEstimator):
    """Unpruned tree that tries K = ⌊log2(d)⌋ + 1 random features at each split.

    Parameters
    ----------
    random_state : int, RandomState instance or None, default=None
        Draws the candidate features of each split.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
    tree_ : DecisionTreeClassifier
        The fitted tree (on the ordinal-coded features).
    categories_ : list of (ndarray or None)
        Per column, the nominal values seen in ``fit`` (None for numeric columns).

    Notes
    -----
    Weka's ``RandomTree`` (the member of its ``RandomForest``) grows an unpruned
    information-gain tree with at least one instance per leaf, trying K random
    attributes per node. We grow scikit-learn's tree with the entropy criterion and
    ``max_features=K`` (K counts the original attributes). Nominal attributes are coded
    as ordinals (missing stays NaN, which the tree handles natively), so a nominal split
    is binary on the code order rather than multiway.
    """

    _parameter_constraints: dict = {"random_state": ["random_state"]}

    def __init__(self, *, random_state=None):
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        """Grow the tree.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None

        Returns
        -------
        self : RandomTreeClassifier
        """
        require_y(self, y)
        X, y = validate_mixed_data(self, X, y, reset=True, allow_nan=True)
        sample_weight = validated_weights(sample_weight, X)
        nominal = nominal_columns(X)
        # Arrays, not pandas Index objects, so the fitted tree persists with skops.
        self.categories_ = [
            np.asarray(X.iloc[:, j].astype("category").cat.categories, dtype=object)
            if nominal[j]
            else None
            for j in range(X.shape[1])
        ]
        self.tree_ = DecisionTreeClassifier(
            criterion="entropy",
            max_features=random_tree_k(X.shape[1]),
            random_state=self.random_state,
        ).fit(self._codes(X), y, sample_weight=sample_weight)
        self.classes_ = self.tree_.classes_
        return self

    def _codes(self, X) -> np.ndarray:
        if not isinstance(X, pd.DataFrame):
            return np.asarray(X, dtype=float)
        out = np.empty(X.shape, dtype=float)
        for j, cats in enumerate(self.categories_):
            col = X.iloc[:, j]
            if cats is None:
                out[:, j] = col.to_numpy(dtype=float, na_value=np.nan)
            else:
                codes = pd.Index(cats).get_indexer(col.astype(object).where(col.notna(), None))
                out[:, j] = np.where(codes < 0, np.nan, codes)
        return out

    def predict(self, X):
        """Predicted class of each row."""
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False, allow_nan=True)
        return self.tree_.predict(self._codes(X))

    def predict_proba(self, X):
        """Class frequencies of each row's leaf."""
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False, allow_nan=True)
        return self.tree_.predict_proba(self._codes(X))

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags
