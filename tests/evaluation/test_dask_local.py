"""Dask LocalClusters: same numbers as joblib, nothing lost when a worker is killed mid-run,
and the coordinator alone writes the results store."""

import os
import signal
from pathlib import Path

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.ensemble import BaggingClassifier
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier
from typer.testing import CliRunner

from ensemble_lab.evaluation import (
    DaskBackend,
    ExperimentConfig,
    JoblibBackend,
    MethodSpec,
    RepeatedCV,
    load_predictions,
    load_results,
    make_backend,
    run_experiment,
)

distributed = pytest.importorskip("distributed")

X, Y = make_classification(
    n_samples=300, n_features=8, n_classes=3, n_informative=4, random_state=3
)
DATA = {"syn": (X, np.array(["x", "y", "z"])[Y])}
COLS = ["dataset", "method", "repetition", "fold", "n_train", "n_test", "accuracy", "ensemble_size"]


def _config(n_estimators=5, n_repetitions=2):
    return ExperimentConfig(
        name="dask-local",
        datasets=("syn",),
        methods=(
            MethodSpec.from_estimator("nb", GaussianNB()),
            MethodSpec.from_estimator(
                "bagging",
                BaggingClassifier(DecisionTreeClassifier(), n_estimators=n_estimators),
            ),
        ),
        protocol=RepeatedCV(n_folds=3, n_repetitions=n_repetitions),
        record_predictions=True,
    )


def _same_results(a: Path, b: Path, name="dask-local"):
    ra, rb = load_results(a, name), load_results(b, name)
    assert ra[COLS].equals(rb[COLS])
    assert load_predictions(a, name).equals(load_predictions(b, name))


def test_in_process_local_cluster_matches_sequential_run(tmp_path):
    config = _config()
    backend = DaskBackend.local(2, processes=False)
    try:
        summary = run_experiment(config, tmp_path / "dask.db", data=DATA, backend=backend)
    finally:
        backend.close()
    assert backend.client.status == "closed"
    assert summary.complete and summary.done == 12
    run_experiment(config, tmp_path / "seq.db", data=DATA)
    _same_results(tmp_path / "dask.db", tmp_path / "seq.db")


def test_backend_options_are_checked():
    with pytest.raises(ValueError, match="n_workers >= 1"):
        DaskBackend.local(0)
    with pytest.raises(ValueError, match="either a Dask scheduler address or a local cluster"):
        make_backend(2, "tcp://127.0.0.1:8786", 2)
    assert isinstance(make_backend(2), JoblibBackend)


def test_cli_refuses_both_dask_options(tmp_path):
    from ensemble_lab.cli._app import app

    out = CliRunner().invoke(app, ["run", "--scheduler", "tcp://127.0.0.1:1", "--dask-local", "2"])
    assert out.exit_code == 2 and "either --scheduler or --dask-local" in out.output
    out = CliRunner().invoke(app, ["run", "--dask-local", "0"])
    assert out.exit_code == 2 and "at least 1 worker" in out.output


def _open_files(pid: int) -> set[str]:
    fd_dir = Path(f"/proc/{pid}/fd")
    out = set()
    for fd in fd_dir.iterdir():
        try:
            out.add(os.readlink(fd))
        except OSError:  # closed in between
            pass
    return out


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
def test_killed_worker_loses_nothing_and_matches_joblib(tmp_path):
    """Two worker processes; one is SIGKILLed while it holds running tasks. Every task
    still ends up in the store exactly once, with the numbers of a joblib run; during
    both runs no worker process ever has the store (or its WAL) open."""
    config = _config(n_estimators=40, n_repetitions=3)  # 18 tasks of ~0.1-0.5 s
    killed: dict[str, object] = {}
    worker_files: set[str] = set()
    coordinator_files: set[str] = set()
    backend = DaskBackend.local(2)
    try:
        client = backend.client

        def watch(progress):
            for pid in client.run(os.getpid).values():
                worker_files.update(_open_files(pid))
            coordinator_files.update(_open_files(os.getpid()))

        summary = run_experiment(
            config, tmp_path / "dask.db", data=DATA, backend=backend, progress=watch
        )
        assert summary.complete and summary.done == 18

        def kill_busy_worker(progress):
            if progress.done == 2 and not killed:
                pids = client.run(os.getpid)
                busy = [w for w, keys in client.processing().items() if keys]
                killed["worker"] = busy[0]
                killed["tasks"] = client.processing()[busy[0]]
                os.kill(pids[busy[0]], signal.SIGKILL)

        summary = run_experiment(
            config, tmp_path / "killed.db", data=DATA, backend=backend, progress=kill_busy_worker
        )
    finally:
        backend.close()
    assert killed and killed["tasks"], "the killed worker had tasks"
    assert summary.complete and summary.done == 18 and not summary.failed
    # The check can fail: the coordinator is seen holding the store, the workers their
    # own files (sockets, libraries) but never the store.
    assert any(f.endswith("dask.db") for f in coordinator_files)
    assert worker_files and not any("dask.db" in f or "killed.db" in f for f in worker_files)

    run_experiment(config, tmp_path / "joblib.db", data=DATA, backend=JoblibBackend(2))
    _same_results(tmp_path / "dask.db", tmp_path / "joblib.db")
    _same_results(tmp_path / "killed.db", tmp_path / "joblib.db")
    rows = load_results(tmp_path / "killed.db")
    assert (
        len(rows) == 18 and not rows.duplicated(["dataset", "method", "repetition", "fold"]).any()
    )


@pytest.mark.slow
def test_cli_run_on_a_local_cluster(tmp_path):
    from ensemble_lab.cli._app import app

    toml = tmp_path / "exp.toml"
    toml.write_text(
        'name = "cli-dask"\nseed = 3\ndatasets = ["iris"]\n'
        '[protocol]\nkind = "repeated-cv"\nfolds = 2\nrepetitions = 1\n'
        '[[methods]]\nname = "NB"\n',
        encoding="utf-8",
    )
    out = CliRunner().invoke(
        app, ["run", str(toml), "--dask-local", "2", "--results", str(tmp_path / "r")]
    )
    assert out.exit_code == 0, out.output
    assert "local Dask cluster of 2 worker process(es)" in out.output
    rows = load_results(tmp_path / "r" / "results.db", "cli-dask")
    assert len(rows) == 2 and rows["accuracy"].between(0.8, 1.0).all()


def test_a_second_copy_of_a_finished_task_cannot_be_stored(tmp_path):
    """The guarantee behind 'exactly once': a rerun task's result never lands twice."""
    import sqlite3

    from ensemble_lab.evaluation import ResultsStore, TaskKey, TaskResult

    key = TaskKey("syn", "nb", 0, 0)
    with ResultsStore(tmp_path / "r.db") as db:
        exp = db.open_experiment("x", {"name": "x"}, "h")
        db.write_result(exp, TaskResult(key, 1, 10, 5, error="RuntimeError: lost"))
        db.write_result(exp, TaskResult(key, 1, 10, 5, accuracy=0.8))  # replaces the failure
        with pytest.raises(sqlite3.IntegrityError):
            db.write_result(exp, TaskResult(key, 1, 10, 5, accuracy=0.8))
    rows = load_results(tmp_path / "r.db")
    assert len(rows) == 1 and rows["accuracy"].tolist() == [0.8]
