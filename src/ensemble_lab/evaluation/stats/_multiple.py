"""Post-hoc comparisons after Friedman's test: every pair of methods, or each against one.

On average ranks over ``N`` data sets and ``k`` methods, the difference of two methods'
ranks over ``√(k(k+1)/6N)`` is a standard normal z (Demšar 2006). Its p-values are
adjusted for the family of comparisons by Holm's, Hommel's or Shaffer's procedure
(García & Herrera 2008), or compared with Nemenyi's critical difference, whose p-values
come from the studentized range (as scikit-posthocs computes them).

References
----------
.. [1] J. Demšar, "Statistical comparisons of classifiers over multiple data sets",
   JMLR 7, 2006.
.. [2] S. García and F. Herrera, "An extension on 'Statistical comparisons of
   classifiers over multiple data sets' for all pairwise comparisons", JMLR 9, 2008.
"""

from __future__ import annotations

import math
from functools import cache
from itertools import combinations

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy import stats as _sps

from ._results import _check_alpha

__all__ = [
    "ADJUSTMENTS",
    "adjust_p_values",
    "hommel",
    "pairwise_rank_tests",
    "shaffer",
]

#: The p-value adjustments of :func:`adjust_p_values`.
ADJUSTMENTS = ("holm", "hommel", "shaffer")


def _holm(p: NDArray[np.float64]) -> NDArray[np.float64]:
    order = np.argsort(p, kind="stable")
    m = p.size
    stepped = np.maximum.accumulate(p[order] * (m - np.arange(m)))
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(stepped, 1.0)
    return adjusted


def hommel(p_values: ArrayLike) -> NDArray[np.float64]:
    """Hommel's adjusted p-values (as statsmodels' ``multipletests(method="hommel")``).

    Examples
    --------
    >>> hommel([0.01, 0.04, 0.03, 0.005]).round(4).tolist()
    [0.03, 0.04, 0.04, 0.02]
    """
    p = np.asarray(p_values, dtype=float).ravel()
    order = np.argsort(p, kind="stable")
    s = p[order]
    n = s.size
    adjusted = s.copy()
    for m in range(n, 1, -1):
        floor = float(np.min(m * s[-m:] / np.arange(1, m + 1)))
        adjusted[-m:] = np.maximum(adjusted[-m:], floor)
        adjusted[:-m] = np.maximum(adjusted[:-m], np.minimum(m * s[:-m], floor))
    out = np.empty(n)
    out[order] = np.minimum(adjusted, 1.0)
    return out


@cache
def _true_hypotheses(k: int) -> frozenset[int]:
    """Numbers of pairwise hypotheses among ``k`` methods that can be true together.

    Shaffer's recursion: ``S(k) = ∪_{j=1..k} {C(j, 2) + x : x ∈ S(k − j)}``, ``S(0) =
    S(1) = {0}`` — the methods fall into groups that are equal within and unequal
    between, the first group holding j of them.
    """
    if k <= 1:
        return frozenset({0})
    out: set[int] = set()
    for j in range(1, k + 1):
        out.update(math.comb(j, 2) + x for x in _true_hypotheses(k - j))
    return frozenset(out)


def shaffer(p_values: ArrayLike, k: int) -> NDArray[np.float64]:
    """Shaffer's static adjusted p-values of the ``k(k − 1)/2`` pairwise comparisons.

    The i-th smallest p-value is multiplied by ``t_i``, the largest number of
    hypotheses that can still be true when ``i − 1`` are false (instead of Holm's
    ``m − i + 1``), then made monotone (García & Herrera 2008, Section 3).

    Examples
    --------
    >>> shaffer([0.01, 0.02, 0.04], 3).round(3).tolist()
    [0.03, 0.03, 0.04]
    """
    p = np.asarray(p_values, dtype=float).ravel()
    m = math.comb(k, 2)
    if p.size != m:
        raise ValueError(f"Shaffer's procedure needs the {m} pairwise p-values of {k} methods")
    possible = np.array(sorted(_true_hypotheses(k)))
    order = np.argsort(p, kind="stable")
    t = np.array([possible[possible <= m - i].max() for i in range(m)], dtype=float)
    stepped = np.maximum.accumulate(np.minimum(t * p[order], 1.0))
    out = np.empty(m)
    out[order] = stepped
    return out


def adjust_p_values(p_values: ArrayLike, method: str, k: int | None = None) -> NDArray[np.float64]:
    """Adjust a family of p-values: ``holm``, ``hommel`` or ``shaffer`` (``k`` methods)."""
    p = np.asarray(p_values, dtype=float).ravel()
    if method == "holm":
        return _holm(p)
    if method == "hommel":
        return hommel(p)
    if method == "shaffer":
        if k is None:
            raise ValueError("Shaffer's procedure needs the number of methods k")
        return shaffer(p, k)
    raise ValueError(f"unknown adjustment {method!r}; use one of {', '.join(ADJUSTMENTS)}")


def pairwise_rank_tests(
    average_ranks: pd.Series,
    n_datasets: int,
    *,
    method: str = "nemenyi",
    control: str | None = None,
    alpha: float = 0.05,
) -> pd.DataFrame:
    """Post-hoc tests on average ranks: every pair, or every method against ``control``.

    Parameters
    ----------
    average_ranks : Series
        Average rank of each method (1 = best) over ``n_datasets`` data sets.
    n_datasets : int
    method : {"nemenyi", "holm", "hommel", "shaffer"}, default="nemenyi"
        Nemenyi's test (p-values from the studentized range with infinite degrees of
        freedom; every pair), or z-tests adjusted by Holm's, Hommel's or (every pair
        only) Shaffer's procedure.
    control : str, optional
        Compare every other method with this one only (not with Nemenyi's test).
    alpha : float, default=0.05

    Returns
    -------
    DataFrame
        One row per comparison: ``method``, ``other``, ``rank_difference`` (method's
        rank minus other's: negative is better), ``z``, ``p_value`` (unadjusted),
        ``p_adjusted`` and ``significant``.
    """
    _check_alpha(alpha)
    names = list(average_ranks.index)
    k = len(names)
    se = math.sqrt(k * (k + 1) / (6.0 * n_datasets))
    if control is not None:
        if method in ("nemenyi", "shaffer"):
            raise ValueError(f"{method} compares every pair; against a control use holm or hommel")
        pairs = [(m, control) for m in names if m != control]
    else:
        pairs = list(combinations(names, 2))
    diff = np.array([average_ranks[a] - average_ranks[b] for a, b in pairs])
    z = diff / se
    if method == "nemenyi":
        p = _sps.studentized_range.sf(np.abs(z) * math.sqrt(2.0), k, np.inf)
        adjusted = p
    else:
        p = np.minimum(2.0 * _sps.norm.sf(np.abs(z)), 1.0)
        adjusted = adjust_p_values(p, method, k)
    return pd.DataFrame(
        {
            "method": [a for a, _ in pairs],
            "other": [b for _, b in pairs],
            "rank_difference": diff,
            "z": z,
            "p_value": p,
            "p_adjusted": adjusted,
            "significant": adjusted <= alpha,
        }
    )
