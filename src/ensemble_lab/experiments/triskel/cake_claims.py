"""The claims of the Triskel paper on its layered cake (Section 5), tested on our cakes.

Each test reads the :class:`~.cake_runs.CakeRun` of every cake; :func:`cake_claims`
gives them in the ledger's order, a claim short of holding with what was checked.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ...reporting.claims import Claim, verdict
from .cake_runs import STRONG_BIAS, CakeRun
from .paper import PAPER_ASYMMETRIC, PAPER_SYMMETRIC

__all__ = ["cake_claims"]

#: Tolerance of "no improvement" / "does not help": training accuracy points.
NO_GAIN = 0.02
#: Prop. 1 holds when the two ROC points are this close (rounding of the rates).
PROP1_TOLERANCE = 1e-9
#: "Very close to the (1, 0)": largest distance from it in the embedded ROC space.
NEAR_CORNER = 0.1
#: Level of the one-sided McNemar test of "a significant improvement".
ALPHA = 0.05


def cake_claims(runs: list[CakeRun]) -> list[Claim]:
    """The ledger of the cake's claims over ``runs`` (one per cake), in the paper's order."""
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
