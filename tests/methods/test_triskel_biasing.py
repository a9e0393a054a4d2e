"""Biasing strategies: undersampling, oversampling, thresholding and the inclusion assumption."""

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC

from ensemble_lab import TriskelClassifier
from ensemble_lab.datasets import load
from ensemble_lab.methods import Oversample, Threshold, Undersample
from ensemble_lab.methods._biasing import fit_on_sample, margin_scores


def _labels(n_pos=200, n_neg=100):
    return np.r_[np.ones(n_pos, dtype=int), -np.ones(n_neg, dtype=int)]


def test_undersample_bias_09_keeps_ten_percent_of_the_class():
    y = _labels()
    X = np.arange(y.size, dtype=float).reshape(-1, 1)
    Xr, yr, _ = Undersample(0.9).fit_resample(X, y, target=1, random_state=0)
    assert np.sum(yr == 1) == 20  # 10 % of 200
    assert np.sum(yr == -1) == 100  # the other class is untouched
    assert set(Xr[yr == 1, 0]) <= set(X[y == 1, 0])
    _, y_minus, _ = Undersample(0.9).fit_resample(X, y, target=-1, random_state=0)
    assert np.sum(y_minus == -1) == 10 and np.sum(y_minus == 1) == 200
    again, _, _ = Undersample(0.9).fit_resample(X, y, target=1, random_state=0)
    other, _, _ = Undersample(0.9).fit_resample(X, y, target=1, random_state=1)
    assert_array_equal(Xr, again)
    assert not np.array_equal(Xr, other)


def test_undersample_extremes_and_asymmetry():
    y = _labels()
    X = np.arange(y.size, dtype=float).reshape(-1, 1)
    _, y0, _ = Undersample(0.0).fit_resample(X, y, target=1)
    assert y0.size == y.size
    _, y1, _ = Undersample(1.0).fit_resample(X, y, target=1)
    assert np.all(y1 == -1)
    strategy = Undersample((0.5, 0.8))
    _, yp, _ = strategy.fit_resample(X, y, target=1, bias=strategy.bias_pair()[0])
    _, ym, _ = strategy.fit_resample(X, y, target=-1, bias=strategy.bias_pair()[1])
    assert np.sum(yp == 1) == 100 and np.sum(ym == -1) == 20


def test_undersample_drops_zero_weight_rows_first():
    y = _labels()
    X = np.arange(y.size, dtype=float).reshape(-1, 1)
    w = np.ones(y.size)
    w[:100] = 0  # half the +1 class is out of the sample
    Xr, yr, wr = Undersample(0.9).fit_resample(X, y, w, target=1, random_state=0)
    assert np.sum(yr == 1) == 10 and np.all(Xr[yr == 1, 0] >= 100) and np.all(wr > 0)


def test_weighted_undersampling_draws_in_proportion_to_the_weights():
    y = _labels()
    X = np.arange(y.size, dtype=float).reshape(-1, 1)
    w = np.ones(y.size)
    w[:10] = 50.0  # ten heavy +1 instances hold 500 of the class's 690 weight
    strategy = Undersample(0.9, draw="weighted")
    Xr, yr, wr = strategy.fit_resample(X, y, w, target=1, random_state=0)
    kept = Xr[yr == 1, 0]
    assert kept.size == 20 and np.sum(yr == -1) == 100
    # about 500 / 690 of the draws are heavy rows; the uniform reading keeps ~1 of them
    assert np.sum(kept < 10) >= 10
    assert_allclose(wr[yr == 1], w[y == 1].mean())  # the class keeps 10 % of its weight
    assert_array_equal(wr[yr == -1], 1.0)
    assert np.all(np.diff(Xr[:, 0]) >= 0)  # rows stay in their order
    again, _, _ = strategy.fit_resample(X, y, w, target=1, random_state=0)
    assert_array_equal(Xr, again)
    with pytest.raises(ValueError, match="draw must be 'uniform' or 'weighted'"):
        Undersample(0.9, draw="boot").fit_resample(X, y, target=1)


def test_undersampled_learner_predicts_the_class_less_often():
    X, y = load_breast_cancer(return_X_y=True)
    y = 2 * y - 1
    svm = make_pipeline(MinMaxScaler(), SVC(kernel="linear"))
    h = fit_on_sample(svm, X, y)
    h_plus = Undersample(0.9).fit_biased(svm, X, y, target=1, bias=0.9, random_state=0)
    h_minus = Undersample(0.9).fit_biased(svm, X, y, target=-1, bias=0.9, random_state=0)
    n_pos = [np.sum(m.predict(X) == 1) for m in (h_plus, h, h_minus)]
    assert n_pos[0] < n_pos[1] < n_pos[2]


@pytest.mark.parametrize("method", ["random", "smote"])
def test_oversample_grows_the_other_class(method):
    rng = np.random.default_rng(0)
    y = _labels(120, 60)
    X = rng.normal(size=(y.size, 3))
    Xr, yr, wr = Oversample(0.75, method=method).fit_resample(X, y, target=1, random_state=0)
    # bias 0.75: the −1 class grows to 1 / (1 − 0.75) = 4 times its size
    assert np.sum(yr == -1) == 240 and np.sum(yr == 1) == 120
    assert Xr.shape == (360, 3) and wr.shape == (360,)
    new_rows = Xr[yr == -1][60:] if method == "random" else Xr[180:]
    originals = {tuple(r) for r in X[y == -1]}
    is_copy = np.array([tuple(r) in originals for r in new_rows])
    assert is_copy.all() if method == "random" else not is_copy.any()


def test_oversample_in_triskel_runs_with_smote():
    X, y = load_breast_cancer(return_X_y=True)
    svm = make_pipeline(MinMaxScaler(), SVC(kernel="linear"))
    clf = TriskelClassifier(svm, bias=Oversample(0.5, method="smote"), random_state=0).fit(X, y)
    assert clf.score(X, y) > 0.95


def test_smote_grows_a_class_of_one_instance_by_copies():
    rng = np.random.default_rng(0)
    y = np.r_[np.ones(30, dtype=int), -1]
    X = rng.normal(size=(y.size, 2))
    w = np.r_[np.ones(30), 2.0]
    Xr, yr, wr = Oversample(0.75, method="smote").fit_resample(X, y, w, target=1)
    assert np.sum(yr == -1) == 4 and np.sum(yr == 1) == 30
    assert_array_equal(Xr[yr == -1], np.repeat(X[-1:], 4, axis=0))
    assert_array_equal(wr[yr == -1], 2.0)


def test_smote_triskel_fits_a_dataset_with_classes_of_one_training_instance():
    # One-vs-one Triskel meets the single instance in every pair with the rarest class.
    X, y = load("soybean")
    rare = y.value_counts().index[-1]
    keep = (y != rare).to_numpy() | (np.cumsum((y == rare).to_numpy()) == 1)
    X, y = X[keep], y[keep]  # the rarest class keeps a single instance
    clf = TriskelClassifier(bias=Oversample(0.5, method="smote"), random_state=0).fit(X, y)
    assert clf.score(X, y) > 0.9


def _inclusion(h, h_plus, h_minus, X):
    pos = [m.predict(X) == 1 for m in (h_plus, h, h_minus)]
    return np.all(pos[0] <= pos[1]) and np.all(pos[1] <= pos[2]), pos


@pytest.mark.parametrize("bias", [0.1, 0.5, (0.2, 0.7)])
def test_threshold_inclusion_assumption_on_real_data(arff_dir, bias):
    # {h⁺ = +1} ⊆ {h = +1} ⊆ {h⁻ = +1} on the Pima diabetes data, on and off the
    # training set, and h⁺ drops the requested fraction of h's positive predictions
    X, y = load("diabetes", data_dir=arff_dir)
    y = np.where(y == "tested_positive", 1, -1)
    X = X.to_numpy(dtype=float)
    train, test = np.arange(0, 768, 2), np.arange(1, 768, 2)
    svm = make_pipeline(MinMaxScaler(), SVC(kernel="linear"))
    strategy = Threshold(bias)
    h_plus, h_minus = strategy.fit_pair(
        svm, X[train], y[train], bias_pair=strategy.bias_pair(), random_state=0
    )
    h = h_plus.estimator
    for rows in (train, test):
        ok, pos = _inclusion(h, h_plus, h_minus, X[rows])
        assert ok
    _, pos = _inclusion(h, h_plus, h_minus, X[train])
    b_plus, b_minus = strategy.bias_pair()
    n_h_pos, n_h_neg = pos[1].sum(), (~pos[1]).sum()
    # ties in the scores are absent for a linear SVM on this data, so the fraction is exact
    assert n_h_pos - pos[0].sum() == int(np.ceil(b_plus * n_h_pos - 1e-9))
    assert pos[2].sum() - n_h_pos == int(np.ceil(b_minus * n_h_neg - 1e-9))


@pytest.mark.parametrize(
    "learner", [make_pipeline(MinMaxScaler(), LogisticRegression()), GaussianNB()]
)
def test_threshold_uses_probabilities_or_margins(learner):
    X, y = load_breast_cancer(return_X_y=True)
    y = 2 * y - 1
    h = fit_on_sample(learner, X, y)
    assert_array_equal(margin_scores(h, X) > 0, h.predict(X) == 1)
    assert_array_equal(Threshold(0.0).fit_biased(learner, X, y, target=1, bias=0.0).predict(X),
                       h.predict(X))  # fmt: skip
    never = Threshold(1.0).fit_biased(learner, X, y, target=1, bias=1.0)
    always = Threshold(1.0).fit_biased(learner, X, y, target=-1, bias=1.0)
    assert np.all(never.predict(X) == -1) and np.all(always.predict(X) == 1)


def test_fit_weighted_without_sample_weight_support_resamples():
    from sklearn.neighbors import KNeighborsClassifier

    rng = np.random.default_rng(0)
    X = rng.normal(size=(100, 2))
    y = np.where(X[:, 0] > 0, 1, -1)
    w = np.where(np.arange(100) < 50, 0.0, 1.0)
    # uniform non-zero weights: exactly the subset
    sub = fit_on_sample(KNeighborsClassifier(1), X, y, w)
    assert sub.n_samples_fit_ == 50
    w[60:] = 3.0
    resampled = fit_on_sample(KNeighborsClassifier(1), X, y, w, random_state=0)
    assert resampled.n_samples_fit_ == 50
    assert np.all(np.isin(resampled._fit_X, X[50:]).all(axis=1))


class _Recorder(LogisticRegression):
    """Logistic regression that records the (X, y, sample_weight) of every fit."""

    log: list = []

    def fit(self, X, y, sample_weight=None):
        _Recorder.log.append((np.asarray(X).copy(), np.asarray(y).copy(), sample_weight))
        return super().fit(X, y, sample_weight=sample_weight)


def test_soft_covering_weights_reach_the_next_rounds_biased_learners():
    # Algorithm 1: h⁺_2 and h⁻_2 learn "with weights D_1". Undersampling keeps a random
    # tenth of one class, and every kept row must carry its D_1 weight: hard rows 4× the
    # easy ones (2 / ½), in both members, whichever class is undersampled.
    X, y = load_breast_cancer(return_X_y=True)
    X = MinMaxScaler().fit_transform(X)
    _Recorder.log = []
    clf = TriskelClassifier(_Recorder(), n_rounds=2, weighting="soft_covering", random_state=0)
    clf.fit(X, y)
    h_plus, h_minus = clf.estimators_[0].rounds[0]
    ypm = 2 * y - 1
    hard = (h_plus.predict(X) != ypm) | (h_minus.predict(X) != ypm)
    assert 0 < hard.sum() < y.size
    row_of = {x.tobytes(): i for i, x in enumerate(X)}
    round2 = _Recorder.log[2:4]  # fits 0, 1: round 1's pair; 2, 3: round 2's pair
    for Xs, ys, ws in round2:
        rows = np.array([row_of[x.tobytes()] for x in Xs])
        assert ws is not None
        ratio = ws[hard[rows]].mean() / ws[~hard[rows]].mean()
        assert ratio == pytest.approx(4.0)
        # each member keeps every instance of the class it is not biased against,
        # so each hard instance of that class is in its sample with weight 4×
        kept_class = 1 if np.sum(ys == 1) > np.sum(ys == -1) else -1
        assert set(np.flatnonzero(hard & (ypm == kept_class))) <= set(rows)


def test_a_heavy_instance_changes_the_biased_learner():
    # a −1 instance deep inside the +1 region: with weight 1 h⁺ (which keeps every −1
    # instance) calls it +1; with a large weight (as a hard instance accumulates under
    # soft covering) h⁺ moves its boundary to get it right
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(300, 2))
    y = np.where(X[:, 0] > 0, 1, -1)
    X[0], y[0] = [0.3, 0.0], -1
    w = np.ones(y.size)
    light = Undersample(0.5).fit_biased(
        SVC(kernel="linear"), X, y, w, target=1, bias=0.5, random_state=0
    )
    w[0] = 200.0
    heavy = Undersample(0.5).fit_biased(
        SVC(kernel="linear"), X, y, w, target=1, bias=0.5, random_state=0
    )
    assert light.predict(X[:1])[0] == 1 and heavy.predict(X[:1])[0] == -1
