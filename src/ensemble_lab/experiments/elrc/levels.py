"""ELRC's accuracy against its number of levels, and the claim that it drops past a level.

The paper runs three levels and closes with "The accuracy of ELRC may start decreasing
from a certain level" (Section 5); the experiment :func:`.configs.levels_config` runs 1
to 6 levels and :func:`levels_claim` tests the drop on held-out folds.
"""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
from scipy import stats as sps

from ...reporting.claims import Claim, verdict
from .._common import markdown_table
from .configs import levels_config

__all__ = ["held_out_drops", "level_accuracy", "level_folds", "levels_claim", "levels_section"]


def level_accuracy(results: pd.DataFrame, quick: bool = False) -> pd.DataFrame:
    """ELRC's mean accuracy (%), datasets with every fold stored × number of levels."""
    cfg = levels_config(quick)
    levels = {m.label: m.params["max_depth"] for m in cfg.methods}
    if results.empty:
        return pd.DataFrame(columns=list(levels.values()), dtype=float)
    grouped = results.groupby(["dataset", "method"])["accuracy"]
    counts = grouped.size().unstack().reindex(columns=list(levels))
    done = [
        d
        for d in cfg.datasets
        if d in counts.index and (counts.loc[d] == cfg.protocol.n_splits()).all()
    ]
    out = 100 * grouped.mean().unstack().loc[done, list(levels)].rename(columns=levels)
    out.index.name = "dataset"
    out.columns.name = None
    return out


def level_folds(results: pd.DataFrame, quick: bool = False) -> pd.DataFrame:
    """ELRC's accuracy (%) per fold: (dataset, fold) × number of levels, finished datasets."""
    acc = level_accuracy(results, quick)
    if acc.empty:
        return acc
    levels = {m.label: m.params["max_depth"] for m in levels_config(quick).methods}
    done = results[results["dataset"].isin(acc.index)]
    out = 100 * done.pivot_table(
        index=["dataset", "fold"], columns="method", values="accuracy", aggfunc="mean"
    )
    out = out[list(levels)].rename(columns=levels)
    out.columns.name = None
    return out


def held_out_drops(folds: pd.DataFrame) -> pd.DataFrame:
    """Per dataset: the best shallower level chosen on half the folds, tested on the rest.

    On the first half of the folds, the number of levels (fewer than the most run) with
    the highest mean accuracy is chosen; on the other half, the deepest level's mean
    accuracy minus the chosen level's is the drop (negative: the deepest is worse).
    Choosing and measuring on different folds keeps the noise of the choice out of the
    measure, so that a dataset without any trend shows a drop half of the time, not
    nearly always.
    """
    deepest = folds.columns[-1]
    rows = {}
    for dataset, f in folds.groupby(level="dataset", sort=False):
        f = f.sort_index()
        half = len(f) // 2
        chosen = f.iloc[:half, :-1].mean().idxmax()
        rest = f.iloc[half:]
        rows[dataset] = (chosen, float(rest[deepest].mean() - rest[chosen].mean()))
    return pd.DataFrame.from_dict(rows, orient="index", columns=["chosen", "drop"])


def levels_claim(acc: pd.DataFrame | None, folds: pd.DataFrame | None = None) -> Claim:
    """Claim 7: the deepest level below the best shallower one, by a held-out test."""
    test = (
        "ELRC's accuracy (10-fold CV) with 1 to 6 levels; per dataset the best number of "
        "levels below 6 is chosen on folds 1–5 and the 6-level accuracy is compared with "
        "it on folds 6–10 (the drop); holds: the drops are below zero over the datasets "
        "(one-sided Wilcoxon signed-rank test, α = 0.05); partly: more datasets drop than "
        "rise"
    )
    claim = Claim(
        key="accuracy-drops-past-a-level",
        quote="The accuracy of ELRC may start decreasing from a certain level (Section 5).",
        test=test,
        paper="a conjecture for future work; no numbers",
        ours="the run of 1 to 6 levels (`elrc-levels`) has no finished dataset",
        verdict="not run",
    )
    if acc is None or acc.empty or folds is None or folds.empty:
        return claim
    drops = held_out_drops(folds)
    d = drops["drop"]
    down, up = int((d < 0).sum()), int((d > 0).sum())
    p = (
        float(sps.wilcoxon(d, alternative="less", zero_method="zsplit").pvalue)
        if up + down
        else 1.0
    )
    mean = acc.mean()
    result = verdict(p < 0.05, down > up)
    return replace(
        claim,
        ours=(
            f"held-out drop below zero on {down}, above on {up}, none on "
            f"{len(d) - down - up} of {len(d)} (mean {d.mean():+.2f} points), one-sided "
            f"Wilcoxon p = {p:.3f}; mean accuracy over the datasets by levels: "
            + ", ".join(f"{level}: {v:.2f}" for level, v in mean.items())
        ),
        verdict=result,
        checked="" if result == "holds" else _levels_note(acc, drops),
    )


def _levels_note(acc: pd.DataFrame, drops: pd.DataFrame) -> str:
    """What the per-dataset choices and drops were, and the full-fold reading beside them."""
    deepest = acc.columns[-1]
    below = [d for d in acc.index if acc.at[d, deepest] < acc.loc[d].max()]
    cells = ", ".join(f"{d} {int(r['chosen'])} ({r['drop']:+.2f})" for d, r in drops.iterrows())
    return (
        f"Checked each dataset's chosen level and held-out drop (points): {cells}. On all "
        f"10 folds, the {deepest}-level accuracy is below the best with fewer levels on "
        f"{len(below)} of {len(acc)} datasets; that reading chooses and measures on the "
        "same folds, so it finds a drop on most datasets even where accuracy does not "
        "depend on the levels at all."
    )


def levels_section(acc: pd.DataFrame) -> str:
    """The page's section on the levels: the accuracy table (:func:`level_accuracy`)."""
    if acc.empty:
        return "The run of 1 to 6 levels (`elrc-levels.db`) has no finished dataset yet."
    shown = acc.copy()
    shown.loc["mean"] = shown.mean()
    return (
        f"ELRC alone with 1 to {shown.columns[-1]} levels (`max_depth`; the paper's is 3), "
        f"10-fold CV on {len(acc)} datasets (`elrc-levels.db`), accuracy %; a region "
        "stops splitting earlier when it is small or pure, so deeper levels can change "
        "nothing.\n\n" + markdown_table(shown.rename_axis("dataset \\ levels"))
    )
