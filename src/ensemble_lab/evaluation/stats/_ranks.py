"""Many methods over many data sets: ranks, Friedman's test, critical differences, Holm.

As Demšar (2006) prescribes: average ranks (ties share their ranks), the Friedman test
with the Iman–Davenport correction, Nemenyi's and Bonferroni–Dunn's critical
differences, and Holm's step-down comparison with a control.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy import stats as _sps

from ._results import (
    CriticalDifference,
    FriedmanResult,
    RankResult,
    _check_alpha,
)


def _score_table(table: pd.DataFrame | ArrayLike) -> pd.DataFrame:
    frame = table.copy() if isinstance(table, pd.DataFrame) else pd.DataFrame(np.asarray(table))
    if frame.ndim != 2 or frame.shape[0] < 1 or frame.shape[1] < 2:
        raise ValueError(
            f"the score table must be data sets x methods with at least 2 methods, "
            f"got shape {frame.shape}."
        )
    values = frame.to_numpy(dtype=float)
    if not np.all(np.isfinite(values)):
        raise ValueError("the score table contains NaN or inf; every method needs a score.")
    return pd.DataFrame(values, index=frame.index, columns=frame.columns)


def average_ranks(table: pd.DataFrame | ArrayLike, *, higher_is_better: bool = True) -> RankResult:
    """Rank the methods on each data set and average the ranks.

    Parameters
    ----------
    table : DataFrame or array-like of shape (n_datasets, n_methods)
        One score per data set (rows) and method (columns).
    higher_is_better : bool, default=True
        True for accuracy-like scores, False for errors or times.

    Returns
    -------
    RankResult
        Rank 1 is the best on a data set; tied methods share the average of the
        ranks they span (paper 001 and Demšar 2006).
    """
    frame = _score_table(table)
    values = frame.to_numpy()
    ranks = _sps.rankdata(-values if higher_is_better else values, method="average", axis=1)
    rank_frame = pd.DataFrame(ranks, index=frame.index, columns=frame.columns)
    return RankResult(rank_frame, rank_frame.mean(axis=0))


def friedman(
    table: pd.DataFrame | ArrayLike,
    *,
    higher_is_better: bool = True,
    tie_correction: bool = False,
) -> FriedmanResult:
    """Friedman test with the Iman–Davenport correction.

    Parameters
    ----------
    table : DataFrame or array-like of shape (n_datasets, n_methods)
        One score per data set and method; at least 2 data sets.
    higher_is_better : bool, default=True
        Direction of the scores (only matters for the reported ranks).
    tie_correction : bool, default=False
        Divide ``chi2_F`` by ``1 - sum(t^3 - t) / (N k (k^2 - 1))`` over tie
        groups, as :func:`scipy.stats.friedmanchisquare` does.

    Returns
    -------
    FriedmanResult

    Notes
    -----
    ``chi2_F = 12N / (k(k+1)) * (sum_j R_j^2 - k(k+1)^2/4)`` and
    ``F_F = (N-1) chi2_F / (N(k-1) - chi2_F)`` (Demšar 2006, Section 3.2.2). By
    default no tie correction is applied, as in Demšar's formula and worked
    example. When every data set ranks the methods identically ``F_F`` is
    infinite and its p-value 0.
    """
    ranks = average_ranks(table, higher_is_better=higher_is_better)
    n, k = ranks.ranks.shape
    if n < 2:
        raise ValueError(f"the Friedman test needs at least 2 data sets, got {n}.")
    r = ranks.average.to_numpy()
    chi2 = 12.0 * n / (k * (k + 1)) * (float(np.sum(r**2)) - k * (k + 1) ** 2 / 4.0)
    if tie_correction:
        ties = 0.0
        for row in ranks.ranks.to_numpy():
            _, counts = np.unique(row, return_counts=True)
            ties += float(np.sum(counts**3 - counts))
        c = 1.0 - ties / (n * k * (k * k - 1))
        chi2 = chi2 / c if c > 0 else 0.0
    chi2 = max(chi2, 0.0)  # rounding can give -1e-15 when all ranks are equal
    df1, df2 = float(k - 1), float((k - 1) * (n - 1))
    denom = n * (k - 1) - chi2
    if denom <= 1e-12 * n * k:
        f_stat, f_p = math.inf, 0.0
    else:
        f_stat = (n - 1) * chi2 / denom
        f_p = float(_sps.f.sf(f_stat, df1, df2))
    return FriedmanResult(
        chi2=chi2,
        chi2_p_value=float(_sps.chi2.sf(chi2, k - 1)),
        f_statistic=f_stat,
        f_p_value=f_p,
        df=(df1, df2),
        n_datasets=n,
        n_methods=k,
        average_ranks=ranks.average,
    )


def _check_cd_args(k: int, n_datasets: int, alpha: float) -> None:
    _check_alpha(alpha)
    if int(k) != k or k < 2:
        raise ValueError(f"k (number of methods) must be an integer >= 2, got {k!r}.")
    if int(n_datasets) != n_datasets or n_datasets < 1:
        raise ValueError(f"n_datasets must be a positive integer, got {n_datasets!r}.")


def nemenyi_cd(k: int, n_datasets: int, alpha: float = 0.05) -> CriticalDifference:
    """Critical difference of the Nemenyi post-hoc test.

    Parameters
    ----------
    k : int
        Number of methods compared.
    n_datasets : int
        Number of data sets ``N``.
    alpha : float, default=0.05
        Family-wise significance level.

    Returns
    -------
    CriticalDifference
        ``CD = q_alpha * sqrt(k(k+1) / (6N))``.

    Notes
    -----
    ``q_alpha`` is the upper ``alpha`` quantile of the studentized range of ``k``
    means with infinite degrees of freedom, divided by ``sqrt(2)`` (Demšar 2006,
    Table 5(a)); it is computed with :data:`scipy.stats.studentized_range`
    rather than read from a table, so any ``k`` and ``alpha`` work.
    """
    _check_cd_args(k, n_datasets, alpha)
    q = float(_sps.studentized_range.ppf(1.0 - alpha, k, np.inf)) / math.sqrt(2.0)
    cd = q * math.sqrt(k * (k + 1) / (6.0 * n_datasets))
    return CriticalDifference(cd, q, int(k), int(n_datasets), alpha, "nemenyi")


def bonferroni_dunn_cd(k: int, n_datasets: int, alpha: float = 0.05) -> CriticalDifference:
    """Critical difference of the Bonferroni–Dunn test against one control method.

    Parameters
    ----------
    k : int
        Number of methods, the control included.
    n_datasets : int
        Number of data sets ``N``.
    alpha : float, default=0.05
        Family-wise significance level.

    Returns
    -------
    CriticalDifference
        ``CD = q_alpha * sqrt(k(k+1) / (6N))`` with ``q_alpha`` the two-sided
        normal quantile at ``alpha / (k - 1)`` (Demšar 2006, Table 5(b)).
    """
    _check_cd_args(k, n_datasets, alpha)
    q = float(_sps.norm.ppf(1.0 - alpha / (2.0 * (k - 1))))
    cd = q * math.sqrt(k * (k + 1) / (6.0 * n_datasets))
    return CriticalDifference(cd, q, int(k), int(n_datasets), alpha, "bonferroni-dunn")


def holm(p_values: ArrayLike, alpha: float = 0.05) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
    """Holm's step-down correction of a family of p-values.

    Parameters
    ----------
    p_values : array-like of shape (m,)
        Unadjusted p-values.
    alpha : float, default=0.05
        Family-wise error rate.

    Returns
    -------
    adjusted : ndarray of shape (m,)
        Holm-adjusted p-values, in the input order (as R's ``p.adjust(p, "holm")``).
    reject : ndarray of bool of shape (m,)
        Hypotheses rejected at ``alpha`` (``adjusted <= alpha``).

    Examples
    --------
    >>> adjusted, reject = holm([0.01, 0.04, 0.03, 0.005])
    >>> adjusted.round(3).tolist(), reject.tolist()
    ([0.03, 0.06, 0.06, 0.02], [True, False, False, True])
    """
    _check_alpha(alpha)
    p = np.asarray(p_values, dtype=float).ravel()
    order = np.argsort(p, kind="stable")
    m = p.shape[0]
    # p_(i) * (m - i + 1), made monotone: a hypothesis is rejected only if every
    # smaller p-value was.
    stepped = np.maximum.accumulate(p[order] * (m - np.arange(m)))
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(stepped, 1.0)
    return adjusted, adjusted <= alpha


@dataclass(frozen=True)
class ControlComparison:
    """Every method's average rank against a control's, Holm-corrected.

    Attributes
    ----------
    control : str
        The control method (the baseline).
    table : pandas.DataFrame
        One row per other method: ``average_rank``, ``z``, ``p_value``, ``p_holm`` and
        ``significant`` (Holm at ``alpha``); positive ``z`` means a worse (higher)
        average rank than the control.
    alpha : float
        Family-wise significance level.
    """

    control: str
    table: pd.DataFrame
    alpha: float


def compare_to_control(
    table: pd.DataFrame, control: str, *, alpha: float = 0.05, higher_is_better: bool = True
) -> ControlComparison:
    """Compare each method with a control over data sets (Demšar 2006, Section 3.2.2).

    ``z = (R_i - R_control) / sqrt(k(k+1) / (6N))`` on average ranks, a two-sided
    normal p-value, and Holm's step-down procedure over the ``k - 1`` comparisons.

    Parameters
    ----------
    table : DataFrame of shape (n_datasets, n_methods)
        One score per data set and method.
    control : str
        Column of the control method.
    alpha : float, default=0.05
        Family-wise significance level.
    higher_is_better : bool, default=True
        Direction of the scores.

    Returns
    -------
    ControlComparison
    """
    if control not in table.columns:
        raise ValueError(f"control {control!r} is not a column of the table: {list(table.columns)}")
    ranks = average_ranks(table, higher_is_better=higher_is_better)
    n, k = ranks.ranks.shape
    if k < 2:
        raise ValueError("a comparison with a control needs at least two methods.")
    se = math.sqrt(k * (k + 1) / (6.0 * n))
    others = [m for m in table.columns if m != control]
    r = ranks.average[others]
    z = (r - ranks.average[control]) / se
    p = 2.0 * _sps.norm.sf(np.abs(z.to_numpy()))
    adjusted, reject = holm(p, alpha)
    frame = pd.DataFrame(
        {"average_rank": r, "z": z, "p_value": p, "p_holm": adjusted, "significant": reject},
        index=pd.Index(others, name="method"),
    )
    return ControlComparison(control, frame, alpha)


@dataclass(frozen=True)
class PosthocResult:
    """The Friedman test and, only when it rejects, the post-hoc tests.

    Attributes
    ----------
    friedman : FriedmanResult
        The omnibus test.
    alpha : float
        Significance level of every test.
    critical_difference : CriticalDifference or None
        Nemenyi's CD for all pairs; None when the Friedman test does not reject.
    control : ControlComparison or None
        Holm's comparisons with the control; None without a control or when the
        Friedman test does not reject.
    """

    friedman: FriedmanResult
    alpha: float
    critical_difference: CriticalDifference | None
    control: ControlComparison | None

    @property
    def significant(self) -> bool:
        """Whether the Friedman test rejects equal performance (post-hoc tests ran)."""
        return self.critical_difference is not None


def posthoc(
    table: pd.DataFrame,
    *,
    control: str | None = None,
    alpha: float = 0.05,
    higher_is_better: bool = True,
) -> PosthocResult:
    """Friedman's test, then — only if it rejects — Nemenyi's CD and Holm against ``control``.

    As autorank and Demšar (2006) prescribe, the post-hoc tests are not run when the
    omnibus test finds no difference: their outcomes would not be protected.

    Parameters
    ----------
    table : DataFrame of shape (n_datasets, n_methods)
        One score per data set and method (at least 2 data sets).
    control : str, optional
        The baseline for Holm's comparisons.
    alpha : float, default=0.05
        Significance level of the Friedman (Iman–Davenport) and post-hoc tests.
    higher_is_better : bool, default=True
        Direction of the scores.

    Returns
    -------
    PosthocResult
    """
    _check_alpha(alpha)
    omnibus = friedman(table, higher_is_better=higher_is_better)
    if not omnibus.significant(alpha):
        return PosthocResult(omnibus, alpha, None, None)
    n, k = table.shape
    cd = nemenyi_cd(k, n, alpha)
    vs = None
    if control is not None:
        vs = compare_to_control(table, control, alpha=alpha, higher_is_better=higher_is_better)
    return PosthocResult(omnibus, alpha, cd, vs)
