import os
import sqlite3

import numpy as np
import pytest

from ensemble_lab.evaluation import (
    ExperimentConflictError,
    ResultsStore,
    TaskKey,
    TaskResult,
    load_datasets,
    load_failures,
    load_predictions,
    load_results,
)

COLUMNS = [
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
    "balanced_accuracy",
    "kappa",
    "f1_macro",
    "auc",
    "log_loss",
    "brier",
    "experiment",
]


def _ok(dataset, method, rep, fold, accuracy, **extra):
    return TaskResult(
        key=TaskKey(dataset, method, rep, fold),
        seed=rep * 10 + fold,
        n_train=8,
        n_test=2,
        accuracy=accuracy,
        fit_cpu=0.5,
        fit_wall=0.6,
        predict_cpu=0.1,
        predict_wall=0.2,
        ensemble_size=3,
        **extra,
    )


@pytest.fixture
def store(tmp_path):
    with ResultsStore(tmp_path / "r.db") as s:
        yield s


def test_round_trip_of_the_tidy_table(store):
    exp = store.open_experiment("e", {"a": 1}, "h1")
    store.write_result(exp, _ok("iris", "J48", 0, 1, 0.5))
    store.write_result(exp, _ok("iris", "J48", 0, 0, 1.0))
    failed = TaskResult(TaskKey("iris", "SMO", 0, 0), seed=1, n_train=8, n_test=2, error="X: boom")
    store.write_result(exp, failed)

    frame = load_results(store.path)
    assert list(frame.columns) == COLUMNS
    assert frame[["fold", "accuracy"]].values.tolist() == [[0, 1.0], [1, 0.5]]
    assert set(frame["experiment"]) == {"e"}
    assert frame["ensemble_size"].tolist() == [3, 3]
    fails = load_failures(store.path, "e")
    assert fails[["method", "error"]].values.tolist() == [["SMO", "X: boom"]]
    assert store.finished_tasks(exp) == {
        TaskKey("iris", "J48", 0, 0),
        TaskKey("iris", "J48", 0, 1),
        TaskKey("iris", "SMO", 0, 0),
    }
    assert TaskKey("iris", "SMO", 0, 0) not in store.finished_tasks(exp, include_failed=False)


def test_a_retry_replaces_the_failed_row_but_a_finished_task_cannot_be_written_twice(store):
    exp = store.open_experiment("e", {}, "h")
    store.write_result(exp, TaskResult(TaskKey("d", "m", 0, 0), 1, 8, 2, error="E: x"))
    store.write_result(exp, _ok("d", "m", 0, 0, 0.5))
    assert load_results(store).accuracy.tolist() == [0.5]
    assert load_failures(store).empty
    with pytest.raises(sqlite3.IntegrityError):
        store.write_result(exp, _ok("d", "m", 0, 0, 1.0))
    assert load_results(store).accuracy.tolist() == [0.5]  # rolled back, not half-written


def test_experiments_are_kept_apart_and_a_changed_config_is_refused(store):
    a = store.open_experiment("a", {"x": 1}, "h1")
    assert store.open_experiment("a", {"x": 1}, "h1") == a  # resume
    b = store.open_experiment("b", {"x": 2}, "h2")
    store.write_result(a, _ok("d", "m", 0, 0, 0.25))
    store.write_result(b, _ok("d", "m", 0, 0, 0.75))
    assert load_results(store, "a").accuracy.tolist() == [0.25]
    assert load_results(store, "b").accuracy.tolist() == [0.75]
    assert len(load_results(store)) == 2
    with pytest.raises(ExperimentConflictError, match=r"'a' already exists .* different"):
        store.open_experiment("a", {"x": 3}, "h3")
    a2 = store.open_experiment("a", {"x": 3}, "h3", overwrite=True)
    assert load_results(store, "a").empty
    assert store.config("a") == {"x": 3} and a2 != a
    with pytest.raises(KeyError, match="no experiment 'zzz'"):
        load_results(store, "zzz")


def test_experiments_table_records_version_and_counts(store):
    from ensemble_lab import __version__

    exp = store.open_experiment("e", {"k": [1, 2]}, "abc")
    store.write_result(exp, _ok("d", "m", 0, 0, 1.0))
    store.write_result(exp, TaskResult(TaskKey("d", "n", 0, 0), 1, 8, 2, error="E"))
    row = store.experiments().iloc[0]
    assert (row["name"], row["config_hash"], row["package_version"]) == ("e", "abc", __version__)
    assert (row["tasks"], row["failed"]) == (2, 1)


def test_predictions_with_string_labels_and_member_blobs(store):
    exp = store.open_experiment("e", {}, "h")
    store.record_dataset(exp, "d", 10, 4, np.array(["no", "yes"], dtype=object))
    members = np.array([[0, 1, 1], [1, 1, 0]], dtype=np.int16)  # 2 instances × 3 members
    result = _ok(
        "d",
        "m",
        0,
        0,
        0.5,
        test_idx=np.array([7, 3]),
        y_true=np.array([0, 1]),
        y_pred=np.array([1, 1]),
        members=members,
    )
    store.write_result(exp, result)
    frame = load_predictions(store, "e")
    assert frame["test_index"].tolist() == [3, 7]
    assert frame["y_true"].tolist() == ["yes", "no"]
    assert frame["y_pred"].tolist() == ["yes", "yes"]
    assert frame["members"].iloc[0].tolist() == ["yes", "yes", "no"]
    assert frame["members"].iloc[1].tolist() == ["no", "yes", "yes"]
    assert load_predictions(store, "e", method="other").empty


def test_dataset_that_changed_under_a_resumed_experiment_is_refused(store):
    exp = store.open_experiment("e", {}, "h")
    store.record_dataset(exp, "d", 10, 4, [0, 1])
    store.record_dataset(exp, "d", 10, 4, np.array([0, 1]))  # same: fine
    with pytest.raises(ValueError, match="dataset 'd' differs"):
        store.record_dataset(exp, "d", 12, 4, [0, 1])


def test_recorded_datasets_are_read_back_with_their_number_of_classes(store):
    first, second = store.open_experiment("e", {}, "h"), store.open_experiment("f", {}, "h")
    store.record_dataset(first, "d", 10, 4, ["a", "b", "c"])
    store.record_dataset(second, "d", 12, 5, [0, 1])
    frame = load_datasets(store, "e")
    assert frame[["dataset", "n_instances", "n_features", "n_classes"]].values.tolist() == [
        ["d", 10, 4, 3]
    ]
    assert load_datasets(store)["n_classes"].tolist() == [3, 2]


def test_store_is_in_wal_mode(store):
    with sqlite3.connect(store.path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_missing_database_is_an_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no results store at"):
        load_results(tmp_path / "none.db")


def test_the_lock_file_is_gone_after_a_run_and_a_second_writer_is_refused(tmp_path):
    from ensemble_lab.evaluation import StoreInUseError
    from ensemble_lab.evaluation.store import exclusive_writer

    db = tmp_path / "r.db"
    lock = tmp_path / "r.db.lock"
    with exclusive_writer(db):
        assert lock.is_file() and f"process {os.getpid()}" in lock.read_text()
        with pytest.raises(StoreInUseError, match="is in use by another run"):
            with exclusive_writer(db):
                pass
    assert not lock.exists()
    with exclusive_writer(db):  # a later run locks a file of its own
        assert lock.is_file()
    assert not lock.exists()


def test_a_run_that_opened_the_lock_file_before_it_was_removed_locks_the_new_one(
    tmp_path, monkeypatch
):
    import fcntl
    import pathlib

    from ensemble_lab.evaluation.store import _locked

    lock = tmp_path / "r.db.lock"
    real_open = pathlib.Path.open
    opened = []

    def racing_open(self, *args, **kwargs):
        handle = real_open(self, *args, **kwargs)
        if not opened:  # the run that held it ends now: removes the file; another creates it
            self.unlink()
            real_open(self, "a+", encoding="utf-8").close()
        opened.append(os.fstat(handle.fileno()).st_ino)
        return handle

    monkeypatch.setattr(pathlib.Path, "open", racing_open)
    handle = _locked(lock, fcntl)
    assert len(opened) == 2  # the first, removed, file was let go
    assert os.fstat(handle.fileno()).st_ino == os.stat(lock).st_ino == opened[1] != opened[0]
    handle.close()
