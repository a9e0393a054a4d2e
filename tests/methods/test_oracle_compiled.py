"""The compiled oracle member gives what the per-member Python code gave, bit for bit.

``RandomLinearOracle._fit_encoded`` draws, splits and routes in ``_oracle_core``
(``draw_member``, ``distribution``). The reference here is the Python code it replaced,
kept as it was: the space from ``_EncodedSpace.fit``, the two draws of
``RandomState.uniform``, ``bisector``, the split of ``_oracle_core.split``, one learner per
side; prediction by ``_routed_distribution``, which routes ``TestData`` rows side by
side. Every member that the hosts of Table III fit on data sets with nominal attributes
and missing values is checked against it.
"""

import numpy as np
import pandas as pd
import pytest
from sklearn.base import clone

from ensemble_lab.datasets import load
from ensemble_lab.encoding import TestData as EncodedRows
from ensemble_lab.encoding import encode_training, fit_member
from ensemble_lab.learners import make_learner, resolve_estimator
from ensemble_lab.methods import _oracle_core as core
from ensemble_lab.methods import make, names
from ensemble_lab.methods._oracle import (
    RandomLinearOracle,
    _Constant,
    _EncodedSpace,
    _Layout,
    bisector,
)
from ensemble_lab.utils._rng import seeded_random_state
from ensemble_lab.utils._seeding import seed_random_states

HOSTS = [name for name in names() if name.startswith("H-")]


def _reference_side(base, data, rows, weight, rng):
    classes = data.y[rows]
    if classes.size and (classes == classes[0]).all():
        return ("constant", int(classes[0]))
    return fit_member(seed_random_states(clone(base), rng), data, rows, weight)


def _reference_fit(oracle, data, rows=None, weight=None):
    """The per-member Python code of the oracle before it was compiled."""
    base = resolve_estimator(oracle.estimator)
    rows = np.arange(data.n_samples) if rows is None else np.asarray(rows, dtype=np.intp)
    weight = data.weight if weight is None else np.asarray(weight, dtype=float)
    layout = _Layout.of(data.n_values)
    space, cumulative, scaled = _EncodedSpace.fit(layout, data.X, rows, weight)
    with seeded_random_state(oracle.random_state) as rng:
        a = core.pick(cumulative, rng.uniform(0.0, cumulative[-1]))
        others = core.others(data.X, rows, weight, space._fill_all, a)
        b = core.pick(others, rng.uniform(0.0, others[-1])) if others[-1] > 0 else a
        out = {"points": (int(rows[a]), int(rows[b])), "space": space}
        if b == a:
            side = _reference_side(base, data, rows[weight[rows] > 0], weight, rng)
            return {**out, "normal": np.zeros(space.n_dims), "offset": 0.0, "sides": [side]}
        z_a, z_b = core.points(
            data.X, rows, scaled, a, b, space.nominal, space.offsets, space.modes, space.n_dims
        )
        normal, offset = bisector(z_a, z_b)
        n = space.numeric.size
        scores = scaled @ normal[:n] if n else None
        sides = core.split(
            data.X, rows, weight, scores, normal[n:], space.nominal, space.offsets,
            space.modes, offset,
        )  # fmt: skip
        if not sides[1].size:
            sides = sides[:1]
        fitted = [_reference_side(base, data, side, weight, rng) for side in sides]
        return {**out, "normal": normal, "offset": offset, "sides": fitted}


def _same_classifier(mine, reference):
    if isinstance(reference, tuple):
        assert isinstance(mine, _Constant)
        assert mine.distribution[reference[1]] == 1.0
        return
    assert type(mine) is type(reference)
    if hasattr(reference, "tree_"):
        assert mine.tree_.keys() == reference.tree_.keys()
        for key, value in reference.tree_.items():
            np.testing.assert_array_equal(mine.tree_[key], value, err_msg=key)


def _assert_same(oracle, reference):
    assert oracle.hyperplane_points_ == reference["points"]
    np.testing.assert_array_equal(oracle.hyperplane_normal_, reference["normal"])
    assert oracle.hyperplane_offset_ == reference["offset"]
    for name in ("fill", "lo", "span", "modes"):
        np.testing.assert_array_equal(
            getattr(oracle.encoded_space_, name), getattr(reference["space"], name)
        )
    sides = reference["sides"]
    if len(sides) == 1:
        assert oracle.classifiers_[0] is oracle.classifiers_[1]
    for mine, theirs in zip(oracle.classifiers_, sides):
        _same_classifier(mine, theirs)


@pytest.fixture
def checked(monkeypatch):
    """Every encoded oracle fit and prediction, compared with the reference; the counts."""
    counts = {"fit": 0, "predict": 0}
    fit, distribution = RandomLinearOracle._fit_encoded, RandomLinearOracle._encoded_distribution

    def checking_fit(self, data, rows=None, weight=None):
        reference = _reference_fit(clone(self), data, rows, weight)
        fit(self, data, rows, weight)
        _assert_same(self, reference)
        counts["fit"] += 1
        return self

    def checking_distribution(self, test):
        out = distribution(self, test)
        np.testing.assert_array_equal(out, self._routed_distribution(test))
        counts["predict"] += 1
        return out

    monkeypatch.setattr(RandomLinearOracle, "_fit_encoded", checking_fit)
    monkeypatch.setattr(RandomLinearOracle, "_encoded_distribution", checking_distribution)
    return counts


def _halves(name):
    X, y = load(name)
    rng = np.random.RandomState(0)
    test = rng.rand(len(y)) < 0.3
    return X[~test], y[~test], X[test]


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("dataset", ["labor", "hepatitis", "vote"])
def test_every_host_member_equals_the_python_reference(checked, host, dataset):
    # labor and hepatitis: numeric and nominal attributes with missing values; vote:
    # nominal only, missing values (no BLAS product at all).
    X, y, X_test = _halves(dataset)
    model = make(host, random_state=3).fit(X, y)
    model.predict(X_test)
    if hasattr(model, "predict_proba"):
        model.predict_proba(X_test)
    assert checked["fit"] >= 1
    assert checked["predict"] >= 1


def test_weighted_bagging_routes_weights_as_the_reference(checked):
    X, y, X_test = _halves("colic")
    weight = np.random.RandomState(1).choice([0.0, 0.5, 1.0, 3.0], size=len(y))
    model = make("H-P-Bagging", random_state=2).fit(X, y, sample_weight=weight)
    model.predict_proba(X_test)
    assert checked["fit"] == 10


def test_a_side_of_one_class_is_a_constant_as_in_the_reference(checked):
    # Two well separated classes: most hyperplanes leave one class alone on a side.
    rng = np.random.RandomState(0)
    X = np.vstack([rng.normal(-5, 1, size=(40, 2)), rng.normal(5, 1, size=(40, 2))])
    y = np.repeat(["a", "b"], 40)
    model = make("H-P-Bagging", random_state=0).fit(X, y)
    constants = [c for m in model.estimators_ for c in m.classifiers_ if isinstance(c, _Constant)]
    assert constants
    np.testing.assert_array_equal(model.predict(X), y)


def test_identical_points_through_the_encoded_path(checked):
    X = pd.DataFrame({"a": [1.0] * 6, "b": pd.Categorical(["x"] * 6, categories=["x", "y"])})
    y = np.array([0, 1, 0, 1, 0, 1])
    data = encode_training(make_learner("j48"), X, y)
    oracle = RandomLinearOracle("j48", random_state=0)._fit_encoded(data)
    assert oracle.hyperplane_points_[0] == oracle.hyperplane_points_[1]
    assert oracle.classifiers_[0] is oracle.classifiers_[1]
    oracle._encoded_distribution(EncodedRows(data.X, X))


def test_any_other_learner_is_routed_side_by_side(checked):
    X, y, X_test = _halves("hepatitis")
    model = make("H-P-Bagging", base="nb", random_state=1).fit(X, y)
    model.predict_proba(X_test)
    assert checked["predict"] == 10


@pytest.mark.parametrize("host", ["H-P-Bagging", "H-U-Random Forest", "H-P-Rotation Forest"])
def test_results_do_not_depend_on_n_jobs(host):
    X, y, X_test = _halves("colic")
    one = make(host, random_state=5, n_jobs=1).fit(X, y)
    two = make(host, random_state=5, n_jobs=2).fit(X, y)
    for a, b in zip(one.estimators_, two.estimators_):
        np.testing.assert_array_equal(a.hyperplane_normal_, b.hyperplane_normal_)
        assert a.hyperplane_offset_ == b.hyperplane_offset_
    np.testing.assert_array_equal(one.predict_proba(X_test), two.predict_proba(X_test))


def test_draws_are_those_of_randomstate_uniform():
    # draw_member reads the generator's bit generator; the stream afterwards is where
    # two RandomState.uniform calls leave it.
    X = np.arange(40, dtype=float).reshape(20, 2)
    rows, weight = np.arange(20), np.linspace(0.5, 2.0, 20)
    mine, theirs = np.random.RandomState(9), np.random.RandomState(9)
    layout = _Layout.of(np.zeros(2, dtype=np.int32))
    y = np.zeros(20, dtype=np.intc)
    a, b = core.draw_member(X, rows, weight, y, layout.packed, mine._bit_generator)[4:6]
    cumulative = np.cumsum(weight)
    assert a == np.searchsorted(cumulative, theirs.uniform(0.0, cumulative[-1]), side="right")
    others = np.cumsum(np.where(np.arange(20) == a, 0.0, weight))
    assert b == np.searchsorted(others, theirs.uniform(0.0, others[-1]), side="right")
    assert mine.randint(1 << 30) == theirs.randint(1 << 30)
