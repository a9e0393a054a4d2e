"""Table III's numbers from the stored results: ranks, their tests, the oracle's benefit.

Everything here is computed from results frames (:func:`~ensemble_lab.evaluation.load_results`)
and members' predictions; the page (:mod:`ensemble_lab.experiments.oracle.page`) only
formats it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pandas as pd

from ...evaluation import ExperimentConfig, stats
from ...reporting.claims import Claim
from .claims import oracle_claims
from .configs import UNIFORM
from .paper import PAPER_DATASETS, PAPER_SIZES, PAPER_TABLE_III
from .readings import Evidence, Readings, uniform_reading
from .sides import family, host, rank_gain

__all__ = [
    "Ranks",
    "accuracy_gain",
    "benefit_table",
    "comparison_table",
    "complete_results",
    "dataset_table",
    "kappa_error_by_method",
    "kappa_means",
    "ledger",
    "not_run_ledger",
    "paper_benefit",
    "rank_benefit",
    "ranked_table",
    "ranks_of",
    "readings_of",
]


def rank_benefit(average_ranks: pd.Series | dict[str, float]) -> pd.Series:
    """Rank of N- minus rank of H- for every pair (positive: the oracle helps).

    Examples
    --------
    >>> rank_benefit(pd.Series({"H-P-Bagging": 3.0, "N-P-Bagging": 5.5})).to_dict()
    {'P-Bagging': 2.5}
    """
    return rank_gain(dict(average_ranks))


def paper_benefit() -> pd.Series:
    """The paper's rank gain of each H- method over its N- version (Table III).

    Examples
    --------
    >>> gains = paper_benefit()
    >>> len(gains), round(float(gains["P-Bagging"]), 2), gains.idxmax()
    (19, 6.6, 'U-Rand. Subs. (75%)')
    """
    return rank_benefit({m: r for m, (r, _) in PAPER_TABLE_III.items()})


def kappa_error_by_method(predictions: pd.DataFrame, dataset: str) -> dict[str, np.ndarray]:
    """Kappa-error points of each method on the first test fold of ``dataset``."""
    from ...diversity import kappa_error_points

    out: dict[str, np.ndarray] = {}
    rows = predictions[(predictions["dataset"] == dataset)]
    first = rows[(rows["repetition"] == 0) & (rows["fold"] == 0)]
    for method, group in first.groupby("method", sort=False):
        members = np.vstack(group["members"].to_list()).T  # (n_members, n_test)
        out[str(method)] = kappa_error_points(members, y=group["y_true"].to_numpy())
    return out


def complete_results(results: pd.DataFrame, cfg: ExperimentConfig) -> tuple[pd.DataFrame, list]:
    """Results of the datasets every method finished on, and the list of the others.

    Examples
    --------
    >>> from .configs import config
    >>> cfg = config(quick=True)  # 3 data sets, 5 methods, 2 folds
    >>> rows = [(d, m.label) for d in cfg.datasets[:1] for m in cfg.methods for _ in range(2)]
    >>> done, missing = complete_results(pd.DataFrame(rows, columns=["dataset", "method"]), cfg)
    >>> sorted(set(done["dataset"])), missing
    (['iris'], ['heart-statlog', 'breast-cancer'])
    """
    needed = cfg.protocol.n_splits() * len(cfg.methods)
    counts = results.groupby("dataset").size()
    done = [d for d in cfg.datasets if counts.get(str(d), 0) == needed]
    missing = [str(d) for d in cfg.datasets if d not in done]
    return results[results["dataset"].isin(done)], missing


def dataset_table(cfg: ExperimentConfig, results: pd.DataFrame, quick: bool) -> pd.DataFrame:
    """Each dataset: the paper's name and size, ours, and the tasks finished."""
    sizes = results.groupby("dataset")[["n_train", "n_test"]].first().sum(axis=1)
    tasks = results.groupby("dataset").size()
    needed = cfg.protocol.n_splits() * len(cfg.methods)
    names = {ours: paper for paper, ours in PAPER_DATASETS.items()}
    rows = [
        (
            names.get(str(d), "–") if not quick else "–",
            str(d),
            PAPER_SIZES.get(names.get(str(d), ""), "–") if not quick else "–",
            int(sizes.get(d, 0)) or "–",
            f"{int(tasks.get(d, 0))} of {needed}",
        )
        for d in cfg.datasets
    ]
    columns = ["paper's name", "our dataset", "paper n", "our n", "tasks finished"]
    return pd.DataFrame(rows, columns=columns)


def comparison_table(
    ranked: Any, paper: dict[str, tuple[float, str | None]] = PAPER_TABLE_III
) -> pd.DataFrame:
    """The paper's table (III or V) beside ours, sorted by our average rank."""
    ours = ranked.data["average_ranks"]
    wtl = ranked.frame.get("Win-tie-loss")
    position = {m: i + 1 for i, m in enumerate(ours.index)}
    paper_position = {m: i + 1 for i, m in enumerate(paper)}
    rows = []
    # every row of the paper's table; methods not run (``--quick``) come last, ours blank
    for method in [*ours.index, *(m for m in paper if m not in position)]:
        paper_rank, paper_wtl = paper.get(method, (np.nan, None))
        run = method in position
        ours_wtl = "–" if wtl is None or not run else str(wtl.get(method, "–"))
        if method.endswith("Ensemble") and method.startswith("H-") and run:
            ours_wtl = "N/A"
        rows.append(
            {
                "Method": method,
                "paper: place": paper_position.get(method, ""),
                "paper: rank": paper_rank,
                "paper: W-T-L": paper_wtl or "–",
                "ours: place": position.get(method, ""),
                "ours: rank": float(ours[method]) if run else np.nan,
                "ours: W-T-L": ours_wtl if run else "",
            }
        )
    return pd.DataFrame(rows)


def accuracy_gain(means: pd.DataFrame) -> pd.Series:
    """Mean over datasets of accuracy(H-) − accuracy(N-), in percentage points.

    Examples
    --------
    >>> means = pd.DataFrame({"H-P-Bagging": [0.80, 0.90], "N-P-Bagging": [0.78, 0.91]})
    >>> accuracy_gain(means).round(2).to_dict()
    {'P-Bagging': 0.5}
    """
    out = {
        family(m): 100.0 * float((means[m] - means["N-" + family(m)]).mean())
        for m in means.columns
        if m.startswith("H-") and "N-" + family(m) in means.columns
    }
    return pd.Series(out, dtype=float)


def benefit_table(ours: pd.Series, means: pd.DataFrame) -> pd.DataFrame:
    """Each H- method's rank gain, the paper's and ours, and our accuracy gain."""
    frame = pd.DataFrame(
        {
            "paper: rank gain": paper_benefit().reindex(ours.index),
            "ours: rank gain": ours,
            "ours: mean accuracy gain (points)": accuracy_gain(means).reindex(ours.index),
        }
    )
    frame.index.name = "ensemble (H- vs N-)"
    return frame.sort_values("paper: rank gain", ascending=False)


def ranked_table(results: pd.DataFrame, methods: list[str]) -> Any:
    """``rank_table`` of the methods, each H- method paired with its N- version."""
    from ...reporting.tables import paired_by_prefix, rank_table

    return rank_table(results, paired_by_prefix(methods), methods=methods)


def ledger(ranked: Any, evidence: Evidence | None = None) -> list[Claim]:
    """Section V's claims from a ``rank_table`` (and the evidence of the notes)."""
    wtl = ranked.data["win_tie_loss"].set_index("method")
    counts = {m: (int(r.wins), int(r.ties), int(r.losses)) for m, r in wtl.iterrows()}
    average = ranked.data["average_ranks"].to_dict()
    return oracle_claims(PAPER_TABLE_III, average, counts, evidence)


def not_run_ledger(reason: str) -> list[Claim]:
    """The ledger's claims, all ``not run`` (fewer than two datasets finished)."""
    placeholder = {m: float(i) for i, m in enumerate(PAPER_TABLE_III, 1)}
    wtl = {m: (0, 1, 0) for m, (_, c) in PAPER_TABLE_III.items() if c and c != "N/A"}
    return [
        replace(c, ours=reason, verdict="not run")
        for c in oracle_claims(PAPER_TABLE_III, placeholder, wtl)
    ]


@dataclass(frozen=True)
class Ranks:
    """Table III over the finished datasets: ranks, their tests and the oracle's benefit."""

    comparison: pd.DataFrame  # the paper's Table III beside ours, sorted by our rank
    average: pd.Series  # our average rank of each method
    n_methods: int
    critical: int  # sign test's n_c for our number of datasets
    paper_critical: int  # ... and for the paper's 35
    rho: float  # Spearman correlation of the paper's and our average ranks
    friedman: stats.FriedmanResult
    cd: float  # Nemenyi critical difference at 0.05
    benefit: pd.DataFrame  # rank gain of each H- method, the paper's and ours
    hosts: pd.DataFrame  # ... averaged per host ensemble


def ranks_of(ranked: Any) -> Ranks:
    """Table III, the Friedman and Nemenyi tests and the benefit tables of ``rank_table``."""
    average = ranked.data["average_ranks"]
    means = ranked.data["means"]
    wtl = ranked.data["win_tie_loss"].set_index("method")
    paper = pd.Series({m: PAPER_TABLE_III[m][0] for m in average.index if m in PAPER_TABLE_III})
    gains = rank_benefit(average)
    hosts = pd.DataFrame(
        {
            "paper": paper_benefit().reindex(gains.index),
            "ours": gains,
            "ours, accuracy points": accuracy_gain(means).reindex(gains.index),
        }
    )
    hosts = hosts.groupby(host).mean().sort_values("ours", ascending=False)
    hosts.index.name = "host ensemble (mean over its versions)"
    return Ranks(
        comparison=comparison_table(ranked),
        average=average,
        n_methods=means.shape[1],
        critical=int(wtl["critical_value"].iloc[0]) if len(wtl) else 0,
        paper_critical=stats.sign_test(35, 0, 0).critical_value,
        rho=float(paper.rank().corr(average.rank(), method="spearman")),
        friedman=stats.friedman(means),
        cd=stats.nemenyi_cd(len(average), means.shape[0]).cd,
        benefit=benefit_table(gains, means),
        hosts=hosts,
    )


def readings_of(readings: pd.DataFrame | None, complete: pd.DataFrame) -> Readings | None:
    """The uniform reading beside Table III's stored results (None: not run)."""
    if readings is None or readings.empty:
        return None
    table, n, helped = uniform_reading(readings, complete, UNIFORM)
    if n == 0 or table.empty:
        return None
    cpu = (readings["fit_cpu"].sum() + readings["predict_cpu"].sum()) / 60
    return Readings(table=table, n_datasets=n, cpu_minutes=float(cpu), helped=helped)


def kappa_means(
    kappa: dict[str, dict[str, np.ndarray]],
) -> dict[tuple[str, str], tuple[float, float]]:
    """(dataset, method) -> (mean κ, mean pair error) of the kappa-error points."""
    return {
        (dataset, method): (float(np.nanmean(p[:, 0])), float(np.nanmean(p[:, 1])))
        for dataset, points in kappa.items()
        for method, p in points.items()
    }
