"""DECORATE: artificial data labelled against the ensemble, members kept on merit."""

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.datasets import make_classification
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

from ensemble_lab.methods import DecorateClassifier
from ensemble_lab.methods._decorate import _FeatureDistributions, inverse_labels

DEC = DecorateClassifier(DecisionTreeClassifier(), random_state=0)


@parametrize_with_checks([DEC], expected_failed_checks=lambda e: e._expected_failed_checks)
def test_sklearn_checks_with_tree(estimator, check):
    check(estimator)


def test_inverse_labels_frequencies():
    proba = np.tile([0.6, 0.3, 0.1], (30000, 1))
    labels = inverse_labels(proba, np.random.RandomState(0))
    inv = 1 / np.array([0.6, 0.3, 0.1])
    assert_allclose(np.bincount(labels, minlength=3) / 30000, inv / inv.sum(), atol=0.01)


def test_inverse_labels_pick_a_zero_probability_class():
    proba = np.array([[1.0, 0.0, 0.0]] * 3000 + [[0.0, 1.0, 0.0]] * 3000)
    labels = inverse_labels(proba, np.random.RandomState(0))
    assert (labels[:3000] != 0).all() and (labels[3000:] != 1).all()
    assert_allclose(np.bincount(labels[:3000], minlength=3)[1:] / 3000, [0.5, 0.5], atol=0.03)


class _RecordingTree(DecisionTreeClassifier):
    """A tree that keeps the data it was trained on."""

    def fit(self, X, y, sample_weight=None, check_input=True):
        self.X_seen_, self.y_seen_ = np.asarray(X), np.asarray(y)
        return super().fit(X, y, sample_weight=sample_weight, check_input=check_input)


def test_artificial_labels_go_against_the_current_ensemble():
    X, y = make_classification(n_samples=80, n_features=4, n_classes=3, n_informative=3,
                               n_redundant=0, random_state=0)  # fmt: skip
    est = DecorateClassifier(_RecordingTree(random_state=0), n_estimators=4, random_state=1)
    est.fit(X, y)
    assert len(est.estimators_) >= 2
    first, second = est.estimators_[:2]
    X_art = second.X_seen_[80:]
    y_art = second.y_seen_[80:]
    assert X_art.shape == (80, 4)  # artificial_size=1.0 → as many as the training set
    # A fully grown tree predicts with probability 1, so the inverse draw never returns
    # its class: every artificial label disagrees with the first member.
    assert (y_art != first.predict(X_art)).all()


def test_members_never_increase_the_training_error():
    X, y = make_classification(n_samples=150, n_features=6, flip_y=0.1, random_state=3)
    est = DecorateClassifier(
        DecisionTreeClassifier(max_depth=3), n_estimators=8, random_state=0
    ).fit(X, y)
    errors = np.array(est.train_errors_)
    assert (np.diff(errors) <= 1e-12).all()
    assert len(est.estimators_) <= 8 and est.n_iter_ <= 50
    assert_allclose(1 - est.score(X, y), errors[-1])


def test_stops_after_max_iter():
    X, y = make_classification(n_samples=60, random_state=0)
    est = DecorateClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=50, max_iter=5)
    est.fit(X, y)
    assert est.n_iter_ == 5 and len(est.estimators_) <= 5


def test_artificial_rows_follow_the_training_distributions():
    rng = np.random.RandomState(0)
    X = pd.DataFrame(
        {
            "c": pd.Categorical(rng.choice(["a", "b"], 400, p=[0.8, 0.2])),
            "x": rng.normal(5.0, 2.0, 400),
        }
    )
    X.loc[::10, "x"] = np.nan
    art = _FeatureDistributions(X).sample(20000, np.random.RandomState(1))
    assert isinstance(art["c"].dtype, pd.CategoricalDtype)
    assert_array_equal(art["c"].cat.categories, ["a", "b"])
    counts = X["c"].value_counts().reindex(["a", "b"]).to_numpy()
    share_a = art["c"].value_counts(normalize=True).loc["a"]
    assert_allclose(share_a, (counts[0] + 1) / 402, atol=0.01)
    assert_allclose(art["x"].mean(), X["x"].mean(), atol=0.05)
    assert_allclose(art["x"].std(), X["x"].std(), atol=0.05)


@pytest.mark.parametrize("labels", [["no", "yes"], [3, 7]])
def test_labels_of_any_type(labels):
    X, y = make_classification(n_samples=60, random_state=0)
    y = np.array(labels)[y]
    est = DecorateClassifier(DecisionTreeClassifier(), n_estimators=3, random_state=0).fit(X, y)
    assert set(est.predict(X)) <= set(labels)
