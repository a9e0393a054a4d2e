"""``JavaRandom`` against numbers printed by Java 17's ``java.util.Random``."""

import numpy as np
import pytest
from ensemble_lab.utils._java_random import JavaRandom, resample_with_weights, shuffled


def test_same_sequence_as_java():
    # new Random(42): nextInt(), nextInt(10), nextInt(1000000007), nextLong(),
    # nextDouble(), nextGaussian() twice, nextInt(16) -- printed by Java.
    r = JavaRandom(42)
    assert r.next_int() == -1170105035
    assert r.next_int_below(10) == 3
    assert r.next_int_below(1000000007) == 467211241
    assert r.next_long() == 884324181205335268
    assert r.next_double() == 0.9420735430282128
    assert r.next_gaussian() == 0.2669736057242196
    assert r.next_gaussian() == -0.5252767454241688
    assert r.next_int_below(16) == 7
    q = JavaRandom(-7)  # a negative seed, as Java sign-extends Weka's int seed
    assert [q.next_int_below(3) for _ in range(5)] == [1, 0, 1, 0, 0]


def test_bad_bound_is_refused():
    with pytest.raises(ValueError, match="bound must be positive"):
        JavaRandom(1).next_int_below(0)


def test_weighted_resample_follows_the_weights():
    weights = np.array([1.0, 0.0, 3.0, 6.0])
    rows = resample_with_weights(JavaRandom(3), np.tile(weights, 2500))
    share = np.bincount(rows % 4, minlength=4) / rows.size
    np.testing.assert_allclose(share, weights / weights.sum(), atol=0.02)
    assert (rows % 4 != 1).all()  # weight zero is never drawn
    with pytest.raises(ValueError, match="positive"):
        resample_with_weights(JavaRandom(3), np.array([1.0, -1.0]))


def test_shuffle_is_a_permutation_and_seeded():
    a = shuffled(JavaRandom(5), 50)
    assert sorted(a.tolist()) == list(range(50))
    assert (a == shuffled(JavaRandom(5), 50)).all()
    assert (a != shuffled(JavaRandom(6), 50)).any()
