"""Re-run stored tasks and compare: a results store is evidence only if it reproduces.

:func:`verify_store` draws a random sample of a store's finished tasks, rebuilds each
from what the store recorded — the experiment's configuration
(:func:`~.config.config_from_stored`), the dataset by name, the split from the protocol
and the experiment seed, the task's own seed — runs it again and compares its accuracy
(and, where the store recorded them, its per-instance and per-member predictions) with
the stored ones, exactly, and so are the other metrics the store recorded (a store
written before they were recorded has none), except those computed from probabilities,
compared to :data:`FLOAT_RTOL` since their last bits depend on the machine. Timings are
not compared.

A method whose code now gives results of another revision (its class's
``_results_revision``, recorded with the experiment) is not re-run: every sampled task
of it is reported as ``stale``, since the store holds results of code that no longer
exists.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .backends import Backend, make_backend
from .config import ExperimentConfig, _revision_change, config_from_stored
from .metrics import PROBABILITY_METRICS
from .records import decode as decode_records
from .records import records_differ
from .runner import _bind, _get_data
from .store import METRIC_COLUMNS, _columns, read_connection, require_store_file
from .tasks import TaskKey, TaskResult, derive_seed, execute_task

__all__ = ["FLOAT_RTOL", "TaskCheck", "VerifyReport", "same_floats", "verify_store"]

#: What a checked task can come out as.
STATUSES = ("same", "differs", "stale", "error")

#: Relative tolerance for scores computed from probabilities (AUC, log loss, Brier).
#: They are sums of floating-point products whose last bits depend on the machine (the
#: CPU's vector width, the BLAS build), so the same code on another computer may move
#: them by 1e-16 relative; labels, counts and the scores made of them compare exactly.
FLOAT_RTOL = 1e-9


def same_floats(stored: Any, rerun: Any) -> bool:
    """Whether two arrays of floats agree to :data:`FLOAT_RTOL` (NaN equal to NaN)."""
    a, b = np.asarray(stored, dtype=float), np.asarray(rerun, dtype=float)
    return a.shape == b.shape and bool(np.allclose(a, b, rtol=FLOAT_RTOL, atol=0.0, equal_nan=True))


@dataclass(frozen=True)
class TaskCheck:
    """One stored task run again.

    Attributes
    ----------
    experiment : str
        The experiment's name in the store.
    key : TaskKey
        The task (dataset, method, repetition, fold).
    status : {"same", "differs", "stale", "error"}
        ``same``: accuracy (and recorded predictions) equal; ``differs``: not;
        ``stale``: the method's code is at another results revision than the store's;
        ``error``: the task could not be rebuilt or raised.
    stored : float
        The stored accuracy.
    rerun : float or None
        The accuracy of the rerun (None when it was not run).
    detail : str
        What differs (or why the task was not compared), empty when the same.
    """

    experiment: str
    key: TaskKey
    status: str
    stored: float
    rerun: float | None
    detail: str = ""


@dataclass(frozen=True)
class VerifyReport:
    """The tasks :func:`verify_store` checked, and how many the store holds.

    Attributes
    ----------
    path : Path
        The store.
    checks : tuple of TaskCheck
        The sampled tasks, in the store's order.
    n_tasks : int
        Finished tasks the sample was drawn from.
    """

    path: Path
    checks: tuple[TaskCheck, ...]
    n_tasks: int

    @property
    def ok(self) -> bool:
        """True when every checked task gave the stored numbers again."""
        return all(c.status == "same" for c in self.checks)

    @property
    def failures(self) -> list[TaskCheck]:
        """The checked tasks that did not give the stored numbers."""
        return [c for c in self.checks if c.status != "same"]

    def frame(self) -> pd.DataFrame:
        """One row per checked task: experiment, the key, status, accuracies, detail."""
        return pd.DataFrame(
            [
                {
                    "experiment": c.experiment,
                    **c.key._asdict(),
                    "status": c.status,
                    "stored": c.stored,
                    "rerun": c.rerun,
                    "detail": c.detail,
                }
                for c in self.checks
            ],
            columns=[
                "experiment",
                *TaskKey._fields,
                "status",
                "stored",
                "rerun",
                "detail",
            ],
        )


@dataclass(frozen=True)
class _Stored:
    """A stored task: its row of ``results`` and its recorded predictions, if any."""

    experiment: str
    key: TaskKey
    seed: int
    accuracy: float
    n_train: int
    n_test: int
    scores: dict[str, float]
    records: dict[str, pd.DataFrame] = field(default_factory=dict)


def _finished(con: sqlite3.Connection, experiments: Sequence[str] | None) -> pd.DataFrame:
    have = set(_columns(con, "results"))
    metrics = ", ".join(f"r.{m}" if m in have else f"NULL AS {m}" for m in METRIC_COLUMNS)
    frame = pd.read_sql_query(
        "SELECT e.name AS experiment, r.dataset, r.method, r.repetition, r.fold, r.seed,"
        f" r.accuracy, r.n_train, r.n_test, {metrics},"
        " COALESCE(r.fit_cpu, 0) + COALESCE(r.predict_cpu, 0)"
        " AS cpu FROM results r JOIN experiments e ON e.id = r.experiment_id"
        " WHERE r.error IS NULL ORDER BY e.id, r.dataset, r.method, r.repetition, r.fold",
        con,
    )
    if experiments is not None:
        unknown = sorted(set(experiments) - set(frame["experiment"]))
        if unknown:
            raise KeyError(f"no finished task of experiment {unknown[0]!r} in the store")
        frame = frame[frame["experiment"].isin(experiments)]
    return frame.reset_index(drop=True)


def _only(frame: pd.DataFrame, column: str, wanted: Sequence[str] | None) -> pd.DataFrame:
    """The rows whose ``column`` is one of ``wanted`` (all rows when None)."""
    if wanted is None:
        return frame
    unknown = sorted(set(wanted) - set(frame[column]))
    if unknown:
        raise KeyError(f"no finished task of {column} {unknown[0]!r} in the store")
    return frame[frame[column].isin(wanted)].reset_index(drop=True)


def _sample(frame: pd.DataFrame, n: int, seed: int, max_seconds: float | None) -> pd.DataFrame:
    if max_seconds is not None:
        frame = frame[frame["cpu"] <= max_seconds]
    if len(frame) > n:
        rows = np.random.default_rng(seed).choice(len(frame), size=n, replace=False)
        frame = frame.iloc[np.sort(rows)]
    return frame


def _recorded(con: sqlite3.Connection, experiment: str, key: TaskKey) -> pd.DataFrame:
    """The task's stored predictions (empty when none were recorded)."""
    return pd.read_sql_query(
        "SELECT p.test_index, p.y_pred, p.members FROM predictions p"
        " JOIN experiments e ON e.id = p.experiment_id WHERE e.name = ? AND p.dataset = ?"
        " AND p.method = ? AND p.repetition = ? AND p.fold = ? ORDER BY p.test_index",
        con,
        params=(experiment, *key),
    )


def _stored_records(con: sqlite3.Connection, experiment: str, key: TaskKey) -> dict[str, Any]:
    """The task's stored records, by probe (empty when its experiment has no probes)."""
    if con.execute("SELECT 1 FROM sqlite_master WHERE name = 'records'").fetchone() is None:
        return {}
    rows = con.execute(
        "SELECT r.probe, r.data FROM records r JOIN experiments e ON e.id = r.experiment_id"
        " WHERE e.name = ? AND r.dataset = ? AND r.method = ? AND r.repetition = ?"
        " AND r.fold = ?",
        (experiment, *key),
    )
    return {probe: decode_records(data) for probe, data in rows}


def _number(value: Any) -> float:
    """A stored score as a float: NULL (a store older than the column) is NaN."""
    return float("nan") if value is None else float(value)


def _same_score(metric: str, stored: float, rerun: float | None) -> bool:
    if rerun is None:
        return False
    if metric in PROBABILITY_METRICS:
        return same_floats(stored, rerun)
    return rerun == stored


def _compare(stored: _Stored, result: TaskResult, recorded: pd.DataFrame) -> TaskCheck:
    def check(status: str, detail: str = "") -> TaskCheck:
        return TaskCheck(
            stored.experiment, stored.key, status, stored.accuracy, result.accuracy, detail
        )

    if not result.ok:
        assert result.error is not None
        return check("error", result.error.splitlines()[0])
    if result.accuracy != stored.accuracy:
        return check("differs", "accuracy")
    metrics = [
        m
        for m, value in stored.scores.items()
        if not np.isnan(value) and not _same_score(m, value, result.scores.get(m))
    ]
    if metrics:
        return check("differs", ", ".join(metrics))
    if len(recorded):
        assert result.y_pred is not None and result.test_idx is not None
        order = np.argsort(result.test_idx, kind="stable")
        changed = int(np.sum(recorded["y_pred"].to_numpy() != result.y_pred[order]))
        if changed:
            return check("differs", f"{changed} of {len(recorded)} predictions")
        blobs = recorded["members"]
        if blobs.notna().any() and result.members is not None:
            ours = result.members[order]
            theirs = np.stack([np.frombuffer(b, dtype="<i2") for b in blobs])
            if theirs.shape != ours.shape or np.any(theirs != ours):
                return check("differs", "members' predictions")
    for probe, frame in stored.records.items():
        difference = records_differ(frame, result.records.get(probe, pd.DataFrame()))
        if difference:
            return check("differs", f"records of {probe.rpartition(':')[2]}: {difference}")
    return check("same")


def _tasks(
    config: ExperimentConfig,
    rows: pd.DataFrame,
    con: sqlite3.Connection,
    data_dir: str | Path | None,
    stale: dict[str, str],
) -> Iterator[tuple[_Stored, Any, pd.DataFrame] | TaskCheck]:
    """Each sampled task as (stored, arguments of :func:`execute_task`, recorded), or a check.

    A task that cannot be run (a stale method, a dataset that cannot be loaded or has
    changed, a seed that does not follow from its identity) comes out as its
    :class:`TaskCheck` at once.
    """
    methods = {m.label: m for m in config.methods}
    entries = {d if isinstance(d, str) else d.name: d for d in config.datasets}
    for dataset, group in rows.groupby("dataset", sort=False):
        stored_tasks = [
            _Stored(
                r.experiment,
                TaskKey(r.dataset, r.method, int(r.repetition), int(r.fold)),
                int(r.seed),
                float(r.accuracy),
                int(r.n_train),
                int(r.n_test),
                {m: _number(getattr(r, m)) for m in METRIC_COLUMNS},
            )
            for r in group.itertuples()
        ]
        try:
            X, y = _get_data(entries.get(str(dataset), str(dataset)), None, config, data_dir)
            X, protocol = _bind(config.protocol, entries.get(str(dataset), str(dataset)), X, y)
            labels = np.asarray(y)
            classes = np.unique(labels)
            _check_recorded(con, config.name, str(dataset), labels, X, classes)
            splits = {(s.repetition, s.fold): s for s in protocol.splits(labels, config.seed)}
        except (OSError, ValueError, KeyError) as exc:
            for s in stored_tasks:
                yield TaskCheck(s.experiment, s.key, "error", s.accuracy, None, str(exc))
            continue
        for s in stored_tasks:
            if s.key.method in stale:
                detail = f"stored by another revision of {stale[s.key.method]}"
                yield TaskCheck(s.experiment, s.key, "stale", s.accuracy, None, detail)
                continue
            split = splits.get((s.key.repetition, s.key.fold))
            seed = derive_seed(config.seed, *s.key, common=config.common_seeds)
            problem = _task_problem(s, split, seed)
            if problem:
                yield TaskCheck(s.experiment, s.key, "error", s.accuracy, None, problem)
                continue
            assert split is not None
            recorded = _recorded(con, config.name, s.key)
            s.records.update(_stored_records(con, config.name, s.key))
            args = (
                s.key,
                methods[s.key.method],
                seed,
                (X, labels),
                split.train_idx,
                split.test_idx,
                classes,
                len(recorded) > 0,
                bool(len(recorded) and recorded["members"].notna().any()),
                tuple(s.records),
            )
            yield s, args, recorded


def _task_problem(stored: _Stored, split: Any, seed: int) -> str:
    if split is None:
        return "the protocol has no such split"
    if seed != stored.seed:
        return f"stored seed {stored.seed} is not the task's seed {seed}"
    if (len(split.train_idx), len(split.test_idx)) != (stored.n_train, stored.n_test):
        return (
            f"split sizes {len(split.train_idx)}/{len(split.test_idx)} differ from the "
            f"stored {stored.n_train}/{stored.n_test}"
        )
    return ""


def _check_recorded(
    con: sqlite3.Connection,
    experiment: str,
    dataset: str,
    labels: np.ndarray,
    X: Any,
    classes: np.ndarray,
) -> None:
    """Raise ``ValueError`` when the dataset is not the one the experiment recorded."""
    row = con.execute(
        "SELECT d.n_instances, d.n_features, d.classes FROM datasets d"
        " JOIN experiments e ON e.id = d.experiment_id WHERE e.name = ? AND d.dataset = ?",
        (experiment, dataset),
    ).fetchone()
    if row is None:
        return
    now = (
        len(labels),
        int(np.shape(X)[1]),
        [c.item() if hasattr(c, "item") else c for c in classes],
    )
    then = (row[0], row[1], json.loads(row[2]))
    if now != then:
        raise ValueError(
            f"dataset {dataset!r} is not the one stored ({then[0]}×{then[1]}, classes "
            f"{then[2]} then; {now[0]}×{now[1]}, classes {now[2]} now)"
        )


def _stale_methods(config: ExperimentConfig, stored: dict[str, Any]) -> dict[str, str]:
    """Label -> the classes whose results revision differs from the stored one."""
    now = {m["label"]: m.get("revisions", {}) for m in config.to_dict()["methods"]}
    out = {}
    for method in stored["methods"]:
        changed = _revision_change(method.get("revisions", {}), now.get(method["label"], {}))
        if changed:
            out[method["label"]] = changed
    return out


def verify_store(
    path: str | Path,
    *,
    sample: int = 20,
    seed: int = 0,
    experiments: Sequence[str] | None = None,
    methods: Sequence[str] | None = None,
    datasets: Sequence[str] | None = None,
    max_seconds: float | None = None,
    data_dir: str | Path | None = None,
    n_jobs: int = 1,
    backend: Backend | None = None,
    progress: Callable[[TaskCheck], None] | None = None,
) -> VerifyReport:
    """Re-run a random sample of a results store's finished tasks and compare them.

    Parameters
    ----------
    path : str or Path
        The results store (it is only read).
    sample : int, default=20
        Tasks to re-run, drawn uniformly without replacement among the finished ones
        (all of them when there are fewer).
    seed : int, default=0
        Seed of the draw.
    experiments : sequence of str, optional
        Only these experiments of the store (default: all).
    methods, datasets : sequence of str, optional
        Only the tasks of these methods (by label) and of these data sets (default:
        all). With ``sample`` at least their number, every such task is re-run.
    max_seconds : float, optional
        Draw only among tasks whose stored fit + predict CPU time is at most this
        many seconds (a quick check of a store of expensive tasks).
    data_dir : str or Path, optional
        Where datasets are read, as for :func:`~.runner.run_experiment`.
    n_jobs : int, default=1
        Local worker processes when no ``backend`` is given.
    backend : Backend, optional
        Where the tasks run (not closed here).
    progress : callable, optional
        Called with each :class:`TaskCheck` as it is made.

    Returns
    -------
    VerifyReport

    Raises
    ------
    NotAStoreError
        When ``path`` is not a results store.
    """
    path = require_store_file(path)
    con = read_connection(path)  # a compact store (.xz) too
    try:
        configs = {
            name: json.loads(text)
            for name, text in con.execute("SELECT name, config FROM experiments")
        }
        finished = _finished(con, experiments)
        for column, wanted in (("method", methods), ("dataset", datasets)):
            finished = _only(finished, column, wanted)
        chosen = _sample(finished, sample, seed, max_seconds)
        checks = _run_checks(chosen, configs, con, path, data_dir, n_jobs, backend, progress)
    finally:
        con.close()
    order = {(c.experiment, *c.key): i for i, c in enumerate(checks)}
    ordered = sorted(checks, key=lambda c: order[(c.experiment, *c.key)])
    return VerifyReport(path, tuple(ordered), len(finished))


def _experiment_tasks(
    name: str,
    rows: pd.DataFrame,
    configs: dict[str, dict[str, Any]],
    con: sqlite3.Connection,
    path: Path,
    data_dir: str | Path | None,
) -> Iterator[TaskCheck | list[tuple[_Stored, Any, pd.DataFrame]]]:
    """The checks made without running anything, then the list of tasks to run."""
    try:
        config = config_from_stored(configs[name], base_dir=path.parent)
    except ValueError as exc:
        for r in rows.itertuples():
            key = TaskKey(r.dataset, r.method, int(r.repetition), int(r.fold))
            yield TaskCheck(name, key, "error", float(r.accuracy), None, str(exc))
        return
    stale = _stale_methods(config, configs[name])
    pending = []
    for item in _tasks(config, rows, con, data_dir, stale):
        if isinstance(item, TaskCheck):
            yield item
        else:
            pending.append(item)
    yield pending


def _run_checks(
    chosen: pd.DataFrame,
    configs: dict[str, dict[str, Any]],
    con: sqlite3.Connection,
    path: Path,
    data_dir: str | Path | None,
    n_jobs: int,
    backend: Backend | None,
    progress: Callable[[TaskCheck], None] | None,
) -> list[TaskCheck]:
    checks: list[TaskCheck] = []

    def done(check: TaskCheck) -> None:
        checks.append(check)
        if progress is not None:
            progress(check)

    runner = make_backend(n_jobs) if backend is None else backend
    try:
        for name, rows in chosen.groupby("experiment", sort=False):
            for item in _experiment_tasks(str(name), rows, configs, con, path, data_dir):
                if isinstance(item, TaskCheck):
                    done(item)
                else:
                    pending = item
                    stored = {s.key: (s, recorded) for s, _, recorded in pending}
                    for result in runner.run(execute_task, (args for _, args, _ in pending)):
                        done(_compare(*stored[result.key][:1], result, stored[result.key][1]))
    finally:
        if backend is None:
            runner.close()
    return checks
