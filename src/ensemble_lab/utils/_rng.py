"""A seeded ``RandomState`` without the cost of making one.

``numpy.random.RandomState(seed)`` first seeds a new MT19937 from a ``SeedSequence``
(~90 µs) and then overwrites that state with the legacy seeding of ``seed`` (~2 µs).
Ensemble members that draw a few numbers each (the random linear oracle's two points)
paid more for their generator than for their draws. :func:`seeded_random_state` hands
out a generator from a per-thread pool, re-seeded with ``seed``: the same stream as
``RandomState(seed)``, returned to the pool when the block ends.
"""

from __future__ import annotations

import numbers
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from sklearn.utils import check_random_state

__all__ = ["seeded_random_state"]

_local = threading.local()


@contextmanager
def seeded_random_state(random_state) -> Iterator[np.random.RandomState]:
    """``check_random_state(random_state)`` for the duration of a ``with`` block.

    An integer seed gets a pooled generator, re-seeded: the same numbers as
    ``RandomState(seed)``. It must not outlive the block (nested blocks get their own).
    None and ``RandomState`` instances are passed through as ``check_random_state``
    does.
    """
    if not isinstance(random_state, numbers.Integral) or isinstance(random_state, bool):
        yield check_random_state(random_state)
        return
    pool = getattr(_local, "pool", None)
    if pool is None:
        pool = _local.pool = []
    rng = pool.pop() if pool else np.random.RandomState()
    rng.seed(int(random_state))
    try:
        yield rng
    finally:
        pool.append(rng)
