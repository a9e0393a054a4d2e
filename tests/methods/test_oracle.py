"""RandomLinearOracle: the hyperplane, the routing, the class alignment."""

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.datasets import load_iris, make_classification
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

from ensemble_lab.learners import MixedEncoder
from ensemble_lab.methods._oracle import RandomLinearOracle


@parametrize_with_checks([RandomLinearOracle(DecisionTreeClassifier(), random_state=0)])
def test_sklearn_checks_with_tree(estimator, check):
    check(estimator)


@pytest.mark.parametrize("seed", range(5))
def test_hyperplane_is_the_perpendicular_bisector(seed):
    X, y = make_classification(n_samples=120, n_features=5, random_state=seed)
    X[:, 0] *= 100.0  # scaling must matter: the plane lives in the min-max space
    oracle = RandomLinearOracle(DecisionTreeClassifier(), random_state=seed).fit(X, y)
    a, b = oracle.hyperplane_points_
    assert a != b
    Z = (X - X.min(axis=0)) / (X.max(axis=0) - X.min(axis=0))  # independent min-max
    w, c = oracle.hyperplane_normal_, oracle.hyperplane_offset_
    assert_allclose(w, Z[b] - Z[a], atol=1e-12)
    dist_a = (Z[a] @ w - c) / np.linalg.norm(w)
    dist_b = (Z[b] @ w - c) / np.linalg.norm(w)
    assert_allclose(dist_a, -dist_b, atol=1e-12)
    assert dist_b > 0
    # the midpoint lies on the plane
    assert_allclose((Z[a] + Z[b]) / 2 @ w, c, atol=1e-12)


def test_numeric_space_equals_the_mixed_encoder():
    rng = np.random.RandomState(0)
    X = rng.normal(size=(50, 4)) * [1, 10, 100, 0]
    X[::5, 1] = np.nan
    X[:, 3] = np.nan  # an all-missing column
    oracle = RandomLinearOracle(DecisionTreeClassifier(), random_state=0)
    oracle.fit(X, np.arange(50) % 2)
    X_new = rng.normal(size=(20, 4)) * 50
    X_new[::3, 0] = np.nan
    expected = MixedEncoder(scale="minmax").fit(X).transform(X_new)
    assert_allclose(oracle._encode(X_new), expected, atol=1e-12)


def test_routing_matches_a_loop_reference():
    X, y = load_iris(return_X_y=True)
    labels = np.array(["setosa", "versicolor", "virginica"])[y]
    oracle = RandomLinearOracle(DecisionTreeClassifier(max_depth=2), random_state=3)
    oracle.fit(X, labels)
    rng = np.random.RandomState(0)
    X_test = X + rng.normal(scale=0.3, size=X.shape)
    lo, hi = X.min(axis=0), X.max(axis=0)
    w, c = oracle.hyperplane_normal_, oracle.hyperplane_offset_
    expected_label, expected_proba = [], []
    for x in X_test:
        z = (x - lo) / (hi - lo)
        clf = oracle.classifiers_[int(z @ w > c)]
        expected_label.append(clf.predict(x[None, :])[0])
        p = dict(zip(clf.classes_, clf.predict_proba(x[None, :])[0]))
        expected_proba.append([p.get(k, 0.0) for k in oracle.classes_])
    assert_array_equal(oracle.predict(X_test), expected_label)
    assert_allclose(oracle.predict_proba(X_test), expected_proba)


def test_proba_aligned_when_a_side_misses_classes():
    # Class 2 lives only far right; any plane between the two drawn points leaves the
    # left-most region without it. Pin the plane by a data set of two far clusters.
    rng = np.random.RandomState(0)
    left = rng.normal(loc=-10, size=(40, 2))
    right = rng.normal(loc=10, size=(60, 2))
    X = np.vstack([left, right])
    y = np.r_[np.tile([0, 1], 20), np.repeat([0, 1, 2], 20)]
    for seed in range(20):
        oracle = RandomLinearOracle(DecisionTreeClassifier(), random_state=seed).fit(X, y)
        side = oracle.decide_side(X)
        if side[:40].all() != side[:40].any() or side[:40][0] == side[40:].any():
            continue  # the plane did not fall between the clusters; try another seed
        proba = oracle.predict_proba(left)
        assert proba.shape == (40, 3)
        assert_allclose(proba[:, 2], 0.0)
        assert_allclose(proba.sum(axis=1), 1.0)
        return
    pytest.fail("no seed drew a plane between the two clusters")


def test_a_side_with_one_class_predicts_it():
    X = np.array([[0.0], [0.1], [0.2], [10.0], [10.1], [10.2]])
    y = np.array(["a", "a", "a", "b", "c", "b"])
    # KNN cannot learn from one class alone; the oracle must not ask it to.
    for seed in range(10):
        oracle = RandomLinearOracle(KNeighborsClassifier(n_neighbors=1), random_state=seed)
        oracle.fit(X, y)
        side = oracle.decide_side(X)
        if side[:3].all() != side[:3].any() or side[3:].all() != side[3:].any():
            continue
        assert_array_equal(oracle.predict([[0.05]]), ["a"])
        assert_allclose(oracle.predict_proba([[0.05]]), [[1.0, 0.0, 0.0]])
        return
    pytest.fail("no seed split the two groups")


def test_sample_weight_equals_repeated_rows():
    X, y = make_classification(n_samples=60, n_features=4, random_state=1)
    w = np.random.RandomState(2).randint(0, 3, size=60)
    base = DecisionTreeClassifier(random_state=0)
    weighted = RandomLinearOracle(base, random_state=7).fit(X, y, sample_weight=w)
    X_rep, y_rep = np.repeat(X, w, axis=0), np.repeat(y, w)
    repeated = RandomLinearOracle(base, random_state=7).fit(X_rep, y_rep)
    assert_allclose(weighted.hyperplane_normal_, repeated.hyperplane_normal_)
    assert_allclose(weighted.predict_proba(X), repeated.predict_proba(X))


def test_duplicated_points_still_give_a_proper_plane():
    X = np.array([[1.0, 1.0]] * 50 + [[2.0, 3.0]])
    y = np.array([0] * 25 + [1] * 25 + [1])
    for seed in range(10):
        oracle = RandomLinearOracle(DecisionTreeClassifier(), random_state=seed).fit(X, y)
        assert np.linalg.norm(oracle.hyperplane_normal_) > 0
        assert oracle.decide_side(X).sum() in (1, 50)


def test_identical_points_fall_back_to_one_classifier():
    X = np.ones((10, 3))
    y = np.array([0, 1] * 5)
    oracle = RandomLinearOracle(DecisionTreeClassifier(), random_state=0).fit(X, y)
    assert_allclose(oracle.hyperplane_normal_, 0.0)
    assert oracle.classifiers_[0] is oracle.classifiers_[1]
    assert oracle.predict(X).shape == (10,)


def test_mixed_frame_with_nan_reaches_the_sides_untouched():
    rng = np.random.RandomState(0)
    n = 80
    X = pd.DataFrame(
        {
            "colour": pd.Categorical(rng.choice(["red", "green", "blue"], n)),
            "size": rng.normal(size=n),
        }
    )
    X.loc[::7, "size"] = np.nan
    X.loc[::11, "colour"] = np.nan
    y = np.where(X["colour"] == "red", "yes", "no")
    base = make_pipeline(MixedEncoder(scale="none"), DecisionTreeClassifier(random_state=0))
    oracle = RandomLinearOracle(base, random_state=0).fit(X, y)
    assert oracle.encoder_.n_features_out_ == 4  # 3 one-hot colours + size
    for clf in oracle.classifiers_:
        if hasattr(clf, "feature_names_in_"):
            assert_array_equal(clf.feature_names_in_, ["colour", "size"])
    assert set(oracle.predict(X)) <= {"yes", "no"}


def test_unweighted_learner_gets_integer_weights_as_repeated_rows():
    X, y = make_classification(n_samples=30, random_state=0)
    w = np.random.RandomState(0).randint(0, 3, size=30)
    oracle = RandomLinearOracle(KNeighborsClassifier(n_neighbors=3), random_state=0)
    oracle.fit(X, y, sample_weight=w)
    side = oracle.decide_side(X)
    for clf, rows in zip(oracle.classifiers_, (~side, side)):
        if hasattr(clf, "n_samples_fit_"):
            assert clf.n_samples_fit_ == w[rows].sum()
    with pytest.raises(ValueError, match="does not accept"):
        oracle.fit(X, y, sample_weight=np.full(30, 0.5))


def test_encoded_space_scores_are_the_one_hot_dot_product():
    # The encoded oracle never builds the one-hot matrix of all rows; its side scores must
    # equal transform(X) @ normal computed the plain way.
    from ensemble_lab.methods._oracle import _EncodedSpace, _Layout

    rng = np.random.RandomState(0)
    n_values = np.array([0, 3, 0, 4, 2])
    X = np.column_stack(
        [
            rng.normal(size=60),
            rng.randint(3, size=60),
            rng.normal(size=60),
            rng.randint(4, size=60),
            rng.randint(2, size=60),
        ]
    ).astype(float)
    X[rng.rand(*X.shape) < 0.15] = np.nan
    X[:, 4] = np.nan  # a nominal column with no value at all: no mode, no one-hot entry
    space, _, _ = _EncodedSpace.fit(_Layout.of(n_values), X, np.arange(60), np.ones(60))
    normal = rng.normal(size=space.n_dims)
    Z = space.transform(X)
    assert Z.shape == (60, 2 + 3 + 4 + 2)
    np.testing.assert_allclose(space.scores(X, normal), Z @ normal, rtol=1e-12)
    # Equal imputed rows are exactly the equal points of the space.
    E = space.imputed(X)
    same_e = (E[:, None, :] == E[None, :, :]).all(axis=2)
    same_z = (Z[:, None, :] == Z[None, :, :]).all(axis=2)
    np.testing.assert_array_equal(same_e, same_z)


def test_compiled_space_and_split_match_a_plain_numpy_computation():
    # The member's space comes from its rows of positive weight, repeats counted; its
    # sides are the rows of positive weight whose one-hot point lies above the plane.
    from ensemble_lab.methods import _oracle_core
    from ensemble_lab.methods._oracle import _EncodedSpace, _Layout

    rng = np.random.RandomState(1)
    n_values = np.array([3, 0, 0, 4])
    X = np.column_stack(
        [rng.randint(3, size=80), rng.normal(size=80), rng.randint(5, size=80) * 1.0,
         rng.randint(4, size=80)]
    ).astype(float)  # fmt: skip
    X[rng.rand(*X.shape) < 0.1] = np.nan
    rows = np.sort(rng.randint(80, size=80))
    weight = rng.randint(0, 3, size=80).astype(float)
    space, cumulative, scaled = _EncodedSpace.fit(_Layout.of(n_values), X, rows, weight)
    kept = X[rows][weight[rows] > 0]
    num = kept[:, [1, 2]]
    np.testing.assert_allclose(space.fill, np.nanmean(num, axis=0), rtol=1e-14)
    np.testing.assert_array_equal(space.lo, np.nanmin(num, axis=0))
    np.testing.assert_array_equal(space.span, np.nanmax(num, axis=0) - np.nanmin(num, axis=0))
    for k, col in enumerate([0, 3]):
        values = kept[:, col][~np.isnan(kept[:, col])].astype(int)
        assert space.modes[k] == np.argmax(np.bincount(values))
    np.testing.assert_array_equal(cumulative, np.cumsum(weight[rows]))
    np.testing.assert_array_equal(scaled, space._scaled(X[rows]))
    normal = rng.choice([-1.0, 0.0, 1.0], size=space.n_dims)
    normal[:2] = rng.normal(size=2)
    offset = 0.3
    negative, positive = _oracle_core.split(
        X, rows, weight, scaled @ normal[:2], normal[2:], space.nominal, space.offsets,
        space.modes, offset,
    )  # fmt: skip
    Z = space.transform(X[rows])
    np.testing.assert_array_equal(
        _oracle_core.points(X, rows, scaled, 5, 70, space.nominal, space.offsets, space.modes,
                            space.n_dims),
        Z[[5, 70]],
    )  # fmt: skip
    above = Z @ normal > offset
    carried = weight[rows] > 0
    np.testing.assert_array_equal(positive, rows[above & carried])
    np.testing.assert_array_equal(negative, rows[~above & carried])


def test_uniform_draw_ignores_the_weights_sizes_but_not_their_zeros():
    X, y = make_classification(n_samples=60, n_features=4, random_state=1)
    w = np.random.RandomState(2).uniform(0.0, 3.0, size=60)
    w[:20] = 0.0
    base = DecisionTreeClassifier(random_state=0)

    def points(w, draw, seed):
        oracle = RandomLinearOracle(base, point_draw=draw, random_state=seed)
        return oracle.fit(X, y, sample_weight=w).hyperplane_points_

    uniform = [points(w, "uniform", s) for s in range(20)]
    assert uniform == [points((w > 0) * 1.0, "weight", s) for s in range(20)]
    assert min(min(p) for p in uniform) >= 20  # never a row of weight zero
    assert uniform != [points(w, "weight", s) for s in range(20)]  # the default differs


def test_unit_weights_draw_the_same_points_either_way():
    X, y = make_classification(n_samples=60, n_features=4, random_state=1)
    for seed in range(5):
        a = RandomLinearOracle(DecisionTreeClassifier(random_state=0), random_state=seed)
        b = RandomLinearOracle(
            DecisionTreeClassifier(random_state=0), point_draw="uniform", random_state=seed
        )
        assert_allclose(a.fit(X, y).predict_proba(X), b.fit(X, y).predict_proba(X))
