"""Table III of the Random Linear Oracle paper: 40 ensembles ranked on 35 UCI datasets.

``ensemble-lab reproduce oracle`` runs the 40 methods of Kuncheva & Rodríguez's Table III
(each ensemble with the oracle, ``H-``, and without it, ``N-``; pruned ``-P-`` and
unpruned ``-U-`` J48; 10 members) on the 35 datasets of their Table I, and writes
``oracle.md`` (average ranks and win-tie-loss beside the paper's, the Friedman test),
``oracle-cd.png`` (critical-difference diagram) and ``oracle-kappa-*.png``
(kappa-error diagrams, H- against N-), with the results in ``oracle.db``.

The paper ran ten 10-fold cross-validations (140 000 fits); the committed run is scaled
to a small CPU budget (see :data:`PROTOCOL` and :data:`MAX_INSTANCES`), and the page
says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..evaluation import (
    ExperimentConfig,
    MethodSpec,
    Protocol,
    RepeatedCV,
    Split,
    load_predictions,
    load_results,
    stats,
)
from ._common import markdown_table, run_into, save_figure, write_page

DESCRIPTION = (
    "40 ensembles with/without the Random Linear Oracle on 35 UCI datasets: average ranks, "
    "win-tie-loss, sign test, Friedman, CD and kappa-error diagrams (paper 001, Table III)"
)
NAME = "oracle"
KAPPA_NAME = "oracle-kappa"

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
    "zoo": "zoo",
}

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

#: Datasets with more instances than this are replaced by a stratified subsample of
#: about this size (the CPU budget of the committed run; see the page).
MAX_INSTANCES = 500
SUBSAMPLE_SEED = 0
SEED = 1


@dataclass(frozen=True)
class FirstFold(Protocol):
    """Only the first split of one stratified ``n_folds``-fold cross-validation.

    With ``n_folds=2``: train on a stratified half, test on the other half. Unlike
    :class:`~ensemble_lab.evaluation.RandomHalfSplits` (scikit-learn's
    ``StratifiedShuffleSplit``) it accepts classes with a single instance, which
    audiology, primary-tumor and the subsampled hypothyroid have.
    """

    n_folds: int = 2
    kind: str = field(default="cv-first-fold", init=False, repr=False)

    def splits(self, y: Any, seed: int = 0) -> list[Split]:
        return RepeatedCV(n_folds=self.n_folds, n_repetitions=1).splits(y, seed)[:1]

    def split_ids(self) -> list[tuple[int, int]]:
        return [(0, 0)]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "folds": self.n_folds}


PROTOCOL = FirstFold(n_folds=2)
#: The paper's protocol: ten repetitions of stratified 10-fold cross-validation.
PAPER_PROTOCOL = RepeatedCV(n_folds=10, n_repetitions=10)

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


# --------------------------------------------------------------------------- data
def subsample_name(name: str, n: int = MAX_INSTANCES) -> str:
    """Stored name of the subsampled version of dataset ``name``."""
    return f"{name}-{n}"


def stratified_subsample(y: Any, n: int, seed: int = SUBSAMPLE_SEED) -> np.ndarray:
    """Sorted row indices of a stratified random subsample of about ``n`` rows.

    Each class keeps ``round(n_c * n / len(y))`` of its ``n_c`` rows, at least one, so a
    rare class is not lost.
    """
    y = np.asarray(y)
    if n >= y.shape[0]:
        return np.arange(y.shape[0])
    rng = np.random.default_rng(seed)
    keep = []
    classes, codes = np.unique(y, return_inverse=True)
    for c in range(classes.shape[0]):
        rows = np.flatnonzero(codes == c)
        k = max(1, round(rows.shape[0] * n / y.shape[0]))
        keep.append(rng.choice(rows, size=min(k, rows.shape[0]), replace=False))
    return np.sort(np.concatenate(keep))


def dataset_names(data_dir: Path | None = None, *, quick: bool = False) -> list[str]:
    """Stored names of the datasets of the run, ``<name>-1000`` for the subsampled ones."""
    if quick:
        return list(_QUICK_DATASETS)
    # smallest first: a run stopped early misses the largest datasets, not a random set
    order = sorted(PAPER_DATASETS, key=lambda paper: (PAPER_SIZES[paper], paper))
    return [stored_name(paper) for paper in order]


def stored_name(paper: str) -> str:
    """Stored name of the paper's dataset ``paper`` (``<ours>-500`` when subsampled)."""
    ours = PAPER_DATASETS[paper]
    return subsample_name(ours) if PAPER_SIZES[paper] > MAX_INSTANCES else ours


def _loader(data_dir: Path | None) -> Callable[[str], tuple[pd.DataFrame, pd.Series]]:
    from .. import datasets

    subsampled = {
        subsample_name(ours): ours
        for paper, ours in PAPER_DATASETS.items()
        if PAPER_SIZES[paper] > MAX_INSTANCES
    }

    def load(name: str) -> tuple[pd.DataFrame, pd.Series]:
        if name not in subsampled:
            return datasets.load(name, data_dir=data_dir)
        X, y = datasets.load(subsampled[name], data_dir=data_dir)
        rows = stratified_subsample(y, MAX_INSTANCES)
        return X.iloc[rows].reset_index(drop=True), y.iloc[rows].reset_index(drop=True)

    return load


# --------------------------------------------------------------------------- configs
def config(quick: bool = False) -> ExperimentConfig:
    """The Table III experiment (``quick``: 3 small datasets, 5 methods, 5 members)."""
    methods = _QUICK_METHODS if quick else METHODS
    params = {"n_estimators": 5} if quick else {}
    return ExperimentConfig(
        name=NAME,
        datasets=tuple(dataset_names(quick=quick)),
        methods=tuple(MethodSpec(label=m, name=m, params=params) for m in methods),
        protocol=PROTOCOL,
        seed=SEED,
        description="Kuncheva & Rodríguez, Table III (scaled protocol)",
    )


def paper_config() -> ExperimentConfig:
    """Table III at the paper's protocol: the 40 methods on the 35 datasets, full size,
    10×10 cross-validation (140 000 fits), smallest dataset first."""
    order = sorted(PAPER_DATASETS, key=lambda paper: (PAPER_SIZES[paper], paper))
    return ExperimentConfig(
        name=f"{NAME}-paper",
        datasets=tuple(PAPER_DATASETS[paper] for paper in order),
        methods=tuple(MethodSpec(label=m, name=m) for m in METHODS),
        protocol=PAPER_PROTOCOL,
        seed=SEED,
        description="Kuncheva & Rodríguez, Table III (the paper's protocol)",
    )


def kappa_config(quick: bool = False) -> ExperimentConfig:
    """Members' predictions of a few H-/N- pairs, for kappa-error diagrams."""
    datasets = _QUICK_DATASETS[:1] if quick else KAPPA_DATASETS
    methods = _QUICK_METHODS[:2] if quick else KAPPA_METHODS
    params = {"n_estimators": 5} if quick else {}
    return ExperimentConfig(
        name=KAPPA_NAME,
        datasets=datasets,
        methods=tuple(MethodSpec(label=m, name=m, params=params) for m in methods),
        protocol=PROTOCOL,
        seed=SEED,
        record_predictions=True,
        record_members=True,
    )


def _run(
    cfg: ExperimentConfig,
    db: Path,
    data: Callable[[str], Any],
    n_jobs: int,
    backend: Any,
    progress: Callable[[Any], None] | None,
) -> pd.DataFrame:
    run_into(cfg, db, n_jobs=n_jobs, backend=backend, data=data, progress=progress)
    return load_results(db, cfg.name)


# --------------------------------------------------------------------------- analysis
def family(method: str) -> str:
    """``"P-Bagging"`` for ``"H-P-Bagging"`` / ``"N-P-Bagging"``."""
    return method[2:]


def rank_benefit(average_ranks: pd.Series | dict[str, float]) -> pd.Series:
    """Rank of N- minus rank of H- for every pair (positive: the oracle helps)."""
    ranks = dict(average_ranks)
    out = {
        family(m): ranks["N-" + family(m)] - ranks[m]
        for m in ranks
        if m.startswith("H-") and "N-" + family(m) in ranks
    }
    return pd.Series(out, dtype=float)


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


# --------------------------------------------------------------------------- page
def run(
    out_dir: Path,
    *,
    data_dir: Path | None = None,
    n_jobs: int = 1,
    backend: Any = None,
    progress: Callable[[Any], None] | None = None,
    quick: bool = False,
) -> Path:
    """Run (or resume) both experiments into ``out_dir/oracle.db`` and write the page."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    db = out_dir / f"{NAME}.db"
    data = _loader(data_dir)
    kcfg = kappa_config(quick)
    _run(kcfg, db, data, n_jobs, backend, progress)  # a few tasks: first
    cfg = config(quick)
    results = _run(cfg, db, data, n_jobs, backend, progress)
    predictions = load_predictions(db, KAPPA_NAME)
    return write_report(out_dir, cfg, kcfg, results, predictions, quick=quick)


def write_from_store(out_dir: Path, *, data_dir: Path | None = None, quick: bool = False) -> Path:
    """Rewrite the page from ``out_dir/oracle.db`` without fitting anything.

    No dataset is read (``data_dir`` is accepted for the common protocol of the
    reproductions and unused).

    Datasets on which some method has no result yet (a run stopped early) are left out
    of the ranks, and the page lists them.
    """
    db = Path(out_dir) / f"{NAME}.db"
    return write_report(
        out_dir,
        config(quick),
        kappa_config(quick),
        load_results(db, NAME),
        load_predictions(db, KAPPA_NAME),
        quick=quick,
    )


def complete_results(results: pd.DataFrame, cfg: ExperimentConfig) -> tuple[pd.DataFrame, list]:
    """Results of the datasets every method finished on, and the list of the others."""
    needed = cfg.protocol.n_splits() * len(cfg.methods)
    counts = results.groupby("dataset").size()
    done = [d for d in cfg.datasets if counts.get(str(d), 0) == needed]
    missing = [str(d) for d in cfg.datasets if d not in done]
    return results[results["dataset"].isin(done)], missing


def _dataset_table(cfg: ExperimentConfig, results: pd.DataFrame, quick: bool) -> str:
    sizes = results.groupby("dataset")[["n_train", "n_test"]].first().sum(axis=1)
    rows: list[tuple[str, str, str | int, int]] = []
    if quick:
        for name in cfg.datasets:
            rows.append(("–", str(name), "–", int(sizes.get(name, 0))))
    else:
        for paper in PAPER_DATASETS:
            stored = stored_name(paper)
            rows.append((paper, stored, PAPER_SIZES[paper], int(sizes.get(stored, 0))))
    frame = pd.DataFrame(rows, columns=["paper's name", "our dataset", "paper n", "n used"])
    return markdown_table(frame, index=False)


def _comparison_table(ranked: Any) -> pd.DataFrame:
    ours = ranked.data["average_ranks"]
    wtl = ranked.frame.get("Win-tie-loss")
    position = {m: i + 1 for i, m in enumerate(ours.index)}
    paper_position = {m: i + 1 for i, m in enumerate(PAPER_TABLE_III)}
    rows = []
    # every row of the paper's table; methods not run (``--quick``) come last, ours blank
    missing = [m for m in PAPER_TABLE_III if m not in position]
    for method in [*ours.index, *missing]:
        if method not in position:
            paper_rank, paper_wtl = PAPER_TABLE_III[method]
            rows.append(
                {
                    "Method": method,
                    "paper: place": paper_position[method],
                    "paper: rank": paper_rank,
                    "paper: W-T-L": paper_wtl or "–",
                    "ours: place": "",
                    "ours: rank": np.nan,
                    "ours: W-T-L": "",
                }
            )
            continue
        paper_rank, paper_wtl = PAPER_TABLE_III.get(method, (np.nan, None))
        ours_wtl = "–" if wtl is None else str(wtl.get(method, "–"))
        if method.endswith("Ensemble") and method.startswith("H-"):
            ours_wtl = "N/A"
        rows.append(
            {
                "Method": method,
                "paper: place": paper_position.get(method, ""),
                "paper: rank": paper_rank,
                "paper: W-T-L": paper_wtl or "–",
                "ours: place": position[method],
                "ours: rank": float(ours[method]),
                "ours: W-T-L": ours_wtl,
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
    paper = paper_benefit()
    frame = pd.DataFrame(
        {
            "paper: rank gain": paper.reindex(ours.index),
            "ours: rank gain": ours,
            "ours: mean accuracy gain (points)": accuracy_gain(means).reindex(ours.index),
        }
    )
    frame.index.name = "ensemble (H- vs N-)"
    return frame.sort_values("paper: rank gain", ascending=False)


def _cd_figure(average: pd.Series, n_datasets: int, out_dir: Path) -> tuple[str, float]:
    from matplotlib.figure import Figure

    from ..reporting.plots import plot_critical_difference

    cd = stats.nemenyi_cd(len(average), n_datasets)
    fig = Figure(figsize=(16, 9))
    ax = fig.subplots()
    plot_critical_difference(average.to_dict(), cd, ax=ax, title=f"Nemenyi CD = {cd.cd:.2f}")
    return save_figure(fig, out_dir, f"{NAME}-cd.png"), cd.cd


def _kappa_figures(predictions: pd.DataFrame, kcfg: ExperimentConfig, out_dir: Path) -> list[str]:
    from matplotlib.figure import Figure

    from ..reporting._kappa_error_plot import plot_kappa_error

    names = []
    for dataset in kcfg.datasets:
        points = kappa_error_by_method(predictions, str(dataset))
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


def _kappa_rows(
    predictions: pd.DataFrame, kcfg: ExperimentConfig
) -> dict[tuple[str, str], tuple[float, float]]:
    """(dataset, method) -> (mean κ, mean pair error) of the kappa-error points."""
    out = {}
    for dataset in kcfg.datasets:
        points = kappa_error_by_method(predictions, str(dataset))
        for method, p in points.items():
            out[(str(dataset), method)] = (float(np.nanmean(p[:, 0])), float(np.nanmean(p[:, 1])))
    return out


def _kappa_summary(predictions: pd.DataFrame, kcfg: ExperimentConfig) -> str:
    rows = [
        {"dataset": d, "method": m, "mean κ": k, "mean pair error": e}
        for (d, m), (k, e) in sorted(_kappa_rows(predictions, kcfg).items())
    ]
    return markdown_table(pd.DataFrame(rows), decimals=3, index=False)


def write_report(
    out_dir: Path,
    cfg: ExperimentConfig,
    kcfg: ExperimentConfig,
    results: pd.DataFrame,
    predictions: pd.DataFrame,
    *,
    quick: bool = False,
) -> Path:
    """Write ``oracle.md`` and its figures from stored results (no fitting)."""
    from ..reporting.tables import paired_by_prefix, rank_table

    out_dir = Path(out_dir)
    results, missing = complete_results(results, cfg)
    methods = list(cfg.method_labels)
    ranked = rank_table(results, paired_by_prefix(methods), methods=methods)
    average = ranked.data["average_ranks"]
    means = ranked.data["means"]
    n_datasets = means.shape[0]
    fr = stats.friedman(means)
    cd_png, cd = _cd_figure(average, n_datasets, out_dir)
    kappa_pngs = _kappa_figures(predictions, kcfg, out_dir)
    comparison = _comparison_table(ranked)
    ours_benefit = rank_benefit(average)
    wtl = ranked.data["win_tie_loss"].set_index("method")
    n_pairs = len(ours_benefit)
    helped = sorted(ours_benefit.index[ours_benefit > 0])
    hurt = sorted(ours_benefit.index[ours_benefit < 0])
    significant = sorted(family(m) for m in wtl.index[wtl["better"]])
    worse = sorted(family(m) for m in wtl.index[wtl["worse"]])
    more_wins = sorted(family(m) for m in wtl.index if wtl.loc[m, "wins"] > wtl.loc[m, "losses"])
    critical = int(wtl["critical_value"].iloc[0]) if len(wtl) else 0
    paper_best = {"Rand. Subs.", "Bagging"}
    top_ours = ours_benefit.sort_values(ascending=False).index[:4].tolist()
    top_paper = paper_benefit().sort_values(ascending=False).index[:4].tolist()
    top_kinds = {t.split("-", 1)[1].split(" (")[0] for t in top_ours[:2]}
    leaders = (
        "our two largest gains are bagging / random subspace too"
        if top_kinds <= paper_best
        else "our two largest gains are not both bagging / random subspace"
    )
    hosts = pd.DataFrame(
        {
            "paper": paper_benefit().reindex(ours_benefit.index),
            "ours": ours_benefit,
            "ours, accuracy points": accuracy_gain(means).reindex(ours_benefit.index),
        }
    )
    hosts = hosts.groupby(lambda f: f.split("-", 1)[1].split(" (")[0]).mean()
    hosts.index.name = "host ensemble (mean over its versions)"
    hosts = hosts.sort_values("ours", ascending=False)
    host_gain = ", ".join(hosts.index[hosts["ours"] > 0]) or "none"
    host_loss = ", ".join(hosts.index[hosts["ours"] < 0]) or "none"
    rotation = [m for m in average.index if "Rotation Forest" in m]
    rotation_text = ", ".join(f"{m} place {list(average.index).index(m) + 1}" for m in rotation)
    kappa_rows = _kappa_rows(predictions, kcfg)
    kappa_pairs = [
        (d, m, kappa_rows[(d, m)], kappa_rows[(d, "N-" + family(m))])
        for d, m in kappa_rows
        if m.startswith("H-") and (d, "N-" + family(m)) in kappa_rows
    ]
    lower_kappa = sum(h[0] < n[0] for _, _, h, n in kappa_pairs)
    lower_error = sum(h[1] < n[1] for _, _, h, n in kappa_pairs)
    big = [PAPER_DATASETS[p] for p in PAPER_SIZES if PAPER_SIZES[p] > MAX_INSTANCES]
    rho = float(
        pd.Series({m: PAPER_TABLE_III[m][0] for m in average.index if m in PAPER_TABLE_III})
        .rank()
        .corr(average.rank(), method="spearman")
    )
    h_only = [m for m in ("H-P-Ensemble", "H-U-Ensemble") if m in average.index]
    h_only_text = ", ".join(
        f"{m} place {list(average.index).index(m) + 1} of {len(average)}" for m in h_only
    )
    h_only_top = [m for m in h_only if list(average.index).index(m) < len(average) // 2]
    h_only_note = (
        f" Unlike the paper, {', '.join(h_only_top)} ranks in our top half; a possible "
        "reason (not tested here) is that its members all see the whole training set "
        "(no bootstrap) and differ only by their hyperplane, which may matter more with "
        "our small training sets."
        if h_only_top
        else ""
    )
    protocol = (
        f"a single stratified half split — the first fold of one stratified "
        f"{PROTOCOL.n_folds}-fold cross-validation (seed {SEED}): train on one half, test "
        f"on the other"
    )
    missing_note = (
        f"**Incomplete run: ranks are over the {n_datasets} datasets every method finished "
        f"on.** Not yet run (or not finished) when this page was written, and left out: "
        f"{', '.join(missing)}. The datasets run smallest first, so the missing ones are "
        "the largest.\n"
        if missing
        else f"All {n_datasets} datasets finished for every method.\n"
    )
    quick_note = (
        "\n**This is the `--quick` version** (3 small datasets, 5 methods, 5 members): only "
        "the mechanics are exercised, the numbers mean nothing.\n"
        if quick
        else ""
    )
    text = f"""# Random Linear Oracle — Table III (paper 001, Kuncheva & Rodríguez)
{quick_note}
Produced by `ensemble-lab reproduce oracle`. Results: `oracle.db` (experiments
`{cfg.name}` and `{kcfg.name}`).

## What was run, and how it differs from the paper

* **Methods**: the {len(methods)} methods of Table III (`ensemble_lab.methods.names(paper="001")`),
  {"10" if not quick else "5"} members each as in the paper; base learner the `j48` preset
  (pruned, `-P-`) or `j48-unpruned` (`-U-`); Random Forest with its own random tree.
* **Datasets**: the 35 datasets of Table I, all present in the shared collection
  (none missing; the paper's names map to ours as in the table below).
* **Protocol**: {protocol}. One accuracy per dataset and method, measured on half of
  the data by a model trained on the other half; all 40 methods see the same split. The
  paper ran **ten 10-fold** cross-validations (100 estimates per dataset and method,
  models trained on 90 %): 140 000 fits, far beyond this run's budget (about 35
  CPU-minutes on a 2-core machine shared with other jobs). Measured beforehand, one
  10-fold CV fold of all 40 methods costs about 9 s of CPU on diabetes, 26 s on segment,
  45 s on credit-g and 66 s on soybean (Rotation Forest, Decorate and the oracle's
  per-member encoding of nominal data dominate), i.e. roughly 15–20 CPU-minutes for
  one fold over the 35 datasets; one half split on datasets of at most
  {MAX_INSTANCES} instances is what fits. The {len(results)} tasks of this run took
  {results["fit_cpu"].sum() / 60:.1f} CPU-minutes of fitting and
  {results["predict_cpu"].sum() / 60:.1f} of prediction.
* **Subsampled datasets**: the {len(big)} datasets with more than {MAX_INSTANCES}
  instances ({", ".join(big)}) are replaced by a stratified random subsample of about
  {MAX_INSTANCES} instances (each class keeps its share, at least one instance; seed
  {SUBSAMPLE_SEED}), named `<name>-{MAX_INSTANCES}`; so their models are trained on
  about 250 instances, against the paper's 90 % of up to 20 000.
* Consequences: each accuracy is a single holdout estimate, so on a given dataset many
  H-/N- differences are within noise (a 250-instance test set has a standard error of
  about 2–3 points of accuracy); win-tie-loss counts and the sign test on them are
  much noisier than the paper's, while average ranks over many datasets are more robust.
  Ties in win-tie-loss are exact equalities of accuracy (frequent on small test sets).

{missing_note}
{_dataset_table(cfg, results, quick)}

## Table III: average ranks and win-tie-loss, the paper's beside ours

Sorted by our average rank. "place" is the position in the sorted table; W-T-L is the
H- method against its N- version over the datasets (a bullet marks a significant sign
test: wins + ties/2 ≥ {critical} of {n_datasets}, the paper's n_c with n = {n_datasets}; the paper's
n_c = 24 for 35). The paper's numbers are transcribed from its Table III (total rank,
win-tie-loss); its "Benefit" bars are not in the text and are recomputed below from its
ranks.

{markdown_table(comparison, index=False)}

Spearman correlation between the paper's and our average ranks over the 40 methods:
**{rho:.2f}**.

**Friedman test** over {n_datasets} datasets × {len(methods)} methods: χ²_F = {fr.chi2:.1f}
(p = {fr.chi2_p_value:.2g}), Iman–Davenport F = {fr.f_statistic:.2f} (p = {fr.f_p_value:.2g}).
The paper reports the Friedman test only for its medical datasets (p ≈ 0).
Nemenyi critical difference at 0.05: **{cd:.2f}** ranks.

![critical-difference diagram]({cd_png})

## Benefit of the oracle: rank of N- minus rank of H-

Positive = the oracle version ranks better. The paper's column is computed from its
Table III ranks.

{markdown_table(_benefit_table(ours_benefit, means))}

By host ensemble (mean rank gain over its pruned/unpruned and S/W versions): the
oracle helps on average {host_gain}, and costs rank for {host_loss}.

{markdown_table(hosts)}

## Which of the paper's conclusions hold on our data

* *"With no exception, the ensemble method with the oracle has a total rank better than
  without"* (19 of 19 in the paper). Ours: the H- version ranks better for
  **{len(helped)} of {n_pairs}** ensembles{"" if not hurt else "; worse for " + ", ".join(hurt)}.
* *Significant improvement by the sign test* (paper: 11 of 19 bulleted; none
  significantly worse). Ours: significant for **{len(significant)}**
  ({", ".join(significant) or "none"}); significantly worse for {len(worse)}
  ({", ".join(worse) or "none"}). More wins than losses: {len(more_wins)} of {n_pairs}.
* *"The two ensemble approaches which benefit the most are random subspace and bagging"*;
  the paper's four largest rank gains: {", ".join(top_paper)}. Ours: {", ".join(top_ours)}
  ({leaders}).
* *Rotation Forest ranks best overall* (places 1–4 in the paper): ours {rotation_text};
  our top four are {", ".join(average.index[:4])}.
* *The oracle alone is not a viable ensemble heuristic* (H-P/H-U-Ensemble near the
  bottom in the paper): ours {h_only_text}.{h_only_note}
* *The oracle makes the members more diverse* (the paper's explanation; its 2-D
  example shows the cloud of κ moving left): in our {len(kappa_pairs)} (dataset, ensemble)
  diagrams below the H- members have the lower mean κ in {lower_kappa} and the lower
  mean pair error in {lower_error}.

Why our numbers can differ from the paper's, besides chance:

* **Noise.** One holdout accuracy per dataset instead of the mean of 100 makes the
  per-dataset comparison of H- against N- close to a coin toss wherever the true
  difference is below a couple of points; that is why our win-tie-loss counts are
  flatter than the paper's and why the sign test rarely fires. The Nemenyi CD above
  shows how far apart two average ranks must be to differ with 40 methods.
* **Smaller training sets.** Our models learn from half of at most {MAX_INSTANCES}
  instances. The oracle halves each member's training data again, which costs more
  when there is little of it; the paper's members trained on 90 % of up to 20 000.
* **Implementations.** Our J48 is a re-implementation of C4.5 (`j48` preset), and
  Rotation Forest, Decorate, MultiBoost and the random tree are this project's
  implementations, not Weka's code, so absolute accuracies are not comparable with
  the paper's; the H- and N- version of a method share everything but the oracle.

## Kappa-error diagrams (first test fold; 10 members → 45 pairs per ensemble)

{_kappa_summary(predictions, kcfg)}

{chr(10).join(f"![kappa-error diagram]({p})" for p in kappa_pngs)}
"""
    return write_page(out_dir, NAME, text)
