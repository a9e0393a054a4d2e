"""What a results store must hold for its numbers to be read, checked when it is opened.

A store written by a run always passes. One edited by hand or damaged on disk may hold
an accuracy of 5, a negative time, a prediction code outside its data set's classes or
a configuration that is not JSON; the reports would show such numbers as they are, or
fail deep inside. :func:`store_problem` finds the first such problem and says where.

Every check is one SQL query: a search that stops at the first bad row of ``results``
and one aggregate over ``predictions`` (the small ``experiments`` and ``datasets``
tables are read whole), so opening a store of a hundred thousand tasks stays fast.
Columns an earlier version did not write (the metrics, ``class_counts``) are checked
where present.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

__all__ = ["REQUIRED_COLUMNS", "store_problem"]

#: The columns every results store has had; later ones are added when a run opens it.
REQUIRED_COLUMNS: dict[str, tuple[str, ...]] = {
    "experiments": ("id", "name", "config", "config_hash", "created", "package_version"),
    "datasets": ("experiment_id", "dataset", "n_instances", "n_features", "classes"),
    "results": (
        "experiment_id", "dataset", "method", "repetition", "fold", "seed", "n_train",
        "n_test", "accuracy", "fit_cpu", "fit_wall", "predict_cpu", "predict_wall",
        "ensemble_size", "error", "finished",
    ),
    "predictions": (
        "experiment_id", "dataset", "method", "repetition", "fold", "test_index", "y_true",
        "y_pred",
    ),
}  # fmt: skip

_FRACTION = ("0 AND 1", "a fraction in [0, 1]")
_SECONDS = ("0 AND 1e300", "a number of seconds >= 0")

#: Column of ``results`` -> (the bounds of its non-NULL numbers, what it must be).
_NUMBERS: dict[str, tuple[str, str]] = {
    "accuracy": _FRACTION,
    "balanced_accuracy": _FRACTION,
    "f1_macro": _FRACTION,
    "auc": _FRACTION,
    "kappa": ("-1 AND 1", "in [-1, 1]"),
    "brier": ("0 AND 2", "in [0, 2]"),
    "log_loss": ("0 AND 1e300", "a number >= 0"),
    "fit_cpu": _SECONDS,
    "fit_wall": _SECONDS,
    "predict_cpu": _SECONDS,
    "predict_wall": _SECONDS,
}

#: Integer columns of ``results`` -> (their least value, what they must be).
_COUNTS: dict[str, tuple[int, str]] = {
    "n_train": (1, "a count >= 1"),
    "n_test": (1, "a count >= 1"),
    "repetition": (0, "an index >= 0"),
    "fold": (0, "an index >= 0"),
    "ensemble_size": (0, "a count >= 0"),
}


def store_problem(con: sqlite3.Connection) -> str | None:
    """The first thing that makes ``con``'s results store unreadable, or None.

    Parameters
    ----------
    con : sqlite3.Connection
        A connection to a database that has an ``experiments`` table.

    Returns
    -------
    str or None
        A sentence naming the table, the row and the value (None: the store is sound).
        A database SQLite cannot read (truncated, overwritten) raises
        :class:`sqlite3.DatabaseError` instead.

    Examples
    --------
    >>> import sqlite3
    >>> con = sqlite3.connect(":memory:")
    >>> _ = con.execute("CREATE TABLE experiments (id INTEGER, name TEXT)")
    >>> store_problem(con)
    "table 'experiments' has no column 'config'"
    """
    tables = {row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    for table, required in REQUIRED_COLUMNS.items():
        if table not in tables:
            return f"table {table!r} is missing"
        have = {row[1] for row in con.execute(f"PRAGMA table_info({table})")}
        missing = [column for column in required if column not in have]
        if missing:
            return f"table {table!r} has no column {missing[0]!r}"
    names = dict(con.execute("SELECT id, name FROM experiments").fetchall())
    return (
        _experiments_problem(con)
        or _results_problem(con, names)
        or _datasets_problem(con, names)  # after results: the codes are checked against it
    )


def _experiments_problem(con: sqlite3.Connection) -> str | None:
    """A stored configuration that is not a JSON object of the expected shape."""
    for name, text in con.execute("SELECT name, config FROM experiments"):
        where = f"the configuration of experiment {name!r}"
        try:
            config = json.loads(text)
        except (TypeError, ValueError):
            return f"{where} is not JSON ({_show(text)})"
        if not isinstance(config, dict):
            return f"{where} is not a JSON object ({_show(text)})"
        for key, kind in (("protocol", dict), ("methods", list), ("datasets", list)):
            if key in config and not isinstance(config[key], kind):
                what = "an object" if kind is dict else "a list"
                return f"{where} has a {key!r} that is not {what} ({_show(config[key])})"
    return None


def _rules(have: set[str]) -> dict[str, tuple[str, str]]:
    """Column -> (SQL true for a sound row, what the column must hold).

    ``BETWEEN`` with numbers is false for a text or a blob (SQLite orders them after
    every number), so no ``typeof`` is needed: it would double the time of the scan.
    """
    rules = {}
    for column, (condition, must) in _NUMBERS.items():
        if column in have:
            rules[column] = (f"({column} IS NULL OR {column} BETWEEN {condition})", must)
    for column, (least, must) in _COUNTS.items():
        nullable = "" if column != "ensemble_size" else f"{column} IS NULL OR "
        sound = f"{column} BETWEEN {least} AND 9e18 AND {column} = CAST({column} AS INTEGER)"
        rules[column] = (f"({nullable}({sound}))", must)
    rules["error"] = ("(error IS NOT NULL OR accuracy IS NOT NULL)", "")
    return rules


def _results_problem(con: sqlite3.Connection, names: dict[Any, Any]) -> str | None:
    """The first task whose numbers are out of their range (one pass over ``results``)."""
    have = {row[1] for row in con.execute("PRAGMA table_info(results)")}
    rules = _rules(have)
    columns = ", ".join(f"{sound} AS ok_{column}, {column}" for column, (sound, _) in rules.items())
    sql = (
        f"SELECT experiment_id, dataset, method, repetition, fold, {columns} FROM results"
        f" WHERE NOT ({' AND '.join(sound for sound, _ in rules.values())}) LIMIT 1"
    )
    row = con.execute(sql).fetchone()
    if row is None:
        return None
    experiment, dataset, method, repetition, fold, *checks = row
    results = dict(zip(rules, zip(checks[::2], checks[1::2])))
    column = next(c for c, (ok, _) in results.items() if not ok)
    sound, must = rules[column]
    count = con.execute(f"SELECT COUNT(*) FROM results WHERE NOT {sound}").fetchone()[0]
    task = (
        f"the task of experiment {names.get(experiment, experiment)!r}, dataset {dataset!r}, "
        f"method {method!r}, repetition {repetition!r}, fold {fold!r}"
    )
    if column == "error":
        problem = f"{task} has no accuracy and no error"
    else:
        problem = f"{task} has {column} = {_show(results[column][1])}, not {must}"
    return problem + (f" ({count} tasks like it)" if count > 1 else "")


def _datasets_problem(con: sqlite3.Connection, names: dict[Any, Any]) -> str | None:
    """A data set whose classes are not a list, or whose prediction codes fall outside it."""
    counts = "class_counts" in {row[1] for row in con.execute("PRAGMA table_info(datasets)")}
    sql = "SELECT experiment_id, dataset, n_instances, classes, {} FROM datasets"
    n_classes: dict[tuple[Any, Any], int] = {}
    for experiment, dataset, n, classes, class_counts in con.execute(
        sql.format("class_counts" if counts else "NULL")
    ):
        where = f"data set {dataset!r} of experiment {names.get(experiment, experiment)!r}"
        problem = _dataset_row_problem(n, classes, class_counts)
        if problem:
            return f"{where}: {problem}"
        n_classes[experiment, dataset] = len(json.loads(classes))
    codes = (
        "SELECT experiment_id, dataset, MIN(y_true), MAX(y_true), MIN(y_pred), MAX(y_pred),"
        " COUNT(*) FROM predictions GROUP BY experiment_id, dataset"
    )
    for experiment, dataset, *extremes, rows in con.execute(codes):
        where = f"the predictions of experiment {names.get(experiment, experiment)!r}, {dataset!r}"
        known = n_classes.get((experiment, dataset))
        if known is None:
            return f"{where} are of a data set the store does not record ({rows} rows)"
        true, pred = ("y_true", 0, known - 1), ("y_pred", -1, known - 1)  # -1: unknown label
        bounds = (true, true, pred, pred)
        for (column, least, most), value in zip(bounds, extremes):
            if not isinstance(value, int) or not least <= value <= most:
                return (
                    f"{where} hold the code {column} = {_show(value)}, outside the data set's "
                    f"{known} classes (codes 0 to {known - 1})"
                )
    return None


def _dataset_row_problem(n: Any, classes: Any, class_counts: Any) -> str | None:
    """What is wrong with one row of ``datasets``, or None."""
    try:
        labels = json.loads(classes)
    except (TypeError, ValueError):
        labels = None
    if not isinstance(labels, list) or not labels:
        return f"its classes are not a JSON list of labels ({_show(classes)})"
    if not isinstance(n, int) or n < 1:
        return f"its number of instances is {_show(n)}"
    if class_counts is None:
        return None
    try:
        counts = json.loads(class_counts)
    except (TypeError, ValueError):
        counts = None
    if not isinstance(counts, list) or not all(isinstance(c, int) and c >= 0 for c in counts):
        return f"its class counts are not a JSON list of counts ({_show(class_counts)})"
    if len(counts) != len(labels) or sum(counts) != n:
        return (
            f"its {len(labels)} classes have {len(counts)} counts summing to {sum(counts)} "
            f"for {n} instances"
        )
    return None


def _show(value: Any, limit: int = 40) -> str:
    """``value`` as a short ``repr`` (the start of a long text)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
