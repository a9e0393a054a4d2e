"""Where tasks run: in process, on local cores (joblib), or on a Dask cluster.

A backend has one job: run ``fn(*args)`` for many argument tuples and hand back the
results **as they complete**, so the coordinator can store each one at once. The
interface is small on purpose — a new execution engine needs only :meth:`Backend.run`
(and optionally :meth:`Backend.share` to ship a large object to the workers once).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Iterable
from typing import Any

__all__ = ["Backend", "DaskBackend", "JoblibBackend", "SequentialBackend", "make_backend"]


class Backend(ABC):
    """Run calls and yield their results in completion order."""

    def share(self, obj: Any) -> Any:
        """Return a handle to pass instead of ``obj`` in many calls (default: ``obj``)."""
        return obj

    @abstractmethod
    def run(
        self, fn: Callable[..., Any], calls: Iterable[tuple[Any, ...]]
    ) -> Generator[Any, None, None]:
        """Yield ``fn(*args)`` for every ``args`` of ``calls``, in any order.

        Closing the returned generator early (``KeyboardInterrupt``, an error in the
        consumer) cancels the calls that have not finished.
        """

    def close(self) -> None:
        """Release the backend's resources (none by default)."""
        return None

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SequentialBackend(Backend):
    """Run every call in the current process, one after the other."""

    def run(
        self, fn: Callable[..., Any], calls: Iterable[tuple[Any, ...]]
    ) -> Generator[Any, None, None]:
        for args in calls:
            yield fn(*args)


class JoblibBackend(Backend):
    """Local processes through joblib (``Parallel(return_as="generator_unordered")``).

    Parameters
    ----------
    n_jobs : int
        Worker processes (joblib's convention: -1 = all cores).
    backend : str, default="loky"
        joblib backend.
    """

    def __init__(self, n_jobs: int = 2, backend: str = "loky") -> None:
        self.n_jobs = n_jobs
        self.backend = backend

    def run(
        self, fn: Callable[..., Any], calls: Iterable[tuple[Any, ...]]
    ) -> Generator[Any, None, None]:
        from joblib import Parallel, delayed

        parallel = Parallel(
            n_jobs=self.n_jobs, backend=self.backend, return_as="generator_unordered"
        )
        results = parallel(delayed(fn)(*args) for args in calls)
        try:
            yield from results
        finally:
            results.close()


class DaskBackend(Backend):
    """A Dask ``distributed`` cluster: an existing scheduler or a given client.

    Parameters
    ----------
    address : str, optional
        Scheduler address (``"tcp://host:8786"``); a client is opened on it and closed
        by :meth:`close`.
    client : distributed.Client, optional
        An existing client to use instead (left open by :meth:`close`).

    Notes
    -----
    Workers need ``ensemble_lab`` importable (and the same version as the coordinator).
    Datasets are scattered to the cluster once (:meth:`share`) instead of being
    serialised with every task. Every task is submitted at once; the scheduler queues
    them, and results are yielded with ``distributed.as_completed``.
    """

    def __init__(self, address: str | None = None, *, client: Any = None) -> None:
        if (address is None) == (client is None):
            raise ValueError("DaskBackend needs exactly one of address or client")
        self.address = address
        self._own = client is None
        if client is None:
            from distributed import Client

            client = Client(address)
        self.client = client

    def share(self, obj: Any) -> Any:
        # Wrapped in a list so that a tuple (X, y) is scattered as one object.
        return self.client.scatter([obj], broadcast=False, hash=False)[0]

    def run(
        self, fn: Callable[..., Any], calls: Iterable[tuple[Any, ...]]
    ) -> Generator[Any, None, None]:
        from distributed import as_completed

        futures = [self.client.submit(fn, *args, pure=False) for args in calls]
        try:
            for future in as_completed(futures):
                result = future.result()
                future.release()
                yield result
        finally:
            self.client.cancel([f for f in futures if not f.done()])

    def close(self) -> None:
        if self._own:
            self.client.close()


def make_backend(n_jobs: int = 1, scheduler: str | None = None) -> Backend:
    """The backend for the usual options: ``n_jobs`` local workers or a Dask scheduler."""
    if scheduler is not None:
        return DaskBackend(scheduler)
    if n_jobs == 1:
        return SequentialBackend()
    return JoblibBackend(n_jobs)
