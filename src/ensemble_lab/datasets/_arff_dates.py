"""Dates of ARFF ``date`` attributes, written in Java's ``SimpleDateFormat`` patterns.

Weka parses dates strictly (not leniently): ``2001-02-30`` is refused. So are they here,
for the pattern letters ``y`` (year, any number of digits), ``M`` (month: a number, or a
short or full English name for ``MMM`` / ``MMMM``), ``d``, ``H``, ``m``, ``s`` and ``S``
(milliseconds), with quoted literals (``'T'``). Other letters (time zones, weekdays,
12-hour clocks, two-digit years, whose reading depends on the day and place Weka runs)
are refused with the letter named. Unlike Java's ``parse``, text after the date is an
error, not ignored. Dates carry no time zone (Weka uses the local one).
"""

from __future__ import annotations

import calendar
import re
import string
from datetime import datetime

import numpy as np

__all__ = ["DEFAULT_FORMAT", "DateFormat", "format_dates"]

#: Weka's format when a ``date`` attribute names none (ISO 8601 without a zone).
DEFAULT_FORMAT = "yyyy-MM-dd'T'HH:mm:ss"

_FIELDS = {"y": "year", "M": "month", "d": "day", "H": "hour", "m": "minute", "s": "second"}
_MONTHS = {
    **{name.lower(): i for i, name in enumerate(calendar.month_name) if name},
    **{name.lower(): i for i, name in enumerate(calendar.month_abbr) if name},
}
# One pattern element: a run of one letter, a quoted literal ('' is a quote), other text.
_PATTERN_PART = re.compile(r"([A-Za-z])\1*+|'(?:[^']|'')*+'|''|[^A-Za-z']++|'")


class DateFormat:
    """A parser for one ``SimpleDateFormat`` pattern.

    Parameters
    ----------
    pattern : str
        The pattern as written in the ARFF header.

    Raises
    ------
    ValueError
        When the pattern uses a letter this reader does not support, or has an
        unterminated quote.
    """

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        parts = [m.group() for m in _PATTERN_PART.finditer(pattern)]
        regex: list[str] = []
        self._fields: list[tuple[str, str]] = []  # (field, letters) in order
        for i, part in enumerate(parts):
            letter = part[0]
            if part == "'":
                raise ValueError(f"date format {pattern!r} has an unterminated quote")
            if letter == "'":
                regex.append(re.escape(part[1:-1].replace("''", "'") if len(part) > 2 else "'"))
            elif letter not in string.ascii_letters:
                regex.append(re.escape(part))
            elif letter not in _FIELDS and letter != "S":
                raise ValueError(f"date format {pattern!r}: letter {letter!r} is not supported")
            elif letter == "y" and len(part) == 2:
                raise ValueError(f"date format {pattern!r}: two-digit years (yy) are ambiguous")
            elif letter == "M" and len(part) >= 3:
                regex.append("([A-Za-z]++)")
                self._fields.append(("M", part))
            else:
                # Java ignores the count of letters unless the next field is a number
                # too; then this one takes exactly that many digits.
                nxt = parts[i + 1] if i + 1 < len(parts) else ""
                fixed = nxt[:1] in _FIELDS or nxt[:1] == "S"
                fixed = fixed and not (nxt[0] == "M" and len(nxt) >= 3)
                regex.append(f"([0-9]{{{len(part)}}})" if fixed else "([0-9]++)")
                self._fields.append((letter, part))
        self._regex = re.compile("".join(regex))

    def parse(self, text: str) -> np.datetime64 | None:
        """The date ``text`` stands for (millisecond resolution), or None if it is not one."""
        match = self._regex.fullmatch(text)
        if match is None:
            return None
        values = {"year": 1970, "month": 1, "day": 1, "hour": 0, "minute": 0, "second": 0}
        millisecond = 0
        for (letter, letters), group in zip(self._fields, match.groups()):
            if len(group.lstrip("0")) > 9:  # past any field's range (and int()'s limit)
                return None
            if letter == "M" and len(letters) >= 3:
                month = _MONTHS.get(group.lower())
                if month is None:
                    return None
                values["month"] = month
            elif letter == "S":
                millisecond = int(group)
            else:
                values[_FIELDS[letter]] = int(group)
        if millisecond > 999:
            return None
        try:
            moment = datetime(
                values["year"],
                values["month"],
                values["day"],
                values["hour"],
                values["minute"],
                values["second"],
                1000 * millisecond,
            )
        except ValueError:  # a day, month or hour out of range: Weka is not lenient either
            return None
        return np.datetime64(moment, "ms")


def format_dates(values: np.ndarray) -> tuple[str, list[str | None]]:
    """A pattern and the texts of ``datetime64`` values in it (None for NaT).

    The pattern is Weka's default, with milliseconds (``.SSS``) only when a value has
    some; the year is written with four digits.
    """
    ms = values.astype("datetime64[ms]")
    missing = np.isnat(ms)
    with_ms = bool((ms[~missing].astype(np.int64) % 1000 != 0).any())
    pattern = DEFAULT_FORMAT + (".SSS" if with_ms else "")
    texts: list[str | None] = []
    for value, absent in zip(ms.tolist(), missing.tolist()):
        if absent:
            texts.append(None)
            continue
        text = f"{value.year:04d}-{value:%m-%dT%H:%M:%S}"
        texts.append(text + f".{value.microsecond // 1000:03d}" if with_ms else text)
    return pattern, texts
