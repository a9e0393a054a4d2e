"""Tables III and V of the Random Linear Oracle paper: 40 ensembles ranked, the page.

``ensemble-lab reproduce oracle`` runs the 40 methods of Kuncheva & Rodríguez's Table III
(each ensemble with the oracle, ``H-``, and without it, ``N-``; pruned ``-P-`` and
unpruned ``-U-`` J48; 10 members) on the 35 datasets of their Table I, and writes
``oracle.md`` (average ranks and win-tie-loss beside the paper's, the Friedman test),
``oracle-cd.png`` (critical-difference diagram) and ``oracle-kappa-*.png``
(kappa-error diagrams, H- against N-), with the results in ``oracle.db``. Section VI's
Table V, the same 40 methods on the seven medical data sets of Table IV, is a separate
experiment (:func:`~ensemble_lab.experiments.oracle.configs.medical_config`) with its
own store, ``oracle-medical.db``; the page shows it beside the paper's and tests Section
VI's statements. A third store, ``oracle-readings.db``
(:func:`~ensemble_lab.experiments.oracle.configs.readings_config`), holds the
reweighting boosting hosts run with the oracle's points drawn uniformly, a reading the
paper leaves open, which the notes of the claims it bears on report; a fourth,
``oracle-cost.db``, Section V's timing run.

Both runs follow the paper's protocol, ten 10-fold cross-validations (see
:data:`~ensemble_lab.experiments.oracle.paper.PAPER_PROTOCOL`).

References
----------
L. I. Kuncheva and J. J. Rodríguez, "Classifier ensembles with a random linear oracle",
IEEE Transactions on Knowledge and Data Engineering 19(4), 500–508, 2007.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pandas as pd

from ...evaluation import ExperimentConfig, load_datasets, load_predictions
from ...evaluation.estimate import lpt_makespan
from ...reporting.claims import Claim, checked_notes, ledger_table, write_ledger, write_summary
from .._common import fill_template, markdown_table, write_page
from .._reproduction import Part, Reproduction, RunContext
from .analysis import (
    Ranks,
    complete_results,
    dataset_table,
    kappa_error_by_method,
    kappa_means,
    ledger,
    not_run_ledger,
    ranked_table,
    ranks_of,
    readings_of,
)
from .configs import (
    KAPPA_NAME,
    KAPPA_PROTOCOL,
    MEDICAL_NAME,
    METHODS,
    NAME,
    QUICK_PROTOCOL,
    READINGS_NAME,
    READINGS_SKIPPED,
    SEED,
    ZOO,
    config,
    kappa_config,
    medical_config,
    paper_parts,
    parts,
    readings_config,
    timing_config,
)
from .cost import COST_NAME, Cost, cost_findings, cost_section
from .figures import cd_figure, kappa_figures
from .medical import TableV, medical_not_run, table_v
from .paper import PAPER_PROTOCOL, PAPER_TABLE_III, PAPER_TABLE_V
from .readings import Evidence, Readings, bootstrap_losing, repetition_counts
from .sides import family

__all__ = ["Findings", "OracleReproduction", "findings_from"]

DESCRIPTION = (
    "40 ensembles with/without the Random Linear Oracle on 35 UCI datasets: average ranks, "
    "win-tie-loss, sign test, Friedman, CD and kappa-error diagrams (paper 001, Table III); "
    "Table V on 7 medical datasets"
)
TITLE = "Random Linear Oracle — Table III (paper 001)"


@dataclass(frozen=True)
class Findings:
    """What the store says: how far the run got, Table III, the kappa-error diagrams.

    Made by :meth:`OracleReproduction.findings` (:func:`findings_from`); every number
    and table of the page is one of its fields or computed from them.

    Examples
    --------
    >>> import dataclasses
    >>> [f.name for f in dataclasses.fields(Findings)][:4]
    ['cfg', 'kcfg', 'quick', 'n_tasks']
    """

    cfg: ExperimentConfig
    kcfg: ExperimentConfig
    quick: bool
    n_tasks: int  # tasks stored
    cpu_hours: float  # fitting and prediction of the stored tasks
    two_worker_hours: float  # the same tasks scheduled longest first on two workers
    n_datasets: int  # datasets every method finished every fold of
    missing: tuple[str, ...]  # the others
    datasets: pd.DataFrame  # per dataset: the paper's name and size, ours, tasks finished
    ranks: Ranks | None  # None: fewer than two datasets finished
    kappa: dict[str, dict[str, np.ndarray]]  # dataset -> method -> kappa-error points
    medical: TableV | None  # Table V (None: ``--quick`` or no ``oracle-medical.db``)
    readings: Readings | None  # the uniform reading (None: no ``oracle-readings.db``)
    cost: Cost  # Section V's timing run (its table None: not run)
    claims: tuple[Claim, ...]


def findings_from(
    cfg: ExperimentConfig,
    kcfg: ExperimentConfig,
    results: pd.DataFrame,
    predictions: pd.DataFrame,
    *,
    quick: bool = False,
    medical: pd.DataFrame | None = None,
    readings: pd.DataFrame | None = None,
    zoo_features: int | None = None,
    timing: pd.DataFrame | None = None,
) -> Findings:
    """Everything the page states, from the stored results and members' predictions.

    ``medical``: the results of Table V's run (None: not run, or ``quick``);
    ``readings``: those of the uniform reading (:func:`readings_config`; None: not run);
    ``zoo_features``: the number of attributes of the stored zoo;
    ``timing``: the results of Section V's timing run (:func:`timing_config`).

    Examples
    --------
    A store with no finished task: nothing ranked, every claim ``not run``.

    >>> columns = ["dataset", "method", "repetition", "fold", "n_train", "n_test",
    ...            "accuracy", "fit_cpu", "predict_cpu"]
    >>> empty = pd.DataFrame(columns=columns)
    >>> no_members = pd.DataFrame(columns=["dataset", "method", "repetition", "fold",
    ...                                    "members", "y_true"])
    >>> f = findings_from(config(quick=True), kappa_config(quick=True), empty, no_members,
    ...                   quick=True)
    >>> f.ranks is None, f.missing, {c.verdict for c in f.claims}
    (True, ('iris', 'heart-statlog', 'breast-cancer'), {'not run'})
    """
    complete, missing = complete_results(results, cfg)
    n_datasets = complete["dataset"].nunique()
    read = readings_of(readings, complete)
    if n_datasets < 2:
        ranks = None
        claims = not_run_ledger(f"fewer than two datasets finished ({n_datasets})")
    else:
        ranked = ranked_table(complete, list(cfg.method_labels))
        evidence = Evidence(
            means=ranked.data["means"],
            repetitions=repetition_counts(complete),
            bootstrap=bootstrap_losing(complete),
            readings=read,
            zoo_features=zoo_features,
        )
        ranks, claims = ranks_of(ranked), ledger(ranked, evidence)
        if missing:  # a partial run: every verdict is over the finished datasets only
            scope = f"on {n_datasets} of {len(cfg.datasets)} datasets (run unfinished): "
            claims = [
                c if c.verdict == "not run" else replace(c, ours=scope + c.ours) for c in claims
            ]
    table, section_vi = _section_vi(medical, ranks, quick)
    why = "`--quick` does not run it" if quick else f"no {COST_NAME}.db in the results directory"
    cost = cost_findings(timing_config(), timing, why)
    return Findings(
        cfg=cfg,
        kcfg=kcfg,
        quick=quick,
        n_tasks=len(results),
        cpu_hours=(results["fit_cpu"].sum() + results["predict_cpu"].sum()) / 3600,
        two_worker_hours=lpt_makespan((results["fit_cpu"] + results["predict_cpu"]).to_numpy(), 2)
        / 3600,
        n_datasets=n_datasets,
        missing=tuple(missing),
        datasets=dataset_table(cfg, results, quick),
        ranks=ranks,
        kappa={str(d): kappa_error_by_method(predictions, str(d)) for d in kcfg.datasets},
        medical=table,
        readings=read,
        cost=cost,
        claims=(*claims, cost.claim, *section_vi),
    )


def _section_vi(
    medical: pd.DataFrame | None, ranks: Ranks | None, quick: bool
) -> tuple[TableV | None, list[Claim]]:
    """Table V and Section VI's claims, or the claims ``not run`` and why."""
    if quick or medical is None:
        reason = (
            "`--quick` does not run Table V"
            if quick
            else f"no {MEDICAL_NAME}.db: the seven medical data sets were not run"
        )
        return None, medical_not_run(PAPER_TABLE_V, PAPER_TABLE_III, reason)
    full = ranks is not None and len(ranks.average) == len(PAPER_TABLE_III)
    return table_v(medical, ranks.average if full and ranks is not None else None)


# --------------------------------------------------------------------------- page
def _quick_note(f: Findings) -> str:
    if not f.quick:
        return ""
    return (
        "\n**This is the `--quick` version** (3 small datasets, 5 methods of 5 members, "
        "one 2-fold cross-validation): only the mechanics are exercised, the numbers mean "
        "nothing.\n"
    )


def _progress_note(f: Findings) -> str:
    cfg = f.cfg
    if not f.missing:
        head = f"The run is complete: all {len(cfg.datasets)} datasets, every method, every fold."
    else:
        total = cfg.protocol.n_splits() * len(cfg.methods) * len(cfg.datasets)
        head = (
            f"**The run is not finished: {f.n_tasks} of {total} tasks are stored, and "
            f"every number below is over the {f.n_datasets} datasets on which all "
            f"{len(cfg.methods)} methods finished all {cfg.protocol.n_splits()} folds.** "
            f"The datasets run smallest first, so those still missing are the largest: "
            f"{', '.join(f.missing)}. Nothing is extrapolated to them; `ensemble-lab "
            "reproduce oracle` resumes the run."
        )
    return (
        f"{head} The stored tasks took {f.cpu_hours:.2f} CPU-hours (fitting and prediction); "
        f"taken longest first by two workers, the schedule `--estimate` assumes, they fill "
        f"{f.two_worker_hours:.2f} hours of wall time."
    )


def _analysis(f: Findings, out_dir: Path) -> str:
    """Table III and its tests (section template ``oracle-ranks``), or why there are none."""
    if f.ranks is None:
        return "No ranks yet: fewer than two datasets have every method's every fold.\n"
    r, fr = f.ranks, f.ranks.friedman
    return "\n" + fill_template(
        f"{NAME}-ranks",
        {
            "critical": str(r.critical),
            "n_datasets": str(f.n_datasets),
            "paper_critical": str(r.paper_critical),
            "table": markdown_table(r.comparison, index=False),
            "n_ranked": str(len(r.average)),
            "rho": f"{r.rho:.2f}",
            "n_methods": str(r.n_methods),
            "chi2": f"{fr.chi2:.1f}",
            "chi2_p": f"{fr.chi2_p_value:.2g}",
            "f": f"{fr.f_statistic:.2f}",
            "f_p": f"{fr.f_p_value:.2g}",
            "cd": f"{r.cd:.2f}",
            "cd_figure": cd_figure(r.average, r.cd, out_dir, NAME),
            "benefit": markdown_table(r.benefit),
            "hosts": markdown_table(r.hosts),
        },
        __package__,
    )


def _medical_progress(t: TableV) -> str:
    cfg = t.cfg
    if not t.missing:
        head = f"The run is complete: all {len(cfg.datasets)} data sets, every method, every fold."
    else:
        total = cfg.protocol.n_splits() * len(cfg.methods) * len(cfg.datasets)
        head = (
            f"**The run is not finished: {t.n_tasks} of {total} tasks are stored, and every "
            f"number below is over the {t.n_datasets} data sets on which all "
            f"{len(cfg.methods)} methods finished all {cfg.protocol.n_splits()} folds** "
            f"(missing: {', '.join(t.missing)})."
        )
    return f"{head} The stored tasks took {t.cpu_hours:.2f} CPU-hours (fitting and prediction)."


def _medical_analysis(t: TableV) -> str:
    """Table V's ranks, tests and patterns (template ``oracle-medicalranks``)."""
    if t.comparison is None or t.patterns is None or t.friedman is None:
        return "No ranks yet: fewer than two data sets have every method's every fold.\n"
    fr, (paper_chi2, paper_p) = t.friedman, t.paper_friedman
    return fill_template(
        f"{NAME}-medicalranks",
        {
            "n_datasets": str(t.n_datasets),
            "critical": str(t.critical),
            "table": markdown_table(t.comparison, index=False),
            "n_ranked": str(len(t.comparison)),
            "rho": f"{t.rho:.2f}",
            "n_methods": str(fr.n_methods),
            "chi2": f"{fr.chi2:.1f}",
            "chi2_p": f"{fr.chi2_p_value:.2g}",
            "f": f"{fr.f_statistic:.2f}",
            "f_p": f"{fr.f_p_value:.2g}",
            "paper_chi2": f"{paper_chi2:.1f}",
            "paper_chi2_p": f"{paper_p:.2g}",
            "patterns": markdown_table(t.patterns, index=False),
        },
        __package__,
    )


def _medical_section(f: Findings) -> str:
    """The Table V section (template ``oracle-medical``), or why there is none."""
    t = f.medical
    if t is None:
        why = (
            "`--quick` does not run it"
            if f.quick
            else f"`{MEDICAL_NAME}.db` is not in the results directory "
            "(`ensemble-lab reproduce oracle` runs it)"
        )
        return f"\n## Table V: the seven medical data sets (Section VI)\n\nNot run: {why}.\n"
    protocol = PAPER_PROTOCOL  # medical_config's
    return "\n" + fill_template(
        f"{NAME}-medical",
        {
            "experiment": t.cfg.name,
            "store": f"{MEDICAL_NAME}.db",
            "n_methods": str(len(t.cfg.methods)),
            "repetitions": str(protocol.n_repetitions),
            "folds": str(protocol.n_folds),
            "seed": str(t.cfg.seed),
            "progress": _medical_progress(t),
            "datasets": markdown_table(t.datasets, index=False),
            "analysis": _medical_analysis(t),
        },
        __package__,
    )


def _readings_section(f: Findings) -> str:
    """The uniform reading's table (template ``oracle-readings``), or nothing."""
    r = f.readings
    if r is None:
        return ""
    cfg = readings_config()
    return "\n" + fill_template(
        f"{NAME}-readings",
        {
            "experiment": cfg.name,
            "store": f"{READINGS_NAME}.db",
            "n_methods": str(len(r.table)),
            "skipped": ", ".join(READINGS_SKIPPED),
            "n_datasets": str(r.n_datasets),
            "repetitions": str(PAPER_PROTOCOL.n_repetitions),
            "folds": str(PAPER_PROTOCOL.n_folds),
            "seed": str(cfg.seed),
            "cpu": f"{r.cpu_minutes:.1f}",
            "n_ranked": str(len(METHODS)),
            "table": markdown_table(r.table),
        },
        __package__,
    )


def _kappa_values(f: Findings, out_dir: Path) -> dict[str, str]:
    rows = kappa_means(f.kappa)
    pairs = [
        (rows[(d, m)], rows[(d, "N-" + family(m))])
        for d, m in rows
        if m.startswith("H-") and (d, "N-" + family(m)) in rows
    ]
    table = pd.DataFrame(
        [
            {"dataset": d, "method": m, "mean κ": k, "mean pair error": e}
            for (d, m), (k, e) in sorted(rows.items())
        ]
    )
    return {
        "kappa_protocol": KAPPA_PROTOCOL.kind,
        "kappa_experiment": f.kcfg.name,
        "kappa_pairs": str(len(pairs)),
        "lower_kappa": str(sum(h[0] < n[0] for h, n in pairs)),
        "lower_error": str(sum(h[1] < n[1] for h, n in pairs)),
        "kappa_table": markdown_table(table, decimals=3, index=False),
        "kappa_figures": "\n".join(
            f"![kappa-error diagram]({p})" for p in kappa_figures(f.kappa, out_dir, NAME)
        ),
    }


def _values(f: Findings, out_dir: Path) -> dict[str, str]:
    """The text of each placeholder of the page's template (the figures are drawn here)."""
    protocol = QUICK_PROTOCOL if f.quick else PAPER_PROTOCOL
    return {
        "quick_note": _quick_note(f),
        "experiment": f.cfg.name,
        "n_methods": str(len(f.cfg.methods)),
        "repetitions": str(protocol.n_repetitions),
        "folds": str(protocol.n_folds),
        "seed": str(SEED),
        "n_splits": str(protocol.n_splits()),
        "progress": _progress_note(f),
        "datasets": markdown_table(f.datasets, index=False),
        "analysis": _analysis(f, out_dir),
        "medical": _medical_section(f),
        "medical_store": f"{MEDICAL_NAME}.db",
        "n_datasets": str(f.n_datasets),
        "ledger": ledger_table(f.claims),
        "checked": checked_notes(f.claims),
        "readings": _readings_section(f),
        "cost": cost_section(f.cost, f"{COST_NAME}.db"),
        **_kappa_values(f, out_dir),
    }


def _stored(ctx: RunContext, part: Part) -> pd.DataFrame | None:
    """The results of an optional part, None when its store is not in the results directory."""
    return ctx.results(part) if ctx.store_path(part.store).is_file() else None


class OracleReproduction(Reproduction):
    """Tables III and V of the Random Linear Oracle paper, its kappa-error diagrams and cost.

    Its parts (:func:`~ensemble_lab.experiments.oracle.configs.parts`) go to four
    stores: ``oracle.db`` (Table III and the kappa-error runs), ``oracle-medical.db``
    (Table V), ``oracle-readings.db`` (the uniform reading of the oracle's points) and
    ``oracle-cost.db`` (Section V's timing run). The page is written from ``oracle.db``
    and whichever of the others the results directory holds (each plain or compact,
    ``.db.xz``); those missing are reported as not run. Datasets on which some method
    has not finished all its folds (a run stopped early) are left out of the ranks,
    and the page says how far the run got. No dataset is read.

    Examples
    --------
    >>> from ensemble_lab.experiments import reproduction
    >>> oracle = reproduction("oracle")
    >>> isinstance(oracle, OracleReproduction), oracle.keeps_store
    (True, True)
    >>> [(p.config.name, p.store) for p in oracle.parts(quick=True)]
    [('oracle-kappa', 'oracle'), ('oracle', 'oracle')]
    """

    name = NAME
    description = DESCRIPTION

    def parts(self, quick: bool = False) -> list[Part]:
        """The kappa-error runs, Table V, the readings, the cost run, then Table III."""
        return parts(quick)

    def paper_parts(self) -> list[Part]:
        """Table III at the paper's protocol (the run :meth:`parts` makes already)."""
        return paper_parts()

    def findings(self, ctx: RunContext) -> Findings:
        """Everything the page states, from the stores of ``ctx.out_dir``."""
        quick = ctx.quick
        cfg, kcfg = config(quick), kappa_config(quick)
        results = ctx.results(Part(cfg, NAME))
        db = ctx.store_path(NAME)
        predictions = load_predictions(db, KAPPA_NAME)
        optional = {"medical": (medical_config(), MEDICAL_NAME)}
        optional |= {"readings": (readings_config(), READINGS_NAME)}
        optional |= {"timing": (timing_config(), COST_NAME)}
        frames = {
            key: None if quick else _stored(ctx, Part(part, store))
            for key, (part, store) in optional.items()
        }
        sizes = load_datasets(db, cfg.name).set_index("dataset")["n_features"]
        zoo = int(sizes[ZOO]) if ZOO in sizes else None
        return findings_from(
            cfg, kcfg, results, predictions, quick=quick, zoo_features=zoo, **frames
        )

    def write_report(self, findings: Findings, out_dir: Path) -> Path:
        """Write ``oracle.md``, its figures and its claims ledger; the page's path."""
        out_dir = Path(out_dir)
        text = fill_template(NAME, _values(findings, out_dir), __package__)
        write_ledger(out_dir, NAME, TITLE, list(findings.claims))
        write_summary(out_dir)
        return write_page(out_dir, NAME, text)
