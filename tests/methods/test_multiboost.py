"""MultiBoostClassifier: wagging resets at Webb's sub-committee boundaries."""

import math

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from scipy import stats
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab import MultiBoostClassifier
from ensemble_lab.methods import WekaMultiBoostAB, make
from ensemble_lab.methods._multiboost import subcommittee_boundaries


class AlwaysRight(ClassifierMixin, BaseEstimator):
    """A member with zero training error: column 0 of X is the class index."""

    def fit(self, X, y, sample_weight=None):
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        return np.asarray(X)[:, 0].astype(int)


@pytest.mark.parametrize(
    ("n_estimators", "n_sub", "expected"),
    [
        (10, None, [4, 7, 10]),  # n = floor(sqrt(10)) = 3: ceil(10/3), ceil(20/3), T
        (100, None, [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]),
        (25, 4, [7, 13, 19, 25]),  # ceil(25/4)=7, ceil(50/4)=13, ceil(75/4)=19
        (3, None, [3]),
    ],
)
def test_subcommittee_boundaries_follow_webb(n_estimators, n_sub, expected):
    assert subcommittee_boundaries(n_estimators, n_sub).tolist() == expected


def _stumps_fit(**params):
    X, y = load_breast_cancer(return_X_y=True)
    clf = MultiBoostClassifier(
        DecisionTreeClassifier(max_depth=1),
        10,
        mode="reweight",
        store_weights=True,
        random_state=0,
        **params,
    )
    return clf.fit(X, y), X, y


def test_wagging_resets_happen_at_the_subcommittee_boundaries():
    clf, X, y = _stumps_fit()
    assert clf.n_attempts_ == 10 and len(clf.estimators_) == 10
    assert_array_equal(clf.subcommittee_boundaries_, [4, 7, 10])
    # Members 4, 7 and 10 (attempts 3, 6, 9) start from fresh wagging weights.
    assert clf.weight_resets_ == [(3, "boundary"), (6, "boundary"), (9, "boundary")]
    history = clf.sample_weights_history_
    n = X.shape[0]
    assert_allclose(history[0], 1 / n)
    # Inside a sub-committee the weights follow the AdaBoost.M1 update of the member before.
    for t in (1, 2, 4, 5, 7, 8):
        prev = history[t - 1]
        wrong = clf.estimators_[t - 1].predict(X) != y  # no failed attempts here
        eps = prev[wrong].sum()
        expected = np.where(wrong, prev / (2 * eps), prev / (2 * (1 - eps)))
        assert_allclose(history[t], expected, rtol=1e-10)


def test_wagging_weights_are_random_exponential_not_uniform():
    clf, X, _ = _stumps_fit()
    history = clf.sample_weights_history_
    n = X.shape[0]
    for t in (3, 6, 9):
        w = history[t] * n  # mean 1
        assert w.std() > 0.5  # uniform would be 0
        assert stats.kstest(w / w.mean(), "expon").pvalue > 0.01
        assert not np.allclose(history[t], history[t - 1])
    # Independent draws at each boundary.
    assert np.corrcoef(history[3], history[6])[0, 1] < 0.2


def test_members_receive_the_wagged_weights():
    clf, X, _ = _stumps_fit()
    # In reweight mode a member is fitted with the distribution scaled to sum to n.
    first_of_second_committee = clf.estimators_[3]
    assert first_of_second_committee.tree_.weighted_n_node_samples[0] == pytest.approx(X.shape[0])


def test_perfect_members_are_kept_and_each_triggers_wagging():
    y = np.arange(30) % 3
    X = np.column_stack([y, np.zeros(30)]).astype(float)
    clf = MultiBoostClassifier(AlwaysRight(), 6, mode="reweight", random_state=0).fit(X, y)
    assert len(clf.estimators_) == 6 and clf.n_attempts_ == 6
    assert_allclose(clf.estimator_errors_, 0.0)
    assert_allclose(clf.estimator_weights_, 0.5 * math.log((1 - 1e-10) / 1e-10))
    assert all(reason in ("zero error", "boundary") for _, reason in clf.weight_resets_)
    assert sum(reason == "zero error" for _, reason in clf.weight_resets_) == 6
    assert_array_equal(clf.predict(X), y)


@pytest.mark.parametrize("mode", ["resample", "reweight"])
def test_multiboost_learns_and_is_reproducible(mode):
    X, y = load_iris(return_X_y=True)
    labels = np.array(["a", "b", "c"])[y]
    a = MultiBoostClassifier(DecisionTreeClassifier(max_depth=2), 10, mode=mode, random_state=4)
    b = MultiBoostClassifier(DecisionTreeClassifier(max_depth=2), 10, mode=mode, random_state=4)
    assert_array_equal(a.fit(X, labels).predict(X), b.fit(X, labels).predict(X))
    assert a.score(X, labels) > 0.9
    assert len(list(a.staged_predict(X))) == len(a.estimators_)
    assert a.train_q_.shape == (len(a.estimators_),)


def test_registered_multiboost_names():
    est = make("N-P-MultiBoost (W)", random_state=3)
    assert isinstance(est, MultiBoostClassifier)
    assert (est.estimator, est.mode, est.n_estimators, est.random_state) == (
        "j48",
        "reweight",
        10,
        3,
    )
    assert make("N-U-MultiBoost-S").estimator == "j48-unpruned"
    assert make("N-U-MultiBoost-S").mode == "resample"


def _java_doubles(seed: int, n: int) -> np.ndarray:
    """``java.util.Random(seed).nextDouble()`` n times, from the documented LCG."""
    mask = (1 << 48) - 1
    state = (seed ^ 0x5DEECE66D) & mask
    out = np.empty(n)
    for i in range(n):
        parts = []
        for bits in (26, 27):
            state = (state * 0x5DEECE66D + 0xB) & mask
            parts.append(state >> (48 - bits))
        out[i] = ((parts[0] << 27) + parts[1]) / float(1 << 53)
    return out


def test_weka_multiboost_wags_with_wekas_generator_on_wekas_schedule():
    X, y = load_breast_cancer(return_X_y=True)
    clf = WekaMultiBoostAB(
        DecisionTreeClassifier(max_depth=1), 10, mode="reweight", store_weights=True,
        random_state=1,
    ).fit(X, y)  # fmt: skip
    assert clf.weight_resets_ == [(3, "boundary"), (6, "boundary"), (9, "boundary")]
    u = _java_doubles(1, 3 * X.shape[0]).reshape(3, -1)  # one draw per row per wagging
    wagged = -np.log(u * 9999 / 10000)
    assert_allclose(clf.sample_weights_history_[[3, 6, 9]], wagged / wagged.sum(axis=1)[:, None])


def test_weka_multiboost_subcommittees_have_t_div_n_members():
    X, y = load_iris(return_X_y=True)
    stump = DecisionTreeClassifier(max_depth=1)
    clf = WekaMultiBoostAB(stump, 100, n_subcommittees=10, random_state=0).fit(X, y)
    # Weka wags after members 10, 20, ..., 90, so before 11, 21, ...; Webb before 10, 20.
    assert_array_equal(clf.subcommittee_boundaries_, np.arange(11, 101, 10))
    assert subcommittee_boundaries(100, 10).tolist() == list(range(10, 101, 10))


def test_weka_multiboost_stops_at_a_perfect_member_as_weka_does():
    X = np.repeat(np.arange(3), 20)[:, None].astype(float)
    y = X[:, 0].astype(int)
    weka = WekaMultiBoostAB(AlwaysRight(), 10, mode="reweight", random_state=0).fit(X, y)
    assert weka.n_attempts_ == 1 and len(weka.estimators_) == 1
    webb = MultiBoostClassifier(AlwaysRight(), 10, mode="reweight", random_state=0).fit(X, y)
    assert len(webb.estimators_) == 10  # Webb keeps a perfect member and goes on
