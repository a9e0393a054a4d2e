"""The user's own data: CSV files, pandas frames, and OpenML data sets by name or id.

Every loader returns what :func:`~ensemble_lab.datasets.load_arff` returns, the form every
estimator of the package takes: ``X`` a DataFrame whose nominal attributes are
``category`` columns of text and whose numeric attributes are float columns, missing
values NaN; ``y`` the class as a Series.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["OPENML_PREFIX", "as_frame", "load_csv", "load_openml"]

#: Prefix of an OpenML data set in an experiment's ``datasets`` (``"openml:61"``).
OPENML_PREFIX = "openml:"

#: Text that means a missing value in a CSV file (Weka's ``?`` and an empty cell).
CSV_MISSING = ("?", "")


def as_frame(
    X: Any, y: Any, *, nominal: Sequence[str] | None = None
) -> tuple[pd.DataFrame, pd.Series]:
    """A frame and class of the package's form, from any table of values.

    Columns of text (object, string, boolean or category dtype) and the columns named in
    ``nominal`` become ``category`` columns whose categories are their values as text;
    the others must be numeric and become float. Missing values (NaN, None, ``pd.NA``)
    become NaN.

    Parameters
    ----------
    X : DataFrame or array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    nominal : sequence of str, optional
        Further columns to read as nominal (numeric codes such as 1, 2, 3).

    Returns
    -------
    X : DataFrame
    y : Series

    Raises
    ------
    ValueError
        For a named nominal column that is not in ``X``, a column of dates (name it
        nominal, or turn it into numbers, e.g. days since a date), or lengths that
        differ.

    Examples
    --------
    >>> import pandas as pd
    >>> X, y = as_frame(pd.DataFrame({"grade": [1, 2, 1], "w": [0.5, None, 2]}),
    ...                 ["a", "b", "a"], nominal=["grade"])
    >>> X.dtypes.astype(str).tolist(), X["grade"].cat.categories.tolist()
    (['category', 'float64'], ['1', '2'])
    """
    frame = X.copy() if isinstance(X, pd.DataFrame) else pd.DataFrame(np.asarray(X))
    frame.columns = [str(c) for c in frame.columns]
    nominal = [str(c) for c in nominal or ()]
    unknown = [c for c in nominal if c not in frame.columns]
    if unknown:
        raise ValueError(f"nominal: no column {unknown[0]!r} (columns: {list(frame.columns)})")
    labels = pd.Series(np.asarray(y, dtype=object) if not isinstance(y, pd.Series) else y)
    if len(labels) != len(frame):
        raise ValueError(f"{len(frame)} rows of attributes but {len(labels)} class values")
    for column in frame.columns:
        frame[column] = _column(frame[column], column in nominal)
    return frame, labels.reset_index(drop=True).rename(labels.name or "class")


def _column(values: pd.Series, nominal: bool) -> pd.Series:
    name = values.name
    if pd.api.types.is_datetime64_any_dtype(values.dtype):
        raise ValueError(
            f"column {name!r} holds dates: a learner cannot compare them; name it nominal or "
            "turn it into numbers (e.g. days since a date)"
        )
    text = not pd.api.types.is_numeric_dtype(values.dtype) or pd.api.types.is_bool_dtype(
        values.dtype
    )
    if nominal or text:
        if isinstance(values.dtype, pd.CategoricalDtype):
            categories = [str(c) for c in values.cat.categories]
            return values.cat.rename_categories(categories)
        missing = values.isna().to_numpy()
        known = values[~missing]
        if pd.api.types.is_float_dtype(known.dtype) and np.all(np.mod(known, 1) == 0):
            known = known.astype(np.int64)  # 1.0 read from a CSV file is the category "1"
        text = known.astype(str).to_numpy(dtype=object)
        strings = np.full(len(values), None, dtype=object)
        strings[~missing] = text
        categories = sorted(set(text), key=_natural)
        return pd.Series(pd.Categorical(strings, categories=categories), name=name)
    return values.astype(np.float64)


def _natural(text: str) -> tuple[int, float, str]:
    """Numbers in numeric order before text in alphabetical order."""
    try:
        return (0, float(text), text)
    except ValueError:
        return (1, 0.0, text)


def load_csv(
    path: str | Path,
    *,
    target: str | int = -1,
    nominal: Sequence[str] | None = None,
    missing: Sequence[str] = CSV_MISSING,
    sep: str = ",",
) -> tuple[pd.DataFrame, pd.Series]:
    r"""Load a CSV file with a header row as ``(X, y)``.

    Parameters
    ----------
    path : str or Path
        The file (it may be compressed: ``.csv.gz``, ``.csv.xz``, ...).
    target : str or int, default=-1
        The class column, by name or position (the last by default, Weka's convention).
    nominal : sequence of str, optional
        Columns of numbers to read as nominal; columns holding text are nominal anyway.
    missing : sequence of str, default=("?", "")
        Cells that mean a missing value.
    sep : str, default=","
        The separator.

    Returns
    -------
    X : DataFrame
        Nominal columns as ``category`` (their values as text), the others float, NaN
        for missing values.
    y : Series
        The class, as read.

    Raises
    ------
    ValueError
        For an unknown ``target`` or ``nominal`` column, or a class value missing (named
        by its row, as a learner cannot use such an instance).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tiny.csv"
    >>> _ = path.write_text("colour,size,label\nred,1.5,yes\nblue,?,no\nred,2,yes\n")
    >>> X, y = load_csv(path)
    >>> X["colour"].cat.categories.tolist(), X["size"].isna().sum(), y.tolist()
    (['blue', 'red'], np.int64(1), ['yes', 'no', 'yes'])
    """
    path = Path(path)
    frame = pd.read_csv(
        path, sep=sep, na_values=list(missing), keep_default_na=False, skipinitialspace=True
    )
    columns = list(frame.columns)
    if isinstance(target, int):
        if not -len(columns) <= target < len(columns):
            raise ValueError(f"{path}: no column at position {target} ({len(columns)} columns)")
        target = columns[target]
    if target not in columns:
        raise ValueError(f"{path}: no column {target!r} to use as the class (columns: {columns})")
    y = frame.pop(target)
    if y.isna().any():
        row = int(np.flatnonzero(y.isna().to_numpy())[0]) + 2  # 1-based, after the header
        raise ValueError(f"{path}, line {row}: the class value is missing")
    try:
        return as_frame(frame, y, nominal=nominal)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def load_openml(
    dataset: str | int,
    *,
    version: int | str = "active",
    target: str | None = None,
    data_home: str | Path | None = None,
) -> tuple[pd.DataFrame, pd.Series]:
    """Load an OpenML data set by name or id as ``(X, y)``, through scikit-learn.

    :func:`sklearn.datasets.fetch_openml` downloads it once and caches it in
    ``data_home`` (default: ``$ENSEMBLE_LAB_OPENML``, else scikit-learn's
    ``~/scikit_learn_data``); later calls read the cache and need no network.

    Parameters
    ----------
    dataset : str or int
        The data set's id (``61``, or ``"61"``) or its name (``"iris"``).
    version : int or "active", default="active"
        The version of a data set given by name.
    target : str, optional
        The class column (default: OpenML's default target).
    data_home : str or Path, optional
        The cache folder.

    Returns
    -------
    X : DataFrame
        Nominal attributes as ``category`` columns (OpenML's declared values, in their
        order), numeric ones as float, NaN for missing values.
    y : Series
        The class.

    Raises
    ------
    ValueError
        When OpenML has no such data set, or it has no single class column.
    """
    from sklearn.datasets import fetch_openml

    key = str(dataset)
    query: dict[str, Any] = (
        {"data_id": int(key)} if key.isdigit() else {"name": key, "version": version}
    )
    home = data_home if data_home is not None else os.environ.get("ENSEMBLE_LAB_OPENML")
    bunch = fetch_openml(
        **query,
        as_frame=True,
        parser="liac-arff",
        data_home=None if home is None else str(home),
        target_column=target if target is not None else "default-target",
    )
    y = bunch.target
    if not isinstance(y, pd.Series):
        raise ValueError(f"OpenML data set {key!r} has no single class column; give target=")
    X = bunch.data
    for column in X.columns:
        if isinstance(X[column].dtype, pd.CategoricalDtype):
            X[column] = X[column].cat.rename_categories([str(c) for c in X[column].cat.categories])
        else:
            X[column] = X[column].astype(np.float64)
    return X.reset_index(drop=True), y.reset_index(drop=True)
