"""Where tasks run: in process, on local cores (joblib), or on a Dask cluster.

A backend has one job: run ``fn(*args)`` for many argument tuples and hand back the
results **as they complete**, so the coordinator can store each one at once. The
interface is small on purpose — a new execution engine needs only :meth:`Backend.run`
(and optionally :meth:`Backend.share` to ship a large object to the workers once).
"""

from __future__ import annotations

import os
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Iterable
from typing import Any

from ..utils import optional_import

__all__ = [
    "Backend",
    "DaskBackend",
    "JoblibBackend",
    "SequentialBackend",
    "make_backend",
    "require_dask",
]


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
        """The backend itself, closed on leaving the ``with`` block."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the backend (its workers or cluster)."""
        self.close()


class SequentialBackend(Backend):
    """Run every call in the current process, one after the other."""

    def run(
        self, fn: Callable[..., Any], calls: Iterable[tuple[Any, ...]]
    ) -> Generator[Any, None, None]:
        """Yield ``fn(*args)`` for every ``args`` of ``calls``, one after the other."""
        for args in calls:
            yield fn(*args)


_watched_parent: int | None = None


def _exit_with_parent(coordinator: int) -> None:
    """In a worker process: end it as soon as ``coordinator`` (its parent) is gone.

    loky keeps its workers for reuse, and a worker whose coordinator was killed
    (SIGKILL, a closed terminal) would go on computing a task nobody will store, then
    wait for its idle timeout. A daemon thread per worker watches the parent process.
    """
    global _watched_parent
    if os.getpid() == coordinator or _watched_parent == coordinator:
        return
    _watched_parent = coordinator

    def watch() -> None:
        while os.getppid() == coordinator:
            time.sleep(0.5)
        os._exit(1)  # the coordinator is gone: nothing of this process is wanted

    threading.Thread(target=watch, name="ensemble-lab-parent-watch", daemon=True).start()


class _InWatchedWorker:
    """``fn`` run in a worker that ends with its coordinator (picklable)."""

    def __init__(self, fn: Callable[..., Any], coordinator: int) -> None:
        self.fn = fn
        self.coordinator = coordinator

    def __call__(self, *args: Any) -> Any:
        _exit_with_parent(self.coordinator)
        return self.fn(*args)


class JoblibBackend(Backend):
    """Local processes through joblib (``Parallel(return_as="generator_unordered")``).

    Parameters
    ----------
    n_jobs : int
        Worker processes (joblib's convention: -1 = all cores).
    backend : str, default="loky"
        joblib backend.

    Notes
    -----
    A worker process ends as soon as the coordinator process is gone (killed, say):
    it does not finish a task whose result nobody would store.
    """

    def __init__(self, n_jobs: int = 2, backend: str = "loky") -> None:
        self.n_jobs = n_jobs
        self.backend = backend

    def run(
        self, fn: Callable[..., Any], calls: Iterable[tuple[Any, ...]]
    ) -> Generator[Any, None, None]:
        """Yield ``fn(*args)`` for every ``args`` of ``calls`` as the workers finish them."""
        from joblib import Parallel, delayed

        parallel = Parallel(
            n_jobs=self.n_jobs, backend=self.backend, return_as="generator_unordered"
        )
        watched = _InWatchedWorker(fn, os.getpid())
        results = parallel(delayed(watched)(*args) for args in calls)
        try:
            yield from results
        finally:
            results.close()


class DaskBackend(Backend):
    """A Dask ``distributed`` cluster: an existing scheduler, a given client, or a local one.

    Parameters
    ----------
    address : str, optional
        Scheduler address (``"tcp://host:8786"``); a client is opened on it and closed
        by :meth:`close`.
    client : distributed.Client, optional
        An existing client to use instead (left open by :meth:`close`).
    retries : int, default=1
        Extra attempts for a call that raised *outside* the task function's own error
        handling (e.g. a worker that could not unpickle its arguments). Tasks of a worker
        that died are rescheduled by Dask itself and do not count as retries.

    Notes
    -----
    Workers need ``ensemble_lab`` importable (and the same version as the coordinator);
    they only compute, and return each result to the coordinator, which alone writes
    the results store. A shared dataset (:meth:`share`) becomes a task of the graph
    whose argument is the dataset, so the scheduler can recompute it if the worker
    holding it dies; other workers fetch it from a peer once instead of receiving it with
    every task. Every call is submitted at once with ``pure=False`` (no two calls are
    merged even if their arguments are equal); the scheduler queues them, and results
    are yielded with ``distributed.as_completed``, each call's result exactly once.

    Use :meth:`local` for a :class:`distributed.LocalCluster` that lives as long as the
    backend.
    """

    def __init__(self, address: str | None = None, *, client: Any = None, retries: int = 1) -> None:
        if (address is None) == (client is None):
            raise ValueError("DaskBackend needs exactly one of address or client")
        self.address = address
        self.retries = retries
        self._own = client is None
        self._cluster: Any = None
        if client is None:
            client = _distributed().Client(address)
        self.client = client

    @classmethod
    def local(
        cls, n_workers: int, *, processes: bool = True, threads_per_worker: int = 1
    ) -> DaskBackend:
        """Start a ``LocalCluster`` on the loopback interface; :meth:`close` stops it.

        Parameters
        ----------
        n_workers : int
            Worker processes (or threads, when ``processes=False``).
        processes : bool, default=True
            Workers in their own processes (each under a nanny that restarts it if
            it dies), or in-process threads (cheap to start, for tests).
        threads_per_worker : int, default=1
            Threads of each worker; 1 runs one task per worker at a time, as the
            runner's timings assume.
        """
        if n_workers < 1:
            raise ValueError(f"a local Dask cluster needs n_workers >= 1, got {n_workers}")
        Client, LocalCluster = _distributed().Client, _distributed().LocalCluster

        # Worker processes talk TCP on loopback only; in-process workers use Dask's
        # in-memory transport, which takes no host.
        network = {"host": "127.0.0.1"} if processes else {}
        cluster = LocalCluster(
            n_workers=n_workers,
            threads_per_worker=threads_per_worker,
            processes=processes,
            dashboard_address=None,
            **network,
        )
        try:
            client = Client(cluster)
        except BaseException:
            cluster.close()
            raise
        backend = cls(client=client)
        backend._own = True
        backend._cluster = cluster
        return backend

    def share(self, obj: Any) -> Any:
        """A future holding ``obj`` on the cluster, to pass to the calls in its place."""
        # A task holding the object (not a scattered copy): if the worker that holds
        # its result dies, the scheduler recomputes it from the graph instead of failing
        # every task that depends on it with "lost dependencies".
        return self.client.submit(_identity, obj, pure=False)

    def run(
        self, fn: Callable[..., Any], calls: Iterable[tuple[Any, ...]]
    ) -> Generator[Any, None, None]:
        """Submit every call to the cluster; yield each result once, as it completes."""
        as_completed = _distributed().as_completed

        futures = [
            self.client.submit(fn, *args, pure=False, retries=self.retries) for args in calls
        ]
        seen: set[str] = set()
        try:
            for future in as_completed(futures):
                if future.key in seen:  # never hand the same call's result over twice
                    continue
                seen.add(future.key)
                result = future.result()
                future.release()
                yield result
        finally:
            self.client.cancel([f for f in futures if not f.done()])

    def close(self) -> None:
        """Close the client and the local cluster, if this backend started them."""
        if self._own:
            self.client.close()
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


def require_dask() -> Any:
    """The ``distributed`` package, or one line saying which extra installs it."""
    return optional_import("distributed", extra="dask", feature="Running on Dask")


_distributed = require_dask


def _identity(obj: Any) -> Any:
    return obj


def make_backend(
    n_jobs: int = 1, scheduler: str | None = None, dask_local: int | None = None
) -> Backend:
    """The backend for the usual options.

    ``scheduler`` (a Dask scheduler's address) or ``dask_local`` (workers of a
    ``LocalCluster`` started for the run) take precedence over ``n_jobs`` local joblib
    workers; giving both Dask options is an error.
    """
    if scheduler is not None and dask_local is not None:
        raise ValueError("give either a Dask scheduler address or a local cluster size, not both")
    if scheduler is not None:
        return DaskBackend(scheduler)
    if dask_local is not None:
        return DaskBackend.local(dask_local)
    if n_jobs == 1:
        return SequentialBackend()
    return JoblibBackend(n_jobs)
