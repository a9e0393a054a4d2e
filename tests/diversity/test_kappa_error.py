"""Kappa-error points against scikit-learn's Cohen's kappa and a direct loop."""

import itertools

import matplotlib
import numpy as np
import pytest
from numpy.testing import assert_allclose
from sklearn.datasets import make_classification
from sklearn.ensemble import BaggingClassifier
from sklearn.metrics import cohen_kappa_score
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.diversity import kappa_error_points
from ensemble_lab.methods import RotationForestClassifier
from ensemble_lab.reporting._kappa_error_plot import plot_kappa_error

matplotlib.use("Agg")


@pytest.mark.parametrize("n_classes", [2, 4])
def test_points_match_sklearn_kappa_and_errors(n_classes):
    rng = np.random.RandomState(n_classes)
    y = rng.randint(n_classes, size=300)
    preds = np.where(rng.rand(7, 300) < 0.7, y, rng.randint(n_classes, size=(7, 300)))
    points = kappa_error_points(preds, y=y)
    assert points.shape == (21, 2)
    for row, (i, j) in zip(points, itertools.combinations(range(7), 2)):
        assert_allclose(row[0], cohen_kappa_score(preds[i], preds[j]), atol=1e-12)
        e = (np.mean(preds[i] != y) + np.mean(preds[j] != y)) / 2
        assert_allclose(row[1], e, atol=1e-12)


def test_two_class_formula_of_the_paper():
    # Eq. (1): κ = 2(m11 m22 − m12 m21) / ((m11+m12)(m11+m21) + (m12+m22)(m21+m22))
    a = np.array(["x", "x", "y", "y", "x", "y", "x", "x"])
    b = np.array(["x", "y", "y", "y", "x", "x", "x", "y"])
    m = np.array([[np.mean((a == r) & (b == c)) for c in "xy"] for r in "xy"])
    expected = (
        2 * (m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0])
        / ((m[0, 0] + m[0, 1]) * (m[0, 0] + m[1, 0]) + (m[0, 1] + m[1, 1]) * (m[1, 0] + m[1, 1]))
    )  # fmt: skip
    points = kappa_error_points(np.vstack([a, b]), y=a)
    assert_allclose(points[0, 0], expected)


def test_fitted_ensembles_give_their_members_outputs():
    X, y = make_classification(n_samples=120, n_features=6, random_state=0)
    bag = BaggingClassifier(DecisionTreeClassifier(), n_estimators=5, max_features=0.5,
                            random_state=0).fit(X, y)  # fmt: skip
    manual = np.vstack(
        [m.predict(X[:, f]) for m, f in zip(bag.estimators_, bag.estimators_features_)]
    )
    assert_allclose(kappa_error_points(bag, X, y), kappa_error_points(manual, y=y))
    rot = RotationForestClassifier(DecisionTreeClassifier(), n_estimators=4, random_state=0)
    assert kappa_error_points(rot.fit(X, y), X, y).shape == (6, 2)


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="true labels"):
        kappa_error_points(np.zeros((3, 4)))
    with pytest.raises(ValueError, match="shape"):
        kappa_error_points(np.zeros((3, 4)), y=np.zeros(5))


def test_plot_draws_one_cloud_per_ensemble():
    rng = np.random.RandomState(0)
    ax = plot_kappa_error({"A": rng.rand(10, 2), "B": rng.rand(6, 2)})
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["A", "B"]
    assert ax.lines[0].get_xdata().shape == (10,)
