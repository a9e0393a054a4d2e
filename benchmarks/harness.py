"""Overhead of the experiment runner, and its speedup with two local workers.

Runs one small experiment (3 datasets × 3 methods × 2×5-fold CV = 90 tasks)
three ways and prints them side by side:

* a plain loop (fit, predict, score for every split — the cost of the work itself);
* ``run_experiment(n_jobs=1)`` into a fresh SQLite store;
* ``run_experiment(n_jobs=2)`` (joblib, loky workers, already started: a first run
  spends about two seconds importing the package in each new worker).

Reported: per-task overhead (task wall time minus fit and predict wall time, as a fraction
of the task wall time), the runner's whole wall time against the sum of task times, and the
speedup of two workers over one. Usage::

    nice -n 10 python benchmarks/harness.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import numpy as np
from sklearn.datasets import make_classification
from sklearn.ensemble import BaggingClassifier
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.evaluation import (
    Backend,
    ExperimentConfig,
    MethodSpec,
    Progress,
    RepeatedCV,
    TaskResult,
    run_experiment,
)


def _data(scale: float = 1.0) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    sizes = {"small": int(300 * scale), "medium": int(1000 * scale), "large": int(2000 * scale)}
    return {
        name: make_classification(n_samples=n, n_features=20, n_informative=8, random_state=i)
        for i, (name, n) in enumerate(sizes.items())
    }


CONFIG = ExperimentConfig(
    name="bench",
    datasets=("small", "medium", "large"),
    methods=(
        MethodSpec.from_estimator("tree", DecisionTreeClassifier()),
        MethodSpec.from_estimator("nb", GaussianNB()),
        MethodSpec.from_estimator(
            "bagging-10", BaggingClassifier(DecisionTreeClassifier(), n_estimators=10)
        ),
    ),
    protocol=RepeatedCV(n_folds=5, n_repetitions=2),
)


def plain_loop(
    data: dict[str, tuple[np.ndarray, np.ndarray]], config: ExperimentConfig = CONFIG
) -> float:
    """Wall time of the same fits and predictions without the runner."""
    start = time.perf_counter()
    for X, y in data.values():
        for split in config.protocol.splits(y, config.seed):
            for method in config.methods:
                est = method.build(0).fit(X[split.train_idx], y[split.train_idx])
                np.mean(est.predict(X[split.test_idx]) == y[split.test_idx])
    return time.perf_counter() - start


def runner(
    data: dict[str, tuple[np.ndarray, np.ndarray]],
    n_jobs: int,
    config: ExperimentConfig = CONFIG,
    backend: Backend | None = None,
) -> dict[str, float]:
    """Run the experiment with ``n_jobs`` workers (or on ``backend``); return its timings."""
    tasks: list[TaskResult] = []

    def collect(p: Progress) -> None:
        if p.last is not None:
            tasks.append(p.last)

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        summary = run_experiment(
            config, Path(tmp) / "r.db", data=data, n_jobs=n_jobs, backend=backend, progress=collect
        )
        elapsed = time.perf_counter() - start
    assert summary.complete
    task_wall = sum(t.wall for t in tasks)
    work = sum((t.fit_wall or 0.0) + (t.predict_wall or 0.0) for t in tasks)
    return {
        "tasks": len(tasks),
        "elapsed": elapsed,
        "task_wall": task_wall,
        "fit_predict": work,
        "task_overhead": (task_wall - work) / task_wall,
        "runner_vs_tasks": elapsed / task_wall,
    }


def _row(label: str, *cells: str) -> None:
    print(f"{label:38s}" + "".join(f"{c:>12s}" for c in cells))


def main() -> None:
    data = _data()
    loop = plain_loop(data)
    one = runner(data, n_jobs=1)
    runner(data, n_jobs=2)  # starts the two workers: their imports are no cost of a run
    two = runner(data, n_jobs=2)
    print(f"experiment: {one['tasks']:.0f} tasks (3 datasets × 3 methods × 2×5-fold CV)")
    _row("", "plain loop", "n_jobs=1", "n_jobs=2")
    _row("whole wall time (s)", f"{loop:.2f}", f"{one['elapsed']:.2f}", f"{two['elapsed']:.2f}")
    for key, label, fmt in [
        ("task_wall", "sum of task wall times (s)", ".2f"),
        ("fit_predict", "sum of fit+predict wall (s)", ".2f"),
        ("task_overhead", "task overhead (1 - fit+predict/task)", ".1%"),
        ("runner_vs_tasks", "runner wall / sum of task walls", ".2f"),
    ]:
        _row(label, "", format(one[key], fmt), format(two[key], fmt))
    _row(
        "runner wall / plain loop",
        "",
        f"{one['elapsed'] / loop:.2f}",
        f"{two['elapsed'] / loop:.2f}",
    )
    _row("speedup n_jobs=2 over n_jobs=1", "", "", f"{one['elapsed'] / two['elapsed']:.2f}")


if __name__ == "__main__":
    main()
