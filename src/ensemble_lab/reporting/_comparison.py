"""The comparison of methods over data sets, as tables, a paragraph and a figure.

One analysis (:func:`~ensemble_lab.evaluation.stats.compare`) rendered the same way in
every format of the report: a paragraph saying what was done and found, a table of the
methods (rank, central value, confidence interval, effect size), the post-hoc tests,
and the critical-difference diagram when Nemenyi's test was used.
"""

from __future__ import annotations

import pandas as pd
from matplotlib.figure import Figure

from ensemble_lab.evaluation import stats
from ensemble_lab.evaluation.metrics import METRICS
from ensemble_lab.evaluation.stats import Comparison
from ensemble_lab.reporting._cd_diagram import plot_critical_difference
from ensemble_lab.reporting._render import Table

__all__ = ["MAX_PAIRS", "cd_figure", "comparison_of", "comparison_tables"]

#: More post-hoc pairs than this and only the significant ones are listed (40 methods
#: make 780 pairs; their verdict is the CD diagram).
MAX_PAIRS = 45


def comparison_of(
    results: pd.DataFrame,
    *,
    metric: str = "accuracy",
    alpha: float = 0.05,
    control: str | None = None,
    mode: str = "auto",
) -> Comparison | None:
    """The comparison of the methods' mean scores over the data sets every method has.

    ``mode`` forces the parametric or non-parametric branch (see
    :func:`~ensemble_lab.evaluation.stats.compare`).

    None when fewer than three data sets (or two methods) have results for every
    method: no test over data sets can be made.
    """
    means = results.groupby(["dataset", "method"], sort=False)[metric].mean().unstack("method")
    means = means.dropna(axis=0, how="any")
    if means.shape[0] < 3 or means.shape[1] < 2:
        return None
    higher = METRICS[metric].higher_is_better if metric in METRICS else True
    return stats.compare(
        means,
        alpha=alpha,
        higher_is_better=higher,
        control=control,
        mode=mode,  # type: ignore[arg-type]
    )


def _number(value: float) -> str:
    return f"{value:.4g}"


def comparison_tables(c: Comparison) -> list[Table]:
    """The methods' table and, when there is one, the post-hoc table."""
    central = "Mean" if c.procedure.parametric else "Median"
    label = stats.EFFECT_SIZES[c.effect_size_kind][0]
    frame = pd.DataFrame(
        {
            "Average rank": c.summary["average_rank"].map("{:.2f}".format),
            central: c.summary["central"].map(_number),
            f"{100 * (1 - c.alpha):g} % CI": [
                f"[{_number(lo)}, {_number(hi)}]"
                for lo, hi in zip(c.summary["ci_lower"], c.summary["ci_upper"])
            ],
            f"{label} vs {c.methods[0]}": c.summary["effect_size"].map("{:.3g}".format),
            "Magnitude": c.summary["magnitude"],
        },
        index=pd.Index(c.summary.index, name="Method"),
    )
    verdict = "rejects" if c.significant else "does not reject"
    caption = (
        f"The methods over {c.n_datasets} data sets, best first. "
        f"{c.procedure.omnibus[0].upper()}{c.procedure.omnibus[1:]}: "
        f"{verdict} equal performance at α = {c.alpha:g} (p = {c.omnibus_p:.3g}); the "
        + (
            "intervals are Tukey's simultaneous intervals."
            if c.procedure.posthoc == "Tukey HSD"
            else "intervals are Bonferroni-corrected over the methods."
        )
    )
    tables = [Table(frame, caption, {"summary": c.summary})]
    if c.significant and not c.pairs.empty:
        tables.append(_pairs_table(c))
    return tables


def _pairs_table(c: Comparison) -> Table:
    pairs = c.pairs
    shown = pairs if len(pairs) <= MAX_PAIRS else pairs[pairs["significant"]]
    difference = "Mean difference" if c.procedure.parametric else "Rank difference"
    frame = pd.DataFrame(
        {
            "Method": shown["method"].to_numpy(),
            "Other": shown["other"].to_numpy(),
            difference: [f"{v:.3g}" for v in shown["difference"]],
            "p": [f"{v:.3g}" for v in shown["p_value"]],
            "p adjusted": [f"{v:.3g}" for v in shown["p_adjusted"]],
            "Significant": ["yes" if s else "no" for s in shown["significant"]],
        }
    ).set_index("Method")
    kept = (
        ""
        if len(shown) == len(pairs)
        else (f" Of the {len(pairs)} pairs, the {len(shown)} significant ones are listed.")
    )
    against = f" against {c.control}" if c.control else " of every pair"
    caption = (
        f"{c.procedure.posthoc} post-hoc tests{against} at α = {c.alpha:g}"
        + (
            ""
            if c.procedure.parametric
            else " on average ranks (Demšar 2006; a negative rank difference is better)"
        )
        + f".{kept}"
    )
    return Table(frame, caption, {"pairs": pairs})


def cd_figure(c: Comparison) -> tuple[Figure, str] | None:
    """The critical-difference diagram of a Nemenyi comparison, with its caption."""
    if c.critical_difference is None or not c.significant:
        return None
    ranks = c.summary["average_rank"]
    fig = Figure(figsize=(7, 0.6 + 0.32 * len(ranks)))
    plot_critical_difference(ranks.to_dict(), c.critical_difference, ax=fig.subplots())
    caption = (
        f"Critical-difference diagram (Nemenyi, α = {c.alpha:g}, CD = "
        f"{c.critical_difference:.2f}): methods joined by a line are not significantly "
        "different."
    )
    return fig, caption
