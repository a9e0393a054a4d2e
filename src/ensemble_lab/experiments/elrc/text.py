"""The text of the ELRC page: its tables as Markdown and the sentences computed from them.

No number is typed in here: every one is formatted from the page's :class:`.Findings`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...reporting.claims import checked_notes, ledger_table
from .._common import markdown_table
from .analysis import claim_check
from .configs import LARGE_FOLDS, SEED
from .findings import Findings
from .levels import levels_section
from .paper import BASES, COLUMNS, DATASETS

__all__ = ["template_values"]


def _side_by_side(paper: pd.DataFrame, ours: pd.DataFrame) -> pd.DataFrame:
    cells = {}
    for col in COLUMNS:
        cells[col] = [
            f"{p:.2f} / {o:.2f}" if np.isfinite(o) else f"{p:.2f} / –"
            for p, o in zip(paper[col], ours[col])
        ]
    frame = pd.DataFrame(cells, index=paper.index)
    frame.index.name = "dataset"
    return frame


def _bold_best(acc: pd.DataFrame) -> pd.DataFrame:
    """Accuracies as strings, the best of each row in bold (as the paper's table)."""
    out = acc.map(lambda v: f"{v:.2f}" if np.isfinite(v) else "")
    for row in acc.index:
        best = acc.loc[row].max()
        for col in acc.columns:
            if np.isfinite(acc.loc[row, col]) and np.isclose(acc.loc[row, col], best):
                out.loc[row, col] = f"**{out.loc[row, col]}**"
    out.index.name = "dataset"
    return out


def _protocol(folds: dict[str, int]) -> str:
    ten = [DATASETS[d] for d, k in folds.items() if k == 10]
    few = {DATASETS[d]: k for d, k in folds.items() if k != 10}
    protocol = f"one stratified 10-fold cross-validation on {', '.join(ten)}" if ten else ""
    for k in sorted(set(few.values())):
        names = ", ".join(d for d, kd in few.items() if kd == k)
        protocol += ("; " if protocol else "") + f"a stratified {k}-fold CV on {names}"
    return protocol + f" (seed {SEED}; every method sees the same folds of a dataset)"


def _held(f: Findings) -> str:
    """On how many datasets ELRC beats all three single learners, in bold."""
    beats = f.singles["ours: beats all three"] == "yes"
    held, n = int(beats.sum()), len(beats)
    if held < n:
        text = f"**The claim holds on {held} of our {n} datasets.**"
    else:
        text = f"**The claim holds on all {held} of our datasets.**"
    failing = list(beats.index[~beats])
    if failing:
        text += " It fails on " + ", ".join(failing) + " (see the table below)."
    comparable = beats.drop(index="Hypothyroid", errors="ignore")
    if len(comparable) < n:
        text += (
            f" On the {len(comparable)} datasets that are the paper's (all but "
            f"Hypothyroid) it holds on {int(comparable.sum())}."
        )
    return text


def _notes(f: Findings) -> str:
    """The warnings above the page: a quick run, datasets whose folds are not all stored."""
    text = ""
    if f.quick:
        text += (
            "\n> **Quick run** (`--quick`): two datasets, 3 folds, ensembles of 5, ELRC with a "
            "3-fold inner CV — a smoke test, not the reproduction.\n"
        )
    if f.missing:
        text += (
            "\n> **Incomplete run.** Not all folds of these datasets are stored, so they are "
            "left out of our columns and of every comparison below: "
            + ", ".join(f.missing)
            + ". The CPU table counts the tasks that did finish.\n"
        )
    return text


def _reduction_note(f: Findings) -> str:
    few = [d for d, k in f.folds.items() if k != 10]
    if f.quick or not few:
        return ""
    cpu = f.reduced_cpu
    # ten fits on 9/10 of the data instead of LARGE_FOLDS fits on (k-1)/k of it
    scale = 10 * 0.9 / (LARGE_FOLDS * (LARGE_FOLDS - 1) / LARGE_FOLDS)
    return (
        f"* **Reduced protocol on the five large datasets** "
        f"({', '.join(DATASETS[d] for d in few)}; 2310–5473\n"
        f"  instances): a {LARGE_FOLDS}-fold instead of a 10-fold CV (store\n"
        "  `elrc-large.db`), so every method trains on two thirds of the data instead of\n"
        f"  nine tenths. These datasets took {cpu / 60:.1f} CPU-minutes with "
        f"{LARGE_FOLDS} folds; 10 folds\n"
        f"  would take about {scale:.1f}× that, {scale * cpu / 60:.0f} CPU-minutes — inside the\n"
        "  30 CPU-minute budget, but the run had to finish within about an hour on two\n"
        "  cores shared with four other experiments, where it got 10–30 % of a core, i.e.\n"
        "  one to three hours of wall time. Smaller training sets lower the accuracies of\n"
        "  all methods alike, so the comparisons within a row (the paper's claims) stay\n"
        "  fair; comparisons with the paper's numbers on these rows are biased downwards.\n"
        "  `ensemble-lab reproduce elrc` with `LARGE_FOLDS = 10` in\n"
        "  `ensemble_lab/experiments/elrc/configs.py` runs the paper's protocol on them."
    )


def _complete(f: Findings) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The paper's and our accuracies on the rows whose folds are all stored."""
    return f.paper.drop(index=list(f.missing)), f.ours.drop(index=list(f.missing))


def _spread(f: Findings) -> str:
    """Bullet: how far our accuracies are from the paper's, and the folds' noise."""
    paper, ours = _complete(f)
    comparable = [d for d in ours.index if d != "Hypothyroid"]
    gap = (ours.loc[comparable] - paper.loc[comparable]).abs().stack()
    return (
        f"* Over the {len(comparable)} comparable datasets (all but Hypothyroid), our "
        f"accuracies differ from the paper's by {gap.median():.1f} points "
        f"(median; largest {gap.max():.1f}, "
        f"{gap.idxmax()[1]} on {gap.idxmax()[0]}). The learners are "
        "re-implementations of Weka's, the folds are not Weka's and one CV has a "
        f"fold-to-fold spread of {np.nanmedian(f.fold_sd.to_numpy()):.1f} points (median "
        "sd above), so differences of a point or two are noise."
    )


def _close_margins(f: Findings) -> str:
    """Bullet (when there are any): datasets where ELRC and the best single learner are close."""
    paper, ours = _complete(f)
    margins = claim_check(ours)[["SMO", "NB", "C4.5"]].min(axis=1)
    paper_margins = claim_check(paper)[["SMO", "NB", "C4.5"]].min(axis=1)
    close = [d for d in ours.index if abs(margins[d]) < 1.0]
    paper_close = [d for d in paper.index if abs(paper_margins[d]) < 1.0]
    if not close:
        return ""
    return (
        "* Where ELRC's margin over the best single learner is under one point ("
        + ", ".join(f"{d}: {margins[d]:+.2f}" for d in close)
        + "), one cross-validation cannot tell the two apart. The paper's margins are "
        "under one point too on "
        + ", ".join(f"{d} ({paper_margins[d]:+.2f})" for d in paper_close)
        + ', so its "always higher" also rests on differences within the folds\' noise.'
    )


def _tracking(f: Findings) -> str:
    """Bullet: ELRC's mean margin over the best and the worst single learner."""
    singles = [f"{g} Single" for g in BASES.values()]
    gaps = {
        name: (
            (acc["ELRC"] - acc[singles].max(axis=1)).mean(),
            (acc["ELRC"] - acc[singles].min(axis=1)).mean(),
        )
        for name, acc in zip(("paper", "ours"), _complete(f))
    }
    return (
        "* ELRC picks, per region, the learner that cross-validates best, so it mostly "
        "tracks the best single learner of each dataset. Mean margin of ELRC over the "
        f"best single learner: {gaps['ours'][0]:+.2f} points for us, "
        f"{gaps['paper'][0]:+.2f} in the paper; over the worst one: "
        f"{gaps['ours'][1]:+.2f} for us, {gaps['paper'][1]:+.2f} in the paper. Beating "
        "the worst single learner is easy; the claim is decided against the best one."
    )


def _single_members(f: Findings) -> str:
    """Bullet (when there are any): where AdaBoost.M1 kept only its first member."""
    members = f.members
    single_member = [
        f"{col.split()[0]} on {d}"
        for col in members.columns
        if col != "ELRC"
        for d in members.index
        if members.loc[d, col] == 1
    ]
    if not single_member:
        return ""
    return (
        "* AdaBoost.M1 kept only its first member on every fold for "
        + ", ".join(single_member)
        + " (that member errs on half the training data or more, or on none of it), "
        "so Single and Ada coincide there — as in the paper's Table 2, where "
        "Single = Ada for SMO and naive Bayes on abalone, among others."
    )


def _discussion(f: Findings) -> str:
    """Observations computed from the tables (no number is written by hand)."""
    if not [d for d in _complete(f)[1].index if d != "Hypothyroid"]:
        return "* No comparable dataset has finished yet."
    bullets = (_spread(f), _close_margins(f), _tracking(f), _single_members(f))
    return "\n".join(b for b in bullets if b)


def template_values(f: Findings, figures: tuple[str, str]) -> dict[str, str]:
    """The text of each placeholder of the page's template (``templates/elrc.md``).

    ``figures`` are the file names of the two figures (:func:`.figures.draw_figures`).
    """
    ours = _complete(f)[1]
    return {
        "notes": _notes(f),
        "size": str(f.size),
        "n_datasets": str(len(f.ours)),
        "protocol": _protocol(f.folds),
        "reduction": _reduction_note(f),
        "side_by_side": markdown_table(_side_by_side(f.paper, f.ours)),
        "bold_best": markdown_table(_bold_best(f.ours)),
        "accuracy_figure": figures[0],
        "held": _held(f),
        "singles": markdown_table(f.singles),
        "vs_single_figure": figures[1],
        "n_complete": str(len(ours)),
        "ensembles": markdown_table(f.ensembles),
        "ranks": markdown_table(f.ranks),
        "members": markdown_table(f.members, decimals=1),
        "ledger": ledger_table(f.claims),
        "checked": checked_notes(f.claims),
        "levels": levels_section(f.levels),
        "nodes": f.nodes,
        "discussion": _discussion(f),
        "fold_sd": markdown_table(f.fold_sd, decimals=1),
        "cpu_minutes": f"{f.cpu_minutes:.1f}",
        "cpu": markdown_table(f.cpu, decimals=1),
    }
