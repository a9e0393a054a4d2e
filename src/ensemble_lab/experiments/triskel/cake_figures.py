"""The layered cake's figures: decision regions, bias curves and Triskel's rounds.

Figures 1, 3(c) and 4 of the Triskel paper drawn from the first cake (seed 0): each
model's decision regions with the bias curves of oversampling, and, for a Triskel of
:data:`ROUNDS` rounds, the region each round decides and the ROC spaces the rounds
leave. The models are refitted here (seconds).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from .._common import save_figure
from .cake_runs import BIASES, N_SAMPLES, SEEDS, cake_svm, cake_triskel

__all__ = ["ROUNDS", "WEIGHTING", "cake_figure", "rounds_figure"]

#: The unit square the cakes live in, as a 200 × 200 grid of points to label.
_AXIS = np.linspace(0, 1, 200)
_GRID = np.column_stack([a.ravel() for a in np.meshgrid(_AXIS, _AXIS)])


def _paint(ax: Any, X: np.ndarray, y: np.ndarray, labels: np.ndarray, title: str) -> None:
    """The grid coloured by ``labels`` (NaN: left white), the training points on top."""
    z = np.asarray(labels, dtype=float).reshape(_AXIS.size, _AXIS.size)
    ax.contourf(_AXIS, _AXIS, z, levels=[-0.5, 0.5, 1.5], colors=["#d6e4f0", "#f6dcc8"])
    ax.scatter(X[:, 0], X[:, 1], c=np.where(y == 1, "#c0504d", "#1f5f9f"), s=5)
    ax.set_title(title, fontsize=9)
    ax.set_xticks([])
    ax.set_yticks([])


def _regions(ax: Any, model: Any, X: np.ndarray, y: np.ndarray, title: str) -> None:
    wrong = model.predict(X) != y
    _paint(ax, X, y, model.predict(_GRID), f"{title}\ntraining accuracy {np.mean(~wrong):.3f}")
    ax.scatter(X[wrong, 0], X[wrong, 1], facecolors="none", edgecolors="k", s=30, lw=0.6)


def cake_figure(out_dir: Path, best: tuple[float, float], page: str) -> str:
    """Each model's regions on the first cake and the bias curves; ``page``.png, its Markdown."""
    from matplotlib.figure import Figure

    from ...datasets import make_layered_cake
    from ...methods import Oversample, Undersample, bias_curves, make
    from ...reporting.plots import plot_bias_curves

    X, y = make_layered_cake(N_SAMPLES, random_state=SEEDS[0])
    fig = Figure(figsize=(18, 3.8))
    axes = fig.subplots(1, 6)
    models = [
        (cake_svm(), "linear SVM (Fig. 1a)"),
        (make("AdaBoost-50", random_state=SEEDS[0]), "AdaBoost-50 of the SVM"),
        (cake_triskel(Undersample(0.9), SEEDS[0]), "Triskel, undersampling 0.9"),
        (cake_triskel(Oversample(best), SEEDS[0]), f"Triskel, oversampling {best}"),
        (cake_triskel("auto", SEEDS[0]), "Triskel, bias from the curves"),
    ]
    for ax, (model, title) in zip(axes, models):
        _regions(ax, model.fit(X, y), X, y, title)
    curves = bias_curves(cake_svm(), X, y, biases=BIASES, strategy=Oversample(), random_state=0)
    plot_bias_curves(curves, pair=best, ax=axes[-1])
    axes[-1].set_title("bias curves, oversampling (Fig. 4)", fontsize=9)
    fig.tight_layout()
    return save_figure(fig, out_dir, f"{page}.png")


#: The Triskel whose rounds are drawn (Figure 1(b) has one round; Figure 3(c) several).
ROUNDS = 2
WEIGHTING = "separation"


def _stages(model: Any, X: np.ndarray) -> list[np.ndarray]:
    """Per round, then the arbiter: the label it gives the rows it decides (NaN elsewhere)."""
    pairs, arbiter = model.round_votes(X)
    open_ = np.ones(X.shape[0], dtype=bool)
    stages = []
    for plus, minus in pairs:
        decides = open_ & (plus == minus)
        stages.append(np.where(decides, plus, np.nan))
        open_ &= ~decides
    stages.append(np.where(open_, arbiter, np.nan))
    return stages


def _roc_point(pred: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """(FPr, TPr) of labels ``pred`` against the cake's 0/1 classes (1 positive)."""
    from ...methods import roc_points

    fpr, tpr = roc_points(np.where(pred == 1, 1, -1), np.where(y == 1, 1, -1), np.ones(len(y)))
    return float(fpr), float(tpr)


def _nested_spaces(ax: Any, model: Any, svm: Any, X: np.ndarray, y: np.ndarray) -> None:
    """Figure 3(c): after each round, the ROC space left to the later rounds.

    After round t the rows no pair has decided yet are open; labelling them all −1 or
    all +1 gives the corners h⁺ / h⁻ of the space the later rounds (and the arbiter)
    move the ensemble in, so the rectangles nest, and the ensemble ends inside the last.
    """
    from ...methods import accuracy_line

    stages = _stages(model, X)
    decided = np.full(len(y), np.nan)
    for t, stage in enumerate(stages[:-1], 1):
        decided = np.where(np.isnan(decided), stage, decided)
        plus = _roc_point(np.nan_to_num(decided, nan=0), y)
        minus = _roc_point(np.nan_to_num(decided, nan=1), y)
        ax.add_patch(_rectangle(plus, minus, t))
    svm_point = _roc_point(svm.predict(X), y)
    xs = np.linspace(0, 1, 50)
    line = accuracy_line(svm.score(X, y), np.sum(y == 1), np.sum(y == 0), xs)
    ok = (line >= 0) & (line <= 1)
    ax.plot(xs[ok], line[ok], "k--", lw=0.8, label="accuracy of the SVM")
    ax.plot(*svm_point, "k*", ms=9, label="SVM")
    ax.plot(*_roc_point(model.predict(X), y), "o", color="tab:red", label="Triskel")
    ax.set(xlim=(0, 1), ylim=(0, 1), xlabel="FPr", ylabel="TPr")
    ax.legend(loc="lower right", fontsize=7)
    ax.set_title("Fig. 3(c): the space left after each round", fontsize=9)


def _rectangle(plus: tuple[float, float], minus: tuple[float, float], t: int) -> Any:
    from matplotlib.patches import Rectangle

    width, height = minus[0] - plus[0], minus[1] - plus[1]
    colour = ["tab:green", "tab:purple", "tab:orange"][(t - 1) % 3]
    return Rectangle(plus, width, height, fill=False, color=colour, label=f"after round {t}")


def rounds_figure(out_dir: Path, pair: tuple[float, float], page: str) -> str:
    """Figure 1(b) round by round, and Figure 3(c), for one Triskel on the seed-0 cake.

    Saved as ``page``-rounds.png; its Markdown.
    """
    from matplotlib.figure import Figure

    from ...datasets import make_layered_cake
    from ...methods import Oversample, TriskelClassifier

    X, y = make_layered_cake(N_SAMPLES, random_state=SEEDS[0])
    model = TriskelClassifier(
        cake_svm(), ROUNDS, weighting=WEIGHTING, bias=Oversample(pair), random_state=SEEDS[0]
    ).fit(X, y)
    stages = _stages(model, _GRID)
    fig = Figure(figsize=(3.2 * (len(stages) + 2), 3.6))
    axes = fig.subplots(1, len(stages) + 2)
    names = [f"round {t}: h⁺ and h⁻ agree" for t in range(1, len(stages))] + ["arbiter"]
    for ax, stage, name in zip(axes, stages, names):
        _paint(ax, X, y, stage, f"{name}\n(white: passed on)")
    _regions(axes[-2], model, X, y, f"Triskel, {model.n_rounds_} round(s)")
    _nested_spaces(axes[-1], model, cake_svm().fit(X, y), X, y)
    fig.tight_layout()
    return save_figure(fig, out_dir, f"{page}-rounds.png")
