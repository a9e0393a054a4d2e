"""How long will an experiment take? Total CPU time and wall time on 1, 2, 16 workers.

The estimate starts from the time of every task of the experiment:

1. **measured** — tasks already in a results store (``load_results``) count with their
   own CPU seconds (``fit_cpu + predict_cpu``);
2. **sampled** — for each (dataset, method) cell without a measurement, one task (the
   first fold of the first repetition) is run now in this process and timed, on every
   dataset or on a sample of them (``max_datasets``: the smallest, the largest and
   evenly spread sizes between);
3. **extrapolated** — the other tasks of a cell take the cell's mean time per training
   cell (training instances × features) times their own training size; a cell that was
   never timed uses the method's mean rate per training cell over the timed datasets.

Wall time on ``k`` workers is the makespan of **longest-processing-time-first list
scheduling**: tasks sorted by decreasing time, each given to the worker that frees
up first. That is what a greedy scheduler achieves with perfect knowledge of task
times (Graham's bound: within 4/3 of the optimum); the runner submits tasks in plan
order rather than longest first, so a real run can end later by up to one task's time.
Per-task overhead (dispatch, storing, a few milliseconds) and data loading are left out,
and a worker is assumed to run one task at a time at the speed the tasks were timed at.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .config import ExperimentConfig
from .runner import DataSource, _bind, _entry_name, _expand, _get_data, plan_tasks
from .tasks import execute_task

__all__ = ["Estimate", "combine_estimates", "estimate_runtime", "lpt_makespan", "task_plan"]

DEFAULT_WORKERS: tuple[int, ...] = (1, 2, 16)
SCHEDULING = (
    "longest-processing-time-first list scheduling of the per-task CPU times "
    "(one task per worker at a time; dispatch overhead and data loading left out)"
)


def lpt_makespan(durations: Sequence[float] | np.ndarray, n_workers: int) -> float:
    """Finishing time of ``durations`` on ``n_workers`` under LPT list scheduling.

    Tasks are taken longest first, each by the worker that is free first.

    >>> lpt_makespan([3, 3, 2, 2, 2], 2)
    7.0
    >>> lpt_makespan([5, 1, 1], 16)
    5.0
    """
    if n_workers < 1:
        raise ValueError(f"n_workers must be >= 1, got {n_workers}")
    loads = [0.0] * n_workers
    for d in sorted((float(x) for x in durations), reverse=True):
        heapq.heappush(loads, heapq.heappop(loads) + d)
    return max(loads)


def task_plan(
    config: ExperimentConfig,
    *,
    data_dir: str | Path | None = None,
    data: DataSource | None = None,
) -> tuple[pd.DataFrame, dict[str, tuple[Any, Any, Any]]]:
    """Every task of ``config`` with its training size, and the bound datasets.

    Returns
    -------
    tasks : DataFrame
        ``dataset, method, repetition, fold, n_train, n_features`` in the runner's order.
    bound : dict
        ``dataset -> (X, labels, protocol)`` as the runner would use them.
    """
    entries = list(config.datasets) if data is not None else _expand(config.datasets, data_dir)
    rows = []
    bound: dict[str, tuple[Any, Any, Any]] = {}
    for entry in entries:
        name = _entry_name(entry)
        X, y = _get_data(entry, data, config, data_dir)
        X, protocol = _bind(config.protocol, entry, X, y)
        labels = np.asarray(y)
        bound[name] = (X, labels, protocol)
        n_features = int(np.shape(X)[1])
        for t in plan_tasks(config, name, labels, protocol):
            rows.append((*t.key, len(t.split.train_idx), n_features))
    columns = ["dataset", "method", "repetition", "fold", "n_train", "n_features"]
    return pd.DataFrame(rows, columns=columns), bound


def _sample_datasets(sizes: pd.Series, max_datasets: int | None) -> list[str]:
    """All datasets, or ``max_datasets`` of them spread over the range of sizes."""
    order = sizes.sort_values(kind="stable").index.tolist()
    if max_datasets is None or max_datasets >= len(order):
        return order
    if max_datasets < 1:
        return []
    picks = np.unique(np.round(np.linspace(0, len(order) - 1, max_datasets)).astype(int))
    return [order[i] for i in picks]


@dataclass
class Estimate:
    """The time an experiment needs, from measured, sampled and extrapolated tasks.

    Attributes
    ----------
    experiment : str
        Experiment name.
    tasks : DataFrame
        One row per task: ``dataset, method, repetition, fold, n_train, n_features,
        seconds, source, stored`` (``source`` is ``"measured"``, ``"sampled"`` or
        ``"extrapolated"``; ``stored`` says whether the store already holds it).
    workers : tuple of int
        Worker counts estimated.
    scheduling : str
        The scheduling assumption behind the wall times.
    sampled_datasets : list of str
        The datasets whose first splits were timed now.
    sequential_by : str, optional
        A column of ``tasks`` (``"experiment"`` of :func:`combine_estimates`) whose
        groups run one after another: the wall time is the sum of their makespans.
    """

    experiment: str
    tasks: pd.DataFrame
    workers: tuple[int, ...] = DEFAULT_WORKERS
    scheduling: str = SCHEDULING
    sampled_datasets: list[str] = field(default_factory=list)
    sequential_by: str | None = None

    @property
    def cpu_seconds(self) -> float:
        """Total CPU seconds of every task."""
        return float(self.tasks["seconds"].sum())

    @property
    def remaining_cpu_seconds(self) -> float:
        """CPU seconds of the tasks the store does not hold yet."""
        return float(self.tasks.loc[~self.tasks["stored"], "seconds"].sum())

    def wall_seconds(self, n_workers: int, *, remaining: bool = False) -> float:
        """Estimated wall time on ``n_workers`` (of every task, or only those left)."""
        tasks = self.tasks[~self.tasks["stored"]] if remaining else self.tasks
        if self.sequential_by is None:
            return lpt_makespan(tasks["seconds"].to_numpy(), n_workers)
        groups = tasks.groupby(self.sequential_by, sort=False)["seconds"]
        return float(sum(lpt_makespan(g.to_numpy(), n_workers) for _, g in groups))

    def table(self) -> pd.DataFrame:
        """Workers × (wall time of the whole run, wall time of what is left), in seconds."""
        return pd.DataFrame(
            {
                "workers": list(self.workers),
                "wall_s": [self.wall_seconds(k) for k in self.workers],
                "remaining_wall_s": [self.wall_seconds(k, remaining=True) for k in self.workers],
            }
        )

    def summary(self) -> str:
        """A plain-text report: task counts by source, CPU time, wall times, assumption."""
        counts = self.tasks["source"].value_counts()
        n = len(self.tasks)
        lines = [
            f"{self.experiment}: {n} tasks "
            f"({counts.get('measured', 0)} measured in the store, "
            f"{counts.get('sampled', 0)} timed now, "
            f"{counts.get('extrapolated', 0)} extrapolated); "
            f"{int(self.tasks['stored'].sum())} already stored",
            f"total CPU time: {_human(self.cpu_seconds)}"
            f" (still to run: {_human(self.remaining_cpu_seconds)})",
        ]
        for row in self.table().itertuples(index=False):
            lines.append(
                f"  {row.workers:>3d} worker(s): wall {_human(row.wall_s):>10s}"
                f"   still to run {_human(row.remaining_wall_s):>10s}"
            )
        lines.append(f"assumption: {self.scheduling}; extrapolated tasks scale linearly")
        lines.append("with training instances × features from the timed tasks of the same method.")
        return "\n".join(lines)


def combine_estimates(estimates: Sequence[Estimate], experiment: str) -> Estimate:
    """One estimate of several experiments that run one after another (a reproduction's).

    The tasks of every part, with an ``experiment`` column naming their part; the wall
    time on ``k`` workers is the sum of the parts' makespans, since a part starts when
    the one before it ends.

    Examples
    --------
    >>> def part(name, seconds):
    ...     tasks = pd.DataFrame({"seconds": seconds, "stored": False, "source": "measured"})
    ...     return Estimate(name, tasks)
    >>> both = combine_estimates([part("a", [3.0, 3.0]), part("b", [2.0])], "study")
    >>> both.cpu_seconds, both.wall_seconds(2), both.wall_seconds(1)
    (8.0, 5.0, 8.0)
    """
    if not estimates:
        raise ValueError("no estimate to combine")
    tasks = pd.concat(
        [e.tasks.assign(experiment=e.experiment) for e in estimates], ignore_index=True
    )
    scheduling = estimates[0].scheduling + "; the experiments one after another"
    return Estimate(
        experiment=experiment,
        tasks=tasks,
        workers=estimates[0].workers,
        scheduling=scheduling,
        sampled_datasets=sorted({d for e in estimates for d in e.sampled_datasets}),
        sequential_by="experiment",
    )


def _human(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.1f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


def estimate_runtime(
    config: ExperimentConfig,
    *,
    results: pd.DataFrame | None = None,
    data_dir: str | Path | None = None,
    data: DataSource | None = None,
    sample: bool = True,
    max_datasets: int | None = None,
    workers: Sequence[int] = DEFAULT_WORKERS,
) -> Estimate:
    """Estimate the CPU and wall time of ``config`` (see the module docstring).

    Parameters
    ----------
    config : ExperimentConfig
        The experiment.
    results : DataFrame, optional
        Tasks already run, as returned by :func:`~.store.load_results` (rows of other
        experiments, datasets or methods are ignored).
    data_dir, data
        Where the datasets come from, as for :func:`~.runner.run_experiment`.
    sample : bool, default=True
        Time one task of each (dataset, method) cell that ``results`` does not cover.
        With ``sample=False`` every method needs at least one measured task.
    max_datasets : int, optional
        Time tasks on at most this many datasets (spread over the sizes); the others
        are extrapolated.
    workers : sequence of int, default=(1, 2, 16)
        Worker counts to estimate the wall time for.

    Returns
    -------
    Estimate

    Raises
    ------
    ValueError
        If a method has neither a measured nor a sampled task to scale from.
    """
    tasks, bound = task_plan(config, data_dir=data_dir, data=data)
    tasks["seconds"] = np.nan
    tasks["source"] = "extrapolated"
    tasks["stored"] = False
    if results is not None and len(results):
        _use_measured(tasks, results, config.name)
    sampled: list[str] = []
    if sample and len(tasks):
        sizes = (
            tasks.groupby("dataset", sort=False)["n_train"].max()
            * tasks.groupby("dataset", sort=False)["n_features"].max()
        )
        sampled = _sample_datasets(sizes, max_datasets)
        for dataset in sampled:
            _time_first_splits(tasks, config, dataset, bound[dataset])
    _extrapolate(tasks)
    return Estimate(
        experiment=config.name,
        tasks=tasks,
        workers=tuple(int(k) for k in workers),
        sampled_datasets=sampled,
    )


_KEYS = ["dataset", "method", "repetition", "fold"]


def _use_measured(tasks: pd.DataFrame, results: pd.DataFrame, experiment: str) -> None:
    """Fill in place the tasks ``results`` holds (of ``experiment``) with their CPU time."""
    done = results
    if "experiment" in done.columns:
        done = done[done["experiment"] == experiment]
    done = done.assign(_t=done["fit_cpu"].fillna(0.0) + done["predict_cpu"].fillna(0.0))
    merged = tasks[_KEYS].merge(done[[*_KEYS, "_t"]], on=_KEYS, how="left")
    hit = merged["_t"].notna().to_numpy()
    tasks.loc[hit, "seconds"] = merged.loc[hit, "_t"].to_numpy()
    tasks.loc[hit, "source"] = "measured"
    tasks.loc[hit, "stored"] = True


def _time_first_splits(
    tasks: pd.DataFrame, config: ExperimentConfig, dataset: str, bound: Any
) -> None:
    """Run the first split of each method not stored on ``dataset``; fill its time in place."""
    X, labels, protocol = bound
    classes = np.unique(labels)
    covered = set(map(tuple, tasks.loc[tasks["stored"], ["dataset", "method"]].to_numpy()))
    methods = {m.label: m for m in config.methods}
    first: dict[str, Any] = {}
    for t in plan_tasks(config, dataset, labels, protocol):
        first.setdefault(t.key.method, t)  # the first split of each method
    for label, t in first.items():
        if (dataset, label) in covered:
            continue
        result = execute_task(
            t.key, methods[label], t.seed, (X, labels), t.split.train_idx, t.split.test_idx, classes
        )
        if not result.ok:
            assert result.error is not None
            raise ValueError(f"timing {t.key} failed: {result.error.splitlines()[0]}")
        row = (
            (tasks["dataset"] == dataset)
            & (tasks["method"] == label)
            & (tasks["repetition"] == t.key.repetition)
            & (tasks["fold"] == t.key.fold)
        )
        tasks.loc[row, "seconds"] = (result.fit_cpu or 0.0) + (result.predict_cpu or 0.0)
        tasks.loc[row, "source"] = "sampled"


def _extrapolate(tasks: pd.DataFrame) -> None:
    """Fill the untimed tasks in place: seconds per training cell, by cell then by method."""
    size = (tasks["n_train"] * tasks["n_features"].clip(lower=1)).astype(float)
    timed = tasks["seconds"].notna()
    missing = ~timed
    if not missing.any():
        return
    frame = tasks.assign(_size=size)
    rate_cell = (
        frame[timed].groupby(["dataset", "method"])["seconds"].sum()
        / frame[timed].groupby(["dataset", "method"])["_size"].sum()
    )
    rate_method = (
        frame[timed].groupby("method")["seconds"].sum()
        / frame[timed].groupby("method")["_size"].sum()
    )
    cell_index = pd.MultiIndex.from_frame(tasks.loc[missing, ["dataset", "method"]])
    rate = pd.Series(rate_cell.reindex(cell_index).to_numpy(), index=tasks.index[missing])
    by_method = tasks.loc[missing, "method"].map(rate_method)
    rate = rate.fillna(by_method)
    if rate.isna().any():
        lacking = sorted(set(tasks.loc[rate.index[rate.isna()], "method"]))
        raise ValueError(
            f"no measured or sampled task to scale from for method(s) {lacking}; "
            "run with sampling on or store some of their tasks first"
        )
    tasks.loc[missing, "seconds"] = (rate * size[missing]).to_numpy()
