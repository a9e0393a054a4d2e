"""The pooled seeded RandomState gives RandomState(seed)'s stream, nested or threaded."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from ensemble_lab.utils._rng import seeded_random_state


def test_same_stream_as_a_new_random_state():
    with seeded_random_state(11) as rng:
        rng.normal()  # leaves a cached Gaussian behind: the next seeding must drop it
    with seeded_random_state(11) as rng:
        ours = [rng.normal(), rng.randint(1000), rng.uniform(0, 3), rng.normal()]
    ref = np.random.RandomState(11)
    assert ours == [ref.normal(), ref.randint(1000), ref.uniform(0, 3), ref.normal()]


def test_nested_blocks_get_their_own_generator():
    with seeded_random_state(1) as outer:
        first = outer.uniform()
        with seeded_random_state(2) as inner:
            assert inner is not outer
            inner.uniform()
        second = outer.uniform()
    ref = np.random.RandomState(1)
    assert [first, second] == [ref.uniform(), ref.uniform()]


def test_threads_do_not_share_a_generator():
    def draw(seed):
        with seeded_random_state(seed) as rng:
            return rng.randint(10**9, size=2000).tolist()

    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(draw, [5, 6] * 20))
    assert got == [np.random.RandomState(s).randint(10**9, size=2000).tolist() for s in [5, 6] * 20]


@pytest.mark.parametrize("state", [None, np.random.RandomState(3)])
def test_other_states_pass_through(state):
    with seeded_random_state(state) as rng:
        assert isinstance(rng, np.random.RandomState)
        if state is not None:
            assert rng is state
