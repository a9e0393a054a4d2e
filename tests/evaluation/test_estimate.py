"""Runtime estimates: LPT makespans against hand-worked schedules and a brute-force optimum,
stored task times in, known totals out; sampling and extrapolation by training size."""

import itertools

import numpy as np
import pytest
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier
from typer.testing import CliRunner

from ensemble_lab.evaluation import (
    ExperimentConfig,
    MethodSpec,
    RepeatedCV,
    ResultsStore,
    TaskKey,
    TaskResult,
    load_results,
    run_experiment,
)
from ensemble_lab.evaluation.estimate import estimate_runtime, lpt_makespan, task_plan

RNG = np.random.default_rng(0)
DATA = {
    "small": (RNG.normal(size=(60, 4)), np.repeat(["a", "b"], 30)),
    "big": (RNG.normal(size=(240, 4)), np.repeat(["a", "b", "c"], 80)),
}
CONFIG = ExperimentConfig(
    name="est",
    datasets=("small", "big"),
    methods=(
        MethodSpec.from_estimator("nb", GaussianNB()),
        MethodSpec.from_estimator("tree", DecisionTreeClassifier()),
    ),
    protocol=RepeatedCV(n_folds=3, n_repetitions=2),
)


def _brute_force_optimum(durations, k):
    best = np.inf
    for assignment in itertools.product(range(k), repeat=len(durations)):
        loads = np.zeros(k)
        np.add.at(loads, list(assignment), durations)
        best = min(best, loads.max())
    return best


def test_lpt_makespan_hand_worked_and_within_graham_bound():
    # LPT on 2 workers: 3|3, then 2 -> 5|3, 2 -> 5|5, 2 -> 7|5.
    assert lpt_makespan([2, 3, 2, 3, 2], 2) == 7.0
    assert lpt_makespan([4.0], 3) == 4.0
    assert lpt_makespan([], 2) == 0.0
    assert lpt_makespan([1, 1, 1, 1], 1) == 4.0
    for _ in range(20):
        durations = RNG.uniform(0.1, 5, size=7)
        for k in (2, 3):
            opt = _brute_force_optimum(durations, k)
            got = lpt_makespan(durations, k)
            assert opt - 1e-9 <= got <= (4 / 3 - 1 / (3 * k)) * opt + 1e-9
    with pytest.raises(ValueError, match="n_workers must be >= 1"):
        lpt_makespan([1.0], 0)


def _store_known_times(path, seconds):
    """A store where task (d, m, r, f) took seconds[(d, m)] CPU seconds (fit + predict)."""
    tasks, _ = task_plan(CONFIG, data=DATA)
    with ResultsStore(path) as db:
        exp = db.open_experiment(CONFIG.name, CONFIG.to_dict(), CONFIG.config_hash())
        for row in tasks.itertuples(index=False):
            t = seconds[(row.dataset, row.method)]
            key = TaskKey(row.dataset, row.method, row.repetition, row.fold)
            db.write_result(
                exp,
                TaskResult(
                    key=key,
                    seed=0,
                    n_train=row.n_train,
                    n_test=1,
                    accuracy=1.0,
                    fit_cpu=0.75 * t,
                    fit_wall=t,
                    predict_cpu=0.25 * t,
                    predict_wall=0.0,
                ),
            )
    return load_results(path, CONFIG.name)


def test_known_stored_task_times_give_the_known_estimate(tmp_path):
    seconds = {
        ("small", "nb"): 1.0,
        ("small", "tree"): 2.0,
        ("big", "nb"): 3.0,
        ("big", "tree"): 4.0,
    }
    results = _store_known_times(tmp_path / "r.db", seconds)
    est = estimate_runtime(CONFIG, results=results, data=DATA, sample=False)
    assert len(est.tasks) == 24 and (est.tasks["source"] == "measured").all()
    assert est.cpu_seconds == pytest.approx(6 * (1 + 2 + 3 + 4))
    assert est.remaining_cpu_seconds == 0.0
    # 1 worker: everything in a row; 16 workers: the longest task;
    # 2 workers: 60 s of tasks in an even split (LPT pairs the 4s with the 3s, ...).
    assert est.wall_seconds(1) == pytest.approx(60.0)
    assert est.wall_seconds(2) == pytest.approx(30.0)
    assert est.wall_seconds(16) == pytest.approx(
        lpt_makespan([4] * 6 + [3] * 6 + [2] * 6 + [1] * 6, 16)
    )
    # 16 workers: six 4s, six 3s, two 2+2, two 2+1, four 3+1 -> 4 s, the longest task
    # (and the optimum: no schedule beats the longest task).
    assert est.wall_seconds(16) == pytest.approx(4.0)
    table = est.table()
    assert table["workers"].tolist() == [1, 2, 16]
    text = est.summary()
    assert "24 tasks (24 measured" in text and "longest-processing-time" in text
    assert "total CPU time: 60.0 s" in text and "wall     30.0 s" in text


def test_missing_tasks_are_extrapolated_from_their_cell_by_training_size(tmp_path):
    seconds = {
        ("small", "nb"): 1.0,
        ("small", "tree"): 2.0,
        ("big", "nb"): 3.0,
        ("big", "tree"): 4.0,
    }
    results = _store_known_times(tmp_path / "r.db", seconds)
    # Keep only repetition 0 of "big": its repetition-1 tasks must come back from the cell's
    # rate per training instance (all folds of "big" have 160 training rows).
    partial = results[~((results["dataset"] == "big") & (results["repetition"] == 1))]
    est = estimate_runtime(CONFIG, results=partial, data=DATA, sample=False)
    extra = est.tasks[est.tasks["source"] == "extrapolated"]
    assert len(extra) == 6 and set(extra["dataset"]) == {"big"}
    assert extra.set_index("method")["seconds"].groupby(level=0).mean().to_dict() == pytest.approx(
        {"nb": 3.0, "tree": 4.0}
    )
    assert est.remaining_cpu_seconds == pytest.approx(3 * 3.0 + 3 * 4.0)
    assert est.wall_seconds(1, remaining=True) == pytest.approx(21.0)
    # A dataset with no stored task at all scales the method's rate per training cell.
    only_small = results[results["dataset"] == "small"]
    est = estimate_runtime(CONFIG, results=only_small, data=DATA, sample=False)
    big = est.tasks[est.tasks["dataset"] == "big"].groupby("method")["seconds"].mean()
    assert big.to_dict() == pytest.approx({"nb": 1.0 * 160 / 40, "tree": 2.0 * 160 / 40})


def test_sampling_times_one_fold_per_cell_and_needs_something_to_scale_from():
    est = estimate_runtime(CONFIG, data=DATA, max_datasets=1)
    assert est.sampled_datasets == ["small"]  # the smallest when only one is timed
    counts = est.tasks["source"].value_counts()
    assert counts["sampled"] == 2 and counts["extrapolated"] == 22
    sampled = est.tasks[est.tasks["source"] == "sampled"]
    assert (sampled[["repetition", "fold"]] == 0).all().all()
    assert (est.tasks["seconds"] > 0).all() and est.wall_seconds(16) <= est.wall_seconds(1)
    with pytest.raises(ValueError, match=r"no measured or sampled task .* \['nb', 'tree'\]"):
        estimate_runtime(CONFIG, data=DATA, sample=False)


def test_estimate_of_a_real_run_is_its_cpu_time(tmp_path):
    run_experiment(CONFIG, tmp_path / "run.db", data=DATA)
    results = load_results(tmp_path / "run.db")
    est = estimate_runtime(CONFIG, results=results, data=DATA)
    assert (est.tasks["source"] == "measured").all()
    assert est.cpu_seconds == pytest.approx((results["fit_cpu"] + results["predict_cpu"]).sum())


def test_cli_estimate_explains_a_reproduction_without_config():
    from ensemble_lab.cli._app import app

    out = CliRunner().invoke(app, ["reproduce", "oracle-2d", "--estimate"])
    assert out.exit_code == 2
    assert "runs no experiment through the runner" in out.output


def test_cli_estimate_prints_cpu_and_wall_times_of_a_reproduction(monkeypatch, tmp_path):
    from ensemble_lab import experiments
    from ensemble_lab.cli._app import app

    config = ExperimentConfig(
        name="tiny",
        datasets=("iris",),
        methods=(MethodSpec.from_estimator("nb", GaussianNB()),),
        protocol=RepeatedCV(n_folds=2, n_repetitions=2),
    )

    class Tiny(experiments.Reproduction):
        name, description = "tiny", "tiny"

        def parts(self, quick=False):
            return [experiments.Part(config)]

        def findings(self, ctx):
            raise AssertionError("an estimate writes no page")

        write_report = findings

    monkeypatch.setattr(experiments, "reproduction", lambda name: Tiny())
    monkeypatch.setattr(experiments, "reproduction_names", lambda: ["tiny"])
    args = ["reproduce", "tiny", "--estimate", "--results", str(tmp_path)]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    assert "tiny: 4 tasks (0 measured in the store, 1 timed now, 3 extrapolated)" in out.output
    for workers in (1, 2, 16):
        assert f"{workers:>3d} worker(s): wall" in out.output
    assert not (tmp_path / "tiny.db").exists()  # an estimate stores nothing
