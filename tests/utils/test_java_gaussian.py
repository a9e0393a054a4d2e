"""``GaussianStream`` and ``strict_log`` against numbers printed by Java 17."""

import doctest
import math

import numpy as np
import pytest
from ensemble_lab.utils._java_gaussian import GaussianStream, select_indices, strict_log
from ensemble_lab.utils._java_random import JavaRandom

from ensemble_lab.utils import _java_gaussian


@pytest.mark.parametrize(
    ("x", "java"),
    [  # StrictMath.log(x); the first four are where the C library's log is an ulp off
        (0.03816018665948939, -3.265962540917961),
        (0.16509030755813414, -1.8012626362715705),
        (0.3237971679413385, -1.1276379840976096),
        (0.7083940313438255, -0.34475479865408987),
        (5e-324, -744.4400719213812),  # subnormal
        (1e-310, -713.8013788281542),
        (1 + 1e-7, 9.999999505838704e-08),  # |f| < 2**-20
        (1e300, 690.7755278982137),
        (2.0, 0.6931471805599453),
        (1.0, 0.0),
    ],
)
def test_strict_log_is_javas(x, java):
    assert strict_log(x) == java


def test_strict_log_special_values():
    assert strict_log(0.0) == -math.inf and strict_log(math.inf) == math.inf
    assert math.isnan(strict_log(-1.0)) and math.isnan(strict_log(math.nan))


def test_gaussians_are_javas_to_the_bit():
    # new Random(1).nextGaussian(), values 16 to 19 (18 and 19 need StrictMath.log).
    values = GaussianStream(JavaRandom(1)).table(np.ones(1, dtype=np.uint8), 20)[16:, 0]
    java = [-0.1896357718231955, 0.008863588431931045, 0.42649995328496526, -0.6257664276530307]
    assert values.tolist() == java


def test_table_interleaves_draws_as_java_does():
    # new Random(5): 3 rows of nextGaussian, nextDouble, nextDouble, nextGaussian,
    # nextGaussian; then nextDouble, nextGaussian (the pair's second value, kept).
    java = [
        [0.23506366996956274, 0.4889045498516358, 0.461837214623537, -0.41985748118642735,
         -0.47610703634658996],
        [1.831309175552887, 0.2777673057578094, 0.7599608278137966, 0.3620062019110582,
         -0.2606803148528631],
        [0.9917383547909762, 0.3928764411717487, 0.9947320023919717, -0.156388778748283,
         0.628134153300149],
    ]  # fmt: skip
    stream = GaussianStream(JavaRandom(5))
    table = stream.table(np.array([1, 0, 0, 1, 1], dtype=np.uint8), 3)
    assert table.tolist() == java
    assert stream.next_double() == 0.24782537013522343
    assert stream.next_gaussian() == -0.35704134277569977


def test_tables_in_pieces_are_one_stream():
    gaussian = np.array([1, 0, 1], dtype=np.uint8)
    whole = GaussianStream(JavaRandom(9)).table(gaussian, 500)
    stream = GaussianStream(JavaRandom(9))
    parts = [stream.table(gaussian, n) for n in (1, 0, 7, 492)]
    assert np.array_equal(np.vstack(parts), whole)
    assert stream.table(np.zeros(0, dtype=np.uint8), 4).shape == (4, 0)


def test_select_indices_is_the_first_share_reaching_the_draw():
    cumulative = np.array([[0.2, 0.5, np.inf], [0.25, 0.5, 0.75]])
    u = np.array([[0.1, 0.25], [0.2, 0.26], [0.5, 0.999], [0.6, 0.0]])
    assert select_indices(cumulative, u).tolist() == [[0, 0], [0, 1], [1, 3], [2, 0]]
    with pytest.raises(ValueError, match="2 rows of shares for 1 columns"):
        select_indices(cumulative, u[:, :1].copy())


def test_docstring_examples():
    failed, attempted = doctest.testmod(_java_gaussian)
    assert attempted > 0 and failed == 0
