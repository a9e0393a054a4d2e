"""Non-pairwise diversity measures over an oracle matrix.

Kuncheva & Whitaker (2003), "Measures of diversity in classifier ensembles and their
relationship with the ensemble accuracy", Machine Learning 51:181–207, Section 3.2. All of
them depend on the oracle only through ``l(z_j)``, the number of members that are right on
sample ``j`` (equivalently ``L − l(z_j)``, the number that fail), and, for κ, on the mean
individual accuracy ``p̄``.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from ._oracle import check_oracle

__all__ = [
    "coincident_failure_diversity",
    "difficulty",
    "entropy",
    "generalized_diversity",
    "interrater_agreement",
    "kohavi_wolpert_variance",
]


def _n_correct(oracle: npt.ArrayLike, min_members: int) -> tuple[np.ndarray, int]:
    o = check_oracle(oracle, min_members=min_members)
    return o.sum(axis=1), o.shape[1]


def _failure_distribution(oracle: npt.ArrayLike) -> tuple[np.ndarray, int]:
    """``p_i``: share of samples on which exactly ``i`` of the L members fail, i = 0..L."""
    n_correct, n_members = _n_correct(oracle, min_members=2)
    failures = n_members - n_correct
    return np.bincount(failures, minlength=n_members + 1) / failures.size, n_members


def entropy(oracle: npt.ArrayLike) -> float:
    """Entropy measure E of the ensemble's votes.

    ``E = 1/N Σ_j min(l_j, L − l_j) / (L − ⌈L/2⌉)``: 0 when all members agree on every
    sample, 1 when the correct votes are split as evenly as possible. Higher means more
    diverse.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)
        Booleans: member correct on the sample (see :func:`oracle_outputs`).

    Returns
    -------
    float

    Examples
    --------
    >>> entropy([[1, 1, 0], [1, 1, 1]])
    0.5
    """
    l_correct, n_members = _n_correct(oracle, min_members=2)
    spread = np.minimum(l_correct, n_members - l_correct)
    return float(spread.mean() / (n_members - math.ceil(n_members / 2)))


def kohavi_wolpert_variance(oracle: npt.ArrayLike) -> float:
    """Kohavi–Wolpert variance of the oracle outputs.

    ``KW = 1/(N L²) Σ_j l_j (L − l_j)``; it equals ``(L − 1)/(2L)`` times the averaged
    pairwise disagreement. Higher means more diverse.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)

    Returns
    -------
    float
    """
    l_correct, n_members = _n_correct(oracle, min_members=1)
    return float(np.mean(l_correct * (n_members - l_correct)) / n_members**2)


def interrater_agreement(oracle: npt.ArrayLike) -> float:
    """Interrater agreement κ (Fleiss) of the oracle outputs.

    ``κ = 1 − (1/L) Σ_j l_j (L − l_j) / (N (L − 1) p̄ (1 − p̄))`` with ``p̄`` the mean
    individual accuracy; equivalently ``1 − D_av / (2 p̄ (1 − p̄))``. Lower means more
    diverse. NaN when every member is always right or always wrong (``p̄`` is 0 or 1).

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)

    Returns
    -------
    float
    """
    o = check_oracle(oracle, min_members=2)
    n_samples, n_members = o.shape
    l_correct = o.sum(axis=1)
    p_bar = o.mean()
    den = n_samples * (n_members - 1) * p_bar * (1.0 - p_bar)
    if den == 0:
        return float("nan")
    return float(1.0 - np.sum(l_correct * (n_members - l_correct)) / n_members / den)


def difficulty(oracle: npt.ArrayLike) -> float:
    """Difficulty θ: the variance over samples of the share of members that are right.

    ``θ = Var(l_j / L)`` (population variance over the N samples). Lower means more
    diverse.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)

    Returns
    -------
    float
    """
    l_correct, n_members = _n_correct(oracle, min_members=1)
    return float(np.var(l_correct / n_members))


def generalized_diversity(oracle: npt.ArrayLike) -> float:
    """Generalised diversity GD of Partridge & Krzanowski.

    With ``p_i`` the share of samples on which exactly ``i`` members fail,
    ``p(1) = Σ_i (i/L) p_i`` (one random member fails) and
    ``p(2) = Σ_i i(i − 1)/(L(L − 1)) p_i`` (two random members both fail),
    ``GD = 1 − p(2)/p(1)``: 0 when the failure of one member implies the failure of
    another, 1 when two members never fail together. Higher means more diverse. NaN when
    no member ever fails.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)

    Returns
    -------
    float
    """
    p, n_members = _failure_distribution(oracle)
    i = np.arange(n_members + 1)
    p1 = np.sum(i / n_members * p)
    p2 = np.sum(i * (i - 1) / (n_members * (n_members - 1)) * p)
    return float(1.0 - p2 / p1) if p1 > 0 else float("nan")


def coincident_failure_diversity(oracle: npt.ArrayLike) -> float:
    """Coincident failure diversity CFD of Partridge & Krzanowski.

    ``CFD = 0`` if no member ever fails (``p_0 = 1``), else
    ``CFD = 1/(1 − p_0) Σ_{i=1..L} (L − i)/(L − 1) p_i``: 1 when every failure is a
    single member's. Higher means more diverse.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)

    Returns
    -------
    float
    """
    p, n_members = _failure_distribution(oracle)
    if p[0] >= 1.0:
        return 0.0
    i = np.arange(1, n_members + 1)
    return float(np.sum((n_members - i) / (n_members - 1) * p[1:]) / (1.0 - p[0]))
