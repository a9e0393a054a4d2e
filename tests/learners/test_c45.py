"""C4.5 tree: the pessimistic error estimate, the pruning rule, and the fitted tree."""

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from scipy.stats import beta, norm

from ensemble_lab.learners import C45TreeClassifier, c45_added_errors, c45_prune

CF = 0.25


def upper_bound_exact(e, n, cf=CF):
    """Clopper-Pearson one-sided upper limit of the binomial error rate."""
    return 1.0 if e >= n else beta.ppf(1 - cf, e + 1, n - e)


@pytest.mark.parametrize(
    ("e", "n", "quinlan"),
    # Quinlan, C4.5: Programs for Machine Learning (1993), §4.2.
    [(0, 6, 0.206), (0, 9, 0.143), (0, 1, 0.750), (1, 16, 0.157)],
)
def test_upper_bound_matches_quinlan_and_binomial_inversion(e, n, quinlan):
    u = (c45_added_errors(n, e, CF) + e) / n
    exact = upper_bound_exact(e, n)
    if e == 0:  # exact: 1 - CF^(1/n)
        assert u == pytest.approx(exact, abs=1e-12)
        assert u == pytest.approx(quinlan, abs=5e-4)
    else:  # C4.5's normal approximation; Quinlan's table rounds his own approximation
        assert u == pytest.approx(quinlan, abs=3e-3)
        assert exact == pytest.approx(quinlan, abs=3e-3)


@pytest.mark.parametrize(("e", "n"), [(1, 10), (2, 20), (5, 50), (10, 40), (30, 200)])
def test_upper_bound_close_to_exact_binomial(e, n):
    u = (c45_added_errors(n, e, CF) + e) / n
    assert u == pytest.approx(upper_bound_exact(e, n), abs=8e-3)


def test_added_errors_edge_cases():
    assert c45_added_errors(0, 0) == 0.0
    # Interpolated between e = 0 and e = 1 (Weka's Stats.addErrs).
    half = c45_added_errors(8, 0.5)
    assert half == pytest.approx(0.5 * (c45_added_errors(8, 0) + c45_added_errors(8, 1)))
    # Smaller confidence factor, larger pessimistic error.
    assert c45_added_errors(20, 2, 0.1) > c45_added_errors(20, 2, 0.25)


def quinlan_tree():
    """Quinlan's example as a binary tree: node 0 (15 dem, 1 rep) splits into a leaf of 6
    dem and node 2 (9 dem, 1 rep), which splits into leaves of 9 dem and 1 rep."""
    left = np.array([1, -1, 3, -1, -1])
    right = np.array([2, -1, 4, -1, -1])
    counts = np.array([[15, 1], [6, 0], [9, 1], [9, 0], [0, 1]], dtype=float)
    return left, right, counts


def test_pruning_decision_on_quinlans_example():
    left, right, counts = quinlan_tree()
    # Hand computation with the exact bounds: node 2 as a leaf vs its two leaves ...
    node2_leaf = 10 * upper_bound_exact(1, 10)  # 2.47
    node2_tree = 9 * upper_bound_exact(0, 9) + 1 * upper_bound_exact(0, 1)  # 2.035
    assert node2_leaf > node2_tree + 0.1  # node 2 is kept
    # ... and the root as a leaf vs its subtree: Quinlan's 16 x 0.157 = 2.51 < 3.27.
    root_leaf = 16 * upper_bound_exact(1, 16)
    root_tree = 6 * upper_bound_exact(0, 6) + node2_tree
    assert root_leaf == pytest.approx(2.55, abs=0.01)
    assert root_tree == pytest.approx(3.273, abs=1e-3)
    assert root_leaf < root_tree  # the whole subtree is replaced by a leaf

    leaf_of, is_leaf = c45_prune(left, right, counts, confidence=CF)
    assert is_leaf[0]
    assert_array_equal(leaf_of, [0, 0, 0, 0, 0])

    # Only node 2's decision, with the root forced to stay a split (unreachable leaf).
    counts_kept = counts.copy()
    counts_kept[0] = [100, 100]
    leaf_of, is_leaf = c45_prune(left, right, counts_kept, confidence=CF)
    assert not is_leaf[0] and not is_leaf[2]
    assert_array_equal(leaf_of, [0, 1, 2, 3, 4])


def test_unpruned_only_collapses_useless_splits():
    left, right, counts = quinlan_tree()
    leaf_of, _ = c45_prune(left, right, counts, prune=False)
    assert_array_equal(leaf_of, [0, 1, 2, 3, 4])
    # A split whose children predict the parent's class makes no fewer training errors.
    useless = np.array([[8, 2], [5, 1], [3, 1]], dtype=float)
    leaf_of, is_leaf = c45_prune(np.array([1, -1, -1]), np.array([2, -1, -1]), useless, prune=False)
    assert is_leaf[0]
    assert_array_equal(leaf_of, [0, 0, 0])


def weka_add_errs(n, e, cf=CF):
    """Scalar transcription of Weka's Stats.addErrs, for the loop-based reference."""
    if n == 0:
        return 0.0
    if e < 1:
        base = n * (1 - cf ** (1 / n))
        return base if e == 0 else base + e * (weka_add_errs(n, 1, cf) - base)
    if e + 0.5 >= n:
        return max(n - e, 0.0)
    z = norm.ppf(1 - cf)
    f = (e + 0.5) / n
    r = (f + z * z / (2 * n) + z * np.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
        1 + z * z / n
    )
    return r * n - e


def reference_prune(left, right, counts):
    """Recursive C4.5 collapse + prune (Weka's C45PruneableClassifierTree), node by node."""
    leaf = {}

    def train_errors(i):
        if left[i] < 0 or leaf.get(i):
            return counts[i].sum() - counts[i].max()
        return train_errors(left[i]) + train_errors(right[i])

    def collapse(i):
        if left[i] < 0:
            return
        collapse(left[i])
        collapse(right[i])
        if train_errors(i) >= counts[i].sum() - counts[i].max() - 1e-3:
            leaf[i] = True

    def estimated(i):
        n, e = counts[i].sum(), counts[i].sum() - counts[i].max()
        if left[i] < 0 or leaf.get(i):
            return e + weka_add_errs(n, e)
        return estimated(left[i]) + estimated(right[i])

    def prune(i):
        if left[i] < 0 or leaf.get(i):
            return
        prune(left[i])
        prune(right[i])
        n, e = counts[i].sum(), counts[i].sum() - counts[i].max()
        if e + weka_add_errs(n, e) <= estimated(i) + 0.1:
            leaf[i] = True

    collapse(0)
    prune(0)
    kept = []

    def walk(i):
        kept.append(i)
        if left[i] >= 0 and not leaf.get(i):
            walk(left[i])
            walk(right[i])

    walk(0)
    return sorted(kept), sorted(i for i in kept if left[i] < 0 or leaf.get(i))


@pytest.mark.parametrize("seed", range(4))
def test_prune_matches_recursive_reference(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(300, 4))
    y = (X[:, 0] + 0.8 * rng.normal(size=300) > 0).astype(int) + (X[:, 1] > 1)
    w = rng.uniform(0.2, 3.0, size=300)
    tree = C45TreeClassifier(unpruned=True, random_state=0).fit(X, y, sample_weight=w)
    t = tree.decision_tree_.tree_
    counts = t.value[:, 0, :] * t.weighted_n_node_samples[:, None]
    leaf_of, is_leaf = c45_prune(t.children_left, t.children_right, counts)
    kept = np.flatnonzero(leaf_of == np.arange(t.node_count))
    ref_kept, ref_leaves = reference_prune(t.children_left, t.children_right, counts)
    assert_array_equal(kept, ref_kept)
    assert_array_equal(kept[is_leaf[kept]], ref_leaves)
    assert len(ref_kept) < t.node_count  # the example does prune something


def noisy_data(n=400, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 5))
    y = np.where(X[:, 0] + X[:, 1] + rng.normal(scale=1.0, size=n) > 0, "yes", "no")
    return X, y


def test_pruned_tree_smaller_and_proba_is_leaf_distribution():
    X, y = noisy_data()
    pruned = C45TreeClassifier(random_state=0).fit(X, y)
    unpruned = C45TreeClassifier(unpruned=True, random_state=0).fit(X, y)
    assert pruned.n_leaves_ < unpruned.n_leaves_
    assert pruned.n_nodes_ == 2 * pruned.n_leaves_ - 1  # binary tree
    # Direct computation: class frequencies of the training instances in each leaf.
    leaves = pruned.apply(X)
    proba = pruned.predict_proba(X)
    for leaf in np.unique(leaves):
        here = leaves == leaf
        expected = [np.mean(y[here] == c) for c in pruned.classes_]
        assert_allclose(proba[here], np.tile(expected, (here.sum(), 1)))
        assert here.sum() >= 2  # at least min_instances per leaf


def test_sample_weight_scale_does_not_matter_and_zero_weight_is_absence():
    X, y = noisy_data(seed=1)
    rng = np.random.default_rng(0)
    w = rng.uniform(0.5, 2.0, size=len(y))
    a = C45TreeClassifier(random_state=0).fit(X, y, sample_weight=w)
    b = C45TreeClassifier(random_state=0).fit(X, y, sample_weight=w / w.sum())
    assert_allclose(a.predict_proba(X), b.predict_proba(X), rtol=1e-12)
    # Zero weights: the same tree as on the subset (integer grid -> same thresholds).
    Xi = np.round(X * 2)
    keep = rng.random(len(y)) < 0.6
    sub = C45TreeClassifier(random_state=0).fit(Xi[keep], y[keep])
    zero = C45TreeClassifier(random_state=0).fit(Xi, y, sample_weight=keep.astype(float))
    assert zero.n_leaves_ == sub.n_leaves_
    assert_array_equal(zero.predict(Xi[keep]), sub.predict(Xi[keep]))


def test_sample_weight_drives_growing_and_pruning():
    X, y = noisy_data(seed=2)
    w = np.where(y == "yes", 5.0, 1.0)
    plain = C45TreeClassifier(random_state=0).fit(X, y)
    weighted = C45TreeClassifier(random_state=0).fit(X, y, sample_weight=w)
    assert np.mean(weighted.predict(X) == "yes") > np.mean(plain.predict(X) == "yes")


def test_nominal_columns_and_missing_values():
    rng = np.random.default_rng(0)
    n = 300
    colour = rng.choice(["red", "green", "blue"], size=n)
    size = rng.normal(size=n)
    y = np.where(colour == "green", "B", "A")
    X = pd.DataFrame({"colour": pd.Categorical(colour), "size": size})
    X.loc[rng.choice(n, 30, replace=False), "size"] = np.nan
    X.loc[rng.choice(n, 10, replace=False), "colour"] = np.nan
    tree = C45TreeClassifier().fit(X, y)
    observed = X["colour"].notna().to_numpy()
    assert_array_equal(tree.predict(X)[observed], y[observed])
    # Missing sizes do not matter; an unseen colour is read as missing (no error).
    Xt = pd.DataFrame(
        {"colour": pd.Categorical(["green", "red", "purple"]), "size": [np.nan, np.nan, 1]}
    )
    assert list(tree.predict(Xt)[:2]) == ["B", "A"]
    assert tree.predict_proba(Xt).shape == (3, 2)


def test_bad_confidence_factor():
    X, y = noisy_data(n=50)
    with pytest.raises(ValueError, match="confidence_factor"):
        C45TreeClassifier(confidence_factor=0.7).fit(X, y)
