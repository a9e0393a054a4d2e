"""Triskel's ROC pictures (Khoussainov et al. 2005, Figures 3 and 4).

``plot_bias_curves`` draws the bias curves of h⁺ (from h to (0, 0)) and h⁻ (from h to
(1, 1)), the unbiased learner h and its accuracy line; with a chosen pair it also draws
the embedded ROC space of the hard instances. ``plot_embedded_roc_space`` draws that
nested space alone, with the points where simple arbiters land (Prop. 1).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..methods import BiasCurves, accuracy_line, embed_point, hard_roc_point

__all__ = ["plot_bias_curves", "plot_embedded_roc_space"]


def _axes(ax: Any) -> Any:
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(4.5, 4.5))
    return ax


def _roc_frame(ax: Any) -> None:
    ax.plot([0, 1], [0, 1], color="0.8", lw=0.8, ls=":")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_xlabel("FPr")
    ax.set_ylabel("TPr")


def _index(curves: BiasCurves, bias: float) -> int:
    i = int(np.argmin(np.abs(curves.biases - bias)))
    if not np.isclose(curves.biases[i], bias):
        raise ValueError(f"bias {bias} is not on the curves' grid {curves.biases.tolist()}")
    return i


def plot_bias_curves(
    curves: BiasCurves,
    *,
    pair: tuple[float, float] | None = None,
    annotate: bool = True,
    ax: Any = None,
) -> Any:
    """Bias curves of h⁺ and h⁻ in the training ROC space (Figure 4 style).

    Parameters
    ----------
    curves : BiasCurves
        From :func:`ensemble_lab.methods._triskel_roc.bias_curves`.
    pair : (bias_plus, bias_minus), optional
        Also draw the embedded ROC space of this pair (a rectangle from h⁺ to h⁻) and its
        centre, where single-round Triskel with a random arbiter lands.
    annotate : bool, default=True
        Label a few bias values along the curves.
    ax : matplotlib Axes, optional
        Where to draw; a new figure if None.

    Returns
    -------
    matplotlib Axes
    """
    ax = _axes(ax)
    _roc_frame(ax)
    fpr_h, tpr_h = curves.h_point
    ax.plot(
        np.r_[curves.fpr_plus, 0.0], np.r_[curves.tpr_plus, 0.0], "o-", ms=3, label="h⁺ bias curve"
    )
    ax.plot(
        np.r_[curves.fpr_minus, 1.0],
        np.r_[curves.tpr_minus, 1.0],
        "s-",
        ms=3,
        label="h⁻ bias curve",
    )
    xs = np.linspace(0, 1, 50)
    line = accuracy_line(curves.h_accuracy, curves.n_pos, curves.n_neg, xs)
    inside = (line >= 0) & (line <= 1)
    ax.plot(
        xs[inside], line[inside], "k--", lw=0.8, label=f"accuracy of h ({curves.h_accuracy:.3f})"
    )
    ax.plot([fpr_h], [tpr_h], "k*", ms=10, label="h")
    if annotate:
        step = max(1, curves.biases.size // 5)
        for i in range(step, curves.biases.size, step):
            for fx, ty in (
                (curves.fpr_plus, curves.tpr_plus),
                (curves.fpr_minus, curves.tpr_minus),
            ):
                ax.annotate(f"{curves.biases[i]:.2g}", (fx[i], ty[i]), fontsize=7, alpha=0.7)
    if pair is not None:
        plot_embedded_roc_space(curves, *pair, ax=ax, frame=False)
    ax.legend(loc="lower right", fontsize=7)
    return ax


def plot_embedded_roc_space(
    curves: BiasCurves,
    bias_plus: float,
    bias_minus: float,
    *,
    frame: bool = True,
    ax: Any = None,
) -> Any:
    """The hard instances' ROC space embedded between h⁺ and h⁻ (Figure 3(b) style).

    Draws the rectangle with corners h⁺ and h⁻, its diagonal (the random arbiters), its
    centre, and where the arbiters h and "reversed h" land in the outer space by Prop. 1.

    Parameters
    ----------
    curves : BiasCurves
    bias_plus, bias_minus : float
        Biases of the pair; must be values of ``curves.biases``.
    frame : bool, default=True
        Draw the outer ROC frame (axes limits and labels) too.
    ax : matplotlib Axes, optional

    Returns
    -------
    matplotlib Axes
    """
    ax = _axes(ax)
    if frame:
        _roc_frame(ax)
    i, j = _index(curves, bias_plus), _index(curves, bias_minus)
    plus = (curves.fpr_plus[i], curves.tpr_plus[i])
    minus = (curves.fpr_minus[j], curves.tpr_minus[j])
    corners = np.array(
        [embed_point(plus, minus, c) for c in [(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)]]
    )
    ax.plot(corners[:, 0], corners[:, 1], color="tab:green", lw=1, label="embedded ROC space")
    ax.plot([plus[0], minus[0]], [plus[1], minus[1]], color="tab:green", lw=0.6, ls=":")
    centre = embed_point(plus, minus, (0.5, 0.5))
    ax.plot(*centre, "o", mfc="none", color="tab:green", label="random arbiter")
    h = curves.pred_plus[0]
    pp, pm = curves.pred_plus[i], curves.pred_minus[j]
    if np.any(pp != pm):
        for pred, marker, name in ((h, "^", "arbiter h"), (-h, "v", "arbiter reversed h")):
            inner = hard_roc_point(pred, pp, pm, curves.y, curves.sample_weight)
            ax.plot(*embed_point(plus, minus, inner), marker, color="tab:red", label=name)
    return ax
