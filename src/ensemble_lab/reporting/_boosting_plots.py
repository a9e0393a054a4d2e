"""Boosting curves: error and Q against ensemble size, and trajectories in the (Q, error) plane.

The figures of Kuncheva & Whitaker (2002): Fig. 2 (training/testing error and Q against
the number of members, and the sampling weights of the training points), Fig. 3
(improvement over the first member against Q) and Fig. 4 (testing error against Q).
Every function takes ``ax=None`` and returns what it drew on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

__all__ = [
    "VARIANT_STYLES",
    "plot_error_q_curves",
    "plot_q_trajectories",
    "plot_weight_scatter",
]

#: Line styles of the paper's Figs. 3-4: aggressive solid with dots, conservative
#: dashed with circles, inverse solid with pluses.
VARIANT_STYLES: dict[str, dict[str, Any]] = {
    "aggressive": {"ls": "-", "marker": ".", "color": "black"},
    "conservative": {"ls": "--", "marker": "o", "mfc": "none", "color": "tab:blue"},
    "inverse": {"ls": "-", "marker": "+", "color": "tab:red"},
}


def _new_axes(n: int, figsize: tuple[float, float]) -> Any:
    import matplotlib.pyplot as plt

    _, axes = plt.subplots(n, 1, figsize=figsize, squeeze=False)
    return axes[:, 0]


def plot_error_q_curves(
    train_error: np.ndarray,
    test_error: np.ndarray,
    train_q: np.ndarray,
    test_q: np.ndarray,
    *,
    axes: Any = None,
    title: str | None = None,
    mark_min_q: bool = True,
) -> Any:
    """Error (top) and mean pairwise Q (bottom) of the first k members, k = 1 .. L.

    Parameters
    ----------
    train_error, test_error, train_q, test_q : ndarray of shape (L,)
        Curves of one ensemble (or their means over runs); training solid, testing dashed.
    axes : pair of matplotlib Axes, default=None
        Where to draw the error and the Q curves; a new figure when None.
    title : str, default=None
        Title of the error panel.
    mark_min_q : bool, default=True
        Draw a vertical dotted line at the k ≥ 2 of minimum training Q (the stopping
        point the paper suggests).

    Returns
    -------
    axes : pair of matplotlib Axes
    """
    if axes is None:
        axes = _new_axes(2, (4, 5))
    ax_error, ax_q = axes
    k = np.arange(1, len(train_error) + 1)
    ax_error.plot(k, train_error, "-", color="black", label="training")
    ax_error.plot(k, test_error, "--", color="black", label="testing")
    ax_q.plot(k, train_q, "-", color="tab:blue", label="training")
    ax_q.plot(k, test_q, "--", color="tab:blue", label="testing")
    if mark_min_q and len(train_q) > 2:
        stop = int(np.nanargmin(np.asarray(train_q)[1:])) + 2
        for ax in (ax_error, ax_q):
            ax.axvline(stop, color="grey", ls=":", lw=1)
    ax_error.set_ylabel("error")
    ax_q.set_ylabel("Q")
    ax_q.set_xlabel("number of members k")
    if title:
        ax_error.set_title(title)
    ax_error.legend(frameon=False, fontsize="small")
    return axes


def plot_weight_scatter(
    X: np.ndarray, weights: np.ndarray, *, ax: Any = None, title: str | None = None
) -> Any:
    """Training points coloured by their sampling weight (light = high, as in Fig. 2).

    Parameters
    ----------
    X : ndarray of shape (n_samples, 2)
    weights : ndarray of shape (n_samples,)
        Sampling probabilities; shown relative to the uniform 1/n on a log scale, so that
        points above and below uniform are told apart.
    ax : matplotlib Axes, default=None
    title : str, default=None

    Returns
    -------
    ax : matplotlib Axes
    """
    from matplotlib.colors import LogNorm

    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(4, 4))
    X = np.asarray(X, dtype=float)
    relative = np.asarray(weights, dtype=float) * weights.shape[0]
    relative = np.clip(relative, 1e-3, None)
    order = np.argsort(relative)  # heavy points drawn last, on top
    span = max(float(relative.max()), 1.0 / float(relative.min()), 2.0)
    points = ax.scatter(
        X[order, 0],
        X[order, 1],
        c=relative[order],
        s=12,
        cmap="gray",
        norm=LogNorm(1.0 / span, span),
        edgecolors="none",
    )
    ax.set_facecolor("#202020")
    ax.set_aspect("equal", adjustable="box")
    ax.figure.colorbar(points, ax=ax, shrink=0.8, label="weight × n")
    if title:
        ax.set_title(title)
    return ax


def plot_q_trajectories(
    trajectories: Mapping[str, tuple[np.ndarray, np.ndarray]],
    *,
    ax: Any = None,
    stops: Mapping[str, int] | None = None,
    ylabel: str = "improvement on the first member",
    title: str | None = None,
) -> Any:
    """One line per ensemble through the points (Q_k, value_k), k = 1 .. L.

    Fig. 3 of the paper plots the testing accuracy minus that of the first member
    against the testing Q; Fig. 4 the testing error against Q, with a grey dot at the
    stopping point.

    Parameters
    ----------
    trajectories : mapping of str to (q, value)
        Name (a boosting variant: its line style follows the paper) → two arrays of
        shape (L,).
    ax : matplotlib Axes, default=None
    stops : mapping of str to int, default=None
        Name → index k (0-based) of a point to mark with a large grey dot.
    ylabel : str
    title : str, default=None

    Returns
    -------
    ax : matplotlib Axes
    """
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(4, 3.5))
    for name, (q, value) in trajectories.items():
        style = VARIANT_STYLES.get(name, {"ls": "-", "marker": "x"})
        ax.plot(q, value, ms=5, lw=1, label=name, **style)
        if stops is not None and name in stops:
            k = stops[name]
            ax.plot(q[k], value[k], "o", ms=10, color="grey", alpha=0.8, zorder=0)
    ax.set_xlabel("Q (testing)")
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    ax.legend(frameon=False, fontsize="small")
    return ax
