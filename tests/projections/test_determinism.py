"""Projections are functions of their training sample: row order, threads, rounding.

With fewer instances than dimensions (a boosting step's few misclassified instances in
a one-hot space of dozens of columns) the criterion has a large null space, whose
eigenvectors LAPACK may return in any basis; the fitted directions must not depend on
that choice, nor on the order of the rows or the number of BLAS threads.
"""

import numpy as np
import pytest
import scipy.linalg
from numpy.testing import assert_allclose, assert_array_equal
from threadpoolctl import threadpool_limits

from ensemble_lab.projections import HDA, NDA, canonical_order, discriminant_directions

PROJECTIONS = {
    "hda": lambda: HDA(),
    "lda": lambda: HDA(lam=0.0, eta=0.0),
    "nda": lambda: NDA(),
}


def _few_in_many_dimensions(seed=0, n=9, d=30):
    """Nine instances of three classes in 30 dimensions, some columns constant."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    X[:, ::4] = 0.0  # constant columns: more null space, as one-hot columns give
    y = np.array([0, 1, 2] * (n // 3))
    return X, y


@pytest.mark.parametrize("name", sorted(PROJECTIONS))
def test_permuted_rows_give_the_same_projection_to_the_bit(name):
    X, y = _few_in_many_dimensions()
    Z = np.random.default_rng(1).normal(size=(50, X.shape[1]))
    reference = PROJECTIONS[name]().fit(X, y).transform(Z)
    for seed in range(5):
        order = np.random.default_rng(seed).permutation(len(y))
        assert_array_equal(PROJECTIONS[name]().fit(X[order], y[order]).transform(Z), reference)


@pytest.mark.parametrize("name", sorted(PROJECTIONS))
def test_thread_count_does_not_change_the_projection(name):
    X, y = _few_in_many_dimensions(n=60, d=40)
    Z = np.random.default_rng(1).normal(size=(50, X.shape[1]))
    with threadpool_limits(limits=1):
        one = PROJECTIONS[name]().fit(X, y).transform(Z)
    with threadpool_limits(limits=2):
        two = PROJECTIONS[name]().fit(X, y).transform(Z)
    assert_array_equal(one, two)


def _rotated_null_space(eigh, A, B):
    """The eigenvectors of (A, B) with the null space's basis turned by a random rotation."""
    values, vectors = eigh(A, B)
    null = np.flatnonzero(np.abs(values) < 1e-9 * np.abs(values).max())
    Q, _ = np.linalg.qr(np.random.default_rng(3).normal(size=(null.size, null.size)))
    vectors[:, null] = vectors[:, null] @ Q
    return values, vectors


def test_a_rank_deficient_problem_has_one_answer_whatever_basis_the_solver_returns(monkeypatch):
    X, y = _few_in_many_dimensions()
    hda = HDA().fit(X, y)
    numerator, denominator = hda._criterion(X, y, None, hda.regularized_)
    reference, _, _ = discriminant_directions(numerator, denominator, X.shape[1])
    eigh = scipy.linalg.eigh
    monkeypatch.setattr(
        scipy.linalg,
        "eigh",
        lambda a, b=None, **kw: eigh(a, **kw) if b is None else _rotated_null_space(eigh, a, b),
    )
    turned, _, _ = discriminant_directions(numerator, denominator, X.shape[1])
    assert_allclose(turned, reference, atol=1e-9)


@pytest.mark.parametrize("name", sorted(PROJECTIONS))
def test_rounding_differences_move_the_projection_by_rounding_only(name):
    # Summing the scatters in another order changes them in the last bits; the
    # directions, null space included, must then move by about as much.
    X, y = _few_in_many_dimensions()
    Z = np.random.default_rng(1).normal(size=(50, X.shape[1]))
    reference = PROJECTIONS[name]().fit(X, y).transform(Z)
    nudged = PROJECTIONS[name]().fit(X * (1 + 1e-14), y).transform(Z)
    assert_allclose(nudged, reference, rtol=0, atol=1e-7 * np.abs(reference).max())


def test_repeated_eigenvalues_get_a_basis_of_their_own():
    # A = diag(1, 1, 0, 0): two double eigenvalues; any rotation of the solver's basis
    # within them gives the same directions.
    A, B = np.diag([1.0, 1.0, 0.0, 0.0]), np.eye(4)
    W, values, _ = discriminant_directions(A, B, 4)
    assert_allclose(values, [1, 1, 0, 0], atol=1e-12)
    assert_allclose(np.abs(W), np.eye(4), atol=1e-12)
    assert np.all(W[np.arange(4), np.argmax(np.abs(W), axis=1)] > 0)


def test_canonical_order_sorts_by_class_then_values_then_weight():
    X = np.array([[2.0, 1.0], [1.0, 5.0], [1.0, 3.0], [0.0, 0.0]])
    y = np.array([1, 0, 0, 1])
    assert list(canonical_order(X, y)) == [2, 1, 3, 0]
    w = np.array([1.0, 2.0, 1.0, 1.0])
    assert list(canonical_order(np.zeros((4, 1)), np.zeros(4), w)) == [0, 2, 3, 1]
