import numpy as np
import pytest
from sklearn.discriminant_analysis import (
    LinearDiscriminantAnalysis,
    QuadraticDiscriminantAnalysis,
)
from sklearn.svm import LinearSVC

from ensemble_lab.datasets import make_cone_torus, make_layered_cake, make_oracle_2d, make_xor


@pytest.mark.parametrize("make", [make_layered_cake, make_xor, make_oracle_2d, make_cone_torus])
def test_generators_are_reproducible(make):
    X1, y1 = make(300, random_state=0)
    X2, y2 = make(300, random_state=0)
    X3, _ = make(300, random_state=1)
    assert X1.shape == (300, 2) and y1.shape == (300,)
    np.testing.assert_array_equal(X1, X2)
    np.testing.assert_array_equal(y1, y2)
    assert not np.array_equal(X1, X3)


def test_layered_cake_bands_alternate_and_defeat_a_line():
    X, y = make_layered_cake(2000, random_state=0)
    band = np.floor(X[:, 1] * 4).astype(int)
    np.testing.assert_array_equal(y, band % 2)
    # the best line can get at most three of the four bands right
    assert LinearSVC(C=1.0).fit(X, y).score(X, y) < 0.8


def test_oracle_2d_is_as_hard_for_a_line_as_the_papers_task():
    amplitude = 0.45
    X, y = make_oracle_2d(20000, amplitude=amplitude, random_state=0)
    # the horizontal line x2 = 0.5 errs on the area between it and the wave: 2a/pi
    err = np.mean((X[:, 1] > 0.5) != y)
    assert err == pytest.approx(2 * amplitude / np.pi, abs=0.01)
    # the best fitted line errs about as much as the paper's bagged linear classifiers
    lda_error = 1 - LinearDiscriminantAnalysis().fit(X, y).score(X, y)
    assert 0.16 < lda_error < 0.20


def test_xor_is_not_linearly_separable_but_each_half_is():
    X, y = make_xor(1000, random_state=0)
    assert LinearSVC().fit(X, y).score(X, y) < 0.7
    left = X[:, 0] < 0
    assert LinearSVC(C=100).fit(X[left], y[left]).score(X[left], y[left]) > 0.97


def test_cone_torus_class_sizes_and_overlap():
    X, y = make_cone_torus(400, random_state=0)
    assert np.bincount(y).tolist() == [100, 100, 200]
    acc = QuadraticDiscriminantAnalysis().fit(X, y).score(X, y)
    assert 0.7 < acc < 0.99  # overlapping classes: good, not perfect
