"""The data section of an ARFF file: rows of tokens, then typed columns.

Two readers give the same columns. The general one scans every line with
:func:`~._arff_scan.scan_line` (dense and sparse rows, instance weights, escapes, every
error with its line and column). The fast one hands the section to pandas' C parser,
but only after a linear check that the text is in the small subset where that parser
and Weka's tokenizer agree to the character (no escapes, braces, double quotes, quoted
``?``, trailing comments or lone spaces; every row with the right number of values);
anything it is unsure of, including any invalid value, goes to the general reader,
which then names the problem. Both take time linear in the size of the section.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain, compress, repeat

import numpy as np
import pandas as pd
from scipy import sparse

from ._arff_header import Attribute
from ._arff_scan import (
    ParseError,
    Token,
    has_control,
    is_number,
    numbers_valid,
    scan_line,
    shown,
    split_plain,
)

__all__ = ["Columns", "read_data", "value_column"]

_INDEX = re.compile(r"\+?[0-9]++")
# pandas < 3 reads floats with a parser that may miss the last bit unless asked not to.
_FLOAT_PRECISION = {"float_precision": "round_trip"} if int(pd.__version__[0]) < 3 else {}

# The subset the fast reader takes: bare words and single-quoted strings without
# escapes, separated by a comma and optional spaces; whole-line comments; empty lines.
_FAST_VALUE = r"""(?:'[^'\\\n\x00-\x08\x0a-\x1f]*+'|[^\x00-\x20,%'"{}\\]++)"""
_FAST_LINE = rf"(?:{_FAST_VALUE}(?:, *+{_FAST_VALUE})*+|%[^\n]*+|)"
_FAST_SECTION = re.compile(rf"(?:{_FAST_LINE}\n)*+{_FAST_LINE}")
_QUOTED = re.compile(r"'[^'\n]*+'")
# A NaN spelled out: pandas' float parser would take it, Java's grammar does not here.
_NAN_WORD = re.compile(r"(?i)(?<![^\n ,\t'])[+-]?nan(?![^\n ,\t'])")


@dataclass
class Columns:
    """The typed columns (one per attribute), the line of each row, instance weights."""

    frame: pd.DataFrame
    lines: np.ndarray
    sample_weight: np.ndarray | None


class _BadValue(Exception):
    """A value of row ``row`` that its attribute cannot hold (the message omits the name)."""

    def __init__(self, row: int, message: str) -> None:
        super().__init__(message)
        self.row = row
        self.message = message


# --------------------------------------------------------------------------- rows


def _weight(tokens: list[Token], lineno: int) -> float:
    """An instance weight written ``{w}`` after the values."""
    if len(tokens) != 3 or tokens[0].text != "{" or tokens[2].text != "}" or tokens[1].is_missing:
        raise ParseError(
            lineno,
            tokens[0].column,
            "after the values only an instance weight such as {2} may follow",
        )
    text = tokens[1].text
    weight = float(text) if tokens[1].kind == "word" and is_number(text) else -1.0
    if not 0.0 <= weight < np.inf:
        raise ParseError(
            lineno, tokens[1].column, f"instance weight {shown(text)} is not a finite number >= 0"
        )
    return weight


def _dense_row(
    tokens: list[Token], n: int, lineno: int
) -> tuple[list[str | None], list[int], list[Token]]:
    count = 0
    while count < len(tokens) and tokens[count].is_value:
        count += 1
    if count != n:
        # point at the first extra value, or at what stands where a value should
        where = tokens[min(count, n, len(tokens) - 1)]
        raise ParseError(lineno, where.column, f"expected {n} values, found {count}")
    values = [None if t.is_missing else t.text for t in tokens[:n]]
    return values, [t.column for t in tokens[:n]], tokens[n:]


def _sparse_entries(
    tokens: list[Token], n: int, lineno: int
) -> tuple[list[int], list[str | None], list[int], list[Token]]:
    """The entries of a sparse row ``{index value, ...}``, and the tokens after its ``}``.

    The indices given, their values (None for ``?``) and the column of each value;
    nothing for the indices left out.
    """
    indices: list[int] = []
    values: list[str | None] = []
    columns: list[int] = []
    last, i = -1, 1
    while i < len(tokens) and tokens[i].text != "}":
        index_token = tokens[i]
        if index_token.kind != "word" or not _INDEX.fullmatch(index_token.text):
            raise ParseError(lineno, index_token.column, "expected an attribute index")
        index = int(index_token.text)
        if index >= n:
            raise ParseError(
                lineno, index_token.column, f"index {index} is past the last attribute ({n - 1})"
            )
        if index <= last:
            problem = "appears twice" if index == last else f"comes after {last}"
            raise ParseError(lineno, index_token.column, f"index {index} {problem}")
        if i + 1 >= len(tokens) or not tokens[i + 1].is_value:
            raise ParseError(lineno, index_token.column, f"index {index} has no value")
        value = tokens[i + 1]
        indices.append(index)
        values.append(None if value.is_missing else value.text)
        columns.append(value.column)
        last = index
        i += 2
    if i >= len(tokens):
        raise ParseError(lineno, tokens[0].column, "sparse row without '}'")
    return indices, values, columns, tokens[i + 1 :]


def _without_zero(attributes: Sequence[Attribute]) -> list[int]:
    """Attributes a sparse row must give: string, date and nominal without values."""
    return [j for j, a in enumerate(attributes) if not (a.kind == "numeric" or a.values)]


def _check_given(
    indices: list[int],
    required: list[int],
    attributes: Sequence[Attribute],
    lineno: int,
    column: int,
) -> None:
    """Raise ``ParseError`` if a sparse row leaves out an attribute of :func:`_without_zero`."""
    if not required:
        return
    absent = sorted(set(required).difference(indices))
    if absent:
        attribute = attributes[absent[0]]
        raise ParseError(
            lineno,
            column,
            f"a sparse row must give {attribute.kind} attribute {attribute.name!r} "
            f"(index {absent[0]}): it has no zero value",
        )


def _sparse_row(
    tokens: list[Token], attributes: Sequence[Attribute], lineno: int
) -> tuple[list[str | None], list[int], list[Token]]:
    """A sparse row at full width: absent numeric values are 0, nominal ones the first value."""
    indices, given, given_columns, rest = _sparse_entries(tokens, len(attributes), lineno)
    _check_given(indices, _without_zero(attributes), attributes, lineno, tokens[0].column)
    values: list[str | None] = [
        "0" if a.kind == "numeric" else a.values[0] if a.values else None for a in attributes
    ]
    columns = [tokens[0].column] * len(attributes)
    for index, value, column in zip(indices, given, given_columns):
        values[index], columns[index] = value, column
    return values, columns, rest


def _row(
    tokens: list[Token], attributes: Sequence[Attribute], lineno: int
) -> tuple[list[str | None], list[int], float | None]:
    """Values (None for missing), the column of each, and the weight if one is written."""
    if tokens[0].text == "{" and tokens[0].kind == "brace":
        values, columns, rest = _sparse_row(tokens, attributes, lineno)
    else:
        values, columns, rest = _dense_row(tokens, len(attributes), lineno)
    return values, columns, _weight(rest, lineno) if rest else None


def value_column(line: str, lineno: int, attributes: Sequence[Attribute], index: int) -> int:
    """The column at which ``line`` gives the value of attribute ``index``."""
    return _row(scan_line(line, lineno), attributes, lineno)[1][index]


# ------------------------------------------------------------------------ columns


def _bounded(attribute: Attribute) -> bool:
    return bool(np.isfinite(attribute.low) or np.isfinite(attribute.high))


def _check_numbers(attribute: Attribute, values: np.ndarray) -> None:
    """Refuse overflow (``1e400``), fractions in an integer attribute, values off range."""
    infinite = np.isinf(values)
    if infinite.any():
        raise _BadValue(int(np.argmax(infinite)), "the number overflows a double")
    if not (attribute.integer or _bounded(attribute)):  # the usual case, once per column
        return
    rows = np.flatnonzero(~np.isnan(values))
    present = values[rows]
    fraction = present != np.floor(present) if attribute.integer else np.zeros(len(rows), bool)
    low, high = attribute.low, attribute.high
    outside = (present < low) | (present > high)
    outside |= (present == low) & attribute.low_open | (present == high) & attribute.high_open
    bad = np.flatnonzero(fraction | outside)
    if bad.size:
        row, value = int(rows[bad[0]]), present[bad[0]]
        if outside[bad[0]]:
            raise _BadValue(
                row, f"{value:g} is outside the declared range {attribute.range_text()}"
            )
        raise _BadValue(row, f"{value:g} is not an integer")


def _numbers(attribute: Attribute, texts: list[str | None]) -> np.ndarray:
    given = np.array([text is not None for text in texts], dtype=bool)
    present: list[str] = list(compress(texts, given))  # type: ignore[arg-type]
    if not numbers_valid(present):
        row, text = next((r, t) for r, t in enumerate(texts) if t is not None and not is_number(t))
        raise _BadValue(row, f"{shown(text)} is not a number")
    values = np.full(len(texts), np.nan)
    # Python's float() rounds correctly, as Java's Double.valueOf
    values[given] = np.fromiter(map(float, present), dtype=np.float64, count=len(present))
    _check_numbers(attribute, values)
    return values


def _nominal(
    attribute: Attribute, codes: np.ndarray, observed: Sequence[str], missing: str | None
) -> pd.Categorical:
    """Recode ``codes`` into ``observed`` (-1 missing) as codes into the declared values.

    ``missing`` is an observed text that stands for a missing value (the bare ``?`` of
    the fast reader), or None.
    """
    declared = pd.Index(list(attribute.values), dtype=object)
    mapping = declared.get_indexer(pd.Index(list(observed), dtype=object))
    undeclared = mapping < 0
    if missing is not None and missing in observed:
        position = list(observed).index(missing)
        mapping[position], undeclared[position] = -1, False
    if undeclared.any():
        row = int(np.flatnonzero(np.isin(codes, np.flatnonzero(undeclared)))[0])
        raise _BadValue(row, f"{shown(observed[codes[row]])} is not among the declared values")
    # code -1 (missing) picks the -1 appended at the end
    recoded = np.append(mapping, -1)[codes]
    return pd.Categorical.from_codes(recoded, categories=list(attribute.values))


def _dates(attribute: Attribute, texts: list[str | None]) -> np.ndarray:
    assert attribute.date_format is not None
    values = np.full(len(texts), np.datetime64("NaT"), dtype="datetime64[ms]")
    for row, text in enumerate(texts):
        if text is None:
            continue
        value = attribute.date_format.parse(text)
        if value is None:
            pattern = attribute.date_format.pattern
            raise _BadValue(row, f"{shown(text)} is not a date in the format {pattern!r}")
        values[row] = value
    return values


def _column(attribute: Attribute, texts: list[str | None]) -> pd.Series:
    if attribute.kind == "numeric":
        values: object = _numbers(attribute, texts)
    elif attribute.kind == "nominal":
        codes, uniques = pd.factorize(pd.Series(texts, dtype=object))
        values = _nominal(attribute, codes, list(uniques), None)
    elif attribute.kind == "date":
        values = _dates(attribute, texts)
    else:  # object, not pandas' string dtype: NaN for missing, as the other columns
        values = np.array([np.nan if t is None else t for t in texts], dtype=object)
        return pd.Series(values, name=attribute.name, dtype=object)
    return pd.Series(values, name=attribute.name)


# ------------------------------------------------------------------------ readers


def _general_rows(
    lines: list[str], first_line: int, attributes: Sequence[Attribute]
) -> tuple[list[list[str | None]], list[list[int] | None], list[int], list[float | None]]:
    """Every row of the section: values, indices, line and weight.

    The values are None where missing; the indices are those the values are of (None
    for a dense row: all of them, in order); the weight is None where a row has none.
    A sparse row keeps only the values it gives, so the cost is linear in the values
    written, not in rows times attributes.
    """
    rows: list[list[str | None]] = []
    given: list[list[int] | None] = []
    linenos: list[int] = []
    weights: list[float | None] = []
    n = len(attributes)
    required = _without_zero(attributes)
    plain = not any(map(has_control, lines))
    for offset, line in enumerate(lines):
        lineno = first_line + offset
        values = split_plain(line) if plain and "{" not in line and "}" not in line else None
        weight, indices = None, None
        if values is None or (values and len(values) != n):
            # escapes, braces, control characters, or an error: the full scanner says which
            tokens = scan_line(line, lineno)
            if not tokens:
                continue
            if tokens[0].text == "{" and tokens[0].kind == "brace":
                indices, values, _, rest = _sparse_entries(tokens, n, lineno)
                _check_given(indices, required, attributes, lineno, tokens[0].column)
                weight = _weight(rest, lineno) if rest else None
            else:
                values, _, weight = _row(tokens, attributes, lineno)
        elif not values:
            continue
        rows.append(values)
        given.append(indices)
        linenos.append(lineno)
        weights.append(weight)
    return rows, given, linenos, weights


def _read_general(lines: list[str], first_line: int, attributes: Sequence[Attribute]) -> Columns:
    rows, given, linenos, weights = _general_rows(lines, first_line, attributes)

    def located(bad: _BadValue, row: int, index: int) -> ParseError:
        lineno = linenos[row]
        column = value_column(lines[lineno - first_line], lineno, attributes, index)
        return ParseError(lineno, column, f"{attributes[index].name!r}: {bad.message}")

    if any(indices is not None for indices in given):
        frame = _sparse_frame(rows, given, attributes, located)
    else:
        by_attribute = list(zip(*rows)) if rows else [() for _ in attributes]
        columns = []
        for index, (attribute, texts) in enumerate(zip(attributes, by_attribute)):
            try:
                columns.append(_column(attribute, list(texts)))
            except _BadValue as bad:
                raise located(bad, bad.row, index) from None
        frame = _frame(columns)
    sample_weight = None
    if any(w is not None for w in weights):
        sample_weight = np.array([1.0 if w is None else w for w in weights])
    return Columns(frame, np.array(linenos, dtype=np.int64), sample_weight)


def _frame(columns: list[pd.Series]) -> pd.DataFrame:
    return pd.concat(columns, axis=1) if columns else pd.DataFrame()


def _sparse_frame(
    rows: list[list[str | None]],
    given: list[list[int] | None],
    attributes: Sequence[Attribute],
    located: Callable[[_BadValue, int, int], ParseError],
) -> pd.DataFrame:
    """The columns of a section with sparse rows, built from the values written only.

    The values are sorted by attribute once (row order kept within each); numeric
    attributes become one sparse block (``Sparse[float64, 0.0]``: a value a row leaves
    out is 0, as in Weka), nominal ones categorical columns (a value left out is the
    first declared), the others -- which every sparse row must give -- as in a dense file.
    ``located`` makes the error of a bad value of row ``row``, attribute ``index``.
    """
    n, n_rows = len(attributes), len(rows)
    counts = np.fromiter((n if g is None else len(g) for g in given), np.int64, count=n_rows)
    total = int(counts.sum())
    row_of = np.repeat(np.arange(n_rows), counts)
    column_of = np.fromiter(
        chain.from_iterable(range(n) if g is None else g for g in given), np.int64, count=total
    )
    order = np.argsort(column_of, kind="stable")
    bounds = np.searchsorted(column_of[order], np.arange(n + 1))
    row_of = row_of[order]
    texts = np.fromiter(chain.from_iterable(rows), dtype=object, count=total)[order]
    numeric: list[tuple[Attribute, np.ndarray, np.ndarray]] = []
    others: dict[str, object] = {}
    for index, attribute in enumerate(attributes):
        part = slice(bounds[index], bounds[index + 1])
        at = row_of[part]
        try:
            if attribute.kind == "numeric":
                numeric.append((attribute, at, _numbers(attribute, texts[part].tolist())))
                _check_zero(attribute, at, n_rows)
            elif attribute.kind == "nominal":
                others[attribute.name] = _sparse_nominal(attribute, at, texts[part], n_rows)
            else:  # given by every row (_check_given)
                others[attribute.name] = _column(attribute, texts[part].tolist())
        except _BadValue as bad:
            raise located(bad, int(at[bad.row]) if bad.row >= 0 else ~bad.row, index) from None
    return _assemble(numeric, others, attributes, n_rows)


def _check_zero(attribute: Attribute, given_rows: np.ndarray, n_rows: int) -> None:
    """Refuse the 0 of a row that leaves out an attribute whose range excludes it.

    The error's row is ``~row`` (negative): a row of the data, not of the values given.
    """
    if given_rows.shape[0] == n_rows or not _bounded(attribute):  # 0 is in range
        return
    try:
        _check_numbers(attribute, np.zeros(1))
    except _BadValue as bad:
        absent = np.ones(n_rows, dtype=bool)
        absent[given_rows] = False
        raise _BadValue(~int(np.argmax(absent)), bad.message) from None


def _sparse_nominal(
    attribute: Attribute, given_rows: np.ndarray, texts: np.ndarray, n_rows: int
) -> pd.Categorical:
    """A nominal column of which only the rows ``given_rows`` give a value."""
    codes, uniques = pd.factorize(texts)
    given = _nominal(attribute, codes, list(uniques), None)
    # A row that leaves it out has the first declared value (an attribute without
    # values is given by every row).
    full = np.zeros(n_rows, dtype=given.codes.dtype)
    full[given_rows] = given.codes
    return pd.Categorical.from_codes(full, dtype=given.dtype)


def _assemble(
    numeric: list[tuple[Attribute, np.ndarray, np.ndarray]],
    others: dict[str, object],
    attributes: Sequence[Attribute],
    n_rows: int,
) -> pd.DataFrame:
    """One frame of the sparse numeric block and the other columns, in declared order."""
    sizes = np.array([rows.shape[0] for _, rows, _ in numeric], dtype=np.int64)
    block = sparse.csc_matrix(
        (
            np.concatenate([values for _, _, values in numeric] or [np.zeros(0)]),
            np.concatenate([rows for _, rows, _ in numeric] or [np.zeros(0, np.int64)]),
            np.concatenate([[0], np.cumsum(sizes)]),
        ),
        shape=(n_rows, len(numeric)),
    )
    frame = pd.DataFrame.sparse.from_spmatrix(block, columns=[a.name for a, _, _ in numeric])
    if others:
        frame = pd.concat([frame, pd.DataFrame(others)], axis=1)
        names = [a.name for a in attributes]
        if list(frame.columns) != names:
            frame = frame[names]
    return frame


def _in_fast_subset(data: str) -> bool:
    """Whether ``data`` lies in the subset where pandas' parser reads as Weka does."""
    if any(c in data for c in '"\\{}') or "'?'" in data:
        return False
    if any(c in data for c in "' %\t"):
        return _FAST_SECTION.fullmatch(data) is not None
    # Only bare values and commas: the subset's grammar comes down to no empty value
    # and no control character, which substring tests find faster than the pattern.
    empty_value = any(s in data for s in (",,", "\n,", ",\n")) or data[:1] == ","
    return not (empty_value or data.endswith(",")) and data.replace("\n", "").isprintable()


def _fast_rows(data: str, lines: list[str], n: int) -> np.ndarray | None:
    """Indices of the lines that hold rows, if each holds exactly ``n`` values."""
    if "'" in data:  # a quoted string counts as one value whatever commas it holds
        lines = _QUOTED.sub("q", data).split("\n")
    commas = np.fromiter(map(str.count, lines, repeat(",")), dtype=np.int64, count=len(lines))
    is_row = np.fromiter(map(bool, lines), dtype=bool, count=len(lines))
    if "%" in data:
        is_row &= ~np.fromiter(
            map(str.startswith, lines, repeat("%")), dtype=bool, count=len(lines)
        )
    if (commas[is_row] != n - 1).any():
        return None
    return np.flatnonzero(is_row)


def _pandas_frame(data: str, attributes: Sequence[Attribute]) -> pd.DataFrame:
    """The section through pandas' C parser, columns named by position.

    Numbers are read as floats, nominal values as text (pandas' categories would turn
    "true" or "01" into a bool or a number, and merge "1" with "1.0").
    """
    kinds = {str(i): a.kind for i, a in enumerate(attributes)}
    return pd.read_csv(
        io.StringIO(data),
        sep=",",
        header=None,
        names=list(kinds),
        index_col=False,
        dtype={n: np.float64 if kind == "numeric" else object for n, kind in kinds.items()},
        na_values={n: ["?"] for n, kind in kinds.items() if kind == "numeric"},
        keep_default_na=False,
        quotechar="'",
        doublequote=False,
        skipinitialspace=True,
        comment="%",
        engine="c",
        low_memory=False,
        **_FLOAT_PRECISION,
    )


def _read_fast(
    data: str, lines: list[str], attributes: Sequence[Attribute]
) -> tuple[list[pd.Series], np.ndarray] | None:
    """The columns and the row lines through pandas' C parser, or None.

    None where the parser might differ from Weka's reading (or a value is invalid: the
    general reader says which).
    """
    if any(a.kind not in {"numeric", "nominal"} for a in attributes):
        return None
    if not _in_fast_subset(data):
        return None
    if "nan" in data.lower() and _NAN_WORD.search(data):
        return None
    rows = _fast_rows(data, lines, len(attributes))
    if rows is None or not rows.size:
        return None
    frame = _pandas_frame(data, attributes)
    if len(frame) != len(rows):
        return None
    columns = []
    for position, attribute in enumerate(attributes):
        column = frame.iloc[:, position]
        if attribute.kind == "numeric":
            values: object = column.to_numpy(dtype=np.float64)
            _check_numbers(attribute, values)  # type: ignore[arg-type]
        else:
            codes, observed = pd.factorize(column.to_numpy(dtype=object))
            values = _nominal(attribute, codes, list(observed), "?")
        columns.append(pd.Series(values, name=attribute.name))
    return columns, rows


def read_data(data: str, first_line: int, attributes: Sequence[Attribute]) -> Columns:
    r"""Read the data section ``data`` (``\n`` line breaks), whose first line is ``first_line``.

    Raises
    ------
    ParseError
        At the first malformed row or invalid value.
    """
    lines = data.split("\n")
    try:
        fast = _read_fast(data, lines, attributes)
    except (ValueError, _BadValue):  # pandas refused a value, or a value is invalid
        fast = None
    if fast is None:
        return _read_general(lines, first_line, attributes)
    columns, rows = fast
    return Columns(_frame(columns), first_line + rows, None)
