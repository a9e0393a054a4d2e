"""Reading a results store: the tidy tables of its tasks, and their export.

Every reader takes the store's path (plain or compact) or an open :class:`ResultsStore`,
and opens a plain file read-only.
"""

from __future__ import annotations

import importlib.util
import json
import sqlite3
from pathlib import Path
from typing import Any, TextIO

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from ._compact import compact_connection, is_compact
from ._store_schema import (
    METRIC_COLUMNS,
    RESULT_COLUMNS,
    NotAStoreError,
    _check_store,
    _columns,
    _identity,
    require_store_file,
)
from ._store_writer import ResultsStore

__all__ = [
    "EXPORT_FORMATS",
    "WEKA_COLUMNS",
    "experiment_names",
    "export_results",
    "load_datasets",
    "load_failures",
    "load_predictions",
    "load_results",
    "load_warnings",
    "read_connection",
    "stored_configs",
    "weka_results_frame",
]


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
    >>> from ensemble_lab.evaluation.store import pack_store
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
