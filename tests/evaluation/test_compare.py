"""compare(): the procedure autorank would choose, and the numbers of autorank,
scikit-posthocs, statsmodels, SciPy and baycomp where they compute the same thing.

The generated tables exercise every branch: normal and equal variances (ANOVA), normal
with unequal variances, not normal (Friedman), two methods of each kind, ties, few and
many data sets. Where ours differs by design, the test says so.
"""

import contextlib
import io
import math

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose
from scipy import stats as sps

from ensemble_lab.evaluation import stats

autorank = pytest.importorskip("autorank")
sp = pytest.importorskip("scikit_posthocs")
from autorank import _util as au  # noqa: E402
from statsmodels.stats.anova import AnovaRM  # noqa: E402
from statsmodels.stats.multicomp import pairwise_tukeyhsd  # noqa: E402
from statsmodels.stats.multitest import multipletests  # noqa: E402


def _table(kind, n, k, seed):
    rng = np.random.default_rng(seed)
    base = rng.uniform(0.6, 0.9, size=(n, 1))
    shifts = np.linspace(0.0, 0.04, k)
    if kind == "normal":
        values = 0.75 + shifts + rng.normal(0, 0.03, size=(n, k))
    elif kind == "unequal":
        values = 0.75 + shifts + rng.normal(0, 1, size=(n, k)) * np.linspace(0.005, 0.08, k)
    elif kind == "skewed":
        values = 0.7 + shifts + 0.02 * rng.lognormal(0, 1.3, size=(n, k))
    else:  # "ties": scores on a coarse grid, as small test sets give
        values = np.round(base + shifts + rng.normal(0, 0.02, size=(n, k)), 1)
    return pd.DataFrame(values, columns=[f"m{j}" for j in range(k)])


def _autorank(table, **kwargs):
    with contextlib.redirect_stdout(io.StringIO()):  # autorank prints its rank table
        return autorank.autorank(table, alpha=0.05, **kwargs)


CASES = [
    (kind, n, k, seed)
    for kind in ("normal", "unequal", "skewed", "ties")
    for n, k in ((8, 2), (12, 4), (40, 5), (6, 3))
    for seed in (0, 1)
]
OMNIBUS = {
    "ttest": "paired t-test",
    "wilcoxon": "Wilcoxon signed-rank test",
    "anova": "repeated-measures ANOVA",
    "friedman": "Friedman test",
}


@pytest.mark.parametrize(("kind", "n", "k", "seed"), CASES)
def test_the_procedure_and_its_tests_are_autoranks(kind, n, k, seed):
    table = _table(kind, n, k, seed)
    ours = stats.compare(table)
    theirs = _autorank(table)
    assert ours.all_normal == theirs.all_normal
    assert ours.equal_variances == theirs.homoscedastic
    assert ours.homogeneity_test.lower().startswith(theirs.homogeneity_test[:6])
    assert ours.alpha_normality == theirs.alpha_normality
    by_name = dict(zip(theirs.rankdf.index, theirs.pvals_shapiro))
    for method, p in ours.normality.items():
        assert p == pytest.approx(by_name[method], abs=1e-12)
    assert ours.homogeneity_p == pytest.approx(theirs.pval_homogeneity, abs=1e-12)
    assert ours.procedure.omnibus == OMNIBUS[theirs.omnibus]
    # mean ranks: autorank's rank 1 is the highest score, as ours
    assert_allclose(
        ours.summary["average_rank"], theirs.rankdf["meanrank"][ours.methods], atol=1e-12
    )
    if theirs.omnibus in ("anova", "ttest"):
        assert ours.omnibus_p == pytest.approx(theirs.pvalue, rel=1e-9, abs=1e-15)
    elif theirs.omnibus == "friedman":
        # autorank decides with the tie-corrected χ² (SciPy's friedmanchisquare); ours
        # reports it and decides, as Demšar recommends, with Iman–Davenport's F
        assert ours.friedman_chi2_p == pytest.approx(theirs.pvalue, rel=1e-9, abs=1e-15)
        assert theirs.cd == pytest.approx(ours.critical_difference, abs=2e-3)  # qsturng
    else:
        # by design: autorank's Wilcoxon test is one-sided (the larger median greater),
        # ours two-sided with Demšar's handling of zero differences
        assert ours.procedure.omnibus == "Wilcoxon signed-rank test"


@pytest.mark.parametrize(("kind", "n", "k", "seed"), CASES)
def test_effect_sizes_and_intervals_are_autoranks(kind, n, k, seed):
    table = _table(kind, n, k, seed)
    ours = stats.compare(table, effect_size_kind="akinshin_gamma" if kind != "normal" else None)
    best = table[ours.methods[0]]
    for method in ours.methods:
        x = table[method]
        assert stats.cohen_d(best, x) == pytest.approx(au._cohen_d(best, x), abs=1e-12)
        assert stats.akinshin_gamma(best, x) == pytest.approx(
            au._akinshin_gamma(best, x), abs=1e-12
        )
        assert stats.cliffs_delta(best, x) == pytest.approx(au._cliffs_delta(best, x), abs=1e-12)
        for normal in (True, False):
            ci = stats.confidence_interval(x, 0.05 / k, normal=normal)
            assert_allclose(ci, au._confidence_interval(x, 0.05 / k, is_normal=normal), atol=1e-12)
        row = ours.summary.loc[method]
        assert row["magnitude"] == au._effect_level(row["effect_size"], ours.effect_size_kind)


def test_the_default_effect_size_differs_from_autoranks_by_design():
    # autorank reports Akinshin's γ for non-normal data; Cliff's δ, rank-based like the
    # Friedman branch it goes with, is ours (γ on request)
    table = _table("skewed", 40, 5, 0)
    assert not stats.compare(table).procedure.parametric
    assert stats.compare(table).effect_size_kind == "cliff_delta"
    assert _autorank(table).effect_size == "akinshin_gamma"


@pytest.mark.parametrize("seed", range(5))
def test_repeated_measures_anova_and_tukey_are_statsmodels(seed):
    table = _table("normal", 15, 4, seed)
    stacked = table.stack().reset_index()
    stacked.columns = ["id", "treatment", "result"]
    stacked["result"] = stacked["result"].astype(float)
    anova = AnovaRM(stacked, "result", "id", within=["treatment"]).fit().anova_table
    ours = stats.repeated_measures_anova(table)
    assert ours.f_statistic == pytest.approx(anova["F Value"].iat[0], rel=1e-12)
    assert ours.p_value == pytest.approx(anova["Pr > F"].iat[0], rel=1e-9)
    pairs, halfwidths = stats.tukey_hsd(table)
    theirs = pairwise_tukeyhsd(stacked["result"], stacked["treatment"])
    assert_allclose(-pairs["mean_difference"], theirs.meandiffs, atol=1e-12)  # they do b − a
    assert list(pairs["significant"]) == list(theirs.reject)
    # statsmodels approximates the studentized range (psturng, qsturng); SciPy's is exact
    assert_allclose(pairs["p_value"], theirs.pvalues, atol=5e-3)
    result = _autorank(table)
    if result.omnibus == "anova":
        half = (result.rankdf["ci_upper"] - result.rankdf["ci_lower"]).astype(float) / 2
        assert_allclose(halfwidths[half.index], half, rtol=2e-3)


@pytest.mark.parametrize("seed", range(4))
def test_friedman_posthocs_are_scikit_posthocs(seed):
    table = _table("ties", 20, 5, seed)
    ranks = stats.average_ranks(table).average
    nemenyi = stats.pairwise_rank_tests(ranks, len(table), method="nemenyi")
    matrix = sp.posthoc_nemenyi_friedman(table.to_numpy())
    for row in nemenyi.itertuples():
        i, j = int(row.method[1:]), int(row.other[1:])
        assert row.p_value == pytest.approx(matrix.iloc[i, j], abs=1e-12)
    for method in ("holm", "hommel"):
        ours = stats.pairwise_rank_tests(ranks, len(table), method=method)
        theirs = sp.posthoc_siegel_friedman(table.to_numpy(), p_adjust=method)
        for row in ours.itertuples():
            i, j = int(row.method[1:]), int(row.other[1:])
            assert row.p_adjusted == pytest.approx(theirs.iloc[i, j], abs=1e-12)
    chi2 = stats.friedman(table, tie_correction=True)
    ref = sps.friedmanchisquare(*table.T.to_numpy())
    assert chi2.chi2 == pytest.approx(ref.statistic, rel=1e-12)
    assert chi2.chi2_p_value == pytest.approx(ref.pvalue, rel=1e-9)


@pytest.mark.parametrize("seed", range(10))
def test_hommel_is_statsmodels(seed):
    p = np.random.default_rng(seed).uniform(0, 0.2, size=12) ** 2
    assert_allclose(stats.hommel(p), multipletests(p, method="hommel")[1], atol=1e-12)


def _shaffer_by_definition(p, k):
    """Shaffer's static procedure, from García & Herrera's definition, by brute force."""
    m = math.comb(k, 2)

    def sets(n):  # numbers of true hypotheses when n methods split into equal groups
        if n <= 1:
            return {0}
        return {math.comb(j, 2) + x for j in range(1, n + 1) for x in sets(n - j)}

    possible = sorted(sets(k))
    order = np.argsort(p)
    out, running = np.empty(m), 0.0
    for i, index in enumerate(order):
        t = max(s for s in possible if s <= m - i)
        running = max(running, min(1.0, t * p[index]))
        out[index] = running
    return out


@pytest.mark.parametrize("k", [3, 4, 5, 7])
def test_shaffer_is_its_definition_and_never_above_holm(k):
    rng = np.random.default_rng(k)
    p = rng.uniform(0, 0.05, size=math.comb(k, 2))
    assert_allclose(stats.shaffer(p, k), _shaffer_by_definition(p, k), atol=1e-15)
    assert np.all(stats.shaffer(p, k) <= stats.adjust_p_values(p, "holm") + 1e-15)


def test_branches_can_be_forced_and_every_branch_is_said():
    table = _table("skewed", 30, 4, 1)
    auto = stats.compare(table)
    forced = stats.compare(table, mode="parametric")
    assert not auto.procedure.parametric and forced.procedure.omnibus == "repeated-measures ANOVA"
    assert "branch: the parametric tests were asked for" in forced.procedure.reasons
    assert any("rejects normality" in r for r in auto.procedure.reasons)
    text = auto.text()
    assert "Friedman test" in text and "Iman–Davenport" in text and "Cliff's δ" in text
    assert text.startswith("4 methods were compared on 30 data sets.")


def test_a_loss_ranks_the_lowest_first_and_reports_the_loss():
    table = _table("normal", 20, 3, 2)
    as_loss = stats.compare(1 - table, higher_is_better=False)
    as_score = stats.compare(table)
    assert as_loss.methods == as_score.methods
    assert_allclose(as_loss.summary["central"], 1 - as_score.summary["central"], atol=1e-12)
    assert (as_loss.summary["ci_lower"] <= as_loss.summary["central"]).all()


def test_against_a_control_and_the_bayesian_option():
    table = _table("skewed", 25, 4, 3)
    result = stats.compare(table, posthoc="holm", control="m0")
    assert set(result.pairs["other"]) == {"m0"} and len(result.pairs) == 3
    with pytest.raises(ValueError, match="against a control use holm or hommel"):
        stats.compare(table, posthoc="shaffer", control="m0")
    pytest.importorskip("baycomp")
    bayes = stats.compare(table, bayesian=True, nsamples=2000, control="m0")
    assert set(bayes.bayesian) == {"m1", "m2", "m3"}
    best = bayes.bayesian["m3"]  # the largest shift
    assert best.p_better > best.p_worse
    assert "Bayesian signed-rank test against m0" in bayes.text()


def test_bayesian_tests_are_baycomps_oriented_the_package_way():
    baycomp = pytest.importorskip("baycomp")
    rng = np.random.default_rng(0)
    a = rng.uniform(0.7, 0.9, 30)
    b = a - 0.03 + rng.normal(0, 0.01, 30)
    ours = stats.bayesian_signed_rank(a, b, rope=0.01, nsamples=3000, random_state=1)
    left, rope, right = baycomp.SignedRankTest(a, b, 0.01, nsamples=3000, random_state=1).probs()
    assert (ours.p_better, ours.p_equivalent, ours.p_worse) == (left, rope, right)
    assert ours.decision == "better"
    x, y = rng.normal(0.8, 0.02, 20), rng.normal(0.78, 0.02, 20)
    c = stats.correlated_ttest(x, y, runs=2, rope=0.005)
    assert (c.p_better, c.p_equivalent, c.p_worse) == pytest.approx(
        baycomp.CorrelatedTTest.probs(x, y, 0.005, 2)
    )


def test_bad_tables_are_refused_with_the_reason():
    with pytest.raises(ValueError, match="at least three data sets"):
        stats.compare(pd.DataFrame({"a": [1.0, 2.0], "b": [2.0, 3.0]}))
    with pytest.raises(ValueError, match="NaN or inf"):
        stats.compare(pd.DataFrame({"a": [1.0, np.nan, 2.0], "b": [2.0, 3.0, 1.0]}))
    with pytest.raises(ValueError, match="control 'z' is not a method"):
        stats.compare(_table("normal", 5, 3, 0), control="z")
