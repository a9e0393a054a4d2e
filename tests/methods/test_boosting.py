"""BoostingClassifier: the update rules against hand computations, resets, API contract."""

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import load_breast_cancer, load_iris
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline, make_pipeline
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab import BoostingClassifier
from ensemble_lab.diversity import oracle_outputs, q_statistic
from ensemble_lab.learners import MixedEncoder
from ensemble_lab.methods import make


class FixedOutcome(ClassifierMixin, BaseEstimator):
    """Member with a known outcome: wrong exactly on the sample ids in ``wrong``.

    Column 0 of X is a sample id, column 1 the true class index. On uniform weights it
    is wrong on ``wrong``; on any other weights on ``wrong_later`` (None: the same set).
    """

    def __init__(self, wrong=(0, 1), wrong_later=None):
        self.wrong = wrong
        self.wrong_later = wrong_later

    def fit(self, X, y, sample_weight=None):
        X = np.asarray(X)
        self.classes_ = np.unique(y)
        ids = X[:, 0].astype(int)
        self.ids_seen_ = set(ids.tolist())
        self.sample_weight_ = None if sample_weight is None else np.asarray(sample_weight)
        uniform = sample_weight is None or np.allclose(sample_weight, sample_weight[0])
        wrong = self.wrong if uniform or self.wrong_later is None else self.wrong_later
        self.wrong_ = set(wrong)
        return self

    def predict(self, X):
        ids = np.asarray(X)[:, 0].astype(int)
        truth = np.asarray(X)[:, 1].astype(int)
        return np.where(np.isin(ids, list(self.wrong_)), 1 - truth, truth)


Y_TINY = np.array([0] * 5 + [1] * 5)
X_TINY = np.column_stack([np.arange(10), Y_TINY]).astype(float)

# One round by hand: uniform W_1 = 0.1, member wrong on samples 0 and 1, so ε = 0.2 and
# β = sqrt(0.8 / 0.2) = 2.
#   aggressive   ξ = 1 - 2y: wrong 0.1*2 = .2, right 0.1/2 = .05, sum .8 -> 1/4, 1/16
#   conservative ξ = 1 - y:  wrong .2, right .1, sum 1.2                 -> 1/6, 1/12
#   inverse      ξ = y - 1:  wrong 0.1/2 = .05, right .1, sum .9        -> 1/18, 1/9
HAND_WEIGHTS = {
    "aggressive": (1 / 4, 1 / 16),
    "conservative": (1 / 6, 1 / 12),
    "inverse": (1 / 18, 1 / 9),
}


@pytest.mark.parametrize("update", sorted(HAND_WEIGHTS))
def test_one_round_matches_hand_computation(update):
    clf = BoostingClassifier(
        FixedOutcome(wrong=(0, 1), wrong_later=(2,)),
        n_estimators=2,
        update=update,
        mode="reweight",
        store_weights=True,
        random_state=0,
    ).fit(X_TINY, Y_TINY)
    wrong_w, right_w = HAND_WEIGHTS[update]
    expected = np.full(10, right_w)
    expected[:2] = wrong_w
    assert_allclose(clf.sample_weights_history_[0], np.full(10, 0.1))
    assert_allclose(clf.sample_weights_history_[1], expected, rtol=1e-12)
    # The member is fitted with the distribution scaled to sum to n_samples.
    assert_allclose(clf.estimators_[1].sample_weight_, 10 * expected, rtol=1e-12)
    assert_allclose(clf.estimator_errors_[0], 0.2)
    assert_allclose(clf.estimator_weights_[0], np.log(2.0))


def test_failed_round_resets_weights_to_uniform_and_is_not_voted():
    # Round 1 (uniform): wrong on {0, 1}, ε = .2. Round 2 (aggressive weights 1/4 on 0, 1
    # and 1/16 elsewhere): wrong on {0, 1, 2, 3}, ε = .5 + .125 = .625 -> reset.
    clf = BoostingClassifier(
        FixedOutcome(wrong=(0, 1), wrong_later=(0, 1, 2, 3)),
        n_estimators=3,
        mode="reweight",
        store_weights=True,
        random_state=0,
    ).fit(X_TINY, Y_TINY)
    assert clf.n_attempts_ == 5
    assert len(clf.estimators_) == 3
    assert clf.weight_resets_ == [(2, "error >= 0.5"), (4, "error >= 0.5")]
    assert_allclose(clf.sample_weights_history_[[0, 2, 4]], 0.1)
    assert_allclose(clf.estimator_errors_, 0.2)


def test_zero_error_round_is_skipped_and_resets():
    clf = BoostingClassifier(
        FixedOutcome(wrong=(0, 1), wrong_later=()),
        n_estimators=2,
        mode="reweight",
        store_weights=True,
        random_state=0,
    ).fit(X_TINY, Y_TINY)
    assert clf.n_attempts_ == 3
    assert clf.weight_resets_ == [(2, "zero error")]
    assert_allclose(clf.estimator_errors_, [0.2, 0.2])
    assert_allclose(clf.sample_weights_history_[2], 0.1)


def test_perfect_first_member_is_the_whole_ensemble():
    clf = BoostingClassifier(FixedOutcome(wrong=()), n_estimators=5, mode="reweight")
    clf.fit(X_TINY, Y_TINY)
    assert clf.n_attempts_ == 1
    assert len(clf.estimators_) == 1
    assert_array_equal(clf.predict(X_TINY), Y_TINY)
    assert_allclose(clf.predict_proba(X_TINY).sum(axis=1), 1.0)


def test_two_failures_in_a_row_stop_and_keep_first_member():
    clf = BoostingClassifier(FixedOutcome(wrong=tuple(range(6))), n_estimators=5, mode="reweight")
    clf.fit(X_TINY, Y_TINY)
    assert clf.n_attempts_ == 2
    assert len(clf.estimators_) == 1
    assert clf.estimator_weights_.tolist() == [1.0]


def test_vote_is_ln_beta_weighted_majority():
    X, y = load_iris(return_X_y=True)
    clf = BoostingClassifier(DecisionTreeClassifier(max_depth=1), 15, random_state=3).fit(X, y)
    support = np.zeros((X.shape[0], 3))
    for member, alpha in zip(clf.estimators_, clf.estimator_weights_):
        support[np.arange(X.shape[0]), member.predict(X)] += alpha
    assert_array_equal(clf.predict(X), clf.classes_[support.argmax(axis=1)])
    assert_allclose(clf.predict_proba(X), support / clf.estimator_weights_.sum())


@pytest.mark.parametrize("mode", ["resample", "reweight"])
@pytest.mark.parametrize("update", ["aggressive", "conservative", "inverse"])
def test_staged_outputs_and_curves(mode, update):
    X, y = load_breast_cancer(return_X_y=True)
    X_tr, y_tr, X_te, y_te = X[:250], y[:250], X[250:], y[250:]
    clf = BoostingClassifier(
        DecisionTreeClassifier(max_depth=2), 12, update=update, mode=mode, random_state=0
    ).fit(X_tr, y_tr)
    n_members = len(clf.estimators_)
    staged = list(clf.staged_predict(X_te))
    assert len(staged) == n_members
    assert_array_equal(staged[-1], clf.predict(X_te))
    scores = list(clf.staged_score(X_te, y_te))
    assert_allclose(scores[-1], clf.score(X_te, y_te))
    probas = list(clf.staged_predict_proba(X_te))
    assert_allclose(probas[-1], clf.predict_proba(X_te))
    assert_allclose(list(clf.staged_decision_function(X_te))[-1], clf.decision_function(X_te))
    # Curves on the training data reproduce the fitted ones; Q against a direct computation.
    train = clf.stage_curves(X_tr, y_tr)
    assert_allclose(train.error, clf.train_error_)
    assert_allclose(train.q, clf.train_q_, equal_nan=True)
    oracle = oracle_outputs(clf, X_tr, y_tr)
    direct = [1.0] + [q_statistic(oracle[:, :k]) for k in range(2, n_members + 1)]
    assert_allclose(clf.train_q_, direct, equal_nan=True)
    test = clf.stage_curves(X_te, y_te)
    assert_allclose(1 - test.error, scores)


def test_early_stopping_keeps_prefix_at_minimum_training_q():
    X, y = load_breast_cancer(return_X_y=True)
    params = {
        "estimator": DecisionTreeClassifier(max_depth=1),
        "n_estimators": 20,
        "random_state": 1,
    }
    full = BoostingClassifier(**params).fit(X, y)
    stopped = BoostingClassifier(**params, early_stopping=True).fit(X, y)
    k = int(np.argmin(full.train_q_[1:])) + 2
    assert len(stopped.estimators_) == k < 20
    assert_allclose(stopped.estimator_weights_, full.estimator_weights_[:k])
    assert_array_equal(stopped.predict(X), list(full.staged_predict(X))[k - 1])


def test_string_labels_dataframe_and_reproducibility():
    X, y = load_iris(return_X_y=True)
    labels = np.array(["setosa", "versicolor", "virginica"])[y]
    frame = pd.DataFrame(X, columns=["sl", "sw", "pl", "pw"])
    a = BoostingClassifier(DecisionTreeClassifier(max_depth=2), 10, random_state=7)
    b = BoostingClassifier(DecisionTreeClassifier(max_depth=2), 10, random_state=7, n_jobs=2)
    pred_a = a.fit(frame, labels).predict(frame)
    pred_b = b.fit(frame, labels).predict(frame)
    assert_array_equal(pred_a, pred_b)
    assert set(pred_a) <= set(labels)
    assert a.score(frame, labels) > 0.9
    assert_array_equal(a.feature_names_in_, frame.columns)


def test_mixed_dataframe_with_nominal_columns_and_missing_values():
    rng = np.random.default_rng(0)
    n = 200
    colour = rng.choice(["red", "green", "blue"], n)
    size = rng.normal(size=n)
    y = np.where((colour == "red") ^ (size > 0.3), "yes", "no")
    frame = pd.DataFrame({"colour": pd.Categorical(colour), "size": size})
    frame.loc[::17, "size"] = np.nan
    base = make_pipeline(MixedEncoder(), DecisionTreeClassifier(max_depth=2))
    for mode in ("resample", "reweight"):
        clf = BoostingClassifier(base, 5, mode=mode, random_state=0).fit(frame, y)
        assert clf.score(frame, y) > 0.8
    assert isinstance(clf.estimators_[0], Pipeline)


def test_sample_weight_sets_initial_distribution_and_zero_weights_are_never_drawn():
    y = np.arange(40) % 2
    X = np.column_stack([np.arange(40), y]).astype(float)
    sw = np.r_[np.zeros(6), np.ones(34)]
    clf = BoostingClassifier(
        FixedOutcome(wrong=(10, 11)), 3, mode="resample", store_weights=True, random_state=0
    ).fit(X, y, sample_weight=sw)
    assert_allclose(clf.sample_weights_history_[0], sw / sw.sum())
    assert all(isinstance(m, FixedOutcome) for m in clf.estimators_)
    for member in clf.estimators_:
        assert not set(range(6)) & member.ids_seen_


def test_sample_weight_changes_the_fit():
    X, y = load_breast_cancer(return_X_y=True)
    sw = np.where(y == 0, 5.0, 1.0)
    base = DecisionTreeClassifier(max_depth=1)
    plain = BoostingClassifier(base, 10, mode="reweight").fit(X, y)
    weighted = BoostingClassifier(base, 10, mode="reweight").fit(X, y, sample_weight=sw)
    assert weighted.estimator_errors_[0] != plain.estimator_errors_[0]
    assert np.mean(weighted.predict(X) == 0) > np.mean(plain.predict(X) == 0)


def test_bad_input_messages():
    X, y = load_iris(return_X_y=True)
    with pytest.raises(ValueError, match="sample_weight"):
        BoostingClassifier(KNeighborsClassifier(), 3, mode="reweight").fit(X, y)
    with pytest.raises(ValueError, match="one class"):
        BoostingClassifier(GaussianNB(), 3).fit(X[:20], y[:20])
    with pytest.raises(ValueError, match="update"):
        BoostingClassifier(GaussianNB(), 3, update="gentle").fit(X, y)
    with pytest.raises(ValueError, match="features"):
        BoostingClassifier(GaussianNB(), 3).fit(X, y).predict(X[:, :2])


def test_registered_paper_names():
    aggressive = make("Aggressive", random_state=0)
    assert isinstance(aggressive, BoostingClassifier)
    assert (aggressive.update, aggressive.mode, aggressive.n_estimators) == (
        "aggressive",
        "resample",
        25,
    )
    assert aggressive.estimator == "qda"
    assert make("inverse", base=GaussianNB()).update == "inverse"
    host = make("N-U-AdaBoost-W")
    assert (host.estimator, host.mode, host.n_estimators) == ("j48-unpruned", "reweight", 10)
    assert make("N-P-AdaBoostM1 (S)").get_params() == make("N-P-AdaBoost (S)").get_params()
    X, y = load_iris(return_X_y=True)
    ovo = make("AdaBoost-3", base=GaussianNB(), random_state=0).fit(X, y)
    boosted = ovo.estimators_
    assert len(boosted) == 3  # one boosted ensemble per pair of classes
    assert all(b.mode == "reweight" and b.n_estimators == 3 for b in boosted)
    assert ovo.score(X, y) > 0.9
