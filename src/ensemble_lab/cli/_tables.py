"""Tables for the terminal that never cut a number.

A table wider than the terminal is printed as several tables, each with the row labels
and as many columns as fit; a column of numbers is never narrowed, only a column of text
(an error message, a note) wraps.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape
from rich.table import Table

__all__ = ["print_table"]

_NUMBER = re.compile(r"^[-+(]?\d")
_PER_COLUMN = 3  # a column's share of the borders and padding
_MIN_TEXT = 24  # a text column wraps, but not narrower than this


def _is_numeric(cells: Sequence[str]) -> bool:
    """A column of numbers: every non-empty cell starts like one (and there is one)."""
    filled = [cell for cell in cells if cell.strip()]
    return bool(filled) and all(_NUMBER.match(cell) for cell in filled)


def _width(header: str, cells: Sequence[str], numeric: bool) -> int:
    widest = max([len(header), *(len(c) for c in cells)])
    return widest if numeric else min(widest, max(_MIN_TEXT, len(header)))


def _blocks(widths: list[int], label_width: int, room: int) -> list[list[int]]:
    """Greedy groups of column positions whose widths fit ``room`` beside the labels."""
    blocks: list[list[int]] = [[]]
    used = label_width + _PER_COLUMN + 1
    for j, width in enumerate(widths):
        if blocks[-1] and used + width + _PER_COLUMN > room:
            blocks.append([])
            used = label_width + _PER_COLUMN + 1
        blocks[-1].append(j)
        used += width + _PER_COLUMN
    return blocks


def print_table(
    console: Console,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    title: str = "",
    caption: str = "",
) -> None:
    """Print ``rows`` (the first cell of each is its label) under ``header``.

    Parameters
    ----------
    console : Console
        Where to print.
    header : sequence of str
        Column names, the label column's first.
    rows : sequence of sequence of str
        Plain text cells (markup is escaped).
    title, caption : str
        Above and below the (first and last) table.
    """
    columns = [[row[j] for row in rows] for j in range(len(header))]
    numeric = [_is_numeric(cells) for cells in columns]
    widths = [_width(h, c, n) for h, c, n in zip(header, columns, numeric)]
    blocks = _blocks(widths[1:], widths[0], console.width)
    for b, block in enumerate(blocks):
        positions = [0, *(j + 1 for j in block)]
        table = Table(
            title=title if b == 0 else None,
            caption=caption if b == len(blocks) - 1 else None,
            caption_justify="left",
        )
        for j in positions:
            table.add_column(
                escape(header[j]),
                justify="right" if numeric[j] and j else "left",
                style="bold" if j == 0 else None,
                no_wrap=numeric[j] or j == 0,
                min_width=widths[j] if numeric[j] or j == 0 else None,
                overflow="fold",
            )
        for row in rows:
            table.add_row(*(escape(row[j]) for j in positions))
        console.print(table)
