"""The ELRC page's two figures: every cell of Table 2, and ELRC against each single learner."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from .._common import save_figure
from .analysis import claim_check
from .configs import NAME
from .paper import COLUMNS

__all__ = ["draw_figures"]


def draw_figures(paper: pd.DataFrame, ours: pd.DataFrame, out_dir: Path) -> tuple[str, str]:
    """Draw ``elrc-accuracy.png`` and ``elrc-vs-single.png`` into ``out_dir``; their names."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(6, 5.5))
    ax = fig.subplots()
    markers = {"Single": "o", "Ada": "^", "Bagging": "s"}
    colours = {"SMO": "tab:blue", "NB": "tab:orange", "C4.5": "tab:green"}
    # Our hypothyroid is not the paper's dataset: no point in placing it against it.
    ours_all, ours = ours, ours.drop(index="Hypothyroid", errors="ignore")
    paper_same = paper.loc[ours.index]
    for col in COLUMNS:
        if col == "ELRC":
            marker, colour, size = "*", "tab:red", 120
        else:
            group, kind = col.split()
            marker, colour, size = markers[kind], colours[group], 30
        ax.scatter(
            paper_same[col], ours[col], s=size, c=colour, marker=marker, label=col, alpha=0.8
        )
    ax.plot([0, 100], [0, 100], color="grey", lw=0.8, ls="--")
    values = np.concatenate([paper.to_numpy().ravel(), ours.to_numpy().ravel()])
    low = float(values[np.isfinite(values)].min()) - 3
    ax.set_xlim(low, 100)
    ax.set_ylim(low, 100)
    ax.set_xlabel("paper, Table 2 (accuracy %)")
    ax.set_ylabel("ours (accuracy %)")
    ax.set_title("Every cell of Table 2 (Hypothyroid left out): paper vs ours")
    ax.legend(fontsize=7, ncol=2, loc="upper left")
    first = save_figure(fig, out_dir, f"{NAME}-accuracy.png")

    fig = Figure(figsize=(9, 4))
    ax = fig.subplots()
    ours = ours_all
    ours_diff, paper_diff = claim_check(ours), claim_check(paper)
    x = np.arange(len(ours.index))
    width = 0.27
    for k, (group, colour) in enumerate(colours.items()):
        ax.bar(x + (k - 1) * width, ours_diff[group], width, color=colour, label=f"ours − {group}")
        ax.scatter(
            x + (k - 1) * width,
            paper_diff[group],
            marker="_",
            s=150,
            color="black",
            zorder=3,
            label="paper" if k == 0 else None,
        )
    ax.axhline(0, color="grey", lw=0.8)
    ticks = [f"{d} (not the paper's)" if d == "Hypothyroid" else d for d in ours.index]
    ax.set_xticks(x, ticks, rotation=30, ha="right")
    ax.set_ylabel("ELRC − single learner (points)")
    ax.set_title("ELRC against each single learner (bars: ours; dashes: paper)")
    ax.legend(fontsize=7)
    second = save_figure(fig, out_dir, f"{NAME}-vs-single.png")
    return first, second
