"""ROC analysis of Triskel (Khoussainov, Heß & Kushmerick 2005, §5).

A biased classifier is a point in ROC space (FPr, TPr). As its bias grows, h⁺ moves from
h towards (0, 0) and h⁻ from h towards (1, 1): these are the *bias curves*. The instances
on which a pair (h⁺, h⁻) disagrees are the *hard* ones; their ROC space is embedded in
the outer one as the rectangle with corners h⁺ and h⁻ (Prop. 1), and a single-round
Triskel with arbiter a lands where a's point on the hard instances maps to. A pair whose
embedded space lets some simple arbiter beat the *accuracy line* of h is one on which
Triskel improves on h.

Everything here works on the training set of a binary problem coded as y ∈ {−1, +1}
(or with ``pos_label`` naming the positive class).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from sklearn.base import clone

from ..utils import draw_seeds
from ._biasing import BiasingStrategy, Threshold

__all__ = [
    "BiasCurves",
    "BiasPair",
    "accuracy_line",
    "best_bias_pair",
    "bias_curves",
    "embed_point",
    "hard_roc_point",
    "pair_scores",
]

DEFAULT_BIASES = np.round(np.linspace(0.0, 0.95, 20), 10)


@dataclass(frozen=True)
class BiasCurves:
    """The bias curves of one base learner on one (weighted) training set.

    Attributes
    ----------
    biases : ndarray of shape (n_biases,)
        Bias values, ascending, starting at 0 (the unbiased learner h).
    fpr_plus, tpr_plus, fpr_minus, tpr_minus : ndarray of shape (n_biases,)
        ROC points of h⁺ and h⁻ at each bias.
    pred_plus, pred_minus : ndarray of shape (n_biases, n_samples)
        Their predictions (±1) on the training set.
    y : ndarray of shape (n_samples,)
        True labels (±1).
    sample_weight : ndarray of shape (n_samples,)
        Instance weights (the round's distribution).
    members_plus, members_minus : list of fitted classifiers
        The biased classifiers themselves, one per bias value.
    """

    biases: np.ndarray
    fpr_plus: np.ndarray
    tpr_plus: np.ndarray
    fpr_minus: np.ndarray
    tpr_minus: np.ndarray
    pred_plus: np.ndarray
    pred_minus: np.ndarray
    y: np.ndarray
    sample_weight: np.ndarray
    members_plus: list = field(default_factory=list, repr=False)
    members_minus: list = field(default_factory=list, repr=False)

    @property
    def n_pos(self) -> float:
        """Weight of the positive instances (P)."""
        return float(self.sample_weight[self.y == 1].sum())

    @property
    def n_neg(self) -> float:
        """Weight of the negative instances (N)."""
        return float(self.sample_weight[self.y == -1].sum())

    @property
    def h_point(self) -> tuple[float, float]:
        """(FPr, TPr) of the unbiased learner h (bias 0)."""
        return float(self.fpr_plus[0]), float(self.tpr_plus[0])

    @property
    def h_accuracy(self) -> float:
        """Weighted training accuracy of h."""
        w = self.sample_weight
        return float(w[self.pred_plus[0] == self.y].sum() / w.sum())


@dataclass(frozen=True)
class BiasPair:
    """The best pair of biases found on the training set, and what it promises."""

    bias_plus: float
    bias_minus: float
    accuracy: float
    arbiter: str


def roc_points(pred: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(FPr, TPr) of each row of ``pred``; rates are weighted."""
    pos, neg = w * (y == 1), w * (y == -1)
    tpr = (pred == 1) @ pos / max(pos.sum(), np.finfo(float).tiny)
    fpr = (pred == 1) @ neg / max(neg.sum(), np.finfo(float).tiny)
    return fpr, tpr


def _as_pm1(y, pos_label) -> np.ndarray:
    y = np.asarray(y)
    labels = np.unique(y)
    if labels.size != 2:
        raise ValueError(f"ROC analysis needs a binary problem; y has {labels.size} classes")
    if pos_label is None:
        if set(labels.tolist()) == {-1, 1}:
            return y.astype(int)
        pos_label = labels[1]
    if pos_label not in labels:
        raise ValueError(f"pos_label={pos_label!r} is not a class of y {labels.tolist()}")
    return np.where(y == pos_label, 1, -1)


def bias_curves(
    estimator,
    X,
    y,
    *,
    biases=None,
    strategy: BiasingStrategy | None = None,
    pos_label=None,
    sample_weight=None,
    random_state=None,
    rescale_weights=True,
) -> BiasCurves:
    """Train h⁺ and h⁻ at each bias value and place them in the training ROC space.

    Parameters
    ----------
    estimator : classifier
        Base learner (cloned; with :class:`Threshold` it is trained once).
    X : ndarray or DataFrame of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        Binary labels.
    biases : array-like of float, default=0, 0.05, ..., 0.95
        Bias values; 0 is added if missing (it is h).
    strategy : BiasingStrategy, default=Threshold()
        How the learner is biased.
    pos_label : label, default=None
        The positive class; by default +1 when y is ±1, else the larger label.
    sample_weight : array-like of shape (n_samples,), default=None
    random_state : int or None
    rescale_weights : bool, default=True
        Whether the learners get the weights rescaled to mean 1 or as given (see
        :func:`~ensemble_lab.methods._biasing.fit_on_sample`).

    Returns
    -------
    BiasCurves
    """
    y = _as_pm1(y, pos_label)
    biases = DEFAULT_BIASES if biases is None else np.asarray(biases, dtype=float)
    biases = np.unique(np.concatenate([[0.0], biases]))
    strategy = Threshold() if strategy is None else strategy
    w = np.ones(y.size) if sample_weight is None else np.asarray(sample_weight, dtype=float)
    seeds = draw_seeds(np.random.default_rng(random_state), 2)
    members = {
        t: strategy.fit_grid(
            clone(estimator),
            X,
            y,
            w,
            target=t,
            biases=biases,
            random_state=int(s),
            rescale_weights=rescale_weights,
        )
        for t, s in zip((1, -1), seeds)
    }
    pred_plus = np.vstack([m.predict(X) for m in members[1]]).astype(int)
    pred_minus = np.vstack([m.predict(X) for m in members[-1]]).astype(int)
    if not isinstance(strategy, Threshold):
        # bias 0 is the same unbiased learner for both sides; use one fit for both
        pred_minus[0] = pred_plus[0]
        members[-1][0] = members[1][0]
    fpr_p, tpr_p = roc_points(pred_plus, y, w)
    fpr_m, tpr_m = roc_points(pred_minus, y, w)
    return BiasCurves(
        biases, fpr_p, tpr_p, fpr_m, tpr_m, pred_plus, pred_minus, y, w, members[1], members[-1]
    )


def accuracy_line(accuracy: float, n_pos: float, n_neg: float, fpr):
    """TPr of the points of ROC space with the given accuracy (paper §5).

    TPr = A + N/P · (A + FPr − 1), from A = (P·TPr + N·(1 − FPr)) / (P + N).
    """
    return accuracy + n_neg / n_pos * (accuracy + np.asarray(fpr, dtype=float) - 1.0)


def embed_point(
    plus: tuple[float, float] | np.ndarray, minus: tuple[float, float] | np.ndarray, inner
):
    """Map a point of the hard instances' ROC space into the outer space (Prop. 1).

    The embedded space has its (0, 0) corner at h⁺ and its (1, 1) corner at h⁻:
    outer = h⁺ + inner · (h⁻ − h⁺), coordinate by coordinate.
    """
    plus, minus = np.asarray(plus, float), np.asarray(minus, float)
    return plus + np.asarray(inner, float) * (minus - plus)


def hard_roc_point(pred, pred_plus, pred_minus, y, sample_weight=None) -> tuple[float, float]:
    """(FPr, TPr) of ``pred`` on the hard instances, where h⁺ and h⁻ disagree."""
    y = np.asarray(y)
    w = np.ones(y.size) if sample_weight is None else np.asarray(sample_weight, float)
    hard = np.asarray(pred_plus) != np.asarray(pred_minus)
    fpr, tpr = roc_points(np.asarray(pred)[None, hard], y[hard], w[hard])
    return float(fpr[0]), float(tpr[0])


_ARBITERS = ("h", "reversed h", "always +1", "always -1")


def pair_scores(curves: BiasCurves) -> np.ndarray:
    """Training accuracy of single-round Triskel for every bias pair and simple arbiter.

    Returns an array of shape (n_biases, n_biases, 4): entry ``[i, j, k]`` is the weighted
    training accuracy with h⁺ at ``biases[i]``, h⁻ at ``biases[j]`` and, on the hard
    instances, the arbiter h, reversed h, always +1 or always −1 (``k`` in that order).
    Computed with matrix products, without a loop over pairs.
    """
    P, M, y = curves.pred_plus, curves.pred_minus, curves.y
    w = curves.sample_weight / curves.sample_weight.sum()
    h = P[0]
    easy_correct = ((P == y) * w) @ (M == y).T
    arbiter_hits = np.stack([h == y, h != y, y == 1, y == -1]).astype(float) * w
    # weight of the arbiter's hits restricted to rows where the pair agrees
    agree_hits = np.einsum("in,kn,jn->ijk", (P == 1), arbiter_hits, (M == 1).astype(float))
    agree_hits += np.einsum("in,kn,jn->ijk", (P == -1), arbiter_hits, (M == -1).astype(float))
    return easy_correct[:, :, None] + arbiter_hits.sum(axis=1)[None, None, :] - agree_hits


def best_bias_pair(curves: BiasCurves) -> BiasPair:
    """The pair of biases with the best single-round Triskel training accuracy.

    Each pair is scored by :func:`pair_scores` with the best of the simple arbiters the
    paper's analysis uses (h itself, h reversed — the "deepest concavity" reading of
    Figure 4 — or a constant class); the retrained arbiter can do at least about as
    well. Ties go to the weakest bias (smallest ``bias_plus + bias_minus``), so the
    unbiased pair (0, 0), which is h, wins unless some pair does strictly better.
    """
    scores = pair_scores(curves)
    best_arbiter = scores.argmax(axis=2)
    best = scores.max(axis=2)
    n = curves.biases.size
    i_idx, j_idx = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    strength = curves.biases[i_idx] + curves.biases[j_idx]
    order = np.lexsort((strength.ravel(), -np.round(best.ravel(), 12)))
    i, j = np.unravel_index(order[0], best.shape)
    return BiasPair(
        float(curves.biases[i]),
        float(curves.biases[j]),
        float(best[i, j]),
        _ARBITERS[best_arbiter[i, j]],
    )
