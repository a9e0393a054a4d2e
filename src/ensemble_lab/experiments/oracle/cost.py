"""What the random linear oracle costs its host: Section V's claim on computational cost.

Section V of the paper says that the random linear oracle "does not increase
substantially the computational complexity of the ensemble methods": each member trains
two sub-classifiers instead of one, each on part of the data, so that "if the data size
is a factor in the training complexity, then the random oracle may, in fact, be faster
to train". The claim is tested with a timing run of its own (:func:`cost_config`, the
store ``oracle-cost.db``): the 19 ensembles with both versions, H- and N-, on Table
III's data sets, one 10-fold cross-validation with Table III's seed, so that both
versions of a host are timed on the same folds. It is cheap enough to rerun whenever the
oracle's code gets faster, and it leaves the Table III store's times (taken over days,
beside other jobs) out of the verdict.

References
----------
L. I. Kuncheva and J. J. Rodríguez, "Classifier ensembles with a random linear oracle",
IEEE Transactions on Knowledge and Data Engineering 19(4), 500–508, 2007.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...evaluation import ExperimentConfig, MethodSpec, RepeatedCV
from ...reporting.claims import Claim, listed, verdict
from .._common import fill_template, markdown_table

__all__ = [
    "COST_LIMIT",
    "Cost",
    "cost_claim",
    "cost_config",
    "cost_findings",
    "cost_not_run",
    "cost_section",
    "cost_table",
]

#: The store's name (``oracle-cost.db``).
COST_NAME = "oracle-cost"
#: One 10-fold cross-validation: both versions of a host on the same ten folds.
COST_PROTOCOL = RepeatedCV(n_folds=10, n_repetitions=1)
#: "Not substantially" more: at most a quarter more fit CPU, summed over the data sets.
COST_LIMIT = 1.25
#: Sizes (instances) of the small and the large data sets the note compares.
SMALL, LARGE = 300, 3000

_QUOTE = (
    "The random linear oracle approach does not increase substantially the computational "
    "complexity of the ensemble methods. In the training stage, two sub-classifiers need "
    "to be trained instead of one classifier for each ensemble member. However, each "
    "sub-classifier only uses part of the training data. If the data size is a factor in "
    "the training complexity, then the random oracle may, in fact, be faster to train."
)
_TEST = (
    "per host, the fit CPU time of its H- version over that of its N- version, each summed "
    "over the ten folds of one 10-fold cross-validation of every Table III data set (a "
    "timing run of its own, both versions on the same folds); holds: at most "
    f"{COST_LIMIT:g}× ('not substantially' more: a quarter more at most) for all 19 hosts, "
    "and H- faster to train than N- on some data set ('may, in fact, be faster'); partly: "
    f"at most {COST_LIMIT:g}× for most (more than half) of the hosts"
)


def pairs(methods: Sequence[str]) -> list[str]:
    """The hosts (names without ``H-``/``N-``) that have both versions in ``methods``.

    Examples
    --------
    >>> pairs(["H-P-Bagging", "N-P-Bagging", "H-P-Ensemble", "N-U-Bagging"])
    ['P-Bagging']
    """
    return [m[2:] for m in methods if m.startswith("H-") and "N-" + m[2:] in methods]


def cost_config(datasets: Sequence[str], methods: Sequence[str], seed: int) -> ExperimentConfig:
    """The timing run: every host with both versions, one 10-fold CV of each data set.

    ``datasets`` and ``methods`` are Table III's, ``seed`` its seed; the two versions of
    a host get the same folds.

    Examples
    --------
    >>> cfg = cost_config(["iris"], ["H-P-Bagging", "N-P-Bagging", "H-P-Ensemble"], 1)
    >>> cfg.name, cfg.method_labels
    ('oracle-cost', ['H-P-Bagging', 'N-P-Bagging'])
    """
    hosts = pairs(methods)
    return ExperimentConfig(
        name=COST_NAME,
        datasets=tuple(datasets),
        methods=tuple(MethodSpec(label=f"{v}-{h}", name=f"{v}-{h}") for h in hosts for v in "HN"),
        protocol=COST_PROTOCOL,
        seed=seed,
        description="Kuncheva & Rodríguez, Section V: CPU with and without the oracle",
    )


def cost_table(results: pd.DataFrame) -> pd.DataFrame:
    """Per host, H-/N- CPU ratios: summed over the data sets, and per data set.

    ``results`` are the timing run's (``dataset``, ``method``, ``fit_cpu``,
    ``predict_cpu``); a data set counts for a host when both versions finished all
    its folds there. Columns: ``fit`` and ``predict`` (ratio of the sums over the data
    sets), ``fit_median`` (median over the data sets of each one's ratio),
    ``faster`` (data sets where H- took less fit CPU), ``n_datasets``.

    Examples
    --------
    >>> r = pd.DataFrame({"dataset": ["a", "a", "b", "b"],
    ...     "method": ["H-P-Bagging", "N-P-Bagging"] * 2,
    ...     "fit_cpu": [3.0, 2.0, 1.0, 2.0], "predict_cpu": [1.0, 1.0, 1.0, 1.0]})
    >>> cost_table(r).loc["P-Bagging", ["fit", "fit_median", "faster"]].tolist()
    [1.0, 1.0, 1.0]
    """
    ok = results[results["error"].isna()] if "error" in results else results
    sums = ok.groupby(["method", "dataset"])[["fit_cpu", "predict_cpu"]].agg(["sum", "count"])
    rows = {}
    for host in pairs(sorted(set(ok["method"]))):
        h, n = sums.loc[f"H-{host}"], sums.loc[f"N-{host}"]
        both = h.index.intersection(n.index)
        both = both[(h.loc[both, ("fit_cpu", "count")] == n.loc[both, ("fit_cpu", "count")])]
        h_fit, n_fit = h.loc[both, ("fit_cpu", "sum")], n.loc[both, ("fit_cpu", "sum")]
        h_pred, n_pred = h.loc[both, ("predict_cpu", "sum")], n.loc[both, ("predict_cpu", "sum")]
        rows[host] = {
            "fit": h_fit.sum() / n_fit.sum(),
            "predict": h_pred.sum() / n_pred.sum(),
            "fit_median": float(np.median(h_fit / n_fit)),
            "faster": int((h_fit < n_fit).sum()),
            "n_datasets": len(both),
        }
    return pd.DataFrame.from_dict(rows, orient="index")


def cost_claim(results: pd.DataFrame) -> Claim:
    """Section V's cost claim from the timing run's results.

    Examples
    --------
    >>> r = pd.DataFrame({"dataset": ["a", "a", "b", "b"],
    ...     "method": ["H-P-Bagging", "N-P-Bagging"] * 2, "n_train": 90, "n_test": 10,
    ...     "fit_cpu": [1.0, 2.0, 2.0, 2.0], "predict_cpu": [1.0, 1.0, 1.0, 1.0]})
    >>> cost_claim(r).verdict
    'holds'
    """
    table = cost_table(results)
    if len(table) == 0:
        return cost_not_run("the timing run holds no host with both versions")
    within = table.index[table["fit"] <= COST_LIMIT]
    over = table.index[table["fit"] > COST_LIMIT]
    faster = int(table["faster"].sum())
    ours = (
        f"summed fit CPU H-/N- at most {COST_LIMIT:g}× for {len(within)} of {len(table)} "
        f"hosts (over: {listed(list(over))}; from {table['fit'].min():.2f}× to "
        f"{table['fit'].max():.2f}×, median per data set {table['fit_median'].median():.2f}×); "
        f"H- faster on {faster} of {int(table['n_datasets'].sum())} host-data set pairs"
    )
    return Claim(
        key="cost",
        quote=_QUOTE,
        test=_TEST,
        paper="argued from the algorithm; no times given",
        ours=ours,
        verdict=verdict(len(over) == 0 and faster > 0, len(within) > len(table) / 2),
        checked="" if len(over) == 0 and faster > 0 else _note(results),
    )


def _note(results: pd.DataFrame) -> str:
    """Where the extra time lies: the per-data-set ratios of small against large data sets."""
    size = results.groupby("dataset")[["n_train", "n_test"]].first().sum(axis=1)
    small, large = size.index[size < SMALL], size.index[size >= LARGE]
    parts = []
    for label, group in ((f"under {SMALL}", small), (f"{LARGE} or more", large)):
        if len(group):
            ratios = cost_table(results[results["dataset"].isin(group)])["fit"]
            parts.append(
                f"on the {len(group)} data sets of {label} instances the hosts' summed fit "
                f"ratios range {ratios.min():.2f}–{ratios.max():.2f}× "
                f"(median {ratios.median():.2f}×)"
            )
    return (
        "; ".join(parts) + ". A member of an H- host grows two trees on the two halves of its "
        "data where an N- member grows one on the whole, and draws its hyperplane and routes "
        "its rows; on small data sets the fixed cost of each call, tree and oracle, is most of "
        "a member's time, while on large ones the growing dominates, as the paper argues. "
        "`benchmarks/oracle_cost.py` splits each host's extra time into the oracle's own "
        "work, the trees and the host (docs/performance.md)"
    )


def cost_not_run(reason: str) -> Claim:
    """The cost claim when the timing run is missing, and why.

    Examples
    --------
    >>> claim = cost_not_run("no oracle-cost.db")
    >>> claim.verdict, claim.ours
    ('not run', 'not run: no oracle-cost.db')
    """
    return Claim(
        key="cost",
        quote=_QUOTE,
        test=_TEST,
        paper="argued from the algorithm; no times given",
        ours=f"not run: {reason}",
        verdict="not run",
    )


@dataclass(frozen=True)
class Cost:
    """The timing run as the page shows it (None fields: not run).

    Examples
    --------
    >>> cfg = cost_config(["iris"], ["H-P-Bagging", "N-P-Bagging"], 1)
    >>> Cost(cfg, None, 0.0, 0, cost_not_run("no store")).claim.verdict
    'not run'
    """

    cfg: ExperimentConfig
    table: pd.DataFrame | None  # cost_table's, None when not run
    cpu_minutes: float
    n_datasets: int
    claim: Claim


def cost_findings(cfg: ExperimentConfig, results: pd.DataFrame | None, why: str) -> Cost:
    """The cost claim and table from the timing run's results (None: not run, ``why``).

    Examples
    --------
    >>> cost = cost_findings(cost_config(["iris"], ["H-P-Bagging", "N-P-Bagging"], 1), None,
    ...                      "no store")
    >>> cost.table is None, cost.claim.verdict
    (True, 'not run')
    """
    if results is None or results.empty:
        return Cost(cfg, None, 0.0, 0, cost_not_run(why))
    cpu = float((results["fit_cpu"].sum() + results["predict_cpu"].sum()) / 60)
    table = cost_table(results)
    n = int(table["n_datasets"].max()) if len(table) else 0
    return Cost(cfg, table, cpu, n, cost_claim(results))


def cost_section(cost: Cost, store: str) -> str:
    """The page's section on the timing run (template ``oracle-cost``), or why none.

    Examples
    --------
    >>> cost = cost_findings(cost_config(["iris"], ["H-P-Bagging", "N-P-Bagging"], 1), None,
    ...                      "no store")
    >>> print(cost_section(cost, "oracle-cost.db").strip())
    ## What the oracle costs its host (Section V)
    <BLANKLINE>
    Not run: no store.
    """
    title = "## What the oracle costs its host (Section V)"
    if cost.table is None:
        return f"\n{title}\n\nNot run: {cost.claim.ours.removeprefix('not run: ')}.\n"
    shown = pd.DataFrame(
        {
            "fit H-/N- (summed)": cost.table["fit"],
            "predict H-/N- (summed)": cost.table["predict"],
            "fit H-/N-: median per dataset": cost.table["fit_median"],
            "datasets H- faster to fit": cost.table["faster"].astype(int),
        }
    )
    shown.index.name = "host"
    protocol = cost.cfg.protocol
    return "\n" + fill_template(
        "oracle-cost",
        {
            "experiment": cost.cfg.name,
            "store": store,
            "n_hosts": str(len(cost.table)),
            "folds": str(getattr(protocol, "n_folds", "")),
            "seed": str(cost.cfg.seed),
            "cpu": f"{cost.cpu_minutes:.1f}",
            "n_datasets": str(cost.n_datasets),
            "table": markdown_table(shown, decimals=2),
        },
        __package__,
    )
