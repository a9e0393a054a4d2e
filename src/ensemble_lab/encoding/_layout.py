"""Integer codes for the nominal columns of a mixed DataFrame.

The tree and naive Bayes presets need the nominal values as codes (``-1`` for missing or
unseen) and the numeric values as a float matrix with NaN kept, rather than the imputed,
one-hot space of :class:`~ensemble_lab.learners.MixedEncoder`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..base import nominal_columns, nominal_mask
from ..utils import ByIdentity, column_arrays

__all__ = ["MixedCodes", "category_values", "fit_mixed_codes"]

# Values of each live CategoricalDtype: the folds and bootstrap samples of one table
# share its columns' dtype objects, so their categories convert once.
_VALUES = ByIdentity()


def category_values(array: pd.Categorical) -> np.ndarray:
    """The categories of ``array`` as a read-only object array, converted once per dtype.

    Two columns with the same dtype object get the same array, so a column encoded
    with the categories of ``fit`` is recognised by identity (no value comparison).
    """
    return _VALUES.get(array.dtype, lambda: _read_only(array.categories.to_numpy(dtype=object)))


def _read_only(values: np.ndarray) -> np.ndarray:
    values.flags.writeable = False
    return values


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

    def __deepcopy__(self, memo):
        # A layout is never changed after it is made: the members of an ensemble (cloned
        # with it as a parameter) share it instead of copying every category array.
        return self

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

    def matrix(self, X, arrays: list | None = None) -> np.ndarray:
        """All columns in input order as one C-contiguous float matrix.

        The way Weka stores instances: numeric values, nominal value codes; NaN is missing.
        ``arrays`` are the columns of a DataFrame ``X`` when the caller has read them
        already.
        """
        if not isinstance(X, pd.DataFrame):
            return np.ascontiguousarray(X, dtype=float)
        if arrays is None:
            arrays = column_arrays(X)
        # Column by column into a (features, samples) block: each write is contiguous.
        out = np.empty((self.nominal_mask.shape[0], X.shape[0]))
        categories = iter(self.categories)
        for j, (array, nominal) in enumerate(zip(arrays, self.nominal_mask.tolist())):
            out[j] = _codes_of(array, next(categories)) if nominal else _as_float(array)
        if self.categories:
            nominal = out[self.nominal_mask]
            nominal[nominal < 0] = np.nan
            out[self.nominal_mask] = nominal
        return np.ascontiguousarray(out.T)

    def split(self, X) -> tuple[np.ndarray, np.ndarray]:
        """Numeric block (float, NaN kept) and nominal codes (``-1`` = missing or unseen)."""
        numeric = np.flatnonzero(~self.nominal_mask)
        if not isinstance(X, pd.DataFrame):
            X = np.asarray(X, dtype=float)
            return X[:, numeric], np.empty((X.shape[0], 0), dtype=np.intp)
        arrays = column_arrays(X)
        Xnum = np.empty((X.shape[0], numeric.size))
        for k, j in enumerate(numeric):
            Xnum[:, k] = _as_float(arrays[j])
        codes = np.empty((X.shape[0], len(self.categories)), dtype=np.intp)
        for k, j in enumerate(np.flatnonzero(self.nominal_mask)):
            codes[:, k] = _codes_of(arrays[j], self.categories[k])
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


def fit_mixed_codes(X, arrays: list | None = None, mask: np.ndarray | None = None) -> MixedCodes:
    """Learn the nominal columns of ``X`` and the values each one takes.

    A ``category`` column keeps all its declared categories (an ARFF header's values, as
    Weka counts them); an ``object`` column the values observed in ``X``. ``arrays`` are
    the columns of a DataFrame ``X``, and ``mask`` their nominal mask, when the caller
    has them already.
    """
    if not isinstance(X, pd.DataFrame):
        return MixedCodes(nominal_columns(X), [])
    if arrays is None:
        arrays = column_arrays(X)
    if mask is None:
        mask = nominal_mask(arrays)
    categories = []
    for j in np.flatnonzero(mask):
        array = arrays[j]
        if isinstance(array, pd.Categorical):
            categories.append(category_values(array))
        else:
            values = np.asarray(array, dtype=object)
            categories.append(pd.unique(values[pd.notna(values)]).astype(object))
    return MixedCodes(mask, categories)


def _as_float(array) -> np.ndarray:
    """A numeric column as floats, NaN for missing (also for pandas' nullable dtypes)."""
    if isinstance(array, np.ndarray):
        return array.astype(float, copy=False)
    return array.to_numpy(dtype=float, na_value=np.nan)


def _codes_of(array, values: np.ndarray) -> np.ndarray:
    """Position of each value of a column in ``values``; -1 if missing or unseen."""
    if isinstance(array, pd.Categorical):
        own = category_values(array)
        if own is values or (own.shape[0] == values.shape[0] and (own == values).all()):
            return array.codes
        # Map the column's own category codes (cheap) rather than every value.
        lookup = np.append(pd.Index(values, dtype=object).get_indexer(own), -1)
        return lookup[array.codes]
    return pd.Index(values, dtype=object).get_indexer(np.asarray(array, dtype=object))
