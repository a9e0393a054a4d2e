"""DECORATE: artificial data labelled against the ensemble, members kept on merit.

The reference computations below follow Weka 3.6's ``Decorate`` one instance and one
attribute at a time, with plain loops, and are compared with the vectorised code.
"""

import numpy as np
import pandas as pd
import pytest
from ensemble_lab.utils._java_gaussian import GaussianStream
from ensemble_lab.utils._java_random import JavaRandom
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import make_classification
from sklearn.exceptions import NotFittedError
from sklearn.linear_model import LinearRegression
from sklearn.pipeline import make_pipeline
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils._param_validation import InvalidParameterError
from sklearn.utils.estimator_checks import parametrize_with_checks

from ensemble_lab.encoding import EncodedLearner, TestData, encode_training
from ensemble_lab.learners import C45TreeClassifier, MixedEncoder
from ensemble_lab.methods import DecorateClassifier
from ensemble_lab.methods._decorate import (
    _ArtificialData,
    _reads_encoded,
    inverse_labels,
    weka_normalise,
)
from ensemble_lab.utils._seeding import java_seed

DEC = DecorateClassifier(DecisionTreeClassifier(), random_state=0)


@parametrize_with_checks([DEC], expected_failed_checks=lambda e: e._expected_failed_checks)
def test_sklearn_checks_with_tree(estimator, check):
    check(estimator)


_TRAINED: list = []


class _RecordingJ48(C45TreeClassifier):
    """J48 that keeps the encoded rows and labels it was trained on (also in
    ``_TRAINED``, for the members the ensemble rejects)."""

    def _fit_encoded(self, data, rows=None, weight=None):
        self.X_seen_, self.y_seen_ = data.X.copy(), data.y.copy()
        _TRAINED.append((self.X_seen_, self.y_seen_, data.weight.copy()))
        return super()._fit_encoded(data, rows, weight)


def _mixed(n=120, seed=0):
    """Numeric, nominal (category and object) columns, missing values, string labels."""
    rng = np.random.RandomState(seed)
    size = rng.normal(5.0, 2.0, n)
    X = pd.DataFrame(
        {
            "size": size,
            "colour": pd.Categorical(
                rng.choice(["red", "green", "blue"], n, p=[0.6, 0.3, 0.1]),
                categories=["red", "green", "blue", "violet"],
            ),
            "shape": rng.choice(["round", "square"], n).astype(object),
            "weight": rng.exponential(3.0, n),
        }
    )
    X.loc[::7, "size"] = np.nan
    X.loc[3::11, "colour"] = np.nan
    y = np.where(size + (X["colour"] == "red") > 5.5, "big", "small").astype(object)
    return X, y


# --- the labels --------------------------------------------------------------------


def test_inverse_labels_hand_worked():
    # 1/0.6, 1/0.3, 1/0.1 = 5/3, 10/3, 10 of 15: cumulative 1/9, 1/3, 1.
    proba = np.array([[0.6, 0.3, 0.1]] * 5)
    u = np.array([0.05, 1 / 9, 0.2, 0.34, 0.999])
    assert_array_equal(inverse_labels(proba, u), [0, 0, 1, 2, 2])


def test_inverse_labels_give_ruled_out_classes_all_the_mass():
    # A zero probability weighs Double.MAX_VALUE / 3: the other class shares vanish.
    # (Only a draw of exactly 0.0 still picks the first class, whose share is ~1e-308.)
    proba = np.array([[1.0, 0.0, 0.0]] * 4 + [[0.5, 0.5, 0.0]])
    u = np.array([1e-300, 0.3, 0.7, 0.0, 1e-300])
    assert_array_equal(inverse_labels(proba, u), [1, 1, 2, 0, 2])


def test_inverse_label_frequencies():
    proba = np.tile([0.6, 0.3, 0.1], (30000, 1))
    labels = inverse_labels(proba, np.random.RandomState(0).uniform(size=30000))
    inv = 1 / np.array([0.6, 0.3, 0.1])
    assert_allclose(np.bincount(labels, minlength=3) / 30000, inv / inv.sum(), atol=0.01)


def test_weka_normalise_leaves_empty_rows_alone():
    dist = np.array([[2.0, 6.0], [4e-7, 5e-7], [0.0, 0.0]])
    assert_array_equal(weka_normalise(dist), [[0.25, 0.75], [4e-7, 5e-7], [0.0, 0.0]])


def test_weka_normalise_adds_columns_in_order():
    # Ten columns: NumPy's pairwise sum groups them differently; Weka adds left to right.
    row = np.array([[1e16, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]])
    total = 0.0
    for value in row[0]:
        total += value
    assert_array_equal(weka_normalise(row), row / total)


# --- the artificial data -------------------------------------------------------------


def _reference_stats(X, n_values, weight):
    """Instances.meanOrMode / variance and the Laplace shares, one instance at a time."""
    stats = []
    for j in range(X.shape[1]):
        if n_values[j] == 0:
            s = sw = sq = 0.0
            for i in range(X.shape[0]):
                if not np.isnan(X[i, j]):
                    s += weight[i] * X[i, j]
                    sq += weight[i] * X[i, j] * X[i, j]
                    sw += weight[i]
            mean = s / sw if sw > 0 else 0.0
            var = (sq - s * s / sw) / (sw - 1) if sw > 1 else 0.0
            stats.append(("numeric", mean, np.sqrt(max(var, 0.0))))
        else:
            counts = [1.0] * n_values[j]
            for i in range(X.shape[0]):
                if not np.isnan(X[i, j]):
                    counts[int(X[i, j])] += 1
            total = sum(counts)
            cumulative = [counts[0] / total]
            for c in counts[1:-1]:
                cumulative.append(cumulative[-1] + c / total)
            stats.append(("nominal", cumulative, None))
    return stats


def _reference_rows(stats, seed, n):
    """generateArtificialData: per instance, per attribute (the class last), one draw."""
    stream = GaussianStream(JavaRandom(seed))
    rows = np.empty((n, len(stats)))
    for i in range(n):
        for j, (kind, a, b) in enumerate(stats):
            if kind == "numeric":
                rows[i, j] = stream.next_gaussian() * b + a
            else:
                u, index = stream.next_double(), 0
                while index < len(a) and u > a[index]:
                    index += 1
                rows[i, j] = index
        stream.next_double()  # the class attribute's draw, overwritten by the label
    return rows, stream


def test_artificial_rows_are_drawn_as_weka_draws():
    X, y = _mixed()
    weight = np.random.RandomState(1).uniform(0.5, 2.0, len(y))
    data = encode_training(DecorateClassifier(), X, y, weight)
    stats = _reference_stats(data.X, data.n_values, data.weight)
    expected, ref_stream = _reference_rows(stats, 7, 250)
    stream = GaussianStream(JavaRandom(7))
    rows = _ArtificialData(data).sample(stream, 250)
    assert_array_equal(rows, expected)
    assert stream.next_double() == ref_stream.next_double()  # the generators are in step
    assert not np.isnan(rows).any()
    assert set(np.unique(rows[:, 1])) <= {0, 1, 2, 3}  # violet is drawn (count 0 + 1)


def test_artificial_rows_follow_the_training_distributions():
    X, y = _mixed(n=400)
    data = encode_training(DecorateClassifier(), X, y)
    rows = _ArtificialData(data).sample(GaussianStream(JavaRandom(1)), 20000)
    assert_allclose(rows[:, 0].mean(), X["size"].mean(), atol=0.05)
    assert_allclose(rows[:, 0].std(), X["size"].std(), atol=0.05)
    counts = X["colour"].value_counts().reindex(["red", "green", "blue", "violet"]).to_numpy()
    share = np.bincount(rows[:, 1].astype(int), minlength=4) / 20000
    assert_allclose(share, (counts + 1) / (counts.sum() + 4), atol=0.01)


# --- the ensemble --------------------------------------------------------------------


def test_members_train_on_training_plus_labelled_artificial_rows():
    """The second member's data, recomputed from the first member with loops."""
    X, y = _mixed()
    _TRAINED.clear()
    est = DecorateClassifier(_RecordingJ48(), n_estimators=2, max_iter=2, random_state=3)
    est.fit(X, y)
    data = encode_training(DecorateClassifier(), X, y)
    (X1, y1, w1), (X2, y2, w2) = _TRAINED
    assert_array_equal(X1, data.X)
    assert_array_equal(y1, data.y)
    assert_array_equal(w1, np.ones(len(y)))
    stats = _reference_stats(data.X, data.n_values, data.weight)
    rows, stream = _reference_rows(stats, 3, len(y))
    labels = []
    for d in est.estimators_[0]._encoded_distribution(TestData(rows, None)):  # the ensemble of one
        d = d / (d[0] + d[1])
        w = [1.7976931348623157e308 / 2 if p == 0 else 1 / p for p in d]
        share = w[0] / (w[0] + w[1])
        labels.append(0 if stream.next_double() <= share else 1)
    assert_array_equal(X2, np.vstack([data.X, rows]))
    assert_array_equal(y2, np.concatenate([data.y, labels]))
    assert_array_equal(w2, np.ones(2 * len(y)))


def test_members_never_increase_the_unweighted_training_error():
    X, y = make_classification(n_samples=150, n_features=6, flip_y=0.1, random_state=3)
    weight = np.random.RandomState(0).uniform(0.1, 3.0, 150)
    est = DecorateClassifier("j48", n_estimators=8, random_state=0)
    est.fit(X, y, sample_weight=weight)
    errors = np.array(est.train_errors_)
    assert (np.diff(errors) <= 0).all()
    assert len(est.estimators_) <= 8 and est.n_iter_ <= 50
    assert errors[-1] == np.mean(est.predict(X) != y)  # rows count, not weights


def test_stops_at_the_size_or_after_max_iter():
    X, y = make_classification(n_samples=60, random_state=0)
    est = DecorateClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=50, max_iter=5)
    est.fit(X, y)
    assert est.n_iter_ == 5 and len(est.estimators_) <= 5
    est = DecorateClassifier(n_estimators=3, max_iter=50, random_state=0).fit(X, y)
    assert len(est.estimators_) == 3 and est.n_iter_ >= 3


def test_predictions_are_the_normalised_sum_of_the_members():
    X, y = _mixed()
    est = DecorateClassifier(n_estimators=5, random_state=2).fit(X, y)
    total = sum(m.predict_proba(X) for m in est.estimators_)  # members read the frame too
    assert_allclose(est.predict_proba(X), total / total.sum(axis=1, keepdims=True), atol=1e-12)
    assert_array_equal(est.predict(X), est.classes_[np.argmax(est.predict_proba(X), axis=1)])
    members = est.member_predictions(X)
    assert_array_equal(members, np.vstack([m.predict(X) for m in est.estimators_]))


# --- seeds ---------------------------------------------------------------------------


def test_same_seed_same_ensemble():
    X, y = _mixed()
    a = DecorateClassifier(n_estimators=6, random_state=11).fit(X, y)
    b = DecorateClassifier(n_estimators=6, random_state=11).fit(X, y)
    assert a.n_iter_ == b.n_iter_ and a.train_errors_ == b.train_errors_
    assert_array_equal(a.predict_proba(X), b.predict_proba(X))
    rs = [DecorateClassifier(n_estimators=6, random_state=np.random.RandomState(4)) for _ in "ab"]
    c, d = (e.fit(X, y) for e in rs)
    assert_array_equal(c.predict_proba(X), d.predict_proba(X))


def test_other_seed_other_artificial_data():
    X, y = _mixed()
    runs = [
        DecorateClassifier(_RecordingJ48(), n_estimators=2, max_iter=2, random_state=s).fit(X, y)
        for s in (1, 2)
    ]
    seen = [run.estimators_[-1].X_seen_ for run in runs]
    if all(len(run.estimators_) == 2 for run in runs):
        assert not np.array_equal(seen[0], seen[1])


@pytest.mark.parametrize(
    ("random_state", "seed"), [(1, 1), (0, 0), (2**31, -(2**31)), (2**32 - 1, -1)]
)
def test_an_int_random_state_is_wekas_seed(random_state, seed):
    assert java_seed(random_state) == seed


def test_randomised_members_get_their_own_seeds():
    X, y = make_classification(n_samples=80, random_state=0)
    est = DecorateClassifier(
        DecisionTreeClassifier(max_features=1), n_estimators=4, random_state=0
    ).fit(X, y)
    seeds = [m.random_state for m in est.estimators_]
    assert len(set(seeds)) == len(seeds) and all(isinstance(s, int) for s in seeds)


# --- nominal, missing and awkward input ----------------------------------------------


def test_nominal_and_missing_input_with_j48():
    X, y = _mixed()
    est = DecorateClassifier(_RecordingJ48(), n_estimators=4, random_state=0).fit(X, y)
    assert_array_equal(est.classes_, ["big", "small"])
    for member in est.estimators_[1:]:
        artificial = member.X_seen_[len(y) :]
        assert not np.isnan(artificial).any()
        assert set(np.unique(artificial[:, 2])) <= {0, 1}
    assert set(est.predict(X)) <= {"big", "small"}


_SEEN: list = []


class _FrameSpy(ClassifierMixin, BaseEstimator):
    """A mixed-data tree that records the frames it is trained on."""

    def fit(self, X, y):
        _SEEN.append(X)
        self.model_ = make_pipeline(MixedEncoder(scale="none"), DecisionTreeClassifier()).fit(X, y)
        self.classes_ = self.model_.classes_
        return self

    def predict_proba(self, X):
        return self.model_.predict_proba(X)


def test_nominal_input_reaches_other_learners_as_a_frame():
    X, y = _mixed()
    _SEEN.clear()
    est = DecorateClassifier(_FrameSpy(), n_estimators=3, random_state=0).fit(X, y)
    assert len(_SEEN) == est.n_iter_ and len(_SEEN[1]) == 2 * len(y)
    artificial = _SEEN[1].iloc[len(y) :]
    assert artificial["colour"].dtype == X["colour"].dtype
    assert artificial["shape"].dtype == X["shape"].dtype
    assert set(artificial["shape"]) <= {"round", "square"}
    assert not artificial.isna().any().any()
    assert est.predict(X).shape == (len(y),)


def test_declared_classes_absent_from_the_data_can_be_learned():
    """Weka labels artificial rows with any declared class, absent ones too: J48 gives
    them probability zero, and a zero is what the inverse draw favours."""
    X, y = _mixed()
    y = pd.Series(pd.Categorical(y, categories=["big", "medium", "small"]))
    est = DecorateClassifier(_RecordingJ48(), n_estimators=3, random_state=0).fit(X, y)
    assert_array_equal(est.classes_, ["big", "medium", "small"])
    assert est.predict_proba(X).shape == (len(y), 3)
    labels = np.concatenate([m.y_seen_[len(y) :] for m in est.estimators_[1:]])
    assert (labels == 1).any()


def test_a_single_sample_and_a_single_class():
    est = DecorateClassifier(n_estimators=3, random_state=0)
    est.fit(np.array([[1.0, 2.0]]), ["a"])
    assert_array_equal(est.predict(np.array([[0.0, 0.0]])), ["a"])


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"artificial_size": 0.0}, "artificial_size"),
        ({"n_estimators": 0}, "n_estimators"),
        ({"max_iter": 0}, "max_iter"),
        ({"estimator": LinearRegression()}, "estimator"),
    ],
)
def test_bad_parameters(params, match):
    X, y = make_classification(n_samples=30, random_state=0)
    with pytest.raises(InvalidParameterError, match=match):
        DecorateClassifier(**params).fit(X, y)


def test_bad_input():
    X, y = make_classification(n_samples=30, random_state=0)
    with pytest.raises(ValueError, match="requires y"):
        DecorateClassifier().fit(X, None)
    with pytest.raises(ValueError, match="infinity"):
        DecorateClassifier().fit(np.where(X > 2, np.inf, X), y)
    with pytest.raises(ValueError, match="Negative values"):
        DecorateClassifier().fit(X, y, sample_weight=-np.ones(30))
    with pytest.raises(NotFittedError):
        DecorateClassifier().predict(X)
    est = DecorateClassifier(n_estimators=2, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="features"):
        est.predict(X[:, :3])
    frame, labels = _mixed()
    est = DecorateClassifier(n_estimators=2, random_state=0).fit(frame, labels)
    codes = frame.assign(colour=frame["colour"].cat.codes)
    with pytest.raises(ValueError, match="nominal"):
        est.predict(codes)


class _EncodedWrapper(EncodedLearner, ClassifierMixin, BaseEstimator):
    """An encoded learner around another learner."""

    def __init__(self, estimator=None):
        self.estimator = estimator

    def _fit_encoded(self, data, rows=None, weight=None):
        return self

    def _encoded_distribution(self, X):
        return np.zeros((X.shape[0], 2))


@pytest.mark.parametrize(
    ("estimator", "encoded"),
    [
        (C45TreeClassifier(), True),
        (DecisionTreeClassifier(), False),
        (_EncodedWrapper(C45TreeClassifier()), True),
        (_EncodedWrapper(_EncodedWrapper(DecisionTreeClassifier())), False),
    ],
)
def test_artificial_frames_only_for_learners_that_need_them(estimator, encoded):
    assert _reads_encoded(estimator) is encoded
