"""How long a run still takes, estimated from the tasks finished so far.

Dividing the time spent by the tasks done fails as soon as the datasets differ in size:
the tasks of a small dataset finish quickly, then a large one starts and the estimate
jumps tenfold. :class:`RemainingTime` instead predicts each pending task from what the
finished ones say about it: the mean time of its own (dataset, method) cell once a task
of that cell has finished; before that, its method's seconds per training instance times
its training-set size (the overall rate when the method has no finished task yet). The
predicted work is divided by the parallelism observed so far (busy seconds per wall
second).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

__all__ = ["RemainingTime"]


class RemainingTime:
    """Estimated wall-clock seconds left, updated as tasks finish.

    Parameters
    ----------
    pending : iterable of (dataset, method, n_train)
        Every task the run has to do.
    """

    def __init__(self, pending: Iterable[tuple[str, str, int]]) -> None:
        self._pending: dict[tuple[str, str], list[int]] = defaultdict(list)
        for dataset, method, n_train in pending:
            self._pending[(dataset, method)].append(int(n_train))
        self._cell: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
        self._method: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
        self._busy = self._instances = 0.0

    def finished(self, dataset: str, method: str, n_train: int, seconds: float) -> None:
        """Record a finished task: its cell, training-set size and time in its worker."""
        sizes = self._pending.get((dataset, method))
        if sizes and n_train in sizes:
            sizes.remove(n_train)
        for totals, amount in ((self._cell[(dataset, method)], 1.0),
                               (self._method[method], float(n_train))):  # fmt: skip
            totals[0] += seconds
            totals[1] += amount
        self._busy += seconds
        self._instances += n_train

    def _task_seconds(self, dataset: str, method: str, n_train: int) -> float:
        cell_seconds, cell_tasks = self._cell.get((dataset, method), (0.0, 0.0))
        if cell_tasks:
            return cell_seconds / cell_tasks
        seconds, instances = self._method.get(method, (0.0, 0.0))
        if not instances:
            seconds, instances = self._busy, self._instances
        return seconds / instances * n_train if instances else 0.0

    def remaining(self, elapsed: float) -> float | None:
        """Seconds left, or None before the first task has finished.

        Parameters
        ----------
        elapsed : float
            Wall-clock seconds since the run started.
        """
        if not self._busy or elapsed <= 0:
            return None
        work = sum(
            self._task_seconds(dataset, method, n)
            for (dataset, method), sizes in self._pending.items()
            for n in sizes
        )
        parallelism = max(self._busy / elapsed, 1e-9)
        return work / parallelism
