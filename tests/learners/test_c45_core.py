"""The compiled C4.5 core on its own: instances given by row indices, and prediction.

The core keeps each numeric attribute sorted from the root down, numbers the instances
by their place in ``rows`` and walks several instances side by side when predicting;
these tests check that none of it shows: a bootstrap sample given as repeated row
indices grows, bit for bit, the tree grown on the repeated rows themselves, and the
probabilities of many instances at once are those of each instance on its own. That the
trees are Weka's is checked in ``tests/weka``.
"""

import numpy as np
import pytest
from numpy.testing import assert_array_equal
from scipy.special import ndtri

from ensemble_lab.datasets import load_arff
from ensemble_lab.encoding import fit_mixed_codes
from ensemble_lab.learners import _c45_core

grow_tree, tree_probs = _c45_core.grow_tree, _c45_core.tree_probs

OPTIONS = {
    "pruned": {},
    "unpruned": {"prune": False},
    "binary": {"binary": True},
    "no-raising": {"raising": False},
    "cf-0.1-m-1": {"cf": 0.1, "z": float(ndtri(0.9)), "min_obj": 1},
}


def mixed_data(n=300, seed=0):
    """Numeric and nominal columns with ties, -0.0 and missing values; three classes."""
    rng = np.random.default_rng(seed)
    X = np.column_stack(
        [
            rng.normal(size=n),
            rng.integers(-3, 4, n) * 1.0,
            np.where(rng.uniform(size=n) < 0.3, -0.0, rng.integers(0, 3, n) * 1.0),
            rng.integers(0, 4, n) * 1.0,  # nominal, 4 values
            rng.integers(0, 2, n) * 1.0,  # nominal, 2 values
        ]
    )
    score = X[:, 0] + X[:, 1] / 2 + (X[:, 3] == 1) + rng.normal(scale=0.7, size=n)
    y = np.digitize(score, np.quantile(score, [0.33, 0.66])).astype(np.int32)
    X[rng.uniform(size=X.shape) < 0.1] = np.nan
    return np.ascontiguousarray(X), np.array([0, 0, 0, 4, 2], dtype=np.int32), y


def assert_same_tree(a, b):
    assert a.keys() == b.keys()
    for key in a:
        assert a[key].dtype == b[key].dtype, key
        assert_array_equal(a[key], b[key], err_msg=key, strict=True)


def rows_against_repeated(X, n_values, y, weight, rows, n_classes, **options):
    by_index = grow_tree(X, n_values, y, weight, rows, n_classes, **options)
    repeated = grow_tree(
        np.ascontiguousarray(X[rows]),
        n_values,
        np.ascontiguousarray(y[rows]),
        np.ascontiguousarray(weight[rows]),
        np.arange(rows.shape[0], dtype=np.int32),
        n_classes,
        **options,
    )
    assert_same_tree(by_index, repeated)
    return by_index


@pytest.mark.parametrize("weights", ["unit", "whole", "fractional"])
@pytest.mark.parametrize("option", list(OPTIONS))
def test_row_indices_are_instances(option, weights):
    X, n_values, y = mixed_data()
    rng = np.random.default_rng(1)
    n = X.shape[0]
    weight = {
        "unit": np.ones(n),
        "whole": rng.integers(0, 4, n) * 1.0,
        "fractional": rng.exponential(size=n),
    }[weights]
    for rows in (rng.integers(0, n, n), np.sort(rng.integers(0, n, n)), np.arange(n)[::2]):
        rows_against_repeated(X, n_values, y, weight, rows.astype(np.int32), 3, **OPTIONS[option])


@pytest.mark.parametrize("name", ["credit-a", "vehicle", "soybean"])
def test_row_indices_are_instances_on_shared_data(arff_dir, name):
    X, y = load_arff(arff_dir / f"{name}.arff")
    codes = fit_mixed_codes(X)
    Xe, n_values = codes.matrix(X), codes.n_values
    labels = y.cat.codes.to_numpy().astype(np.int32)
    rows = np.random.default_rng(2).integers(0, len(y), len(y)).astype(np.int32)
    rows_against_repeated(Xe, n_values, labels, np.ones(len(y)), rows, len(y.cat.categories))


@pytest.mark.parametrize("option", ["pruned", "unpruned", "binary"])
def test_many_instances_at_once_as_each_alone(option):
    X, n_values, y = mixed_data(n=600, seed=3)
    tree = grow_tree(
        X, n_values, y, np.ones(X.shape[0]), np.arange(600, dtype=np.int32), 3, **OPTIONS[option]
    )
    X_test, _, _ = mixed_data(n=500, seed=4)  # with missing values, and values not seen
    together = tree_probs(tree, X_test)
    alone = np.vstack([tree_probs(tree, X_test[i : i + 1]) for i in range(X_test.shape[0])])
    assert_array_equal(together, alone, strict=True)
    assert together.sum(axis=1) == pytest.approx(1.0)
