"""One call for the whole comparison of methods over data sets, its procedure explained.

:func:`compare` takes a data sets × methods table of scores and returns a
:class:`Comparison`: which procedure was used and why, the omnibus test, the post-hoc
tests, each method's rank, central value, confidence interval and effect size, and a
plain-language account of it all (:meth:`Comparison.text`).

The procedure is chosen as autorank chooses it (Herbold 2020), following Demšar (2006)
and García & Herrera (2008), by one small function (:func:`choose_procedure`) whose
every branch is reported: Shapiro–Wilk tests of each method's scores for normality
(Bonferroni-corrected), Bartlett's test of equal variances when all are normal (else
Levene's), then

* two methods: the paired t-test (normal) or the Wilcoxon signed-rank test;
* more: repeated-measures ANOVA with Tukey's HSD (all normal, equal variances) or the
  Friedman test (tie-corrected, with the Iman–Davenport statistic that decides) with
  Nemenyi's test, or z-tests adjusted by Holm's, Hommel's or Shaffer's procedure for
  every pair, or Holm's or Hommel's against a control.

Either branch can be forced. Effect sizes are taken against the best method: Cohen's d
in the parametric branch, Cliff's δ in the other (or Akinshin's γ, autorank's choice).
A Bayesian signed-rank test against the control (or the best), through baycomp, is an
option.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import pandas as pd
from scipy import stats as _sps

from ._anova import repeated_measures_anova, tukey_hsd
from ._bayes import BayesianComparison, bayesian_signed_rank
from ._effect import EFFECT_SIZES, confidence_interval, effect_size, magnitude
from ._multiple import pairwise_rank_tests
from ._paired import wilcoxon
from ._ranks import average_ranks, friedman, nemenyi_cd
from ._results import _check_alpha

__all__ = ["Comparison", "Procedure", "choose_procedure", "compare"]

Mode = Literal["auto", "parametric", "nonparametric"]


@dataclass(frozen=True)
class Procedure:
    """The tests a comparison used, and why.

    Attributes
    ----------
    parametric : bool
    omnibus : str
        ``"paired t-test"``, ``"Wilcoxon signed-rank test"``, ``"repeated-measures
        ANOVA"`` or ``"Friedman test"``.
    posthoc : str or None
        ``"Tukey HSD"``, ``"Nemenyi"``, ``"Holm"``, ``"Hommel"``, ``"Shaffer"`` (None
        with two methods).
    reasons : tuple of str
        Each decision taken on the way, with the p-values it rests on.
    """

    parametric: bool
    omnibus: str
    posthoc: str | None
    reasons: tuple[str, ...]


def choose_procedure(
    all_normal: bool,
    equal_variances: bool,
    n_methods: int,
    *,
    mode: Mode = "auto",
    posthoc: str = "nemenyi",
) -> tuple[bool, str, str | None, str]:
    """The branch of the procedure: (parametric, omnibus test, post-hoc test, why).

    >>> choose_procedure(True, True, 4)[:3]
    (True, 'repeated-measures ANOVA', 'Tukey HSD')
    >>> choose_procedure(True, False, 4)[:3]
    (False, 'Friedman test', 'Nemenyi')
    >>> choose_procedure(False, True, 2, mode="parametric")[:3]
    (True, 'paired t-test', None)
    """
    if mode == "parametric":
        parametric, why = True, "the parametric tests were asked for"
    elif mode == "nonparametric":
        parametric, why = False, "the non-parametric tests were asked for"
    elif all_normal and (equal_variances or n_methods == 2):
        parametric, why = (
            True,
            (
                "every method's scores are normal"
                + ("" if n_methods == 2 else " and their variances equal")
            ),
        )
    else:
        parametric = False
        why = "the variances differ" if all_normal else "some method's scores are not normal"
    if n_methods == 2:
        return parametric, "paired t-test" if parametric else "Wilcoxon signed-rank test", None, why
    if parametric:
        return True, "repeated-measures ANOVA", "Tukey HSD", why
    return False, "Friedman test", posthoc.capitalize() if posthoc != "nemenyi" else "Nemenyi", why


@dataclass(frozen=True)
class Comparison:
    """The comparison of methods over data sets (see :func:`compare`).

    Attributes
    ----------
    methods : list of str
        Best first (by average rank).
    n_datasets : int
    alpha : float
    higher_is_better : bool
    procedure : Procedure
    normality : Series
        Shapiro–Wilk p-value of each method's scores.
    alpha_normality : float
        Their level (``alpha / k``, Bonferroni).
    all_normal : bool
    homogeneity_test : str
        ``"Bartlett"`` or ``"Levene"``.
    homogeneity_p : float
    equal_variances : bool
    omnibus_statistic : float
    omnibus_p : float
        The p-value that decides (Iman–Davenport's for the Friedman test).
    significant : bool
        Whether the omnibus test rejects equal performance.
    friedman_chi2 : float or None
        The tie-corrected Friedman χ² and its p-value (None in the parametric branch).
    friedman_chi2_p : float or None
    pairs : DataFrame
        The post-hoc comparisons (empty with two methods): ``method``, ``other``, the
        difference, ``p_value``, ``p_adjusted``, ``significant``.
    critical_difference : float or None
        Nemenyi's CD (average ranks), when it was used.
    summary : DataFrame
        Per method (best first): ``average_rank``, ``central`` (mean or median),
        ``spread`` (standard deviation or median absolute deviation), ``ci_lower``,
        ``ci_upper``, ``effect_size`` (against the best), ``magnitude``.
    effect_size_kind : str
        A key of :data:`~ensemble_lab.evaluation.stats.EFFECT_SIZES`.
    control : str or None
    bayesian : dict of str to BayesianComparison
        Each method against the control (or the best), when asked for.
    """

    methods: list[str]
    n_datasets: int
    alpha: float
    higher_is_better: bool
    procedure: Procedure
    normality: pd.Series
    alpha_normality: float
    all_normal: bool
    homogeneity_test: str
    homogeneity_p: float
    equal_variances: bool
    omnibus_statistic: float
    omnibus_p: float
    significant: bool
    friedman_chi2: float | None
    friedman_chi2_p: float | None
    pairs: pd.DataFrame
    critical_difference: float | None
    summary: pd.DataFrame
    effect_size_kind: str
    control: str | None = None
    bayesian: dict[str, BayesianComparison] = field(default_factory=dict)

    def text(self) -> str:
        """What was done and found, in plain language (:func:`comparison_text`)."""
        from ._text import comparison_text

        return comparison_text(self)


def _check_table(table: pd.DataFrame) -> pd.DataFrame:
    if not isinstance(table, pd.DataFrame):
        raise TypeError("compare needs a DataFrame: data sets as rows, methods as columns")
    if table.shape[1] < 2:
        raise ValueError(f"compare needs at least two methods, got {table.shape[1]}")
    if table.shape[0] < 3:
        raise ValueError(
            f"compare needs at least three data sets (normality and rank tests), got "
            f"{table.shape[0]}"
        )
    values = table.to_numpy(dtype=float)
    if not np.all(np.isfinite(values)):
        raise ValueError("the table holds NaN or inf: every method needs a score on every data set")
    return pd.DataFrame(values, index=table.index, columns=[str(c) for c in table.columns])


def _assumptions(table: pd.DataFrame, alpha: float) -> tuple[pd.Series, float, str, float]:
    """Shapiro–Wilk p per method (Bonferroni level), and the homogeneity test."""
    alpha_normality = alpha / table.shape[1]
    with warnings.catch_warnings():  # a constant column: scipy says so, p = 1
        warnings.simplefilter("ignore", UserWarning)
        normality = table.apply(lambda c: float(_sps.shapiro(c.to_numpy()).pvalue))
    columns = [table[c].to_numpy() for c in table.columns]
    if bool((normality >= alpha_normality).all()):
        return normality, alpha_normality, "Bartlett", float(_sps.bartlett(*columns).pvalue)
    return normality, alpha_normality, "Levene", float(_sps.levene(*columns).pvalue)


def _summary(
    table: pd.DataFrame,
    ranks: pd.Series,
    parametric: bool,
    kind: str,
    alpha: float,
    halfwidths: pd.Series | None,
) -> pd.DataFrame:
    """Per method, best first: average rank, central value, spread, CI, effect size."""
    order = list(ranks.sort_values(kind="stable").index)
    best = table[order[0]]
    rows = []
    for name in order:
        column = table[name]
        if parametric:
            central, spread = float(column.mean()), float(column.std(ddof=1))
        else:
            central = float(column.median())
            spread = float(_sps.median_abs_deviation(column.to_numpy()))
        if halfwidths is not None:  # Tukey's simultaneous intervals
            low, high = central - float(halfwidths[name]), central + float(halfwidths[name])
        else:  # Bonferroni over the k intervals
            low, high = confidence_interval(column, alpha / table.shape[1], normal=parametric)
        size = effect_size(best, column, kind) if name != order[0] else 0.0
        rows.append(
            (name, float(ranks[name]), central, spread, low, high, size, magnitude(size, kind))
        )
    columns = ["method", "average_rank", "central", "spread", "ci_lower", "ci_upper",
               "effect_size", "magnitude"]  # fmt: skip
    return pd.DataFrame(rows, columns=columns).set_index("method")


def _two_methods(table: pd.DataFrame, parametric: bool) -> tuple[float, float]:
    """(statistic, two-sided p) of the paired t-test or the Wilcoxon signed-rank test."""
    a, b = (table.iloc[:, 0].to_numpy(), table.iloc[:, 1].to_numpy())
    if parametric:
        result = _sps.ttest_rel(a, b)
        return float(result.statistic), float(result.pvalue)
    test = wilcoxon(a, b)  # Demšar's handling of zero differences
    return float(test.statistic), float(test.p_value)


def _omnibus(
    scores: pd.DataFrame, parametric: bool, alpha: float
) -> tuple[float, float, float | None, float | None, pd.Series | None, pd.DataFrame]:
    """Statistic and deciding p, Friedman's χ² and p, Tukey's half-widths and pairs."""
    if parametric:
        anova = repeated_measures_anova(scores)
        pairs, halfwidths = tukey_hsd(scores, alpha)
        pairs = pairs.rename(columns={"mean_difference": "difference"})
        pairs["p_adjusted"] = pairs["p_value"]
        return anova.f_statistic, anova.p_value, None, None, halfwidths, pairs
    fr = friedman(scores, tie_correction=True)
    return fr.f_statistic, fr.f_p_value, fr.chi2, fr.chi2_p_value, None, pd.DataFrame()


def compare(
    table: pd.DataFrame,
    *,
    alpha: float = 0.05,
    higher_is_better: bool = True,
    mode: Mode = "auto",
    posthoc: str | None = None,
    control: str | None = None,
    effect_size_kind: str | None = None,
    bayesian: bool = False,
    rope: float = 0.01,
    nsamples: int = 50000,
    random_state: int | None = 0,
) -> Comparison:
    """Compare methods over data sets, choosing the tests as the literature does.

    Parameters
    ----------
    table : DataFrame of shape (n_datasets, n_methods)
        One score per data set (row) and method (column), e.g. the mean accuracy over a
        data set's splits; at least three data sets.
    alpha : float, default=0.05
        Family-wise significance level of every test (and confidence level ``1 −
        alpha`` of the intervals).
    higher_is_better : bool, default=True
        False for a loss (log loss, error): the tests and ranks see ``−score``.
    mode : {"auto", "parametric", "nonparametric"}, default="auto"
        Force a branch instead of letting the normality and variance tests choose.
    posthoc : {"nemenyi", "holm", "hommel", "shaffer"}, optional
        The non-parametric post-hoc test: by default Nemenyi's for every pair, Holm's
        against a ``control`` (which takes ``holm`` or ``hommel``).
    control : str, optional
        Compare every method with this one rather than every pair, and take the
        Bayesian comparisons against it. In the parametric branch Tukey's HSD is run on
        every pair (its family) and the pairs with the control are kept.
    effect_size_kind : {"cohen_d", "cliff_delta", "akinshin_gamma"}, optional
        Default: Cohen's d in the parametric branch, Cliff's δ in the other.
    bayesian : bool, default=False
        Also run the Bayesian signed-rank test of every method against the control (or
        the best), with a ROPE of ``±rope`` (needs baycomp: ``ensemble-lab[stats]``).
    rope, nsamples, random_state :
        Of the Bayesian test (:func:`~ensemble_lab.evaluation.stats.bayesian_signed_rank`).

    Returns
    -------
    Comparison

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> rng = np.random.default_rng(0)
    >>> base = rng.uniform(0.6, 0.9, size=12)
    >>> table = pd.DataFrame({"A": base, "B": base + 0.03 + rng.normal(0, 0.01, 12),
    ...                       "C": base - 0.02 + rng.normal(0, 0.01, 12)})
    >>> result = compare(table)
    >>> result.procedure.omnibus, result.methods, result.significant
    ('repeated-measures ANOVA', ['B', 'A', 'C'], True)
    """
    _check_alpha(alpha)
    table = _check_table(table)
    posthoc = posthoc or ("holm" if control is not None else "nemenyi")
    scores = table if higher_is_better else -table
    if control is not None and control not in scores.columns:
        raise ValueError(f"control {control!r} is not a method: {list(scores.columns)}")
    normality, alpha_n, homogeneity, homogeneity_p = _assumptions(scores, alpha)
    all_normal = bool((normality >= alpha_n).all())
    equal = homogeneity_p >= alpha
    parametric, omnibus_name, posthoc_name, why = choose_procedure(
        all_normal, equal, scores.shape[1], mode=mode, posthoc=posthoc
    )
    kind = effect_size_kind or ("cohen_d" if parametric else "cliff_delta")
    if kind not in EFFECT_SIZES:
        raise ValueError(f"unknown effect size {kind!r}; use one of {', '.join(EFFECT_SIZES)}")
    ranks = average_ranks(scores).average
    halfwidths, cd, chi2, chi2_p = None, None, None, None
    if scores.shape[1] == 2:
        statistic, p = _two_methods(scores, parametric)
        pairs = pd.DataFrame()
    else:
        statistic, p, chi2, chi2_p, halfwidths, pairs = _omnibus(scores, parametric, alpha)
        if parametric and control is not None:
            pairs = pairs[(pairs["method"] == control) | (pairs["other"] == control)]
        if not parametric:
            pairs = pairwise_rank_tests(
                ranks, len(scores), method=posthoc, control=control, alpha=alpha
            ).rename(columns={"rank_difference": "difference"})
            if posthoc == "nemenyi":
                cd = nemenyi_cd(scores.shape[1], len(scores), alpha).cd
    summary = _summary(scores, ranks, parametric, kind, alpha, halfwidths)
    if not higher_is_better:  # report the losses themselves, not their negatives
        summary[["central", "ci_lower", "ci_upper"]] = -summary[
            ["central", "ci_upper", "ci_lower"]
        ].to_numpy()
    reasons = _reasons(normality, alpha_n, all_normal, homogeneity, homogeneity_p, alpha, why)
    procedure = Procedure(parametric, omnibus_name, posthoc_name, reasons)
    bayes = _bayes(scores, summary, control, bayesian, rope, alpha, nsamples, random_state)
    return Comparison(
        list(summary.index), len(scores), alpha, higher_is_better, procedure, normality,
        alpha_n, all_normal, homogeneity, homogeneity_p, equal, statistic, p, p < alpha,
        chi2, chi2_p, pairs, cd, summary, kind, control, bayes,
    )  # fmt: skip


def _reasons(
    normality: pd.Series,
    alpha_n: float,
    all_normal: bool,
    homogeneity: str,
    homogeneity_p: float,
    alpha: float,
    why: str,
) -> tuple[str, ...]:
    not_normal = [f"{m} (p = {p:.3g})" for m, p in normality.items() if p < alpha_n]
    normal_text = (
        f"Shapiro–Wilk does not reject normality for any method at α/k = {alpha_n:.3g}"
        if all_normal
        else f"Shapiro–Wilk rejects normality at α/k = {alpha_n:.3g} for " + ", ".join(not_normal)
    )
    equal_text = (
        f"{homogeneity}'s test {'does not reject' if homogeneity_p >= alpha else 'rejects'} "
        f"equal variances (p = {homogeneity_p:.3g})"
    )
    return (normal_text, equal_text, f"branch: {why}")


def _bayes(
    scores: pd.DataFrame,
    summary: pd.DataFrame,
    control: str | None,
    bayesian: bool,
    rope: float,
    alpha: float,
    nsamples: int,
    random_state: int | None,
) -> dict[str, BayesianComparison]:
    if not bayesian:
        return {}
    reference = control or str(summary.index[0])
    return {
        str(m): bayesian_signed_rank(
            scores[m],
            scores[reference],
            rope=rope,
            alpha=alpha,
            nsamples=nsamples,
            random_state=random_state,
        )
        for m in summary.index
        if m != reference
    }
