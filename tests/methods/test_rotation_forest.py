"""Rotation Forest: Weka's random choices, Weka's PCA, the ensemble built on them."""

import numpy as np
import pandas as pd
import pytest
from ensemble_lab.utils._java_random import JavaRandom, shuffled
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.datasets import make_classification
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

from ensemble_lab.methods import RotationForestClassifier
from ensemble_lab.methods._rotation_forest import (
    GroupPCA,
    _diagonalise,
    _sequential_sum,
    _tridiagonalise,
    _useful,
    _weka_sort,
    attribute_groups,
    pca_sample,
    symmetric_eigen,
)

ROT = RotationForestClassifier(DecisionTreeClassifier(), random_state=0)


@parametrize_with_checks([ROT], expected_failed_checks=lambda e: e._expected_failed_checks)
def test_sklearn_checks_with_tree(estimator, check):
    check(estimator)


# --- the random choices ------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "smallest", "largest"), [(9, 3, 3), (10, 3, 3), (7, 2, 4), (2, 3, 3)]
)
def test_groups_cover_the_permuted_attributes_smallest_groups_first(n, smallest, largest):
    groups = attribute_groups(JavaRandom(5), n, smallest, largest)
    sizes = [g.size for g in groups]
    assert sizes == sorted(sizes) and smallest <= min(sizes) and max(sizes) <= largest
    assert sum(sizes) - max(sizes) < n <= sum(sizes)  # the last group completes the cover
    flat = np.concatenate(groups)
    # the first n entries are the permutation Weka draws first, in its order
    assert_array_equal(flat[:n], shuffled(JavaRandom(5), n))
    assert set(flat[n:]) <= set(range(n))  # the rest: attributes drawn again


def test_groups_of_size_three_need_one_draw_each():
    random = JavaRandom(1)
    attribute_groups(random, 7, 3, 3)  # 6 draws to permute, 3 sizes, 2 reused attributes
    reference = JavaRandom(1)
    for _ in range(6 + 3 + 2):
        reference.next_int()
    assert random.next_int() == reference.next_int()


def test_pca_sample_keeps_the_second_half_of_the_chosen_classes_twice_shuffled():
    class_rows = [np.arange(0, 5), np.arange(5, 12), np.arange(12, 20)]
    random = JavaRandom(3)
    sample = pca_sample(random, class_rows, 50.0)
    reference = JavaRandom(3)
    chosen = [reference.next_int() < 0 for _ in class_rows]
    if not any(chosen):
        chosen[reference.next_int_below(3)] = True
    rows = np.concatenate([r for r, c in zip(class_rows, chosen) if c])
    rows = rows[shuffled(reference, rows.size)]
    rows = rows[shuffled(reference, rows.size)]
    assert_array_equal(sample, rows[int(np.floor(rows.size / 2 + 0.5)) :])


def test_pca_sample_of_fewer_than_two_rows_keeps_all_of_them():
    sample = pca_sample(JavaRandom(0), [np.array([4, 9])], 50.0)
    assert sorted(sample) == [4, 9]


# --- Weka's numerics -----------------------------------------------------------------


def test_eigen_decomposition_is_weka_s_to_the_last_bit():
    # Reference: weka.core.matrix.Matrix(A).eig() in Weka 3.6.14 (getRealEigenvalues, getV),
    # printed with Double.toString.
    d, V = symmetric_eigen([[1, 0.5, 0.25], [0.5, 1, 0.125], [0.25, 0.125, 1]])
    assert d == [0.4825737550617962, 0.9018832459356732, 1.6155429990025318]
    assert V.tolist() == [
        [-0.7284743308959396, -0.14157742043909455, 0.6702842555569426],
        [0.6572701819296306, -0.4203436090340389, 0.6255454885861056],
        [0.19318658641816527, 0.8962516858372156, 0.39926414622658746],
    ]
    A = [[1, 1, -1, 0.5], [1, 1, -1, 0.5], [-1, -1, 1, -0.5], [0.5, 0.5, -0.5, 1]]
    d, V = symmetric_eigen(A)  # rank 2: two exact zeros, as Weka finds them
    assert d == [0.0, 0.0, 0.6771243444677042, 3.3228756555322936]
    assert V[3].tolist() == [0.0, 0.0, -0.9369975843134427, -0.34933583696891574]


@pytest.mark.parametrize("p", [1, 2, 5, 9])
def test_eigen_decomposition_diagonalises(p):
    M = np.random.default_rng(p).normal(size=(30, p))
    A = np.corrcoef(M, rowvar=False).reshape(p, p)
    d, V = symmetric_eigen(A.tolist())
    assert d == sorted(d)
    assert_allclose(V.T @ V, np.eye(p), atol=1e-12)
    assert_allclose(A @ V, V * d, atol=1e-12)
    assert_allclose(d, np.linalg.eigvalsh(A), atol=1e-12)


@pytest.mark.parametrize("shape", [(1,), (2,), (3, 3), (7,)])
@pytest.mark.parametrize("n", [1, 9, 1000])
def test_sums_are_sequential_as_in_java(n, shape):
    rng = np.random.default_rng(n)
    a = rng.normal(size=(n, *shape)) * 10.0 ** rng.integers(-8, 8, size=(n, *shape))
    expected = np.zeros(shape)
    for row in a:  # Java's loop; a pairwise sum would differ in the last bits
        expected = expected + row
    assert_array_equal(_sequential_sum(a), expected)


@pytest.mark.parametrize("p", [25, 45])
def test_large_matrices_take_the_same_steps_vectorised(p):
    # from 24 and 40 columns on, tred2 and tql2 loop over NumPy vectors: same bits
    rng = np.random.default_rng(p)
    M = rng.normal(size=(80, p))
    M[:, : p // 2] = M[:, : p // 2] > 0.7  # indicators, as nominal values give
    A = np.corrcoef(M, rowvar=False)
    rows = A.tolist()
    d, e = _tridiagonalise(rows)
    _diagonalise(rows, d, e)
    ours_d, ours_V = symmetric_eigen(A.tolist())
    assert ours_d == d
    assert_array_equal(ours_V, rows)


def test_weka_sort_orders_ascending():
    values = [3.0, 0.0, 2.5, 0.0, 1.0, 7.0, 2.5, 0.5]
    order = _weka_sort(values)
    assert sorted(order) == list(range(len(values)))
    assert [values[i] for i in order] == sorted(values)


def test_group_pca_is_the_pca_of_the_correlation_matrix():
    rng = np.random.default_rng(0)
    block = rng.normal(size=(40, 3)) @ np.array([[1, 0.5, 0], [0, 1, 0.3], [0, 0, 1]])
    pca = GroupPCA.fit(block, np.arange(3), np.zeros(3, dtype=int), 1.0)
    standard = (block - block.mean(0)) / block.std(0, ddof=1)
    eigenvalues, axes = np.linalg.eigh(np.corrcoef(block, rowvar=False))
    expected = standard @ axes[:, ::-1]  # largest variance first
    ours = pca.transform(block)
    assert_allclose(np.abs(ours), np.abs(expected), atol=1e-10)  # up to each axis' sign
    assert_allclose(ours.var(0, ddof=1), eigenvalues[::-1], atol=1e-10)


def test_group_pca_binarises_nominal_values_and_fills_missing_ones():
    # column 0 nominal with 3 values (one missing), column 1 binary nominal, column 2 numeric
    block = np.array(
        [[0, 0, 1.0], [1, 1, 2.0], [2, 1, np.nan], [np.nan, 0, 4.0], [1, 1, 3.0], [0, 0, 5.0]]
    )
    pca = GroupPCA.fit(block, np.arange(3), np.array([3, 2, 0]), 1.0)
    assert_array_equal(pca.source, [0, 0, 0, 1, 2])  # three indicators, then one column each
    assert_array_equal(pca.value, [0, 1, 2, -1, -1])
    # the first of the modes (both columns have ties: Weka's Utils.maxIndex), the mean 15 / 5
    assert_allclose(pca.fill, [0, 0, 0, 0, 3.0])
    filled = pca.transform(np.array([[np.nan, np.nan, np.nan]]))
    assert_allclose(filled, pca.transform(np.array([[0, 0, 3.0]])))


def test_group_pca_drops_constant_columns_and_refuses_a_constant_sample():
    block = np.array([[1.0, 5.0], [2.0, 5.0], [4.0, 5.0]])
    assert GroupPCA.fit(block, np.arange(2), np.zeros(2, dtype=int), 1.0).axes.shape == (1, 1)
    assert GroupPCA.fit(block[:, 1:], np.arange(1), np.zeros(1, dtype=int), 1.0) is None
    assert GroupPCA.fit(block[:0], np.arange(2), np.zeros(2, dtype=int), 1.0) is None


def test_null_directions_are_cut_where_the_variance_is_covered():
    x = np.arange(10.0)
    block = np.column_stack([x, 2 * x + 1, np.sin(x)])  # columns 0 and 1 correlate fully
    pca = GroupPCA.fit(block, np.arange(3), np.zeros(3, dtype=int), 1.0)
    assert pca.axes.shape[1] <= 3
    assert GroupPCA.fit(block, np.arange(3), np.zeros(3, dtype=int), 0.5).axes.shape[1] == 1


# --- the ensemble --------------------------------------------------------------------


def _mixed(n=120, seed=0):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame(
        {
            "colour": pd.Categorical(rng.choice(["red", "green", "blue"], n)),
            "size": rng.normal(size=n),
            "shape": pd.Categorical(rng.choice(["round", "square"], n)),
            "weight": rng.normal(size=n),
        }
    )
    y = pd.Series(np.where((X["size"] + (X["colour"] == "red")) > 0.5, "yes", "no"))
    X.loc[rng.choice(n, 10, replace=False), "size"] = np.nan
    X.loc[rng.choice(n, 10, replace=False), "colour"] = np.nan
    return X, y


def test_nominal_and_missing_input():
    X, y = _mixed()
    rf = RotationForestClassifier(random_state=1).fit(X, y)
    proba = rf.predict_proba(X)
    assert_allclose(proba.sum(axis=1), 1.0)
    assert_array_equal(rf.classes_, ["no", "yes"])
    assert rf.score(X, y) > 0.8
    assert rf.member_predictions(X).shape == (10, len(y))
    groups = rf.feature_groups_[0]
    assert sorted(set(np.concatenate(groups))) == [0, 1, 2, 3]


def test_member_views_are_the_filtered_data_times_the_rotation():
    X, y = _mixed()
    rf = RotationForestClassifier(random_state=2).fit(X, y)
    Z = rf.encoder_.transform(X)
    for member, rotation, (m, view) in zip(rf.estimators_, rf.rotations_, rf._member_views(X)):
        assert m is member
        assert_array_equal(Z @ rotation, view)


def test_member_rotation_is_its_groups_side_by_side():
    X, y = _mixed()
    rf = RotationForestClassifier(group_size=(1, 3), random_state=3).fit(X, y)
    Z = rf.encoder_.transform(X)
    for rotation in rf.rotations_:
        parts = [pca.transform(Z) for pca in rotation.groups]
        assert_array_equal(rotation.transform(Z), np.hstack(parts))  # to the last bit


def test_same_random_state_same_model():
    X, y = _mixed()
    a = RotationForestClassifier(random_state=7).fit(X, y)
    b = RotationForestClassifier(random_state=7).fit(X, y)
    c = RotationForestClassifier(random_state=8).fit(X, y)
    assert_array_equal(a.predict_proba(X), b.predict_proba(X))
    for ga, gb in zip(a.feature_groups_, b.feature_groups_):
        assert all(np.array_equal(u, v) for u, v in zip(ga, gb))
    assert any(
        not np.array_equal(u, v)
        for ga, gc in zip(a.feature_groups_, c.feature_groups_)
        for u, v in zip(ga, gc)
    )


def test_same_result_for_any_n_jobs():
    X, y = make_classification(n_samples=60, n_features=5, random_state=0)
    a = RotationForestClassifier(DecisionTreeClassifier(), n_jobs=1, random_state=4).fit(X, y)
    b = RotationForestClassifier(DecisionTreeClassifier(), n_jobs=2, random_state=4).fit(X, y)
    assert_array_equal(a.predict_proba(X), b.predict_proba(X))


def test_randomizable_members_are_seeded_from_the_forest():
    X, y = make_classification(n_samples=60, n_features=5, random_state=0)
    rf = RotationForestClassifier(DecisionTreeClassifier(), random_state=4).fit(X, y)
    seeds = {m.random_state for m in rf.estimators_}
    assert len(seeds) == len(rf.estimators_) and None not in seeds


def test_useless_attributes_are_removed_before_grouping():
    X, y = make_classification(n_samples=80, n_features=4, random_state=0)
    X = np.column_stack([X[:, :2], np.ones(80), X[:, 2:]])  # a constant column
    rf = RotationForestClassifier(random_state=0).fit(X, y)
    assert_array_equal(rf.encoder_.kept, [0, 1, 3, 4])
    assert 2 not in np.concatenate([np.concatenate(g) for g in rf.feature_groups_])


def test_remove_useless_rules():
    nan = np.nan
    X = np.array(
        [
            [1.0, 0, nan, 0, 5.0],
            [2.0, 1, nan, 1, 5.0],
            [3.0, 2, nan, 0, nan],
            [4.0, 3, nan, 1, 5.0],
        ]
    )
    n_values = np.array([0, 4, 0, 2, 0])
    # numeric varying: kept; nominal all distinct: removed; all missing: removed;
    # nominal repeating: kept; constant apart from a missing value: removed
    assert_array_equal(_useful(X, n_values), [True, False, False, True, False])


def test_group_size_range():
    X, y = make_classification(n_samples=80, n_features=12, random_state=0)
    rf = RotationForestClassifier(group_size=(2, 4), random_state=0).fit(X, y)
    sizes = {g.size for member in rf.feature_groups_ for g in member}
    assert sizes <= {2, 3, 4} and len(sizes) > 1


def test_beats_a_single_tree_on_an_oblique_boundary():
    rng = np.random.RandomState(0)
    X = rng.uniform(-1, 1, size=(600, 6))
    y = (X[:, :3].sum(axis=1) > 0).astype(int)
    X_tr, X_te, y_tr, y_te = X[:300], X[300:], y[:300], y[300:]
    tree = DecisionTreeClassifier(random_state=0).fit(X_tr, y_tr)
    forest = RotationForestClassifier(DecisionTreeClassifier(), random_state=0).fit(X_tr, y_tr)
    assert forest.score(X_te, y_te) > tree.score(X_te, y_te) + 0.03


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"group_size": 0}, "group_size"),
        ({"group_size": (3,)}, "group_size"),
        ({"group_size": (0, 3)}, "group_size"),
        ({"group_size": "3"}, "group_size"),
        ({"sample_fraction": 0.0}, "sample_fraction"),
        ({"variance_covered": 1.5}, "variance_covered"),
        ({"n_estimators": 0}, "n_estimators"),
    ],
)
def test_bad_parameters_are_named(params, match):
    X, y = make_classification(n_samples=30, n_features=4, random_state=0)
    with pytest.raises(ValueError, match=match):
        RotationForestClassifier(**params).fit(X, y)


def test_bad_input():
    X, y = make_classification(n_samples=30, n_features=4, random_state=0)
    rf = RotationForestClassifier(random_state=0)
    with pytest.raises(ValueError, match=r"infinity|inf"):
        rf.fit(np.where(X > 1, np.inf, X), y)
    with pytest.raises(ValueError, match="requires y"):
        rf.fit(X, None)
    rf.fit(X, y)
    with pytest.raises(ValueError, match="features"):
        rf.predict(X[:, :3])
