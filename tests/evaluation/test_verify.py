"""``verify``: stored tasks re-run from the store alone give the stored numbers, or say why not."""

import sqlite3

import numpy as np
import pytest
from sklearn.tree import DecisionTreeClassifier
from typer.testing import CliRunner

from ensemble_lab.cli import app
from ensemble_lab.evaluation import (
    ExperimentConfig,
    ExperimentConflictError,
    MethodSpec,
    RepeatedCV,
    load_results,
    run_experiment,
)
from ensemble_lab.evaluation.verify import verify_store
from ensemble_lab.methods import ProjectionBoostingClassifier

runner = CliRunner()

PB = MethodSpec(label="PB", name="PB-HDA", base="j48", params={"n_estimators": 3})
TREE = MethodSpec.from_estimator("tree", DecisionTreeClassifier(min_samples_leaf=3))
J48 = MethodSpec(label="J48", name="J48")


def _run(tmp_path, *, record=False, **kw):
    config = ExperimentConfig(
        name="v",
        datasets=("iris", "glass"),
        methods=(J48, TREE, PB),
        protocol=RepeatedCV(n_folds=3, n_repetitions=2),
        seed=3,
        record_predictions=record,
        record_members=record,
    )
    db = tmp_path / "v.db"
    summary = run_experiment(config, db, **kw)
    return config, db, summary


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("verify")
    _, db, _ = _run(tmp, record=True)
    return db


def _copy(db, tmp_path):
    target = tmp_path / "copy.db"
    with sqlite3.connect(db) as src, sqlite3.connect(target) as dst:
        src.backup(dst)
    return target


def test_every_task_of_a_fresh_store_gives_its_numbers_again(stored):
    report = verify_store(stored, sample=100)
    assert report.n_tasks == 2 * 3 * 2 * 3  # datasets × methods × repetitions × folds
    assert len(report.checks) == report.n_tasks
    assert report.ok, report.frame()
    assert {c.status for c in report.checks} == {"same"}
    assert all(c.rerun == c.stored for c in report.checks)


def test_a_sample_is_drawn_by_seed_and_limited_by_stored_cpu(stored):
    a = verify_store(stored, sample=4, seed=1)
    b = verify_store(stored, sample=4, seed=1)
    c = verify_store(stored, sample=4, seed=2)
    assert [x.key for x in a.checks] == [x.key for x in b.checks]
    assert [x.key for x in a.checks] != [x.key for x in c.checks]
    assert len(verify_store(stored, sample=50, max_seconds=0.0).checks) == 0


def test_a_changed_accuracy_is_found(stored, tmp_path):
    db = _copy(stored, tmp_path)
    with sqlite3.connect(db) as con:
        con.execute(
            "UPDATE results SET accuracy = accuracy - 0.01 WHERE method = 'tree' AND "
            "dataset = 'glass' AND repetition = 1 AND fold = 2"
        )
    report = verify_store(db, sample=100)
    (bad,) = report.failures
    assert (bad.key.dataset, bad.key.method, bad.key.repetition, bad.key.fold) == (
        "glass", "tree", 1, 2
    )  # fmt: skip
    assert bad.status == "differs" and bad.detail == "accuracy"
    assert bad.rerun == pytest.approx(bad.stored + 0.01)


def test_probability_scores_compare_to_the_last_bits_and_label_scores_exactly(stored, tmp_path):
    db = _copy(stored, tmp_path)
    where = "WHERE method = 'J48' AND dataset = 'iris' AND repetition = 0 AND fold = 1"
    with sqlite3.connect(db) as con:  # a machine's last bits: not a difference
        con.execute(f"UPDATE results SET log_loss = log_loss * (1 + 4e-16) {where}")
    assert verify_store(db, sample=100).ok
    with sqlite3.connect(db) as con:  # a real change of a probability score
        con.execute(f"UPDATE results SET log_loss = log_loss * (1 + 1e-6) {where}")
    (bad,) = verify_store(db, sample=100).failures
    assert bad.status == "differs" and bad.detail == "log_loss"
    with sqlite3.connect(db) as con:  # a score made of counts compares exactly
        con.execute(f"UPDATE results SET log_loss = log_loss / (1 + 1e-6) {where}")
        con.execute(f"UPDATE results SET kappa = kappa * (1 + 4e-16) {where}")
    (bad,) = verify_store(db, sample=100).failures
    assert bad.detail == "kappa"


def test_changed_predictions_with_the_same_accuracy_are_found(stored, tmp_path):
    db = _copy(stored, tmp_path)
    with sqlite3.connect(db) as con:
        # swap two predictions of one task: the accuracy stays, the predictions do not
        rows = con.execute(
            "SELECT test_index, y_pred FROM predictions WHERE method = 'J48' AND "
            "dataset = 'iris' AND repetition = 0 AND fold = 0 ORDER BY test_index"
        ).fetchall()
        (i, a), (j, b) = next((r, s) for r in rows for s in rows if r[1] != s[1])
        for index, value in ((i, b), (j, a)):
            con.execute(
                "UPDATE predictions SET y_pred = ? WHERE method = 'J48' AND dataset = 'iris'"
                " AND repetition = 0 AND fold = 0 AND test_index = ?",
                (value, index),
            )
    (bad,) = verify_store(db, sample=100, experiments=["v"]).failures
    assert bad.status == "differs" and bad.detail == f"2 of {len(rows)} predictions"


def test_a_method_of_another_results_revision_is_stale_and_can_be_rerun(
    stored, tmp_path, monkeypatch
):
    db = _copy(stored, tmp_path)
    monkeypatch.setattr(
        ProjectionBoostingClassifier,
        "_results_revision",
        ProjectionBoostingClassifier._results_revision + 1,
    )
    report = verify_store(db, sample=100)
    stale = {c.key.method for c in report.failures}
    assert stale == {"PB"} and {c.status for c in report.failures} == {"stale"}
    assert "ProjectionBoostingClassifier" in report.failures[0].detail
    # a run of the same experiment refuses the store, or reruns that method only
    with pytest.raises(ExperimentConflictError, match="another revision"):
        _run_same(db)
    before = load_results(db, "v")
    summary = _run_same(db, rerun_revised=True)
    assert list(summary.rerun) == ["PB"]
    assert summary.skipped == 24 and summary.done == 12  # the other methods are kept
    after = load_results(db, "v")
    kept = before["method"] != "PB"
    assert after[after["method"] != "PB"]["fit_cpu"].tolist() == before[kept]["fit_cpu"].tolist()
    assert verify_store(db, sample=100).ok


def _run_same(db, **kw):
    config = ExperimentConfig(
        name="v",
        datasets=("iris", "glass"),
        methods=(J48, TREE, PB),
        protocol=RepeatedCV(n_folds=3, n_repetitions=2),
        seed=3,
        record_predictions=True,
        record_members=True,
    )
    return run_experiment(config, db, **kw)


def test_a_dataset_that_changed_is_an_error_not_a_difference(stored, tmp_path):
    db = _copy(stored, tmp_path)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE datasets SET n_features = 5 WHERE dataset = 'iris'")
    report = verify_store(db, sample=100)
    errors = [c for c in report.failures if c.status == "error"]
    assert errors and {c.key.dataset for c in report.failures} == {"iris"}
    assert "is not the one stored" in errors[0].detail


def test_the_command_prints_the_tasks_and_exits_1_on_a_difference(stored, tmp_path):
    ok = runner.invoke(app, ["verify", str(stored), "-n", "5"], terminal_width=100)
    assert ok.exit_code == 0, ok.output
    assert "5 of 36 stored tasks re-run" in ok.output
    assert "All 5 task(s) gave the stored numbers." in ok.output
    db = _copy(stored, tmp_path)
    with sqlite3.connect(db) as con:
        con.execute("UPDATE results SET accuracy = 0.25")
    bad = runner.invoke(app, ["verify", str(db), "-n", "3"], terminal_width=100)
    assert bad.exit_code == 1, bad.output
    assert "3 of 3 task(s) did not give the stored numbers." in bad.output
    assert "differs:" in bad.output and "accuracy" in bad.output


def test_the_command_refuses_what_is_not_a_store(tmp_path):
    junk = tmp_path / "x.db"
    junk.write_text("not sqlite")
    result = runner.invoke(app, ["verify", str(junk)])
    assert result.exit_code == 2
    assert "not a results store" in result.output
    missing = runner.invoke(app, ["verify", str(tmp_path / "none.db")])
    assert missing.exit_code == 2 and "no results store" in missing.output


def test_verify_rebuilds_the_stored_methods_not_todays_configs(stored):
    # the store alone defines the tasks: the config rebuilt from it equals the stored one
    import json

    from ensemble_lab.evaluation import config_from_stored

    with sqlite3.connect(stored) as con:
        (text,) = con.execute("SELECT config FROM experiments").fetchone()
    stored_form = json.loads(text)
    rebuilt = config_from_stored(stored_form).to_dict()
    assert json.loads(json.dumps(rebuilt)) == stored_form
    assert np.all([m["label"] for m in rebuilt["methods"]] == np.array(["J48", "tree", "PB"]))


def test_a_store_older_than_the_score_columns_is_verified_as_it_is(tmp_path):
    # the committed ELRC levels store predates balanced accuracy, kappa, F1, AUC, log loss
    # and Brier: its rows lack those columns, which read as missing, not as an error
    import shutil
    from pathlib import Path

    committed = Path(__file__).parents[2] / "experiments" / "results" / "elrc-levels.db"
    with sqlite3.connect(f"file:{committed}?mode=ro", uri=True) as con:
        columns = {row[1] for row in con.execute("PRAGMA table_info(results)")}
    assert "kappa" not in columns
    store = tmp_path / "old.db"
    shutil.copy(committed, store)
    report = verify_store(store, sample=2, max_seconds=2)
    assert len(report.checks) == 2 and report.ok


def test_an_audit_of_one_method_reruns_every_task_of_it_and_finds_its_change(stored, tmp_path):
    db = _copy(stored, tmp_path)
    with sqlite3.connect(db) as con:  # one stale task of J48 among many
        con.execute(
            "UPDATE results SET accuracy = accuracy - 0.01 WHERE method = 'J48' AND "
            "dataset = 'iris' AND repetition = 1 AND fold = 0"
        )
    report = verify_store(db, sample=100, methods=["J48"])
    assert len(report.checks) == 2 * 2 * 3  # every J48 task: datasets × repetitions × folds
    assert {c.key.method for c in report.checks} == {"J48"}
    (bad,) = report.failures
    assert (bad.key.dataset, bad.key.repetition, bad.key.fold) == ("iris", 1, 0)
    only = verify_store(db, sample=100, methods=["J48", "tree"], datasets=["glass"])
    assert {(c.key.method, c.key.dataset) for c in only.checks} == {
        ("J48", "glass"),
        ("tree", "glass"),
    }
    assert only.ok


def test_an_unknown_method_or_dataset_is_named(stored):
    with pytest.raises(KeyError, match="method 'j48'"):
        verify_store(stored, methods=["j48"])
    result = runner.invoke(app, ["verify", str(stored), "-d", "iris", "-d", "wine"])
    assert result.exit_code != 0
    assert "no finished task of dataset 'wine'" in " ".join(result.output.split())
