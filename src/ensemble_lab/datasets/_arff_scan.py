"""Tokens of one ARFF line, as Weka's ``ArffLoader`` sees them.

Weka reads ARFF with a ``java.io.StreamTokenizer``: commas and every character up to the
space are separators (so ``1,,2`` and ``1 2`` are two values), ``%`` starts a comment
anywhere outside quotes, ``{`` and ``}`` stand alone, a value is either a run of other
characters or a single- or double-quoted string with backslash escapes. This module
follows that, with three refusals where Weka would silently misread: a quote left open
at the end of the line (Weka takes the rest of the line as the value), two values
written against each other without a separator (``'a''b'`` or ``x'y'``, which Weka
splits), and control characters other than the tab (which Weka treats as spaces).

Every pattern here is linear in the line length: possessive quantifiers over disjoint
character classes, so no input makes the regular-expression engine backtrack.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = [
    "ParseError",
    "Token",
    "has_control",
    "is_number",
    "numbers_valid",
    "quote_value",
    "scan_line",
    "shown",
    "split_plain",
]


class ParseError(Exception):
    """Where a file stops being ARFF: 1-based ``line`` and ``column``, and why."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.column = column
        self.message = message


class Token(NamedTuple):
    """One token: ``kind`` is ``"word"``, ``"quoted"`` or ``"brace"``."""

    kind: str
    text: str
    column: int

    @property
    def is_value(self) -> bool:
        return self.kind != "brace"

    @property
    def is_missing(self) -> bool:
        """A bare ``?``; a quoted ``'?'`` is the ordinary text ``?``, as in Weka."""
        return self.kind == "word" and self.text == "?"


_TOKEN = re.compile(
    r"""
      (?P<sep>[ \t,]++)
    | (?P<word>[^\x00-\x20,%'"{}]++)
    | '(?P<single>(?:[^'\\\n]++|\\.)*+)'
    | "(?P<double>(?:[^"\\\n]++|\\.)*+)"
    | (?P<brace>[{}])
    | (?P<comment>%)
    | (?P<open_quote>['"])
    """,
    re.VERBOSE | re.DOTALL,
)
# The tab is the only control character a line may hold, inside quotes or out.
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f]")
# StreamTokenizer's escapes: C-style letters, up to three octal digits (at most \377),
# and a backslash before any other character stands for that character.
_ESCAPE = re.compile(r"\\(?:([0-3][0-7]{0,2}|[4-7][0-7]?)|(.))", re.DOTALL)
_ESCAPED_LETTERS = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
# A decimal number as Java's Double.valueOf reads it, without its NaN, Infinity,
# hexadecimal and 1d / 1f forms; ASCII digits only (Python's float() takes others).
_NUMBER = re.compile(r"[+-]?+(?:[0-9]++\.?+[0-9]*+|\.[0-9]++)(?:[eE][+-]?+[0-9]++)?+")
# A line of values and separators without braces or escapes: validated as a whole, then
# split by the cheaper patterns below (the values group stops before any comment).
_PLAIN_VALUE = r"""(?:'[^'\\\n]*+'|"[^"\\\n]*+"|[^\x00-\x20,%'"{}\\]++)"""
_PLAIN_LINE = re.compile(
    rf"[ \t,]*+({_PLAIN_VALUE}(?:[ \t,]++{_PLAIN_VALUE})*+)?[ \t,]*+(?:%.*+)?", re.DOTALL
)
_PLAIN_PARTS = re.compile(r"""'([^']*+)'|"([^"]*+)"|([^ \t,]++)""")
_BLANKS = re.compile(r"[ \t,]++")
_NUMBERS = re.compile(rf"(?:{_NUMBER.pattern}\n)*+{_NUMBER.pattern}")
# What a value may hold and still be written bare, so that Weka reads it back unchanged.
_BARE = re.compile(r"[^\x00-\x20,%'\"{}\\]++")
_TO_ESCAPE = re.compile(r"[\x00-\x1f\\']")


def _unescape_one(match: re.Match[str]) -> str:
    octal, char = match.groups()
    if octal is not None:
        return chr(int(octal, 8))
    return _ESCAPED_LETTERS.get(char, char)


def _unescape(text: str) -> str:
    return _ESCAPE.sub(_unescape_one, text) if "\\" in text else text


def scan_line(line: str, lineno: int) -> list[Token]:
    """Split one line (without its line break) into tokens, dropping any comment.

    Parameters
    ----------
    line : str
        The line's text.
    lineno : int
        Its number in the file, for the error.

    Returns
    -------
    list of Token
        The words, quoted strings (unescaped) and braces in order.

    Raises
    ------
    ParseError
        On an unterminated quote, a control character, or two values without a
        separator between them.
    """
    control = _CONTROL.search(line)
    if control is not None:
        raise ParseError(
            lineno, control.start() + 1, f"control character U+{ord(control.group()):04X}"
        )
    tokens: list[Token] = []
    value_end = -1  # where the last word or quoted string ended
    for match in _TOKEN.finditer(line):
        kind = match.lastgroup or ""
        start = match.start()
        if kind == "sep":
            continue
        if kind == "comment":
            break
        if kind == "open_quote":
            raise ParseError(lineno, start + 1, f"unterminated quote {match.group()}")
        if kind != "brace" and start == value_end:
            raise ParseError(lineno, start + 1, "two values without a comma or space between them")
        if kind == "word":
            tokens.append(Token("word", match.group(), start + 1))
        elif kind == "brace":
            tokens.append(Token("brace", match.group(), start + 1))
        else:
            tokens.append(Token("quoted", _unescape(match.group(kind)), start + 1))
        if kind != "brace":
            value_end = match.end()
    return tokens


def split_plain(line: str) -> list[str | None] | None:
    """The values of a line without braces or backslashes (None for ``?``).

    The values come as :func:`scan_line` gives them; the result is None when the line
    needs :func:`scan_line`.

    Control characters must have been ruled out (:func:`has_control`).
    """
    match = _PLAIN_LINE.fullmatch(line)
    if match is None:
        return None
    values = match.group(1)
    if values is None:
        return []
    if "'" not in values and '"' not in values:
        words: list[str | None] = _BLANKS.split(values)  # type: ignore[assignment]
        return [None if word == "?" else word for word in words] if "?" in words else words
    return [
        (None if word == "?" else word) if word else single or double
        for single, double, word in _PLAIN_PARTS.findall(values)
    ]


def shown(text: str, limit: int = 40) -> str:
    """``repr(text)`` for a message, cut after ``limit`` characters (with the length).

    A value of a data line can be any length; the message should stay one line.

    >>> shown("x" * 1000, limit=5)
    "'xxxxx'... (1,000 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


def has_control(text: str) -> bool:
    """Whether ``text`` holds a control character :func:`scan_line` refuses."""
    return _CONTROL.search(text) is not None


def is_number(text: str) -> bool:
    """Whether ``text`` is a decimal number in the syntax ARFF files use."""
    return _NUMBER.fullmatch(text) is not None


def numbers_valid(texts: list[str]) -> bool:
    """Whether every text is a number (one pattern over them all, at C speed)."""
    return not texts or _NUMBERS.fullmatch("\n".join(texts)) is not None


def _escape_one(match: re.Match[str]) -> str:
    char = match.group()
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\", "'": "\\'"}
    return named.get(char) or f"\\{ord(char):03o}"


def quote_value(text: str) -> str:
    """Write ``text`` so that Weka (and :func:`scan_line`) read it back unchanged.

    Bare when it is a plain word other than ``?``; otherwise in single quotes with
    backslash escapes (control characters as octal escapes).
    """
    if text != "?" and _BARE.fullmatch(text):
        return text
    return "'" + _TO_ESCAPE.sub(_escape_one, text) + "'"
