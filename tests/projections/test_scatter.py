"""Scatter matrices, the NDA weight, regularisation and the eigen-solve, against direct sums."""

import numpy as np
import pytest
from numpy.testing import assert_allclose

from ensemble_lab.projections import (
    class_scatter,
    discriminant_directions,
    needs_regularization,
    nonparametric_scatter,
    regularized_within_scatter,
)
from ensemble_lab.projections._scatter import boundary_weight


def _loop_nonparametric_scatter(X, y, k, alpha, sample_weight=None):
    """Eqs. (1)–(3) of García-Osorio & García-Pedrajas (2008), one instance at a time."""
    n, d = X.shape
    s = np.ones(n) if sample_weight is None else np.asarray(sample_weight, float)
    total = s.sum()
    between = np.zeros((d, d))
    within = np.zeros((d, d))
    classes = np.unique(y)
    for i in range(n):
        x = X[i]
        prior_over_n = s[i] / total  # P(ω_i)/N_i, with weights
        own = [m for m in range(n) if y[m] == y[i] and m != i]
        if own:
            dist_own = sorted((np.linalg.norm(x - X[m]), m) for m in own)[: min(k, len(own))]
            d_same = dist_own[-1][0]
            mean_own = np.mean([X[m] for _, m in dist_own], axis=0)
            diff = x - mean_own
            within += prior_over_n * 0.5 * np.outer(diff, diff)
        else:
            d_same = None
        for c in classes:
            if c == y[i]:
                continue
            other = [m for m in range(n) if y[m] == c]
            nearest = sorted((np.linalg.norm(x - X[m]), m) for m in other)[: min(k, len(other))]
            d_other = nearest[-1][0]
            if d_same is None:
                w = 0.5
            else:
                a, b = d_same**alpha, d_other**alpha
                w = min(a, b) / (a + b)
            diff = x - np.mean([X[m] for _, m in nearest], axis=0)
            between += prior_over_n * w * np.outer(diff, diff)
    return between, within


@pytest.mark.parametrize("search", ["dense", "tree"])
@pytest.mark.parametrize("n_features", [3, 20])  # k-d tree / ball tree
@pytest.mark.parametrize("k", [1, 3, 5])
@pytest.mark.parametrize("alpha", [0.0, 1.0, 2.5])
def test_nonparametric_scatter_matches_loop_reference(k, alpha, n_features, search, monkeypatch):
    if search == "tree":
        monkeypatch.setattr("ensemble_lab.projections._scatter.DENSE_NEIGHBOUR_PAIRS", 0)
    rng = np.random.default_rng(0)
    # three classes of unequal size, one smaller than k (uses all its members)
    X = rng.normal(size=(23, n_features))
    y = np.array([0] * 10 + [1] * 9 + [2] * 4)
    X[y == 1] += 1.5
    between, within = nonparametric_scatter(X, y, k=k, alpha=alpha, n_jobs=2)
    ref_between, ref_within = _loop_nonparametric_scatter(X, y, k, alpha)
    assert_allclose(between, ref_between, rtol=1e-10, atol=1e-12)
    assert_allclose(within, ref_within, rtol=1e-10, atol=1e-12)


def test_nonparametric_scatter_weights_and_singleton_class():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(15, 4))
    y = np.array([0] * 8 + [1] * 6 + [2])  # class 2 has a single instance
    sw = rng.uniform(0.2, 3.0, size=15)
    between, within = nonparametric_scatter(X, y, k=2, alpha=1.0, sample_weight=sw)
    ref_between, ref_within = _loop_nonparametric_scatter(X, y, 2, 1.0, sw)
    assert_allclose(between, ref_between, rtol=1e-10)
    assert_allclose(within, ref_within, rtol=1e-10)


def test_nonparametric_scatter_excludes_the_instance_itself_with_duplicates():
    # two copies of a point: each is the other's nearest neighbour at distance 0
    X = np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 0.0], [5.0, 5.0], [6.0, 5.0]])
    y = np.array([0, 0, 0, 1, 1])
    _, within = nonparametric_scatter(X, y, k=1, alpha=1.0)
    # within offsets: 0, 0, (1,0)-(0,0) and ±(1,0) for class 1, each with factor ½ · 1/5
    assert_allclose(within, np.array([[0.3, 0.0], [0.0, 0.0]]))


def test_boundary_weight_hand_values():
    d_same = np.array([1.0, 1.0, 1.0, 0.0, 0.0, np.nan, 2.0])
    d_other = np.array([3.0, 3.0, 3.0, 0.0, 1.0, 1.0, 2.0])
    alphas = [1.0, 2.0, 0.0, 1.0, 1.0, 1.0, 7.0]
    got = [boundary_weight(d_same[i], d_other[i], alphas[i]) for i in range(7)]
    assert_allclose(got, [1 / 4, 1 / 10, 1 / 2, 1 / 2, 0.0, 1 / 2, 1 / 2])


def test_boundary_weight_large_alpha_does_not_overflow():
    w = boundary_weight(np.array([1e3]), np.array([2e3]), 500.0)
    assert np.isfinite(w).all() and 0 <= w[0] < 1e-100


def test_class_scatter_decomposes_the_total_covariance():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(40, 3))
    y = rng.integers(0, 3, size=40)
    scatter = class_scatter(X, y)
    assert_allclose(scatter.total, np.cov(X.T, bias=True), atol=1e-12)
    assert_allclose(scatter.mean, X.mean(axis=0))
    # within = Σ_i P_i · (biased class covariance)
    within = sum(np.mean(y == c) * np.cov(X[y == c].T, bias=True) for c in range(3))
    assert_allclose(scatter.within, within, atol=1e-12)


def test_class_scatter_weights_act_as_multiplicities():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(12, 3))
    y = rng.integers(0, 2, size=12)
    reps = rng.integers(1, 4, size=12)
    weighted = class_scatter(X, y, reps.astype(float))
    repeated = class_scatter(X.repeat(reps, axis=0), y.repeat(reps))
    for a, b in zip(weighted, repeated):
        assert_allclose(a, b, atol=1e-12)


def test_regularized_within_scatter_hand_example():
    S = np.array([[4.0, 2.0], [2.0, 2.0]])
    # ⅓·diag(4, 2) + ⅓·(6/2)·I + ⅓·S
    expected = np.array([[(4 + 3 + 4) / 3, 2 / 3], [2 / 3, (2 + 3 + 2) / 3]])
    assert_allclose(regularized_within_scatter(S), expected)
    assert_allclose(regularized_within_scatter(S, (0.0, 0.0, 1.0)), S)


@pytest.mark.parametrize(
    ("n", "d", "expected"), [(19, 5, True), (20, 5, False), (0, 1, True), (4, 1, False)]
)
def test_regularization_rule_is_n_less_than_four_d(n, d, expected):
    assert needs_regularization(n, d) is expected


def test_discriminant_directions_solve_the_generalised_eigenproblem():
    rng = np.random.default_rng(4)
    M = rng.normal(size=(4, 4))
    A = M @ M.T
    N = rng.normal(size=(4, 4))
    B = N @ N.T + np.eye(4)
    W, values, ridge = discriminant_directions(A, B, 4)
    assert ridge == 0.0
    assert np.all(np.diff(values) <= 0)
    assert_allclose(W @ B @ W.T, np.eye(4), atol=1e-10)
    assert_allclose(A @ W.T, B @ W.T * values, atol=1e-9)


def test_discriminant_directions_ridge_a_singular_denominator():
    A = np.diag([3.0, 1.0, 0.5])
    B = np.diag([1.0, 1.0, 0.0])
    W, _, ridge = discriminant_directions(A, B, 3)
    assert ridge == pytest.approx(1e-10)
    assert np.isfinite(W).all()
    # the direction in B's null space has the largest ratio
    assert np.argmax(np.abs(W[0])) == 2
