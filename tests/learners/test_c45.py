"""C4.5 tree: the pessimistic error estimate and the trees Weka's J48 grows on textbook data.

The Weka-differential tests on the papers' datasets are in ``tests/weka``."""

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from scipy.stats import beta

from ensemble_lab.learners import C45TreeClassifier, c45_added_errors

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


def weather(numeric=False):
    """Quinlan's weather data, as Weka ships it (weather.nominal.arff / weather.numeric.arff)."""
    outlook = (
        "sunny sunny overcast rainy rainy rainy overcast sunny sunny rainy sunny overcast "
        "overcast rainy"
    )
    temperature = "hot hot hot mild cool cool cool mild cool mild mild mild hot mild"
    humidity = "high high high high normal normal normal high normal normal normal high normal high"
    windy = "F T F F F T T F F F T T F T"
    play = "no no yes yes yes no yes no yes yes yes yes yes no"
    X = pd.DataFrame(
        {
            "outlook": pd.Categorical(outlook.split(), categories=["sunny", "overcast", "rainy"]),
            "temperature": pd.Categorical(temperature.split(), categories=["hot", "mild", "cool"]),
            "humidity": pd.Categorical(humidity.split(), categories=["high", "normal"]),
            "windy": pd.Categorical(windy.split(), categories=["T", "F"]),
        }
    )
    if numeric:
        X["temperature"] = [85, 80, 83, 70, 68, 65, 64, 72, 69, 75, 75, 72, 81, 71.0]
        X["humidity"] = [85, 90, 86, 96, 80, 70, 65, 95, 70, 80, 70, 90, 75, 91.0]
    return X, pd.Series(pd.Categorical(play.split(), categories=["yes", "no"]))


def test_weather_nominal_gives_quinlans_tree():
    # Weka 3.6: J48 on weather.nominal -> outlook at the root, humidity under sunny, windy
    # under rainy; 5 leaves, size 8; every training instance right.
    X, y = weather()
    tree = C45TreeClassifier().fit(X, y)
    assert (tree.n_leaves_, tree.n_nodes_) == (5, 8)
    assert tree.tree_["feature"][0] == 0
    assert_array_equal(tree.predict(X), y.to_numpy())


def test_numeric_split_point_moves_to_a_training_value():
    # Under sunny, humidity 70 (yes) against 85 (no): the midpoint 77.5 moves down to the
    # largest humidity of the whole training set not above it, 75 (Weka: "humidity <= 75").
    X, y = weather(numeric=True)
    tree = C45TreeClassifier().fit(X, y)
    numeric = tree.tree_["kind"] == 3
    assert tree.tree_["feature"][numeric].tolist() == [2]
    assert tree.tree_["threshold"][numeric].tolist() == [75.0]
    assert (tree.n_leaves_, tree.n_nodes_) == (5, 8)
    probe = X.iloc[[0]].assign(humidity=76.0)
    assert tree.predict(probe)[0] == "no"


def test_missing_value_goes_down_every_branch_weighted_by_the_training_shares():
    X, y = weather()
    tree = C45TreeClassifier().fit(X, y)
    row = X.iloc[[0]].copy()
    row["outlook"] = pd.Categorical([np.nan], categories=X["outlook"].cat.categories)
    # sunny (5 of 14) -> humidity high -> no; overcast (4) -> yes; rainy (5) -> windy F -> yes.
    expected = {"yes": 4 / 14 + 5 / 14, "no": 5 / 14}
    proba = tree.predict_proba(row)[0]
    assert_allclose(proba, [expected[c] for c in tree.classes_])
    assert tree.predict(row)[0] == "yes"


def test_an_attribute_of_unique_values_cannot_split_below_two_instances_a_branch():
    X, y = weather()
    plain = C45TreeClassifier().fit(X, y)
    with_id = C45TreeClassifier().fit(X.assign(day=pd.Categorical(range(14))), y)
    for key in ("feature", "threshold", "kind"):
        assert_array_equal(plain.tree_[key], with_id.tree_[key])


def test_integer_weights_are_instances_repeated():
    X, y = weather(numeric=True)
    weighted = C45TreeClassifier().fit(X, y, sample_weight=np.full(14, 2.0))
    repeated = C45TreeClassifier().fit(pd.concat([X, X]), pd.concat([y, y]))
    for key in ("kind", "feature", "threshold", "counts"):
        assert_array_equal(weighted.tree_[key], repeated.tree_[key])


def test_weights_are_not_rescaled():
    # M = 2 is a total weight: with weights of 0.1 no split holds two instances' weight.
    X, y = weather()
    tree = C45TreeClassifier().fit(X, y, sample_weight=np.full(14, 0.1))
    assert tree.n_nodes_ == 1
    assert tree.predict(X[:1])[0] == "yes"


def test_binary_splits_and_unpruned_options():
    X, y = weather()
    binary = C45TreeClassifier(binary_splits=True).fit(X, y)
    inner = binary.tree_["kind"] != 0
    assert (binary.tree_["kind"][inner] == 2).all()
    assert (np.diff(binary.tree_["first_son"])[inner] == 2).all()
    assert binary.n_nodes_ == 2 * binary.n_leaves_ - 1


def test_pruning_shrinks_a_noisy_tree():
    rng = np.random.default_rng(0)
    X = rng.uniform(size=(600, 4))
    y = np.where(X[:, 0] + X[:, 1] > 1, "a", "b")
    flip = rng.uniform(size=600) < 0.2
    y[flip] = np.where(y[flip] == "a", "b", "a")
    pruned = C45TreeClassifier().fit(X, y)
    unpruned = C45TreeClassifier(unpruned=True).fit(X, y)
    no_raising = C45TreeClassifier(subtree_raising=False).fit(X, y)
    assert pruned.n_leaves_ < unpruned.n_leaves_
    assert no_raising.n_leaves_ >= pruned.n_leaves_
    assert pruned.n_nodes_ == 2 * pruned.n_leaves_ - 1  # numeric splits are binary
    assert_allclose(pruned.predict_proba(X).sum(axis=1), 1.0)


def test_classes_follow_the_categorical_declaration_for_ties():
    # Two classes, one instance each, no split possible: the leaf is a tie, which Weka
    # gives to the first declared class.
    X = np.zeros((2, 1))
    for order in (["b", "a"], ["a", "b"]):
        y = pd.Series(pd.Categorical(["a", "b"], categories=order))
        tree = C45TreeClassifier().fit(X, y)
        assert_array_equal(tree.classes_, ["a", "b"])
        assert tree.predict(X[:1])[0] == order[0]


def test_bad_input():
    X, y = weather()
    with pytest.raises(ValueError, match="confidence_factor"):
        C45TreeClassifier(confidence_factor=0.7).fit(X, y)
    y_missing = y.copy()
    y_missing[3] = np.nan
    with pytest.raises(ValueError, match=r"missing label .* at row 3"):
        C45TreeClassifier().fit(X, y_missing)
    with pytest.raises(ValueError, match="sample_weight"):
        C45TreeClassifier().fit(X, y, sample_weight=np.full(14, -1.0))


def test_bad_mixed_frames_are_named_in_fit_and_predict():
    X, y = weather(numeric=True)
    assert X.dtypes.map(lambda d: d.kind == "f").any()  # a mixed frame: numeric columns too
    numeric = X.select_dtypes("number").columns[0]
    bad = X.copy()
    bad.loc[2, numeric] = np.inf
    with pytest.raises(ValueError, match="infinity in a numeric column"):
        C45TreeClassifier().fit(bad, y)
    tree = C45TreeClassifier().fit(X, y)
    with pytest.raises(ValueError, match="infinity in a numeric column"):
        tree.predict(bad)
    with pytest.raises(ValueError, match="feature names"):
        tree.predict(X.rename(columns={numeric: "other"}))
    # The same data in a new frame (new column index) predicts as before.
    assert_array_equal(tree.predict(X.copy(deep=True)), tree.predict(X))
