"""Rotation Forest: the sparse rotation and the ensemble built on it."""

import numpy as np
import pytest
from numpy.testing import assert_allclose
from sklearn.datasets import make_classification
from sklearn.decomposition import PCA
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

from ensemble_lab.methods import RotationForestClassifier
from ensemble_lab.methods._rotation_forest import rotation_matrix

ROT = RotationForestClassifier(DecisionTreeClassifier(), random_state=0)


@parametrize_with_checks([ROT], expected_failed_checks=lambda e: e._expected_failed_checks)
def test_sklearn_checks_with_tree(estimator, check):
    check(estimator)


@pytest.mark.parametrize("n_features", [3, 7, 10])
def test_rotation_is_orthogonal_and_block_diagonal(n_features):
    X, y = make_classification(
        n_samples=80, n_features=n_features, n_informative=2, n_redundant=0,
        n_classes=3, n_clusters_per_class=1, random_state=0,
    )  # fmt: skip
    R, groups, _ = rotation_matrix(
        X, y, np.ones(80), group_size=3, sample_fraction=0.75, rng=np.random.RandomState(1)
    )
    assert_allclose(R.T @ R, np.eye(n_features), atol=1e-10)
    order = np.concatenate(groups)
    assert sorted(order) == list(range(n_features))
    assert not np.array_equal(order, np.arange(n_features)) or n_features == 3
    permuted = R[np.ix_(order, order)]
    mask = np.zeros_like(permuted, dtype=bool)
    start = 0
    for g in groups:
        mask[start : start + g.size, start : start + g.size] = True
        start += g.size
    assert_allclose(permuted[~mask], 0.0)
    assert [g.size for g in groups] == [3] * (n_features // 3) + (
        [n_features % 3] if n_features % 3 else []
    )


def test_blocks_are_the_principal_axes_of_their_samples():
    X, y = make_classification(n_samples=100, n_features=6, random_state=2)
    R, groups, samples = rotation_matrix(
        X, y, np.ones(100), group_size=3, sample_fraction=0.75, rng=np.random.RandomState(0)
    )
    for group, sample in zip(groups, samples):
        pca = PCA().fit(X[np.ix_(sample, group)])
        block = R[np.ix_(group, group)]
        # same axes up to sign, in the same order
        assert_allclose(np.abs(block.T @ pca.components_.T), np.eye(3), atol=1e-8)


def test_samples_come_from_a_class_subset():
    X, y = make_classification(n_samples=120, n_features=9, n_informative=4, n_classes=4,
                               random_state=3)  # fmt: skip
    _, _, samples = rotation_matrix(
        X, y, np.ones(120), group_size=3, sample_fraction=0.75, rng=np.random.RandomState(5)
    )
    for sample in samples:
        chosen = np.unique(y[sample])
        pool = np.isin(y, chosen).sum()
        assert sample.size == round(0.75 * pool)


def test_constant_attribute_in_a_sample_keeps_the_rotation_orthogonal():
    X = np.random.RandomState(0).normal(size=(40, 4))
    X[:, 2] = 1.0
    y = np.arange(40) % 2
    R, _, _ = rotation_matrix(
        X, y, np.ones(40), group_size=3, sample_fraction=0.75, rng=np.random.RandomState(0)
    )
    assert_allclose(R.T @ R, np.eye(4), atol=1e-10)


def test_beats_a_single_tree_on_an_oblique_boundary():
    rng = np.random.RandomState(0)
    X = rng.uniform(-1, 1, size=(600, 6))
    y = (X[:, :3].sum(axis=1) > 0).astype(int)
    X_tr, X_te, y_tr, y_te = X[:300], X[300:], y[:300], y[300:]
    tree = DecisionTreeClassifier(random_state=0).fit(X_tr, y_tr)
    forest = RotationForestClassifier(DecisionTreeClassifier(), random_state=0).fit(X_tr, y_tr)
    assert forest.score(X_te, y_te) > tree.score(X_te, y_te) + 0.03


def test_same_result_for_any_n_jobs():
    X, y = make_classification(n_samples=60, n_features=5, random_state=0)
    a = RotationForestClassifier(DecisionTreeClassifier(), n_jobs=1, random_state=4).fit(X, y)
    b = RotationForestClassifier(DecisionTreeClassifier(), n_jobs=2, random_state=4).fit(X, y)
    assert_allclose(a.predict_proba(X), b.predict_proba(X))
    for Ra, Rb in zip(a.rotations_, b.rotations_):
        assert_allclose(Ra, Rb)
