"""Figures 2-4: error and Q against the ensemble size, and Q-error trajectories."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from .criteria import DATASET_TITLES, VARIANTS
from .probes import CURVES as _CURVES


def _curve(means: pd.DataFrame, keys: tuple, column: str) -> np.ndarray:
    return means.loc[keys, column].to_numpy()


def figure_2(means: pd.DataFrame, weights: pd.DataFrame, X_train: np.ndarray) -> Any:
    """Error and Q against k (mean of the runs) and the final weights, per variant."""
    from matplotlib.figure import Figure

    from ...reporting.plots import plot_error_q_curves, plot_weight_scatter

    fig = Figure(figsize=(13, 11))
    axes = fig.subplots(3, 3, gridspec_kw={"height_ratios": [1, 1, 1.4]})
    for j, variant in enumerate(VARIANTS):
        keys = ("fig2", "cone-torus", "qda", 0, variant)
        if keys not in means.index.droplevel("k"):
            continue
        plot_error_q_curves(
            *(_curve(means, keys, c) for c in _CURVES),
            axes=axes[:2, j],
            title=f"{variant.capitalize()} (QDA, Cone-Torus)",
        )
        w = weights[weights["variant"] == variant].groupby("point")["weight"].mean()
        if not w.empty:
            plot_weight_scatter(
                X_train, w.sort_index().to_numpy(), ax=axes[2, j], title="final weights"
            )
    fig.tight_layout()
    return fig


def _trajectory_grid(
    means: pd.DataFrame, panels: list[tuple[tuple, str]], n_cols: int, *, improvement: bool
) -> Any:
    from matplotlib.figure import Figure

    from ...reporting.plots import plot_q_trajectories

    n_rows = -(-len(panels) // n_cols)
    fig = Figure(figsize=(4.3 * n_cols, 3.8 * n_rows))
    axes = np.atleast_1d(fig.subplots(n_rows, n_cols, squeeze=False)).ravel()
    index = means.index.droplevel("k")
    for ax, (prefix, title) in zip(axes, panels):
        trajectories, stops = {}, {}
        for variant in VARIANTS:
            keys = (*prefix, variant)
            if keys not in index:
                continue
            q, err = _curve(means, keys, "test_q"), _curve(means, keys, "test_error")
            trajectories[variant] = (q, err[0] - err if improvement else err)
            stops[variant] = int(np.nanargmin(_curve(means, keys, "train_q")[1:])) + 1
        if not trajectories:
            ax.set_visible(False)
            continue
        plot_q_trajectories(
            trajectories,
            ax=ax,
            stops=None if improvement else stops,
            ylabel="improvement on the first member" if improvement else "testing error",
            title=title,
        )
        if improvement:
            ax.axhline(0.0, color="grey", lw=0.5)
    for ax in axes[len(panels) :]:
        ax.set_visible(False)
    fig.tight_layout()
    return fig


def figure_3(means: pd.DataFrame, datasets: tuple[str, ...], bases: tuple[str, ...]) -> Any:
    """Improvement over the first member against testing Q, per base and data set."""
    panels = [
        (("fig3", d, b, 0), f"{DATASET_TITLES[d]}, {b.upper()}") for b in bases for d in datasets
    ]
    return _trajectory_grid(means, panels, max(len(datasets), 1), improvement=True)


def figure_4(means: pd.DataFrame, sizes: tuple[int, ...], bases: tuple[str, ...]) -> Any:
    """Phoneme: testing error against testing Q, per base and training size."""
    panels = [
        (("fig4", "phoneme", b, n), f"Phoneme, {b.upper()}, N = {n}") for b in bases for n in sizes
    ]
    return _trajectory_grid(means, panels, max(len(sizes), 1), improvement=False)
