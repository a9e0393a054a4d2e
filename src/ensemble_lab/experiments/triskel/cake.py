"""The "layered cake" of the Triskel paper (paper 000, Figures 1, 3(c) and 4, Section 5).

``ensemble-lab reproduce triskel-cake`` fits, on several random layered cakes
(:func:`ensemble_lab.datasets.make_layered_cake`, 400 points, four bands), a linear
SVM (the ``smo`` preset), AdaBoost-50 of it, and single-round Triskel (three members)
with the paper's biases, and writes ``triskel-cake.md`` (training accuracies and the
claims ledger), ``triskel-cake.png`` (decision regions of each model and the bias
curves of Figure 4) and ``triskel-cake-rounds.png`` (the region each round of a Triskel
decides, Figure 1(b), and the ROC spaces the rounds leave, Figure 3(c)). Everything is
computed on the page's run; nothing is stored (the whole run takes seconds).

The paper's Figure 4 biases by oversampling, so the bias sweeps use
:class:`~ensemble_lab.methods.Oversample` (and, for the paper's default setting,
:class:`~ensemble_lab.methods.Undersample` with bias 0.9).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ...reporting.claims import (
    Claim,
    checked_notes,
    ledger_table,
    verdict,
    write_ledger,
    write_summary,
)
from .._common import fill_template, markdown_table, save_figure, write_page
from .cake_roc import Concavity, Proposition1, deepest_concavity, proposition1

DESCRIPTION = (
    "The layered cake: linear SVM, boosted SVMs and Triskel with the paper's biases "
    "(paper 000, Figures 1, 3(c) and 4)"
)
NAME = "triskel-cake"
TITLE = "Triskel — the layered cake (paper 000, Figures 1, 3(c) and 4)"
SEEDS = range(5)
N_SAMPLES = 400
#: Oversampling biases of the sweeps (symmetric: both members; asymmetric: every pair).
BIASES = np.round(np.arange(0.0, 0.91, 0.1), 2)
#: The paper's numbers of Section 5 (training accuracy on its cake).
PAPER_ASYMMETRIC = {"bias_plus": 0.11, "bias_minus": 0.085, "accuracy": 0.803}
PAPER_SYMMETRIC = {"bias": 0.09, "accuracy": 0.703}
STRONG_BIAS = 0.4
#: Tolerance of "no improvement" / "does not help": training accuracy points.
NO_GAIN = 0.02
#: Prop. 1 holds when the two ROC points are this close (rounding of the rates).
PROP1_TOLERANCE = 1e-9
#: "Very close to the (1, 0)": largest distance from it in the embedded ROC space.
NEAR_CORNER = 0.1
#: Level of the one-sided McNemar test of "a significant improvement".
ALPHA = 0.05


@dataclass(frozen=True)
class CakeRun:
    """Training accuracies on one cake."""

    seed: int
    svm: float
    svm_one_class: float  # share of the training points the SVM gives its commoner label
    adaboost: float
    triskel_paper: float  # Undersample(0.9), the paper's Section 4 setting
    triskel_auto: float  # bias pair read from the bias curves (Threshold)
    auto_reach: float  # furthest distance of its training errors from a band boundary
    three_lines: float  # the band boundaries y = 1/4, 3/4 and 1/2 as three lines, voted
    triskel_strong: float  # Oversample(0.4)
    symmetric: pd.Series  # Oversample(b) for b in BIASES
    asymmetric: pd.DataFrame  # Oversample((b+, b-)), b+ rows, b- columns
    prop1: Proposition1  # Prop. 1 over the sweep's pairs
    concavity: Concavity  # the deepest concavity of the oversampling bias curves

    def best_symmetric(self) -> tuple[float, float]:
        """(bias, accuracy) of the best symmetric oversampling bias."""
        return float(self.symmetric.idxmax()), float(self.symmetric.max())

    def best_asymmetric(self) -> tuple[float, float, float]:
        """(bias of h⁺, bias of h⁻, accuracy) of the best asymmetric pair."""
        stacked = self.asymmetric.stack()
        plus, minus = stacked.idxmax()
        return float(plus), float(minus), float(stacked.max())


def _svm() -> Any:
    from ...learners import make_learner

    return make_learner("smo")


def _triskel(bias: Any, seed: int) -> Any:
    from ...methods import TriskelClassifier

    return TriskelClassifier(_svm(), 1, bias=bias, random_state=seed)


def run_cake(seed: int, biases: np.ndarray = BIASES) -> CakeRun:
    """Fit every model of the page on the cake of ``seed`` and score it on its training set."""
    from ...datasets import make_layered_cake
    from ...methods import Oversample, Undersample, make

    X, y = make_layered_cake(N_SAMPLES, random_state=seed)

    def score(model: Any) -> float:
        return float(model.fit(X, y).score(X, y))

    svm_labels = _svm().fit(X, y).predict(X)
    auto = _triskel("auto", seed).fit(X, y)

    grid = pd.DataFrame(
        [[score(_triskel(Oversample((p, m)), seed)) for m in biases] for p in biases],
        index=pd.Index(biases, name="bias h+"),
        columns=pd.Index(biases, name="bias h-"),
    )
    return CakeRun(
        seed=seed,
        svm=score(_svm()),
        svm_one_class=float(np.bincount(svm_labels).max() / svm_labels.size),
        adaboost=score(make("AdaBoost-50", random_state=seed)),
        triskel_paper=score(_triskel(Undersample(0.9), seed)),
        triskel_auto=float(auto.score(X, y)),
        auto_reach=_reach(X[auto.predict(X) != y, 1]),
        three_lines=float(np.mean(_three_lines(X) == y)),
        triskel_strong=score(_triskel(Oversample(STRONG_BIAS), seed)),
        symmetric=pd.Series(np.diag(grid.to_numpy()), index=biases),
        asymmetric=grid,
        prop1=proposition1(X, y, biases, seed),
        concavity=deepest_concavity(X, y, biases, seed),
    )


def _three_lines(X: np.ndarray) -> np.ndarray:
    """The majority vote of three lines at the four-band cake's boundaries.

    ``y > 1/4`` (biased to class 1), ``y > 3/4`` (biased to class 0) and ``y < 1/2``
    (the arbiter between the middle bands).
    """
    height = X[:, 1]
    votes = (height > 0.25).astype(int) + (height > 0.75) + (height < 0.5)
    return (votes >= 2).astype(int)


def _reach(heights: np.ndarray) -> float:
    """Furthest distance of ``heights`` from the nearest band boundary (0 if none)."""
    if heights.size == 0:
        return 0.0
    return float(np.abs(heights[:, None] - np.array([0.25, 0.5, 0.75])).min(axis=1).max())


# --------------------------------------------------------------------------- findings
@dataclass(frozen=True)
class Findings:
    """What the cakes say: each cake's accuracies, the sweep, and the claims ledger."""

    runs: tuple[CakeRun, ...]
    biases: np.ndarray  # oversampling biases swept
    best_pair: tuple[float, float]  # best asymmetric (h⁺, h⁻) pair of the first cake
    claims: tuple[Claim, ...]


def findings(runs: list[CakeRun], biases: np.ndarray = BIASES) -> Findings:
    """The claims over the cakes and the pair the figures draw (the first cake's best)."""
    plus, minus, _ = runs[0].best_asymmetric()
    return Findings(tuple(runs), biases, (plus, minus), tuple(_claims(runs)))


# --------------------------------------------------------------------------- claims
def _claims(runs: list[CakeRun]) -> list[Claim]:
    svm = np.array([r.svm for r in runs])
    sym = [r.best_symmetric() for r in runs]
    small = sum(b <= 0.15 for b, _ in sym)
    return [
        _svm_error_claim(svm),
        _boosting_claim(svm, np.array([r.adaboost for r in runs])),
        _three_lines_claim(runs),
        replace(
            _strong_bias_claim(runs, svm, np.array([r.triskel_strong for r in runs])),
            checked=_why_strong_bias(runs),
        ),
        replace(
            _small_bias_claim(sym, small, len(runs)),
            checked="The cause is the one checked for the previous claim.",
        ),
        _asymmetric_claim(runs),
        _prop1_claim(runs),
        _corner_claim(runs),
        _reversal_claim(runs),
    ]


def _prop1_claim(runs: list[CakeRun]) -> Claim:
    gap = max(r.prop1.threshold_gap for r in runs)
    over = max(r.prop1.oversample_gap for r in runs)
    broken = np.mean([r.prop1.oversample_violations for r in runs])
    return Claim(
        key="proposition-1",
        quote=(
            "Prop. 1: If we map the performance of the arbiter classifier on the hard "
            "instances to the corresponding point in the embedded ROC (sub)space [...], "
            "then the performance of a single-round Triskel with this arbiter on the "
            "whole dataset will correspond to the position of this point in the initial "
            "ROC space."
        ),
        test=(
            "on each cake's training set, for every pair (h+, h-) of the sweep's biases, "
            "single-round Triskel (separation) with thresholding (the inclusion "
            "assumption exact): distance between its (FPr, TPr) and the arbiter's point "
            f"on the hard instances mapped into the embedded space; holds: at most "
            f"{PROP1_TOLERANCE:g} for every pair on every cake"
        ),
        paper="proved under the inclusion assumption",
        ours=(
            f"largest distance {gap:.1e} over {runs[0].prop1.n_pairs} pairs × "
            f"{len(runs)} cakes; with oversampling {over:.1e} (inclusion broken on "
            f"{broken:.0%} of the pairs)"
        ),
        verdict=verdict(gap <= PROP1_TOLERANCE),
    )


def _corner_claim(runs: list[CakeRun]) -> Claim:
    dist = np.array([r.concavity.distance for r in runs])
    claim = Claim(
        key="base-near-corner",
        quote=(
            "Also, the performance of the base classifier would be very close to the "
            "(1,0) in the embedded ROC space (i.e. boosting is likely to be ineffective "
            "here)"
        ),
        test=(
            "at the deepest concavity of the oversampling bias curves (the pair whose "
            "midpoint, a random arbiter, has the highest training accuracy), the SVM's "
            "(FPr, TPr) on the hard instances; holds: within "
            f"{NEAR_CORNER} of (1, 0) on every cake; partly: on most (more than half)"
        ),
        paper="very close to (1, 0) (Figure 4)",
        ours="; ".join(
            f"({r.concavity.base_point[0]:.2f}, {r.concavity.base_point[1]:.2f}), "
            f"distance {r.concavity.distance:.2f}"
            for r in runs
        ),
        verdict=verdict(
            bool((dist <= NEAR_CORNER).all()), (dist <= NEAR_CORNER).sum() > len(runs) / 2
        ),
    )
    if claim.verdict == "holds":
        return claim
    closest = np.array([r.concavity.closest for r in runs])
    fpr = np.array([r.concavity.base_point[0] for r in runs])
    tpr = np.array([r.concavity.base_point[1] for r in runs])
    return replace(
        claim,
        checked=(
            f"Checked: at the deepest concavity the SVM's FPr on the hard instances is "
            f"{fpr.min():.2f}–{fpr.max():.2f} (near 1) and its TPr {tpr.min():.2f}–"
            f"{tpr.max():.2f}; over every pair of the sweep whose hard instances hold both "
            f"classes, the nearest it comes to (1, 0) is {closest.min():.2f}–"
            f"{closest.max():.2f}: h calls most hard negatives positive (FPr near 1) "
            "but still gets a share of the hard positives right, on every pair. "
            "Boosting it does not help all the same (claim 2). The paper's cake is its "
            "own random draw, not published; on ours the corner is not reached."
        ),
    )


def _reversal_claim(runs: list[CakeRun]) -> Claim:
    gain = np.array([r.concavity.reversed_accuracy - r.concavity.base_accuracy for r in runs])
    p = np.array([r.concavity.p_value for r in runs])
    significant = (p < ALPHA) & (gain > 0)
    return Claim(
        key="reversal-significant",
        quote=(
            "It is easy to see that if we pick the biased classifiers to form the deepest "
            "concavity, then simply reversing the base classifier on the hard instances "
            "gives us a significant improvement."
        ),
        test=(
            "at the deepest concavity (as above), training accuracy of the pair with the "
            "SVM reversed on the hard instances against the SVM's, one-sided exact "
            f"McNemar test; holds: significantly higher at {ALPHA} on every cake; partly: "
            "on most (more than half)"
        ),
        paper="a significant improvement (Figure 4)",
        ours=(
            f"gain {gain.min():+.3f} to {gain.max():+.3f}; p at most {p.max():.1e}; "
            f"significant on {int(significant.sum())} of {len(runs)} cakes"
        ),
        verdict=verdict(bool(significant.all()), significant.sum() > len(runs) / 2),
    )


def _svm_error_claim(svm: np.ndarray) -> Claim:
    return Claim(
        key="svm-large-error",
        quote=(
            "The Support Vector Machine algorithm with a linear kernel learns a "
            "decision surface with a large error."
        ),
        test="training error of the linear SVM; holds: at least 0.2 on every cake",
        paper="large (Figure 1a)",
        ours=f"{1 - svm.max():.3f} to {1 - svm.min():.3f} on {len(svm)} cakes",
        verdict=verdict(bool((1 - svm >= 0.2).all())),
    )


def _boosting_claim(svm: np.ndarray, ada: np.ndarray) -> Claim:
    return Claim(
        key="boosting-does-not-help",
        quote="Boosting SVM does not help [...] eventually boosting gives up.",
        test=(
            f"training accuracy of AdaBoost-50 of the SVM minus the SVM's; holds: at "
            f"most {NO_GAIN} on every cake"
        ),
        paper="no gain",
        ours=f"gain {(ada - svm).min():+.3f} to {(ada - svm).max():+.3f}",
        verdict=verdict(bool((ada - svm <= NO_GAIN).all())),
    )


def _three_lines_claim(runs: list[CakeRun]) -> Claim:
    auto = np.array([r.triskel_auto for r in runs])
    claim = Claim(
        key="three-lines-zero-error",
        quote=(
            "An ensemble of three linear SVMs that has zero training error when "
            "combined with a simple majority vote."
        ),
        test=(
            "training error of single-round Triskel (three SVMs) with the bias pair "
            "read from the training bias curves; holds: zero on every cake; partly: "
            "at most 0.05 on every cake"
        ),
        paper="0 (Figure 1b)",
        ours=f"{1 - auto.max():.3f} to {1 - auto.min():.3f}",
        verdict=verdict(bool((auto == 1).all()), bool((1 - auto <= 0.05).all())),
    )
    if claim.verdict == "holds":
        return claim
    ideal = np.array([1 - r.three_lines for r in runs])
    best = np.array([1 - r.best_asymmetric()[2] for r in runs])
    return replace(
        claim,
        checked=(
            "Checked whether three lines can have zero training error on these cakes: the "
            "band boundaries y = 1/4, y = 3/4 and y = 1/2 as three lines voting have "
            f"training error {ideal.max():.3f} at most over the {len(runs)} cakes, so "
            "such an ensemble exists. Triskel's errors (bias pair from the curves) all "
            f"lie within {max(r.auto_reach for r in runs):.3f} of a band boundary: its "
            "members' lines, each an SVM fitted to the whole biased training set, land "
            "near the boundaries, not on them. The best pair of the bias sweep has "
            f"training error {best.min():.3f} to {best.max():.3f}."
        ),
    )


def _asymmetric_claim(runs: list[CakeRun]) -> Claim:
    sym = [r.best_symmetric() for r in runs]
    asym = [r.best_asymmetric() for r in runs]
    asym_better = sum(a[2] > s[1] for a, s in zip(asym, sym))
    return Claim(
        key="asymmetric-bias-better",
        quote=(
            "Running Triskel with these asymmetric biases gives 0.803 accuracy on the "
            "training set, while the maximum accuracy when running Triskel with a "
            "symmetric bias is only 0.703."
        ),
        test=(
            "best training accuracy over the asymmetric pairs of the sweep against the "
            "best symmetric one; holds: strictly higher on most (more than half) of the "
            "cakes"
        ),
        paper=(f"{PAPER_ASYMMETRIC['accuracy']} against {PAPER_SYMMETRIC['accuracy']}"),
        ours="; ".join(f"{a[2]:.3f} against {s[1]:.3f}" for a, s in zip(asym, sym)),
        verdict=verdict(asym_better > len(runs) / 2),
    )


def _why_strong_bias(runs: list[CakeRun]) -> str:
    """What was checked for the strong-bias claims (numbers from this run)."""
    one = [r.svm_one_class for r in runs]
    return (
        "Checked: our base SVM (the `smo` preset, C = 1 on min–max scaled features, "
        "Weka's SMO defaults) draws its line across the middle of the cake (it gives "
        f"each label to about half of the points: the commoner one to {min(one):.0%}–"
        f"{max(one):.0%}), so it misclassifies the two middle bands (figure, first "
        "panel). For a member's line to reach a band edge, a quarter of the height away, "
        "its biasing has to outweigh about half of one class, which is where the sweep "
        "finds the best biases (claim 5); a bias of 0.4 is already close to that, hence "
        "the gain. Triskel does what Figure 1b shows once the members sit on the band "
        "edges (the best pairs and the pair read from the curves). An optimum near 0.1, "
        "as in the paper, needs a base line that already lies near a band edge; the "
        "paper's cake is not published, so the difference is put down to the data, not "
        "found in the code."
    )


def _strong_bias_claim(runs: list[CakeRun], svm: np.ndarray, strong: np.ndarray) -> Claim:
    return Claim(
        key="strong-bias-no-gain",
        quote=(
            "Running Triskel even with bias 0.4 already gives no improvement compared "
            "to the base classifier."
        ),
        test=(
            f"training accuracy of Triskel with oversampling bias {STRONG_BIAS} minus "
            f"the SVM's; holds: at most {NO_GAIN} on every cake"
        ),
        paper="no improvement",
        ours=f"gain {(strong - svm).min():+.3f} to {(strong - svm).max():+.3f}",
        verdict=verdict(bool((strong - svm <= NO_GAIN).all())),
    )


def _small_bias_claim(sym: list[tuple[float, float]], small: int, n: int) -> Claim:
    return Claim(
        key="small-optimal-bias",
        quote=(
            "The optimal positions of the biased classifiers on this dataset "
            "correspond to a quite small bias (around 0.1)."
        ),
        test=(
            "best symmetric oversampling bias of the sweep; holds: at most 0.15 on "
            "most (more than half) of the cakes"
        ),
        paper=f"{PAPER_SYMMETRIC['bias']}",
        ours=", ".join(f"{b:.2f}" for b, _ in sym),
        verdict=verdict(small > n / 2),
    )


# --------------------------------------------------------------------------- figure
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


def _figure(out_dir: Path, best: tuple[float, float]) -> str:
    from matplotlib.figure import Figure

    from ...datasets import make_layered_cake
    from ...methods import Oversample, Undersample, make
    from ...methods._triskel_roc import bias_curves
    from ...reporting._roc_plots import plot_bias_curves

    X, y = make_layered_cake(N_SAMPLES, random_state=SEEDS[0])
    fig = Figure(figsize=(18, 3.8))
    axes = fig.subplots(1, 6)
    models = [
        (_svm(), "linear SVM (Fig. 1a)"),
        (make("AdaBoost-50", random_state=SEEDS[0]), "AdaBoost-50 of the SVM"),
        (_triskel(Undersample(0.9), SEEDS[0]), "Triskel, undersampling 0.9"),
        (_triskel(Oversample(best), SEEDS[0]), f"Triskel, oversampling {best}"),
        (_triskel("auto", SEEDS[0]), "Triskel, bias from the curves"),
    ]
    for ax, (model, title) in zip(axes, models):
        _regions(ax, model.fit(X, y), X, y, title)
    curves = bias_curves(_svm(), X, y, biases=BIASES, strategy=Oversample(), random_state=0)
    plot_bias_curves(curves, pair=best, ax=axes[-1])
    axes[-1].set_title("bias curves, oversampling (Fig. 4)", fontsize=9)
    fig.tight_layout()
    return save_figure(fig, out_dir, f"{NAME}.png")


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
    from ...methods._triskel_roc import _roc

    fpr, tpr = _roc(np.where(pred == 1, 1, -1), np.where(y == 1, 1, -1), np.ones(len(y)))
    return float(fpr), float(tpr)


def _nested_spaces(ax: Any, model: Any, svm: Any, X: np.ndarray, y: np.ndarray) -> None:
    """Figure 3(c): after each round, the ROC space left to the later rounds.

    After round t the rows no pair has decided yet are open; labelling them all −1 or
    all +1 gives the corners h⁺ / h⁻ of the space the later rounds (and the arbiter)
    move the ensemble in, so the rectangles nest, and the ensemble ends inside the last.
    """
    from ...methods._triskel_roc import accuracy_line

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


def _rounds_figure(out_dir: Path, pair: tuple[float, float]) -> str:
    """Figure 1(b) round by round, and Figure 3(c), for one Triskel on the seed-0 cake."""
    from matplotlib.figure import Figure

    from ...datasets import make_layered_cake
    from ...methods import Oversample, TriskelClassifier

    X, y = make_layered_cake(N_SAMPLES, random_state=SEEDS[0])
    model = TriskelClassifier(
        _svm(), ROUNDS, weighting=WEIGHTING, bias=Oversample(pair), random_state=SEEDS[0]
    ).fit(X, y)
    stages = _stages(model, _GRID)
    fig = Figure(figsize=(3.2 * (len(stages) + 2), 3.6))
    axes = fig.subplots(1, len(stages) + 2)
    names = [f"round {t}: h⁺ and h⁻ agree" for t in range(1, len(stages))] + ["arbiter"]
    for ax, stage, name in zip(axes, stages, names):
        _paint(ax, X, y, stage, f"{name}\n(white: passed on)")
    _regions(axes[-2], model, X, y, f"Triskel, {model.n_rounds_} round(s)")
    _nested_spaces(axes[-1], model, _svm().fit(X, y), X, y)
    fig.tight_layout()
    return save_figure(fig, out_dir, f"{NAME}-rounds.png")


# --------------------------------------------------------------------------- page
def _table(runs: list[CakeRun]) -> pd.DataFrame:
    rows = []
    for r in runs:
        b_sym, a_sym = r.best_symmetric()
        plus, minus, a_asym = r.best_asymmetric()
        rows.append(
            {
                "seed": r.seed,
                "SVM": r.svm,
                "AdaBoost-50": r.adaboost,
                "Triskel, under 0.9": r.triskel_paper,
                f"Triskel, over {STRONG_BIAS}": r.triskel_strong,
                "best symmetric (bias)": f"{a_sym:.3f} ({b_sym:.2f})",
                "best asymmetric (h+, h-)": f"{a_asym:.3f} ({plus:.2f}, {minus:.2f})",
                "Triskel, bias from curves": r.triskel_auto,
            }
        )
    return pd.DataFrame(rows)


def run(
    out_dir: Path,
    *,
    data_dir: Path | None = None,
    n_jobs: int = 1,
    backend: Any = None,
    progress: Callable[[Any], None] | None = None,
    quick: bool = False,
) -> Path:
    """Fit every model on each cake and write the page (``quick``: two cakes, coarse sweep).

    The data are synthetic (``data_dir`` is unused) and the fits small, so they run in
    this process (``n_jobs``, ``backend`` and ``progress`` are unused).
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    seeds = SEEDS[:2] if quick else SEEDS
    biases = BIASES[::3] if quick else BIASES
    return write_report(findings([run_cake(seed, biases) for seed in seeds], biases), out_dir)


def _values(f: Findings, figure: str, rounds_figure: str) -> dict[str, str]:
    """The text of each placeholder of the page's template."""
    return {
        "title": TITLE,
        "name": NAME,
        "n_cakes": str(len(f.runs)),
        "n_samples": str(N_SAMPLES),
        "biases": ", ".join(f"{b:.2f}" for b in f.biases),
        "table": markdown_table(_table(list(f.runs)), decimals=3, index=False),
        "seed": str(SEEDS[0]),
        "figure": figure,
        "rounds_figure": rounds_figure,
        "rounds": str(ROUNDS),
        "weighting": WEIGHTING,
        "ledger": ledger_table(f.claims),
        "checked": checked_notes(f.claims),
    }


def write_report(f: Findings, out_dir: Path) -> Path:
    """The page, its two figures (the first cake, refitted) and the claims ledger."""
    figure = _figure(out_dir, f.best_pair)
    rounds_figure = _rounds_figure(out_dir, f.best_pair)
    write_ledger(out_dir, NAME, TITLE, list(f.claims))
    write_summary(out_dir)
    return write_page(
        out_dir, NAME, fill_template(NAME, _values(f, figure, rounds_figure), package=__package__)
    )
