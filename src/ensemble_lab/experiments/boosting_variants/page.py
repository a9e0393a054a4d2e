"""Aggressive, conservative and inverse boosting with the Q statistic (paper 002, Figs. 2-4).

``ensemble-lab reproduce boosting-variants`` writes ``boosting-variants.md``, its figures
``boosting-variants-fig{2,3,4}.png`` and the store ``boosting-variants.db``; the committed
page, figures and store are in the repository's experiments/results/ (a rerun refits the
store in about a quarter of an hour of CPU). Every MLP case is also run with the network
trained by L-BFGS (:data:`CHECKS`): a check, in no verdict, which the notes report.

The figures need the error and Q of every prefix of an ensemble, which one fit gives
(:meth:`BoostingClassifier.stage_curves`), so the fits run here rather than through the
task runner: one *case* (a study, a data set, a base learner, a training size and a
split) fits the three variants and stores their curves in SQLite, committed case by
case, so an interrupted run resumes where it stopped. Cases are independent and seeded
from their split index, so the numbers do not depend on ``n_jobs``.
"""

from __future__ import annotations

import sqlite3
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from joblib import Parallel, delayed

from ..datasets import load, make_cone_torus
from ..evaluation import Progress, TaskKey
from ..evaluation.verify import TaskCheck, VerifyReport, same_floats
from ..methods._boosting import BoostingClassifier
from ..reporting.claims import Claim, checked_notes, ledger_table, write_ledger, write_summary
from ._boosting_claims import (
    DATASET_TITLES,
    GROUP,
    PAPER_CLAIMS,
    PAPER_NUMBERS,
    VARIANTS,
    check_claims,
    check_notes,
    configurations,
    lowest_variants,
    pct,
    split_notes,
    winners_per_split,
)
from ._common import fill_template, save_figure, write_page

__all__ = [
    "DESCRIPTION",
    "PAPER_CLAIMS",
    "PAPER_NUMBERS",
    "Case",
    "Protocol",
    "load_curves",
    "load_data",
    "protocol",
    "run",
    "run_case",
    "run_cases",
    "split_indices",
    "stopping_points",
    "verify_cases",
    "write_from_store",
]

NAME = "boosting-variants"
TITLE = "Boosting variants and diversity (paper 002)"
DESCRIPTION = (
    "Aggressive, conservative and inverse boosting: error and diversity Q against the "
    "ensemble size (paper 002, Figs. 2-4)"
)
BASES = ("qda", "mlp")

#: Checks: a base learner set otherwise than the paper's, run on the same cases as the
#: base it replaces; they enter no verdict. ``mlp-lbfgs`` is the ``mlp`` network (15
#: hidden units, at most 300 iterations) trained by L-BFGS, which fits small training
#: sets where 300 epochs of Adam at its default step do not.
CHECKS: dict[str, str] = {"mlp-lbfgs": "mlp"}
#: How the notes name each check's learner.
CHECK_LABELS: dict[str, str] = {
    "mlp-lbfgs": (
        "the `mlp` network trained by L-BFGS (the paper trains its MLP by 300 epochs of "
        "Matlab's fast back-propagation, `mlp` by 300 epochs of Adam)"
    )
}


def make_base(base: str) -> Any:
    """The base learner of a case: a preset name, or a check (:data:`CHECKS`)."""
    from ..learners import make_learner

    if base == "mlp-lbfgs":
        return make_learner("mlp", solver="lbfgs")
    return make_learner(base)


@dataclass(frozen=True)
class Case:
    """One split of one study: the three variants fitted on the same training set."""

    study: str  # "fig2" (fixed Cone-Torus pair), "fig3" (half/half), "fig4" (Phoneme, N)
    dataset: str
    base: str
    n_train: int  # 0: half of the data (fig3) or the fixed 400 (fig2)
    split: int
    n_members: int

    @property
    def key(self) -> str:
        """The case's identity in the store (study/data/base/N/L/split)."""
        return (
            f"{self.study}/{self.dataset}/{self.base}/N{self.n_train}"
            f"/L{self.n_members}/split{self.split}"
        )


@dataclass(frozen=True)
class Protocol:
    """How many runs each part of the study gets."""

    n_members: int
    fig2_runs: int
    fig3_datasets: tuple[str, ...]
    fig3_splits: dict[str, int]  # base -> splits
    phoneme_sizes: tuple[int, ...]
    phoneme_splits: dict[tuple[str, int], int] = field(default_factory=dict)  # (base, N)
    bases: tuple[str, ...] = BASES
    checks: tuple[str, ...] = ()  # keys of CHECKS, run after the paper's bases

    def cases(self) -> list[Case]:
        """All cases: QDA first, then the MLP ones split by split, then the checks.

        The order only matters for an interrupted run: the cheap QDA studies finish
        first, and the expensive MLP cases stop with about as many splits per data set.
        """
        L = self.n_members
        out = [Case("fig2", "cone-torus", "qda", 0, s, L) for s in range(self.fig2_runs)]
        for base in (*self.bases, *self.checks):
            per_split: list[Case] = []
            for dataset in self.fig3_datasets:
                per_split += [
                    Case("fig3", dataset, base, 0, s, L) for s in range(self.fig3_splits[base])
                ]
            for n in self.phoneme_sizes:
                splits = self.phoneme_splits.get((base, n), 0)
                per_split += [Case("fig4", "phoneme", base, n, s, L) for s in range(splits)]
            out += sorted(per_split, key=lambda c: c.split)
        return out


def protocol(quick: bool = False) -> Protocol:
    """The committed protocol, or the tiny one of the test.

    Ten splits (or runs) for every configuration, as in the paper. Boosting 25 MLPs of
    300 epochs costs 5 to 14 CPU-seconds per variant and split; the MLP cases are ordered
    split by split, so an interrupted run has about as many splits of each.
    """
    if quick:
        return Protocol(
            n_members=5,
            fig2_runs=2,
            fig3_datasets=("cone-torus",),
            fig3_splits={"qda": 2},
            phoneme_sizes=(),
            bases=("qda",),
        )
    return Protocol(
        n_members=25,
        fig2_runs=10,
        fig3_datasets=("cone-torus", "pima"),
        fig3_splits={"qda": 10, "mlp": 10, "mlp-lbfgs": 10},
        phoneme_sizes=(80, 350, 1000),
        phoneme_splits={
            (base, n): 10 for base in ("qda", "mlp", "mlp-lbfgs") for n in (80, 350, 1000)
        },
        checks=tuple(CHECKS),
    )


# ---------------------------------------------------------------- data and splits
CONE_TORUS_SEEDS = (0, 1)  # training and testing sets of the fixed pair


def load_data(dataset: str, data_dir: Path | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Features and labels; Cone-Torus is its generated training set followed by its test set."""
    if dataset == "cone-torus":
        parts = [make_cone_torus(400, random_state=seed) for seed in CONE_TORUS_SEEDS]
        return np.vstack([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    name = {"pima": "diabetes", "phoneme": "phoneme"}[dataset]
    X, y = load(name, data_dir=data_dir)
    return X.to_numpy(dtype=float), y.to_numpy()


def split_indices(case: Case, n_samples: int) -> tuple[np.ndarray, np.ndarray]:
    """Training and testing rows of a case (seeded by its split index only).

    ``fig2`` uses the fixed Cone-Torus pair (first 400 rows train, last 400 test), the
    runs differing only in the boosting draws, as the paper's "10 runs" on its files;
    ``fig3`` a random half/half split of all the data (Cone-Torus: both halves of the
    pair pooled); ``fig4`` ``n_train`` random training rows, the rest for testing.
    """
    if case.study == "fig2":
        half = n_samples // 2
        return np.arange(half), np.arange(half, n_samples)
    order = np.random.default_rng(case.split).permutation(n_samples)
    n_train = n_samples // 2 if case.n_train == 0 else case.n_train
    return np.sort(order[:n_train]), np.sort(order[n_train:])


def _final_weights(model: BoostingClassifier) -> np.ndarray:
    """The last distribution produced by an update (fresh resets to uniform are skipped)."""
    history = model.sample_weights_history_
    resets = {0} | {attempt for attempt, _ in model.weight_resets_}
    updated = [r for r in range(history.shape[0]) if r not in resets]
    return history[updated[-1]] if updated else history[0]


def _pad(curve: np.ndarray, length: int) -> np.ndarray:
    """A curve of a smaller ensemble continued with its last value (the ensemble stops)."""
    return np.concatenate([curve, np.full(length - curve.shape[0], curve[-1])])


def run_case(case: Case, X: np.ndarray, y: np.ndarray) -> dict[str, Any]:
    """Fit the three variants on one case; return curves, members kept and CPU time."""
    from sklearn.exceptions import ConvergenceWarning
    from threadpoolctl import threadpool_limits

    start = time.process_time()
    train, test = split_indices(case, X.shape[0])
    rows, weights = [], {}
    # Matrices of a 15-unit MLP are tiny: BLAS threads only add overhead, and the
    # machine's cores go to parallel cases instead.
    with threadpool_limits(limits=1), warnings.catch_warnings():
        # 300 epochs is the paper's fixed budget, not a convergence criterion.
        warnings.simplefilter("ignore", ConvergenceWarning)
        for variant in VARIANTS:
            model = BoostingClassifier(
                make_base(case.base),
                case.n_members,
                update=variant,
                mode="resample",
                store_weights=case.study == "fig2",
                random_state=1000 + case.split,
            ).fit(X[train], y[train])
            curves = model.stage_curves(X[test], y[test])
            n_kept = len(model.estimators_)
            stacked = np.column_stack(
                [
                    _pad(c, case.n_members)
                    for c in (model.train_error_, curves.error, model.train_q_, curves.q)
                ]
            )
            for k, values in enumerate(stacked, start=1):
                rows.append((case.key, variant, k, *map(float, values), n_kept))
            if case.study == "fig2":
                weights[variant] = _final_weights(model)
    return {
        "case": case,
        "rows": rows,
        "weights": weights,
        "cpu": time.process_time() - start,
    }


def fig2_resets(cases: list[Case]) -> dict[str, float]:
    """Mean number of weight resets per fit of the Figure 2 runs, per variant.

    Not stored with the curves: the QDA fits of Figure 2 are refitted with the seeds
    :func:`run_case` used (a few seconds), which gives the same ensembles.
    """
    runs = [c for c in cases if c.study == "fig2"]
    if not runs:
        return {}
    X, y = load_data("cone-torus")
    out = {}
    for variant in VARIANTS:
        counts = []
        for case in runs:
            train, _ = split_indices(case, X.shape[0])
            model = BoostingClassifier(
                make_base(case.base),
                case.n_members,
                update=variant,
                random_state=1000 + case.split,
            ).fit(X[train], y[train])
            counts.append(len(model.weight_resets_))
        out[variant] = float(np.mean(counts))
    return out


# ---------------------------------------------------------------- store
# WITHOUT ROWID: the rows are stored in their primary key's b-tree only, instead of in a
# table plus an index repeating the text keys (half the size: 1.4 MB for the full run).
_SCHEMA = """
CREATE TABLE IF NOT EXISTS cases (
    key TEXT PRIMARY KEY, study TEXT, dataset TEXT, base TEXT, n_train INTEGER,
    split INTEGER, n_members INTEGER, cpu_seconds REAL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS curves (
    key TEXT, variant TEXT, k INTEGER, train_error REAL, test_error REAL,
    train_q REAL, test_q REAL, n_kept INTEGER, PRIMARY KEY (key, variant, k)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS weights (
    key TEXT, variant TEXT, point INTEGER, weight REAL,
    PRIMARY KEY (key, variant, point)) WITHOUT ROWID;
"""


def _connect(db: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(db)
    connection.executescript(_SCHEMA)
    return connection


def _store(connection: sqlite3.Connection, result: dict[str, Any]) -> None:
    case: Case = result["case"]
    with connection:  # one transaction per case: a killed run keeps whole cases only
        connection.executemany("INSERT INTO curves VALUES (?,?,?,?,?,?,?,?)", result["rows"])
        for variant, w in result["weights"].items():
            connection.executemany(
                "INSERT INTO weights VALUES (?,?,?,?)",
                [(case.key, variant, i, float(v)) for i, v in enumerate(w)],
            )
        connection.execute(
            "INSERT INTO cases VALUES (?,?,?,?,?,?,?,?)",
            (
                case.key,
                case.study,
                case.dataset,
                case.base,
                case.n_train,
                case.split,
                case.n_members,
                result["cpu"],
            ),
        )


def _in_plan_order(frame: pd.DataFrame, cases: list[Case], within: list[str]) -> pd.DataFrame:
    """The rows of ``cases`` only, in the order of ``cases`` and then of ``within``.

    The store holds cases in the order they finished, which depends on ``n_jobs``; the
    page's tables follow this order, so that any run writes the same page.
    """
    position = {c.key: i for i, c in enumerate(cases)}
    frame = frame[frame["key"].isin(position)]
    return (
        frame.assign(_position=frame["key"].map(position))
        .sort_values(["_position", *within], kind="stable")
        .drop(columns="_position")
        .reset_index(drop=True)
    )


def load_curves(db: Path, cases: list[Case]) -> pd.DataFrame:
    """The stored curves of ``cases`` (one row per case, variant and k) with the case fields."""
    with sqlite3.connect(db) as connection:
        curves = pd.read_sql("SELECT * FROM curves", connection)
        meta = pd.read_sql("SELECT * FROM cases", connection)
    return _in_plan_order(curves.merge(meta, on="key"), cases, ["variant", "k"])


def load_weights(db: Path, cases: list[Case]) -> pd.DataFrame:
    """Stored final sampling weights of the Figure 2 runs (key, variant, point, weight)."""
    with sqlite3.connect(db) as connection:
        frame = pd.read_sql("SELECT * FROM weights", connection)
    return _in_plan_order(frame, cases, ["variant", "point"])


def run_cases(
    cases: list[Case],
    db: Path,
    *,
    data_dir: Path | None = None,
    n_jobs: int = 1,
    progress: Callable[[Any], None] | None = None,
) -> None:
    """Fit every case not yet in ``db`` (in parallel) and store each as it finishes."""
    connection = _connect(db)
    try:
        done = set(pd.read_sql("SELECT key FROM cases", connection)["key"])
        todo = [c for c in cases if c.key not in done]
        data = {d: load_data(d, data_dir) for d in sorted({c.dataset for c in todo})}
        started = time.monotonic()

        def report(n_done: int) -> None:
            if progress is None:
                return
            elapsed = time.monotonic() - started
            remaining = elapsed / n_done * (len(todo) - n_done) if n_done else None
            progress(Progress(n_done, len(todo), len(done), 0, elapsed, remaining, None))

        report(0)
        jobs = (delayed(run_case)(c, *data[c.dataset]) for c in todo)
        results: Iterator[dict[str, Any]] = Parallel(n_jobs=n_jobs, return_as="generator")(jobs)
        for n_done, result in enumerate(results, start=1):
            _store(connection, result)
            report(n_done)
    finally:
        connection.close()


def _case_of(row: Any) -> Case:
    return Case(row.study, row.dataset, row.base, int(row.n_train), int(row.split),
                int(row.n_members))  # fmt: skip


def _check_case(case: Case, stored: pd.DataFrame, result: dict[str, Any], db: Path) -> TaskCheck:
    """Compare a rerun case's curves (and weights) with the stored ones, exactly."""
    columns = ["variant", "k", *_CURVES, "n_kept"]
    rerun = pd.DataFrame(
        [row[1:] for row in result["rows"]], columns=["variant", "k", *_CURVES, "n_kept"]
    )
    stored = stored.sort_values(["variant", "k"]).reset_index(drop=True)[columns]
    rerun = rerun.sort_values(["variant", "k"]).reset_index(drop=True)
    key = TaskKey(case.dataset, f"{case.study} {case.base} N={case.n_train}", case.split, 0)
    final = stored[stored["k"] == case.n_members]["test_error"]
    again = rerun[rerun["k"] == case.n_members]["test_error"]
    first, rerun_first = float(final.iloc[0]), float(again.iloc[0]) if len(again) else None
    if stored.shape != rerun.shape or not stored.equals(rerun.astype(stored.dtypes)):
        differ = [c for c in _CURVES if not np.array_equal(stored[c], rerun.get(c, []))]
        return TaskCheck(NAME, key, "differs", first, rerun_first, ", ".join(differ) or "shape")
    with sqlite3.connect(db) as connection:
        weights = pd.read_sql(
            "SELECT variant, point, weight FROM weights WHERE key = ? ORDER BY variant, point",
            connection,
            params=(case.key,),
        )
    for variant, w in result["weights"].items():
        kept = weights[weights["variant"] == variant]["weight"].to_numpy()
        if not same_floats(kept, w):  # sums of products: last bits are the machine's
            return TaskCheck(NAME, key, "differs", first, rerun_first, f"{variant} weights")
    return TaskCheck(NAME, key, "same", first, rerun_first)


def verify_cases(
    db: Path,
    *,
    sample: int = 20,
    seed: int = 0,
    max_seconds: float | None = None,
    data_dir: Path | None = None,
    n_jobs: int = 1,
    progress: Callable[[TaskCheck], None] | None = None,
) -> VerifyReport:
    """Refit a random sample of the store's cases and compare their curves exactly.

    The counterpart of :func:`ensemble_lab.evaluation.verify.verify_store` for this
    reproduction's own store: a case is rebuilt from its stored fields, refitted
    (:func:`run_case`) and its error and Q curves, members kept and (Figure 2) final
    weights compared with the stored ones: the curves exactly, the weights to
    :data:`~ensemble_lab.evaluation.verify.FLOAT_RTOL`. A check's ``stored``/``rerun``
    accuracy is the first variant's final test error.
    """
    db = Path(db)
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        cases = pd.read_sql("SELECT * FROM cases ORDER BY key", connection)
        curves = pd.read_sql("SELECT * FROM curves", connection)
    n_cases = len(cases)
    if max_seconds is not None:
        cases = cases[cases["cpu_seconds"] <= max_seconds]
    if len(cases) > sample:
        rows = np.random.default_rng(seed).choice(len(cases), size=sample, replace=False)
        cases = cases.iloc[np.sort(rows)]
    chosen = [_case_of(r) for r in cases.itertuples()]
    data = {d: load_data(d, data_dir) for d in sorted({c.dataset for c in chosen})}
    jobs = (delayed(run_case)(c, *data[c.dataset]) for c in chosen)
    checks = []
    for case, result in zip(chosen, Parallel(n_jobs=n_jobs, return_as="generator")(jobs)):
        check = _check_case(case, curves[curves["key"] == case.key], result, db)
        checks.append(check)
        if progress is not None:
            progress(check)
    return VerifyReport(db, tuple(checks), n_cases)


# ---------------------------------------------------------------- summaries
_CURVES = ["train_error", "test_error", "train_q", "test_q"]


def mean_curves(frame: pd.DataFrame) -> pd.DataFrame:
    """Curves averaged over splits, indexed by (study, dataset, base, n_train, variant, k)."""
    return frame.groupby([*GROUP, "k"])[_CURVES].mean()


def stopping_points(frame: pd.DataFrame) -> pd.DataFrame:
    """Per split and variant: k* = argmin over k ≥ 2 of the training Q, and the errors.

    Columns ``k_star``, ``error_first`` (k = 1), ``error_star`` (k = k*), ``error_last``
    (k = L) — testing errors of the ensemble of the first k members.
    """
    rows = []
    for (key, _variant), group in frame.groupby(["key", "variant"], sort=False):
        group = group.sort_values("k")
        q = group["train_q"].to_numpy()
        err = group["test_error"].to_numpy()
        k_star = int(np.nanargmin(q[1:])) + 2 if q.shape[0] > 1 else 1
        first = group.iloc[0]
        rows.append(
            {
                **{c: first[c] for c in GROUP},
                "key": key,
                "k_star": k_star,
                "error_first": err[0],
                "error_star": err[k_star - 1],
                "error_last": err[-1],
                "n_kept": int(first["n_kept"]),
            }
        )
    return pd.DataFrame(rows)


def _config_label(dataset: str, n_train: int) -> str:
    title = DATASET_TITLES[dataset]
    return f"{title} N={n_train}" if n_train else title


def _mean_sd(values: pd.Series) -> str:
    values = values.astype(float)
    if values.shape[0] < 2:
        return pct(values.mean())
    return f"{pct(values.mean())} ± {pct(values.std(ddof=1))}"


def final_error_table(stops: pd.DataFrame) -> str:
    """Markdown: testing error (%) of the first member and of the three L-member ensembles."""
    lines = [
        "| study | data | base | splits | first member | "
        + " | ".join(v.capitalize() for v in VARIANTS)
        + " | lowest |",
        "|---|---|---|---|---|" + "---|" * len(VARIANTS) + "---|",
    ]
    for (study, dataset, base, n), group in stops.groupby(
        ["study", "dataset", "base", "n_train"], sort=False
    ):
        by_variant = dict(list(group.groupby("variant")))
        means = {v: by_variant[v]["error_last"].mean() for v in VARIANTS if v in by_variant}
        cells = [_mean_sd(by_variant[v]["error_last"]) if v in by_variant else "" for v in VARIANTS]
        lines.append(
            f"| {study} | {_config_label(dataset, n)} | {base.upper()} | "
            f"{group['key'].nunique()} | {_mean_sd(by_variant[VARIANTS[0]]['error_first'])} | "
            + " | ".join(cells)
            + f" | {min(means, key=means.__getitem__).capitalize()} |"
        )
    return "\n".join(lines)


def stopping_table(frame: pd.DataFrame, stops: pd.DataFrame) -> str:
    """Markdown: testing error at the minimum training Q against the full and the best sizes."""
    means = mean_curves(frame)
    tally: dict[str, list[str]] = {"better": [], "same": [], "worse": []}
    lines = [
        "| study | data | base | variant | median k* | error at k* | error at L | "
        "best k (mean curve) | its error | k* vs L |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for keys, group in stops.groupby(GROUP, sort=False):
        study, dataset, base, n, variant = keys
        curve = means.loc[keys, "test_error"]
        best_k = int(curve.idxmin())
        star, last = group["error_star"].mean(), group["error_last"].mean()
        verdict = "better" if star < last - 0.0025 else "worse" if star > last + 0.0025 else "same"
        tally[verdict].append(variant)
        lines.append(
            f"| {study} | {_config_label(dataset, n)} | {base.upper()} | {variant} | "
            f"{int(group['k_star'].median())} | {pct(star)} | {pct(last)} | {best_k} | "
            f"{pct(curve.min())} | {verdict} |"
        )
    summary = "; ".join(
        f"{outcome} in {len(names)} ("
        + ", ".join(f"{v} {names.count(v)}" for v in VARIANTS if v in names)
        + ")"
        for outcome, names in tally.items()
        if names
    )
    return "\n".join(lines) + f"\n\nStopping at k* instead of L: {summary}."


def _conclusion_spread(stops: pd.DataFrame) -> str:
    """Markdown: the conclusion's count, its margin, per split and per configuration."""
    number = list(PAPER_CLAIMS).index("conclusion") + 1
    finals = stops.groupby(GROUP, sort=False)["error_last"].mean().unstack("variant")
    counts = finals.idxmin(axis=1).value_counts().reindex(list(VARIANTS), fill_value=0)
    top, second = sorted(counts, reverse=True)[:2]
    per_split = winners_per_split(stops)
    lines = [
        f"Claim {number} counts, over the {len(finals)} configurations, the variant of "
        "lowest mean testing error at L: "
        + ", ".join(f"{v} {n}" for v, n in counts.items())
        + f". The first two are {configurations(top - second)} apart: "
        + (
            "one configuration changing sides ties or reverses the count, so the verdict "
            "rests on a one-configuration margin. "
            if top - second <= 1
            else ""
        )
        + "The same count on each split alone (Figure 2: each run; tied: two variants "
        "with the same lowest error):",
        "",
        "| split | " + " | ".join(v.capitalize() for v in VARIANTS) + " | tied |",
        "|---|" + "---|" * (len(VARIANTS) + 1),
        *(
            f"| {split} | " + " | ".join(str(row[c]) for c in (*VARIANTS, "tie")) + " |"
            for split, row in per_split.iterrows()
        ),
        "",
        "Per configuration: the mean over the splits of Aggressive's testing error at L "
        "minus Conservative's (negative: Aggressive lower; ± the sd over the splits), and "
        f"on how many splits each variant has the lowest error. {_within_sd(stops)}",
        "",
        _margin_table(stops),
    ]
    return "\n".join(lines)


def _a_minus_c(stops: pd.DataFrame) -> pd.DataFrame:
    """Per configuration and split, Aggressive's testing error at L minus Conservative's."""
    errors = stops.pivot_table(index=[*GROUP[:-1], "key"], columns="variant", values="error_last")
    return (errors["aggressive"] - errors["conservative"]).rename("diff").reset_index()


def _within_sd(stops: pd.DataFrame) -> str:
    """In how many configurations the mean A − C is smaller than its sd over the splits."""
    per = _a_minus_c(stops).groupby(list(GROUP[:-1]))["diff"].agg(["mean", "std", "size"])
    per = per[per["size"] > 1]
    if per.empty:
        return ""
    inside = int((per["mean"].abs() < per["std"]).sum())
    return (
        f"In {inside} of the {configurations(len(per))} the mean difference is smaller "
        "than its sd over the splits."
    )


def _margin_table(stops: pd.DataFrame) -> str:
    """Markdown: per configuration, Aggressive − Conservative at L and the splits each wins."""
    lowest = lowest_variants(stops)
    config = list(GROUP[:-1])
    wins = pd.crosstab([lowest.index.get_level_values(c) for c in config], lowest)
    wins = wins.reindex(columns=[*VARIANTS, "tie"], fill_value=0)
    lines = [
        "| study | data | base | splits | A − C (points) | lowest on: "
        + " / ".join(v.capitalize() for v in VARIANTS)
        + " / tied |",
        "|---|---|---|---|---|---|",
    ]
    for keys, group in stops.groupby(config, sort=False):
        errors = group.pivot(index="key", columns="variant", values="error_last")
        diff = 100 * (errors["aggressive"] - errors["conservative"])
        spread = f" ± {diff.std(ddof=1):.1f}" if len(diff) > 1 else ""
        study, dataset, base, n = keys
        lines.append(
            f"| {study} | {_config_label(dataset, n)} | {base.upper()} | {len(diff)} | "
            f"{diff.mean():+.1f}{spread} | "
            + " / ".join(str(wins.loc[keys, c]) for c in (*VARIANTS, "tie"))
            + " |"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------- figures
def _curve(means: pd.DataFrame, keys: tuple, column: str) -> np.ndarray:
    return means.loc[keys, column].to_numpy()


def figure_2(means: pd.DataFrame, weights: pd.DataFrame, X_train: np.ndarray) -> Any:
    """Error and Q against k (mean of the runs) and the final weights, per variant."""
    from matplotlib.figure import Figure

    from ..reporting._boosting_plots import plot_error_q_curves, plot_weight_scatter

    fig = Figure(figsize=(13, 11))
    axes = fig.subplots(3, 3, gridspec_kw={"height_ratios": [1, 1, 1.4]})
    for j, variant in enumerate(VARIANTS):
        keys = ("fig2", "cone-torus", "qda", 0, variant)
        if keys not in means.index.droplevel("k"):
            continue
        plot_error_q_curves(
            *(_curve(means, keys, c) for c in _CURVES),
            axes=axes[:2, j],
            title=f"{variant.capitalize()} (QDA, Cone-Torus)",
        )
        w = weights[weights["variant"] == variant].groupby("point")["weight"].mean()
        if not w.empty:
            plot_weight_scatter(
                X_train, w.sort_index().to_numpy(), ax=axes[2, j], title="final weights"
            )
    fig.tight_layout()
    return fig


def _trajectory_grid(
    means: pd.DataFrame, panels: list[tuple[tuple, str]], n_cols: int, *, improvement: bool
) -> Any:
    from matplotlib.figure import Figure

    from ..reporting._boosting_plots import plot_q_trajectories

    n_rows = -(-len(panels) // n_cols)
    fig = Figure(figsize=(4.3 * n_cols, 3.8 * n_rows))
    axes = np.atleast_1d(fig.subplots(n_rows, n_cols, squeeze=False)).ravel()
    index = means.index.droplevel("k")
    for ax, (prefix, title) in zip(axes, panels):
        trajectories, stops = {}, {}
        for variant in VARIANTS:
            keys = (*prefix, variant)
            if keys not in index:
                continue
            q, err = _curve(means, keys, "test_q"), _curve(means, keys, "test_error")
            trajectories[variant] = (q, err[0] - err if improvement else err)
            stops[variant] = int(np.nanargmin(_curve(means, keys, "train_q")[1:])) + 1
        if not trajectories:
            ax.set_visible(False)
            continue
        plot_q_trajectories(
            trajectories,
            ax=ax,
            stops=None if improvement else stops,
            ylabel="improvement on the first member" if improvement else "testing error",
            title=title,
        )
        if improvement:
            ax.axhline(0.0, color="grey", lw=0.5)
    for ax in axes[len(panels) :]:
        ax.set_visible(False)
    fig.tight_layout()
    return fig


def figure_3(means: pd.DataFrame, datasets: tuple[str, ...], bases: tuple[str, ...]) -> Any:
    """Improvement over the first member against testing Q, per base and data set."""
    panels = [
        (("fig3", d, b, 0), f"{DATASET_TITLES[d]}, {b.upper()}") for b in bases for d in datasets
    ]
    return _trajectory_grid(means, panels, max(len(datasets), 1), improvement=True)


def figure_4(means: pd.DataFrame, sizes: tuple[int, ...], bases: tuple[str, ...]) -> Any:
    """Phoneme: testing error against testing Q, per base and training size."""
    panels = [
        (("fig4", "phoneme", b, n), f"Phoneme, {b.upper()}, N = {n}") for b in bases for n in sizes
    ]
    return _trajectory_grid(means, panels, max(len(sizes), 1), improvement=False)


# ---------------------------------------------------------------- run
def run(
    out_dir: Path,
    *,
    data_dir: Path | None = None,
    n_jobs: int = 1,
    backend: Any = None,
    progress: Callable[[Any], None] | None = None,
    quick: bool = False,
) -> Path:
    """Fit the missing cases into ``out_dir/boosting-variants.db`` and write the page.

    ``backend`` is unused: the cases run in this machine's processes through joblib
    (``n_jobs``), not through the task runner.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    db = out_dir / f"{NAME}.db"
    run_cases(protocol(quick).cases(), db, data_dir=data_dir, n_jobs=n_jobs, progress=progress)
    return write_from_store(out_dir, quick=quick)


def _splits_note(splits: pd.Series, quick: bool) -> str:
    """Whether every configuration has the paper's ten splits (from the store)."""
    if quick:
        return "The quick run is a smoke test: L = 5, two splits."
    few = [f"{_config_label(d, n)} {b.upper()}" for (_, d, b, n), c in splits.items() if c < 10]
    if not few:
        return "Every configuration has the paper's ten splits."
    return f"Fewer splits than the paper's ten (an unfinished run): {', '.join(few)}."


def write_from_store(out_dir: Path, *, data_dir: Path | None = None, quick: bool = False) -> Path:
    """Write the page and figures from the cases stored in ``out_dir/boosting-variants.db``.

    Nothing is fitted: configurations with no stored case are left out of the figures
    and tables, and their claims are marked "not run". The training points drawn in
    Figure 2 are the generated Cone-Torus data (``data_dir`` is accepted for the common
    protocol of the reproductions and unused).
    """
    out_dir = Path(out_dir)
    return write_report(findings(out_dir / f"{NAME}.db", quick), out_dir)


# ---------------------------------------------------------------- findings
@dataclass(frozen=True)
class Findings:
    """What the store says: the curves, their stopping points, the splits run, the claims."""

    quick: bool
    proto: Protocol
    curves: pd.DataFrame  # stored curves of the paper's bases (:func:`load_curves`)
    means: pd.DataFrame  # ... averaged over the splits (:func:`mean_curves`)
    stops: pd.DataFrame  # per split and variant (:func:`stopping_points`)
    check_stops: pd.DataFrame | None  # the same of the checks (None: none stored)
    weights: pd.DataFrame  # final sampling weights of the Figure 2 runs
    X_train: np.ndarray  # the Cone-Torus training set of Figure 2
    splits: pd.Series  # splits stored per (study, dataset, base, n_train)
    cpu: pd.Series  # CPU seconds of every stored case, per base learner
    resets: dict[str, float]  # mean weight resets per fit of Figure 2, per variant
    claims: tuple[Claim, ...]


def findings(db: Path, quick: bool = False) -> Findings:
    """Everything the page states, from the cases stored in ``db`` (nothing is fitted)."""
    proto = protocol(quick)
    cases = proto.cases()
    frame = load_curves(db, cases)
    weights = load_weights(db, cases)
    X_ct, y_ct = load_data("cone-torus")
    X_train, y_train = X_ct[:400], y_ct[:400]

    def claims_of(frame: pd.DataFrame, weights: pd.DataFrame) -> list[Claim]:
        return check_claims(
            mean_curves(frame),
            stopping_points(frame),
            weights,
            X_train,
            y_train,
            fig3_datasets=proto.fig3_datasets,
            phoneme_sizes=proto.phoneme_sizes,
            bases=proto.bases,
        )

    paper = frame[frame["base"].isin(proto.bases)]
    per_split = [claims_of(part, weights.iloc[:0]) for _, part in paper.groupby("split")]
    claims = split_notes(claims_of(paper, weights), per_split)
    checked = frame[~frame["base"].isin(proto.bases)]
    for check in sorted(set(checked["base"])):
        replaced = CHECKS[check]
        swapped = frame[frame["base"] != replaced].replace({"base": {check: replaced}})
        claims = check_notes(claims, claims_of(swapped, weights), CHECK_LABELS[check])
    with sqlite3.connect(db) as connection:
        cpu = pd.read_sql("SELECT base, cpu_seconds FROM cases", connection)
    return Findings(
        quick=quick,
        proto=proto,
        curves=paper,
        means=mean_curves(paper),
        stops=stopping_points(paper),
        check_stops=stopping_points(checked) if len(checked) else None,
        weights=weights,
        X_train=X_train,
        splits=frame.groupby(["study", "dataset", "base", "n_train"])["key"].nunique(),
        cpu=cpu.groupby("base")["cpu_seconds"].sum(),
        resets=fig2_resets(cases),
        claims=tuple(claims),
    )


# ---------------------------------------------------------------- page
def _figures(f: Findings, out_dir: Path) -> dict[str, str]:
    """Figures 2-4 (4 only when Phoneme is part of the run): key -> file name."""
    proto = f.proto
    figures = {
        "fig2": figure_2(f.means, f.weights, f.X_train),
        "fig3": figure_3(f.means, proto.fig3_datasets, proto.bases),
    }
    if proto.phoneme_sizes:
        figures["fig4"] = figure_4(f.means, proto.phoneme_sizes, proto.bases)
    return {k: save_figure(fig, out_dir, f"{NAME}-{k}.png", dpi=70) for k, fig in figures.items()}


def _splits_table(f: Findings) -> str:
    """The rows of the splits table: one per configuration stored."""
    return "\n".join(
        f"| {s} | {_config_label(d, n)} | {b.upper()} | {count} |"
        for (s, d, b, n), count in f.splits.items()
    )


def _figure_4(f: Findings, names: dict[str, str]) -> str:
    """The Figure 4 section (template ``boosting-variants-fig4``), or why there is none."""
    if "fig4" not in names:
        return "Figure 4 (Phoneme) is not part of the quick run.\n"
    sizes = ", ".join(map(str, f.proto.phoneme_sizes))
    return fill_template(f"{NAME}-fig4", {"sizes": sizes, "figure": names["fig4"]})


def _paper_values() -> dict[str, str]:
    """The paper's only numbers, as the protocol section quotes them."""
    low, high = PAPER_NUMBERS["qda_max_improvement"]
    return {
        "paper_overtrains_after": str(PAPER_NUMBERS["aggressive_overtrains_after"]),
        "paper_qda_gain": f"{low:.1%}-{high:.0%}",
        "paper_mlp_gain": f"{PAPER_NUMBERS['mlp_max_improvement']:.0%}",
    }


def _values(f: Findings, names: dict[str, str]) -> dict[str, str]:
    """The text of each placeholder of the page's template."""
    return {
        "name": NAME,
        "quick": "(quick run) " if f.quick else "",
        "n_members": str(f.proto.n_members),
        "train_seed": str(CONE_TORUS_SEEDS[0]),
        "test_seed": str(CONE_TORUS_SEEDS[1]),
        "fig2_runs": str(f.proto.fig2_runs),
        "splits_table": _splits_table(f),
        "splits_note": _splits_note(f.splits, f.quick),
        "cpu": ", ".join(f"{b.upper()} {t / 60:.1f}" for b, t in f.cpu.items()),
        "short": str(sum(n < f.proto.n_members for n in f.stops["n_kept"])),
        "n_fits": str(len(f.stops)),
        **_paper_values(),
        "final_errors": final_error_table(f.stops),
        "check_errors": _check_errors(f),
        "fig2": names["fig2"],
        "fig3": names["fig3"],
        "fig4": _figure_4(f, names),
        "stopping": stopping_table(f.curves, f.stops),
        "ledger": ledger_table(f.claims),
        "checked": checked_notes(f.claims),
        "conclusion_spread": _conclusion_spread(f.stops),
        "resets": ", ".join(f"{v} {n:.1f}" for v, n in f.resets.items()),
    }


def _check_errors(f: Findings) -> str:
    """The final errors of the checks, or nothing when none is stored."""
    if f.check_stops is None:
        return ""
    labels = "; ".join(f"{k.upper()}: {CHECK_LABELS[k]}" for k in sorted(CHECKS))
    return (
        "\n\nThe same, for the check of the MLP cases (not the paper's setting, in no "
        f"verdict; the notes of the claims say what it changes) — {labels}:\n\n"
        + final_error_table(f.check_stops)
    )


def write_report(f: Findings, out_dir: Path) -> Path:
    """The page, its figures and the claims ledger (nothing fitted)."""
    text = fill_template(NAME, _values(f, _figures(f, out_dir)))
    write_ledger(out_dir, NAME, TITLE, list(f.claims))
    write_summary(out_dir)
    return write_page(out_dir, NAME, text)
