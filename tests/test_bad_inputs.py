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
