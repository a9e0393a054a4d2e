"""Every task's metrics equal scikit-learn's on the same predictions and probabilities."""

import shutil
import sqlite3
import warnings
from pathlib import Path

import numpy as np
import pytest
from sklearn import metrics as skm
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.evaluation import (
    ExperimentConfig,
    MethodSpec,
    RepeatedCV,
    ResultsStore,
    load_predictions,
    load_results,
    run_experiment,
)
from ensemble_lab.evaluation.metrics import (
    METRICS,
    get_metric,
    label_metrics,
    probability_metrics,
)
from ensemble_lab.evaluation.verify import verify_store

RESULTS = Path(__file__).resolve().parents[2] / "experiments" / "results"


def _sklearn_labels(y_true, y_pred):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # classes predicted but absent from y_true
        return {
            "accuracy": skm.accuracy_score(y_true, y_pred),
            "balanced_accuracy": skm.balanced_accuracy_score(y_true, y_pred),
            "kappa": skm.cohen_kappa_score(y_true, y_pred),
            "f1_macro": skm.f1_score(y_true, y_pred, average="macro", zero_division=0),
        }


def _sklearn_probabilities(y_true, proba):
    labels = np.arange(proba.shape[1])
    if proba.shape[1] == 2:
        auc = skm.roc_auc_score(y_true, proba[:, 1])
        brier = skm.brier_score_loss(y_true, proba[:, 1])
    else:
        auc = skm.roc_auc_score(y_true, proba, multi_class="ovr", average="weighted", labels=labels)
        brier = skm.brier_score_loss(y_true, proba, labels=labels)
    return {"auc": auc, "log_loss": skm.log_loss(y_true, proba, labels=labels), "brier": brier}


@pytest.mark.parametrize("seed", range(40))
def test_label_metrics_are_scikit_learns(seed):
    rng = np.random.default_rng(seed)
    k, n = int(rng.integers(2, 7)), int(rng.integers(4, 80))
    y_true = rng.integers(0, k, size=n)
    y_pred = np.where(rng.random(n) < 0.6, y_true, rng.integers(0, k, size=n))
    if seed % 4 == 0:
        y_pred[rng.random(n) < 0.15] = -1  # a label outside the classes
    ours = label_metrics(y_true, y_pred, k)
    for name, value in _sklearn_labels(y_true, y_pred).items():
        np.testing.assert_allclose(ours[name], value, rtol=0, atol=1e-12, err_msg=name)


@pytest.mark.parametrize("seed", range(40))
def test_probability_metrics_are_scikit_learns(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 6))
    y_true = np.concatenate([np.arange(k), rng.integers(0, k, size=int(rng.integers(3, 60)))])
    proba = rng.dirichlet(np.ones(k), size=y_true.size)
    if seed % 3 == 0:  # ties, as trees and votes give
        proba = np.round(proba, 1) + 1e-3
        proba /= proba.sum(axis=1, keepdims=True)
    ours = probability_metrics(y_true, proba)
    for name, value in _sklearn_probabilities(y_true, proba).items():
        np.testing.assert_allclose(ours[name], value, rtol=0, atol=1e-12, err_msg=name)


def test_auc_is_weighted_over_the_classes_present_and_nan_for_one_class():
    # class 2 absent from the test part: weighted by frequency, it counts zero (Weka)
    y = np.array([0, 0, 1, 1, 1])
    proba = np.array(
        [[0.8, 0.1, 0.1], [0.4, 0.5, 0.1], [0.2, 0.7, 0.1], [0.3, 0.3, 0.4], [0.1, 0.8, 0.1]]
    )
    per_class = [skm.roc_auc_score(y == c, proba[:, c]) for c in (0, 1)]
    expected = (2 * per_class[0] + 3 * per_class[1]) / 5
    assert probability_metrics(y, proba)["auc"] == pytest.approx(expected, abs=1e-12)
    assert np.isnan(probability_metrics(np.array([1, 1]), proba[:2, :2])["auc"])


def test_the_registry_knows_the_direction_of_each_metric():
    assert [m for m, info in METRICS.items() if not info.higher_is_better] == ["log_loss", "brier"]
    with pytest.raises(ValueError, match="unknown metric 'acc'; the metrics are: accuracy"):
        get_metric("acc")


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    config = ExperimentConfig(
        name="m",
        datasets=("iris", "glass"),
        methods=(
            MethodSpec.from_estimator("tree", DecisionTreeClassifier(min_samples_leaf=5)),
            MethodSpec.from_estimator("svc", SVC()),  # no probabilities
            MethodSpec(label="NB", name="NB"),
        ),
        protocol=RepeatedCV(n_folds=3, n_repetitions=1),
        record_predictions=True,
    )
    db = tmp_path_factory.mktemp("metrics") / "m.db"
    assert run_experiment(config, db).complete
    return db


def test_every_task_stores_the_metrics_of_its_predictions(stored):
    results = load_results(stored).set_index(["dataset", "method", "repetition", "fold"])
    predictions = load_predictions(stored, "m")
    for key, group in predictions.groupby(["dataset", "method", "repetition", "fold"]):
        y_true, y_pred = group["y_true"].astype(str), group["y_pred"].astype(str)
        for name, value in _sklearn_labels(y_true, y_pred).items():
            assert results.loc[key, name] == pytest.approx(value, abs=1e-12), (key, name)


def test_methods_without_probabilities_store_nan_and_say_why(stored):
    results = load_results(stored)
    svc = results[results["method"] == "svc"]
    assert svc[["auc", "log_loss", "brier"]].isna().all().all()
    assert svc["kappa"].notna().all()
    others = results[results["method"] != "svc"]
    assert others[["auc", "log_loss", "brier"]].notna().all().all()
    with sqlite3.connect(stored) as con:
        notes = {n for (n,) in con.execute("SELECT metrics_note FROM results WHERE method='svc'")}
        assert notes == {"the method has no predict_proba: auc, log_loss and brier are NaN"}


def test_verify_compares_the_metrics_too(stored, tmp_path):
    db = tmp_path / "copy.db"
    shutil.copy(stored, db)
    assert verify_store(db, sample=100).ok
    with sqlite3.connect(db) as con:
        con.execute("UPDATE results SET log_loss = log_loss + 1e-9 WHERE method = 'NB'")
    failures = verify_store(db, sample=100).failures
    assert failures and {(c.status, c.detail) for c in failures} == {("differs", "log_loss")}


def test_a_store_written_before_the_metrics_reads_them_as_nan_and_gains_the_columns(tmp_path):
    db = tmp_path / "old.db"
    shutil.copy(RESULTS / "elrc.db", db)
    with sqlite3.connect(db) as con:
        before = [row[1] for row in con.execute("PRAGMA table_info(results)")]
    assert "kappa" not in before  # written before the metrics were recorded
    frame = load_results(db)
    assert frame["kappa"].isna().all() and frame["accuracy"].notna().all()
    ResultsStore(db).close()  # a writer opening it adds the columns, keeping every row
    with sqlite3.connect(db) as con:
        after = [row[1] for row in con.execute("PRAGMA table_info(results)")]
    assert after[: len(before)] == before and "metrics_note" in after
    assert load_results(db)["accuracy"].tolist() == frame["accuracy"].tolist()


def test_backfill_computes_the_label_metrics_from_recorded_predictions(stored, tmp_path):
    from typer.testing import CliRunner

    from ensemble_lab.cli import app

    db = tmp_path / "old.db"
    shutil.copy(stored, db)
    expected = load_results(db)
    with sqlite3.connect(db) as con:  # as a store written before the metrics were kept
        con.execute("UPDATE results SET balanced_accuracy = NULL, kappa = NULL, f1_macro = NULL")
    out = CliRunner().invoke(app, ["backfill", str(db)])
    assert out.exit_code == 0, out.output
    assert "18 task(s) filled in" in out.output
    again = load_results(db)
    for column in ("balanced_accuracy", "kappa", "f1_macro"):
        np.testing.assert_allclose(again[column], expected[column], rtol=0, atol=1e-15)
    assert "0 task(s) filled in" in CliRunner().invoke(app, ["backfill", str(db)]).output
