"""The results store: one SQLite file holding experiments and every finished task.

Only the coordinator process writes (workers return results to it), and only one run at a
time: :func:`exclusive_writer` holds an advisory lock on ``<store>.lock`` for the whole
run, so a second run on the same store stops at once with :class:`StoreInUseError`,
naming the process that holds it (the operating system releases the lock when that
process ends, even by SIGKILL). Each finished task
is committed in its own transaction, in WAL mode with ``synchronous=FULL``, so a run
that is killed — even with SIGKILL — loses nothing that was reported finished, and
the next run resumes from the store.

Schema
------
``experiments`` — one row per experiment name::

    id               INTEGER PRIMARY KEY
    name             TEXT UNIQUE NOT NULL
    config           TEXT NOT NULL     -- canonical JSON of the experiment
    config_hash      TEXT NOT NULL     -- SHA-256 of the config (description excluded)
    created          TEXT NOT NULL     -- ISO 8601, UTC
    package_version  TEXT NOT NULL     -- ensemble_lab.__version__ that created it

``datasets`` — the datasets of an experiment as they were loaded::

    experiment_id    INTEGER  -> experiments.id
    dataset          TEXT
    n_instances      INTEGER
    n_features       INTEGER
    classes          TEXT     -- JSON list of the sorted class labels; prediction codes
                              -- below are positions in this list
    PRIMARY KEY (experiment_id, dataset)

``results`` — one row per finished task (successful or failed)::

    experiment_id    INTEGER  -> experiments.id
    dataset, method  TEXT     -- method = the method's label
    repetition, fold INTEGER
    seed             INTEGER  -- estimator seed of the task
    n_train, n_test  INTEGER
    accuracy         REAL     -- NULL if the task failed
    fit_cpu, fit_wall, predict_cpu, predict_wall  REAL   -- seconds
    ensemble_size    INTEGER
    error            TEXT NULL -- "Type: message" + traceback of a failed task
    finished         TEXT     -- ISO 8601, UTC
    balanced_accuracy, kappa, f1_macro, auc, log_loss, brier  REAL  -- see .metrics;
                              -- NULL for tasks stored before they were recorded
    metrics_note     TEXT NULL -- why a metric is NaN (no probabilities, ...)
    PRIMARY KEY (experiment_id, dataset, method, repetition, fold)

``predictions`` — optional, per test instance of a successful task::

    experiment_id, dataset, method, repetition, fold   -- the task
    test_index       INTEGER  -- row position in the dataset
    y_true, y_pred   INTEGER  -- codes into datasets.classes
    members          BLOB NULL -- each member's predicted code, little-endian int16
    PRIMARY KEY (experiment_id, dataset, method, repetition, fold, test_index)

:func:`load_results` returns the tidy per-task table the statistics and reports use;
:func:`export_results` writes it to CSV or Parquet for other tools.
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from .tasks import TaskKey, TaskResult

__all__ = [
    "METRIC_COLUMNS",
    "RESULT_COLUMNS",
    "ExperimentConflictError",
    "NotAStoreError",
    "ResultsStore",
    "StoreInUseError",
    "exclusive_writer",
    "export_results",
    "load_failures",
    "load_predictions",
    "load_results",
]

#: The metrics a task records beside accuracy (see :mod:`.metrics`), stored as columns.
METRIC_COLUMNS: tuple[str, ...] = (
    "balanced_accuracy",
    "kappa",
    "f1_macro",
    "auc",
    "log_loss",
    "brier",
)

RESULT_COLUMNS: tuple[str, ...] = (
    "dataset",
    "method",
    "repetition",
    "fold",
    "n_train",
    "n_test",
    "accuracy",
    "fit_cpu",
    "fit_wall",
    "predict_cpu",
    "predict_wall",
    "ensemble_size",
    *METRIC_COLUMNS,
)
"""Columns of the tidy results frame, one row per (dataset, method, repetition, fold) task.

``repetition`` and ``fold`` identify the train/test split (the same for every
method of an experiment); ``n_train`` and ``n_test`` are its sizes; ``accuracy``
is the test accuracy as a fraction in [0, 1]; ``fit_*`` and ``predict_*`` are
process-CPU and wall-clock seconds of training and testing; ``ensemble_size`` is
the number of members actually built; the metrics of :data:`METRIC_COLUMNS` follow
(NaN where a task could not compute one, or was stored before they were recorded).
The tables accept extra columns and ignore them.
"""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS experiments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    config TEXT NOT NULL,
    config_hash TEXT NOT NULL,
    created TEXT NOT NULL,
    package_version TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS datasets (
    experiment_id INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
    dataset TEXT NOT NULL,
    n_instances INTEGER NOT NULL,
    n_features INTEGER NOT NULL,
    classes TEXT NOT NULL,
    PRIMARY KEY (experiment_id, dataset)
);
CREATE TABLE IF NOT EXISTS results (
    experiment_id INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
    dataset TEXT NOT NULL,
    method TEXT NOT NULL,
    repetition INTEGER NOT NULL,
    fold INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    n_train INTEGER NOT NULL,
    n_test INTEGER NOT NULL,
    accuracy REAL,
    fit_cpu REAL,
    fit_wall REAL,
    predict_cpu REAL,
    predict_wall REAL,
    ensemble_size INTEGER,
    error TEXT,
    finished TEXT NOT NULL,
    balanced_accuracy REAL,
    kappa REAL,
    f1_macro REAL,
    auc REAL,
    log_loss REAL,
    brier REAL,
    metrics_note TEXT,
    PRIMARY KEY (experiment_id, dataset, method, repetition, fold)
);
CREATE TABLE IF NOT EXISTS predictions (
    experiment_id INTEGER NOT NULL,
    dataset TEXT NOT NULL,
    method TEXT NOT NULL,
    repetition INTEGER NOT NULL,
    fold INTEGER NOT NULL,
    test_index INTEGER NOT NULL,
    y_true INTEGER NOT NULL,
    y_pred INTEGER NOT NULL,
    members BLOB,
    PRIMARY KEY (experiment_id, dataset, method, repetition, fold, test_index),
    FOREIGN KEY (experiment_id, dataset, method, repetition, fold)
        REFERENCES results (experiment_id, dataset, method, repetition, fold) ON DELETE CASCADE
);
"""


class ExperimentConflictError(ValueError):
    """An experiment of that name exists in the store with a different configuration."""

    @classmethod
    def for_experiment(cls, name: str, path: Path, reason: str = "") -> ExperimentConflictError:
        """The error for experiment ``name`` in store ``path``, with what differs if known."""
        what = f" ({reason})" if reason else ""
        return cls(
            f"experiment {name!r} already exists in {path} with a different configuration"
            f"{what}; give it another name, or overwrite it (--new) to discard its results"
        )


class NotAStoreError(ValueError):
    """The file is not a results store (not SQLite, or SQLite without its tables)."""


def _check_store(con: sqlite3.Connection, path: Path, *, empty_ok: bool = True) -> None:
    """Raise :class:`NotAStoreError` unless ``con`` is a results store.

    With ``empty_ok``, an empty database that can become one passes too.
    """
    try:
        tables = {row[0] for row in con.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as exc:
        raise NotAStoreError(f"{path} is not a results store ({exc})") from None
    if (tables or not empty_ok) and "experiments" not in tables:
        raise NotAStoreError(
            f"{path} is an SQLite database but not a results store (it has no "
            "'experiments' table); give the store a run wrote, or a new file"
        )


class StoreInUseError(RuntimeError):
    """Another run is writing to the results store."""


@contextmanager
def exclusive_writer(path: str | Path) -> Iterator[None]:
    """Hold the write lock of the store ``path`` for the duration of the block.

    The lock is an advisory ``flock`` on ``<path>.lock``, which records who holds it.
    Readers (reports, ``load_results``) need no lock. Where the operating system has no
    ``flock`` (Windows), nothing is locked.

    Raises
    ------
    StoreInUseError
        When another process (or another run of this one) holds the lock; the message
        names it.
    """
    try:
        import fcntl
    except ImportError:  # no advisory locks: a second writer is not detected
        yield
        return
    path = Path(path)
    lock_path = path.with_name(path.name + ".lock")
    with lock_path.open("a+", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            raise StoreInUseError(
                f"the results store {path} is in use by another run ({holder}); wait for "
                "it to finish, or give this run another results store"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"process {os.getpid()} on {socket.gethostname()}, since {_now()}\n")
        handle.flush()
        try:
            yield
        finally:
            # The file stays (removing it would let two later runs lock two files).
            handle.truncate(0)
            fcntl.flock(handle, fcntl.LOCK_UN)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _json_label(label: Any) -> Any:
    return label.item() if isinstance(label, np.generic) else label


def _columns(con: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in con.execute(f"PRAGMA table_info({table})")]


def _upgrade(con: sqlite3.Connection) -> None:
    """Add the columns a store written by an earlier version lacks (kept NULL)."""
    have = set(_columns(con, "results"))
    for column in (*METRIC_COLUMNS, "metrics_note"):
        if column not in have:
            kind = "TEXT" if column == "metrics_note" else "REAL"
            con.execute(f"ALTER TABLE results ADD COLUMN {column} {kind}")


def _configure(con: sqlite3.Connection) -> None:
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("PRAGMA foreign_keys=ON")
    con.execute("PRAGMA busy_timeout=10000")


class ResultsStore:
    """Read and write one results database.

    Parameters
    ----------
    path : str or Path
        The SQLite file; created with the schema if it does not exist.
    create : bool, default=True
        False to only open an existing store (``FileNotFoundError`` otherwise).

    Raises
    ------
    NotAStoreError
        If the file is not SQLite, or an SQLite database of something else (nothing is
        written to it).

    Notes
    -----
    One process writes (the coordinator); readers (reports, a progress monitor) may
    open the same file at any time thanks to WAL mode.
    """

    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        self.path = Path(path)
        if not create and not self.path.is_file():
            raise FileNotFoundError(f"no results store at {self.path}")
        con = sqlite3.connect(str(self.path), isolation_level=None)  # explicit transactions
        try:
            _check_store(con, self.path)
            _configure(con)
            con.executescript(_SCHEMA)
            _upgrade(con)
        except BaseException:
            con.close()
            raise
        self._con = con

    def __enter__(self) -> ResultsStore:
        """The store itself, closed on leaving the ``with`` block."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the store's connection."""
        self.close()

    def close(self) -> None:
        """Close the connection, leaving the file in rollback-journal mode.

        WAL mode is for the run (readers beside the writer, nothing lost to a kill); a
        store at rest in it would make every later reader create ``-wal``/``-shm``
        files beside it, even a read-only one (a committed store in a clean checkout).
        If another connection is still open the switch waits for the last writer.
        """
        try:
            self._con.execute("PRAGMA busy_timeout=0")
            self._con.execute("PRAGMA journal_mode=DELETE")
        except sqlite3.Error:  # another connection holds the file: it stays in WAL
            pass
        self._con.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._con.execute("BEGIN IMMEDIATE")
        try:
            yield self._con
        except BaseException:
            self._con.execute("ROLLBACK")
            raise
        self._con.execute("COMMIT")

    # -- experiments ------------------------------------------------------------------
    def experiment_id(self, name: str) -> int | None:
        """Id of the experiment called ``name``, or None."""
        row = self._con.execute("SELECT id FROM experiments WHERE name = ?", (name,)).fetchone()
        return None if row is None else int(row[0])

    def open_experiment(
        self,
        name: str,
        config: Mapping[str, Any],
        config_hash: str,
        *,
        overwrite: bool = False,
    ) -> int:
        """Create the experiment, or reopen it to resume; return its id.

        Parameters
        ----------
        name : str
            Experiment name.
        config : mapping
            Its JSON-able configuration.
        config_hash : str
            Hash of the configuration; a stored experiment of the same name must have
            the same hash to be resumed.
        overwrite : bool
            Delete a stored experiment of the same name (and all its results) first.

        Raises
        ------
        ExperimentConflictError
            If ``name`` exists with another hash and ``overwrite`` is false.
        """
        from .._version import __version__

        row = self._con.execute(
            "SELECT id, config_hash FROM experiments WHERE name = ?", (name,)
        ).fetchone()
        with self._transaction() as con:
            if row is not None and overwrite:
                self._delete(con, int(row[0]))
                row = None
            if row is not None:
                if row[1] != config_hash:
                    raise ExperimentConflictError.for_experiment(name, self.path)
                return int(row[0])
            cur = con.execute(
                "INSERT INTO experiments (name, config, config_hash, created, package_version)"
                " VALUES (?, ?, ?, ?, ?)",
                (name, json.dumps(config, sort_keys=True), config_hash, _now(), __version__),
            )
            assert cur.lastrowid is not None
            return int(cur.lastrowid)

    def stored_config(self, name: str) -> tuple[dict[str, Any], str] | None:
        """The configuration and hash stored for experiment ``name``, or None."""
        row = self._con.execute(
            "SELECT config, config_hash FROM experiments WHERE name = ?", (name,)
        ).fetchone()
        return None if row is None else (json.loads(row[0]), str(row[1]))

    def replace_config(self, name: str, config: Mapping[str, Any], config_hash: str) -> None:
        """Store a new configuration for experiment ``name``, keeping its results.

        Only for a configuration that extends the stored one (see
        :func:`~ensemble_lab.evaluation.config.extension_conflict`): the results
        already stored must be exactly those the new configuration would compute.
        """
        with self._transaction() as con:
            cur = con.execute(
                "UPDATE experiments SET config = ?, config_hash = ? WHERE name = ?",
                (json.dumps(config, sort_keys=True), config_hash, name),
            )
            if cur.rowcount != 1:
                raise KeyError(f"no experiment {name!r} in {self.path}")

    def discard_methods(self, name: str, labels: Iterable[str]) -> int:
        """Delete every stored task (and its predictions) of these methods; return how many.

        For methods whose code now gives other results (a new results revision): the
        rest of the experiment is kept, and the next run computes them again.
        """
        experiment_id = self.experiment_id(name)
        if experiment_id is None:
            raise KeyError(f"no experiment {name!r} in {self.path}")
        labels = list(labels)
        marks = ", ".join("?" * len(labels))
        where = f"experiment_id = ? AND method IN ({marks})"
        with self._transaction() as con:
            con.execute(f"DELETE FROM predictions WHERE {where}", (experiment_id, *labels))
            cur = con.execute(f"DELETE FROM results WHERE {where}", (experiment_id, *labels))
            return int(cur.rowcount)

    @staticmethod
    def _delete(con: sqlite3.Connection, experiment_id: int) -> None:
        for table in ("predictions", "results", "datasets"):
            con.execute(f"DELETE FROM {table} WHERE experiment_id = ?", (experiment_id,))
        con.execute("DELETE FROM experiments WHERE id = ?", (experiment_id,))

    def experiments(self) -> pd.DataFrame:
        """All experiments with their number of finished and failed tasks."""
        return pd.read_sql_query(
            "SELECT e.id, e.name, e.config_hash, e.created, e.package_version,"
            " COUNT(r.fold) AS tasks, COUNT(r.error) AS failed"
            " FROM experiments e LEFT JOIN results r ON r.experiment_id = e.id"
            " GROUP BY e.id ORDER BY e.id",
            self._con,
        )

    def config(self, name: str) -> dict[str, Any]:
        """The stored configuration of an experiment."""
        row = self._con.execute("SELECT config FROM experiments WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise KeyError(f"no experiment {name!r} in {self.path}")
        return dict(json.loads(row[0]))

    # -- datasets ---------------------------------------------------------------------
    def record_dataset(
        self,
        experiment_id: int,
        dataset: str,
        n_instances: int,
        n_features: int,
        classes: Iterable[Any],
    ) -> None:
        """Record a dataset's shape and class list (the code book of predictions).

        Raises
        ------
        ValueError
            If the dataset was recorded before with other classes or shape (the data
            changed under a resumed experiment).
        """
        labels = json.dumps([_json_label(c) for c in classes])
        row = self._con.execute(
            "SELECT n_instances, n_features, classes FROM datasets"
            " WHERE experiment_id = ? AND dataset = ?",
            (experiment_id, dataset),
        ).fetchone()
        if row is not None:
            if tuple(row) != (n_instances, n_features, labels):
                raise ValueError(
                    f"dataset {dataset!r} differs from the one this experiment started with "
                    f"({row[0]}×{row[1]}, classes {row[2]} then; {n_instances}×{n_features}, "
                    f"classes {labels} now)"
                )
            return
        with self._transaction() as con:
            con.execute(
                "INSERT INTO datasets VALUES (?, ?, ?, ?, ?)",
                (experiment_id, dataset, n_instances, n_features, labels),
            )

    # -- results ----------------------------------------------------------------------
    def finished_tasks(self, experiment_id: int, *, include_failed: bool = True) -> set[TaskKey]:
        """Keys of the tasks that have a row (failed ones only if ``include_failed``)."""
        sql = "SELECT dataset, method, repetition, fold FROM results WHERE experiment_id = ?"
        if not include_failed:
            sql += " AND error IS NULL"
        return {TaskKey(*row) for row in self._con.execute(sql, (experiment_id,))}

    def write_result(self, experiment_id: int, result: TaskResult) -> None:
        """Store one task's result (replacing a failed attempt) in one transaction."""
        key = result.key
        where = (experiment_id, key.dataset, key.method, key.repetition, key.fold)
        with self._transaction() as con:
            con.execute(
                "DELETE FROM results WHERE experiment_id = ? AND dataset = ? AND method = ?"
                " AND repetition = ? AND fold = ? AND error IS NOT NULL",
                where,
            )
            row = {
                "experiment_id": experiment_id,
                **key._asdict(),
                "seed": result.seed,
                "n_train": result.n_train,
                "n_test": result.n_test,
                "accuracy": result.accuracy,
                "fit_cpu": result.fit_cpu,
                "fit_wall": result.fit_wall,
                "predict_cpu": result.predict_cpu,
                "predict_wall": result.predict_wall,
                "ensemble_size": result.ensemble_size,
                "error": result.error,
                "finished": _now(),
                **{m: _real(result.scores.get(m)) for m in METRIC_COLUMNS},
                "metrics_note": result.metrics_note,
            }
            names = ", ".join(row)
            marks = ", ".join(f":{name}" for name in row)
            con.execute(f"INSERT INTO results ({names}) VALUES ({marks})", row)
            if result.ok and result.test_idx is not None:
                con.executemany(
                    "INSERT INTO predictions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    _prediction_rows(where, result),
                )


def _real(value: float | None) -> float | None:
    """A metric as stored: NaN (not computed) becomes NULL."""
    return None if value is None or np.isnan(value) else float(value)


def _prediction_rows(where: tuple[Any, ...], result: TaskResult) -> Iterator[tuple[Any, ...]]:
    assert result.test_idx is not None and result.y_true is not None
    assert result.y_pred is not None
    members = result.members
    for i, (idx, t, p) in enumerate(zip(result.test_idx, result.y_true, result.y_pred)):
        blob = None if members is None else members[i].astype("<i2").tobytes()
        yield (*where, int(idx), int(t), int(p), blob)


def _open(db: str | Path | ResultsStore) -> tuple[sqlite3.Connection, bool]:
    if isinstance(db, ResultsStore):
        return db._con, False
    if not Path(db).is_file():
        raise FileNotFoundError(f"no results database at {db}")
    con = sqlite3.connect(str(db))
    try:
        _check_store(con, Path(db), empty_ok=False)
    except NotAStoreError:
        con.close()
        raise
    return con, True


def _query(
    db: str | Path | ResultsStore, sql: str, experiment: str | None, extra: str = ""
) -> pd.DataFrame:
    con, owned = _open(db)
    try:
        params: list[Any] = []
        if experiment is not None:
            known = con.execute("SELECT 1 FROM experiments WHERE name = ?", (experiment,))
            if known.fetchone() is None:
                raise KeyError(f"no experiment {experiment!r} in the results database")
            sql += " AND e.name = ?"
            params.append(experiment)
        return pd.read_sql_query(sql + extra, con, params=params)
    finally:
        if owned:
            con.close()


def load_results(db: str | Path | ResultsStore, experiment: str | None = None) -> pd.DataFrame:
    """The tidy table of successful tasks: one row per (dataset, method, repetition, fold).

    Parameters
    ----------
    db : str, Path or ResultsStore
        The results database.
    experiment : str, optional
        Only this experiment (default: all of them).

    Returns
    -------
    DataFrame
        Columns ``dataset, method, repetition, fold, n_train, n_test, accuracy, fit_cpu,
        fit_wall, predict_cpu, predict_wall, ensemble_size``, the metrics of
        :data:`METRIC_COLUMNS` (NaN where not computed) and ``experiment``; failed tasks
        are left out (see :func:`load_failures`). Rows are sorted by experiment, dataset,
        method, repetition and fold.
    """
    con, owned = _open(db)
    try:
        have = set(_columns(con, "results"))
    finally:
        if owned:
            con.close()
    cols = ", ".join(f"r.{c}" if c in have else f"NULL AS {c}" for c in RESULT_COLUMNS)
    sql = (
        f"SELECT {cols}, e.name AS experiment FROM results r"
        " JOIN experiments e ON e.id = r.experiment_id WHERE r.error IS NULL"
    )
    order = " ORDER BY e.id, r.dataset, r.method, r.repetition, r.fold"
    frame = _query(db, sql, experiment, order)
    integers = {"repetition": "int64", "fold": "int64", "n_train": "int64", "n_test": "int64"}
    return frame.astype({**integers, **dict.fromkeys(METRIC_COLUMNS, "float64")})


EXPORT_FORMATS = ("csv", "parquet")


def export_results(
    db: str | Path | ResultsStore,
    path: str | Path | TextIO,
    experiment: str | None = None,
    *,
    fmt: str | None = None,
    include_failures: bool = False,
) -> pd.DataFrame:
    """Write the tidy per-split table of a store to CSV or Parquet, for other tools.

    One row per (dataset, method, repetition, fold) with plain numbers — the long
    format that scikit-posthocs' ``melt`` arguments and a pivot for autorank take.

    Parameters
    ----------
    db : str, Path or ResultsStore
        The results store.
    path : str, Path or text stream
        The file to write (a stream, e.g. ``sys.stdout``, takes CSV).
    experiment : str, optional
        Only this experiment (default: all; the ``experiment`` column tells them apart).
    fmt : {"csv", "parquet"}, optional
        Default: from the suffix of ``path`` (``.parquet``/``.pq``, else CSV).
    include_failures : bool, default=False
        Also write the failed tasks, with empty numbers and the first line of their
        ``error`` (the column is then present for every row, empty when the task ran).

    Returns
    -------
    DataFrame
        What was written: ``experiment`` followed by :data:`RESULT_COLUMNS` (and ``error``).

    Raises
    ------
    ImportError
        For Parquet without ``pyarrow`` (``pip install 'ensemble-lab[parquet]'``).
    """
    if fmt is None:
        suffix = Path(path).suffix.lower() if isinstance(path, str | Path) else ""
        fmt = "parquet" if suffix in {".parquet", ".pq"} else "csv"
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"Unknown export format {fmt!r}; use csv or parquet.")
    if fmt == "parquet" and importlib.util.find_spec("pyarrow") is None:
        raise ImportError(
            "Writing Parquet needs pyarrow: pip install 'ensemble-lab[parquet]' (or write CSV)."
        )
    frame = load_results(db, experiment)
    columns = ["experiment", *RESULT_COLUMNS]
    if include_failures:
        failures = load_failures(db, experiment)
        if len(failures):
            failures["error"] = [str(e).strip().splitlines()[0] for e in failures["error"]]
            keys = ["experiment", "dataset", "method", "repetition", "fold"]
            frame = pd.concat([frame, failures], ignore_index=True)
            frame = frame.sort_values(keys, kind="stable")
        columns.append("error")
    frame = frame.reindex(columns=columns).reset_index(drop=True)
    if fmt == "parquet":
        frame.to_parquet(path, index=False)
    else:
        frame.to_csv(path, index=False, lineterminator="\n")
    return frame


def load_datasets(db: str | Path | ResultsStore, experiment: str | None = None) -> pd.DataFrame:
    """The recorded shape of each dataset.

    Columns ``experiment, dataset, n_instances, n_features, n_classes``.
    """
    sql = (
        "SELECT e.name AS experiment, d.dataset, d.n_instances, d.n_features, d.classes"
        " FROM datasets d JOIN experiments e ON e.id = d.experiment_id WHERE 1 = 1"
    )
    frame = _query(db, sql, experiment, " ORDER BY e.id, d.dataset")
    frame["n_classes"] = [len(json.loads(c)) for c in frame.pop("classes")]
    return frame


def load_failures(db: str | Path | ResultsStore, experiment: str | None = None) -> pd.DataFrame:
    """Failed tasks: ``experiment, dataset, method, repetition, fold, n_train, n_test, error``."""
    sql = (
        "SELECT e.name AS experiment, r.dataset, r.method, r.repetition, r.fold,"
        " r.n_train, r.n_test, r.error"
        " FROM results r JOIN experiments e ON e.id = r.experiment_id"
        " WHERE r.error IS NOT NULL"
    )
    return _query(db, sql, experiment, " ORDER BY e.id, r.dataset, r.method, r.repetition, r.fold")


def load_predictions(
    db: str | Path | ResultsStore,
    experiment: str,
    dataset: str | None = None,
    method: str | None = None,
) -> pd.DataFrame:
    """Per-instance predictions of an experiment, with labels decoded.

    Returns
    -------
    DataFrame
        Columns ``dataset, method, repetition, fold, test_index, y_true, y_pred,
        members`` where ``members`` holds an array of each member's predicted label
        (or None when members were not recorded).
    """
    sql = (
        "SELECT p.dataset, p.method, p.repetition, p.fold, p.test_index, p.y_true, p.y_pred,"
        " p.members, d.classes FROM predictions p"
        " JOIN experiments e ON e.id = p.experiment_id"
        " JOIN datasets d ON d.experiment_id = p.experiment_id AND d.dataset = p.dataset"
        " WHERE 1 = 1"
    )
    extra = ""
    params: list[str] = []
    for column, value in (("dataset", dataset), ("method", method)):
        if value is not None:
            extra += f" AND p.{column} = ?"
            params.append(value)
    frame = _query_with(db, sql + extra, experiment, params)
    keys = ["dataset", "method", "repetition", "fold", "test_index"]
    frame = frame.sort_values(keys).reset_index(drop=True)
    y_true = np.empty(len(frame), dtype=object)
    y_pred = np.empty(len(frame), dtype=object)
    members: list[Any] = [None] * len(frame)
    for _, group in frame.groupby("dataset", sort=False):
        classes = np.asarray(json.loads(group["classes"].iloc[0]), dtype=object)
        rows = group.index.to_numpy()
        y_true[rows] = _decode(group["y_true"].to_numpy(), classes)
        y_pred[rows] = _decode(group["y_pred"].to_numpy(), classes)
        for row, blob in zip(rows, group["members"]):
            if blob is not None:
                members[row] = _decode(np.frombuffer(blob, dtype="<i2"), classes)
    frame["y_true"], frame["y_pred"], frame["members"] = y_true, y_pred, members
    return frame.drop(columns="classes")


def _decode(codes: NDArray[Any], classes: NDArray[Any]) -> NDArray[Any]:
    codes = np.asarray(codes, dtype=np.intp)
    out = np.empty(len(codes), dtype=object)
    out[:] = None  # -1 codes: a label outside the dataset's classes
    out[codes >= 0] = classes[codes[codes >= 0]]
    return out


def _query_with(
    db: str | Path | ResultsStore, sql: str, experiment: str, params: list[str]
) -> pd.DataFrame:
    con, owned = _open(db)
    try:
        known = con.execute("SELECT 1 FROM experiments WHERE name = ?", (experiment,))
        if known.fetchone() is None:
            raise KeyError(f"no experiment {experiment!r} in the results database")
        return pd.read_sql_query(sql + " AND e.name = ?", con, params=[*params, experiment])
    finally:
        if owned:
            con.close()
