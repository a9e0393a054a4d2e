"""The boosting loop and its policies: each host's choice, a direct reference, a new variant."""

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import load_breast_cancer
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.base import member_seeds
from ensemble_lab.datasets import load
from ensemble_lab.methods import (
    BoostingClassifier,
    MultiBoostClassifier,
    WekaAdaBoostM1,
    WekaMultiBoostAB,
)
from ensemble_lab.methods._boosting import _BaseBoosting
from ensemble_lab.methods._boosting_policy import (
    ADABOOST_ACCEPTANCE,
    XI,
    Acceptance,
    BoostingPolicy,
    Bootstrap,
    Reweighting,
    Schedule,
    eq2_error,
    mode_sampler,
    uniform_reset,
)
from ensemble_lab.methods._multiboost import WEBB_ACCEPTANCE, WebbSchedule, wagging
from ensemble_lab.methods._weka_hosts import (
    WEKA_ACCEPTANCE,
    WekaResampling,
    WekaSubcommittees,
    WekaWagging,
    evaluation_error,
)

Y_TINY = np.array([0] * 5 + [1] * 5)
X_TINY = np.column_stack([np.arange(10), Y_TINY]).astype(float)


class PerfectOnBoostedWeights(ClassifierMixin, BaseEstimator):
    """Wrong on rows 0 and 1 when fitted on uniform weights, right everywhere otherwise.

    Column 0 of X is a row id, column 1 the true class.
    """

    def fit(self, X, y, sample_weight=None):
        self.classes_ = np.unique(y)
        self.uniform_ = sample_weight is None or np.allclose(sample_weight, sample_weight[0])
        return self

    def predict(self, X):
        X = np.asarray(X)
        truth = X[:, 1].astype(int)
        wrong = (X[:, 0] < 2) & self.uniform_
        return np.where(wrong, 1 - truth, truth)


@pytest.mark.parametrize("update", sorted(XI))
@pytest.mark.parametrize(("mode", "sampler"), [("reweight", Reweighting), ("resample", Bootstrap)])
def test_boosting_chooses_its_update_and_sampler(update, mode, sampler):
    policy = BoostingClassifier(update=update, mode=mode, early_stopping=True)._policy()
    assert policy.xi is XI[update]
    assert isinstance(policy.sampler, sampler)
    assert policy.acceptance is ADABOOST_ACCEPTANCE
    assert policy.resets.draw is uniform_reset and type(policy.resets.schedule) is Schedule
    assert policy.scoring is eq2_error and policy.early_stopping


def test_multiboost_chooses_webbs_wagging_schedule_and_acceptance():
    policy = MultiBoostClassifier(n_estimators=10)._policy()
    assert policy.xi is XI["aggressive"] and policy.acceptance is WEBB_ACCEPTANCE
    assert policy.resets.draw is wagging and isinstance(policy.resets.schedule, WebbSchedule)
    assert policy.resets.schedule.boundaries.tolist() == [4, 7, 10]


@pytest.mark.parametrize("cls", [WekaAdaBoostM1, WekaMultiBoostAB])
@pytest.mark.parametrize(("mode", "draws"), [("resample", 10), ("reweight", 1)])
def test_weka_hosts_choose_wekas_rounds(cls, mode, draws):
    policy = cls(n_estimators=10, mode=mode, random_state=1)._policy()
    assert policy.acceptance is WEKA_ACCEPTANCE and policy.scoring is evaluation_error
    assert policy.sampler.draws == draws
    assert isinstance(policy.sampler, WekaResampling if mode == "resample" else Reweighting)
    if cls is WekaMultiBoostAB:
        assert isinstance(policy.resets.draw, WekaWagging)
        assert isinstance(policy.resets.schedule, WekaSubcommittees)


def test_the_loop_is_boosting_by_a_direct_reference():
    # Fig. 1 of Kuncheva & Whitaker (2002) written out for stumps on sample weights.
    X, y = load_breast_cancer(return_X_y=True)
    for update in sorted(XI):
        clf = BoostingClassifier(
            DecisionTreeClassifier(max_depth=1), 6, update=update, mode="reweight",
            random_state=5,
        ).fit(X, y)  # fmt: skip
        seeds = member_seeds(5, 12)
        w, alphas = np.full(y.shape[0], 1 / y.shape[0]), []
        for k in range(6):
            stump = DecisionTreeClassifier(max_depth=1, random_state=seeds[k])
            right = stump.fit(X, y, sample_weight=w * y.shape[0]).predict(X) == y
            eps = w[~right].sum()
            beta = np.sqrt((1 - eps) / eps)
            alphas.append(np.log(beta))
            xi = {"aggressive": 1 - 2 * right, "conservative": 1 - right, "inverse": right - 1.0}
            w = w * beta ** xi[update].astype(float)
            w /= w.sum()
        assert_allclose(clf.estimator_weights_, alphas, rtol=1e-10)


class KeepPerfect(_BaseBoosting):
    """A variant made of a policy only: a perfect member votes 2 and nothing stops early."""

    _acceptance = Acceptance(perfect_vote=2.0, failures_to_stop=None)

    def __init__(self, estimator=None, n_estimators=3, *, mode="reweight", store_weights=False,
                 random_state=None):  # fmt: skip
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.mode = mode
        self.store_weights = store_weights
        self.random_state = random_state

    def _policy(self):
        return BoostingPolicy(XI["aggressive"], self._acceptance, sampler=mode_sampler(self.mode))


def test_a_new_variant_is_a_policy():
    # Round 1 (uniform): wrong on {0, 1}, ε = .2, β = 2. Round 2 (boosted weights): no
    # error, kept with vote 2 and the weights reset. Round 3 (uniform again) as round 1.
    clf = KeepPerfect(PerfectOnBoostedWeights(), store_weights=True)
    clf.fit(X_TINY, Y_TINY)
    assert_allclose(clf.estimator_weights_, [np.log(2), 2.0, np.log(2)])
    assert_allclose(clf.estimator_errors_, [0.2, 0.0, 0.2])
    assert clf.weight_resets_ == [(2, "zero error")]
    assert_allclose(clf.sample_weights_history_[2], 0.1)
    assert not hasattr(clf, "subcommittee_boundaries_")
    assert KeepPerfect._outcome(0.0) == "perfect"


def test_webb_schedule_skips_a_boundary_after_a_failed_member():
    # Table 1, step 9 of Webb (2000): a discarded member advances k, so I_1 = 4 is
    # skipped and the next scheduled wagging is before member 7.
    schedule = WebbSchedule(np.array([4, 7, 10]))
    schedule.advance()
    assert [t for t in range(1, 11) if schedule.reset_due(t)] == [7, 10]


@pytest.mark.parametrize("cls", [WekaAdaBoostM1, WekaMultiBoostAB])
def test_a_refit_starts_the_policys_generators_afresh(cls):
    X, y = load("vote")
    model = cls("j48", 6, mode="resample", store_weights=True, random_state=2)
    first = model.fit(X, y).sample_weights_history_.copy()
    proba = model.predict_proba(X)
    assert_array_equal(model.fit(X, y).sample_weights_history_, first)
    assert_array_equal(model.predict_proba(X), proba)
