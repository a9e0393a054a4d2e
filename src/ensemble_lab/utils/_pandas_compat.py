"""The one place that reaches into pandas beyond its public API.

A new pandas release that changes one of these breaks this file only.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["ByIdentity", "column_arrays", "column_names", "dense_into", "sparse_positions"]


class ByIdentity:
    """Values computed once per live object, recognised by identity.

    For conversions of immutable pandas objects that the folds and bootstrap samples of
    one table share (a categorical dtype, the data of a column index): the value is
    made on first use and forgotten when the object is garbage collected.
    """

    def __init__(self) -> None:
        self._entries: dict[int, tuple[weakref.ref, Any]] = {}

    def get(self, owner: object, make: Callable[[], Any]) -> Any:
        """The value for ``owner``, made by ``make()`` the first time."""
        key = id(owner)
        entry = self._entries.get(key)
        if entry is not None and entry[0]() is owner:
            return entry[1]
        value = make()
        entries = self._entries

        def forget(_: weakref.ref) -> None:  # the owner is gone; its id may be reused
            entries.pop(key, None)

        entries[key] = (weakref.ref(owner, forget), value)
        return value


_NAMES = ByIdentity()


def column_names(frame: pd.DataFrame) -> tuple[np.ndarray, bool]:
    """The column labels of ``frame`` as a read-only object array, and whether all are str.

    Converted once per column index: the row slices of a table share its index's data.
    """
    columns = frame.columns
    data = getattr(columns, "_data", None)
    if data is None or not hasattr(type(data), "__weakref__"):
        return _names(columns)
    return _NAMES.get(data, lambda: _names(columns))


def _names(columns: pd.Index) -> tuple[np.ndarray, bool]:
    names = np.asarray(columns, dtype=object)
    names.flags.writeable = False
    return names, all(isinstance(name, str) for name in names)


def column_arrays(frame: pd.DataFrame) -> list:
    """The columns of ``frame`` as arrays (ndarray or extension array), without Series.

    Building a Series per column costs ~7 µs, which dominates encoding a small fold of a
    wide table; the private iterator hands out the arrays directly.
    """
    iterate = getattr(frame, "_iter_column_arrays", None)
    if iterate is not None:
        return list(iterate())
    return [column.array for _, column in frame.items()]


def dense_into(array: pd.arrays.SparseArray, out: np.ndarray) -> np.ndarray:
    """Write a sparse column into ``out`` (its length, of its subtype) as dense values.

    ``SparseArray.to_numpy`` goes through pandas' generic conversion (~0.25 ms per
    column of 10,000 rows); filling and scattering the stored values is ten times
    quicker, which counts for a wide table.
    """
    out.fill(array.fill_value)
    out[sparse_positions(array)] = array.sp_values
    return out


def sparse_positions(array: pd.arrays.SparseArray) -> np.ndarray:
    """The rows of a sparse column's stored values (``sp_values``), in order."""
    return np.asarray(array.sp_index.to_int_index().indices, dtype=np.intp)
