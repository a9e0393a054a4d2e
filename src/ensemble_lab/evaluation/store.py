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
    class_counts     TEXT     -- JSON list of each class's number of instances
    digest           TEXT     -- SHA-256 of the data as the tasks saw them
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
    warnings         TEXT NULL -- JSON list of the distinct warnings the task raised
    PRIMARY KEY (experiment_id, dataset, method, repetition, fold)

``predictions`` — optional, per test instance of a successful task::

    experiment_id, dataset, method, repetition, fold   -- the task
    test_index       INTEGER  -- row position in the dataset
    y_true, y_pred   INTEGER  -- codes into datasets.classes
    members          BLOB NULL -- each member's predicted code, little-endian int16
    PRIMARY KEY (experiment_id, dataset, method, repetition, fold, test_index)

:func:`load_results` returns the tidy per-task table the statistics and reports use;
:func:`export_results` writes it to CSV or Parquet for other tools.

Compact stores
--------------
A store at rest can be committed in a *compact* form, ``NAME.db.xz``: the file
``VACUUM``-ed and compressed with xz (:func:`pack_store`). Every reader of this module
accepts it — it is decompressed in memory and opened with
:meth:`sqlite3.Connection.deserialize`, so the same SQL reads it — and nothing writes to
it: :class:`ResultsStore` refuses it with :class:`CompactStoreError`, which says how to
get the plain file back (:func:`unpack_store`, or ``xz -dk``).
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

from ._compact import (
    COMPACT_SUFFIX,
    CompactStoreError,
    compact_connection,
    find_store,
    is_compact,
    pack_store,
    unpack_store,
)
from .records import delete_records, write_records
from .tasks import TaskKey, TaskResult

__all__ = [
    "COMPACT_SUFFIX",
    "METRIC_COLUMNS",
    "RESULT_COLUMNS",
    "CompactStoreError",
    "ExperimentConflictError",
    "NotAStoreError",
    "ResultsStore",
    "StoreInUseError",
    "exclusive_writer",
    "experiment_names",
    "export_results",
    "find_store",
    "is_compact",
    "load_failures",
    "load_predictions",
    "load_results",
    "load_warnings",
    "pack_store",
    "read_connection",
    "stored_configs",
    "unpack_store",
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
    class_counts TEXT,
    digest TEXT,
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
    warnings TEXT,
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
    """The file is not a results store, or a malformed one.

    Not SQLite, SQLite without the store's tables, or a store whose contents no run
    writes: a missing column, a number out of its range, a prediction code outside its
    data set's classes, a configuration that is not JSON (see :func:`_check_store`).
    """


def _check_store(con: sqlite3.Connection, path: Path, *, empty_ok: bool = True) -> None:
    """Raise :class:`NotAStoreError` unless ``con`` is a sound results store.

    With ``empty_ok``, an empty database that can become one passes too. A store's
    schema, value ranges and prediction codes are checked by SQL queries that stop at
    the first bad row (:func:`._store_check.store_problem`); a file found sound is not
    checked again until it changes (its size or modification time, or its WAL's).
    """
    from ._store_check import store_problem

    identity = _identity(path)
    if identity is not None and identity in _SOUND:
        return
    try:
        tables = {row[0] for row in con.execute("SELECT name FROM sqlite_master")}
        if (tables or not empty_ok) and "experiments" not in tables:
            raise NotAStoreError(
                f"{path} is an SQLite database but not a results store (it has no "
                "'experiments' table); give the store a run wrote, or a new file"
            )
        problem = store_problem(con) if tables else None
    except sqlite3.DatabaseError as exc:
        raise NotAStoreError(f"{path} is not a results store ({exc})") from None
    if problem is None and tables and identity is not None:
        if len(_SOUND) > 64:
            _SOUND.clear()
        _SOUND.add(identity)
    if problem is not None:
        raise NotAStoreError(
            f"{path} is a malformed results store: {problem} (edited or damaged? restore a "
            "copy, or run the experiment again into a new store)"
        )


#: The files :func:`_check_store` found sound, as :func:`_identity` gives them.
_SOUND: set[tuple[Any, ...]] = set()


def _identity(path: Path) -> tuple[Any, ...] | None:
    """The path, size and modification time of a store and of its WAL (None: no file)."""
    try:
        stats = [os.stat(path)]
        wal = path.with_name(path.name + "-wal")
        stats += [os.stat(wal)] if wal.exists() else []
        resolved = path.resolve()
    except OSError:
        return None
    return (resolved, *((s.st_size, s.st_mtime_ns, s.st_ino) for s in stats))


class StoreInUseError(RuntimeError):
    """Another run is writing to the results store."""


@contextmanager
def exclusive_writer(path: str | Path) -> Iterator[None]:
    """Hold the write lock of the store ``path`` for the duration of the block.

    The lock is an advisory ``flock`` on ``<path>.lock``, which records who holds it and
    is removed when the block ends. Readers (reports, ``load_results``) need no lock.
    Where the operating system has no ``flock`` (Windows), nothing is locked.

    Raises
    ------
    StoreInUseError
        When another process (or another run of this one) holds the lock; the message
        names it.

    Notes
    -----
    Removing the file could let two runs lock two different files: one that opened the
    old file before it was removed and one that created a new one. So a run that gets
    the lock checks that the path still names the file it locked, and starts over when
    it does not.
    """
    try:
        import fcntl
    except ImportError:  # no advisory locks: a second writer is not detected
        yield
        return
    path = Path(path).resolve()  # a symbolic link to the store locks the store itself
    lock_path = path.with_name(path.name + ".lock")
    handle = _locked(lock_path, fcntl)
    try:
        handle.seek(0)
        handle.truncate()
        handle.write(f"process {os.getpid()} on {socket.gethostname()}, since {_now()}\n")
        handle.flush()
        yield
    finally:
        lock_path.unlink(missing_ok=True)  # still holding the lock: see Notes
        fcntl.flock(handle, fcntl.LOCK_UN)
        handle.close()


def _locked(lock_path: Path, fcntl: Any) -> TextIO:
    """The lock file, opened and locked; it is the file the path names."""
    while True:
        handle = lock_path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise StoreInUseError(
                f"the results store {lock_path.with_suffix('')} is in use by another run "
                f"({holder}); wait for it to finish, or give this run another results store"
            ) from None
        try:
            same = os.stat(lock_path).st_ino == os.fstat(handle.fileno()).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return handle
        handle.close()  # removed by the run that just ended: lock the new file


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _json_label(label: Any) -> Any:
    return label.item() if isinstance(label, np.generic) else label


def _columns(con: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in con.execute(f"PRAGMA table_info({table})")]


def _upgrade(con: sqlite3.Connection) -> None:
    """Add the columns a store written by an earlier version lacks (kept NULL)."""
    have = set(_columns(con, "results"))
    for column in (*METRIC_COLUMNS, "metrics_note", "warnings"):
        if column not in have:
            kind = "REAL" if column in METRIC_COLUMNS else "TEXT"
            con.execute(f"ALTER TABLE results ADD COLUMN {column} {kind}")
    have = set(_columns(con, "datasets"))
    for column in ("class_counts", "digest"):
        if column not in have:
            con.execute(f"ALTER TABLE datasets ADD COLUMN {column} TEXT")


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
    CompactStoreError
        If ``path`` is a compact store (``.xz``): it is read only (see
        :func:`unpack_store`).

    Notes
    -----
    One process writes (the coordinator); readers (reports, a progress monitor) may
    open the same file at any time thanks to WAL mode.
    """

    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        self.path = Path(path)
        if is_compact(self.path):
            raise CompactStoreError.for_path(self.path)
        if self.path.is_dir() or not create:
            require_store_file(self.path)
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
            delete_records(con, where, (experiment_id, *labels))
            cur = con.execute(f"DELETE FROM results WHERE {where}", (experiment_id, *labels))
            return int(cur.rowcount)

    def discard_datasets(self, name: str, datasets: Iterable[str]) -> int:
        """Delete every stored task, prediction and record of these data sets; return how many.

        For a data set an experiment no longer runs (replaced by another file of it): the
        rest of the experiment is kept. The stored configuration is not changed (see
        :meth:`replace_config`).
        """
        experiment_id = self.experiment_id(name)
        if experiment_id is None:
            raise KeyError(f"no experiment {name!r} in {self.path}")
        names = list(datasets)
        where = f"experiment_id = ? AND dataset IN ({', '.join('?' * len(names))})"
        with self._transaction() as con:
            con.execute(f"DELETE FROM predictions WHERE {where}", (experiment_id, *names))
            delete_records(con, where, (experiment_id, *names))
            cur = con.execute(f"DELETE FROM results WHERE {where}", (experiment_id, *names))
            con.execute(f"DELETE FROM datasets WHERE {where}", (experiment_id, *names))
            return int(cur.rowcount)

    def backfill_metrics(self, name: str | None = None) -> int:
        """Compute the label metrics of tasks stored before they were recorded.

        Balanced accuracy, Cohen's kappa and macro-F1 follow from a task's recorded
        predictions; AUC, log loss and the Brier score need probabilities, which a store
        does not keep, and stay NaN (the task's ``metrics_note`` says so).

        Parameters
        ----------
        name : str, optional
            Only this experiment (default: all).

        Returns
        -------
        int
            The tasks filled in (those with predictions and no metrics yet).
        """
        from .metrics import label_metrics

        sql = (
            "SELECT r.experiment_id, r.dataset, r.method, r.repetition, r.fold, d.classes"
            " FROM results r JOIN experiments e ON e.id = r.experiment_id"
            " JOIN datasets d ON d.experiment_id = r.experiment_id AND d.dataset = r.dataset"
            " WHERE r.error IS NULL AND r.kappa IS NULL AND EXISTS (SELECT 1 FROM predictions p"
            " WHERE p.experiment_id = r.experiment_id AND p.dataset = r.dataset"
            " AND p.method = r.method AND p.repetition = r.repetition AND p.fold = r.fold)"
        )
        params: tuple[Any, ...] = ()
        if name is not None:
            sql, params = sql + " AND e.name = ?", (name,)
        tasks = self._con.execute(sql, params).fetchall()
        note = (
            "backfilled from the recorded predictions; auc, log_loss and brier need "
            "probabilities, which were not recorded"
        )
        with self._transaction() as con:
            for *key, classes in tasks:
                codes = np.array(
                    con.execute(
                        "SELECT y_true, y_pred FROM predictions WHERE experiment_id = ? AND"
                        " dataset = ? AND method = ? AND repetition = ? AND fold = ?",
                        key,
                    ).fetchall()
                )
                scores = label_metrics(codes[:, 0], codes[:, 1], len(json.loads(classes)))
                con.execute(
                    "UPDATE results SET balanced_accuracy = ?, kappa = ?, f1_macro = ?,"
                    " metrics_note = ? WHERE experiment_id = ? AND dataset = ? AND method = ?"
                    " AND repetition = ? AND fold = ?",
                    (
                        _real(scores["balanced_accuracy"]),
                        _real(scores["kappa"]),
                        _real(scores["f1_macro"]),
                        note,
                        *key,
                    ),
                )
        return len(tasks)

    @staticmethod
    def _delete(con: sqlite3.Connection, experiment_id: int) -> None:
        delete_records(con, "experiment_id = ?", (experiment_id,))
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
        *,
        class_counts: Iterable[int] | None = None,
        digest: str | None = None,
    ) -> None:
        """Record a dataset as the tasks see it: shape, classes (the code book), digest.

        Parameters
        ----------
        experiment_id : int
        dataset : str
        n_instances, n_features : int
        classes : iterable
            The sorted class labels; prediction codes are positions in this list.
        class_counts : iterable of int, optional
            Instances of each class (the report says which are smaller than the folds).
        digest : str, optional
            A digest of the data (:func:`~ensemble_lab.evaluation.tasks.dataset_digest`).

        Raises
        ------
        ValueError
            If the dataset was recorded before with another shape, other classes or
            another digest: the data changed under a resumed or extended experiment, and
            its new tasks would be compared with results of other data.
        """
        labels = json.dumps([_json_label(c) for c in classes])
        counts = None if class_counts is None else json.dumps([int(c) for c in class_counts])
        row = self._con.execute(
            "SELECT n_instances, n_features, classes, digest FROM datasets"
            " WHERE experiment_id = ? AND dataset = ?",
            (experiment_id, dataset),
        ).fetchone()
        if row is not None:
            if tuple(row[:3]) != (n_instances, n_features, labels):
                raise ValueError(
                    f"dataset {dataset!r} differs from the one this experiment started with "
                    f"({row[0]}×{row[1]}, classes {row[2]} then; {n_instances}×{n_features}, "
                    f"classes {labels} now); start over with --new, or give it another name"
                )
            if digest is not None and row[3] is not None and row[3] != digest:
                raise ValueError(
                    f"dataset {dataset!r} is not the data this experiment's results were "
                    "computed on (same shape and classes, other values); start over with "
                    "--new, or give the new data another name"
                )
            if digest is not None and row[3] is None:  # stored before digests were kept
                self._set_dataset(experiment_id, dataset, counts, digest)
            return
        with self._transaction() as con:
            con.execute(
                "INSERT INTO datasets (experiment_id, dataset, n_instances, n_features, classes,"
                " class_counts, digest) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (experiment_id, dataset, n_instances, n_features, labels, counts, digest),
            )

    def _set_dataset(
        self, experiment_id: int, dataset: str, counts: str | None, digest: str
    ) -> None:
        with self._transaction() as con:
            con.execute(
                "UPDATE datasets SET class_counts = ?, digest = ?"
                " WHERE experiment_id = ? AND dataset = ?",
                (counts, digest, experiment_id, dataset),
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
                "warnings": json.dumps(result.warnings) if result.warnings else None,
            }
            names = ", ".join(row)
            marks = ", ".join(f":{name}" for name in row)
            con.execute(f"INSERT INTO results ({names}) VALUES ({marks})", row)
            if result.ok and result.test_idx is not None:
                con.executemany(
                    "INSERT INTO predictions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    _prediction_rows(where, result),
                )
            if result.ok:
                write_records(con, where, result.records)


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


def require_store_file(path: str | Path) -> Path:
    """``path`` as a Path if it is a file; a one-line error naming it otherwise."""
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(f"the results store {path} is a directory; give a file")
    if not path.is_file():
        raise FileNotFoundError(f"no results store at {path}")
    return path


def read_connection(path: str | Path) -> sqlite3.Connection:
    """A read-only connection to the store ``path``, plain or compact, checked sound.

    A plain store is opened read-only (reading never changes its file); a compact one
    (``.xz``) is decompressed into memory (once per file version) and opened there.

    Raises
    ------
    FileNotFoundError, IsADirectoryError
        When ``path`` is not a file.
    NotAStoreError
        When it is not a results store (or not xz data, for a compact one).

    Examples
    --------
    >>> import tempfile
    >>> db = Path(tempfile.mkdtemp()) / "study.db"
    >>> ResultsStore(db).close()
    >>> con = read_connection(pack_store(db))
    >>> con.execute("SELECT COUNT(*) FROM experiments").fetchone()
    (0,)
    >>> con.close()
    """
    path = require_store_file(path)
    if is_compact(path):
        try:
            con = compact_connection(path, _identity(path))
        except (ValueError, sqlite3.DatabaseError) as exc:
            raise NotAStoreError(f"{path} is not a results store ({exc})") from None
    else:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        _check_store(con, path, empty_ok=False)
    except NotAStoreError:
        con.close()
        raise
    return con


def _open(db: str | Path | ResultsStore) -> tuple[sqlite3.Connection, bool]:
    """A connection to read ``db``, and whether the caller closes it."""
    if isinstance(db, ResultsStore):
        return db._con, False
    return read_connection(db), True


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


EXPORT_FORMATS = ("csv", "parquet", "arff")

#: Weka Experimenter's names of the columns :func:`export_results` writes as ARFF
#: (``Key_Run`` and ``Key_Fold`` count from 1 there); the metrics Weka 3.6 does not
#: record keep descriptive names of the same style.
WEKA_COLUMNS: dict[str, str] = {
    "dataset": "Key_Dataset",
    "repetition": "Key_Run",
    "fold": "Key_Fold",
    "method": "Key_Scheme",
    "n_train": "Number_of_training_instances",
    "n_test": "Number_of_testing_instances",
    "accuracy": "Percent_correct",
    "balanced_accuracy": "Percent_balanced_correct",
    "kappa": "Kappa_statistic",
    "f1_macro": "Unweighted_macro_avg_F_measure",
    "auc": "Weighted_avg_area_under_ROC",
    "log_loss": "Log_loss",
    "brier": "Brier_score",
    "fit_cpu": "UserCPU_Time_training",
    "predict_cpu": "UserCPU_Time_testing",
    "fit_wall": "Elapsed_Time_training",
    "predict_wall": "Elapsed_Time_testing",
    "ensemble_size": "Ensemble_size",
}


def weka_results_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """The tidy results in the layout of Weka's Experimenter results (an ARFF it reads).

    One row per task, columns :data:`WEKA_COLUMNS`: data set and scheme nominal, run and
    fold from 1, accuracies in percent. Weka's ``PairedCorrectedTTester`` reads it with
    ``-D 1 -R 2 -F 3 -G 4`` and ``-c`` the column to compare (7 for ``Percent_correct``).
    """
    out = pd.DataFrame(
        {
            "Key_Dataset": pd.Categorical(frame["dataset"], list(dict.fromkeys(frame["dataset"]))),
            "Key_Run": frame["repetition"].astype(float) + 1,
            "Key_Fold": frame["fold"].astype(float) + 1,
            "Key_Scheme": pd.Categorical(frame["method"], list(dict.fromkeys(frame["method"]))),
        }
    )
    for column, name in list(WEKA_COLUMNS.items())[4:]:
        scale = 100.0 if column in ("accuracy", "balanced_accuracy") else 1.0
        out[name] = frame[column].astype(float).to_numpy() * scale
    return out.reset_index(drop=True)


def export_results(
    db: str | Path | ResultsStore,
    path: str | Path | TextIO,
    experiment: str | None = None,
    *,
    fmt: str | None = None,
    include_failures: bool = False,
    metric: str | None = None,
) -> pd.DataFrame:
    """Write the tidy per-split table of a store to CSV, Parquet or ARFF, for other tools.

    One row per (dataset, method, repetition, fold) with plain numbers — the long
    format that scikit-posthocs' ``melt`` arguments and a pivot for autorank take; as
    ARFF, in the layout of Weka's Experimenter results (:func:`weka_results_frame`),
    which Weka's testers read.

    Parameters
    ----------
    db : str, Path or ResultsStore
        The results store.
    path : str, Path or text stream
        The file to write (a stream, e.g. ``sys.stdout``, takes CSV).
    experiment : str, optional
        Only this experiment (default: all; the ``experiment`` column tells them apart).
    fmt : {"csv", "parquet", "arff"}, optional
        Default: from the suffix of ``path`` (``.parquet``/``.pq``, ``.arff``, else
        CSV).
    include_failures : bool, default=False
        Also write the failed tasks, with empty numbers and the first line of their
        ``error`` (the column is then present for every row, empty when the task ran).
    metric : str, optional
        Only this metric (of :data:`METRIC_COLUMNS` or ``accuracy``) beside the keys,
        sizes, times and ensemble size (default: every metric).

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
        known = {".parquet": "parquet", ".pq": "parquet", ".arff": "arff", ".csv": "csv", "": "csv"}
        if suffix not in known:
            raise ValueError(
                f"cannot tell the format of {path} from its suffix {suffix!r}: name it .csv, "
                ".parquet or .arff, or choose the format (csv, parquet, arff)"
            )
        fmt = known[suffix]
    if fmt not in EXPORT_FORMATS:
        raise ValueError(f"Unknown export format {fmt!r}; use csv, parquet or arff.")
    if fmt == "parquet" and importlib.util.find_spec("pyarrow") is None:
        raise ImportError(
            "Writing Parquet needs pyarrow: pip install 'ensemble-lab[parquet]' (or write CSV)."
        )
    frame = load_results(db, experiment)
    columns = ["experiment", *RESULT_COLUMNS]
    if metric is not None:
        if metric not in ("accuracy", *METRIC_COLUMNS):
            raise ValueError(f"unknown metric {metric!r}; the metrics are: accuracy, "
                             f"{', '.join(METRIC_COLUMNS)}")  # fmt: skip
        dropped = {"accuracy", *METRIC_COLUMNS} - {metric}
        columns = [c for c in columns if c not in dropped]
    if include_failures:
        failures = load_failures(db, experiment)
        if len(failures):
            failures["error"] = [str(e).strip().splitlines()[0] for e in failures["error"]]
            keys = ["experiment", "dataset", "method", "repetition", "fold"]
            frame = pd.concat([frame, failures], ignore_index=True)
            frame = frame.sort_values(keys, kind="stable")
        columns.append("error")
    frame = frame.reindex(columns=columns).reset_index(drop=True)
    if fmt == "arff":
        from ensemble_lab.datasets import save_arff

        if not isinstance(path, str | Path):
            raise ValueError("ARFF is written to a file: give its path")
        weka = weka_results_frame(frame.reindex(columns=["experiment", *RESULT_COLUMNS]))
        keep = [name for column, name in WEKA_COLUMNS.items() if column in columns]
        save_arff(weka[keep], path, relation="ensemble-lab results")
    elif fmt == "parquet":
        frame.to_parquet(path, index=False)
    else:
        frame.to_csv(path, index=False, lineterminator="\n")
    return frame


def experiment_names(db: str | Path | ResultsStore) -> list[str]:
    """The names of the experiments a store holds, in the order they were created."""
    con, owned = _open(db)
    try:
        return [row[0] for row in con.execute("SELECT name FROM experiments ORDER BY id")]
    finally:
        if owned:
            con.close()


def stored_configs(db: str | Path | ResultsStore) -> dict[str, dict[str, Any]]:
    """Each experiment's stored configuration by name, in the order they were created.

    Read only, as :func:`experiment_names`: unlike opening a :class:`ResultsStore`, it
    adds no column a store of an earlier version lacks.
    """
    con, owned = _open(db)
    try:
        rows = con.execute("SELECT name, config FROM experiments ORDER BY id").fetchall()
    finally:
        if owned:
            con.close()
    return {name: dict(json.loads(config)) for name, config in rows}


def load_datasets(db: str | Path | ResultsStore, experiment: str | None = None) -> pd.DataFrame:
    """The recorded shape of each dataset.

    Columns ``experiment, dataset, n_instances, n_features, n_classes`` and
    ``class_counts`` (``{class: instances}``; None for a store written before they were
    kept).
    """
    con, owned = _open(db)
    try:
        counts = "d.class_counts" if "class_counts" in _columns(con, "datasets") else "NULL"
    finally:
        if owned:
            con.close()
    sql = (
        "SELECT e.name AS experiment, d.dataset, d.n_instances, d.n_features, d.classes,"
        f" {counts} AS class_counts"
        " FROM datasets d JOIN experiments e ON e.id = d.experiment_id WHERE 1 = 1"
    )
    frame = _query(db, sql, experiment, " ORDER BY e.id, d.dataset")
    classes = [json.loads(c) for c in frame.pop("classes")]
    frame["n_classes"] = [len(c) for c in classes]
    frame["class_counts"] = [
        dict(zip(c, json.loads(n))) if isinstance(n, str) else None  # NULL may read as NaN
        for c, n in zip(classes, frame["class_counts"])
    ]
    return frame


def load_warnings(db: str | Path | ResultsStore, experiment: str | None = None) -> pd.DataFrame:
    """The warnings the tasks raised: one row per (method, warning), with their counts.

    Columns ``experiment, method, warning, tasks`` (the number of tasks that raised it)
    and ``datasets`` (where, sorted).
    """
    con, owned = _open(db)
    try:
        kept = "warnings" in _columns(con, "results")
    finally:
        if owned:
            con.close()
    columns = ["experiment", "method", "warning", "tasks", "datasets"]
    if not kept:
        return pd.DataFrame(columns=columns)
    sql = (
        "SELECT e.name AS experiment, r.dataset, r.method, r.warnings FROM results r"
        " JOIN experiments e ON e.id = r.experiment_id WHERE r.warnings IS NOT NULL"
    )
    raw = _query(db, sql, experiment, " ORDER BY e.id, r.method")
    rows = [
        (row.experiment, row.method, text, row.dataset)
        for row in raw.itertuples()
        for text in json.loads(row.warnings)
    ]
    frame = pd.DataFrame(rows, columns=["experiment", "method", "warning", "dataset"])
    grouped = frame.groupby(["experiment", "method", "warning"], sort=False)["dataset"]
    out = grouped.agg(tasks="size", datasets=lambda d: sorted(set(d))).reset_index()
    return out.reindex(columns=columns)


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
    for name, group in frame.groupby("dataset", sort=False):
        classes = np.asarray(json.loads(group["classes"].iloc[0]), dtype=object)
        rows = group.index.to_numpy()
        y_true[rows] = _decode(group["y_true"].to_numpy(), classes)
        y_pred[rows] = _decode(group["y_pred"].to_numpy(), classes)
        for row, blob in zip(rows, group["members"]):
            if blob is not None:
                members[row] = _member_labels(blob, classes, (db, name))
    frame["y_true"], frame["y_pred"], frame["members"] = y_true, y_pred, members
    return frame.drop(columns="classes")


def _member_labels(blob: bytes, classes: NDArray[Any], where: tuple[Any, Any]) -> NDArray[Any]:
    """The members' labels of one prediction; raise if the blob is not theirs.

    The check on opening covers the other codes with one SQL aggregate; the members'
    codes are read here, as they are decoded.
    """
    codes = np.frombuffer(blob[: len(blob) - len(blob) % 2], dtype="<i2").astype(np.intp)
    wrong = codes[(codes < -1) | (codes >= len(classes))]
    if len(blob) % 2 or len(wrong):
        db, dataset = where
        what = f"the code {wrong[0]}" if len(wrong) else f"an odd number of bytes ({len(blob)})"
        raise NotAStoreError(
            f"{getattr(db, 'path', db)} is a malformed results store: the members' "
            f"predictions of data set {dataset!r} hold {what}, not codes of its "
            f"{len(classes)} classes (edited or damaged? restore a copy, or run the "
            "experiment again into a new store)"
        )
    return _decode(codes, classes)


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
