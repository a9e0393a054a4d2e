"""What Weka's two trees (J48 and RandomTree) share around their compiled cores.

Both grow on rows of an :class:`~ensemble_lab.encoding.EncodedData` (their own
``fit`` encodes the input once, an ensemble passes its encoding), store the tree as a
structured array with a ``kind`` (0 for a leaf) and a ``depth`` per node, and predict
from Weka's ``distributionForInstance``. They differ in the core's functions and in
how a class is picked from a distribution, which subclasses name as
``_tree_distribution`` and ``_pick``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..encoding import (
    EncodedData,
    EncodedPredictor,
    TestData,
    encode_test,
    remember_features,
    seen_columns,
)
from ..utils import check_is_fitted

__all__ = ["WekaTreeMixin", "first_largest"]


def first_largest(distribution: np.ndarray) -> np.ndarray:
    """Weka's ``Classifier.classifyInstance`` on class distributions.

    The first class of strictly largest probability, without J48's 1e-6 slack (a row of
    zeros gives the first class, where Weka would answer "missing").
    """
    return np.argmax(distribution, axis=1)


class WekaTreeMixin(EncodedPredictor):
    """Fit bookkeeping, ``predict_proba`` and ``predict`` of a Weka tree.

    Subclasses set ``_tree_distribution(tree, X) -> ndarray`` (class distribution of
    each encoded row, columns in ``weka_classes_``) and ``_pick(distribution)`` (the
    class index Weka predicts), both as static methods, and call :meth:`_fitted_on`
    at the end of ``_fit_encoded``.
    """

    if TYPE_CHECKING:  # set by the subclasses
        tree_: np.ndarray

        @staticmethod
        def _tree_distribution(tree: np.ndarray, X: np.ndarray) -> np.ndarray: ...

    @staticmethod
    def _rows_and_weight(data: EncodedData, rows, weight):
        """``rows`` as the core's int32 indices (all rows when None) and the weights."""
        rows = (
            np.arange(data.n_samples, dtype=np.int32)
            if rows is None
            else np.ascontiguousarray(rows, dtype=np.int32)
        )
        weight = data.weight if weight is None else np.ascontiguousarray(weight, dtype=float)
        return rows, weight

    def _fitted_on(self, data: EncodedData, rows: np.ndarray):
        """Record what the grown ``tree_`` was fitted on.

        The classes (those seen in ``rows``, sorted, as ``classes_``), the encoding, the
        columns, the tree's size.
        """
        self.encoding_ = data.codes
        self.weka_classes_ = data.classes
        self._columns = seen_columns(data, rows)
        self.classes_ = data.classes[self._columns]
        remember_features(self, data)
        leaves = self.tree_["kind"] == 0
        self.n_leaves_ = int(np.count_nonzero(leaves))
        self.n_nodes_ = int(leaves.shape[0])
        self.depth_ = int(self.tree_["depth"].max())
        return self

    def _encoded_distribution(self, test: TestData) -> np.ndarray:
        """Weka's ``distributionForInstance`` for rows already encoded like the training data.

        Columns in ``weka_classes_``.
        """
        return self._tree_distribution(self.tree_, test.X)

    def _weka_distribution(self, X):
        if "tree_" not in self.__dict__:  # scikit-learn's check, costly per small fold
            check_is_fitted(self)
        return self._tree_distribution(self.tree_, encode_test(self, self.encoding_, X).X)

    def predict_proba(self, X):
        """Class distribution at the leaf (or leaves) each sample reaches, normalised.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            Columns in the order of ``classes_``.
        """
        proba = self._weka_distribution(X)[:, self._columns]
        # Weka's split scans subtract weights, leaving -1e-17 where a class has none;
        # a probability is not negative (predict reads the distribution unclipped).
        np.maximum(proba, 0.0, out=proba)
        total = proba.sum(axis=1, keepdims=True)
        np.divide(proba, total, out=proba, where=total > 0)
        return proba

    def predict(self, X):
        """The class Weka's tree predicts for each sample.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        codes = self._pick(self._weka_distribution(X))  # checks the fit first
        return self.weka_classes_[codes]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags
