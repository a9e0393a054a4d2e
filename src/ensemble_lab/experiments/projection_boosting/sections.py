"""The page's text: Table 1 beside ours, the per-dataset errors, what was run.

Each function formats one placeholder of the template ``projection-boosting.md`` from
the :class:`~.page.Findings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from .._common import markdown_table
from . import nonlinear
from .cells import compare, mean_errors, paper_cells, paper_share_needs
from .claims import sizes_line
from .configs import (
    BASES,
    CHECKS,
    COLUMNS,
    DATASETS,
    LARGE_N_ESTIMATORS,
    LARGE_NAME,
    N_ESTIMATORS,
    QUICK_DATASETS,
    QUICK_N_ESTIMATORS,
)
from .methods import METHODS, PROPOSED, REFERENCE
from .paper import PAPER_TABLE1

if TYPE_CHECKING:
    from .page import Findings

__all__ = [
    "by_attribute_type",
    "cells_text",
    "error_tables",
    "large_section",
    "protocol",
    "ran",
    "table1",
    "verdict_text",
]


def _bases(f: Findings, check: bool = False) -> list[tuple[str, str]]:
    """(preset, the paper's column) of the base learners with results, in Table 1's order.

    With ``check``, the checks (:data:`CHECKS`) come last when they have results.
    """
    names = COLUMNS if check else BASES
    return [(base, column) for base, column in names.items() if base in f.results]


def table1(f: Findings) -> str:
    """Table 1: the paper's win/loss and p beside ours, per base learner and check."""
    header = (
        "| base learner | method | paper: win/loss (of 45) | paper: p | "
        "ours: win/tie/loss | ours: p | ours: datasets | ours: mean error difference, % |"
    )
    lines = [header, "|" + "---|" * 8]
    for base, column in _bases(f, check=True):
        paper_column = BASES[CHECKS[base].checks] if base in CHECKS else BASES[base]
        for method in PROPOSED:
            wins, losses, p_paper = PAPER_TABLE1[(paper_column, method)]
            ours = f.comparisons[(base, method)]
            label = column if base in BASES else f"check: {column}"
            lines.append(
                f"| {label} (`{base}`) | {method} | {wins}/{losses} | {p_paper:.4f} | "
                f"{ours['wins']}/{ours['ties']}/{ours['losses']} | {ours['p_value']:.4f} | "
                f"{ours['n']} | {100 * ours['mean_difference']:+.2f} |"
            )
    return "\n".join(lines)


def error_tables(f: Findings) -> str:
    """Per base learner: mean sizes, CPU, and each dataset's mean test errors."""
    parts = []
    for base, column in _bases(f, check=True):
        frame = f.results[base]
        shown = list(METHODS) + (list(CHECKS[base].singles) if base in CHECKS else [])
        errors = 100 * f.errors[base][shown]
        sizes = frame.groupby("method")["ensemble_size"].mean()
        cpu = frame.groupby("method")[["fit_cpu", "predict_cpu"]].sum().sum(axis=1)
        errors.loc["mean"] = errors.mean()
        errors.columns = [f"{m} error, %" for m in errors.columns]
        summary = ", ".join(
            f"{m}: mean size {sizes.get(m, np.nan):.1f}, {cpu.get(m, 0.0):.0f} CPU-s"
            for m in METHODS
        )
        parts.append(
            f"### {column} (`{base}`), {frame['dataset'].nunique()} datasets\n\n"
            f"{summary}.\n\n" + markdown_table(errors.rename_axis("dataset"))
        )
    return "\n\n".join(parts)


def _datasets_line(names: Sequence[str]) -> str:
    return ", ".join(sorted(names))


def _missing_line(planned: Sequence[str], done: Sequence[str]) -> str:
    missing = sorted(set(planned) - set(done))
    if not missing:
        return ""
    return f". **Not finished** (left out): {_datasets_line(missing)}"


def protocol(f: Findings) -> str:
    """The protocol in a phrase (the quick version says so)."""
    if f.quick:
        return (
            "one 2-fold cross-validation, ensembles of "
            f"{QUICK_N_ESTIMATORS}, datasets {', '.join(QUICK_DATASETS)} (quick version)"
        )
    return f"5×2 cross-validation (seed 1), ensembles of {N_ESTIMATORS}"


def ran(f: Findings) -> str:
    """One line per base learner: the datasets analysed and those not finished."""
    planned = {b: (QUICK_DATASETS if f.quick else DATASETS[b]) for b in COLUMNS}
    ran = "\n".join(
        f"* {COLUMNS[b]} (`{b}`), {r['dataset'].nunique()} datasets: "
        f"{_datasets_line(r['dataset'].unique())}"
        + _missing_line(planned[b], r["dataset"].unique())
        for b, r in f.results.items()
    )
    not_run = [f"{COLUMNS[b]} (`{b}`)" for b in COLUMNS if b not in f.results]
    if f.speed is not None:
        done = f.speed["dataset"].unique()
        ran += (
            f"\n* Linear against non-linear projections (`{nonlinear.NAME}`), C4.5, "
            f"{len(done)} datasets"
            + _missing_line(QUICK_DATASETS if f.quick else DATASETS["j48"], done)
        )
    else:
        not_run.append(f"linear against non-linear projections (`{nonlinear.NAME}`)")
    if not_run:
        ran += "\n* not run (no finished dataset): " + ", ".join(not_run)
    return ran


def verdict_text(ours: dict[str, Any], alpha: float = 0.1) -> str:
    """How our comparison relates to the paper's claim (projection ensemble better)."""
    better = ours["wins"] > ours["losses"]
    if ours["p_value"] <= alpha:
        if better:
            return f"holds: more wins and significant at {1 - alpha:.0%}"
        return f"reversed: AdaBoost is significantly better at {1 - alpha:.0%}"
    if better:
        return "holds in direction only: more wins, not significant"
    if ours["wins"] == ours["losses"]:
        return "does not hold: as many wins as losses, not significant"
    return "does not hold: more losses than wins, not significant"


def _extremes(errors: pd.DataFrame, method: str, n: int = 3) -> str:
    diff = 100 * (errors[method] - errors[REFERENCE]).dropna().sort_values()
    best = ", ".join(f"{d} ({v:+.1f})" for d, v in diff.head(n).items() if v < 0)
    worst = ", ".join(f"{d} ({v:+.1f})" for d, v in diff.iloc[::-1].head(n).items() if v > 0)
    return f"largest gains: {best or 'none'}; largest losses: {worst or 'none'}"


def by_attribute_type(errors: pd.DataFrame, method: str, nominal: dict[str, int]) -> str:
    """Win/loss split between datasets with only numeric and with nominal attributes."""
    parts = []
    for label, chosen in (
        ("only numeric attributes", [d for d in errors.index if nominal.get(d) == 0]),
        ("nominal attributes", [d for d in errors.index if nominal.get(d, 0) > 0]),
    ):
        if chosen:
            sub = errors.loc[chosen]
            wins = int((sub[method] < sub[REFERENCE]).sum())
            losses = int((sub[method] > sub[REFERENCE]).sum())
            parts.append(f"{wins}/{losses} on the {len(chosen)} datasets with {label}")
    return "; win/loss " + ", ".join(parts) if parts else ""


def cells_text(f: Findings) -> str:
    """One line per cell of Table 1: how our comparison bears on the paper's conclusion."""
    lines = []
    for base, column in _bases(f):
        errors = f.errors[base]
        for method in PROPOSED:
            ours = f.comparisons[(base, method)]
            lines.append(
                f"* {column}, {method}: {verdict_text(ours)} "
                f"({ours['wins']}/{ours['ties']}/{ours['losses']}, p = {ours['p_value']:.3f} "
                f"on {ours['n']} datasets){by_attribute_type(errors, method, f.nominal)}; "
                f"{_extremes(errors, method)}."
            )
    return "\n".join(lines)


def large_section(f: Findings) -> str:
    """The 50-member check beside the 10-member C4.5 column, and what 31/14 would need."""
    if f.large is None or "j48" not in f.errors:
        return f"Not run yet (`{LARGE_NAME}`: no dataset finished)."
    large = mean_errors(f.large)
    runs = {N_ESTIMATORS: f.errors["j48"], LARGE_N_ESTIMATORS: large}
    lines = [
        "| method | members | win/tie/loss | Wilcoxon p | datasets | mean error difference, % "
        "| paper's share of wins here | losses to turn | the closest, points | p if turned |",
        "|" + "---|" * 10,
    ]
    for method in PROPOSED:
        paper = paper_cells()[("C4.5", method)]
        for size, errors in runs.items():
            c, need = compare(errors, method), paper_share_needs(errors, method, paper)
            closest = ", ".join(f"{d} {v:+.3f}" for d, v in need["closest"].items())
            lines.append(
                f"| {method} | {size} | {c['wins']}/{c['ties']}/{c['losses']} | "
                f"{c['p_value']:.4f} | {c['n']} | {100 * c['mean_difference']:+.2f} | "
                f"{need['needed']} of {need['untied']} | {len(need['closest'])} | "
                f"{closest or '—'} | {need['p_value']:.4f} |"
            )
    return (
        "\n".join(lines)
        + "\n\n"
        + sizes_line(f.results.get("j48"), N_ESTIMATORS).strip()
        + " "
        + sizes_line(f.large, LARGE_N_ESTIMATORS).strip()
    )
