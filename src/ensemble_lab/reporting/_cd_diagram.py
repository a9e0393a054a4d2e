"""Critical-difference diagram of average ranks (Demšar 2006, Figure 1).

The methods sit on an axis of average ranks; a bar shows the critical
difference (CD); thick lines join the maximal groups of methods whose average
ranks differ by less than the CD, i.e. that a post-hoc test (Nemenyi) does not
tell apart.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, SupportsFloat

from matplotlib.axes import Axes

__all__ = ["cd_cliques", "plot_critical_difference"]


_FONT_SIZE = 9.0


def _text_width_inches(labels: list[str]) -> float:
    # An average glyph of a sans-serif font is about 0.6 em wide.
    return max((len(label) for label in labels), default=0) * 0.6 * _FONT_SIZE / 72.0


def _check_ranks(
    avg_ranks: Mapping[str, float], cd: SupportsFloat
) -> tuple[dict[str, float], float]:
    ranks = {str(name): float(rank) for name, rank in dict(avg_ranks).items()}
    if not ranks:
        raise ValueError("avg_ranks is empty.")
    if not all(math.isfinite(r) for r in ranks.values()):
        raise ValueError("average ranks must be finite numbers.")
    width = float(cd)
    if not (math.isfinite(width) and width > 0):
        raise ValueError(f"cd must be a positive number, got {cd!r}.")
    return ranks, width


def cd_cliques(avg_ranks: Mapping[str, float], cd: SupportsFloat) -> list[tuple[str, ...]]:
    """Maximal groups of methods not significantly different from each other.

    Parameters
    ----------
    avg_ranks : mapping of str to float
        Average rank of each method (a pandas Series works too).
    cd : float
        Critical difference: two methods differ significantly when their
        average ranks differ by at least ``cd``.

    Returns
    -------
    list of tuple of str
        Each group lists its methods from the best (lowest) rank; groups are
        ordered by their best rank. Every pair inside a group differs by less
        than ``cd``, and no group is contained in another. Methods that differ
        from every other method appear in no group.

    Notes
    -----
    Sorted by rank, a set of methods whose ranks all lie within ``cd`` is a run
    of consecutive methods, so the maximal groups are the runs that start at
    each method and extend as far as the rank stays below ``first + cd``, minus
    those contained in the run before. Ties in rank are ordered by name.

    Examples
    --------
    >>> cd_cliques({"a": 1.0, "b": 1.5, "c": 2.4, "d": 4.0}, cd=1.0)
    [('a', 'b'), ('b', 'c')]
    """
    ranks, width = _check_ranks(avg_ranks, cd)
    ordered = sorted(ranks.items(), key=lambda item: (item[1], item[0]))
    names = [name for name, _ in ordered]
    values = [rank for _, rank in ordered]
    cliques: list[tuple[str, ...]] = []
    covered_to = 0  # one past the last method of the previous group
    for i, start in enumerate(values):
        j = i
        while j + 1 < len(values) and values[j + 1] - start < width:
            j += 1
        if j > i and j + 1 > covered_to:
            cliques.append(tuple(names[i : j + 1]))
            covered_to = j + 1
    return cliques


def plot_critical_difference(
    avg_ranks: Mapping[str, float],
    cd: SupportsFloat,
    ax: Axes | None = None,
    *,
    best_on_right: bool = True,
    title: str | None = None,
) -> Axes:
    """Draw a Demšar-style critical-difference diagram.

    Parameters
    ----------
    avg_ranks : mapping of str to float
        Average rank of each method (e.g. ``stats.average_ranks(table).average``).
    cd : float
        The critical difference (e.g. ``stats.nemenyi_cd(k, n).cd``; the result
        object itself is accepted too).
    ax : matplotlib Axes, optional
        Where to draw; a new figure sized to the number of methods by default.
    best_on_right : bool, default=True
        Put rank 1 on the right, as Demšar does ("we perceive the methods on the
        right side as better").
    title : str, optional
        Axes title.

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    The better half of the methods is labelled on the best side and the rest on
    the other; a line drops from each method's rank to its label. The groups of
    :func:`cd_cliques` are drawn as thick horizontal lines, one level each. The
    CD bar is drawn above the axis, starting at its left end.
    """
    ranks, width = _check_ranks(avg_ranks, cd)
    ordered = sorted(ranks.items(), key=lambda item: (item[1], item[0]))
    cliques = cd_cliques(ranks, width)
    k = len(ordered)
    low = 1.0
    high = float(max(k, math.ceil(max(ranks.values()))))
    n_best = math.ceil(k / 2)
    n_rows = max(n_best, k - n_best)
    if ax is None:
        import matplotlib.pyplot as plt

        longest = max(len(name) for name in ranks)
        fig_w = 4.0 + 0.45 * high + 0.14 * longest
        fig_h = 1.2 + 0.22 * (len(cliques) + n_rows)
        _, ax = plt.subplots(figsize=(fig_w, fig_h))

    # Vertical layout in axis units, growing downward: axis at 0, CD bar above it,
    # one level per clique just below, then one row per label on each side.
    row_step, clique_step, clique_top = 0.3, 0.18, 0.3
    rows_top = clique_top + clique_step * len(cliques) + 0.25
    bottom = rows_top + row_step * (n_rows - 1) + 0.25

    _draw_axis(ax, low, high)
    _draw_cd_bar(ax, high if best_on_right else low, -width if best_on_right else width)
    pad = 0.15 + 0.05 * (high - low)
    best_x, worst_x = low - pad, high + pad
    # Screen-side alignment: text grows away from the axis on either side.
    best_ha, worst_ha = ("left", "right") if best_on_right else ("right", "left")
    labels = [f" {name} ({rank:.2f}) " for name, rank in ordered]
    for i, ((_, rank), label) in enumerate(zip(ordered, labels, strict=True)):
        if i < n_best:
            y, x_end, ha = rows_top + row_step * i, best_x, best_ha
        else:
            y, x_end, ha = rows_top + row_step * (k - 1 - i), worst_x, worst_ha
        ax.plot([rank, rank, x_end], [0, y, y], **_LINE)
        ax.text(x_end, y, label, ha=ha, va="center", fontsize=_FONT_SIZE)
    for level, group in enumerate(cliques):
        y = clique_top + clique_step * level
        first, last = ranks[group[0]], ranks[group[-1]]
        ax.plot([first - 0.03, last + 0.03], [y, y], color="black", linewidth=4.0,
                solid_capstyle="butt")  # fmt: skip

    _fit_labels(ax, (best_x, worst_x), labels, n_best)
    ax.set_ylim(bottom, -1.1)  # y grows downward
    if best_on_right:
        ax.invert_xaxis()
    ax.set_axis_off()
    if title:
        ax.set_title(title)
    return ax


_LINE: dict[str, Any] = {"color": "black", "linewidth": 1.0}


def _draw_axis(ax: Axes, low: float, high: float) -> None:
    """The rank axis with a tick and a number at every rank, half ticks between."""
    tick = 0.12
    ax.plot([low, high], [0, 0], **_LINE)
    for value in range(int(low), int(high) + 1):
        ax.plot([value, value], [0, -tick], **_LINE)
        ax.text(value, -tick - 0.05, str(value), ha="center", va="bottom", fontsize=_FONT_SIZE)
    for half in range(int(low), int(high)):
        ax.plot([half + 0.5, half + 0.5], [0, -tick / 2], **_LINE)


def _draw_cd_bar(ax: Axes, left: float, span: float) -> None:
    """The CD bar above the axis, from ``left`` (its left end as drawn) over ``span`` ranks."""
    right_of_left = left + span
    y_cd = -0.75
    ax.plot([left, right_of_left], [y_cd, y_cd], color="black", linewidth=1.5)
    for x in (left, right_of_left):
        ax.plot([x, x], [y_cd - 0.05, y_cd + 0.05], color="black", linewidth=1.5)
    ax.text(
        (left + right_of_left) / 2, y_cd - 0.08, "CD", ha="center", va="bottom", fontsize=_FONT_SIZE
    )


def _fit_labels(ax: Axes, ends: tuple[float, float], labels: list[str], n_best: int) -> None:
    """Widen the x range so that the labels (fixed size in inches) fit inside the axes."""
    best_x, worst_x = ends
    best_room = _text_width_inches(labels[:n_best])
    worst_room = _text_width_inches(labels[n_best:])
    axes_inches = ax.bbox.width / ax.figure.dpi
    usable = max(axes_inches - best_room - worst_room, 0.25 * axes_inches)
    per_inch = (worst_x - best_x) / usable
    ax.set_xlim(best_x - best_room * per_inch, worst_x + worst_room * per_inch)
