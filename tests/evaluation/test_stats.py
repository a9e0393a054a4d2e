"""Tests for ensemble_lab.evaluation.stats against SciPy, direct formulas and
published worked examples."""

import math

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose
from scipy import stats as sps

from ensemble_lab.evaluation import stats

# Demšar (2006), JMLR 7, Table 6: AUC of C4.5 (m=0, cf=0.25), C4.5 with m tuned,
# with cf tuned, and with both, on 14 UCI data sets. Rows in the paper's order:
# adult (sample), breast cancer, breast cancer wisconsin, cmc, ionosphere, iris,
# liver disorders, lung cancer, lymphography, mushroom, primary tumor, rheum,
# voting, wine.
DEMSAR_METHODS = ["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"]
DEMSAR_AUC = np.array(
    [
        [0.763, 0.768, 0.771, 0.798],
        [0.599, 0.591, 0.590, 0.569],
        [0.954, 0.971, 0.968, 0.967],
        [0.628, 0.661, 0.654, 0.657],
        [0.882, 0.888, 0.886, 0.898],
        [0.936, 0.931, 0.916, 0.931],
        [0.661, 0.668, 0.609, 0.685],
        [0.583, 0.583, 0.563, 0.625],
        [0.775, 0.838, 0.866, 0.875],
        [1.000, 1.000, 1.000, 1.000],
        [0.940, 0.962, 0.965, 0.962],
        [0.619, 0.666, 0.614, 0.669],
        [0.972, 0.981, 0.975, 0.975],
        [0.957, 0.978, 0.946, 0.970],
    ]
)
# Table 6 prints the ranks next to the AUCs. In the voting row the printed AUCs of
# C4.5+cf and C4.5+m+cf are both 0.975 (rounded), yet the paper ranks them 2 and 3:
# the unrounded values differ. To reproduce the paper's ranks we nudge C4.5+cf up.
DEMSAR_AUC_AS_RANKED = DEMSAR_AUC.copy()
DEMSAR_AUC_AS_RANKED[12, 2] = 0.97501
# Average ranks, chi2_F, F_F and CDs as printed in Section 3.2.2 of the paper.
DEMSAR_AVG_RANKS = [3.143, 2.000, 2.893, 1.964]


def demsar_table(values=DEMSAR_AUC_AS_RANKED):
    return pd.DataFrame(values, columns=DEMSAR_METHODS)


# --------------------------------------------------------------------------- t-tests
def _scores(seed, k=100):
    rng = np.random.default_rng(seed)
    a = rng.normal(0.85, 0.03, k)
    b = a - rng.normal(0.01, 0.02, k)
    return a, b


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_paired_ttest_matches_scipy(seed):
    a, b = _scores(seed, k=30)
    res = stats.paired_ttest(a, b)
    ref = sps.ttest_rel(a, b)
    assert_allclose(res.statistic, ref.statistic, rtol=1e-12)
    assert_allclose(res.p_value, ref.pvalue, rtol=1e-10)
    assert res.df == (29.0,)
    assert_allclose(res.mean_difference, np.mean(a - b))


def test_corrected_ttest_direct_formula():
    # Nadeau & Bengio as in Weka's PairedStatsCorrected:
    # t = mean(d) / sqrt((1/k + n_test/n_train) * var(d)), df = k - 1,
    # ratio = total test size / total train size.
    a, b = _scores(3)
    n_train = np.r_[np.full(60, 90), np.full(40, 91)]
    n_test = np.r_[np.full(60, 11), np.full(40, 10)]
    d = a - b
    k = len(d)
    mean = sum(d) / k
    var = sum((x - mean) ** 2 for x in d) / (k - 1)
    ratio = n_test.sum() / n_train.sum()
    t = mean / math.sqrt((1 / k + ratio) * var)
    p = 2 * sps.t.sf(abs(t), k - 1)
    res = stats.corrected_resampled_ttest(a, b, n_train, n_test)
    assert_allclose(res.statistic, t, rtol=1e-12)
    assert_allclose(res.p_value, p, rtol=1e-10)
    assert res.df == (99.0,)
    # Weka computes the p-value as F(t^2; 1, k-1): the same number.
    assert_allclose(res.p_value, sps.f.sf(t * t, 1, k - 1), rtol=1e-9)


def test_corrected_ttest_is_more_conservative_than_paired():
    a, b = _scores(4)
    corrected = stats.corrected_resampled_ttest(a, b, 90, 10)
    plain = stats.paired_ttest(a, b)
    # 10x10 CV: the variance grows by (1/100 + 1/9) / (1/100) ≈ 12.1.
    assert_allclose(plain.statistic / corrected.statistic, math.sqrt(1 + 100 / 9), rtol=1e-12)
    assert corrected.p_value > plain.p_value


def test_corrected_ttest_scalar_sizes_equal_per_split_sizes():
    a, b = _scores(5)
    r1 = stats.corrected_resampled_ttest(a, b, 90, 10)
    r2 = stats.corrected_resampled_ttest(a, b, np.full(100, 90), np.full(100, 10))
    assert r1 == r2


def test_ttest_zero_variance_follows_weka():
    a = np.array([0.9, 0.8, 0.7])
    same = stats.corrected_resampled_ttest(a, a, 9, 1)
    assert same.p_value == 1.0 and same.significance == 0
    shifted = stats.paired_ttest(a + 0.1, a)
    assert shifted.p_value == 0.0 and shifted.significance == 1


def test_significance_direction_and_alpha():
    a, b = _scores(6)
    res = stats.paired_ttest(a, b)
    assert res.p_value < 1e-4
    assert res.significance == 1
    assert stats.paired_ttest(b, a).significance == -1
    loose = stats.paired_ttest(a[:5], b[:5], alpha=1e-12)
    assert loose.significance == 0


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"a": [1, 2, 3], "b": [1, 2]}, "same length"),
        ({"a": [1.0], "b": [2.0]}, "at least 2"),
        ({"a": [1.0, np.nan], "b": [2.0, 1.0]}, "finite"),
    ],
)
def test_paired_ttest_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        stats.paired_ttest(**kwargs)


def test_corrected_ttest_bad_sizes_and_alpha():
    with pytest.raises(ValueError, match="positive"):
        stats.corrected_resampled_ttest([1, 2], [2, 1], 0, 1)
    with pytest.raises(ValueError, match="alpha"):
        stats.corrected_resampled_ttest([1, 2], [2, 1], 9, 1, alpha=1.5)


# --------------------------------------------------------------------------- 5x2cv
def _cv52_reference(a, b):
    """Dietterich (1998) and Alpaydin (1999) written out with loops."""
    p = [[a[i][j] - b[i][j] for j in range(2)] for i in range(5)]
    s2 = []
    for i in range(5):
        mean = (p[i][0] + p[i][1]) / 2
        s2.append((p[i][0] - mean) ** 2 + (p[i][1] - mean) ** 2)
    t = p[0][0] / math.sqrt(sum(s2) / 5)
    f = sum(p[i][j] ** 2 for i in range(5) for j in range(2)) / (2 * sum(s2))
    return t, 2 * sps.t.sf(abs(t), 5), f, sps.f.sf(f, 10, 5)


@pytest.mark.parametrize("seed", [0, 1])
def test_cv52_tests_direct_formula(seed):
    rng = np.random.default_rng(seed)
    a = rng.uniform(0.7, 0.9, (5, 2))
    b = a - rng.normal(0.02, 0.02, (5, 2))
    t, pt, f, pf = _cv52_reference(a.tolist(), b.tolist())
    rt = stats.cv52_ttest(a, b)
    rf = stats.cv52_ftest(a, b)
    assert_allclose([rt.statistic, rt.p_value], [t, pt], rtol=1e-12)
    assert_allclose([rf.statistic, rf.p_value], [f, pf], rtol=1e-12)
    assert rt.df == (5.0,) and rf.df == (10.0, 5.0)
    # Flat input is read repetition by repetition.
    assert stats.cv52_ttest(a.ravel(), b.ravel()) == rt


def test_cv52_bad_shape():
    with pytest.raises(ValueError, match="repetitions, 2"):
        stats.cv52_ttest(np.zeros((5, 3)), np.zeros((5, 3)))
    with pytest.raises(ValueError, match="two folds"):
        stats.cv52_ftest(np.zeros(9), np.zeros(9))


# --------------------------------------------------------------------------- Wilcoxon
def test_wilcoxon_demsar_worked_example():
    # Demšar (2006), Section 3.1.3 / Table 2: C4.5+m against C4.5, two zero
    # differences split between the sums: R+ = 93, R- = 12, T = 12 (significant
    # at 0.05 since the exact critical value for N = 14 is 21).
    res = stats.wilcoxon(DEMSAR_AUC[:, 1], DEMSAR_AUC[:, 0])
    assert (res.r_plus, res.r_minus, res.statistic, res.n) == (93.0, 12.0, 12.0, 14)
    assert res.significance == 1
    ref = sps.wilcoxon(DEMSAR_AUC[:, 1], DEMSAR_AUC[:, 0], zero_method="zsplit")
    assert_allclose(res.p_value, ref.pvalue, rtol=1e-12)


def test_wilcoxon_demsar_drops_one_of_an_odd_number_of_zeros():
    a = DEMSAR_AUC[:, 1].copy()
    b = DEMSAR_AUC[:, 0].copy()
    a[0] = b[0]  # a third zero difference
    res = stats.wilcoxon(a, b)
    assert res.n == 13
    ref = sps.wilcoxon(a[1:], b[1:], zero_method="zsplit", method="asymptotic")
    assert_allclose([res.statistic, res.p_value], [ref.statistic, ref.pvalue], rtol=1e-12)


@pytest.mark.parametrize("zero_method", ["wilcox", "zsplit", "pratt"])
def test_wilcoxon_matches_scipy(zero_method):
    rng = np.random.default_rng(7)
    a = np.round(rng.uniform(0.6, 0.9, 20), 2)
    b = np.round(a + rng.normal(0.01, 0.03, 20), 2)
    b[:3] = a[:3]
    res = stats.wilcoxon(a, b, zero_method=zero_method)
    ref = sps.wilcoxon(a, b, zero_method=zero_method)
    assert_allclose(res.p_value, ref.pvalue, rtol=1e-12)
    if zero_method != "pratt":  # SciPy's Pratt statistic is not min(R+, R-)
        assert_allclose(res.statistic, ref.statistic, rtol=1e-12)
    # Direct rank sums over the non-zero differences.
    d = a - b
    nz = d[d != 0] if zero_method == "wilcox" else d
    ranks = sps.rankdata(np.abs(nz))
    half = ranks[nz == 0].sum() / 2 if zero_method == "zsplit" else 0.0
    assert_allclose(res.r_plus, ranks[nz > 0].sum() + half)


def test_wilcoxon_p_value_methods():
    rng = np.random.default_rng(3)
    a = rng.uniform(0.6, 0.9, 7)
    b = a - rng.normal(0.02, 0.02, 7)
    # No ties: "auto" is SciPy's exact distribution.
    exact = stats.wilcoxon(a, b)
    assert_allclose(exact.p_value, sps.wilcoxon(a, b, method="exact").pvalue, rtol=1e-12)
    b[:2] = a[:2]
    perm = stats.wilcoxon(a, b, zero_method="zsplit", method="permutation")
    ref = sps.wilcoxon(a, b, zero_method="zsplit", method=sps.PermutationMethod())
    assert_allclose(perm.p_value, ref.pvalue, rtol=1e-12)
    approx = stats.wilcoxon(a, b, zero_method="zsplit")
    ref = sps.wilcoxon(a, b, zero_method="zsplit", method="asymptotic")
    assert_allclose(approx.p_value, ref.pvalue, rtol=1e-12)
    with pytest.raises(ValueError, match="method"):
        stats.wilcoxon(a, b, method="bootstrap")


def test_wilcoxon_identical_samples():
    res = stats.wilcoxon([0.5, 0.6], [0.5, 0.6])
    assert res.p_value == 1.0 and res.significance == 0


def test_wilcoxon_bad_zero_method():
    with pytest.raises(ValueError, match="zero_method"):
        stats.wilcoxon([1, 2], [2, 1], zero_method="drop")


# --------------------------------------------------------------------------- sign test
# Kuncheva & Rodríguez (paper 001), Table III: n = 35 data sets, n_c = 24; the rows
# with a bullet and without one, as printed.
@pytest.mark.parametrize(
    ("wtl", "bullet"),
    [
        ((26, 2, 7), True),
        ((32, 1, 2), True),
        ((21, 0, 14), False),
        ((24, 1, 10), True),
        ((21, 1, 13), False),
        ((25, 1, 9), True),
        ((23, 2, 10), True),
        ((24, 0, 11), True),
        ((22, 2, 11), False),
        ((30, 1, 4), True),
        ((23, 0, 12), False),
        ((20, 0, 15), False),
        ((15, 2, 18), False),
    ],
)
def test_sign_test_paper_001_table_iii(wtl, bullet):
    res = stats.sign_test(*wtl)
    assert res.critical_value == 24  # ceil(17.5 + 1.96 * sqrt(35) / 2), Section V
    assert res.better is bullet
    assert not res.worse


def test_sign_test_direct_formula_and_binomial():
    for n in range(5, 60, 3):
        res = stats.sign_test(n, 0, 0)
        assert res.critical_value == math.ceil(n / 2 + 1.959963984540054 * math.sqrt(n) / 2)
    # Demšar (2006) Section 3.1.4: C4.5+m wins 10, ties 2, loses 2 of 14 -> 11 >= 11.
    res = stats.sign_test(10, 2, 2)
    assert res.critical_value == 11 and res.better
    assert_allclose(res.p_value, sps.binomtest(11, 14, 0.5).pvalue, rtol=1e-12)
    # An odd number of ties: one is dropped before splitting.
    res = stats.sign_test(20, 3, 12)
    assert_allclose(res.p_value, sps.binomtest(21, 34, 0.5).pvalue, rtol=1e-12)
    worse = stats.sign_test(5, 0, 30)
    assert worse.worse and worse.significance == -1
    assert stats.significance_marker(worse) == "*"


def test_sign_test_bad_counts():
    with pytest.raises(ValueError, match="non-negative integers"):
        stats.sign_test(-1, 0, 3)
    with pytest.raises(ValueError, match="at least one"):
        stats.sign_test(0, 0, 0)


def test_win_tie_loss():
    assert stats.win_tie_loss([0.9, 0.8, 0.7, 0.5], [0.8, 0.8, 0.75, 0.4]) == (2, 1, 1)
    assert stats.win_tie_loss([0.9, 0.8], [0.89, 0.7], tolerance=0.02) == (1, 1, 0)


# --------------------------------------------------------------------------- ranks
def test_average_ranks_demsar_table6():
    res = stats.average_ranks(demsar_table())
    assert_allclose(res.average.to_numpy(), DEMSAR_AVG_RANKS, atol=5e-4)
    assert list(res.average.index) == DEMSAR_METHODS
    # Ties share the average rank: mushroom (all 1.000) and iris (two at 0.931).
    assert_allclose(res.ranks.iloc[9], [2.5, 2.5, 2.5, 2.5])
    assert_allclose(res.ranks.iloc[5], [1, 2.5, 4, 2.5])


def test_average_ranks_direct_loop_and_direction():
    rng = np.random.default_rng(0)
    scores = np.round(rng.uniform(0, 1, (12, 5)), 1)  # many ties
    expected = np.zeros_like(scores)
    for i, row in enumerate(scores):
        for j, v in enumerate(row):
            better = sum(w > v for w in row)
            equal = sum(w == v for w in row)
            expected[i, j] = better + (equal + 1) / 2
    res = stats.average_ranks(scores)
    assert_allclose(res.ranks.to_numpy(), expected)
    low = stats.average_ranks(-scores, higher_is_better=False)
    assert_allclose(low.ranks.to_numpy(), expected)


def test_average_ranks_bad_table():
    with pytest.raises(ValueError, match="NaN"):
        stats.average_ranks([[1.0, np.nan], [0.5, 0.4]])
    with pytest.raises(ValueError, match="at least 2 methods"):
        stats.average_ranks([[1.0], [0.5]])


# --------------------------------------------------------------------------- Friedman
def test_friedman_demsar_example():
    # Demšar (2006), Section 3.2.2: chi2_F = 9.28, F_F = 3.69 with (3, 39) df;
    # the critical F(3, 39) at 0.05 is 2.85, so the null hypothesis is rejected.
    res = stats.friedman(demsar_table())
    assert_allclose(res.chi2, 9.28, atol=5e-3)
    assert_allclose(res.f_statistic, 3.69, atol=5e-3)
    assert res.df == (3.0, 39.0)
    assert res.f_statistic > sps.f.ppf(0.95, 3, 39) > 2.84
    assert res.significant(0.05)
    assert_allclose(res.average_ranks.to_numpy(), DEMSAR_AVG_RANKS, atol=5e-4)


def test_friedman_matches_scipy():
    rng = np.random.default_rng(1)
    scores = rng.uniform(0, 1, (15, 5))  # no ties: both definitions agree
    res = stats.friedman(scores)
    ref = sps.friedmanchisquare(*scores.T)
    assert_allclose([res.chi2, res.chi2_p_value], [ref.statistic, ref.pvalue], rtol=1e-10)
    # With ties SciPy corrects chi2; so do we on request.
    tied = stats.friedman(DEMSAR_AUC, tie_correction=True)
    ref = sps.friedmanchisquare(*DEMSAR_AUC.T)
    assert_allclose([tied.chi2, tied.chi2_p_value], [ref.statistic, ref.pvalue], rtol=1e-10)
    # Iman-Davenport written out.
    n, k = scores.shape
    f = (n - 1) * res.chi2 / (n * (k - 1) - res.chi2)
    assert_allclose(res.f_statistic, f, rtol=1e-12)
    assert_allclose(res.f_p_value, sps.f.sf(f, k - 1, (k - 1) * (n - 1)), rtol=1e-10)


def test_friedman_perfect_agreement():
    res = stats.friedman(np.tile([0.9, 0.8, 0.7], (6, 1)))
    assert res.f_statistic == math.inf and res.f_p_value == 0.0
    assert_allclose(res.chi2, 12.0)  # N (k - 1) = 6 * 2


# --------------------------------------------------------------------------- post-hoc
# Demšar (2006), Table 5: q_alpha for k = 2..10.
NEMENYI_Q = {
    0.05: [1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164],
    0.10: [1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920],
}
BONFERRONI_DUNN_Q = {
    0.05: [1.960, 2.241, 2.394, 2.498, 2.576, 2.638, 2.690, 2.724, 2.773],
    0.10: [1.645, 1.960, 2.128, 2.241, 2.326, 2.394, 2.450, 2.498, 2.539],
}


@pytest.mark.parametrize("alpha", [0.05, 0.10])
def test_nemenyi_q_matches_demsar_table5a(alpha):
    q = [stats.nemenyi_cd(k, 10, alpha).q_alpha for k in range(2, 11)]
    # The printed table is rounded to three decimals (and some entries truncated).
    assert_allclose(q, NEMENYI_Q[alpha], atol=1.5e-3)


@pytest.mark.parametrize("alpha", [0.05, 0.10])
def test_bonferroni_dunn_q_matches_demsar_table5b(alpha):
    q = [stats.bonferroni_dunn_cd(k, 10, alpha).q_alpha for k in range(2, 11)]
    # Table 5(b) prints 2.724 for k = 9 at 0.05; the normal quantile is 2.7344.
    expected = np.array(BONFERRONI_DUNN_Q[alpha])
    ok = np.abs(np.array(q) - expected) <= 1.5e-3
    assert ok.sum() >= 8 and (alpha != 0.10 or ok.all())


def test_critical_differences_demsar_example():
    # Section 3.2.2: k = 4, N = 14 -> Nemenyi CD 1.25 (0.05) and 1.12 (0.10);
    # Bonferroni-Dunn CD 1.16 (0.05).
    assert_allclose(float(stats.nemenyi_cd(4, 14, 0.05)), 1.25, atol=5e-3)
    assert_allclose(stats.nemenyi_cd(4, 14, 0.10).cd, 1.12, atol=5e-3)
    assert_allclose(stats.bonferroni_dunn_cd(4, 14).cd, 1.16, atol=1e-2)
    cd = stats.nemenyi_cd(4, 14)
    assert_allclose(cd.cd, cd.q_alpha * math.sqrt(4 * 5 / (6 * 14)), rtol=1e-12)


def test_cd_bad_arguments():
    with pytest.raises(ValueError, match="k"):
        stats.nemenyi_cd(1, 10)
    with pytest.raises(ValueError, match="n_datasets"):
        stats.nemenyi_cd(3, 0)


# --------------------------------------------------------------------------- notation
def test_significance_marker():
    a, b = _scores(8)
    assert stats.significance_marker(stats.paired_ttest(a, b)) == "◇"
    assert stats.significance_marker(stats.paired_ttest(b, a)) == "*"
    assert stats.significance_marker(np.int64(0)) == ""
    assert stats.significance_marker(1, better="v") == "v"


def test_holm_matches_r_p_adjust():
    # R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") -> 0.03 0.06 0.06 0.02
    adjusted, reject = stats.holm([0.01, 0.04, 0.03, 0.005], alpha=0.05)
    assert_allclose(adjusted, [0.03, 0.06, 0.06, 0.02])
    assert reject.tolist() == [True, False, False, True]
    # R: p.adjust(c(0.5, 0.2, 0.9), "holm") -> 1.0 0.6 1.0 (monotone, capped at 1)
    assert_allclose(stats.holm([0.5, 0.2, 0.9])[0], [1.0, 0.6, 1.0])


def test_compare_to_control_demsar_example():
    # Demšar (2006), Section 3.2.2, C4.5 as the control: SE = sqrt(4*5 / (6*14)) = 0.488;
    # z = (3.143 - 1.964) / 0.488 = 2.416 (C4.5+m+cf), (3.143 - 2.000) / 0.488 = 2.342
    # (C4.5+m), (3.143 - 2.893) / 0.488 = 0.512 (C4.5+cf). Holm at 0.05 rejects the first
    # two (p = 0.016 < 0.05/3, p = 0.019 < 0.05/2) and keeps the third.
    result = stats.compare_to_control(demsar_table(), "C4.5", alpha=0.05)
    table = result.table
    assert_allclose(-table["z"], [2.342, 0.512, 2.416], atol=5e-3)
    assert_allclose(table["p_value"], [0.019, 0.608, 0.016], atol=1e-3)
    assert table["significant"].tolist() == [True, False, True]


def test_posthoc_runs_only_after_a_significant_friedman_test():
    done = stats.posthoc(demsar_table(), control="C4.5", alpha=0.05)
    assert done.significant and done.control is not None
    assert_allclose(done.critical_difference.cd, 1.25, atol=5e-3)
    # Iman–Davenport p = 0.020 on Demšar's example: not significant at 0.01.
    refused = stats.posthoc(demsar_table(), control="C4.5", alpha=0.01)
    assert not refused.significant
    assert refused.critical_difference is None and refused.control is None
    assert_allclose(refused.friedman.f_p_value, done.friedman.f_p_value)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("margin", [0.5, 1.0, 3.0])
def test_paired_equivalence_is_statsmodels_tost(seed, margin):
    from statsmodels.stats.weightstats import ttost_paired

    rng = np.random.default_rng(seed)
    a = rng.normal(80, 5, size=10)
    b = a + rng.normal(0.3 * seed - 0.5, 1.0 + seed / 3, size=10)
    ours = stats.paired_equivalence(a, b, margin)
    p, _, _ = ttost_paired(a, b, -margin, margin)
    assert ours.p_value == pytest.approx(p, rel=1e-9)
    assert ours.equivalent == (p < 0.05)
    lo, hi = ours.interval
    assert ours.equivalent == (-margin < lo and hi < margin)


def test_paired_equivalence_fails_when_the_interval_is_wider_than_the_margin():
    # identical means, but two pairs of wildly different scores: no equivalence shown
    r = stats.paired_equivalence([70.0, 90.0, 60.0], [75.0, 85.0, 60.0], 1.0)
    assert r.mean_difference == 0 and not r.equivalent and r.half_width > 1
    with pytest.raises(ValueError, match="margin must be positive"):
        stats.paired_equivalence([1.0, 2.0], [1.0, 2.0], 0.0)
