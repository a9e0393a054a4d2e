"""The parametric omnibus test over data sets and its post-hoc test.

Repeated-measures ANOVA treats the data sets as subjects and the methods as the
within-subject factor (statsmodels' ``AnovaRM`` computes the same F); Tukey's HSD then
compares every pair of methods' means with the pooled within-method variance, as
autorank does (through statsmodels' ``pairwise_tukeyhsd``), here with the exact
studentized range distribution of SciPy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import pandas as pd
from scipy import stats as _sps

__all__ = ["AnovaResult", "repeated_measures_anova", "tukey_hsd"]


@dataclass(frozen=True)
class AnovaResult:
    """Repeated-measures ANOVA of methods (within) over data sets (subjects).

    Attributes
    ----------
    f_statistic : float
    df : (float, float)
        ``(k − 1, (k − 1)(N − 1))``.
    p_value : float
    """

    f_statistic: float
    df: tuple[float, float]
    p_value: float


def repeated_measures_anova(table: pd.DataFrame) -> AnovaResult:
    """One-way repeated-measures ANOVA of a data sets × methods table.

    ``F = MS_methods / MS_error`` with the data sets' effect removed from the error.

    Examples
    --------
    >>> import pandas as pd
    >>> t = pd.DataFrame({"a": [1.0, 2, 3, 4], "b": [2.0, 2, 4, 5], "c": [3.0, 5, 4, 6]})
    >>> round(repeated_measures_anova(t).f_statistic, 4)
    9.8
    """
    values = table.to_numpy(dtype=float)
    n, k = values.shape
    grand = values.mean()
    ss_methods = n * float(np.sum((values.mean(axis=0) - grand) ** 2))
    ss_datasets = k * float(np.sum((values.mean(axis=1) - grand) ** 2))
    ss_total = float(np.sum((values - grand) ** 2))
    ss_error = ss_total - ss_methods - ss_datasets
    df1, df2 = float(k - 1), float((k - 1) * (n - 1))
    tiny = 1e-12 * max(ss_total, 1e-300)
    if ss_methods <= tiny:  # the methods score alike on every data set
        return AnovaResult(0.0, (df1, df2), 1.0)
    if ss_error <= tiny:  # every data set shows the same difference: no error at all
        return AnovaResult(math.inf, (df1, df2), 0.0)
    f = (ss_methods / df1) / (ss_error / df2)
    return AnovaResult(f, (df1, df2), float(_sps.f.sf(f, df1, df2)))


def tukey_hsd(table: pd.DataFrame, alpha: float = 0.05) -> tuple[pd.DataFrame, pd.Series]:
    """Tukey's honestly significant differences of every pair of methods' means.

    The variance is pooled within methods (``N − 1`` degrees of freedom each, ``k(N −
    1)`` in all), as for independent groups: what autorank reports.

    Returns
    -------
    pairs : DataFrame
        ``method``, ``other``, ``mean_difference`` (method − other), ``p_value``,
        ``significant``.
    halfwidths : Series
        Half-widths of each method's simultaneous confidence interval: two methods
        differ significantly when their intervals do not overlap (Hochberg & Tamhane).
    """
    values = table.to_numpy(dtype=float)
    n, k = values.shape
    df = k * (n - 1)
    variance = float(np.sum((values - values.mean(axis=0)) ** 2) / df)
    se = math.sqrt(variance / n)
    means = values.mean(axis=0)
    names = list(table.columns)
    rows = []
    for i, j in combinations(range(k), 2):
        q = abs(means[i] - means[j]) / se
        p = float(_sps.studentized_range.sf(q, k, df))
        rows.append((names[i], names[j], means[i] - means[j], p, p <= alpha))
    pairs = pd.DataFrame(
        rows, columns=["method", "other", "mean_difference", "p_value", "significant"]
    )
    q_crit = float(_sps.studentized_range.ppf(1 - alpha, k, df))
    halfwidths = pd.Series(q_crit / 2 * se, index=names)
    return pairs, halfwidths
