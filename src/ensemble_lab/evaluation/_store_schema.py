"""The results store's schema, and opening a store: checked sound before it is used.

The tables are described in :mod:`~ensemble_lab.evaluation.store`. A store written by an
earlier version gains the columns it lacks when it is opened for writing
(:func:`_upgrade`); a file that is not a store, or a malformed one, is refused with
:class:`NotAStoreError` (:func:`_check_store`).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

__all__ = [
    "METRIC_COLUMNS",
    "RESULT_COLUMNS",
    "NotAStoreError",
    "require_store_file",
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


def require_store_file(path: str | Path) -> Path:
    """``path`` as a Path if it is a file; a one-line error naming it otherwise."""
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(f"the results store {path} is a directory; give a file")
    if not path.is_file():
        raise FileNotFoundError(f"no results store at {path}")
    return path
