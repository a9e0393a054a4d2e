"""ELRC (paper 004): regions, learner choice, Eq. 4 weights, the weighted path vote."""

import itertools
import math
import pickle

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.base import clone
from sklearn.dummy import DummyClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab import ELRCClassifier
from ensemble_lab.datasets import load
from ensemble_lab.learners import MixedEncoder, make_learner
from ensemble_lab.methods import make, names
from ensemble_lab.methods._elrc import rank_candidates
from ensemble_lab.methods._elrc_tree import (
    MAX_EXACT_NOMINAL,
    best_split,
    entropy,
    split_score,
)

LINEAR = LogisticRegression(C=100.0)
TREE = DecisionTreeClassifier(min_samples_leaf=5, random_state=0)  # errs on oblique lines
NB = GaussianNB()


def two_regions(n_per_region=150, seed=0):
    """x0 < 0: classes 0/1 split by the oblique line x1 + x2 = 0 (a linear model wins);
    x0 > 0: classes 2/3 as the XOR of the signs of x1 and x2 (a tree wins)."""
    rng = np.random.default_rng(seed)
    xa = np.column_stack(
        [rng.uniform(-1, -0.1, n_per_region), rng.uniform(-1, 1, (n_per_region, 2))]
    )
    xb = np.column_stack([rng.uniform(0.1, 1, n_per_region), rng.uniform(-1, 1, (n_per_region, 2))])
    ya = (xa[:, 1] + xa[:, 2] > 0).astype(int)
    yb = 2 + ((xb[:, 1] > 0) ^ (xb[:, 2] > 0)).astype(int)
    return np.vstack([xa, xb]), np.concatenate([ya, yb])


@pytest.fixture(scope="module")
def fitted_two_regions():
    X, y = two_regions()
    est = ELRCClassifier((LINEAR, NB, TREE), max_depth=2, random_state=0).fit(X, y)
    return est, X, y


# --- the split score and the balanced split ------------------------------------------


def test_split_score_hand_example():
    # D = 3 of class a, 5 of class b; D1 = {a, a}, D2 = {a, b, b, b, b, b}.
    h_d = -(3 / 8) * math.log2(3 / 8) - (5 / 8) * math.log2(5 / 8)
    h_d2 = -(1 / 6) * math.log2(1 / 6) - (5 / 6) * math.log2(5 / 6)
    gain_by_hand = h_d - (2 / 8) * 0.0 - (6 / 8) * h_d2
    gain, imbalance, score = split_score([2, 0], [1, 5])
    assert_allclose(gain, gain_by_hand, rtol=1e-12)
    assert_allclose(imbalance, abs(2 - 6) / 8)
    assert_allclose(score, gain_by_hand - 0.5, rtol=1e-12)
    assert_allclose(entropy([3, 5]), h_d, rtol=1e-12)


def test_numeric_split_cuts_at_median_and_sends_missing_to_larger_side():
    # Six known values: the cut between 3 and 4 halves them; the missing instance joins
    # the left (equal sides: left).
    column = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, np.nan])
    y = np.array([0, 0, 0, 1, 1, 1, 1])
    split = best_split(column[:, None], np.array([False]), y, 2, min_child=1)
    assert split.threshold == 3.5 and split.missing_left
    assert (split.n_left, split.n_right) == (4, 3)
    gain, imbalance, score = split_score([3, 1], [0, 3])
    assert_allclose([split.gain, split.imbalance, split.score], [gain, imbalance, score])
    assert_array_equal(split.goes_left(column[:, None]), [1, 1, 1, 0, 0, 0, 1])


def test_equally_balanced_cuts_go_to_the_higher_gain():
    # Seven known values: cuts 3|4 and 4|3 are equally balanced once the missing instance
    # joins the larger side; 3|4 separates the classes, so it wins, and the missing
    # instance goes right (4 > 3).
    column = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, np.nan])
    y = np.array([0, 0, 0, 1, 1, 1, 1, 1])
    split = best_split(column[:, None], np.array([False]), y, 2, min_child=1)
    assert split.threshold == 3.5 and not split.missing_left
    assert (split.n_left, split.n_right) == (3, 5)
    assert_allclose(split.gain, entropy([3, 5]))
    assert_allclose(split.imbalance, 2 / 8)


def test_numeric_split_with_tied_values_takes_the_most_balanced_cut():
    column = np.array([0.0] * 6 + [1.0] * 3 + [2.0])
    split = best_split(column[:, None], np.array([False]), np.zeros(10, int), 1, min_child=1)
    # cuts: 6|4 (imbalance 2) or 9|1 (imbalance 8) → between 0 and 1
    assert split.threshold == 0.5


def test_best_split_picks_highest_score_feature():
    # Feature 0 separates the classes in two equal halves; feature 1 is balanced but noise.
    X = np.array([[0, 0], [1, 1], [2, 0], [3, 1], [4, 0], [5, 1], [6, 0], [7, 1]], dtype=float)
    y = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    split = best_split(X, np.array([False, False]), y, 2, min_child=1)
    assert split.feature == 0
    assert_allclose(split.score, 1.0)


def test_nominal_grouping_is_closest_to_half():
    rng = np.random.default_rng(1)
    for k in (2, 3, 5, 8):
        counts = rng.integers(1, 30, size=k)
        codes = np.repeat(np.arange(k), counts).astype(float)
        y = rng.integers(0, 2, size=codes.size)
        split = best_split(codes[:, None], np.array([True]), y, 2, min_child=1)
        # brute force over every grouping
        best = min(
            abs(2 * sum(counts[list(group)]) - counts.sum())
            for r in range(1, k)
            for group in itertools.combinations(range(k), r)
        )
        assert abs(split.n_left - split.n_right) == best
        sides = set(split.left_codes) | set(split.right_codes)
        assert sides == set(range(k)) and not set(split.left_codes) & set(split.right_codes)


def test_nominal_grouping_greedy_above_exact_limit():
    k = MAX_EXACT_NOMINAL + 3
    counts = np.arange(1, k + 1) * 3
    codes = np.repeat(np.arange(k), counts).astype(float)
    split = best_split(codes[:, None], np.array([True]), np.zeros(codes.size, int), 1, 1)
    # longest-processing-time by hand: decreasing frequency, to the lighter side
    sides = [0, 0]
    for c in sorted(counts, reverse=True):
        sides[0 if sides[0] <= sides[1] else 1] += c
    assert sorted([split.n_left, split.n_right]) == sorted(sides)


def test_split_respects_min_child():
    X = np.arange(10, dtype=float)[:, None]
    y = np.array([0, 1] * 5)
    assert best_split(X, np.array([False]), y, 2, min_child=6) is None
    assert best_split(X, np.array([False]), y, 2, min_child=5) is not None


# --- learner choice --------------------------------------------------------------------


def test_regions_and_chosen_learners_on_hand_made_task(fitted_two_regions):
    est = fitted_two_regions[0]
    root = est.nodes_[0]
    assert root.split.feature == 0
    assert -0.1 <= root.split.threshold <= 0.1
    left, right = est.nodes_[root.left], est.nodes_[root.right]
    assert left.n_samples == right.n_samples == 150
    assert left.learner == "LogisticRegression"  # oblique line
    assert right.learner == "DecisionTreeClassifier"  # XOR
    assert left.cv_accuracy["LogisticRegression"] > left.cv_accuracy["DecisionTreeClassifier"]
    assert right.cv_accuracy["DecisionTreeClassifier"] > 0.9 > right.cv_accuracy["GaussianNB"]
    assert set(left.cv_accuracy) == {"LogisticRegression", "GaussianNB", "DecisionTreeClassifier"}
    assert left.rule.startswith("x0 <=") and right.rule.startswith("x0 >")


def test_regional_ensemble_beats_each_single_learner(fitted_two_regions):
    est, _, _ = fitted_two_regions
    X_test, y_test = two_regions(500, seed=7)
    X, y = two_regions()
    ensemble = est.score(X_test, y_test)
    for learner in (LINEAR, NB, TREE):
        assert ensemble > clone(learner).fit(X, y).score(X_test, y_test)


def test_rank_candidates_tie_breaking_order():
    # CV decides first ...
    assert rank_candidates([8, 9, 7], [10, 5, 10], [3, 0, 0])[0] == 1
    # ... then training accuracy ...
    assert rank_candidates([9, 9, 7], [8, 10, 10], [3, 0, 0])[0] == 1
    # ... then the ancestors' choices ...
    assert rank_candidates([9, 9, 9], [10, 10, 10], [0, 2, 1]) == [1, 2, 0]
    # ... then the priority order.
    assert rank_candidates([9, 9, 9], [10, 10, 10], [0, 0, 0]) == [0, 1, 2]


def test_identical_candidates_fall_back_to_priority():
    X, y = two_regions(60)
    est = ELRCClassifier((TREE, TREE), max_depth=2, random_state=0).fit(X, y)
    assert est.learner_names_ == ["DecisionTreeClassifier", "DecisionTreeClassifier#2"]
    assert all(node.learner == "DecisionTreeClassifier" for node in est.nodes_)


def test_pure_region_follows_the_ancestors_choice():
    # Left half: class 0 only (pure, every candidate is perfect there); right half needs a
    # tree. NB has priority, but the root chose the tree, so the pure child does too.
    rng = np.random.default_rng(3)
    X = np.column_stack([np.repeat([-1.0, 1.0], 80), rng.uniform(-1, 1, (160, 2))])
    y = np.where(X[:, 0] < 0, 0, 1 + ((X[:, 1] > 0) ^ (X[:, 2] > 0)))
    est = ELRCClassifier((NB, TREE), max_depth=2, random_state=0).fit(X, y)
    root = est.nodes_[0]
    assert root.learner == "DecisionTreeClassifier"
    pure = est.nodes_[root.left]
    assert pure.stop_reason == "pure" and pure.n_folds == 0
    assert pure.cv_accuracy == {"GaussianNB": 1.0, "DecisionTreeClassifier": 1.0}
    assert pure.learner == "DecisionTreeClassifier"


# --- weights and prediction ------------------------------------------------------------


def region_masks(est, X):
    """Training instances of every node, from the recorded thresholds (by hand)."""
    masks = {0: np.ones(X.shape[0], dtype=bool)}
    for node in est.nodes_:
        if node.split is None:
            continue
        goes_left = X[:, node.split.feature] <= node.split.threshold
        if node.left is not None:
            masks[node.left] = masks[node.node_id] & goes_left
        if node.right is not None:
            masks[node.right] = masks[node.node_id] & ~goes_left
    return masks


def test_weights_follow_eq4(fitted_two_regions):
    est, X, y = fitted_two_regions
    masks = region_masks(est, X)
    assert est.nodes_[0].weight == 1.0
    for node in est.nodes_[1:]:
        parent = est.nodes_[node.parent]
        region = masks[node.node_id]
        n_i = np.sum(node.estimator.predict(X[region]) == y[region])
        n_pi = np.sum(parent.estimator.predict(X[region]) == y[region])
        assert (node.n_correct, node.n_parent_correct) == (n_i, n_pi)
        assert_allclose(node.weight, n_i / n_pi * parent.weight, rtol=1e-12)


def test_weight_guard_when_parent_gets_nothing_right():
    # The root predicts the majority class 0 everywhere; the region x0 > 0 holds only
    # class 1, so |PI| = 0 there and the child's weight is |I| / 1 * 1.
    X = np.repeat([-1.0, 1.0], [60, 20])[:, None]
    y = np.concatenate([np.zeros(50, int), np.ones(30, int)])
    est = ELRCClassifier((DummyClassifier(),), random_state=0).fit(X, y)
    right = est.nodes_[est.nodes_[0].right]
    assert (right.n_samples, right.n_correct, right.n_parent_correct) == (20, 20, 0)
    assert right.weight == 20.0
    left = est.nodes_[est.nodes_[0].left]
    assert (left.n_correct, left.n_parent_correct, left.weight) == (50, 50, 1.0)


def reference_votes(est, X):
    """Eq. 5 one sample at a time: walk the path, add weight * probability."""
    votes = np.zeros((X.shape[0], est.classes_.shape[0]))
    for i, x in enumerate(X):
        node = est.nodes_[0]
        while True:
            proba = node.estimator.predict_proba(x[None, :])[0]
            for cls, p in zip(node.estimator.classes_, proba):
                votes[i, list(est.classes_).index(cls)] += node.weight * p
            if node.split is None:
                break
            child = node.left if x[node.split.feature] <= node.split.threshold else node.right
            if child is None:
                break
            node = est.nodes_[child]
    return votes


def test_prediction_is_the_weighted_path_vote(fitted_two_regions):
    est, _, _ = fitted_two_regions
    X_test, _ = two_regions(40, seed=11)
    votes = reference_votes(est, X_test)
    assert_allclose(est.predict_proba(X_test), votes / votes.sum(1, keepdims=True), atol=1e-12)
    assert_array_equal(est.predict(X_test), est.classes_[votes.argmax(1)])


def test_learner_without_predict_proba_votes_one_hot():
    X, y = two_regions(60)
    svc = SVC(kernel="linear")
    est = ELRCClassifier((svc,), max_depth=2, random_state=0).fit(X, y)
    root = est.nodes_[0]
    votes = np.zeros((X.shape[0], 4))
    for node in est.nodes_:
        region = region_masks(est, X)[node.node_id]
        pred = node.estimator.predict(X[region])
        votes[np.flatnonzero(region), pred] += node.weight
    assert root.learner == "SVC"
    assert_array_equal(est.predict(X), votes.argmax(1))


# --- stopping rules --------------------------------------------------------------------


def test_stop_max_depth(fitted_two_regions):
    est, _, _ = fitted_two_regions
    assert max(node.depth for node in est.nodes_) <= 2
    one = ELRCClassifier((NB,), max_depth=1).fit(*two_regions(30))
    assert len(one.nodes_) == 1 and one.nodes_[0].stop_reason == "max_depth"


def test_stop_no_training_error():
    est = ELRCClassifier((DecisionTreeClassifier(random_state=0),), random_state=0).fit(
        *two_regions(50)
    )
    assert len(est.nodes_) == 1 and est.nodes_[0].stop_reason == "no_training_error"


def test_stop_min_samples():
    X, y = two_regions(30)
    est = ELRCClassifier((NB,), min_samples=31, random_state=0).fit(X, y)
    assert len(est.nodes_) == 1 and est.nodes_[0].stop_reason == "min_samples"
    est = ELRCClassifier((NB,), min_samples=30, max_depth=5, random_state=0).fit(X, y)
    assert len(est.nodes_) > 1
    assert all(node.n_samples >= 30 for node in est.nodes_)


def test_stop_no_split():
    X = np.zeros((40, 2))  # no feature divides the region
    y = np.array([0, 1] * 20)
    est = ELRCClassifier((DummyClassifier(),), random_state=0).fit(X, y)
    assert est.nodes_[0].stop_reason == "no_split"


def test_seven_nodes_at_default_depth():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(400, 4))
    y = (X[:, 0] + rng.normal(scale=1.0, size=400) > 0).astype(int)
    est = ELRCClassifier((NB,), random_state=0).fit(X, y)
    assert len(est.nodes_) == 7
    assert sorted(node.depth for node in est.nodes_) == [1, 2, 2, 3, 3, 3, 3]


# --- data handling, reproducibility, pruning ---------------------------------------------


def mixed_frame(n=240, seed=0):
    rng = np.random.default_rng(seed)
    color = rng.choice(["red", "green", "blue", "white"], size=n, p=[0.3, 0.3, 0.2, 0.2])
    x = rng.normal(size=n)
    label = np.where(np.isin(color, ["red", "blue"]), x > 0, x < 0.5)
    X = pd.DataFrame({"color": pd.Categorical(color), "x": x})
    X.loc[rng.choice(n, 10, replace=False), "x"] = np.nan
    X.loc[rng.choice(n, 10, replace=False), "color"] = np.nan
    return X, np.where(label, "yes", "no")


def test_mixed_frame_string_labels_nominal_split():
    X, y = mixed_frame()
    learner = make_pipeline(MixedEncoder(), DecisionTreeClassifier(max_depth=2, random_state=0))
    candidates = (learner, make_pipeline(MixedEncoder(), GaussianNB()))
    est = ELRCClassifier(candidates, cv=4, random_state=0)
    est.fit(X, y)
    assert set(est.predict(X)) <= {"no", "yes"}
    assert est.score(X, y) > 0.8
    nominal = [n for n in est.nodes_ if n.split is not None and n.split.nominal]
    assert nominal, "the nominal column should be split on"
    text = est.export_text()
    assert "color in {" in text and "[node 0]" in text
    # an unseen colour follows missing values
    unseen = X.iloc[:3].copy()
    unseen["color"] = pd.Categorical(["purple"] * 3)
    missing = X.iloc[:3].copy()
    missing["color"] = pd.Categorical([np.nan] * 3, categories=X["color"].cat.categories)
    assert_array_equal(est.apply(unseen), est.apply(missing))
    assert est.apply(missing).tolist() != [0, 0, 0]


def test_class_absent_from_a_region_gets_zero_there(fitted_two_regions):
    est, X, _ = fitted_two_regions
    left = est.nodes_[est.nodes_[0].left]
    assert set(left.estimator.classes_) == {0, 1}
    proba = est.predict_proba(X[:5])  # region x0 < 0
    assert proba.shape == (5, 4)
    assert_allclose(proba.sum(1), 1.0)


def test_same_result_for_any_n_jobs():
    X, y = two_regions(80)
    kwargs = {"max_depth": 2, "cv": 4, "random_state": 42, "prune": True}
    one = ELRCClassifier((NB, TREE), n_jobs=1, **kwargs).fit(X, y)
    two = ELRCClassifier((NB, TREE), n_jobs=2, **kwargs).fit(X, y)
    assert [n.learner for n in one.nodes_] == [n.learner for n in two.nodes_]
    assert [n.cv_accuracy for n in one.nodes_] == [n.cv_accuracy for n in two.nodes_]
    assert_array_equal(one.predict_proba(X), two.predict_proba(X))


def test_pruning_keeps_a_subtree_that_helps_out_of_fold():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(300, 3))
    y = (X[:, 0] + 0.8 * rng.normal(size=300) > 0).astype(int)  # noisy: deep regions overfit
    full = ELRCClassifier((TREE,), max_depth=3, random_state=1).fit(X, y)
    pruned = ELRCClassifier((TREE,), max_depth=3, prune=True, random_state=1).fit(X, y)
    assert pruned.n_pruned_ > 0
    assert len(pruned.nodes_) == len(full.nodes_) - pruned.n_pruned_
    for node in pruned.nodes_[1:]:
        above, with_node = node.held_out_accuracy
        assert with_node >= above
    # the kept nodes are the full tree's nodes with the same regions and weights
    full_by_rule = {n.rule: n for n in full.nodes_}
    for node in pruned.nodes_:
        assert_allclose(node.weight, full_by_rule[node.rule].weight)


def test_pickle_round_trip(fitted_two_regions):
    est, X, _ = fitted_two_regions
    again = pickle.loads(pickle.dumps(est))
    assert_array_equal(again.predict_proba(X), est.predict_proba(X))


# --- errors and the registry -------------------------------------------------------------


def test_single_class_is_rejected():
    with pytest.raises(ValueError, match="at least two classes"):
        ELRCClassifier((NB,)).fit(np.zeros((20, 2)), np.ones(20))


def test_empty_candidate_list_is_rejected():
    with pytest.raises(ValueError, match="at least one candidate"):
        ELRCClassifier(()).fit(*two_regions(20))


def test_wrong_feature_count_at_predict(fitted_two_regions):
    est, X, _ = fitted_two_regions
    with pytest.raises(ValueError, match="features"):
        est.predict(X[:, :2])


def test_registered_by_the_papers_name():
    assert "ELRC" in names(paper="004")
    default = make("ELRC", random_state=3)
    assert default.estimators == ("smo", "nb", "j48") and default.random_state == 3
    assert make("elrc", base=[NB, TREE]).estimators == (NB, TREE)
    assert make("ELRC", base=NB).estimators == (NB,)


def test_apply_returns_the_deepest_region(fitted_two_regions):
    est, X, _ = fitted_two_regions
    expected = np.zeros(X.shape[0], dtype=int)
    for node_id, mask in sorted(region_masks(est, X).items()):
        expected[mask] = node_id  # pre-order: children come after their parent
    assert_array_equal(est.apply(X), expected)


def test_default_presets_on_mixed_data_with_missing_values():
    X, y = load("breast-cancer")  # nominal columns, missing values, string labels
    est = ELRCClassifier(max_depth=2, random_state=0).fit(X, y)
    assert est.learner_names_ == ["smo", "nb", "j48"]
    assert all(set(node.cv_accuracy) == {"smo", "nb", "j48"} for node in est.nodes_)
    proba = est.predict_proba(X)
    assert_allclose(proba.sum(1), 1.0)
    assert_array_equal(est.predict(X), est.classes_[proba.argmax(1)])
    # smo has no predict_proba: its vote is the one-hot of its prediction
    smo = make_learner("smo").fit(X, y)
    alone = ELRCClassifier(("smo",), max_depth=1).fit(X, y)
    expected = (smo.predict(X)[:, None] == alone.classes_[None, :]).astype(float)
    assert_array_equal(alone.predict_proba(X), expected)


def test_one_parallel_call_per_level_and_nodes_in_pre_order(monkeypatch):
    """The regions of a level are cross-validated together (one joblib call each), and
    ``nodes_`` still lists the tree in pre-order: a left child right after its parent,
    a right child right after its sibling's subtree."""
    import ensemble_lab.methods._elrc as elrc_module

    calls = []
    real = elrc_module.Parallel

    class Counting(real):
        def __call__(self, iterable):
            tasks = list(iterable)
            calls.append(len(tasks))
            return super().__call__(tasks)

    monkeypatch.setattr(elrc_module, "Parallel", Counting)
    rng = np.random.default_rng(0)
    X = rng.normal(size=(400, 4))
    y = (X[:, 0] + rng.normal(scale=1.0, size=400) > 0).astype(int)
    est = ELRCClassifier((NB, TREE), cv=3, random_state=0).fit(X, y)
    per_level = [sum(n.depth == d for n in est.nodes_) for d in (1, 2, 3)]
    assert per_level == [1, 2, 4]
    # (3 folds + 2 full fits) per region, all regions of a level in one call
    assert calls == [5 * k for k in per_level]

    def subtree_size(i):
        node = est.nodes_[i]
        return 1 + sum(subtree_size(c) for c in (node.left, node.right) if c is not None)

    for i, node in enumerate(est.nodes_):
        assert node.node_id == i
        if node.left is not None:
            assert node.left == i + 1 and est.nodes_[node.left].parent == i
        if node.right is not None:
            assert node.right == i + 1 + (subtree_size(node.left) if node.left else 0)
