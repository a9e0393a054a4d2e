"""A comparison in plain language, generated from its numbers (as autorank's report)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

if TYPE_CHECKING:
    from ._compare import Comparison

__all__ = ["comparison_text", "nemenyi_groups"]


def nemenyi_groups(ranks: pd.Series, cd: float) -> list[list[str]]:
    """Maximal runs of methods (by average rank) whose ranks differ by at most ``cd``.

    The bars of a critical-difference diagram: the methods of one run are not
    significantly different by Nemenyi's test. Runs inside a longer one are left out.

    >>> nemenyi_groups(pd.Series({"a": 1.0, "b": 1.5, "c": 3.0}), 1.2)
    [['a', 'b']]
    """
    ordered = ranks.sort_values(kind="stable")
    names, values = list(ordered.index), ordered.to_numpy()
    groups: list[list[str]] = []
    last = -1
    for i in range(len(values)):
        j = i
        while j + 1 < len(values) and values[j + 1] - values[i] <= cd:
            j += 1
        if j > i and j > last:
            groups.append(names[i : j + 1])
            last = j
    return groups


def _ranking(c: Comparison) -> str:
    central = "mean" if c.procedure.parametric else "median"
    parts = []
    for name, row in c.summary.iterrows():
        parts.append(
            f"{name} (average rank {row['average_rank']:.2f}, {central} {row['central']:.4g}, "
            f"{100 * (1 - c.alpha):g} % CI [{row['ci_lower']:.4g}, {row['ci_upper']:.4g}])"
        )
    return "Ranked best first: " + "; ".join(parts) + "."


def _effects(c: Comparison) -> str:
    from ._effect import EFFECT_SIZES

    label = EFFECT_SIZES[c.effect_size_kind][0]
    best = c.methods[0]
    parts = [
        f"{name} {row['effect_size']:.3g} ({row['magnitude']})"
        for name, row in c.summary.iterrows()
        if name != best
    ]
    return f"{label} of {best} against each other method: " + "; ".join(parts) + "."


def _posthoc(c: Comparison) -> str:
    if c.procedure.posthoc is None:
        return ""
    if c.critical_difference is not None:
        ranks = c.summary["average_rank"]
        groups = nemenyi_groups(ranks, c.critical_difference)
        text = (
            f"Nemenyi's critical difference is {c.critical_difference:.3f}: two methods whose "
            "average ranks differ by more are significantly different."
        )
        if groups:
            text += (
                " Not significantly different from each other: "
                + "; ".join("{" + ", ".join(g) + "}" for g in groups)
                + "."
            )
        return text
    significant = c.pairs[c.pairs["significant"]]
    against = f" against {c.control}" if c.control else ""
    if significant.empty:
        return f"The {c.procedure.posthoc} post-hoc tests{against} find no significant pair."
    pairs = "; ".join(
        f"{r.method} vs {r.other} (adjusted p = {r.p_adjusted:.3g})"
        for r in significant.itertuples()
    )
    return f"The {c.procedure.posthoc} post-hoc tests{against} find: {pairs}."


def comparison_text(c: Comparison) -> str:
    """What a comparison did and found, as a paragraph a paper could use."""
    k = len(c.methods)
    direction = "" if c.higher_is_better else " (lower is better)"
    intro = f"{k} methods were compared on {c.n_datasets} data sets{direction}."
    reasons = " ".join(r[0].upper() + r[1:] + "." for r in c.procedure.reasons)
    verdict = "rejects" if c.significant else "does not reject"
    stat = f"p = {c.omnibus_p:.3g}"
    if c.friedman_chi2 is not None:
        stat = (
            f"tie-corrected χ² = {c.friedman_chi2:.3f}, p = {c.friedman_chi2_p:.3g}; "
            f"Iman–Davenport F = {c.omnibus_statistic:.3f}, p = {c.omnibus_p:.3g}"
        )
    omnibus = (
        f"The {c.procedure.omnibus} {verdict} that all methods perform alike at α = "
        f"{c.alpha:g} ({stat})."
    )
    posthoc = (
        _posthoc(c)
        if c.significant
        else (
            "No post-hoc test is reported: the omnibus test found no difference to follow up."
            if c.procedure.posthoc
            else ""
        )
    )
    bayes = ""
    if c.bayesian:
        reference = c.control or c.methods[0]
        bayes = (
            "Bayesian signed-rank test against "
            + reference
            + ": "
            + "; ".join(
                f"{m} {b.decision} (P(better) {b.p_better:.2f}, P(equivalent) "
                f"{b.p_equivalent:.2f}, P(worse) {b.p_worse:.2f})"
                for m, b in c.bayesian.items()
            )
            + f" (ROPE ±{next(iter(c.bayesian.values())).rope:g})."
        )
    parts = [intro, reasons, omnibus, posthoc, _ranking(c), _effects(c), bayes]
    return " ".join(p for p in parts if p)
