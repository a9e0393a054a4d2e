"""A reader for Weka's ARFF format that returns pandas objects.

Nominal attributes become ``category`` columns whose categories are the declared values
(in declared order, so a value declared but absent from the data is kept); numeric
attributes become float columns; ``?`` is a missing value (NaN), while a quoted ``'?'``
is an ordinary nominal value, as in Weka. String and date attributes are kept as object
columns of text. Sparse rows (``{index value, ...}``) are read too.

Unlike liac-arff and ``scipy.io.arff`` it accepts the ``integer [1,10]`` range syntax of
some Weka files, and every error names the file and the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

__all__ = ["ArffError", "load_arff", "read_arff"]

_NUMERIC_TYPES = {"numeric", "real", "integer"}
# One value of a data row: a single- or double-quoted string (backslash escapes) or a bare token.
_TOKEN = re.compile(r"""\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^,]*?)\s*(,|$)""")


class ArffError(ValueError):
    """A malformed ARFF file; the message names the file and the line."""

    def __init__(self, path: str | Path, line: int | None, message: str) -> None:
        where = f"{path}, line {line}" if line is not None else str(path)
        super().__init__(f"{where}: {message}")
        self.path = str(path)
        self.line = line


@dataclass
class _Attribute:
    name: str
    kind: str  # "numeric", "nominal", "string", "date"
    values: list[str] = field(default_factory=list)


@dataclass
class ArffData:
    """The content of an ARFF file: relation name and a DataFrame of all attributes."""

    relation: str
    frame: pd.DataFrame


def _unquote(token: str) -> str:
    if len(token) >= 2 and token[0] == token[-1] and token[0] in "'\"":
        return re.sub(r"\\(.)", r"\1", token[1:-1])
    return token


def _split_name(rest: str, path: str | Path, lineno: int) -> tuple[str, str]:
    """Split '<name> <type...>' where the name may be quoted."""
    rest = rest.strip()
    if rest[:1] in "'\"":
        end = rest.find(rest[0], 1)
        while end > 0 and rest[end - 1] == "\\":
            end = rest.find(rest[0], end + 1)
        if end < 0:
            raise ArffError(path, lineno, "unterminated quoted attribute name")
        return _unquote(rest[: end + 1]), rest[end + 1 :].strip()
    parts = rest.split(None, 1)
    if len(parts) < 2:
        raise ArffError(path, lineno, f"attribute {rest!r} has no type")
    return parts[0], parts[1].strip()


def _split_values(text: str, path: str | Path, lineno: int) -> list[str]:
    """Split a comma-separated list of (possibly quoted) values."""
    if "'" not in text and '"' not in text:
        return [v.strip() for v in text.split(",")]
    values, pos = [], 0
    while True:
        m = _TOKEN.match(text, pos)
        if m is None or (m.end() == pos and pos < len(text)):
            raise ArffError(path, lineno, f"cannot parse values near {text[pos : pos + 30]!r}")
        values.append(m.group(1))
        if m.group(2) == "" or m.end() >= len(text):
            if m.group(2) == ",":
                values.append("")
            break
        pos = m.end()
    return values


def _parse_attribute(rest: str, path: str | Path, lineno: int) -> _Attribute:
    name, type_text = _split_name(rest, path, lineno)
    lowered = type_text.lower()
    if type_text.startswith("{"):
        if not type_text.endswith("}"):
            raise ArffError(path, lineno, f"nominal attribute {name!r}: missing closing brace")
        inner = type_text[1:-1].strip()
        values = [_unquote(v) for v in _split_values(inner, path, lineno)] if inner else []
        if len(set(values)) != len(values):
            raise ArffError(path, lineno, f"nominal attribute {name!r} declares a value twice")
        return _Attribute(name, "nominal", values)
    head = lowered.split()[0] if lowered.split() else ""
    if head in _NUMERIC_TYPES:
        return _Attribute(name, "numeric")
    if head == "string":
        return _Attribute(name, "string")
    if head == "date":
        return _Attribute(name, "date")
    if head == "relational":
        raise ArffError(path, lineno, f"relational attribute {name!r} is not supported")
    raise ArffError(path, lineno, f"attribute {name!r} has an unknown type {type_text!r}")


def _read_lines(path: Path) -> list[str]:
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return text.splitlines()


def _parse_row(line: str, defaults: list[str], path: Path, lineno: int) -> list[str]:
    n_attributes = len(defaults)
    if line.startswith("{"):
        if not line.endswith("}"):
            raise ArffError(path, lineno, "sparse row without closing brace")
        # Sparse rows: absent values are 0 (the first declared value for nominals).
        row = list(defaults)
        for item in _split_values(line[1:-1], path, lineno):
            if not item:
                continue
            parts = item.split(None, 1)
            if len(parts) != 2 or not parts[0].isdigit():
                raise ArffError(path, lineno, f"malformed sparse entry {item!r}")
            index = int(parts[0])
            if index >= n_attributes:
                raise ArffError(
                    path, lineno, f"sparse index {index} beyond {n_attributes} attributes"
                )
            row[index] = parts[1].strip()
        return row
    values = _split_values(line, path, lineno)
    if len(values) == n_attributes + 1 and values[-1].startswith("{"):
        raise ArffError(path, lineno, "instance weights ({w}) are not supported")
    if len(values) != n_attributes:
        raise ArffError(path, lineno, f"expected {n_attributes} values, found {len(values)}")
    return values


def _column(attr: _Attribute, raw: list[str], linenos: list[int], path: Path) -> pd.Series:
    tokens = np.array(raw, dtype=object)
    missing = tokens == "?"
    if attr.kind == "numeric":
        values = pd.to_numeric(pd.Series(np.where(missing, "nan", tokens)), errors="coerce")
        bad = values.isna().to_numpy() & ~missing & (tokens != "nan")
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise ArffError(
                path, linenos[i], f"attribute {attr.name!r}: {raw[i]!r} is not a number"
            )
        return pd.Series(values.to_numpy(dtype=float), name=attr.name)
    texts = np.array([_unquote(t) for t in raw], dtype=object)
    texts[missing] = np.nan
    if attr.kind == "nominal":
        known = pd.Index(attr.values)
        codes = known.get_indexer(texts[~missing])
        if (codes < 0).any():
            i = int(np.flatnonzero(~missing)[np.flatnonzero(codes < 0)[0]])
            raise ArffError(
                path,
                linenos[i],
                f"attribute {attr.name!r}: value {texts[i]!r} is not among the declared values",
            )
        return pd.Series(pd.Categorical(texts, categories=attr.values), name=attr.name)
    return pd.Series(texts, name=attr.name, dtype=object)


def read_arff(path: str | Path) -> ArffData:
    """Read an ARFF file into a DataFrame holding every attribute (class included).

    Parameters
    ----------
    path : str or Path
        The ARFF file.

    Returns
    -------
    ArffData
        ``relation`` (the relation name) and ``frame`` (one column per attribute).

    Raises
    ------
    ArffError
        When the file is malformed; the message gives the file and line number.
    """
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no ARFF file at {path}")
    lines = _read_lines(path)
    relation: str | None = None
    attributes: list[_Attribute] = []
    data_start = None
    for i, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith("%"):
            continue
        keyword, _, rest = stripped.partition(" ")
        if "\t" in keyword:
            keyword, _, tail = keyword.partition("\t")
            rest = tail + " " + rest
        keyword = keyword.lower()
        if keyword == "@relation":
            relation = _unquote(rest.strip())
        elif keyword == "@attribute":
            if relation is None:
                raise ArffError(path, i + 1, "@attribute before @relation")
            attributes.append(_parse_attribute(rest, path, i + 1))
        elif keyword == "@data":
            data_start = i + 1
            break
        else:
            raise ArffError(path, i + 1, f"unexpected line in header: {stripped[:40]!r}")
    if relation is None:
        raise ArffError(path, None, "no @relation declaration")
    if not attributes:
        raise ArffError(path, None, "no @attribute declarations")
    if data_start is None:
        raise ArffError(path, None, "no @data section")
    names = [a.name for a in attributes]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise ArffError(path, None, f"attribute {dup!r} is declared twice")

    defaults = [repr(a.values[0]) if a.kind == "nominal" and a.values else "0" for a in attributes]
    rows: list[list[str]] = []
    linenos: list[int] = []
    for i in range(data_start, len(lines)):
        stripped = lines[i].strip()
        if not stripped or stripped.startswith("%"):
            continue
        rows.append(_parse_row(stripped, defaults, path, i + 1))
        linenos.append(i + 1)
    columns = list(zip(*rows)) if rows else [() for _ in attributes]
    frame = pd.concat(
        [_column(a, list(c), linenos, path) for a, c in zip(attributes, columns)], axis=1
    )
    return ArffData(relation, frame)


def load_arff(
    path: str | Path,
    *,
    target: str | None = None,
    drop: tuple[str, ...] = (),
    target_as_nominal: bool = False,
) -> tuple[pd.DataFrame, pd.Series]:
    """Load an ARFF file as ``(X, y)``.

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

    Returns
    -------
    X : DataFrame
        Nominal attributes as ``category`` columns, numeric ones as float, NaN missing.
    y : Series
        The class; ``category`` dtype for a nominal class.

    Examples
    --------
    >>> from ensemble_lab.datasets import embedded_path
    >>> X, y = load_arff(embedded_path("iris"))
    >>> X.shape, list(y.cat.categories)
    ((150, 4), ['Iris-setosa', 'Iris-versicolor', 'Iris-virginica'])
    """
    frame = read_arff(path).frame
    target = frame.columns[-1] if target is None else target
    if target not in frame.columns:
        raise ValueError(f"{path}: no attribute named {target!r} to use as the class")
    unknown = [d for d in drop if d not in frame.columns]
    if unknown:
        raise ValueError(f"{path}: cannot drop unknown attributes {unknown}")
    y = frame[target]
    if y.isna().any():
        raise ValueError(f"{path}: {int(y.isna().sum())} instance(s) have a missing class value")
    if target_as_nominal:
        if not pd.api.types.is_numeric_dtype(y):
            raise ValueError(f"{path}: the class {target!r} is already nominal")
        if not np.equal(np.mod(y.to_numpy(), 1), 0).all():
            raise ValueError(f"{path}: the class {target!r} has non-integer values")
        labels = y.astype(int).astype(str)
        order = [str(v) for v in sorted(y.astype(int).unique())]
        y = pd.Series(pd.Categorical(labels, categories=order), name=target)
    X = frame.drop(columns=[target, *drop])
    return X, y
