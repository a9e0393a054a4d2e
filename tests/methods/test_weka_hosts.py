"""Weka 3.6's AdaBoostM1 rounds: the resampling stream, the retries, Evaluation's reading.

Prediction-by-prediction agreement with Weka itself is in ``tests/weka/test_hosts.py``;
these tests pin down the mechanics with independent computations and need no Java.
"""

import numpy as np
import pandas as pd
import pytest
from ensemble_lab.utils._java_random import resample_with_weights
from numpy.testing import assert_array_equal

from ensemble_lab.datasets import load
from ensemble_lab.encoding import EncodedPredictor
from ensemble_lab.encoding import TestData as EncodedRows
from ensemble_lab.learners import C45TreeClassifier
from ensemble_lab.methods import WekaAdaBoostM1, WekaMultiBoostAB
from ensemble_lab.methods._boosting import _predicted_and_evaluated
from ensemble_lab.utils._weka_random import JavaRandom


def same_tree(a, b):
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k], equal_nan=True) for k in a)


@pytest.mark.parametrize("cls", [WekaAdaBoostM1, WekaMultiBoostAB])
def test_the_first_sample_is_wekas_resample_of_one_generator_seeded_with_s(cls):
    X, y = load("vote")
    model = cls("j48", 3, mode="resample", random_state=7).fit(X, y)
    rows = resample_with_weights(JavaRandom(7), np.full(len(y), 1 / len(y)))
    alone = C45TreeClassifier().fit(X.iloc[rows], y.iloc[rows])
    assert same_tree(model.estimators_[0].tree_, alone.tree_)


def test_a_perfect_member_is_fitted_again_on_the_next_sample():
    # Nearly separable data: most samples give a tree without training error, which
    # Weka fits again on the generator's next sample (ten samples at most).
    rng = np.random.RandomState(0)
    x = rng.uniform(-1, 1, 60)
    X = pd.DataFrame({"x": x})
    y = pd.Series(np.where(x > 0, "a", "b"))
    model = WekaAdaBoostM1("j48", 5, mode="resample", random_state=3).fit(X, y)
    random, uniform = JavaRandom(3), np.full(60, 1 / 60)
    samples = [resample_with_weights(random, uniform) for _ in range(10)]
    trees = [C45TreeClassifier().fit(X.iloc[rows], y.iloc[rows]) for rows in samples]
    first_with_error = next(k for k, t in enumerate(trees) if (t.predict(X) != y).any())
    assert first_with_error > 0  # the case the test is about
    assert same_tree(model.estimators_[0].tree_, trees[first_with_error].tree_)
    assert model.estimator_errors_[0] > 0


class _FixedDistribution(EncodedPredictor):
    """A member whose Weka distribution is given (columns in Weka's class numbering)."""

    weka_classes_ = np.array([0, 1, 2])

    def __init__(self, dist):
        self.dist = np.asarray(dist, dtype=float)

    def _encoded_distribution(self, test):
        return self.dist


def test_evaluation_reads_the_strict_maximum_where_j48_keeps_the_first_near_tie():
    member = _FixedDistribution(
        [
            [0.4999995, 0.5000005, 0.0],  # within 1e-6: J48 says 0, Evaluation 1
            [0.2, 0.3, 0.5],
            [0.5, 0.5, 0.0],  # an exact tie: both say 0
            [0.0, 0.0, 0.0],  # no distribution: unclassified for Evaluation
        ]
    )
    view = EncodedRows(np.zeros((4, 1)), None)
    predicted, evaluated = _predicted_and_evaluated(member, view, None)
    assert_array_equal(predicted, [0, 2, 0, 0])
    assert_array_equal(evaluated, [1, 2, 0, -1])


@pytest.mark.parametrize(("error", "outcome"), [
    (0.0, "perfect"), (9e-7, "perfect"), (1e-6, "accept"), (0.3, "accept"),
    (0.5 - 1.1e-6, "accept"), (0.5 - 9e-7, "fail"), (0.5, "fail"), (0.7, "fail"),
])  # fmt: skip
def test_errors_are_read_with_wekas_tolerance(error, outcome):
    # Utils.eq(ε, 0) and Utils.grOrEq(ε, 0.5), both with Utils.SMALL = 1e-6.
    assert WekaAdaBoostM1._outcome(error) == outcome
