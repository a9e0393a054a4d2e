"""Figures over a tidy results frame: accuracy vs training time, error vs error."""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes

__all__ = ["plot_accuracy_vs_time", "plot_error_vs_error"]


def _axes(ax: Axes | None) -> Axes:
    if ax is None:
        _, ax = plt.subplots(figsize=(5.5, 4.2))
    return ax


def plot_accuracy_vs_time(
    results: pd.DataFrame, ax: Axes | None = None, *, time: str = "fit_cpu"
) -> Axes:
    """Mean accuracy against mean training time, one point per method.

    The trade-off plot of Khoussainov et al. (2005), Figure 2: means are taken over
    data sets of the per-data-set means; time is on a log scale.

    Parameters
    ----------
    results : DataFrame
        Tidy results (``method``, ``dataset``, ``accuracy`` and the ``time`` column).
    ax : Axes, optional
        Where to draw; a new figure if None.
    time : str, default="fit_cpu"
        The time column.
    """
    ax = _axes(ax)
    per_dataset = results.groupby(["method", "dataset"], sort=False)[["accuracy", time]].mean()
    summary = per_dataset.groupby(level="method", sort=False).mean()
    seconds = np.maximum(summary[time].to_numpy(), 1e-4)
    ax.scatter(seconds, 100 * summary["accuracy"], color="tab:blue", zorder=3)
    for name, x, y in zip(summary.index, seconds, 100 * summary["accuracy"]):
        ax.annotate(str(name), (x, y), textcoords="offset points", xytext=(4, 3), fontsize=8)
    ax.set_xscale("log")
    ax.set_xlabel(f"mean training time per fold, s ({time.replace('_', ' ')})")
    ax.set_ylabel("mean accuracy over data sets, %")
    ax.grid(True, which="both", alpha=0.3)
    return ax


def plot_error_vs_error(
    results: pd.DataFrame, reference: str, method: str, ax: Axes | None = None
) -> Axes:
    """Per-data-set mean error of ``method`` (y) against ``reference`` (x).

    Points below the diagonal are data sets where ``method`` errs less, as in
    García-Osorio & García-Pedrajas (2008), Figure 2.
    """
    ax = _axes(ax)
    errors = 1.0 - results.groupby(["dataset", "method"])["accuracy"].mean().unstack("method")
    missing = [m for m in (reference, method) if m not in errors.columns]
    if missing:
        raise ValueError(f"no results for method(s) {missing}")
    x, y = 100 * errors[reference], 100 * errors[method]
    top = float(max(x.max(), y.max(), 1e-9)) * 1.05
    ax.plot([0, top], [0, top], color="grey", linestyle="--", linewidth=1)
    ax.scatter(x, y, color="tab:red", zorder=3)
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)
    ax.set_aspect("equal")
    ax.set_xlabel(f"{reference} error, %")
    ax.set_ylabel(f"{method} error, %")
    ax.grid(True, alpha=0.3)
    return ax
