"""The layered cakes of the Triskel paper's Section 5, fitted: one :class:`CakeRun` each.

On a random layered cake (:func:`ensemble_lab.datasets.make_layered_cake`, 400 points,
four bands) :func:`run_cake` fits a linear SVM (the ``smo`` preset), AdaBoost-50 of it
and single-round Triskel (three members) with the paper's biases, sweeps the
oversampling biases of Figure 4, and scores every model on its training set, as the
paper's analysis does. The paper's Figure 4 biases by oversampling, so the sweeps use
:class:`~ensemble_lab.methods.Oversample` (and, for the paper's default setting,
:class:`~ensemble_lab.methods.Undersample` with bias 0.9).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from .cake_roc import Concavity, Proposition1, deepest_concavity, proposition1

__all__ = [
    "BIASES",
    "N_SAMPLES",
    "SEEDS",
    "STRONG_BIAS",
    "CakeRun",
    "cake_svm",
    "cake_triskel",
    "run_cake",
]

SEEDS = range(5)
N_SAMPLES = 400
#: Oversampling biases of the sweeps (symmetric: both members; asymmetric: every pair).
BIASES = np.round(np.arange(0.0, 0.91, 0.1), 2)
STRONG_BIAS = 0.4


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


def cake_svm() -> Any:
    """The linear SVM of the cake (the ``smo`` preset), unfitted."""
    from ...learners import make_learner

    return make_learner("smo")


def cake_triskel(bias: Any, seed: int) -> Any:
    """Single-round Triskel of :func:`cake_svm` biased by ``bias``, unfitted."""
    from ...methods import TriskelClassifier

    return TriskelClassifier(cake_svm(), 1, bias=bias, random_state=seed)


def run_cake(seed: int, biases: np.ndarray = BIASES) -> CakeRun:
    """Fit every model of the page on the cake of ``seed`` and score it on its training set.

    Examples
    --------
    >>> run = run_cake(0, biases=np.array([0.0, 0.4]))
    >>> run.asymmetric.shape, 0.5 < run.svm < 0.9
    ((2, 2), True)
    """
    from ...datasets import make_layered_cake
    from ...methods import Oversample, Undersample, make

    X, y = make_layered_cake(N_SAMPLES, random_state=seed)

    def score(model: Any) -> float:
        return float(model.fit(X, y).score(X, y))

    svm_labels = cake_svm().fit(X, y).predict(X)
    auto = cake_triskel("auto", seed).fit(X, y)

    grid = pd.DataFrame(
        [[score(cake_triskel(Oversample((p, m)), seed)) for m in biases] for p in biases],
        index=pd.Index(biases, name="bias h+"),
        columns=pd.Index(biases, name="bias h-"),
    )
    return CakeRun(
        seed=seed,
        svm=score(cake_svm()),
        svm_one_class=float(np.bincount(svm_labels).max() / svm_labels.size),
        adaboost=score(make("AdaBoost-50", random_state=seed)),
        triskel_paper=score(cake_triskel(Undersample(0.9), seed)),
        triskel_auto=float(auto.score(X, y)),
        auto_reach=_reach(X[auto.predict(X) != y, 1]),
        three_lines=float(np.mean(_three_lines(X) == y)),
        triskel_strong=score(cake_triskel(Oversample(STRONG_BIAS), seed)),
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
