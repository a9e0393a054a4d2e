"""Result types of the tests, shared helpers and the papers' notation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy import stats as _sps

#: Marker for "significantly better (higher) than the baseline" (papers 000, 001).
BETTER_MARKER = "◇"
#: Marker for "significantly worse (lower) than the baseline".
WORSE_MARKER = "*"

ZeroMethod = Literal["demsar", "zsplit", "wilcox", "pratt"]
WilcoxonMethod = Literal["auto", "exact", "asymptotic", "permutation"]


# --------------------------------------------------------------------------- results
class _HasSignificance(Protocol):
    @property
    def significance(self) -> int: ...


def _direction(difference: float, significant: bool) -> int:
    if not significant or difference == 0:
        return 0
    return 1 if difference > 0 else -1


@dataclass(frozen=True)
class PairedTestResult:
    """Outcome of a paired test of ``a`` against ``b``.

    Attributes
    ----------
    test : str
        Name of the test.
    statistic : float
        The t (or F) statistic.
    p_value : float
        Two-sided p-value.
    df : tuple of float
        Degrees of freedom (one entry for t, two for F).
    mean_difference : float
        Mean of ``a - b``.
    alpha : float
        Significance level the decision uses.
    """

    test: str
    statistic: float
    p_value: float
    df: tuple[float, ...]
    mean_difference: float
    alpha: float

    @property
    def significant(self) -> bool:
        """Whether ``p_value <= alpha`` (Weka's rule)."""
        return bool(self.p_value <= self.alpha)

    @property
    def significance(self) -> int:
        """+1 if ``a`` is significantly greater, -1 if smaller, else 0."""
        return _direction(self.mean_difference, self.significant)


@dataclass(frozen=True)
class WilcoxonResult:
    """Outcome of the Wilcoxon signed-rank test of ``a`` against ``b``.

    Attributes
    ----------
    statistic : float
        ``T = min(r_plus, r_minus)``.
    p_value : float
        Two-sided p-value from SciPy.
    r_plus, r_minus : float
        Rank sums of the pairs where ``a > b`` and ``a < b`` (zero differences
        counted as ``zero_method`` says).
    n : int
        Number of pairs the ranks were computed on.
    zero_method : str
        How zero differences were handled.
    alpha : float
        Significance level the decision uses.
    """

    statistic: float
    p_value: float
    r_plus: float
    r_minus: float
    n: int
    zero_method: str
    alpha: float

    @property
    def significant(self) -> bool:
        """Whether ``p_value <= alpha``."""
        return bool(self.p_value <= self.alpha)

    @property
    def significance(self) -> int:
        """+1 if ``a`` is significantly greater, -1 if smaller, else 0."""
        return _direction(self.r_plus - self.r_minus, self.significant)


@dataclass(frozen=True)
class SignTestResult:
    """Outcome of the sign test on win-tie-loss counts.

    Attributes
    ----------
    wins, ties, losses : int
        The counts tested.
    critical_value : int
        ``n_c = ceil(n/2 + z_alpha * sqrt(n) / 2)``.
    z : float
        The two-sided normal quantile ``z_alpha`` used in ``n_c``.
    p_value : float
        Exact two-sided binomial p-value (ties split evenly, one dropped if odd).
    alpha : float
        Significance level.
    """

    wins: int
    ties: int
    losses: int
    critical_value: int
    z: float
    p_value: float
    alpha: float

    @property
    def n(self) -> int:
        """Number of data sets, ``wins + ties + losses``."""
        return self.wins + self.ties + self.losses

    @property
    def better(self) -> bool:
        """``wins + ties/2 >= n_c``: significantly better (the paper's bullet)."""
        return self.wins + self.ties / 2 >= self.critical_value

    @property
    def worse(self) -> bool:
        """``losses + ties/2 >= n_c``: significantly worse."""
        return self.losses + self.ties / 2 >= self.critical_value

    @property
    def significance(self) -> int:
        """+1 if significantly better, -1 if significantly worse, else 0."""
        return 1 if self.better else (-1 if self.worse else 0)


@dataclass(frozen=True)
class RankResult:
    """Per-data-set ranks and their averages.

    Attributes
    ----------
    ranks : pandas.DataFrame
        Data sets × methods; rank 1 is the best, ties share the average rank.
    average : pandas.Series
        Mean rank of each method over the data sets (in the table's column order).
    """

    ranks: pd.DataFrame
    average: pd.Series


@dataclass(frozen=True)
class FriedmanResult:
    """Outcome of the Friedman test and its Iman–Davenport correction.

    Attributes
    ----------
    chi2 : float
        Friedman's statistic ``chi2_F``.
    chi2_p_value : float
        p-value of ``chi2_F`` under chi-square with ``k - 1`` df.
    f_statistic : float
        Iman–Davenport ``F_F``.
    f_p_value : float
        p-value of ``F_F`` under F with ``(k - 1, (k - 1)(N - 1))`` df.
    df : tuple of float
        Degrees of freedom of ``F_F``.
    n_datasets, n_methods : int
        ``N`` and ``k``.
    average_ranks : pandas.Series
        Mean rank of each method.
    """

    chi2: float
    chi2_p_value: float
    f_statistic: float
    f_p_value: float
    df: tuple[float, float]
    n_datasets: int
    n_methods: int
    average_ranks: pd.Series

    def significant(self, alpha: float = 0.05) -> bool:
        """Whether the Iman–Davenport test rejects equal performance at ``alpha``."""
        return bool(self.f_p_value <= alpha)


@dataclass(frozen=True)
class CriticalDifference:
    """A post-hoc critical difference of average ranks.

    Attributes
    ----------
    cd : float
        Two average ranks differing by at least ``cd`` differ significantly.
    q_alpha : float
        The critical value ``q_alpha`` (Table 5 of Demšar, 2006).
    k, n_datasets : int
        Number of methods and of data sets.
    alpha : float
        Significance level.
    test : str
        ``"nemenyi"`` or ``"bonferroni-dunn"``.
    """

    cd: float
    q_alpha: float
    k: int
    n_datasets: int
    alpha: float
    test: str

    def __float__(self) -> float:
        """The critical difference itself."""
        return self.cd


# --------------------------------------------------------------------------- helpers
def _paired(a: ArrayLike, b: ArrayLike, min_size: int = 2) -> tuple[NDArray[np.float64], ...]:
    x = np.asarray(a, dtype=float).ravel()
    y = np.asarray(b, dtype=float).ravel()
    if x.shape != y.shape:
        raise ValueError(f"a and b must have the same length, got {x.size} and {y.size}.")
    if x.size < min_size:
        raise ValueError(f"need at least {min_size} paired results, got {x.size}.")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("a and b must be finite (no NaN or inf).")
    return x, y


def _check_alpha(alpha: float) -> None:
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must be in (0, 1), got {alpha!r}.")


def variance_ttests(
    diffs: NDArray[np.float64], variance_factor: float
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """Paired t-tests of many rows of differences at once, as Weka's PairedStats.

    ``t = mean(d) / sqrt(variance_factor * var(d))``, ``df = k − 1`` for each row ``d``
    of ``diffs`` (shape (m, k)): (t, two-sided p, mean difference) per row. Rows are
    reduced along their contiguous axis, so one row gives the numbers of a 1-D test.
    """
    diffs = np.ascontiguousarray(diffs, dtype=np.float64)
    k = diffs.shape[1]
    mean = diffs.mean(axis=1)
    sd = diffs.std(axis=1, ddof=1)
    varied = sd > 0
    t = np.where(mean == 0, 0.0, np.copysign(np.inf, mean))
    p = np.where(mean == 0, 1.0, 0.0)
    # Weka: identical samples are "not different" (p = 1); a constant non-zero
    # difference is "certainly different" (p = 0). SciPy would return NaN.
    t[varied] = mean[varied] / np.sqrt(variance_factor * sd[varied] * sd[varied])
    p[varied] = 2.0 * _sps.t.sf(np.abs(t[varied]), k - 1)
    return t, p, mean


def _variance_ttest(
    diff: NDArray[np.float64], variance_factor: float, alpha: float, test: str
) -> PairedTestResult:
    """Paired t test as Weka's PairedStats.

    t = mean(d) / sqrt(variance_factor * var(d)), df = k - 1.
    """
    t, p, mean = variance_ttests(diff[None, :], variance_factor)
    k = diff.size
    return PairedTestResult(test, float(t[0]), float(p[0]), (float(k - 1),), float(mean[0]), alpha)


# --------------------------------------------------------------------------- notation
def significance_marker(
    result: int | _HasSignificance,
    *,
    better: str = BETTER_MARKER,
    worse: str = WORSE_MARKER,
) -> str:
    """Turn a test decision into the papers' notation.

    Parameters
    ----------
    result : int or result object
        +1 / -1 / 0, or any result with a ``significance`` attribute, where +1
        means the compared method is significantly *higher* than the baseline.
    better, worse : str
        The markers; by default ``◇`` (significantly better than the baseline)
        and ``*`` (significantly worse), as in Tables 1–2 of paper 000.

    Returns
    -------
    str
        ``better``, ``worse`` or the empty string.

    Examples
    --------
    >>> significance_marker(1), significance_marker(-1), significance_marker(0)
    ('◇', '*', '')
    """
    value = result if isinstance(result, int | np.integer) else result.significance
    if value > 0:
        return better
    if value < 0:
        return worse
    return ""


@dataclass(frozen=True)
class EquivalenceResult:
    """Outcome of a paired equivalence test (two one-sided tests, TOST).

    Attributes
    ----------
    mean_difference : float
        Mean of ``a - b``.
    interval : tuple of float
        The ``1 - 2 alpha`` confidence interval of the mean difference.
    margin : float
        Differences within ``±margin`` count as equivalent.
    p_value : float
        TOST p-value, the larger of the two one-sided p-values.
    alpha : float
        Significance level.
    """

    mean_difference: float
    interval: tuple[float, float]
    margin: float
    p_value: float
    alpha: float

    @property
    def equivalent(self) -> bool:
        """Whether the interval lies inside ``(-margin, margin)`` (``p_value < alpha``)."""
        return self.p_value < self.alpha

    @property
    def half_width(self) -> float:
        """Half the interval's width: the precision the data allowed."""
        return (self.interval[1] - self.interval[0]) / 2
