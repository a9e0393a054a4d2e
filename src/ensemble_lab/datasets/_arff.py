"""Reading Weka's ARFF format into pandas objects.

Nominal attributes become ``category`` columns whose categories are the declared values
(in declared order, so a value declared but absent from the data is kept); numeric
attributes become float columns; string attributes object columns of text; date
attributes ``datetime64[ms]`` columns. A bare ``?`` is a missing value (NaN, NaT),
while a quoted ``'?'`` is the ordinary text ``?``, as in Weka. In a file with sparse
rows the numeric attributes become sparse columns (``Sparse[float64, 0.0]``: only the
values written are stored, a value left out is 0), so that reading takes time and
memory linear in the values written; the estimators make them dense when they validate
their input.

The reader accepts what Weka 3.6's ``ArffLoader`` accepts -- dense and sparse rows,
values separated by commas or blanks, quoted names and values with backslash escapes,
``%`` comments anywhere outside quotes, instance weights ``{w}`` -- plus a UTF-8
byte-order mark, and refuses everything else with an :class:`ArffError` that names the
file, the line and the column. It is stricter than Weka where Weka silently misreads:

- bytes that are not UTF-8 (Weka decodes them as the platform's charset);
- a quote left open at the end of a line, and two values without a separator
  (``'a''b'``), which Weka reads as the rest of the line and as two values;
- numbers Weka's ``Double.valueOf`` takes but that are not data: ``NaN``,
  ``Infinity``, ``1e400`` (overflow), hexadecimal and ``1d`` / ``1f`` forms;
- values outside a declared range (``integer [1,10]``), and fractions in an
  ``integer`` attribute; text after a numeric type other than such a range;
- a sparse row that leaves out a string or date attribute (Weka fills in a placeholder
  text, or 1970-01-01 in its own time zone), a repeated sparse index;
- a negative instance weight; control characters other than the tab; values on the
  ``@data`` line itself; relational attributes (multi-instance data).

A file compressed with gzip, xz or bzip2 (recognised by its first bytes, whatever its
name) is read the same way: the reader sees the decompressed bytes, and the lines and
columns of its errors are those of the decompressed file.

Time is linear in the size of the file, whatever it holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, overload

import numpy as np
import pandas as pd

from ._arff_data import read_data, value_column
from ._arff_header import Header, parse_header
from ._arff_scan import ParseError

__all__ = ["ArffData", "ArffError", "load_arff", "read_arff"]


class ArffError(ValueError):
    """A malformed ARFF file; the message begins with the file, the line and the column.

    Attributes
    ----------
    path : str
    line, column : int
        1-based; the column counts characters (not bytes) from the start of the line.
    reason : str
        The message without the location.
    """

    def __init__(self, path: str | Path, line: int, column: int, reason: str) -> None:
        super().__init__(f"{path}, line {line}, column {column}: {reason}")
        self.path = str(path)
        self.line = line
        self.column = column
        self.reason = reason

    def __reduce__(self) -> tuple[type[ArffError], tuple[str, int, int, str]]:
        # so that the error survives the trip back from a joblib or Dask worker
        return ArffError, (self.path, self.line, self.column, self.reason)


@dataclass
class ArffData:
    """The content of an ARFF file.

    Attributes
    ----------
    relation : str
        The relation name.
    frame : DataFrame
        One column per attribute, in declared order.
    sample_weight : ndarray or None
        The instance weights (1 where a row gives none), or None when no row gives one.
    lines : ndarray of int
        The line of the file on which each instance stands.
    """

    relation: str
    frame: pd.DataFrame
    sample_weight: np.ndarray | None = None
    lines: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))


class _Lines:
    """``(line number, text)`` of the lines of ``text`` from ``offset``; ``offset`` follows."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = 0
        self.lineno = 0

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> tuple[int, str]:
        if self.offset > len(self.text) or (self.offset == len(self.text) and self.lineno):
            raise StopIteration
        end = self.text.find("\n", self.offset)
        end = len(self.text) if end < 0 else end
        line = self.text[self.offset : end]
        self.offset, self.lineno = end + 1, self.lineno + 1
        return self.lineno, line


#: First bytes of the compressed formats the reader opens, and their decompressors.
_COMPRESSED: tuple[tuple[bytes, str], ...] = (
    (b"\x1f\x8b", "gzip"),
    (b"\xfd7zXZ\x00", "lzma"),
    (b"BZh", "bz2"),
)


def read_source(path: Path) -> bytes:
    """The bytes of the ARFF file at ``path``, decompressed if gzip, xz or bzip2."""
    raw = path.read_bytes()
    for magic, module in _COMPRESSED:
        if raw.startswith(magic):
            import importlib

            try:
                return bytes(importlib.import_module(module).decompress(raw))
            except (OSError, EOFError, ValueError) as error:  # a truncated or corrupt file
                raise ArffError(path, 1, 1, f"cannot decompress the file ({error})") from None
    return raw


def _decode(raw: bytes, path: Path) -> str:
    r"""Strict UTF-8 without a leading byte-order mark, with ``\n`` line breaks only."""
    bom = raw.startswith(b"\xef\xbb\xbf")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = raw[: error.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        line = before.count(b"\n") + 1
        start = before.rfind(b"\n") + 1 if line > 1 else 3 * bom
        column = len(before[start:].decode("utf-8")) + 1
        byte = raw[error.start]
        reason = f"byte 0x{byte:02X} is not UTF-8 (save the file as UTF-8)"
        raise ArffError(path, line, column, reason) from None
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _read(path: Path) -> tuple[ArffData, Header]:
    if not path.is_file():
        raise FileNotFoundError(f"no ARFF file at {path}")
    text = _decode(read_source(path), path)
    lines = _Lines(text)
    end = (text.count("\n") + 1, len(text) - text.rfind("\n"))
    try:
        header = parse_header(lines, end)
        columns = read_data(text[lines.offset :], header.data_line, header.attributes)
    except ParseError as error:
        raise ArffError(path, error.line, error.column, error.message) from None
    data = ArffData(header.relation, columns.frame, columns.sample_weight, columns.lines)
    return data, header


def read_arff(path: str | Path) -> ArffData:
    """Read an ARFF file into a DataFrame holding every attribute (class included).

    Parameters
    ----------
    path : str or Path
        The ARFF file, in UTF-8 (a byte-order mark is allowed); it may be compressed
        with gzip, xz or bzip2 (``iris.arff.gz``).

    Returns
    -------
    ArffData
        ``relation``, ``frame`` (one column per attribute; the numeric ones sparse,
        ``Sparse[float64, 0.0]``, when the file has sparse rows), ``sample_weight`` (the
        instance weights, if the file gives any) and ``lines`` (each instance's line).

    Raises
    ------
    ArffError
        When the file is not valid ARFF; the message gives the file, line and column.
    FileNotFoundError
        When there is no file at ``path``.

    Examples
    --------
    >>> from ensemble_lab.datasets import embedded_path
    >>> data = read_arff(embedded_path("iris"))
    >>> data.relation, data.frame.shape, int(data.lines[0])
    ('iris', (150, 5), 73)
    """
    return _read(Path(path))[0]


def _missing_class(path: Path, data: ArffData, header: Header, target: str) -> ArffError:
    row = int(np.flatnonzero(data.frame[target].isna().to_numpy())[0])
    lineno = int(data.lines[row])
    line = _decode(read_source(path), path).split("\n")[lineno - 1]
    index = list(data.frame.columns).index(target)
    column = value_column(line, lineno, header.attributes, index)
    count = int(data.frame[target].isna().sum())
    reason = (
        f"missing class value ('?' in {target!r}; {count} instance(s) in all): Weka's "
        "learners skip such instances, this reader refuses them -- remove or label them"
    )
    return ArffError(path, lineno, column, reason)


@overload
def load_arff(
    path: str | Path,
    *,
    target: str | None = ...,
    drop: tuple[str, ...] = ...,
    target_as_nominal: bool = ...,
    return_sample_weight: Literal[False] = ...,
) -> tuple[pd.DataFrame, pd.Series]: ...


@overload
def load_arff(
    path: str | Path,
    *,
    target: str | None = ...,
    drop: tuple[str, ...] = ...,
    target_as_nominal: bool = ...,
    return_sample_weight: Literal[True],
) -> tuple[pd.DataFrame, pd.Series, np.ndarray]: ...


def load_arff(
    path: str | Path,
    *,
    target: str | None = None,
    drop: tuple[str, ...] = (),
    target_as_nominal: bool = False,
    return_sample_weight: bool = False,
) -> tuple[pd.DataFrame, pd.Series] | tuple[pd.DataFrame, pd.Series, np.ndarray]:
    """Load an ARFF file as ``(X, y)``, or ``(X, y, sample_weight)``.

    Parameters
    ----------
    path : str or Path
        The ARFF file.
    target : str, default=None
        Name of the class attribute; the last attribute if None (Weka's convention).
    drop : tuple of str, default=()
        Attributes to leave out of ``X`` (identifiers such as splice's instance name).
    target_as_nominal : bool, default=False
        Read a numeric class with integer values as nominal (as Weka's
        ``NumericToNominal``): its categories are the sorted distinct values, as text.
    return_sample_weight : bool, default=False
        Also return the instance weights (all 1 when the file gives none). A file that
        gives weights other than 1 needs this: dropping them would change what a
        learner fits.

    Returns
    -------
    X : DataFrame
        Nominal attributes as ``category`` columns, numeric ones as float (sparse when
        the file has sparse rows), NaN missing.
    y : Series
        The class; ``category`` dtype for a nominal class, dense in any case.
    sample_weight : ndarray
        Only with ``return_sample_weight=True``.

    Raises
    ------
    ArffError
        When the file is malformed, or an instance has no class value (``?``): Weka's
        learners skip such instances, this function refuses them and names the line.
    ValueError
        For an unknown ``target`` or ``drop`` name, or weights not asked for.

    Examples
    --------
    >>> from ensemble_lab.datasets import embedded_path
    >>> X, y = load_arff(embedded_path("iris"))
    >>> X.shape, list(y.cat.categories)
    ((150, 4), ['Iris-setosa', 'Iris-versicolor', 'Iris-virginica'])
    """
    path = Path(path)
    data, header = _read(path)
    frame = data.frame
    target = frame.columns[-1] if target is None else target
    if target not in frame.columns:
        raise ValueError(f"{path}: no attribute named {target!r} to use as the class")
    unknown = [d for d in drop if d not in frame.columns]
    if unknown:
        raise ValueError(f"{path}: cannot drop unknown attributes {unknown}")
    weights = data.sample_weight
    if weights is not None and not return_sample_weight and (weights != 1).any():
        raise ValueError(
            f"{path}: the file gives instance weights; pass return_sample_weight=True "
            "to receive them"
        )
    y = frame[target]
    if isinstance(y.dtype, pd.SparseDtype):  # a numeric class of a file with sparse rows
        y = y.sparse.to_dense()
    if y.isna().any():
        raise _missing_class(path, data, header, target)
    if target_as_nominal:
        if not pd.api.types.is_numeric_dtype(y):
            raise ValueError(f"{path}: the class {target!r} is already nominal")
        if not np.equal(np.mod(y.to_numpy(), 1), 0).all():
            raise ValueError(f"{path}: the class {target!r} has non-integer values")
        labels = y.astype(int).astype(str)
        order = [str(v) for v in sorted(y.astype(int).unique())]
        y = pd.Series(pd.Categorical(labels, categories=order), name=target)
    X = frame.drop(columns=[target, *drop])
    if not return_sample_weight:
        return X, y
    return X, y, np.ones(len(frame)) if weights is None else weights
