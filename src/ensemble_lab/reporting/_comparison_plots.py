"""Figures over a tidy results frame: accuracy vs training time, error vs error."""

from __future__ import annotations

from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes

__all__ = ["log_time_axis", "plot_accuracy_vs_time", "plot_error_vs_error"]


def _axes(ax: Axes | None) -> Axes:
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 4.2))
    return ax


_MARKERS = ("o", "s", "D", "^", "v", "P", "X", "*", "<", ">", "h", "p")


def log_time_axis(axis: Any, seconds: np.ndarray) -> None:
    """Label a log-scale time axis with plain numbers that never overlap.

    Within a decade, a few evenly spaced round numbers; up to 2.5 decades, 1, 2 and 5
    times the powers of ten; beyond, the powers of ten only. No labels on the minor
    ticks.

    Parameters
    ----------
    axis : matplotlib XAxis or YAxis
        The axis, already on a log scale.
    seconds : ndarray
        The values drawn on it (positive).

    Examples
    --------
    >>> import numpy as np
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().subplots()
    >>> ax.set_xscale("log")
    >>> log_time_axis(ax.xaxis, np.array([0.002, 0.14]))
    >>> bool(ax.get_xlim()[0] < 0.002 < 0.14 < ax.get_xlim()[1])
    True
    """
    from matplotlib.ticker import (
        FuncFormatter,
        LogLocator,
        MaxNLocator,
        NullFormatter,
        NullLocator,
    )

    low, high = float(np.min(seconds)), float(np.max(seconds))
    span = np.log10(high / low) if high > low else 0.0
    if span < 1.0:  # within a decade: a few evenly spaced round numbers
        axis.set_major_locator(MaxNLocator(nbins=4, steps=[1, 2, 2.5, 5, 10]))
        axis.set_minor_locator(NullLocator())
    else:
        axis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0) if span < 2.5 else (1.0,)))
    axis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    axis.set_minor_formatter(NullFormatter())
    margin = 10 ** max(0.15, 0.08 * span)
    if axis.axis_name == "x":
        axis.axes.set_xlim(low / margin, high * margin)
    else:
        axis.axes.set_ylim(low / margin, high * margin)


def plot_accuracy_vs_time(
    results: pd.DataFrame,
    ax: Axes | None = None,
    *,
    time: str = "fit_cpu",
    labels: str = "points",
) -> Axes:
    """Mean accuracy against mean training time, one point per method.

    The trade-off plot of Khoussainov et al. (2005), Figure 2: means are taken over
    data sets of the per-data-set means; time is on a log scale, its ticks plain
    round numbers that never overlap.

    Parameters
    ----------
    results : DataFrame
        Tidy results (``method``, ``dataset``, ``accuracy`` and the ``time`` column).
    ax : Axes, optional
        Where to draw; a new figure if None.
    time : str, default="fit_cpu"
        The time column.
    labels : {"points", "legend"}, default="points"
        Name each method beside its point, as the paper does; or give each method its
        own marker and colour, named in a legend beside the axes, which never collides
        however close the methods are.
    """
    if labels not in ("points", "legend"):
        raise ValueError(f"labels must be 'points' or 'legend', got {labels!r}")
    ax = _axes(ax)
    per_dataset = results.groupby(["method", "dataset"], sort=False)[["accuracy", time]].mean()
    summary = per_dataset.groupby(level="method", sort=False).mean()
    seconds = np.maximum(summary[time].to_numpy(), 1e-4)
    if labels == "legend":
        _legend_points(ax, summary.index, seconds, 100 * summary["accuracy"].to_numpy())
    else:
        ax.scatter(seconds, 100 * summary["accuracy"], color="tab:blue", zorder=3)
        for name, x, y in zip(summary.index, seconds, 100 * summary["accuracy"]):
            ax.annotate(str(name), (x, y), textcoords="offset points", xytext=(4, 3), fontsize=8)
    ax.set_xscale("log")
    log_time_axis(ax.xaxis, seconds)
    ax.set_xlabel(f"mean training time per fold, s ({time.replace('_', ' ')})")
    ax.set_ylabel("mean accuracy over data sets, %")
    ax.grid(True, which="major", alpha=0.3)
    return ax


def _legend_points(ax: Axes, names: Any, x: np.ndarray, y: np.ndarray) -> None:
    """One marker and colour per point, named in a legend to the right of the axes."""
    colours = [f"C{k}" for k in range(10)]  # the ten colours of matplotlib's cycle
    for k, (name, xk, yk) in enumerate(zip(names, x, y)):
        ax.scatter(
            [xk], [yk], color=colours[k % len(colours)], marker=_MARKERS[k % len(_MARKERS)],
            s=45, zorder=3, label=str(name), edgecolors="black", linewidths=0.4,
        )  # fmt: skip
    ax.legend(
        loc="upper left", bbox_to_anchor=(1.02, 1.0), frameon=False, fontsize=8,
        ncol=1 if len(x) <= 16 else 2, borderaxespad=0.0,
    )  # fmt: skip


def plot_error_vs_error(
    results: pd.DataFrame,
    reference: str,
    method: str,
    ax: Axes | None = None,
    *,
    limit: float | None = None,
) -> Axes:
    """Per-data-set mean error of ``method`` (y) against ``reference`` (x).

    Points below the diagonal are data sets where ``method`` errs less, as in
    García-Osorio & García-Pedrajas (2008), Figure 2. The title names ``method`` and
    counts the data sets below, on and above the diagonal.

    Parameters
    ----------
    results : DataFrame
        Tidy results (``dataset``, ``method``, ``accuracy``).
    reference, method : str
        The methods on the x and y axes.
    ax : Axes, optional
        Where to draw; a new figure if None.
    limit : float, optional
        Upper end of both axes, in % (panels side by side share it); default: just
        above the largest error drawn.
    """
    ax = _axes(ax)
    errors = 1.0 - results.groupby(["dataset", "method"])["accuracy"].mean().unstack("method")
    missing = [m for m in (reference, method) if m not in errors.columns]
    if missing:
        raise ValueError(f"no results for method(s) {missing}")
    x, y = 100 * errors[reference], 100 * errors[method]
    top = limit if limit is not None else float(max(x.max(), y.max(), 1e-9)) * 1.05
    ax.plot([0, top], [0, top], color="grey", linestyle="--", linewidth=1)
    ax.scatter(x, y, color="tab:red", zorder=3)
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)
    ax.set_aspect("equal")
    ax.set_xlabel(f"{reference} error, %")
    ax.set_ylabel(f"{method} error, %")
    below, above = int((y < x).sum()), int((y > x).sum())
    ties = int(((y == x) & x.notna()).sum())
    ax.set_title(f"{method}\nbelow {below}, on {ties}, above {above}", fontsize=9)
    ax.grid(True, alpha=0.3)
    return ax
