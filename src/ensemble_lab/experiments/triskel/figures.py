"""Figure 2 of the Triskel paper: accuracy against training time, ours and the paper's."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from ...reporting.plots import plot_accuracy_vs_time
from .claims import ADABOOST_LINE, TRISKEL_LINE
from .paper import METHODS, PAPER_ACCURACY, PAPER_TIME

__all__ = ["figure2"]


def _trade_off_panel(ax: Any, results: pd.DataFrame, title: str, xlabel: str) -> None:
    """Figure 2 panel: accuracy vs training time; Triskel and AdaBoost joined by lines."""
    plot_accuracy_vs_time(results, ax=ax)
    means = results.groupby("method")[["accuracy", "fit_cpu"]].mean()
    for line, style in ((TRISKEL_LINE, "-"), (ADABOOST_LINE, "--")):
        present = [m for m in line if m in means.index]
        ax.plot(
            np.maximum(means.loc[present, "fit_cpu"], 1e-4),
            100 * means.loc[present, "accuracy"],
            style,
            label="Triskel" if line is TRISKEL_LINE else "AdaBoost",
        )
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("accuracy, %")
    ax.legend(fontsize=7, loc="lower right")


def _paper_as_results(dataset: str) -> pd.DataFrame:
    """The paper's Tables 1–2 for one data set in the tidy form the plot takes."""
    return pd.DataFrame(
        {
            "method": list(METHODS),
            "dataset": dataset,
            "accuracy": PAPER_ACCURACY.loc[dataset, list(METHODS)].to_numpy() / 100,
            "fit_cpu": PAPER_TIME.loc[dataset, list(METHODS)].to_numpy(),
        }
    )


def figure2(results: pd.DataFrame | None, datasets: list[str]) -> Any:
    """Figure 2: one panel per data set, accuracy against training time (log scale).

    From our tidy ``results`` (their mean per method), or from the paper's Tables 1–2
    when ``results`` is None.

    Examples
    --------
    >>> fig = figure2(None, ["glass", "vehicle"])
    >>> [ax.get_title() for ax in fig.axes if ax.get_visible()]
    ['glass', 'vehicle']
    """
    from matplotlib.figure import Figure

    n = len(datasets)
    cols = min(3, n)
    rows = int(np.ceil(n / cols))
    fig = Figure(figsize=(5 * cols, 4 * rows))
    axes = np.atleast_1d(fig.subplots(rows, cols)).ravel()
    for ax, dataset in zip(axes, datasets):
        data = _paper_as_results(dataset) if results is None else results
        if results is not None:
            data = results[results["dataset"] == dataset]
        xlabel = (
            "training time, s (paper, Weka 2005)" if results is None else "training time, CPU s"
        )
        _trade_off_panel(ax, data, dataset, xlabel)
    for ax in axes[n:]:
        ax.set_visible(False)
    fig.tight_layout()
    return fig
