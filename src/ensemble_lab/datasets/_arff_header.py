"""The header of an ARFF file: ``@relation``, the ``@attribute`` declarations, ``@data``.

As in Weka's ``ArffLoader`` each declaration is one line, keywords are case-insensitive
and names and nominal values may be quoted. Where Weka skips the rest of a numeric
declaration, only a range (``integer [1,10]``, ``real (0,1]``, bounds may be ``inf``)
is accepted here, and it is enforced on the data: a value outside it, or a fraction in
an ``integer`` attribute, is an error (Weka reads both silently). Relational attributes
(multi-instance data) are refused.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ._arff_dates import DEFAULT_FORMAT, DateFormat
from ._arff_scan import ParseError, Token, is_number, scan_line

__all__ = ["Attribute", "Header", "parse_header"]

_NUMERIC_TYPES = {"numeric", "real", "integer"}
_RANGE = re.compile(r"([\[(])[ \t]*+([^ \t,]++)[ \t]*+,[ \t]*+([^ \t\])]++)[ \t]*+([\])])")


@dataclass(frozen=True)
class Attribute:
    """One declared attribute; ``kind`` is numeric, nominal, string or date."""

    name: str
    kind: str
    line: int
    values: tuple[str, ...] = ()
    integer: bool = False
    low: float = -math.inf
    high: float = math.inf
    low_open: bool = False
    high_open: bool = False
    date_format: DateFormat | None = None

    def range_text(self) -> str:
        """The declared range as written in ARFF (``[1,10]``), for messages."""
        opening, closing = "(["[not self.low_open], ")]"[not self.high_open]
        return f"{opening}{self.low:g},{self.high:g}{closing}"


@dataclass(frozen=True)
class Header:
    """The relation name, the attributes, and the line on which the data begins."""

    relation: str
    attributes: tuple[Attribute, ...]
    data_line: int


def _bound(text: str, lineno: int, column: int) -> float:
    if text.lower() in {"inf", "+inf", "-inf"}:
        return -math.inf if text.startswith("-") else math.inf
    if not is_number(text):
        raise ParseError(lineno, column, f"range bound {text!r} is not a number")
    return float(text)


def _numeric(name: str, type_token: Token, line: str, lineno: int, rest: list[Token]) -> Attribute:
    integer = type_token.text.lower() == "integer"
    if not rest:
        return Attribute(name, "numeric", lineno, integer=integer)
    start = rest[0].column - 1
    match = _RANGE.match(line, start)
    last = rest[-1]
    end = last.column - 1 + len(last.text)
    if match is None or match.end() != end or last.kind != "word":
        raise ParseError(
            lineno, rest[0].column, "after a numeric type only a range such as [1,10] may follow"
        )
    low = _bound(match.group(2), lineno, match.start(2) + 1)
    high = _bound(match.group(3), lineno, match.start(3) + 1)
    if low > high:
        raise ParseError(lineno, rest[0].column, f"empty range: {low:g} is above {high:g}")
    return Attribute(
        name,
        "numeric",
        lineno,
        integer=integer,
        low=low,
        high=high,
        low_open=match.group(1) == "(",
        high_open=match.group(4) == ")",
    )


def _nominal(name: str, tokens: list[Token], lineno: int) -> Attribute:
    """``tokens`` start at the opening brace."""
    values: list[str] = []
    seen: dict[str, int] = {}
    for token in tokens[1:]:
        if token.kind == "brace":
            if token.text == "{":
                raise ParseError(lineno, token.column, "'{' inside a list of nominal values")
            break
        if token.text in seen:
            raise ParseError(
                lineno, token.column, f"nominal attribute {name!r} declares {token.text!r} twice"
            )
        seen[token.text] = len(values)
        values.append(token.text)
    else:
        raise ParseError(lineno, tokens[0].column, f"nominal attribute {name!r}: missing '}}'")
    after = tokens[len(values) + 2 :]
    if after:
        raise ParseError(lineno, after[0].column, "unexpected text after the nominal values")
    return Attribute(name, "nominal", lineno, values=tuple(values))


def _attribute(tokens: list[Token], line: str, lineno: int) -> Attribute:
    if len(tokens) < 2 or not tokens[1].is_value:
        raise ParseError(lineno, tokens[0].column, "@attribute needs a name and a type")
    name = tokens[1].text
    if len(tokens) < 3:
        raise ParseError(lineno, tokens[1].column, f"attribute {name!r} has no type")
    kind, rest = tokens[2], tokens[3:]
    if kind.kind == "brace":
        if kind.text == "}":
            raise ParseError(lineno, kind.column, "'}' without '{'")
        return _nominal(name, tokens[2:], lineno)
    type_name = kind.text.lower()
    if type_name in _NUMERIC_TYPES:
        return _numeric(name, kind, line, lineno, rest)
    if type_name == "relational":
        raise ParseError(
            lineno,
            kind.column,
            f"relational attribute {name!r} (multi-instance data) is not supported",
        )
    if type_name not in {"string", "date"}:
        raise ParseError(
            lineno, kind.column, f"attribute {name!r} has an unknown type {kind.text!r}"
        )
    extra = rest[1:] if type_name == "date" else rest
    if extra:
        raise ParseError(lineno, extra[0].column, f"unexpected text after the type of {name!r}")
    if type_name == "string":
        return Attribute(name, "string", lineno)
    if rest and not rest[0].is_value:
        raise ParseError(lineno, rest[0].column, "a date format must be a word or quoted")
    try:
        date_format = DateFormat(rest[0].text if rest else DEFAULT_FORMAT)
    except ValueError as error:
        raise ParseError(lineno, rest[0].column, str(error)) from None
    return Attribute(name, "date", lineno, date_format=date_format)


def _relation(tokens: list[Token], keyword: str, lineno: int) -> str:
    if keyword != "@relation":
        raise ParseError(lineno, tokens[0].column, "an ARFF file must begin with @relation")
    if len(tokens) < 2 or not tokens[1].is_value:
        raise ParseError(lineno, tokens[0].column, "@relation needs a name")
    if len(tokens) > 2:
        raise ParseError(
            lineno, tokens[2].column, "unexpected text after the relation name (quote it)"
        )
    return tokens[1].text


def parse_header(lines: Iterator[tuple[int, str]], end: tuple[int, int]) -> Header:
    """Read declarations from ``(line number, text)`` pairs up to and including ``@data``.

    ``end`` is the line and column of the end of the file, where a file that stops
    before ``@data`` is reported.

    Raises
    ------
    ParseError
        At the first line that is not a valid declaration, or at the end of the file
        when it ends before ``@data``.
    """
    relation: str | None = None
    attributes: list[Attribute] = []
    declared: dict[str, int] = {}
    for lineno, line in lines:
        tokens = scan_line(line, lineno)
        if not tokens:
            continue
        first = tokens[0]
        keyword = first.text.lower() if first.kind == "word" else ""
        if relation is None:
            relation = _relation(tokens, keyword, lineno)
        elif keyword == "@attribute":
            attribute = _attribute(tokens, line, lineno)
            if attribute.name in declared:
                raise ParseError(
                    lineno,
                    tokens[1].column,
                    f"attribute {attribute.name!r} is declared twice "
                    f"(first on line {declared[attribute.name]})",
                )
            declared[attribute.name] = lineno
            attributes.append(attribute)
        elif keyword == "@data":
            if not attributes:
                raise ParseError(lineno, first.column, "@data before any @attribute")
            if len(tokens) > 1:
                raise ParseError(lineno, tokens[1].column, "the data begin on the line after @data")
            return Header(relation, tuple(attributes), lineno + 1)
        else:
            raise ParseError(lineno, first.column, "expected @attribute or @data")
    if relation is None:
        what = "the file is empty" if end == (1, 1) else "the file ends before @relation"
        raise ParseError(*end, what + " (an ARFF file begins with @relation)")
    raise ParseError(*end, "the file ends before @data")
