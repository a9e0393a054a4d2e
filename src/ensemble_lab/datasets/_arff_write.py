"""Writing a DataFrame as ARFF that Weka and :func:`read_arff` read back unchanged."""

from __future__ import annotations

from itertools import compress
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pandas as pd

from ..utils import sparse_positions, write_atomically
from ._arff_dates import format_dates
from ._arff_scan import quote_value, shown

__all__ = ["save_arff"]


def _nominal(name: str, column: pd.Series) -> tuple[str, list[str]]:
    categories = [str(c) for c in column.cat.categories]
    if len(set(categories)) != len(categories):
        raise ValueError(f"column {name!r}: two categories have the same text")
    quoted = np.array([quote_value(c) for c in categories] + ["?"], dtype=object)
    declaration = "{" + ",".join(quoted[:-1]) + "}"
    return declaration, quoted[column.cat.codes.to_numpy()].tolist()  # code -1 picks "?"


def _numeric(name: str, column: pd.Series) -> tuple[str, list[str]]:
    values = column.to_numpy(dtype=np.float64, na_value=np.nan)
    if np.isinf(values).any():
        raise ValueError(f"column {name!r} holds an infinite value, which ARFF cannot hold")
    if pd.api.types.is_integer_dtype(column.dtype) or pd.api.types.is_bool_dtype(column.dtype):
        texts = [str(int(v)) if v == v else "?" for v in values.tolist()]
    else:  # repr is the shortest text that reads back as the same double
        texts = [repr(v) if v == v else "?" for v in values.tolist()]
    return "numeric", texts


def _string(name: str, column: pd.Series) -> tuple[str, list[str]]:
    texts = []
    for value in column.tolist():
        if isinstance(value, str):
            texts.append(quote_value(value))
        elif pd.isna(value):
            texts.append("?")
        else:
            raise TypeError(
                f"column {name!r} holds {value!r}; a text column must hold str or missing values"
            )
    return "string", texts


def _date(name: str, column: pd.Series) -> tuple[str, list[str]]:
    if getattr(column.dtype, "tz", None) is not None:
        raise ValueError(f"column {name!r}: ARFF dates carry no time zone; convert to naive times")
    values = column.to_numpy()
    present = values[~np.isnat(values)]
    if (present.astype("datetime64[ms]") != present).any():
        raise ValueError(f"column {name!r} holds times finer than a millisecond")
    low, high = np.datetime64("0001-01-01", "ms"), np.datetime64("9999-12-31T23:59:59.999", "ms")
    if ((present < low) | (present > high)).any():
        raise ValueError(f"column {name!r} holds a date outside the years 1 to 9999")
    pattern, texts = format_dates(values)
    return f"date {quote_value(pattern)}", [t or "?" for t in texts]


def _attribute(name: str, column: pd.Series) -> tuple[str, list[str]]:
    """The type declaration of a column and the ARFF text of each of its values."""
    dtype = column.dtype
    if isinstance(dtype, pd.CategoricalDtype):
        return _nominal(name, column)
    if pd.api.types.is_numeric_dtype(dtype) and not pd.api.types.is_complex_dtype(dtype):
        return _numeric(name, column)
    if pd.api.types.is_datetime64_any_dtype(dtype):
        return _date(name, column)
    if pd.api.types.is_object_dtype(dtype) or pd.api.types.is_string_dtype(dtype):
        return _string(name, column)
    raise TypeError(f"column {name!r} has dtype {dtype}, which ARFF cannot hold")


def _sparse_numeric(name: str, column: pd.Series) -> tuple[str, tuple[np.ndarray, list[str]]]:
    """A sparse column (as :func:`read_arff` reads sparse rows): the values to write.

    The texts of the values other than 0 and the rows they are in; a sparse row leaves
    out the others, which a reader takes as 0.
    """
    array = column.array
    if not pd.api.types.is_numeric_dtype(array.dtype.subtype):
        raise TypeError(f"column {name!r} has dtype {column.dtype}, which ARFF cannot hold")
    if array.fill_value == 0:  # what is not stored is 0: only the stored values count
        rows = sparse_positions(array)
        declaration, texts = _numeric(name, pd.Series(array.sp_values, dtype=array.dtype.subtype))
    else:  # NaN or another fill value: every row has its own
        rows = np.arange(len(array))
        declaration, texts = _numeric(name, column.sparse.to_dense())
    keep = np.array([text not in ("0", "0.0") for text in texts], dtype=bool)
    return declaration, (rows[keep], list(compress(texts, keep)))


def _sparse_rows(
    columns: list[list[str]],
    sparse: dict[int, tuple[np.ndarray, list[str]]],
    n_rows: int,
    weights: list[str] | None,
) -> list[str]:
    """Rows ``{index value, ...}``: every value of ``columns``, ``sparse``'s given ones.

    ``sparse`` maps the position of a sparse column to its rows and texts. Time is linear
    in the values written: they are sorted by row once.
    """
    parts = [sparse.get(j, (np.arange(n_rows), texts)) for j, texts in enumerate(columns)]
    rows = np.concatenate([np.asarray(r, dtype=np.int64) for r, _ in parts])
    indices = np.concatenate([np.full(len(r), j, dtype=np.int64) for j, (r, _) in enumerate(parts)])
    texts = np.array([t for _, part in parts for t in part], dtype=object)
    order = np.lexsort((indices, rows))
    bounds = np.searchsorted(rows[order], np.arange(n_rows + 1))
    entries = [f"{j} {t}" for j, t in zip(indices[order].tolist(), texts[order].tolist())]
    out = ["{" + ",".join(entries[bounds[i] : bounds[i + 1]]) + "}" for i in range(n_rows)]
    if weights is not None:
        out = [f"{row} {weight}" for row, weight in zip(out, weights)]
    return out


def _weights(sample_weight: npt.ArrayLike, n_rows: int) -> list[str]:
    weights = np.asarray(sample_weight, dtype=np.float64)
    if weights.shape != (n_rows,):
        raise ValueError(f"sample_weight has shape {weights.shape}, expected ({n_rows},)")
    if not (np.isfinite(weights) & (weights >= 0)).all():
        raise ValueError("sample_weight must hold finite numbers >= 0")
    return ["{" + repr(w) + "}" for w in weights.tolist()]


def _unencodable(text: str) -> str | None:
    """The first character of ``text`` that UTF-8 cannot encode (a lone surrogate), or None."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return text[error.start]
    return None


def _where_unencodable(frame: pd.DataFrame, relation: str) -> ValueError:
    """The error for a text of the file UTF-8 cannot hold, naming where it stands."""
    for what, text in [("the relation name", relation)] + [
        ("the column name", str(name)) for name in frame.columns
    ]:
        char = _unencodable(text)
        if char is not None:
            return _surrogate_error(f"{what} {shown(text)}", char)
    for position, name in enumerate(frame.columns):
        column = frame.iloc[:, position]
        categorical = isinstance(column.dtype, pd.CategoricalDtype)
        values = [str(c) for c in column.cat.categories] if categorical else column.tolist()
        for index, value in enumerate(values):
            char = _unencodable(value) if isinstance(value, str) else None
            if char is None:
                continue
            rows = np.flatnonzero(column.cat.codes.to_numpy() == index) if categorical else [index]
            row = f"row {rows[0]}" if len(rows) else "a category no row holds"
            return _surrogate_error(f"column {name!r}, {row}: {shown(value)}", char)
    raise AssertionError("no text of the frame fails to encode")  # pragma: no cover


def _surrogate_error(where: str, char: str) -> ValueError:
    return ValueError(
        f"{where} holds U+{ord(char):04X}, a lone surrogate, which UTF-8 (and so ARFF) "
        "cannot hold; nothing was written"
    )


def save_arff(
    frame: pd.DataFrame,
    path: str | Path,
    *,
    relation: str = "data",
    sample_weight: npt.ArrayLike | None = None,
) -> None:
    """Write a DataFrame as an ARFF file (UTF-8) that Weka and :func:`read_arff` read.

    Parameters
    ----------
    frame : DataFrame
        One attribute per column, named by text. ``category`` columns become nominal
        attributes declaring their categories in order (as text); numeric and bool
        columns numeric attributes; ``datetime64`` columns (naive, to the millisecond)
        dates; columns of ``str`` text string attributes. Missing values become ``?``.
        A frame with sparse numeric columns (``read_arff`` of a file with sparse rows)
        is written as sparse rows, ``{index value, ...}``, which leave out the zeros of
        the sparse columns: time and size grow with the values other than 0.
    path : str or Path
        The file to write (replaced if it exists, only once the whole new file is
        written: an error leaves it as it was).
    relation : str, default="data"
        The relation name.
    sample_weight : array-like of shape (n_rows,), default=None
        Instance weights, written as Weka's ``{w}`` after each row.

    Raises
    ------
    TypeError
        For a column name that is not text, or a column ARFF cannot hold.
    ValueError
        For no or repeated column names, infinite numbers, time zones, times finer than a
        millisecond, categories that become the same text, invalid weights, or text
        that UTF-8 cannot encode (a lone surrogate; the message names the column and
        row).

    Notes
    -----
    A frame that :func:`read_arff` returned comes back identical (values, dtypes,
    category order). Otherwise integer and bool columns come back as float, and
    categories as text. Floats are written with ``repr``, the shortest text that
    reads back as the same double; values are quoted only when needed, with Weka's
    backslash escapes.

    Examples
    --------
    >>> import pandas as pd, tempfile, os
    >>> frame = pd.DataFrame({"x": [0.1, None], "y": pd.Categorical(["b", "a"], ["b", "a"])})
    >>> path = os.path.join(tempfile.mkdtemp(), "toy.arff")
    >>> save_arff(frame, path, relation="toy")
    >>> print(open(path).read())
    @relation toy
    <BLANKLINE>
    @attribute x numeric
    @attribute y {b,a}
    <BLANKLINE>
    @data
    0.1,b
    ?,a
    <BLANKLINE>
    """
    names = list(frame.columns)
    if not names:
        raise ValueError("an ARFF file needs at least one attribute; the frame has no column")
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"column name {name!r} is not text")
    if len(set(names)) != len(names):
        raise ValueError("two columns have the same name")
    header = [f"@relation {quote_value(relation)}", ""]
    columns: list[list[str]] = []
    sparse: dict[int, tuple[np.ndarray, list[str]]] = {}
    for position, name in enumerate(names):
        column = frame.iloc[:, position]
        if isinstance(column.dtype, pd.SparseDtype):  # written as sparse rows
            declaration, sparse[position] = _sparse_numeric(name, column)
            columns.append([])
        else:
            declaration, texts = _attribute(name, column)
            columns.append(texts)
        header.append(f"@attribute {quote_value(name)} {declaration}")
    weights = None if sample_weight is None else _weights(sample_weight, len(frame))
    if sparse:
        rows = _sparse_rows(columns, sparse, len(frame), weights)
    else:
        rows = [",".join(values) for values in zip(*columns, *([weights] if weights else []))]
    text = "\n".join([*header, "", "@data", *rows, ""])
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        raise _where_unencodable(frame, relation) from None
    write_atomically(path, data)
