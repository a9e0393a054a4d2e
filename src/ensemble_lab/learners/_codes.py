"""Integer codes for the nominal columns of a mixed DataFrame.

The tree and naive Bayes presets need the nominal values as codes (``-1`` for missing or
unseen) and the numeric values as a float matrix with NaN kept, rather than the imputed,
one-hot space of :class:`~ensemble_lab.learners.MixedEncoder`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..base import nominal_columns

__all__ = ["MixedCodes", "fit_mixed_codes"]


class MixedCodes:
    """The column layout of a mixed table, learned from training data.

    Parameters
    ----------
    nominal_mask : ndarray of bool
        Which input columns are nominal.
    categories : list of ndarray of object
        Values of each nominal column (in column order). Plain arrays rather than
        ``pandas.Index`` so that a fitted learner persists with ``skops``.
    """

    def __init__(self, nominal_mask: np.ndarray, categories: list[np.ndarray]):
        self.nominal_mask = nominal_mask
        self.categories = categories

    @property
    def n_categories(self) -> np.ndarray:
        """Number of observed values of each nominal column."""
        return np.array([len(c) for c in self.categories], dtype=np.intp)

    @property
    def n_values(self) -> np.ndarray:
        """Number of values of each input column: 0 for numeric, else its categories."""
        out = np.zeros(self.nominal_mask.shape[0], dtype=np.int32)
        out[self.nominal_mask] = self.n_categories
        return out

    def matrix(self, X) -> np.ndarray:
        """All columns in input order as one C-contiguous float matrix, the way Weka
        stores instances: numeric values, nominal value codes; NaN is missing."""
        Xnum, codes = self.split(X)
        out = np.empty((Xnum.shape[0], self.nominal_mask.shape[0]))
        out[:, ~self.nominal_mask] = Xnum
        nominal = codes.astype(float)
        nominal[codes < 0] = np.nan
        out[:, self.nominal_mask] = nominal
        return out

    def split(self, X) -> tuple[np.ndarray, np.ndarray]:
        """Numeric block (float, NaN kept) and nominal codes (``-1`` = missing or unseen)."""
        numeric = np.flatnonzero(~self.nominal_mask)
        nominal = np.flatnonzero(self.nominal_mask)
        if not isinstance(X, pd.DataFrame):
            X = np.asarray(X, dtype=float)
            return X[:, numeric], np.empty((X.shape[0], 0), dtype=np.intp)
        Xnum = X.iloc[:, numeric].to_numpy(dtype=float, na_value=np.nan)
        codes = np.empty((X.shape[0], nominal.size), dtype=np.intp)
        columns = [column for _, column in X.items()]  # much cheaper than iloc per column
        for k, (j, cats) in enumerate(zip(nominal, self.categories)):
            codes[:, k] = _codes_of(columns[j], cats)
        return Xnum, codes

    def one_hot(self, X) -> np.ndarray:
        """Numeric columns then one indicator per nominal value; a missing value is NaN.

        Missing nominal values stay missing (NaN in every indicator of that attribute) so
        that a tree learns where to send them, instead of reading them as "none of the
        values".
        """
        Xnum, codes = self.split(X)
        blocks = [Xnum]
        for k, cats in enumerate(self.categories):
            block = (codes[:, k, None] == np.arange(len(cats))).astype(float)
            block[codes[:, k] < 0] = np.nan
            blocks.append(block)
        return np.hstack(blocks) if len(blocks) > 1 else Xnum


def fit_mixed_codes(X) -> MixedCodes:
    """Learn the nominal columns of ``X`` and the values each one takes.

    A ``category`` column keeps all its declared categories (an ARFF header's values, as
    Weka counts them); an ``object`` column the values observed in ``X``.
    """
    mask = nominal_columns(X)
    categories = []
    if isinstance(X, pd.DataFrame):
        columns = [column for _, column in X.items()]
        for j in np.flatnonzero(mask):
            column = columns[j]
            if isinstance(column.dtype, pd.CategoricalDtype):
                categories.append(column.cat.categories.to_numpy(dtype=object))
            else:
                values = column.to_numpy(dtype=object)
                categories.append(pd.unique(values[pd.notna(values)]).astype(object))
    return MixedCodes(mask, categories)


def _codes_of(column: pd.Series, values: np.ndarray) -> np.ndarray:
    """Position of each value of ``column`` in ``values``; -1 if missing or unseen."""
    categories = pd.Index(values, dtype=object)
    if isinstance(column.dtype, pd.CategoricalDtype):
        codes = column.cat.codes.to_numpy()
        if column.cat.categories.equals(categories):
            return codes.astype(np.intp)
        # Map the column's own category codes (cheap) rather than every value.
        lookup = np.append(categories.get_indexer(column.cat.categories), -1)
        return lookup[codes]
    return categories.get_indexer(column.to_numpy(dtype=object))
