"""Bayesian comparisons of two methods, through baycomp (an optional dependency).

* over data sets: the Bayesian signed-rank test of Benavoli et al. (2014, 2017) on one
  score per data set, with a region of practical equivalence (ROPE);
* on one data set: the correlated Bayesian t-test of Corani & Benavoli (2015) on the
  per-split scores of (repeated) cross-validation, whose correlation correction is
  Nadeau & Bengio's.

Each returns the posterior probabilities that the first method is worse, practically
equivalent (within the ROPE) or better, and a decision at a probability threshold.

References
----------
.. [1] A. Benavoli, G. Corani, J. Demšar and M. Zaffalon, "Time for a change: a tutorial
   for comparing multiple classifiers through Bayesian analysis", JMLR 18, 2017.
.. [2] G. Corani and A. Benavoli, "A Bayesian approach for comparing cross-validated
   algorithms on multiple data sets", Machine Learning 100, 2015.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ...utils import optional_import

__all__ = ["BayesianComparison", "bayesian_signed_rank", "correlated_ttest"]


@dataclass(frozen=True)
class BayesianComparison:
    """Posterior probabilities that ``a`` is worse than, equivalent to or better than ``b``.

    Attributes
    ----------
    p_worse, p_equivalent, p_better : float
        They sum to 1; ``p_equivalent`` is 0 without a ROPE.
    rope : float
        Half-width of the region of practical equivalence, in the scores' unit.
    threshold : float
        Probability a decision needs (``1 − alpha``).
    """

    p_worse: float
    p_equivalent: float
    p_better: float
    rope: float
    threshold: float

    @property
    def decision(self) -> str:
        """``better``, ``worse``, ``equivalent`` or ``inconclusive``."""
        for value, name in (
            (self.p_better, "better"),
            (self.p_worse, "worse"),
            (self.p_equivalent, "equivalent"),
        ):
            if value >= self.threshold:
                return name
        return "inconclusive"


def _baycomp() -> Any:
    return optional_import("baycomp", extra="stats", feature="A Bayesian comparison")


def _result(probs: tuple[float, ...], rope: float, alpha: float) -> BayesianComparison:
    # baycomp's probabilities are those of (left, rope, right) = (x better, equal, y
    # better) of y − x; here ``a`` is x, so "left" is ``a`` better.
    if len(probs) == 3:
        left, equal, right = probs
    else:
        (left, right), equal = probs, 0.0
    return BayesianComparison(float(right), float(equal), float(left), rope, 1.0 - alpha)


def bayesian_signed_rank(
    a: ArrayLike,
    b: ArrayLike,
    *,
    rope: float = 0.01,
    alpha: float = 0.05,
    nsamples: int = 50000,
    random_state: int | None = 0,
) -> BayesianComparison:
    """The Bayesian signed-rank test of ``a`` against ``b``, one score per data set.

    Parameters
    ----------
    a, b : array-like of shape (n_datasets,)
        Scores (higher is better).
    rope : float, default=0.01
        Differences within ``±rope`` are practically nothing (accuracy: one point).
    alpha : float, default=0.05
        A decision needs a posterior probability of at least ``1 − alpha``.
    nsamples : int, default=50000
        Draws from the Dirichlet process posterior.
    random_state : int or None, default=0
        Seed of the draws (reproducible by default).
    """
    baycomp = _baycomp()
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    posterior = baycomp.SignedRankTest(x, y, rope, nsamples=nsamples, random_state=random_state)
    return _result(posterior.probs(with_rope=rope > 0), rope, alpha)


def correlated_ttest(
    a: ArrayLike,
    b: ArrayLike,
    *,
    runs: int = 1,
    rope: float = 0.01,
    alpha: float = 0.05,
) -> BayesianComparison:
    """The correlated Bayesian t-test of ``a`` against ``b`` on one data set's splits.

    Parameters
    ----------
    a, b : array-like of shape (runs × folds,)
        Per-split scores of a (repeated) k-fold cross-validation, in the same order.
    runs : int, default=1
        Repetitions of the cross-validation (the correlation of the splits follows
        from the number of folds, ``len(a) / runs``).
    rope : float, default=0.01
    alpha : float, default=0.05
    """
    baycomp = _baycomp()
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return _result(baycomp.CorrelatedTTest.probs(x, y, rope, runs), rope, alpha)
