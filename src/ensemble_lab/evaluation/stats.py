"""Significance tests and rank statistics for comparing classifiers.

Two families of tools, as the ensemble literature uses them:

* **One data set, two methods** — tests on the paired per-fold scores of a
  resampling protocol: the corrected resampled t-test of Nadeau & Bengio
  (2003) [1]_ exactly as Weka's Experimenter computes it
  (:func:`corrected_resampled_ttest`), the plain paired t-test
  (:func:`paired_ttest`), Dietterich's 5×2cv t-test [2]_ (:func:`cv52_ttest`) and
  Alpaydin's combined 5×2cv F-test [3]_ (:func:`cv52_ftest`).
* **Many data sets** — tests on one score per data set: the Wilcoxon
  signed-rank test (:func:`wilcoxon`), the sign test on win-tie-loss counts
  with the critical value used by Kuncheva & Rodríguez [5]_ (:func:`sign_test`),
  average ranks (:func:`average_ranks`), the Friedman test with the
  Iman–Davenport correction (:func:`friedman`), the post-hoc critical
  differences of Demšar (2006) [4]_ (:func:`nemenyi_cd`, :func:`bonferroni_dunn_cd`)
  and Holm's step-down comparison of every method with a control
  (:func:`holm`, :func:`compare_to_control`). :func:`posthoc` runs the post-hoc
  tests only when the Friedman test rejects equal performance, as autorank does.

Every function returns a small frozen dataclass. Two-sample results carry a
``significance`` of +1 (first sample significantly greater), -1
(significantly smaller) or 0, which :func:`significance_marker` turns into the
papers' notation.

References
----------
.. [1] C. Nadeau and Y. Bengio, "Inference for the generalization error",
   Machine Learning 52(3), 2003.
.. [2] T. G. Dietterich, "Approximate statistical tests for comparing
   supervised classification learning algorithms", Neural Computation 10(7), 1998.
.. [3] E. Alpaydin, "Combined 5×2 cv F test for comparing supervised
   classification learning algorithms", Neural Computation 11(8), 1999.
.. [4] J. Demšar, "Statistical comparisons of classifiers over multiple data
   sets", JMLR 7, 2006.
.. [5] L. I. Kuncheva and J. J. Rodríguez, "Classifier ensembles with a random
   linear oracle", IEEE TKDE 19(4), 2007 (Section V, sign test).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal, Protocol

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from scipy import stats as _sps

__all__ = [
    "BETTER_MARKER",
    "WORSE_MARKER",
    "ControlComparison",
    "CriticalDifference",
    "FriedmanResult",
    "PairedTestResult",
    "PosthocResult",
    "RankResult",
    "SignTestResult",
    "WilcoxonResult",
    "average_ranks",
    "bonferroni_dunn_cd",
    "compare_to_control",
    "corrected_resampled_ttest",
    "cv52_ftest",
    "cv52_ttest",
    "friedman",
    "holm",
    "nemenyi_cd",
    "paired_ttest",
    "posthoc",
    "sign_test",
    "significance_marker",
    "wilcoxon",
    "win_tie_loss",
]

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


def _variance_ttest(
    diff: NDArray[np.float64], variance_factor: float, alpha: float, test: str
) -> PairedTestResult:
    """Paired t test as Weka's PairedStats.

    t = mean(d) / sqrt(variance_factor * var(d)), df = k - 1.
    """
    k = diff.size
    mean = float(diff.mean())
    sd = float(diff.std(ddof=1))
    if sd > 0:
        t = mean / math.sqrt(variance_factor * sd * sd)
        p = float(2.0 * _sps.t.sf(abs(t), k - 1))
    else:
        # Weka: identical samples are "not different" (p = 1); a constant non-zero
        # difference is "certainly different" (p = 0). SciPy would return NaN.
        t = 0.0 if mean == 0 else math.copysign(math.inf, mean)
        p = 1.0 if mean == 0 else 0.0
    return PairedTestResult(test, t, p, (float(k - 1),), mean, alpha)


# --------------------------------------------------------------------------- one data set
def paired_ttest(a: ArrayLike, b: ArrayLike, *, alpha: float = 0.05) -> PairedTestResult:
    """Paired Student t-test of ``a`` against ``b`` (Weka's PairedTTester).

    Parameters
    ----------
    a, b : array-like of shape (k,)
        Paired scores (e.g. accuracy of two methods on the same folds).
    alpha : float, default=0.05
        Significance level of the decision.

    Returns
    -------
    PairedTestResult
        ``t = mean(d) / (sd(d) / sqrt(k))`` with ``d = a - b``, ``df = k - 1``.

    Notes
    -----
    Agrees with :func:`scipy.stats.ttest_rel` whenever the differences vary. When
    they do not, we follow Weka instead of returning NaN: all-zero differences
    give ``p = 1``, a constant non-zero difference gives ``p = 0``.
    """
    _check_alpha(alpha)
    x, y = _paired(a, b)
    return _variance_ttest(x - y, 1.0 / x.size, alpha, "paired t-test")


def corrected_resampled_ttest(
    a: ArrayLike,
    b: ArrayLike,
    n_train: ArrayLike,
    n_test: ArrayLike,
    *,
    alpha: float = 0.05,
) -> PairedTestResult:
    """Corrected resampled t-test (Nadeau & Bengio), as Weka's Experimenter.

    Parameters
    ----------
    a, b : array-like of shape (k,)
        Paired scores of the ``k`` train/test splits (e.g. 100 for 10×10 CV).
    n_train, n_test : int or array-like of shape (k,)
        Training and test set sizes, one per split or a single value for all.
    alpha : float, default=0.05
        Significance level of the decision.

    Returns
    -------
    PairedTestResult
        ``t = mean(d) / sqrt((1/k + n_test/n_train) * var(d))``, ``df = k - 1``.

    Notes
    -----
    This is Weka's ``PairedCorrectedTTester`` / ``PairedStatsCorrected``: the
    ratio ``n_test/n_train`` is ``sum(n_test) / sum(n_train)`` over the ``k``
    results, ``var`` is the unbiased sample variance of ``d = a - b``, and the
    p-value is the two-sided t probability with ``k - 1`` degrees of freedom
    (Weka computes it as ``F(t², 1, k - 1)``, the same number). Zero variance is
    handled as in :func:`paired_ttest`.
    """
    _check_alpha(alpha)
    x, y = _paired(a, b)
    k = x.size
    train = np.broadcast_to(np.asarray(n_train, dtype=float), (k,))
    test = np.broadcast_to(np.asarray(n_test, dtype=float), (k,))
    if np.any(train <= 0) or np.any(test <= 0):
        raise ValueError("n_train and n_test must be positive.")
    ratio = float(test.sum() / train.sum())
    return _variance_ttest(x - y, 1.0 / k + ratio, alpha, "corrected resampled t-test")


def _cv52_differences(a: ArrayLike, b: ArrayLike) -> NDArray[np.float64]:
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"a and b must have the same shape, got {x.shape} and {y.shape}.")
    if x.ndim == 1:
        if x.size % 2:
            raise ValueError(f"need two folds per repetition, got {x.size} values.")
        x, y = x.reshape(-1, 2), y.reshape(-1, 2)
    if x.ndim != 2 or x.shape[1] != 2 or x.shape[0] < 2:
        raise ValueError(
            f"5x2cv scores must have shape (repetitions, 2) with at least 2 repetitions, "
            f"got {x.shape}."
        )
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("a and b must be finite (no NaN or inf).")
    return x - y


def _cv52_variances(p: NDArray[np.float64]) -> NDArray[np.float64]:
    # Dietterich (1998): s_i^2 = sum_j (p_i^(j) - mean_j p_i^(j))^2, no 1/(n-1).
    return ((p - p.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)


def cv52_ttest(a: ArrayLike, b: ArrayLike, *, alpha: float = 0.05) -> PairedTestResult:
    """Dietterich's 5×2cv paired t-test.

    Parameters
    ----------
    a, b : array-like of shape (5, 2) or (10,)
        Scores of the two methods on the two folds of each of five repetitions
        of 2-fold CV (flat input is read repetition by repetition).
    alpha : float, default=0.05
        Significance level of the decision.

    Returns
    -------
    PairedTestResult
        ``t = p_1^(1) / sqrt(mean_i s_i^2)`` with ``r`` (= 5) degrees of freedom.

    Notes
    -----
    ``p_i^(j)`` is the difference ``a - b`` on fold ``j`` of repetition ``i`` and
    ``s_i^2`` its variance estimate in repetition ``i``. More (or fewer)
    repetitions than five are accepted and give ``r`` degrees of freedom. The
    numerator uses only the first fold of the first repetition, as Dietterich
    specified; ``mean_difference`` is nevertheless the mean over all folds.
    """
    _check_alpha(alpha)
    p = _cv52_differences(a, b)
    s2 = _cv52_variances(p)
    r = p.shape[0]
    denom = math.sqrt(float(s2.mean()))
    first = float(p[0, 0])
    if denom > 0:
        t = first / denom
        pval = float(2.0 * _sps.t.sf(abs(t), r))
    else:
        t = 0.0 if first == 0 else math.copysign(math.inf, first)
        pval = 1.0 if first == 0 else 0.0
    return PairedTestResult("5x2cv t-test", t, pval, (float(r),), float(p.mean()), alpha)


def cv52_ftest(a: ArrayLike, b: ArrayLike, *, alpha: float = 0.05) -> PairedTestResult:
    """Alpaydin's combined 5×2cv F-test.

    Parameters
    ----------
    a, b : array-like of shape (5, 2) or (10,)
        As in :func:`cv52_ttest`.
    alpha : float, default=0.05
        Significance level of the decision.

    Returns
    -------
    PairedTestResult
        ``f = sum_ij (p_i^(j))^2 / (2 sum_i s_i^2)`` with ``(2r, r)`` degrees of
        freedom (``(10, 5)`` for five repetitions).

    Notes
    -----
    The F statistic has no sign; the direction of a significant result
    (``significance``) is the sign of the mean difference over all folds.
    """
    _check_alpha(alpha)
    p = _cv52_differences(a, b)
    s2 = _cv52_variances(p)
    r = p.shape[0]
    num = float((p**2).sum())
    den = 2.0 * float(s2.sum())
    if den > 0:
        f = num / den
        pval = float(_sps.f.sf(f, 2 * r, r))
    else:
        f = 0.0 if num == 0 else math.inf
        pval = 1.0 if num == 0 else 0.0
    return PairedTestResult(
        "5x2cv F-test", f, pval, (float(2 * r), float(r)), float(p.mean()), alpha
    )


# --------------------------------------------------------------------------- many data sets
def wilcoxon(
    a: ArrayLike,
    b: ArrayLike,
    *,
    zero_method: ZeroMethod = "demsar",
    method: WilcoxonMethod = "auto",
    alpha: float = 0.05,
) -> WilcoxonResult:
    """Wilcoxon signed-rank test of ``a`` against ``b`` (wraps SciPy).

    Parameters
    ----------
    a, b : array-like of shape (n,)
        Paired scores, typically one per data set.
    zero_method : {"demsar", "zsplit", "wilcox", "pratt"}, default="demsar"
        What to do with pairs where ``a == b``:

        * ``"demsar"`` — Demšar (2006), Section 3.1.3: the ranks of zero
          differences are split evenly between ``R+`` and ``R-``; if their number
          is odd, one of them is dropped first. Zero differences are ties, which
          support the null hypothesis, so they are not discarded.
        * ``"zsplit"`` — SciPy's split without dropping one.
        * ``"wilcox"`` — Wilcoxon's original rule (SciPy's default): drop them.
        * ``"pratt"`` — rank them, then drop their ranks.
    method : {"auto", "exact", "asymptotic", "permutation"}, default="auto"
        How SciPy computes the p-value. ``"auto"`` uses the exact null
        distribution for at most 50 pairs without zeros or tied differences, and
        otherwise the normal approximation with tie correction (Demšar's ``z``);
        ``"permutation"`` gives the exact p-value under ties by enumerating all
        sign flips, which takes seconds beyond a dozen pairs.
    alpha : float, default=0.05
        Significance level of the decision.

    Returns
    -------
    WilcoxonResult

    Notes
    -----
    The statistic and p-value come from :func:`scipy.stats.wilcoxon`; the rank
    sums ``r_plus`` and ``r_minus`` are computed alongside so that the direction
    of a significant difference is known.
    """
    _check_alpha(alpha)
    x, y = _paired(a, b, min_size=1)
    if method not in ("auto", "exact", "asymptotic", "permutation"):
        raise ValueError(
            f"method must be 'auto', 'exact', 'asymptotic' or 'permutation', got {method!r}."
        )
    if zero_method not in ("demsar", "zsplit", "wilcox", "pratt"):
        raise ValueError(
            f"zero_method must be 'demsar', 'zsplit', 'wilcox' or 'pratt', got {zero_method!r}."
        )
    d = x - y
    scipy_method: str = zero_method
    if zero_method == "demsar":
        zeros = np.flatnonzero(d == 0)
        if zeros.size % 2:
            keep = np.ones(d.size, dtype=bool)
            keep[zeros[0]] = False
            d = d[keep]
        scipy_method = "zsplit"
    if np.all(d == 0):
        # No evidence either way; SciPy would warn and return NaN.
        return WilcoxonResult(math.nan, 1.0, 0.0, 0.0, int(d.size), zero_method, alpha)
    ranked = d[d != 0] if scipy_method == "wilcox" else d
    ranks = _sps.rankdata(np.abs(ranked))
    # "zsplit" shares the zero ranks between both sums; "pratt" drops them after ranking.
    share = float(ranks[ranked == 0].sum()) / 2 if scipy_method == "zsplit" else 0.0
    r_plus = float(ranks[ranked > 0].sum()) + share
    r_minus = float(ranks[ranked < 0].sum()) + share
    abs_d = np.abs(ranked)
    exact_ok = ranked.size <= 50 and np.all(abs_d > 0) and np.unique(abs_d).size == abs_d.size
    p_method: str | _sps.PermutationMethod
    if method == "permutation":
        p_method = _sps.PermutationMethod()
    elif method == "auto":
        # SciPy's own "auto" switches to a permutation test (seconds per call) for
        # n <= 13 with ties or zeros; the normal approximation is used instead.
        p_method = "exact" if exact_ok else "asymptotic"
    else:
        p_method = method
    res = _sps.wilcoxon(ranked, zero_method=scipy_method, method=p_method)
    return WilcoxonResult(
        min(r_plus, r_minus),
        float(res.pvalue),
        r_plus,
        r_minus,
        int(ranked.size),
        zero_method,
        alpha,
    )


def win_tie_loss(a: ArrayLike, b: ArrayLike, *, tolerance: float = 0.0) -> tuple[int, int, int]:
    """Count data sets where ``a`` beats, ties with, and loses to ``b``.

    Parameters
    ----------
    a, b : array-like of shape (n,)
        One score per data set (higher is better).
    tolerance : float, default=0.0
        Differences with ``|a - b| <= tolerance`` count as ties.

    Returns
    -------
    tuple of int
        ``(wins, ties, losses)``.
    """
    x, y = _paired(a, b, min_size=1)
    if tolerance < 0:
        raise ValueError(f"tolerance must be >= 0, got {tolerance!r}.")
    d = x - y
    tie = np.abs(d) <= tolerance
    return int(np.sum((d > 0) & ~tie)), int(np.sum(tie)), int(np.sum((d < 0) & ~tie))


def sign_test(wins: int, ties: int, losses: int, alpha: float = 0.05) -> SignTestResult:
    """Sign test on win-tie-loss counts with the critical value of paper 001.

    Parameters
    ----------
    wins, ties, losses : int
        Number of data sets on which the method was better, equal, worse.
    alpha : float, default=0.05
        Significance level.

    Returns
    -------
    SignTestResult
        ``better`` is True when ``wins + ties/2 >= n_c`` with
        ``n_c = ceil(n/2 + z_alpha * sqrt(n) / 2)``.

    Notes
    -----
    Kuncheva & Rodríguez (Section V, after Demšar 2006) use the normal
    approximation of the number of wins, ``N(n/2, sqrt(n)/2)``, with the
    two-sided ``z_alpha`` (1.96 for ``alpha = 0.05``, giving ``n_c = 24`` for 35
    data sets). Ties support the null hypothesis, so half of them count as wins.
    The exact two-sided binomial p-value reported alongside splits the ties
    the same way, dropping one first if their number is odd (Demšar's rule),
    and tests ``wins + ties//2`` successes in ``wins + losses + 2*(ties//2)``
    trials with probability 1/2.
    """
    _check_alpha(alpha)
    counts = (wins, ties, losses)
    if any(int(c) != c or c < 0 for c in counts):
        raise ValueError(f"wins, ties and losses must be non-negative integers, got {counts}.")
    wins, ties, losses = (int(c) for c in counts)
    n = wins + ties + losses
    if n == 0:
        raise ValueError("the sign test needs at least one data set.")
    z = float(_sps.norm.ppf(1.0 - alpha / 2.0))
    n_c = math.ceil(n / 2 + z * math.sqrt(n) / 2)
    half_ties = ties // 2
    trials = wins + losses + 2 * half_ties
    p = float(_sps.binomtest(wins + half_ties, trials, 0.5).pvalue) if trials else 1.0
    return SignTestResult(wins, ties, losses, n_c, z, p, alpha)


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
