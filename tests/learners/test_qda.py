"""Regularised QDA against SciPy's multivariate normal density."""

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from scipy.stats import multivariate_normal

from ensemble_lab.learners import RegularizedQDA


def reference_posterior(X, y, Xt, w, ridge_for=()):
    classes = np.unique(y)
    scale = np.average((X - np.average(X, axis=0, weights=w)) ** 2, axis=0, weights=w).mean()
    logp = []
    for c in classes:
        Xc, wc = X[y == c], w[y == c]
        mean = np.average(Xc, axis=0, weights=wc)
        cov = np.cov(Xc, rowvar=False, aweights=wc, bias=True)
        if c in ridge_for:
            cov = cov + 0.01 * scale * np.eye(X.shape[1])
        logp.append(np.log(wc.sum() / w.sum()) + multivariate_normal(mean, cov).logpdf(Xt))
    logp = np.column_stack(logp)
    p = np.exp(logp - logp.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True)


def test_full_rank_classes_are_plain_weighted_qda():
    rng = np.random.default_rng(0)
    X = np.vstack(
        [rng.normal(size=(40, 3)), rng.normal(1, 2, size=(50, 3)) @ rng.normal(size=(3, 3))]
    )
    y = np.repeat([0, 1], [40, 50])
    w = rng.uniform(0.5, 2, size=90)
    qda = RegularizedQDA().fit(X, y, sample_weight=w)
    assert not qda.regularized_.any()
    assert_allclose(qda.predict_proba(X), reference_posterior(X, y, X, w), rtol=1e-8, atol=1e-12)


def test_singular_class_gets_the_ridge_only():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(60, 3))
    y = np.repeat(["u", "v"], 30)
    X[y == "u", 2] = 0.0  # constant within class "u": singular covariance
    w = np.ones(60)
    qda = RegularizedQDA().fit(X, y)
    assert_array_equal(qda.regularized_, [True, False])
    Xt = rng.normal(size=(20, 3))
    expected = reference_posterior(X, y, Xt, w, ridge_for=("u",))
    assert_allclose(qda.predict_proba(Xt), expected, rtol=1e-7, atol=1e-12)
    assert np.isfinite(qda.decision_function(Xt)).all()


def test_fewer_instances_than_features():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(12, 6))
    y = np.array([0] * 3 + [1] * 9)
    qda = RegularizedQDA().fit(X, y)
    assert qda.regularized_[0]
    assert np.isfinite(qda.predict_log_proba(X)).all()


def test_nan_rejected_with_clear_message():
    X = np.array([[0.0, np.nan], [1.0, 2.0], [2.0, 1.0], [0.5, 0.5]])
    with pytest.raises(ValueError, match="NaN"):
        RegularizedQDA().fit(X, [0, 1, 0, 1])
