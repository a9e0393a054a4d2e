"""Everything the ELRC page states, gathered from the stored results into one dataclass."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ...reporting.claims import Claim
from . import nodes as tree_nodes
from .analysis import (
    MEMBER_COLUMNS,
    accuracy_matrix,
    ensemble_counts,
    mean_ranks,
    per_dataset,
    singles_table,
    stored_elrc_accuracy,
)
from .claims import elrc_claims
from .configs import ENSEMBLE_SIZE, config, folds_of
from .levels import level_accuracy, level_folds
from .paper import COLUMNS, paper_matrix

__all__ = ["Findings", "gather"]


@dataclass(frozen=True)
class Findings:
    """What the stores say: Table 2 beside the paper's, the tables of the claims, the ledger.

    ``paper`` and ``ours`` have every row of the run; the other tables only the rows
    whose folds are all stored (those listed in ``missing`` are left out of them).
    """

    quick: bool
    size: int  # members of each AdaBoost and Bagging ensemble
    folds: dict[str, int]  # dataset (our name) -> folds of its CV
    paper: pd.DataFrame  # the paper's Table 2 on our rows, accuracy %
    ours: pd.DataFrame  # ours, NaN where a cell's folds are not all stored
    missing: tuple[str, ...]  # rows with a NaN cell
    singles: pd.DataFrame  # ELRC minus each single learner, the paper's and ours
    ensembles: pd.DataFrame  # win counts and mean gains of the ensembles, per base
    ranks: pd.DataFrame  # mean rank of each column, the paper's and ours
    fold_sd: pd.DataFrame  # sd of the accuracy over the folds, points
    members: pd.DataFrame  # members built by AdaBoost.M1 and ELRC (mean over folds)
    cpu: pd.DataFrame  # CPU seconds per method, all folds and datasets
    cpu_minutes: float  # all tasks
    reduced_cpu: float  # CPU seconds of the datasets run with fewer than 10 folds
    claims: tuple[Claim, ...]
    levels: pd.DataFrame  # ELRC's accuracy % by number of levels, finished datasets
    nodes: str = ""  # the section on the refitted trees' nodes


def gather(
    results: pd.DataFrame,
    quick: bool = False,
    levels: pd.DataFrame | None = None,
    nodes: tuple[pd.DataFrame, pd.DataFrame] | None = None,
) -> Findings:
    """Everything the page states, from the stored results of the experiments.

    ``results`` are the tidy results of :func:`.configs.main_configs`; ``levels`` those
    of :func:`.configs.levels_config` (None or empty: not run); ``nodes`` the node
    records and fold accuracies of :func:`.configs.nodes_config`
    (:func:`.nodes.stored_nodes`; None: not run).
    """
    level_results = pd.DataFrame() if levels is None else levels
    by_level = level_accuracy(level_results, quick)
    folds = folds_of(quick)
    ours = accuracy_matrix(results, folds)
    paper = paper_matrix(list(ours.index))
    missing = [d for d in ours.index if ours.loc[d].isna().any()]
    done, done_paper = ours.drop(index=missing), paper.drop(index=missing)
    few = [d for d, k in folds.items() if k != 10]
    cpu = results.groupby("method")[["fit_cpu", "predict_cpu"]].sum().sum(axis=1)
    cpu_table = pd.DataFrame({"CPU s (all folds, all datasets)": cpu.reindex(COLUMNS)})
    cpu_table.index.name = "method"
    size = ENSEMBLE_SIZE if not quick else config(True).methods[1].estimator.n_estimators
    return Findings(
        quick=quick,
        size=size,
        folds=folds,
        paper=paper,
        ours=ours,
        missing=tuple(missing),
        singles=singles_table(done_paper, done),
        ensembles=ensemble_counts(done_paper, done),
        ranks=mean_ranks(done_paper, done),
        fold_sd=per_dataset(results, "accuracy", COLUMNS, list(done.index), "std") * 100,
        members=per_dataset(results, "ensemble_size", MEMBER_COLUMNS, list(done.index)),
        cpu=cpu_table,
        cpu_minutes=float(results[["fit_cpu", "predict_cpu"]].to_numpy().sum()) / 60,
        reduced_cpu=float(
            results[results["dataset"].isin(few)][["fit_cpu", "predict_cpu"]].to_numpy().sum()
        ),
        claims=tuple(elrc_claims(paper, ours, by_level, level_folds(level_results, quick), nodes)),
        levels=by_level,
        nodes=tree_nodes.section(nodes, stored_elrc_accuracy(results)),
    )
