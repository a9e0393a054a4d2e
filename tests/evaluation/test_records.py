"""Per-task records of probes: stored exactly, read back with their keys, verified."""

import sqlite3

import numpy as np
import pandas as pd
import pytest
from sklearn.ensemble import AdaBoostClassifier

from ensemble_lab.evaluation import ExperimentConfig, MethodSpec, run_experiment
from ensemble_lab.evaluation.config import parse_config
from ensemble_lab.evaluation.protocols import RepeatedCV
from ensemble_lab.evaluation.records import decode, encode, load_records, records_differ
from ensemble_lab.evaluation.store import load_results
from ensemble_lab.evaluation.verify import verify_store

COUNT = "ensemble_lab.evaluation.probes:member_count"
ROUNDS = "probes_of_this_test:round_errors"

PROBES = """
import numpy as np
import pandas as pd

def round_errors(estimator, X_train, y_train, X_test, y_test):
    # test error after each boosting round, and a time column verify must not compare
    errors = [float(np.mean(p != np.asarray(y_test))) for p in estimator.staged_predict(X_test)]
    return pd.DataFrame({"round": np.arange(1, len(errors) + 1), "error": errors,
                         "fit_cpu": np.random.default_rng().random(len(errors))})

def not_a_frame(estimator, X_train, y_train, X_test, y_test):
    return [1, 2]
"""


@pytest.fixture(autouse=True)
def _probe_module(tmp_path, monkeypatch):
    """The probes above as an importable module (tasks run in this process: n_jobs=1)."""
    (tmp_path / "probes_of_this_test.py").write_text(PROBES)
    monkeypatch.syspath_prepend(str(tmp_path))


def _config(*probes, name="boost"):
    method = MethodSpec("AdaBoost", estimator=AdaBoostClassifier(n_estimators=10))
    return ExperimentConfig(name, ["sonar"], [method], protocol=RepeatedCV(3, 1), probes=probes)


def test_a_frame_survives_the_store_exactly():
    frame = pd.DataFrame(
        {"x": [0.1 + 0.2, np.nan, 1e-300], "n": [1, 2, 3], "s": ["a", "b", "c"], "b": [1, 0, 1]}
    ).astype({"b": bool})
    back = decode(encode(frame))
    pd.testing.assert_frame_equal(back, frame)
    assert back["x"][0] == 0.1 + 0.2


def test_records_are_stored_with_their_task_and_match_an_independent_computation(tmp_path):
    db = tmp_path / "r.db"
    run_experiment(_config(ROUNDS, COUNT), db)
    rounds = load_records(db, "boost", ROUNDS)
    counts = load_records(db, "boost", COUNT)
    results = load_results(db, "boost")
    assert list(rounds.columns[:4]) == ["dataset", "method", "repetition", "fold"]
    # the last round's error is the task's stored error, for every fold
    last = rounds.groupby("fold")["error"].last().to_numpy()
    accuracy = results.sort_values("fold")["accuracy"].to_numpy()
    np.testing.assert_allclose(last, 1 - accuracy, rtol=0, atol=1e-15)
    # one row per member, as the ensemble size the runner records
    per_fold = rounds.groupby("fold").size().to_numpy()
    np.testing.assert_array_equal(per_fold, counts["n_members"].to_numpy())
    np.testing.assert_array_equal(per_fold, results.sort_values("fold")["ensemble_size"])


def test_a_store_without_probes_has_no_records_table(tmp_path):
    db = tmp_path / "plain.db"
    run_experiment(_config(), db)
    with sqlite3.connect(db) as con:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
    assert "records" not in tables
    assert "probes" not in _config().to_dict()["record"]
    with pytest.raises(KeyError, match="holds no records"):
        load_records(db, "boost")


def test_verify_compares_records_but_not_times(tmp_path):
    db = tmp_path / "r.db"
    run_experiment(_config(ROUNDS), db)  # fit_cpu is random: a re-run always differs there
    assert verify_store(db, sample=3).ok
    with sqlite3.connect(db) as con:
        text = con.execute("SELECT data FROM records WHERE fold = 1").fetchone()[0]
        frame = decode(text)
        frame.loc[2, "error"] += 1e-12
        con.execute("UPDATE records SET data = ? WHERE fold = 1", (encode(frame),))
    report = verify_store(db, sample=3)
    assert not report.ok
    (bad,) = report.failures
    assert bad.key.fold == 1 and "round_errors: error[2]" in bad.detail


def test_records_differ_names_the_first_difference():
    a = pd.DataFrame({"error": [0.5, np.nan], "x_ms": [1.0, 2.0]})
    assert records_differ(a, a.assign(x_ms=[9.0, 9.0])) is None
    assert records_differ(a, a.assign(error=[0.5, 0.1])) == "error[1]: stored nan, re-run 0.1"
    assert "shape" in records_differ(a, a.iloc[:1])


def test_a_bad_probe_is_named():
    with pytest.raises(ValueError, match=r"record.probes\[0\]: cannot import the probe nowhere:f"):
        _config("nowhere:f")
    with pytest.raises(ValueError, match=r"expected 'package.module:function'"):
        parse_config({"name": "x", "datasets": ["iris"], "methods": [{"name": "J48"}],
                      "record": {"probes": ["no_colon"]}})  # fmt: skip


def test_a_probe_that_returns_no_frame_fails_its_task(tmp_path):
    summary = run_experiment(_config("probes_of_this_test:not_a_frame"), tmp_path / "x.db")
    assert summary.failed == 3
    assert "returned list, not a DataFrame" in summary.failures[0][1]
