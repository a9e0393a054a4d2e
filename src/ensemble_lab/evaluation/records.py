"""Per-task records: what a probe keeps of each fitted estimator besides its scores.

An experiment may name *probes* (``[record] probes = ["package.module:function"]``, see
:class:`~ensemble_lab.evaluation.ExperimentConfig`): each is called on every task's
fitted estimator as ``probe(estimator, X_train, y_train, X_test, y_test)`` and returns
a :class:`pandas.DataFrame` — a boosting ensemble's errors after each round, the nodes
of a fitted tree, the time its projections took. The store keeps each frame with the
task (table ``records``, created by the first record written, so a store without
probes is unchanged), :func:`load_records` reads them back with the task's key, and
``verify`` compares a re-run's frames with the stored ones (:func:`records_differ`),
all columns but the measured times (:data:`TIME_SUFFIXES`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["TIME_SUFFIXES", "load_records", "probe_paths", "records_differ"]

#: Columns whose names end so are measured times: kept, but not compared by ``verify``.
TIME_SUFFIXES = ("_cpu", "_wall", "_ms")

KEY_COLUMNS = ["dataset", "method", "repetition", "fold"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    experiment_id INTEGER NOT NULL,
    dataset TEXT NOT NULL,
    method TEXT NOT NULL,
    repetition INTEGER NOT NULL,
    fold INTEGER NOT NULL,
    probe TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (experiment_id, dataset, method, repetition, fold, probe),
    FOREIGN KEY (experiment_id, dataset, method, repetition, fold)
        REFERENCES results (experiment_id, dataset, method, repetition, fold) ON DELETE CASCADE
)
"""


def encode(frame: pd.DataFrame) -> str:
    """A frame as JSON text that decodes to the same values (floats exactly, NaN kept)."""
    columns = {str(c): frame[c].tolist() for c in frame.columns}
    dtypes = {str(c): str(frame[c].dtype) for c in frame.columns}
    return json.dumps({"columns": columns, "dtypes": dtypes}, separators=(",", ":"))


def decode(text: str) -> pd.DataFrame:
    """The frame :func:`encode` wrote."""
    content = json.loads(text)
    frame = pd.DataFrame(content["columns"])
    return frame.astype({c: d for c, d in content["dtypes"].items() if d != "object"})


def _has_table(con: sqlite3.Connection) -> bool:
    found = con.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'records'")
    return found.fetchone() is not None


def write_records(
    con: sqlite3.Connection, where: tuple[Any, ...], records: Mapping[str, pd.DataFrame]
) -> None:
    """Store a task's records, inside the caller's transaction.

    ``where`` is the task's experiment id, data set, method, repetition and fold.
    """
    if not records:
        return
    con.execute(SCHEMA)
    rows = [(*where, probe, encode(frame)) for probe, frame in records.items()]
    con.executemany("INSERT OR REPLACE INTO records VALUES (?, ?, ?, ?, ?, ?, ?)", rows)


def delete_records(con: sqlite3.Connection, where: str, params: Iterable[Any]) -> None:
    """Delete the records of the tasks ``where`` selects (a condition on the key columns)."""
    if _has_table(con):
        con.execute(f"DELETE FROM records WHERE {where}", tuple(params))


def probe_paths(db: str | Path, experiment: str) -> list[str]:
    """The probes whose records ``experiment`` of the store ``db`` holds, sorted."""
    from .store import read_connection

    con = read_connection(db)
    try:
        if not _has_table(con):
            return []
        rows = con.execute(
            "SELECT DISTINCT probe FROM records r JOIN experiments e ON e.id = r.experiment_id"
            " WHERE e.name = ? ORDER BY probe",
            (experiment,),
        )
        return [row[0] for row in rows]
    finally:
        con.close()


def load_records(db: str | Path, experiment: str, probe: str | None = None) -> pd.DataFrame:
    """Every stored record of one probe of an experiment, one frame, task keys first.

    Parameters
    ----------
    db : str or Path
        The results store (plain or compact).
    experiment : str
        The experiment's name.
    probe : str, optional
        The probe's import path; may be left out when the experiment has one probe.

    Returns
    -------
    DataFrame
        Columns ``dataset, method, repetition, fold`` and then the probe's own, the
        tasks in the order of those keys, each task's rows in the order the probe gave.

    Raises
    ------
    KeyError
        When the experiment holds no records of ``probe`` (naming what it holds).

    Examples
    --------
    >>> import tempfile
    >>> from ensemble_lab.evaluation import ExperimentConfig, MethodSpec, run_experiment
    >>> config = ExperimentConfig(
    ...     "sizes", ["iris"], [MethodSpec("AdaBoost-10", name="AdaBoost-10")],
    ...     probes=["ensemble_lab.evaluation.probes:member_count"])
    >>> db = Path(tempfile.mkdtemp()) / "sizes.db"
    >>> _ = run_experiment(config, db)
    >>> load_records(db, "sizes").columns.tolist()
    ['dataset', 'method', 'repetition', 'fold', 'n_members']
    """
    held = probe_paths(db, experiment)
    if probe is None and len(held) == 1:
        probe = held[0]
    if probe not in held:
        raise KeyError(f"experiment {experiment!r} holds no records of {probe!r}; it has {held}")
    from .store import read_connection

    con = read_connection(db)
    try:
        rows = con.execute(
            "SELECT r.dataset, r.method, r.repetition, r.fold, r.data FROM records r"
            " JOIN experiments e ON e.id = r.experiment_id WHERE e.name = ? AND r.probe = ?"
            " ORDER BY r.dataset, r.method, r.repetition, r.fold",
            (experiment, probe),
        ).fetchall()
    finally:
        con.close()
    frames = [decode(row[4]).assign(**dict(zip(KEY_COLUMNS, row[:4]))) for row in rows]
    frame = pd.concat(frames, ignore_index=True)
    return frame[KEY_COLUMNS + [c for c in frame.columns if c not in KEY_COLUMNS]]


def records_differ(stored: pd.DataFrame, rerun: pd.DataFrame) -> str | None:
    """How a re-run's record differs from the stored one, or None when they agree.

    Every column is compared except measured times (:data:`TIME_SUFFIXES`); floats must
    be equal to the last bit (NaN equals NaN), as the task's scores must.
    """
    if list(stored.columns) != list(rerun.columns) or len(stored) != len(rerun):
        return f"shape {stored.shape} columns {list(stored.columns)} → {rerun.shape}"
    for column in (c for c in stored.columns if not str(c).endswith(TIME_SUFFIXES)):
        a, b = stored[column].to_numpy(), rerun[column].to_numpy()
        differ = a != b
        if a.dtype.kind == "f" and b.dtype.kind == "f":
            differ &= ~(np.isnan(a) & np.isnan(b))  # NaN equals NaN
        if differ.any():
            i = int(np.flatnonzero(differ)[0])
            return f"{column}[{i}]: stored {a[i].item()!r}, re-run {b[i].item()!r}"
    return None
