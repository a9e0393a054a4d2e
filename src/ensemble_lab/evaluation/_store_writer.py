"""Writing a results store: :class:`ResultsStore`, which the run's coordinator holds."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ._compact import CompactStoreError, is_compact
from ._store_lock import _now
from ._store_schema import (
    _SCHEMA,
    METRIC_COLUMNS,
    _check_store,
    _configure,
    _upgrade,
    require_store_file,
)
from .records import delete_records, write_records
from .tasks import TaskKey, TaskResult

__all__ = ["ExperimentConflictError", "ResultsStore"]


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


def _json_label(label: Any) -> Any:
    return label.item() if isinstance(label, np.generic) else label


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
