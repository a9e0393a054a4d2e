"""``_java_math.log`` against Java's ``Math.log`` and against the exact logarithm."""

import math
from decimal import Decimal, getcontext

import numpy as np
import pytest
from ensemble_lab.utils._java_math import log, series

# Math.log printed by OpenJDK 17.0.15 (HotSpot, x86-64), the runtime Weka ran on here;
# the C library's log is one unit in the last place off at each of these.
JAVA = [
    (2.34690008230824, 0.8530953434480539),
    (380.3282113566207, 5.94103459403042),
    (9.31411901969009, 2.2315314230581076),
    (9.198138204863145, 2.2190010945390033),
    (3.3590638209111123, 1.211662310423196),
    (0.9468639859021188, -0.054599822402623475),
    (1.36498057948917, 0.31114020105525),
    (3.11194602600666, 1.135248262337545),
    (4.223846604346374, 1.4407462304856375),  # an entropy of credit-a that decided a split
    (9170.0, 9.12369256525051),
]


def exact_log(x: float) -> float:
    getcontext().prec = 50
    return float(Decimal(x).ln())  # Decimal -> float rounds to nearest


@pytest.mark.parametrize(("x", "java"), JAVA)
def test_same_as_java(x, java):
    assert log(x) == java
    assert math.log(x) != java  # why the C library's log will not do


def test_correctly_rounded():
    rng = np.random.RandomState(0)
    xs = np.concatenate(
        [
            rng.uniform(0, 2, 1000),
            np.exp(rng.uniform(-700, 700, 1000)),
            1 + np.arange(-300, 300) * 2.0**-52,  # around 1, where ln x is tiny
            2.0 ** np.arange(-1074, 1024),
            np.arange(1, 2000, dtype=float),
        ]
    )
    ours = log(xs)
    assert [x for x, y in zip(xs, ours) if x != 1 and y != exact_log(x)] == []


def test_fast_path_agrees_with_the_series():
    xs = np.exp(np.random.RandomState(1).uniform(-20, 20, 100_000))
    assert np.array_equal(log(xs), [series(x) for x in xs])


def test_special_values():
    assert log(1.0) == 0.0
    out = log(np.array([0.0, -1.0, np.inf, np.nan, 5e-324]))
    assert out[0] == -np.inf and np.isnan(out[1]) and out[2] == np.inf and np.isnan(out[3])
    assert out[4] == exact_log(5e-324)
