"""Kappa-error diagram: one cloud of member pairs per ensemble, on shared axes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

__all__ = ["plot_kappa_error"]

_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")


def plot_kappa_error(
    points_by_name: Mapping[str, np.ndarray], ax: Any = None, *, rasterized: bool = True
) -> Any:
    """Plot the kappa-error points of one or several ensembles on the same axes.

    Parameters
    ----------
    points_by_name : mapping of str to ndarray of shape (n_pairs, 2)
        Ensemble name → output of :func:`ensemble_lab.diversity.kappa_error_points`.
    ax : matplotlib Axes, default=None
        Where to draw; a new figure when None.
    rasterized : bool, default=True
        Draw the clouds as one image inside a vector file (SVG, PDF), so that tens of
        thousands of pairs cost the size of a picture; axes, labels and centroids stay
        vector.

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
    centres = []
    for k, (name, points) in enumerate(points_by_name.items()):
        points = np.asarray(points, dtype=float)
        marker = _MARKERS[k % len(_MARKERS)]
        (dots,) = ax.plot(
            points[:, 0], points[:, 1], marker, ms=4, alpha=0.5, ls="", label=name,
            rasterized=rasterized,
        )  # fmt: skip
        centres.append((points, marker, dots.get_color()))
    for points, marker, colour in centres:  # above every cloud, so none is hidden
        centre = np.nanmean(points, axis=0)
        ax.plot(*centre, marker, ms=11, color=colour, mec="black", mew=1.5, zorder=5)
    ax.set_xlabel("κ (pairwise agreement)")
    ax.set_ylabel("mean error of the pair, (E_i + E_j) / 2")
    ax.set_title("Kappa-error diagram")
    ax.legend(frameon=False, fontsize=8, markerscale=1.5)
    return ax
