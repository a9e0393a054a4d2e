"""Kappa-error diagram: one cloud of member pairs per ensemble, on shared axes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

__all__ = ["plot_kappa_error"]

_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")


def plot_kappa_error(points_by_name: Mapping[str, np.ndarray], ax: Any = None) -> Any:
    """Plot the kappa-error points of one or several ensembles on the same axes.

    Parameters
    ----------
    points_by_name : mapping of str to ndarray of shape (n_pairs, 2)
        Ensemble name → output of :func:`ensemble_lab.diversity.kappa_error_points`.
    ax : matplotlib Axes, default=None
        Where to draw; a new figure when None.

    Returns
    -------
    ax : matplotlib Axes
        κ on the x-axis (left = more diverse), mean pair error on the y-axis (bottom =
        more accurate), one marker and colour per ensemble, a legend, and each cloud's
        centroid as a larger marker.
    """
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(5, 4))
    for k, (name, points) in enumerate(points_by_name.items()):
        points = np.asarray(points, dtype=float)
        marker = _MARKERS[k % len(_MARKERS)]
        (dots,) = ax.plot(points[:, 0], points[:, 1], marker, ms=4, alpha=0.6, ls="", label=name)
        centre = np.nanmean(points, axis=0)
        ax.plot(*centre, marker, ms=11, color=dots.get_color(), mec="black")
    ax.set_xlabel("κ (pairwise agreement)")
    ax.set_ylabel("mean error of the pair, (E_i + E_j) / 2")
    ax.set_title("Kappa-error diagram")
    ax.legend(frameon=False)
    return ax
