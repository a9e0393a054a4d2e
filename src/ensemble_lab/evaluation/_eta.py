"""How long a run still takes, estimated from the tasks finished so far.

Dividing the time spent by the tasks done fails as soon as the datasets differ in size:
the tasks of a small dataset finish quickly, then a large one starts and the estimate
jumps tenfold. :class:`RemainingTime` instead predicts each pending task from what the
finished ones say about it: the mean time of its own (dataset, method) cell once a task
of that cell has finished; before that, its method's seconds per training instance times
its training-set size (the overall rate when the method has no finished task yet). The
predicted work is divided by the parallelism observed so far (busy seconds per wall
second). There is no estimate before a few tasks have finished (:data:`MIN_TASKS`,
:data:`MIN_SHARE`), and each estimate costs time in the number of (dataset, method)
cells, not of tasks.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable

__all__ = ["RemainingTime"]


#: No estimate before this many tasks (or this share of them) have finished: the first
#: tasks say little about the rest, and one early estimate of hours for a run of seconds
#: is worse than none.
MIN_TASKS = 5
MIN_SHARE = 0.02


class RemainingTime:
    """Estimated wall-clock seconds left, updated as tasks finish.

    Parameters
    ----------
    pending : iterable of (dataset, method, n_train)
        Every task the run has to do.
    """

    def __init__(self, pending: Iterable[tuple[str, str, int]]) -> None:
        # per (dataset, method): pending tasks and the sum of their training-set sizes
        self._pending: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
        total = 0
        for dataset, method, n_train in pending:
            cell = self._pending[(dataset, method)]
            cell[0] += 1
            cell[1] += int(n_train)
            total += 1
        self._needed = min(total, max(MIN_TASKS, math.ceil(MIN_SHARE * total)))
        self._done = 0
        self._cell: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
        self._method: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
        self._busy = self._instances = 0.0

    def finished(self, dataset: str, method: str, n_train: int, seconds: float) -> None:
        """Record a finished task: its cell, training-set size and time in its worker."""
        cell = self._pending.get((dataset, method))
        if cell is not None and cell[0] > 0:
            cell[0] -= 1
            cell[1] -= n_train
        for totals, amount in ((self._cell[(dataset, method)], 1.0),
                               (self._method[method], float(n_train))):  # fmt: skip
            totals[0] += seconds
            totals[1] += amount
        self._busy += seconds
        self._instances += n_train
        self._done += 1

    def _cell_seconds(self, dataset: str, method: str, count: float, instances: float) -> float:
        """Predicted seconds of a cell's pending tasks."""
        cell_seconds, cell_tasks = self._cell.get((dataset, method), (0.0, 0.0))
        if cell_tasks:
            return cell_seconds / cell_tasks * count
        seconds, done = self._method.get(method, (0.0, 0.0))
        if not done:
            seconds, done = self._busy, self._instances
        return seconds / done * instances if done else 0.0

    def remaining(self, elapsed: float) -> float | None:
        """Seconds left, or None before enough tasks have finished to tell.

        Parameters
        ----------
        elapsed : float
            Wall-clock seconds since the run started.
        """
        if self._done < self._needed or not self._busy or elapsed <= 0:
            return None
        work = sum(
            self._cell_seconds(dataset, method, count, instances)
            for (dataset, method), (count, instances) in self._pending.items()
            if count > 0
        )
        parallelism = max(self._busy / elapsed, 1e-9)
        return work / parallelism
