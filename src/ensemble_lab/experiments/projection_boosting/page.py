"""The projection-boosting page: what the stores say, and the page written from it.

:class:`ProjectionBoostingReproduction` reads the stores of its parts
(:func:`.configs.parts`) into :class:`Findings` — the complete datasets of each base
learner's experiment, the comparisons with AdaBoost, the claims ledger — and fills the
template ``projection-boosting.md`` with them, drawing the scatter of Figure 2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from ...evaluation import ExperimentConfig, load_results
from ...evaluation.store import experiment_names, stored_configs
from ...methods import ProjectionBoostingClassifier
from ...reporting import claims as ledger_io
from ...reporting.claims import Claim
from .._common import fill_template, save_figure, write_page
from .._reproduction import Part, Reproduction, RunContext
from . import noise, nonlinear, timing
from .cells import ALPHA_ALL, ALPHA_SOME, compare, mean_errors, ours_cells, panel, paper_cells
from .claims import claims
from .configs import (
    ALL_DATASETS,
    BASES,
    CHECKS,
    DATASETS,
    DESCRIPTION,
    LARGE_KEY,
    LARGE_N_ESTIMATORS,
    LARGE_NAME,
    N_ESTIMATORS,
    NAME,
    TITLE,
    configs,
    parts,
)
from .methods import PROPOSED, REFERENCE
from .paper import PAPER_N_DATASETS
from .sections import cells_text, error_tables, large_section, protocol, ran, table1

__all__ = ["Findings", "ProjectionBoostingReproduction", "findings_of"]


class ProjectionBoostingReproduction(Reproduction):
    """Projection boosting against AdaBoost: Table 1, Figure 2 and the claims ledger.

    Its parts (:func:`.configs.parts`) go to three stores: ``projection-boosting.db``
    (Table 1's columns, the checks, the linear against non-linear projections, the
    50-member column), ``projection-boosting-noise.db`` (class noise and small data)
    and ``projection-boosting-projections.db`` (the projections' times). The page
    reads the datasets too (``ctx.data_dir``), to count their nominal attributes.

    Examples
    --------
    >>> from ensemble_lab.experiments import reproduction
    >>> pb = reproduction("projection-boosting")
    >>> isinstance(pb, ProjectionBoostingReproduction), len(pb.parts())
    (True, 13)
    """

    name = NAME
    description = DESCRIPTION

    def parts(self, quick: bool = False) -> list[Part]:
        """Table 1's experiments, the noise conditions, the projections' times."""
        return parts(quick)

    def findings(self, ctx: RunContext) -> Findings:
        """What the stores of ``ctx.out_dir`` hold (complete datasets only).

        Raises
        ------
        FileNotFoundError
            When there is no ``projection-boosting.db``.
        ValueError
            When no dataset has finished for any base learner.
        """
        return _gather(ctx)

    def write_report(self, findings: Findings, out_dir: Path) -> Path:
        """Write ``projection-boosting.md``, its figure and its claims ledger."""
        out_dir = Path(out_dir)
        text = fill_template(
            NAME, _values(findings, _figure(out_dir, findings.results)), __package__
        )
        ledger_io.write_ledger(out_dir, NAME, TITLE, list(findings.claims))
        ledger_io.write_summary(out_dir)
        return write_page(out_dir, NAME, text)


def _gather(ctx: RunContext) -> Findings:
    """Read every store of ``ctx.out_dir`` into the findings."""
    db = ctx.store_path(NAME)
    if not db.is_file():
        raise FileNotFoundError(f"no results store at {db}; run the reproduction first")
    stored = set(experiment_names(db))
    results, speed, large = {}, None, None
    for cfg in configs(ctx.quick):
        frame = _complete(load_results(db, cfg.name) if cfg.name in stored else None, cfg)
        if cfg.name == nonlinear.NAME:
            speed = frame if len(frame) else None
        elif cfg.name == LARGE_NAME:
            large = frame if len(frame) else None
        else:
            results[cfg.name.removeprefix(f"{NAME}-")] = frame
    names = sorted({d for r in results.values() if len(r) for d in r["dataset"].unique()})
    return findings_of(
        results,
        quick=ctx.quick,
        nominal=_nominal_counts(names, ctx.data_dir),
        revisions=_revisions(db, ctx.quick),
        speed=speed,
        large=large,
        noise=noise.load(ctx.store_path(noise.STEM)),
        times=timing.load(ctx.store_path(timing.STEM)),
    )


def _revisions(db: Path, quick: bool = False) -> dict[str, int]:
    """Base-learner preset -> the results revision its stored projection ensembles are of."""
    names = {
        cfg.name: cfg.name.removeprefix(f"{NAME}-")
        for cfg in configs(quick)
        if cfg.name not in (nonlinear.NAME, LARGE_NAME)
    }
    key = f"{ProjectionBoostingClassifier.__module__}.{ProjectionBoostingClassifier.__name__}"
    out = {}
    for name, stored in stored_configs(db).items():
        revisions = [(m.get("revisions") or {}).get(key) for m in stored.get("methods", [])]
        found = [r for r in revisions if r is not None]
        if name in names and found:
            out[names[name]] = min(found)
    return out


def _nominal_counts(names: Sequence[str], data_dir: Path | None) -> dict[str, int]:
    """Number of nominal attributes of each dataset that can be loaded."""
    from ...datasets import describe, load

    counts = {}
    for name in names:
        try:
            X, y = load(name, data_dir=data_dir)
        except (FileNotFoundError, ValueError):
            continue
        counts[name] = int(describe(X, y)["nominal"])
    return counts


def _complete(frame: pd.DataFrame | None, cfg: ExperimentConfig) -> pd.DataFrame:
    """Rows of the datasets whose every (method, split) task is stored."""
    if frame is None or frame.empty:
        return pd.DataFrame(columns=["dataset", "method", "accuracy"])
    expected = len(cfg.methods) * cfg.protocol.n_splits()
    counts = frame.groupby("dataset")["accuracy"].size()
    keep = counts.index[counts == expected]
    return frame[frame["dataset"].isin(keep)]


@dataclass(frozen=True)
class Findings:
    """What the store says, per base learner: errors, the comparisons with AdaBoost, claims.

    Attributes
    ----------
    quick : bool
        Whether the results come from the quick version.
    results : dict
        Base-learner preset -> tidy results of its complete datasets (bases with none
        are left out).
    errors : dict
        Base-learner preset -> mean test error (fraction), datasets × methods.
    comparisons : dict
        (base-learner preset, projection method) -> :func:`compare` against AdaBoost.
    nominal : dict
        Dataset -> number of nominal attributes (the datasets that could be read).
    cpu_minutes : float
        Fitting and predicting of every stored task.
    claims : tuple of Claim
        The ledger (:func:`.claims.claims`).
    speed : DataFrame or None, default=None
        Tidy results of the complete datasets of the linear against non-linear
        projections experiment (None: none finished).
    large : DataFrame or None, default=None
        The same for the 50-member experiment.
    noise : mapping or None, default=None
        Condition -> tidy results of the class-noise and small-data runs
        (:func:`.noise.load`).
    times : DataFrame or None, default=None
        The projection times of claim 7 (:func:`.timing.load`).
    """

    quick: bool
    results: dict[str, pd.DataFrame]
    errors: dict[str, pd.DataFrame]
    comparisons: dict[tuple[str, str], dict[str, Any]]
    nominal: dict[str, int]
    cpu_minutes: float
    claims: tuple[Claim, ...]
    speed: pd.DataFrame | None = None
    large: pd.DataFrame | None = None
    noise: Mapping[str, pd.DataFrame] | None = None
    times: pd.DataFrame | None = None


def findings_of(
    results: dict[str, pd.DataFrame],
    *,
    quick: bool = False,
    nominal: dict[str, int] | None = None,
    revisions: Mapping[str, int] | None = None,
    speed: pd.DataFrame | None = None,
    large: pd.DataFrame | None = None,
    noise: Mapping[str, pd.DataFrame] | None = None,
    times: pd.DataFrame | None = None,
) -> Findings:
    """Everything the page states.

    Parameters
    ----------
    results : dict
        Base-learner preset -> tidy results (:func:`~ensemble_lab.evaluation.load_results`)
        of its experiment; bases without results are left out of the page.
    quick : bool, default=False
        Whether the results come from the quick version (said on the page).
    nominal : dict, optional
        Dataset -> number of nominal attributes; when given, the discussion splits the
        win/loss counts between datasets with and without nominal attributes.
    revisions : mapping, optional
        Base-learner preset -> the results revision of its stored projection ensembles;
        the investigation notes say whether they are of today's code.
    speed : DataFrame, optional
        Complete datasets of the linear against non-linear projections experiment
        (:func:`.configs.nonlinear_config`), for claim 7 and its section.
    large : DataFrame, optional
        Complete datasets of the 50-member experiment (:func:`.configs.large_config`), for its
        section and claim 1's note.
    noise, times : optional
        The class-noise and small-data runs and the projection times (claims 7–9).
    """
    results = {b: r for b, r in results.items() if len(r)}
    if not results:
        raise ValueError("no dataset has finished for any base learner; nothing to report")
    errors = {b: mean_errors(r) for b, r in results.items()}
    ledger = claims(
        {b: ours_cells(r) for b, r in results.items()},
        quick=quick,
        revisions=revisions or {},
        errors=errors,
        speed=speed,
        runs={**results, **({} if large is None else {LARGE_KEY: large})},
        noise=noise,
        times=times,
    )
    stored = [*results.values(), *(r for r in (speed, large) if r is not None)]
    return Findings(
        quick=quick,
        results=results,
        errors=errors,
        comparisons={(b, m): compare(e, m) for b, e in errors.items() for m in PROPOSED},
        nominal=nominal or {},
        cpu_minutes=sum(float(r[["fit_cpu", "predict_cpu"]].to_numpy().sum()) for r in stored) / 60,
        claims=tuple(ledger),
        speed=speed,
        large=large,
        noise=noise,
        times=times,
    )


def _figure(out_dir: Path, results: dict[str, pd.DataFrame]) -> str:
    from matplotlib.figure import Figure

    from ...reporting.plots import plot_error_vs_error

    bases = [b for b in BASES if b in results]
    fig = Figure(figsize=(4.2 * len(bases), 8.4))
    axes = fig.subplots(2, len(bases), squeeze=False)
    for j, base in enumerate(bases):
        for i, method in enumerate(PROPOSED):
            ax = plot_error_vs_error(results[base], REFERENCE, method, ax=axes[i, j])
            ax.set_title(f"{BASES[base]} ({base}): {method} vs {REFERENCE}")
    fig.tight_layout()
    return save_figure(fig, out_dir, f"{NAME}-scatter.png")


def _values(f: Findings, figure: str) -> dict[str, str]:
    """The text of each placeholder of the page's template."""
    paper = paper_cells()
    short = [panel(k) for k, c in paper.items() if c.n != PAPER_N_DATASETS]
    notes = ledger_io.checked_notes(f.claims)
    return {
        "name": NAME,
        "protocol": protocol(f),
        "cpu": f"{f.cpu_minutes:.1f}",
        "ran": ran(f),
        "off": ", ".join(short) or "no cell",
        "paper_n": str(PAPER_N_DATASETS),
        "table1": table1(f),
        "check_rows": (
            "\n\nThe rows marked *check* are not columns of the paper: a column rerun "
            "with its base learner set otherwise (the note of that column's claim says "
            "how and why); the paper's figures beside them are those of the column rerun."
            if any(base in f.results for base in CHECKS)
            else ""
        ),
        "figure": figure,
        "ledger": ledger_io.ledger_table(f.claims),
        "notes": notes or "Every claim holds.",
        "error_tables": error_tables(f),
        "nonlinear": nonlinear.section(f.speed),
        "projection_times": timing.section(f.times, f.speed, DATASETS["j48"]),
        "robustness": noise.section(f.noise, f.results.get("j48")),
        "large": large_section(f),
        "large_name": LARGE_NAME,
        "large_n": str(LARGE_N_ESTIMATORS),
        "at_90": str(sum(c.better(ALPHA_ALL) for c in paper.values())),
        "at_95": str(sum(c.better(ALPHA_SOME) for c in paper.values())),
        "n_cells": str(len(paper)),
        "cells": cells_text(f),
        "quick": "\n\n(Quick version: two datasets, the tests mean nothing here.)"
        if f.quick
        else "",
        "n_collection": str(len(ALL_DATASETS)),
        "n_estimators": str(N_ESTIMATORS),
    }
