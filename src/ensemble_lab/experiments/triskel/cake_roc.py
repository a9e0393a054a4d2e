"""The ROC analysis of Section 5 on the layered cake: Prop. 1 and the deepest concavity.

Used by the layered-cake page (:mod:`.cake_runs`). Everything is computed on the
cake's training set, as the paper's analysis is.

* **Prop. 1**: the arbiter's (FPr, TPr) on the hard instances, mapped into the
  embedded ROC space whose corners are h⁺ and h⁻, is the (FPr, TPr) of the
  single-round Triskel on the whole training set. The proposition assumes the
  inclusion {h⁺ = +1} ⊆ {h = +1} ⊆ {h⁻ = +1}, which thresholding satisfies exactly;
  it is checked on every bias pair of the sweep with thresholding, and reported with
  oversampling (Figure 4's biasing), where the inclusion may fail.
* **The deepest concavity** of the oversampling bias curves is the pair of biased
  classifiers whose segment's midpoint (a random arbiter on the hard instances) lies
  furthest above the accuracy of h. There the paper says h sits "very close to the
  (1, 0)" of the embedded ROC space and that reversing h on the hard instances gives
  "a significant improvement".
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

import numpy as np
from scipy import stats as sps

__all__ = ["Concavity", "Proposition1", "deepest_concavity", "mcnemar_greater", "proposition1"]


@dataclass(frozen=True)
class Proposition1:
    """Prop. 1 over a sweep of bias pairs on one training set.

    Attributes
    ----------
    threshold_gap : float
        Largest distance, over the pairs, between Triskel's ROC point and the arbiter's
        embedded point, with thresholding.
    oversample_gap : float
        The same with oversampling.
    oversample_violations : float
        Share of the oversampling pairs whose members break the inclusion assumption on
        some training instance.
    n_pairs : int
        Bias pairs swept (per strategy).
    """

    threshold_gap: float
    oversample_gap: float
    oversample_violations: float
    n_pairs: int


@dataclass(frozen=True)
class Concavity:
    """The deepest concavity of the oversampling bias curves on one training set.

    Attributes
    ----------
    pair : tuple of float
        Biases of h⁺ and h⁻ at the deepest concavity.
    base_point : tuple of float
        (FPr, TPr) of h on the hard instances of that pair (its embedded position).
    distance : float
        Euclidean distance of ``base_point`` from (1, 0).
    base_accuracy, reversed_accuracy : float
        Training accuracy of h and of the pair with h reversed on the hard instances.
    p_value : float
        One-sided exact McNemar test that the reversal is more accurate than h.
    closest : float
        The smallest distance of h from (1, 0) in the embedded space of any pair of the
        sweep whose hard instances hold both classes.
    """

    pair: tuple[float, float]
    base_point: tuple[float, float]
    distance: float
    base_accuracy: float
    reversed_accuracy: float
    p_value: float
    closest: float


def _pm1(labels: np.ndarray, positive: Any) -> np.ndarray:
    return np.where(np.asarray(labels) == positive, 1, -1)


def _gap(model: Any, X: np.ndarray, y: np.ndarray) -> tuple[float, bool]:
    """Distance between Triskel's ROC point and Prop. 1's embedded one, and inclusion broken."""
    from ...methods import embed_point, hard_roc_point, roc_points

    positive = model.classes_[-1]
    pairs, arbiter = model.round_votes(X)
    plus, minus = _pm1(pairs[0, 0], positive), _pm1(pairs[0, 1], positive)
    t = _pm1(y, positive)
    ones = np.ones(t.size)
    outer = np.ravel(
        roc_points(np.vstack([plus, minus, _pm1(model.predict(X), positive)]), t, ones)
    )
    inner = hard_roc_point(_pm1(arbiter, positive), plus, minus, t)
    mapped = embed_point((outer[0], outer[3]), (outer[1], outer[4]), inner)
    broken = bool(np.any((plus == 1) & (minus == -1)))
    return float(np.hypot(*(mapped - (outer[2], outer[5])))), broken


def proposition1(X: np.ndarray, y: np.ndarray, biases: np.ndarray, seed: int) -> Proposition1:
    """Check Prop. 1 on every pair of ``biases`` (single-round Triskel, separation)."""
    from ...learners import make_learner
    from ...methods import Oversample, Threshold, TriskelClassifier

    gaps: dict[str, list[tuple[float, bool]]] = {"threshold": [], "oversample": []}
    for (p, m), (kind, strategy) in product(
        product(biases, biases), (("threshold", Threshold), ("oversample", Oversample))
    ):
        model = TriskelClassifier(
            make_learner("smo"), 1, bias=strategy((float(p), float(m))), random_state=seed
        ).fit(X, y)
        gaps[kind].append(_gap(model, X, y))
    return Proposition1(
        threshold_gap=max(g for g, _ in gaps["threshold"]),
        oversample_gap=max(g for g, _ in gaps["oversample"]),
        oversample_violations=float(np.mean([b for _, b in gaps["oversample"]])),
        n_pairs=len(gaps["threshold"]),
    )


def mcnemar_greater(a_correct, b_correct) -> float:
    """One-sided exact McNemar p-value that ``a`` is right more often than ``b``.

    Only the instances where exactly one of the two is right count: under the null
    hypothesis each is ``a``'s with probability 1/2.

    Examples
    --------
    >>> round(mcnemar_greater([1, 1, 1, 1, 1, 0], [0, 0, 0, 0, 0, 0]), 4)  # 5 of 5: 1/32
    0.0312
    """
    a, b = np.asarray(a_correct, bool), np.asarray(b_correct, bool)
    wins, losses = int(np.sum(a & ~b)), int(np.sum(~a & b))
    if wins + losses == 0:
        return 1.0
    return float(sps.binomtest(wins, wins + losses, 0.5, alternative="greater").pvalue)


def deepest_concavity(X: np.ndarray, y: np.ndarray, biases: np.ndarray, seed: int) -> Concavity:
    """The oversampling bias curves' deepest concavity and h's place and reversal there.

    The deepest pair maximises the training accuracy of single-round Triskel with a
    random arbiter (the midpoint of the segment h⁺h⁻), ties to the first pair in the
    sweep's order.
    """
    from ...learners import make_learner
    from ...methods import Oversample, bias_curves, hard_roc_point, pair_scores

    curves = bias_curves(
        make_learner("smo"), X, y, biases=biases, strategy=Oversample(), random_state=seed
    )
    scores = pair_scores(curves)
    midpoint = (scores[:, :, 2] + scores[:, :, 3]) / 2
    i, j = np.unravel_index(int(np.argmax(midpoint)), midpoint.shape)
    h, plus, minus, t = curves.pred_plus[0], curves.pred_plus[i], curves.pred_minus[j], curves.y
    reversed_ = np.where(plus == minus, plus, -h)
    fpr, tpr = hard_roc_point(h, plus, minus, t)
    return Concavity(
        pair=(float(curves.biases[i]), float(curves.biases[j])),
        base_point=(fpr, tpr),
        distance=float(np.hypot(1 - fpr, tpr)),
        base_accuracy=float(np.mean(h == t)),
        reversed_accuracy=float(np.mean(reversed_ == t)),
        p_value=mcnemar_greater(reversed_ == t, h == t),
        closest=_closest(curves),
    )


def _closest(curves: Any) -> float:
    """Smallest distance of h from (1, 0) over the embedded spaces of the sweep's pairs."""
    from ...methods import hard_roc_point

    h, t, best = curves.pred_plus[0], curves.y, np.inf
    for plus, minus in product(curves.pred_plus, curves.pred_minus):  # pairs, not samples
        hard = plus != minus
        if np.unique(t[hard]).size == 2:
            fpr, tpr = hard_roc_point(h, plus, minus, t)
            best = min(best, float(np.hypot(1 - fpr, tpr)))
    return best
