"""The inputs of the issue "Nothing silent, nothing lost": each a clear error or a right answer.

Every registered estimator (the 64 names of :func:`ensemble_lab.methods.names` and the 8
learner presets) gets the issue's reproductions: ``X`` is 60 rows of three normal
features, ``y`` is ``"a"`` where the first is positive and ``"b"`` elsewhere.
"""

import warnings

import numpy as np
import pandas as pd
import pytest

from ensemble_lab.learners import learner_names, make_learner
from ensemble_lab.methods import make, names

X = np.random.RandomState(0).normal(size=(60, 3))
Y = np.where(X[:, 0] > 0, "a", "b")

ESTIMATORS = [*names(), *(f"preset:{name}" for name in learner_names())]


def build(name: str):
    """The estimator of a registered name, or of a learner preset (``preset:j48``)."""
    if name.startswith("preset:"):
        return make_learner(name.removeprefix("preset:"))
    return make(name, random_state=0)


@pytest.mark.parametrize("name", ESTIMATORS)
def test_date_columns_are_refused_by_name(name):
    dates = pd.DataFrame({"d": pd.date_range("2001", periods=60), "f": X[:, 0]})
    with pytest.raises(TypeError, match=r"column 'd' holds dates .*convert it to numbers"):
        build(name).fit(dates, Y)


@pytest.mark.parametrize(
    ("column", "kind"),
    [
        (pd.timedelta_range("1D", periods=60), "durations"),
        (pd.period_range("2001-01", periods=60, freq="M"), "periods"),
        (pd.date_range("2001", periods=60, tz="UTC"), "dates"),
        (X[:, 1] + 1j, "complex numbers"),
    ],
)
def test_other_time_columns_are_refused(column, kind):
    frame = pd.DataFrame({"f": X[:, 0], "t": column, "n": pd.Categorical(Y)})
    with pytest.raises(TypeError, match=rf"column 't' holds {kind}"):
        make_learner("j48").fit(frame, Y)


def test_date_arrays_and_dates_at_prediction_are_refused():
    with pytest.raises(TypeError, match="X holds dates"):
        make_learner("nb").fit(np.arange(60).astype("datetime64[D]").reshape(-1, 1), Y)
    fitted = make_learner("j48").fit(pd.DataFrame({"d": pd.Categorical(Y), "f": X[:, 0]}), Y)
    with pytest.raises(TypeError, match="column 'd' holds dates"):
        fitted.predict(pd.DataFrame({"d": pd.date_range("2001", periods=60), "f": X[:, 0]}))


def test_sparse_columns_give_the_dense_model():
    sparse = np.where(np.abs(X) > 0.5, X, 0.0)
    dense = pd.DataFrame(sparse, columns=["a", "b", "c"])
    as_sparse = dense.astype(pd.SparseDtype(np.float64, 0.0))
    for preset in ("j48", "nb", "smo"):
        expected = make_learner(preset).fit(dense, Y).predict(dense)
        np.testing.assert_array_equal(
            make_learner(preset).fit(as_sparse, Y).predict(as_sparse), expected
        )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mixed = as_sparse.assign(n=pd.Categorical(Y))
        make_learner("j48").fit(mixed, Y).predict(mixed)


@pytest.mark.parametrize("name", ESTIMATORS)
def test_labels_of_two_types_are_refused(name):
    with pytest.raises(TypeError, match="y mixes labels of the types int, str"):
        build(name).fit(X, np.array(["a", 1] * 30, dtype=object))


@pytest.mark.parametrize("name", ESTIMATORS)
def test_missing_labels_are_refused_with_their_row(name):
    with pytest.raises(ValueError, match=r"y holds a missing label \(None at row 1, 30 in all\)"):
        build(name).fit(X, np.array(["a", None] * 30, dtype=object))


@pytest.mark.parametrize(
    "labels",
    [
        pd.Series(pd.Categorical(["a", 1] * 30)),
        pd.Series(pd.Categorical(["a", None] * 30)),
        np.array(["a", np.nan] * 30, dtype=object),
    ],
    ids=["categorical of two types", "categorical with NaN", "object with NaN"],
)
@pytest.mark.parametrize("name", ["preset:j48", "preset:smo", "preset:qda", "N-P-Bagging"])
def test_bad_labels_in_other_forms(name, labels):
    with pytest.raises((TypeError, ValueError), match=r"y (mixes labels|holds a missing label)"):
        build(name).fit(X, labels)


@pytest.mark.parametrize("name", ESTIMATORS)
def test_prediction_before_fit_is_not_fitted_error(name):
    from sklearn.exceptions import NotFittedError

    estimator = build(name)
    with pytest.raises(NotFittedError):
        estimator.predict(X)
    if hasattr(estimator, "predict_proba"):
        with pytest.raises(NotFittedError):
            estimator.predict_proba(X)


def test_qda_on_constant_features_gives_a_distribution():
    qda = make_learner("qda").fit(np.tile([[0.1, 0.2, 0.3]], (60, 1)), ["a", "b"] * 30)
    np.testing.assert_allclose(qda.predict_proba([[0.2, 0.2, 0.3]]), [[0.5, 0.5]])
    np.testing.assert_allclose(qda.predict_log_proba([[0.2, 0.2, 0.3]]), np.log([[0.5, 0.5]]))


def test_mlp_on_one_class_has_one_probability_column():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the network does not converge on one class
        mlp = make_learner("mlp", random_state=0).fit(X, ["a"] * 60)
    assert mlp.classes_.tolist() == ["a"]
    np.testing.assert_array_equal(mlp.predict_proba(X[:4]), np.ones((4, 1)))
    np.testing.assert_array_equal(mlp.predict_log_proba(X[:4]), np.zeros((4, 1)))
    assert mlp.predict(X[:4]).tolist() == ["a"] * 4


@pytest.mark.parametrize("name", ["preset:qda", "QDA", "Aggressive", "preset:nb"])
def test_values_whose_variance_overflows_are_refused(name):
    with pytest.raises(ValueError, match=r"overflows? float64 .*rescale X"):
        build(name).fit(X * 1e300, Y)


def test_qda_refuses_points_too_far_to_compare():
    qda = make_learner("qda").fit(X, Y)
    with pytest.raises(ValueError, match="X row 0 is so far from every class"):
        qda.predict_proba(X * 1e300)


def test_qda_refuses_many_features_with_the_time_it_would_take():
    from ensemble_lab.learners import RegularizedQDA
    from ensemble_lab.learners._qda import MAX_FEATURES

    wide = np.random.RandomState(0).normal(size=(6, 10_000))
    expected = r"10,000 features; .* about 4,800 s .* 4\.8 GB for 2 classes"
    with pytest.raises(ValueError, match=expected):
        RegularizedQDA().fit(wide, ["a", "b"] * 3)
    with pytest.raises(ValueError, match=f"refused above {MAX_FEATURES:,} features"):
        make_learner("qda").fit(wide[:, : MAX_FEATURES + 1], ["a", "b"] * 3)


def test_weka_tree_probabilities_are_never_negative():
    # Weka's split scans subtract weights: a RandomTree leaf held -7e-17 for a class here
    X = pd.DataFrame(
        {
            "c0": [-0.58, 0.26, 0.99, -0.78, 0.15, -0.46, -1.27, -0.32],
            "c1": [1.63, -0.48, 0.40, 0.46, -0.19, 0.48, 0.47, -0.87],
            "c2": pd.Series(["red", "blue", *[None] * 5, "red"], dtype=object),
            "c3": pd.Series(
                ["blue", None, "green", "blue", "red", "red", None, None], dtype=object
            ),
        }
    )
    y = np.array(["b", "a", "a", "a", "b", "b", "b", "a"])
    weight = np.array([0.0, 0.0, 2.13, 2.56, 2.58, 1.53, 1.34, 2.52])
    forest = make("N-U-Random Forest", random_state=0, n_estimators=3)
    forest.fit(X, y, sample_weight=weight)
    tree = forest.estimators_[1]
    assert tree._weka_distribution(X).min() < 0  # Weka's own numbers, which predict reads
    for estimator in (forest, tree):
        proba = estimator.predict_proba(X)
        assert (proba >= 0).all()
        np.testing.assert_allclose(proba.sum(axis=1), 1.0)


def test_naive_bayes_on_tiny_values_gives_a_distribution():
    # the standard deviation's floor (precision / 6) squared underflows to 0 near 1e-200
    X = np.array([[1.3e-201], [-1.3e-201], [6.4e-201], [1e-201]])
    proba = make_learner("nb").fit(X, ["b", "a", "a", "b"]).predict_proba(X)
    assert np.isfinite(proba).all()
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)


def test_projections_refuse_values_whose_scatter_overflows():
    X = pd.DataFrame({"c0": [False, True, True], "c1": [1e199, -5.4e199, 3.6e199]})
    with pytest.raises(ValueError, match="scatter matrices of the projection overflow float64"):
        make("PB-NDA", random_state=0).fit(X, ["a", "c", "b"])


@pytest.mark.parametrize("preset", ["qda", "mlp", "rbf-svm"])
def test_nominal_columns_without_values_leave_no_column_and_say_so(preset):
    X = pd.DataFrame({"t": pd.Series([None] * 6, dtype=object)})
    with pytest.raises(ValueError, match=r"no column to learn from: X's columns \['t'\]"):
        make_learner(preset).fit(X, ["a", "b"] * 3)


@pytest.mark.parametrize("name", ["preset:j48", "preset:nb", "N-P-Bagging"])
def test_one_dimensional_text_is_a_shape_error(name):
    # scikit-learn read the text as numbers first: "could not convert string to float"
    with pytest.raises(ValueError, match="Expected 2D array, got 1D array instead"):
        build(name).fit(np.array(["red", "blue"] * 30, dtype=object), Y)
