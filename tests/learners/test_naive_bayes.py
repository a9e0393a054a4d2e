"""Mixed naive Bayes against a direct, loop-based computation."""

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose
from scipy.stats import norm

from ensemble_lab.learners import MixedNaiveBayes


def mixed_data(n=60, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.choice(["a", "b", "c"], size=n)
    x1 = rng.normal(size=n) + (y == "b")
    x2 = rng.normal(scale=3, size=n)
    colour = np.where(
        y == "a", rng.choice(["red", "blue"], size=n), rng.choice(["red", "green"], size=n)
    )
    X = pd.DataFrame({"x1": x1, "colour": pd.Categorical(colour), "x2": x2})
    X.loc[rng.choice(n, 8, replace=False), "x1"] = np.nan
    X.loc[rng.choice(n, 6, replace=False), "colour"] = np.nan
    return X, y


def reference_posterior(X, y, Xt, w=None):
    """Weka's NaiveBayes, sample by sample: Laplace-corrected weighted counts, and for
    numeric values the normal probability of the value's precision interval."""
    w = np.ones(len(y)) if w is None else w
    classes = np.unique(y)
    numeric = [c for c in X.columns if X[c].dtype.kind == "f"]
    nominal = [c for c in X.columns if c not in numeric]
    out = np.zeros((len(Xt), len(classes)))
    for i in range(len(Xt)):
        for k, c in enumerate(classes):
            in_c = y == c
            logp = np.log((w[in_c].sum() + 1) / (w.sum() + len(classes)))
            for col in numeric:
                v = Xt[col].iloc[i]
                if np.isnan(v):
                    continue
                vals = X[col].to_numpy()
                distinct = np.unique(vals[~np.isnan(vals)])
                precision = (distinct[-1] - distinct[0]) / (len(distinct) - 1)
                vals = np.round(vals / precision) * precision
                v = np.round(v / precision) * precision
                ok = in_c & ~np.isnan(vals)
                mean = np.average(vals[ok], weights=w[ok])
                var = np.average((vals[ok] - mean) ** 2, weights=w[ok])
                sd = max(np.sqrt(var), precision / 6)
                prob = norm.cdf(v + precision / 2, mean, sd) - norm.cdf(v - precision / 2, mean, sd)
                logp += np.log(max(prob, 1e-75))
            for col in nominal:
                v = Xt[col].iloc[i]
                if pd.isna(v):
                    continue
                vals = X[col]
                n_values = len(vals.cat.categories)
                ok = in_c & vals.notna().to_numpy()
                count = w[ok & (vals == v).to_numpy()].sum()
                logp += np.log((count + 1) / (w[ok].sum() + n_values))
            out[i, k] = logp
    out = np.exp(out - out.max(axis=1, keepdims=True))
    return out / out.sum(axis=1, keepdims=True)


def test_posterior_matches_direct_computation():
    X, y = mixed_data()
    Xt, _ = mixed_data(n=15, seed=1)
    nb = MixedNaiveBayes().fit(X, y)
    assert_allclose(nb.predict_proba(Xt), reference_posterior(X, y, Xt), rtol=1e-9)


def test_weights_are_weighted_counts():
    X, y = mixed_data(seed=2)
    w = np.random.default_rng(0).uniform(0.1, 3, size=len(y))
    Xt, _ = mixed_data(n=10, seed=3)
    nb = MixedNaiveBayes().fit(X, y, sample_weight=w)
    assert_allclose(nb.predict_proba(Xt), reference_posterior(X, y, Xt, w), rtol=1e-9)
    # Integer weights are repetitions.
    counts = np.random.default_rng(1).integers(0, 3, size=len(y))
    counts[:3] = 1  # keep every class
    rep = np.repeat(np.arange(len(y)), counts)
    a = MixedNaiveBayes().fit(X, y, sample_weight=counts)
    b = MixedNaiveBayes().fit(X.iloc[rep], y[rep])
    assert_allclose(a.predict_proba(Xt), b.predict_proba(Xt), rtol=1e-9)


def test_laplace_on_a_hand_worked_table():
    # Class "p": values x, x, y; class "q": value z. Three values declared.
    X = pd.DataFrame({"v": pd.Categorical(["x", "x", "y", "z"], categories=["x", "y", "z"])})
    y = np.array(["p", "p", "p", "q"])
    nb = MixedNaiveBayes().fit(X, y)
    # P(x | p) = (2 + 1) / (3 + 3), P(x | q) = (0 + 1) / (1 + 3); priors (3+1)/6, (1+1)/6.
    assert_allclose(np.exp(nb.feature_log_prob_[0]), [[3 / 6, 2 / 6, 1 / 6], [1 / 4, 1 / 4, 2 / 4]])
    joint = np.array([4 / 6 * 3 / 6, 2 / 6 * 1 / 4])
    assert_allclose(nb.predict_proba(X.iloc[:1]), [joint / joint.sum()])
    # A missing value leaves only the prior.
    missing = pd.DataFrame({"v": pd.Categorical([None], categories=["x", "y", "z"])})
    assert_allclose(nb.predict_proba(missing), [[4 / 6, 2 / 6]])


def test_numeric_estimates_match_gaussian_nb_on_a_unit_grid():
    from sklearn.naive_bayes import GaussianNB

    # Integer data using every value 0..19: precision 1, so rounding changes nothing.
    rng = np.random.default_rng(0)
    X = rng.integers(0, 20, size=(300, 3)).astype(float)
    X[:20] = np.arange(20)[:, None]
    y = (X[:, 0] > 9).astype(int)
    ours = MixedNaiveBayes().fit(X, y)
    theirs = GaussianNB().fit(X, y)
    assert_allclose(ours.precision_, 1.0)
    assert_allclose(ours.theta_, theirs.theta_)
    assert_allclose(ours.var_, theirs.var_, rtol=1e-6)


def test_constant_within_class_does_not_dominate():
    # x0 is constant inside class 0 (as many attributes of anneal): the precision floor
    # keeps its density finite, so the informative nominal attribute still counts.
    rng = np.random.default_rng(0)
    n = 200
    y = rng.integers(0, 2, size=n)
    x0 = np.where(y == 0, 1.0, rng.integers(0, 5, size=n).astype(float))
    flag = pd.Categorical(np.where(rng.random(n) < 0.95, y, 1 - y).astype(str))
    X = pd.DataFrame({"x0": x0, "flag": flag})
    nb = MixedNaiveBayes().fit(X, y)
    assert np.all(np.sqrt(nb.var_) >= 1 / 6 - 1e-12)  # precision = 1 here
    assert np.exp(nb.predict_log_proba(X)).max() <= 1
    assert np.mean(nb.predict(X) == y) > 0.9


def test_negative_weights_rejected():
    X, y = mixed_data()
    with pytest.raises(ValueError, match=r"(?i)negative"):
        MixedNaiveBayes().fit(X, y, sample_weight=-np.ones(len(y)))
