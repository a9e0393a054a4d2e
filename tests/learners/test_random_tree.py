"""Weka's RandomTree: hand-worked trees, the draws it makes, its seeding and its errors.

The Weka-differential tests on the papers' datasets are in ``tests/weka``."""

import numpy as np
import pandas as pd
import pytest
from ensemble_lab.learners._random_tree_core import TreeData, grow_random_tree
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.exceptions import NotFittedError

from ensemble_lab.datasets import load
from ensemble_lab.encoding import TestData as EncodedRows
from ensemble_lab.encoding import encode_training
from ensemble_lab.learners import RandomTreeClassifier
from ensemble_lab.learners._random_tree import random_tree_k
from ensemble_lab.utils._weka_random import random_number_generator


def same_tree(a, b):
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k], equal_nan=True) for k in a)


def graded_data(n=60, d=5, seed=0):
    """``d`` numeric attributes, each informative about the class, none perfectly."""
    rng = np.random.RandomState(seed)
    y = np.repeat(["a", "b"], n // 2)
    signal = (y == "b").astype(float)
    X = signal[:, None] * np.linspace(0.5, 2.5, d) + rng.normal(size=(n, d))
    return X, y


def test_k_is_wekas_default_and_capped_at_the_number_of_attributes():
    # RandomForest -K 0 and RandomTree -K 0: (int) log2(attributes other than the class) + 1
    expected = {1: 1, 2: 2, 3: 2, 4: 3, 7: 3, 8: 4, 16: 5, 60: 6, 64: 7}
    assert {d: random_tree_k(d) for d in expected} == expected
    X, y = graded_data(d=5)
    assert RandomTreeClassifier(random_state=1).fit(X, y).k_ == 3
    assert RandomTreeClassifier(2, random_state=1).fit(X, y).k_ == 2
    assert RandomTreeClassifier(9, random_state=1).fit(X, y).k_ == 5


@pytest.mark.parametrize("seed", [1, 2, 3, 42, -7])
def test_root_splits_on_the_attribute_drawn_first(seed):
    # With k=1 and every attribute informative, the root tries exactly one attribute:
    # the one at nextInt(d) of the window [0, d), from the generator Weka seeds with the
    # text of a random training instance plus the seed.
    X, y = graded_data()
    tree = RandomTreeClassifier(1, random_state=seed).fit(X, y)
    data = encode_training(RandomTreeClassifier(), X, y)
    assert tree.tree_["feature"][0] == random_number_generator(seed, data).next_int_below(5)


@pytest.mark.parametrize("seed", range(1, 6))
def test_attributes_are_drawn_until_one_has_gain(seed):
    # k=1, but attributes without gain do not count: the informative one is found.
    rng = np.random.RandomState(seed)
    y = np.repeat(["a", "b"], 20)
    X = np.column_stack([np.zeros(40), rng.normal(size=40), np.ones(40)])
    X[:, 1] += 5 * (y == "b")
    tree = RandomTreeClassifier(1, random_state=seed).fit(X, y)
    assert tree.tree_["feature"][0] == 1


def test_numeric_split_point_is_the_midpoint_and_equal_goes_right():
    X = np.array([[1.0], [2.0], [3.0], [4.0]])
    tree = RandomTreeClassifier(random_state=1).fit(X, ["a", "a", "b", "b"])
    assert tree.tree_["threshold"][0] == 2.5
    assert_array_equal(tree.predict([[2.4999], [2.5]]), ["a", "b"])
    # A midpoint that rounds down to the lower value is replaced by the upper one.
    upper = np.nextafter(1.0, 2.0)
    tree = RandomTreeClassifier(random_state=1).fit([[1.0], [1.0], [upper], [upper]], list("aabb"))
    assert tree.tree_["threshold"][0] == upper
    assert_array_equal(tree.predict([[1.0], [upper]]), ["a", "b"])


def test_missing_values_are_spread_over_the_branches_by_their_known_weight():
    # Known: 1, 2 -> a and 3, 4 -> b, so each branch gets half of the known weight; the
    # two rows missing x (one a, one b) join both branches with weight 1/2.
    X = np.array([[1.0], [2.0], [3.0], [4.0], [np.nan], [np.nan]])
    tree = RandomTreeClassifier(random_state=1).fit(X, list("aabbab")).tree_
    assert tree["threshold"][0] == 2.5
    assert_array_equal(tree["son_share"], [0.5, 0.5])
    # The sons' distributions are the split's, with the fractional instances; neither
    # can be split again (the left son's halves of a and b fall on both sides alike).
    assert_allclose(tree["counts"], [[3, 3], [2.5, 0.5], [0.5, 2.5]])
    assert_array_equal(tree["kind"], [3, 0, 0])
    est = RandomTreeClassifier(random_state=1).fit(X, list("aabbab"))
    assert_allclose(est.predict_proba([[1.0], [np.nan]]), [[5 / 6, 1 / 6], [0.5, 0.5]])
    # A tie between the classes goes to the first, as Weka's classifyInstance does.
    assert est.predict([[np.nan]])[0] == "a"


def test_nominal_split_has_a_branch_per_declared_value_and_empty_ones_predict_the_parent():
    colour = pd.Categorical(list("uuvvv"), categories=list("uvw"))
    X = pd.DataFrame({"colour": colour})
    est = RandomTreeClassifier(random_state=1).fit(X, list("aabbb"))
    tree = est.tree_
    assert_array_equal(tree["kind"], [1, 0, 0, 0])
    assert_array_equal(tree["empty"], [0, 0, 0, 1])
    assert est.n_leaves_ == 3 and est.n_nodes_ == 4 and est.depth_ == 1
    unseen = pd.DataFrame({"colour": pd.Categorical(["w"], categories=list("uvw"))})
    assert_allclose(est.predict_proba(unseen), [[0.4, 0.6]])
    assert est.predict(unseen)[0] == "b"


def test_min_num_and_max_depth_stop_the_growth():
    X, y = graded_data()
    full = RandomTreeClassifier(random_state=1).fit(X, y)
    assert full.depth_ > 1
    # Every leaf of an -M 1 tree weighs at least 1, and a node under 2 is not split.
    leaves = full.tree_["kind"] == 0
    assert (full.tree_["counts"][~leaves].sum(axis=1) >= 2).all()
    stump = RandomTreeClassifier(random_state=1, max_depth=1).fit(X, y)
    assert stump.depth_ == 1
    root_only = RandomTreeClassifier(random_state=1, min_num=30.5).fit(X, y)
    assert root_only.n_nodes_ == 1
    assert_allclose(root_only.predict_proba(X[:2]), [[0.5, 0.5], [0.5, 0.5]])


def test_a_seed_gives_one_tree():
    X, y = load("diabetes")
    trees = [RandomTreeClassifier(random_state=s).fit(X, y).tree_ for s in (1, 1, 2)]
    assert same_tree(trees[0], trees[1])
    assert not same_tree(trees[0], trees[2])
    drawn = RandomTreeClassifier(random_state=np.random.RandomState(0)).fit(X, y)
    again = RandomTreeClassifier(random_state=drawn.seed_).fit(X, y)
    assert same_tree(drawn.tree_, again.tree_)


def test_members_grow_on_a_bag_as_on_its_rows():
    # The ensemble protocol: rows of data encoded once, in bag order, with repeats.
    X, y = load("vote")
    bag = np.random.RandomState(0).randint(0, len(y), size=len(y))
    data = encode_training(RandomTreeClassifier(), X, y)
    member = RandomTreeClassifier(random_state=5)._fit_encoded(data, bag, np.ones(len(y)))
    alone = RandomTreeClassifier(random_state=5).fit(X.iloc[bag], y.iloc[bag])
    assert same_tree(member.tree_, alone.tree_)
    assert_allclose(
        member._encoded_distribution(EncodedRows(data.X, None)), alone._weka_distribution(X)
    )


@pytest.mark.parametrize("seed", range(5))
def test_equal_splits_go_to_the_lower_attribute_with_fractional_weights(seed):
    # Weka takes a candidate only if its gain is larger, or equal with a lower index.
    # With fractional weights our entropies carry error bounds: a copy of an attribute
    # (the same table at every node) and a constant one (gain exactly 0) must still be
    # decided as Weka decides them, not by the bounds.
    X, y = load("vote")
    X = X.iloc[:, :6].copy()
    X.insert(1, "copy", X.iloc[:, 0])
    X.insert(2, "constant", pd.Categorical(["y"] * len(X), categories=["n", "y"]))
    weight = np.random.RandomState(seed).uniform(0.1, 2.0, size=len(y))
    tree = RandomTreeClassifier(k=8, random_state=seed).fit(X, y, sample_weight=weight)
    used = set(tree.tree_["feature"][tree.tree_["kind"] != 0])
    assert 0 in used
    assert not used & {1, 2}


@pytest.mark.parametrize("name", ["diabetes", "glass", "ionosphere", "iris"])
def test_without_missing_values_and_fractional_weights_weka_order_changes_nothing(name):
    # The shortcut (values scanned by rank, no in-place quicksort) against Weka's way,
    # on a bootstrap sample with whole weights other than 1.
    X, y = load(name)
    data = encode_training(RandomTreeClassifier(), X, y)
    shared = TreeData(data.X, data.n_values, data.y, data.n_classes)
    rng = np.random.RandomState(0)
    rows = rng.randint(0, len(y), size=len(y)).astype(np.int32)
    weight = rng.randint(0, 3, size=len(y)).astype(float)
    for seed in (1, 2):
        trees = [
            grow_random_tree(
                shared,
                weight,
                rows,
                random_number_generator(seed, data, rows),
                k=random_tree_k(data.n_features),
                weka_order=weka_order,
            )
            for weka_order in (True, False)
        ]
        assert same_tree(*trees)
    with pytest.raises(ValueError, match="missing values"):
        missing = encode_training(RandomTreeClassifier(), *load("vote"))
        grow_random_tree(
            TreeData(missing.X, missing.n_values, missing.y, missing.n_classes),
            missing.weight,
            np.arange(missing.n_samples, dtype=np.int32),
            random_number_generator(1, missing),
            k=1,
            weka_order=False,
        )


@pytest.mark.parametrize("name", ["breast-cancer", "soybean", "vote"])
def test_weka_order_is_dropped_only_where_it_cannot_matter(name):
    # With missing values, subtrees whose instances have none (and whole weights) are
    # grown without Weka's order: the same tree as with it everywhere.
    X, y = load(name)
    data = encode_training(RandomTreeClassifier(), X, y)
    shared = TreeData(data.X, data.n_values, data.y, data.n_classes)
    rows = np.random.RandomState(0).randint(0, len(y), size=len(y)).astype(np.int32)
    for seed in (1, 2):
        trees = [
            grow_random_tree(
                shared,
                data.weight,
                rows,
                random_number_generator(seed, data, rows),
                k=random_tree_k(data.n_features),
                weka_order=weka_order,
            )
            for weka_order in (True, None)
        ]
        assert same_tree(*trees)


def test_mixed_data_with_missing_values():
    X, y = load("breast-cancer")  # nominal, with missing values; and a numeric column
    X = X.assign(noise=np.random.RandomState(0).normal(size=len(y)))
    X.loc[X.index[::7], "noise"] = np.nan
    est = RandomTreeClassifier(random_state=1).fit(X, y)
    proba = est.predict_proba(X)
    assert_allclose(proba.sum(axis=1), 1.0)
    assert_array_equal(est.predict(X), est.classes_[np.argmax(proba, axis=1)])
    assert np.mean(est.predict(X) == y) > 0.95  # unpruned, grown to (nearly) pure leaves


def test_bad_input():
    X, y = graded_data()
    for params, name in [({"k": -1}, "k"), ({"min_num": -0.5}, "min_num")]:
        with pytest.raises(ValueError, match=name):
            RandomTreeClassifier(**params).fit(X, y)
    with pytest.raises(ValueError, match="max_depth"):
        RandomTreeClassifier(max_depth=1.5).fit(X, y)
    with pytest.raises(ValueError, match="random_state"):
        RandomTreeClassifier(random_state="one").fit(X, y)
    with pytest.raises(ValueError, match="requires y"):
        RandomTreeClassifier().fit(X, None)
    with pytest.raises(NotFittedError):
        RandomTreeClassifier().predict(X)
    est = RandomTreeClassifier(random_state=1).fit(X, y)
    with pytest.raises(ValueError, match="features"):
        est.predict(X[:, :3])


def test_forest_members_know_the_columns_they_were_fitted_on():
    # Members grow on the forest's encoded data; each must still predict from the
    # DataFrame's columns as if it had been fitted on them (names, nominal columns).
    import warnings

    from ensemble_lab.methods import make

    X, y = load("breast-cancer")
    forest = make("N-U-Random Forest", random_state=0).fit(X, y)
    for member in forest.estimators_:
        np.testing.assert_array_equal(member.feature_names_in_, X.columns)
        with warnings.catch_warnings():
            warnings.simplefilter("error", UserWarning)
            member.predict(X)
