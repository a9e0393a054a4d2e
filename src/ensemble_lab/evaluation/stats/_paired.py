"""Tests of two methods: on the splits of one data set, or on one score per data set.

The corrected resampled t-test of Nadeau & Bengio exactly as Weka's Experimenter
computes it, the paired t-test, Dietterich's 5×2cv t-test and Alpaydin's 5×2cv F-test
compare two methods on the paired per-split scores of one data set; the Wilcoxon
signed-rank test and the sign test (with the critical value of Kuncheva & Rodríguez)
compare them on one score per data set.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import stats as _sps

from ._results import (
    EquivalenceResult,
    PairedTestResult,
    SignTestResult,
    WilcoxonMethod,
    WilcoxonResult,
    ZeroMethod,
    _check_alpha,
    _paired,
    _variance_ttest,
)


def paired_equivalence(
    a: ArrayLike, b: ArrayLike, margin: float, *, alpha: float = 0.05
) -> EquivalenceResult:
    """Paired equivalence test of ``a`` and ``b``: two one-sided t-tests (Schuirmann).

    The means are equivalent when the difference is significantly above ``-margin`` and
    significantly below ``margin``, i.e. when the ``1 - 2 alpha`` confidence interval
    of the mean difference lies inside ``(-margin, margin)``. An absence-of-difference
    claim tested this way can fail: an interval wider than the margin (too few pairs,
    too much spread) does not show equivalence.

    Parameters
    ----------
    a, b : array-like of shape (k,)
        Paired scores (e.g. one accuracy per data set), at least two pairs.
    margin : float
        Equivalence margin, in the scores' units, stated before the data are seen.
    alpha : float, default=0.05
        Significance level of each one-sided test.

    Returns
    -------
    EquivalenceResult

    Notes
    -----
    The same test as statsmodels' ``ttost_paired(a, b, -margin, margin)`` (the
    p-value is the larger of its two one-sided p-values).

    Examples
    --------
    >>> from ensemble_lab.evaluation.stats import paired_equivalence
    >>> r = paired_equivalence([80.1, 75.3, 90.2, 66.0], [80.4, 75.0, 89.9, 66.5], 1.0)
    >>> r.equivalent, round(r.mean_difference, 2)
    (True, -0.05)
    """
    _check_alpha(alpha)
    if not margin > 0:
        raise ValueError(f"margin must be positive, got {margin}")
    x, y = _paired(a, b)
    d = x - y
    k = d.size
    if k < 2:
        raise ValueError(f"an equivalence test needs at least two pairs, got {k}")
    mean = float(d.mean())
    se = float(d.std(ddof=1)) / math.sqrt(k)
    if se == 0.0:
        p = 0.0 if abs(mean) < margin else 1.0
        return EquivalenceResult(mean, (mean, mean), margin, p, alpha)
    lower = float(_sps.t.sf((mean + margin) / se, k - 1))
    upper = float(_sps.t.cdf((mean - margin) / se, k - 1))
    half = float(_sps.t.ppf(1 - alpha, k - 1)) * se
    return EquivalenceResult(mean, (mean - half, mean + half), margin, max(lower, upper), alpha)


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
