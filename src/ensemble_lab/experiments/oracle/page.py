"""Tables III and V of the Random Linear Oracle paper: 40 ensembles ranked.

``ensemble-lab reproduce oracle`` runs the 40 methods of Kuncheva & Rodríguez's Table III
(each ensemble with the oracle, ``H-``, and without it, ``N-``; pruned ``-P-`` and
unpruned ``-U-`` J48; 10 members) on the 35 datasets of their Table I, and writes
``oracle.md`` (average ranks and win-tie-loss beside the paper's, the Friedman test),
``oracle-cd.png`` (critical-difference diagram) and ``oracle-kappa-*.png``
(kappa-error diagrams, H- against N-), with the results in ``oracle.db``. Section VI's
Table V, the same 40 methods on the seven medical data sets of Table IV, is a separate
experiment (:func:`medical_config`) with its own store, ``oracle-medical.db``; the page
shows it beside the paper's and tests Section VI's statements. A third store,
``oracle-readings.db`` (:func:`readings_config`), holds the reweighting boosting hosts
run with the oracle's points drawn uniformly, a reading the paper leaves open, which
the notes of the claims it bears on report.

Both runs follow the paper's protocol, ten 10-fold cross-validations (see
:data:`PAPER_PROTOCOL`).

References
----------
L. I. Kuncheva and J. J. Rodríguez, "Classifier ensembles with a random linear oracle",
IEEE Transactions on Knowledge and Data Engineering 19(4), 500–508, 2007.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..evaluation import (
    ExperimentConfig,
    FirstFold,
    MethodSpec,
    RepeatedCV,
    load_datasets,
    load_predictions,
    load_results,
    stats,
)
from ..evaluation.estimate import lpt_makespan
from ..evaluation.store import find_store
from ..reporting.claims import Claim, checked_notes, ledger_table, write_ledger, write_summary
from ._common import fill_template, markdown_table, run_into, save_figure, write_page
from ._oracle_claims import family, host, oracle_claims, rank_gain
from ._oracle_cost import COST_NAME, Cost, cost_config, cost_findings, cost_section
from ._oracle_medical import (
    friedman_from_ranks,
    medical_claims,
    medical_not_run,
    pattern_table,
)
from ._oracle_readings import (
    Evidence,
    Readings,
    bootstrap_losing,
    repetition_counts,
    uniform_reading,
)

DESCRIPTION = (
    "40 ensembles with/without the Random Linear Oracle on 35 UCI datasets: average ranks, "
    "win-tie-loss, sign test, Friedman, CD and kappa-error diagrams (paper 001, Table III); "
    "Table V on 7 medical datasets"
)
NAME = "oracle"
TITLE = "Random Linear Oracle — Table III (paper 001)"
KAPPA_NAME = "oracle-kappa"
MEDICAL_NAME = "oracle-medical"

#: Table I of the paper: its dataset name -> our registry name (``datasets.load`` aliases).
PAPER_DATASETS: dict[str, str] = {
    "anneal": "anneal",
    "audiology": "audiology",
    "autos": "autos",
    "balance-scale": "balance-scale",
    "breast-cancer": "breast-cancer",
    "cleveland-14-heart": "heart-c",
    "credit-rating": "credit-a",
    "german-credit": "credit-g",
    "glass": "glass",
    "heart-statlog": "heart-statlog",
    "hepatitis": "hepatitis",
    "horse-colic": "colic",
    "hungarian-14-heart": "heart-h",
    "hypothyroid": "hypothyroid",
    "ionosphere": "ionosphere",
    "iris": "iris",
    "kr-vs-kp": "kr-vs-kp",
    "labor": "labor",
    "letter": "letter",
    "lymphography": "lymph",
    "mushroom": "mushroom",
    "pima-diabetes": "diabetes",
    "primary-tumor": "primary-tumor",
    "segment": "segment",
    "sick": "sick",
    "sonar": "sonar",
    "soybean": "soybean",
    "splice": "splice",
    "vehicle": "vehicle",
    "vote": "vote",
    "vowel-context": "vowel",
    "vowel-nocontext": "vowel-nocontext",
    "waveform": "waveform-5000",
    "wisconsin-bc": "breast-w",
    "zoo": "zoo-named",  # Table I's 16 discrete attributes count the animal's name
}

#: Our zoo: Weka's file with the animal's name kept, as Table I counts its attributes.
ZOO = PAPER_DATASETS["zoo"]

#: Table I: number of objects of each dataset, as the paper gives it.
PAPER_SIZES: dict[str, int] = dict(
    zip(
        PAPER_DATASETS,
        (898, 226, 205, 625, 286, 303, 690, 1000, 214, 270, 155, 368, 294, 3772, 351, 150,
         3196, 57, 20000, 148, 8124, 768, 339, 2310, 3772, 208, 683, 3190, 846, 435, 990,
         990, 5000, 699, 101),
        strict=True,
    )
)  # fmt: skip

#: Table III of the paper, in its order (sorted by total rank): method -> (total rank,
#: win-tie-loss of the H- version against its N- version, with "•" for a significant
#: sign test; None for N- methods and the two oracle-only ensembles, "N/A" there).
PAPER_TABLE_III: dict[str, tuple[float, str | None]] = {
    "H-P-Rotation Forest": (10.83, "15-2-18"),
    "H-U-Rotation Forest": (11.01, "15-3-17"),
    "N-P-Rotation Forest": (11.16, None),
    "N-U-Rotation Forest": (11.70, None),
    "H-U-Rand. Subs. (50%)": (15.40, "• 26-2-7"),
    "H-U-Rand. Subs. (75%)": (16.47, "• 32-1-2"),
    "H-P-MultiBoost (W)": (16.49, "21-0-14"),
    "H-P-MultiBoost (S)": (16.87, "• 24-1-10"),
    "N-P-MultiBoost (W)": (17.74, None),
    "H-P-Rand. Subs. (75%)": (17.83, "• 32-1-2"),
    "H-U-Random Forest": (18.26, "21-1-13"),
    "H-P-Rand. Subs. (50%)": (18.63, "• 25-1-9"),
    "H-U-MultiBoost (W)": (18.63, "• 23-2-10"),
    "H-U-MultiBoost (S)": (18.80, "• 24-0-11"),
    "H-P-AdaBoostM1 (S)": (19.20, "22-2-11"),
    "N-P-MultiBoost (S)": (19.31, None),
    "H-P-Bagging": (20.36, "• 30-1-4"),
    "H-U-AdaBoostM1 (S)": (20.46, "23-0-12"),
    "H-P-AdaBoostM1 (W)": (20.54, "20-0-15"),
    "N-U-MultiBoost (W)": (20.61, None),
    "N-U-Rand. Subs. (50%)": (20.74, None),
    "N-P-AdaBoostM1 (W)": (21.07, None),
    "N-P-AdaBoostM1 (S)": (21.20, None),
    "N-U-MultiBoost (S)": (21.30, None),
    "H-U-Bagging": (21.41, "• 28-1-6"),
    "N-U-Random Forest": (21.44, None),
    "H-U-AdaBoostM1 (W)": (21.47, "20-0-15"),
    "N-U-AdaBoostM1 (W)": (22.13, None),
    "N-U-AdaBoostM1 (S)": (22.79, None),
    "N-P-Rand. Subs. (50%)": (23.29, None),
    "H-P-Decorate": (23.30, "19-1-15"),
    "N-P-Decorate": (23.80, None),
    "H-P-Ensemble": (24.66, "N/A"),
    "H-U-Decorate": (25.10, "• 25-2-8"),
    "H-U-Ensemble": (26.63, "N/A"),
    "N-P-Bagging": (26.96, None),
    "N-P-Rand. Subs. (75%)": (27.69, None),
    "N-U-Bagging": (28.04, None),
    "N-U-Decorate": (28.06, None),
    "N-U-Rand. Subs. (75%)": (28.63, None),
}
METHODS: tuple[str, ...] = tuple(PAPER_TABLE_III)

#: Table IV of the paper: its name of each medical data set -> (our registry name,
#: number of objects).
PAPER_TABLE_IV: dict[str, tuple[str, int]] = {
    "Weaning": ("weaning", 302),
    "Respiratory": ("respiratory", 85),
    "Laryngeal-1": ("laryngeal1", 213),
    "Laryngeal-2": ("laryngeal2", 692),
    "Laryngeal-3": ("laryngeal3", 353),
    "Voice-3": ("voice3", 238),
    "Voice-9": ("voice9", 428),
}

#: Table V of the paper (the seven medical data sets), in its order (sorted by total
#: rank): method -> (total rank, win-draw-loss of the H- version against its N- version;
#: None for N- methods and the two oracle-only ensembles, "–" there).
PAPER_TABLE_V: dict[str, tuple[float, str | None]] = {
    "H-U-Rand. Subs. (50%)": (6.14, "6-0-1"),
    "H-P-Rand. Subs. (50%)": (8.29, "7-0-0"),
    "H-P-Rotation Forest": (8.50, "4-0-3"),
    "H-U-Rotation Forest": (8.57, "6-0-1"),
    "H-U-Random Forest": (9.36, "3-1-3"),
    "N-U-Random Forest": (11.29, None),
    "N-P-Rotation Forest": (12.21, None),
    "H-U-MultiBoost (W)": (12.93, "5-0-2"),
    "N-U-Rotation Forest": (13.36, None),
    "N-U-Rand. Subs. (50%)": (15.00, None),
    "H-P-MultiBoost (S)": (16.14, "5-0-2"),
    "H-P-MultiBoost (W)": (16.43, "6-0-1"),
    "H-U-AdaBoostM1 (W)": (16.86, "6-0-1"),
    "H-P-AdaBoostM1 (S)": (17.14, "5-0-2"),
    "N-U-MultiBoost (W)": (18.14, None),
    "N-P-Rand. Subs. (50%)": (18.29, None),
    "H-U-Decorate": (19.43, "5-0-2"),
    "H-U-MultiBoost (S)": (19.57, "3-0-4"),
    "N-P-MultiBoost (S)": (20.14, None),
    "H-U-Bagging": (20.14, "6-0-1"),
    "N-U-Decorate": (20.29, None),
    "H-U-AdaBoostM1 (S)": (20.43, "4-0-3"),
    "H-P-Bagging": (21.93, "6-0-1"),
    "N-U-AdaBoostM1 (S)": (22.14, None),
    "N-U-MultiBoost (S)": (22.36, None),
    "N-P-AdaBoostM1 (W)": (22.43, None),
    "N-P-MultiBoost (W)": (22.86, None),
    "H-U-Rand. Subs. (75%)": (23.36, "7-0-0"),
    "N-U-AdaBoostM1 (W)": (23.86, None),
    "H-P-Rand. Subs. (75%)": (24.50, "7-0-0"),
    "H-P-AdaBoostM1 (W)": (25.43, "3-0-4"),
    "H-P-Decorate": (26.43, "3-0-4"),
    "N-P-Decorate": (26.43, None),
    "N-U-Bagging": (27.64, None),
    "N-P-AdaBoostM1 (S)": (28.29, None),
    "N-P-Bagging": (28.71, None),
    "N-P-Rand. Subs. (75%)": (34.71, None),
    "H-P-Ensemble": (36.29, "–"),
    "H-U-Ensemble": (37.00, "–"),
    "N-U-Rand. Subs. (75%)": (37.00, None),
}

SEED = 1

READINGS_NAME = "oracle-readings"
#: The reading of the oracle that ours leaves open for hosts that reweight: the H- boosting
#: methods with reweighting, run again with the hyperplane's two points drawn uniformly
#: from the training rows instead of in proportion to the boosting weights (with
#: resampling the member's rows have unit weights and the two readings are one).
READINGS_METHODS: tuple[str, ...] = (
    "H-P-AdaBoostM1 (W)",
    "H-U-AdaBoostM1 (W)",
    "H-P-MultiBoost (W)",
    "H-U-MultiBoost (W)",
)
#: Label suffix of the uniform reading in ``oracle-readings.db``.
UNIFORM = " uniform"
#: Left out of the readings run: the two largest data sets, which alone take most of
#: the reweighting hosts' CPU time in Table III's run.
READINGS_SKIPPED: tuple[str, ...] = ("waveform-5000", "letter")


#: The paper's protocol: ten repetitions of stratified 10-fold cross-validation.
PAPER_PROTOCOL = RepeatedCV(n_folds=10, n_repetitions=10)
#: ``--quick``: one 2-fold cross-validation.
QUICK_PROTOCOL = RepeatedCV(n_folds=2, n_repetitions=1)
#: Kappa-error diagrams: members recorded on one stratified half split.
KAPPA_PROTOCOL = FirstFold(n_folds=2)

#: Kappa-error diagrams: datasets and the H-/N- pairs drawn, members recorded.
KAPPA_DATASETS: tuple[str, ...] = ("vehicle", "sonar")
KAPPA_METHODS: tuple[str, ...] = (
    "N-P-Bagging",
    "H-P-Bagging",
    "N-P-Rand. Subs. (50%)",
    "H-P-Rand. Subs. (50%)",
    "N-P-AdaBoostM1 (W)",
    "H-P-AdaBoostM1 (W)",
)

_QUICK_DATASETS = ("iris", "heart-statlog", "breast-cancer")  # embedded files
_QUICK_METHODS = (
    "N-P-Bagging",
    "H-P-Bagging",
    "N-U-Rand. Subs. (50%)",
    "H-U-Rand. Subs. (50%)",
    "H-P-Ensemble",
)


# --------------------------------------------------------------------------- configs
def dataset_names(*, quick: bool = False) -> list[str]:
    """Our names of the run's datasets, smallest first.

    A run stopped early misses the largest datasets, not a random set.
    """
    if quick:
        return list(_QUICK_DATASETS)
    order = sorted(PAPER_DATASETS, key=lambda paper: (PAPER_SIZES[paper], paper))
    return [PAPER_DATASETS[paper] for paper in order]


def config(quick: bool = False) -> ExperimentConfig:
    """Table III at the paper's protocol, smallest dataset first.

    The 40 methods on the 35 datasets, full size, 10×10 cross-validation (140 000 fits).

    ``quick``: 3 small datasets, 5 methods of 5 members, one 2-fold cross-validation.
    """
    if quick:
        return ExperimentConfig(
            name=NAME,
            datasets=tuple(dataset_names(quick=True)),
            methods=tuple(
                MethodSpec(label=m, name=m, params={"n_estimators": 5}) for m in _QUICK_METHODS
            ),
            protocol=QUICK_PROTOCOL,
            seed=SEED,
            description="Kuncheva & Rodríguez, Table III (quick check)",
        )
    return ExperimentConfig(
        name=f"{NAME}-paper",
        datasets=tuple(dataset_names()),
        methods=tuple(MethodSpec(label=m, name=m) for m in METHODS),
        protocol=PAPER_PROTOCOL,
        seed=SEED,
        description="Kuncheva & Rodríguez, Table III (the paper's protocol)",
    )


def medical_config() -> ExperimentConfig:
    """Table V: the 40 methods on the seven medical data sets of Section VI, 10×10 CV.

    The same methods, protocol and seed as Table III (the paper repeated "the
    experiment, with the same protocol"), smallest data set first; the store is
    ``oracle-medical.db``.

    Examples
    --------
    >>> cfg = medical_config()
    >>> cfg.name, len(cfg.methods), cfg.datasets[0]
    ('oracle-medical', 40, 'respiratory')
    """
    sizes = dict(PAPER_TABLE_IV.values())
    order: list[str] = sorted(sizes, key=lambda name: (sizes[name], name))
    return ExperimentConfig(
        name=MEDICAL_NAME,
        datasets=tuple(order),
        methods=tuple(MethodSpec(label=m, name=m) for m in METHODS),
        protocol=PAPER_PROTOCOL,
        seed=SEED,
        description="Kuncheva & Rodríguez, Table V: seven medical data sets (the paper's protocol)",
    )


def readings_config() -> ExperimentConfig:
    """The uniform reading of the oracle's points for the reweighting boosting hosts.

    :data:`READINGS_METHODS` with ``estimator__point_draw="uniform"``, labelled with
    :data:`UNIFORM` appended, on Table III's data sets but :data:`READINGS_SKIPPED`, at
    Table III's protocol and seed: the same splits as ``oracle.db``, so that each fold
    pairs with the stored H- (points by weight) and N- results. The store is
    ``oracle-readings.db``.

    Examples
    --------
    >>> cfg = readings_config()
    >>> cfg.name, len(cfg.methods), len(cfg.datasets), cfg.methods[0].label
    ('oracle-readings', 4, 33, 'H-P-AdaBoostM1 (W) uniform')
    """
    return ExperimentConfig(
        name=READINGS_NAME,
        datasets=tuple(d for d in dataset_names() if d not in READINGS_SKIPPED),
        methods=tuple(
            MethodSpec(label=m + UNIFORM, name=m, params={"estimator__point_draw": "uniform"})
            for m in READINGS_METHODS
        ),
        protocol=PAPER_PROTOCOL,
        seed=SEED,
        description="Kuncheva & Rodríguez, Table III: the oracle's points drawn uniformly",
    )


def paper_config() -> ExperimentConfig:
    """The experiment at the paper's protocol (the same as :func:`config`)."""
    return config()


def kappa_config(quick: bool = False) -> ExperimentConfig:
    """Members' predictions of a few H-/N- pairs, for kappa-error diagrams."""
    datasets = _QUICK_DATASETS[:1] if quick else KAPPA_DATASETS
    methods = _QUICK_METHODS[:2] if quick else KAPPA_METHODS
    params = {"n_estimators": 5} if quick else {}
    return ExperimentConfig(
        name=KAPPA_NAME,
        datasets=datasets,
        methods=tuple(MethodSpec(label=m, name=m, params=params) for m in methods),
        protocol=KAPPA_PROTOCOL,
        seed=SEED,
        record_predictions=True,
        record_members=True,
    )


# --------------------------------------------------------------------------- analysis
def rank_benefit(average_ranks: pd.Series | dict[str, float]) -> pd.Series:
    """Rank of N- minus rank of H- for every pair (positive: the oracle helps)."""
    return rank_gain(dict(average_ranks))


def paper_benefit() -> pd.Series:
    """The paper's rank gain of each H- method over its N- version (Table III)."""
    return rank_benefit({m: r for m, (r, _) in PAPER_TABLE_III.items()})


def kappa_error_by_method(predictions: pd.DataFrame, dataset: str) -> dict[str, np.ndarray]:
    """Kappa-error points of each method on the first test fold of ``dataset``."""
    from ..diversity import kappa_error_points

    out: dict[str, np.ndarray] = {}
    rows = predictions[(predictions["dataset"] == dataset)]
    first = rows[(rows["repetition"] == 0) & (rows["fold"] == 0)]
    for method, group in first.groupby("method", sort=False):
        members = np.vstack(group["members"].to_list()).T  # (n_members, n_test)
        out[str(method)] = kappa_error_points(members, y=group["y_true"].to_numpy())
    return out


# ------------------------------------------------------- run, and the tables of the analysis
def run(
    out_dir: Path,
    *,
    data_dir: Path | None = None,
    n_jobs: int = 1,
    backend: Any = None,
    progress: Callable[[Any], None] | None = None,
    quick: bool = False,
) -> Path:
    """Run (or resume) the experiments into ``out_dir/oracle.db`` and write the page.

    Table V (not with ``quick``) goes to its own store, ``out_dir/oracle-medical.db``,
    and the uniform reading of the oracle's points to ``out_dir/oracle-readings.db``.

    The Table III run resumes where a previous one stopped; interrupting it
    (Ctrl-C) keeps every finished task, and ``--from-store`` writes the page of a
    partial run.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    options = {"n_jobs": n_jobs, "backend": backend, "data_dir": data_dir, "progress": progress}
    for cfg, stem in estimate_parts(quick):
        # a compact store (``.db.xz``) is refused here, with how to unpack it
        run_into(cfg, find_store(out_dir, stem), **options)
    return write_from_store(out_dir, quick=quick)


def estimate_parts(quick: bool = False) -> list[tuple[ExperimentConfig, str]]:
    """Every experiment :func:`run` runs, in its order, with the name of its store.

    The kappa-error runs (a few tasks) first, then Table V (seven small data sets) and
    the uniform reading, before Table III's 35 data sets; ``quick`` runs the first and
    the last only. ``ensemble-lab reproduce oracle --estimate`` estimates them all.

    Examples
    --------
    >>> [(cfg.name, store) for cfg, store in estimate_parts()]  # doctest: +NORMALIZE_WHITESPACE
    [('oracle-kappa', 'oracle'), ('oracle-medical', 'oracle-medical'),
     ('oracle-readings', 'oracle-readings'), ('oracle-cost', 'oracle-cost'),
     ('oracle-paper', 'oracle')]
    """
    parts = [(kappa_config(quick), NAME)]
    if not quick:
        parts += [(medical_config(), MEDICAL_NAME), (readings_config(), READINGS_NAME)]
        parts += [(timing_config(), COST_NAME)]
    return [*parts, (config(quick), NAME)]


def timing_config() -> ExperimentConfig:
    """Section V's timing run: H- and N- of every host, one 10-fold CV, Table III's data.

    Its store is ``oracle-cost.db``; see :mod:`ensemble_lab.experiments._oracle_cost`.

    Examples
    --------
    >>> cfg = timing_config()
    >>> cfg.name, len(cfg.methods), len(cfg.datasets)
    ('oracle-cost', 38, 35)
    """
    return cost_config(dataset_names(), METHODS, SEED)


def write_from_store(out_dir: Path, *, data_dir: Path | None = None, quick: bool = False) -> Path:
    """Rewrite the page from ``out_dir/oracle.db`` without fitting anything.

    Each store is read plain or in its compact form (``oracle.db.xz``, see
    :func:`~ensemble_lab.evaluation.store.pack_store`), the plain file first.

    No dataset is read (``data_dir`` is accepted for the common protocol of the
    reproductions and unused). Datasets on which some method has not finished all its
    folds (a run stopped early) are left out of the ranks, and the page says how far
    the run got. Table V is read from ``out_dir/oracle-medical.db``; without that store
    the page says Table V was not run; ``out_dir/oracle-readings.db``, when there, gives
    the uniform reading of the notes.
    """
    db = find_store(out_dir, NAME)  # each store plain or compact (``.db.xz``)
    cfg, kcfg = config(quick), kappa_config(quick)
    results, predictions = load_results(db, cfg.name), load_predictions(db, KAPPA_NAME)
    medical_db = find_store(out_dir, MEDICAL_NAME)
    medical = None if quick or not medical_db.is_file() else load_results(medical_db, MEDICAL_NAME)
    readings_db = find_store(out_dir, READINGS_NAME)
    readings = None
    if not quick and readings_db.is_file():
        readings = load_results(readings_db, READINGS_NAME)
    timing_db = find_store(out_dir, COST_NAME)
    timing = load_results(timing_db, COST_NAME) if not quick and timing_db.is_file() else None
    sizes = load_datasets(db, cfg.name).set_index("dataset")["n_features"]
    f = findings(
        cfg, kcfg, results, predictions, quick=quick, medical=medical, readings=readings,
        zoo_features=int(sizes[ZOO]) if ZOO in sizes else None, timing=timing,
    )  # fmt: skip
    return write_report(f, out_dir)


def complete_results(results: pd.DataFrame, cfg: ExperimentConfig) -> tuple[pd.DataFrame, list]:
    """Results of the datasets every method finished on, and the list of the others."""
    needed = cfg.protocol.n_splits() * len(cfg.methods)
    counts = results.groupby("dataset").size()
    done = [d for d in cfg.datasets if counts.get(str(d), 0) == needed]
    missing = [str(d) for d in cfg.datasets if d not in done]
    return results[results["dataset"].isin(done)], missing


def _dataset_table(cfg: ExperimentConfig, results: pd.DataFrame, quick: bool) -> pd.DataFrame:
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


def _comparison_table(
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
    """Mean over datasets of accuracy(H-) − accuracy(N-), in percentage points."""
    out = {
        family(m): 100.0 * float((means[m] - means["N-" + family(m)]).mean())
        for m in means.columns
        if m.startswith("H-") and "N-" + family(m) in means.columns
    }
    return pd.Series(out, dtype=float)


def _benefit_table(ours: pd.Series, means: pd.DataFrame) -> pd.DataFrame:
    frame = pd.DataFrame(
        {
            "paper: rank gain": paper_benefit().reindex(ours.index),
            "ours: rank gain": ours,
            "ours: mean accuracy gain (points)": accuracy_gain(means).reindex(ours.index),
        }
    )
    frame.index.name = "ensemble (H- vs N-)"
    return frame.sort_values("paper: rank gain", ascending=False)


def _ranked(results: pd.DataFrame, methods: list[str]) -> Any:
    from ..reporting.tables import paired_by_prefix, rank_table

    return rank_table(results, paired_by_prefix(methods), methods=methods)


def _ledger(ranked: Any, evidence: Evidence | None = None) -> list[Claim]:
    wtl = ranked.data["win_tie_loss"].set_index("method")
    counts = {m: (int(r.wins), int(r.ties), int(r.losses)) for m, r in wtl.iterrows()}
    average = ranked.data["average_ranks"].to_dict()
    return oracle_claims(PAPER_TABLE_III, average, counts, evidence)


def _not_run_ledger(reason: str) -> list[Claim]:
    """The ledger's claims, all ``not run`` (fewer than two datasets finished)."""
    placeholder = {m: float(i) for i, m in enumerate(PAPER_TABLE_III, 1)}
    wtl = {m: (0, 1, 0) for m, (_, c) in PAPER_TABLE_III.items() if c and c != "N/A"}
    return [
        replace(c, ours=reason, verdict="not run")
        for c in oracle_claims(PAPER_TABLE_III, placeholder, wtl)
    ]


# --------------------------------------------------------------------------- Table V
@dataclass(frozen=True)
class TableV:
    """Section VI's run on the seven medical data sets: how far it got, Table V."""

    cfg: ExperimentConfig
    n_tasks: int  # tasks stored
    cpu_hours: float  # fitting and prediction of the stored tasks
    n_datasets: int  # data sets every method finished every fold of
    missing: tuple[str, ...]  # the others
    datasets: pd.DataFrame  # per data set: the paper's name and size, ours, tasks finished
    comparison: pd.DataFrame | None  # the paper's Table V beside ours (None: < 2 finished)
    patterns: pd.DataFrame | None  # per host: win-draw-loss and rank gains
    rho: float  # Spearman correlation of the paper's and our average ranks
    critical: int  # the sign test's n_c for our number of data sets
    friedman: stats.FriedmanResult | None
    paper_friedman: tuple[float, float]  # chi2_F and p from the paper's average ranks


def _medical_datasets(cfg: ExperimentConfig, results: pd.DataFrame) -> pd.DataFrame:
    """Each medical data set: the paper's name and size (Table IV), ours, tasks finished."""
    sizes = results.groupby("dataset")[["n_train", "n_test"]].first().sum(axis=1)
    tasks = results.groupby("dataset").size()
    needed = cfg.protocol.n_splits() * len(cfg.methods)
    paper = {ours: (name, n) for name, (ours, n) in PAPER_TABLE_IV.items()}
    rows = [
        (*paper[str(d)], d, int(sizes.get(d, 0)) or "–", f"{int(tasks.get(d, 0))} of {needed}")
        for d in cfg.datasets
    ]
    columns = ["paper's name", "paper n", "our data set", "our n", "tasks finished"]
    return pd.DataFrame(rows, columns=columns)


def table_v(results: pd.DataFrame, uci_ranks: pd.Series | None) -> tuple[TableV, list[Claim]]:
    """Table V and the claims of Section VI from the medical store's results.

    ``uci_ranks``: our average ranks over the 35 UCI data sets (None: Table III not
    ranked), for the claim that the oracle's benefit is larger on the medical data.

    Examples
    --------
    A store without a finished data set: no ranks, every claim ``not run``.

    >>> columns = ["dataset", "method", "repetition", "fold", "n_train", "n_test",
    ...            "accuracy", "fit_cpu", "predict_cpu"]
    >>> table, claims = table_v(pd.DataFrame(columns=columns), None)
    >>> table.n_datasets, table.comparison, {c.verdict for c in claims}
    (0, None, {'not run'})
    """
    cfg = medical_config()
    complete, missing = complete_results(results, cfg)
    n_datasets = complete["dataset"].nunique()
    paper_ranks = pd.Series({m: r for m, (r, _) in PAPER_TABLE_V.items()})
    table = TableV(
        cfg=cfg,
        n_tasks=len(results),
        cpu_hours=(results["fit_cpu"].sum() + results["predict_cpu"].sum()) / 3600,
        n_datasets=n_datasets,
        missing=tuple(missing),
        datasets=_medical_datasets(cfg, results),
        comparison=None,
        patterns=None,
        rho=np.nan,
        critical=0,
        friedman=None,
        paper_friedman=friedman_from_ranks(paper_ranks.to_dict(), len(PAPER_TABLE_IV)),
    )
    if n_datasets < 2:
        reason = f"fewer than two medical data sets finished ({n_datasets})"
        return table, medical_not_run(PAPER_TABLE_V, PAPER_TABLE_III, reason)
    ranked = _ranked(complete, list(cfg.method_labels))
    average, means = ranked.data["average_ranks"], ranked.data["means"]
    wtl = ranked.data["win_tie_loss"].set_index("method")
    counts = {m: (int(r.wins), int(r.ties), int(r.losses)) for m, r in wtl.iterrows()}
    friedman = stats.friedman(means)
    uci = None if uci_ranks is None else uci_ranks.to_dict()
    claims = medical_claims(
        PAPER_TABLE_V, PAPER_TABLE_III, average.to_dict(), counts,
        (friedman.chi2, friedman.chi2_p_value), uci,
    )  # fmt: skip
    if missing:  # a partial run: every verdict is over the finished data sets only
        scope = f"on {n_datasets} of {len(cfg.datasets)} medical data sets (run unfinished): "
        claims = [c if c.verdict == "not run" else replace(c, ours=scope + c.ours) for c in claims]
    table = replace(
        table,
        comparison=_comparison_table(ranked, PAPER_TABLE_V),
        patterns=pattern_table(PAPER_TABLE_V, PAPER_TABLE_III, average, counts, uci),
        rho=float(paper_ranks.reindex(average.index).rank().corr(average.rank())),
        critical=int(wtl["critical_value"].iloc[0]),
        friedman=friedman,
    )
    return table, claims


# --------------------------------------------------------------------------- findings
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


@dataclass(frozen=True)
class Findings:
    """What the store says: how far the run got, Table III, the kappa-error diagrams."""

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


def findings(
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
    """
    complete, missing = complete_results(results, cfg)
    n_datasets = complete["dataset"].nunique()
    read = _readings(readings, complete)
    if n_datasets < 2:
        ranks = None
        claims = _not_run_ledger(f"fewer than two datasets finished ({n_datasets})")
    else:
        ranked = _ranked(complete, list(cfg.method_labels))
        evidence = Evidence(
            means=ranked.data["means"],
            repetitions=repetition_counts(complete),
            bootstrap=bootstrap_losing(complete),
            readings=read,
            zoo_features=zoo_features,
        )
        ranks, claims = _ranks(ranked), _ledger(ranked, evidence)
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
        datasets=_dataset_table(cfg, results, quick),
        ranks=ranks,
        kappa={str(d): kappa_error_by_method(predictions, str(d)) for d in kcfg.datasets},
        medical=table,
        readings=read,
        cost=cost,
        claims=(*claims, cost.claim, *section_vi),
    )


def _readings(readings: pd.DataFrame | None, complete: pd.DataFrame) -> Readings | None:
    """The uniform reading beside Table III's stored results (None: not run)."""
    if readings is None or readings.empty:
        return None
    table, n, helped = uniform_reading(readings, complete, UNIFORM)
    if n == 0 or table.empty:
        return None
    cpu = (readings["fit_cpu"].sum() + readings["predict_cpu"].sum()) / 60
    return Readings(table=table, n_datasets=n, cpu_minutes=float(cpu), helped=helped)


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


def _ranks(ranked: Any) -> Ranks:
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
        comparison=_comparison_table(ranked),
        average=average,
        n_methods=means.shape[1],
        critical=int(wtl["critical_value"].iloc[0]) if len(wtl) else 0,
        paper_critical=stats.sign_test(35, 0, 0).critical_value,
        rho=float(paper.rank().corr(average.rank(), method="spearman")),
        friedman=stats.friedman(means),
        cd=stats.nemenyi_cd(len(average), means.shape[0]).cd,
        benefit=_benefit_table(gains, means),
        hosts=hosts,
    )


def _kappa_means(f: Findings) -> dict[tuple[str, str], tuple[float, float]]:
    """(dataset, method) -> (mean κ, mean pair error) of the kappa-error points."""
    return {
        (dataset, method): (float(np.nanmean(p[:, 0])), float(np.nanmean(p[:, 1])))
        for dataset, points in f.kappa.items()
        for method, p in points.items()
    }


# --------------------------------------------------------------------------- figures
def _cd_figure(ranks: Ranks, out_dir: Path) -> str:
    from matplotlib.figure import Figure

    from ..reporting.plots import plot_critical_difference

    fig = Figure(figsize=(16, 9))
    ax = fig.subplots()
    plot_critical_difference(
        ranks.average.to_dict(), ranks.cd, ax=ax, title=f"Nemenyi CD = {ranks.cd:.2f}"
    )
    return save_figure(fig, out_dir, f"{NAME}-cd.png")


def _kappa_figures(f: Findings, out_dir: Path) -> list[str]:
    from matplotlib.figure import Figure

    from ..reporting._kappa_error_plot import plot_kappa_error

    names = []
    for dataset, points in f.kappa.items():
        pairs = [(m, "N-" + family(m)) for m in points if m.startswith("H-")]
        pairs = [p for p in pairs if p[1] in points]
        fig = Figure(figsize=(5 * len(pairs), 4))
        axes = np.atleast_1d(fig.subplots(1, len(pairs)))
        for ax, (h, n) in zip(axes, pairs):
            plot_kappa_error({n: points[n], h: points[h]}, ax=ax)
            ax.set_title(f"{dataset}: {family(h)}")
        fig.tight_layout()
        names.append(save_figure(fig, out_dir, f"{NAME}-kappa-{dataset}.png"))
    return names


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
            "cd_figure": _cd_figure(r, out_dir),
            "benefit": markdown_table(r.benefit),
            "hosts": markdown_table(r.hosts),
        },
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
    )


def _kappa_values(f: Findings, out_dir: Path) -> dict[str, str]:
    rows = _kappa_means(f)
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
            f"![kappa-error diagram]({p})" for p in _kappa_figures(f, out_dir)
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


def write_report(f: Findings, out_dir: Path) -> Path:
    """Write ``oracle.md``, its figures and its claims ledger."""
    out_dir = Path(out_dir)
    text = fill_template(NAME, _values(f, out_dir))
    write_ledger(out_dir, NAME, TITLE, list(f.claims))
    write_summary(out_dir)
    return write_page(out_dir, NAME, text)
