"""The ensembles' shared base and member helpers: one base learner, one seeding module,
one weighted fit."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import numpy as np
import pytest
from numpy.testing import assert_array_equal
from sklearn.datasets import make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

import ensemble_lab.methods as methods
from ensemble_lab._members import ConstantClassifier, fit_weighted, weighted_bootstrap
from ensemble_lab.learners import C45TreeClassifier, make_learner
from ensemble_lab.methods._ensemble import BaseLearnerMixin, Ensemble, WekaEnsemble
from ensemble_lab.utils._seeding import (
    MAX_SEED,
    draw_seed,
    draw_seeds,
    java_seed,
    seed_random_states,
    sklearn_seed,
    takes_seed,
)

X, y = make_classification(n_samples=80, n_features=4, random_state=0)
METHODS_DIR = Path(methods.__file__).parent


# --------------------------------------------------------------------------- seeding
def test_every_random_state_nested_ones_too_gets_the_seed():
    pipe = make_pipeline(StandardScaler(), DecisionTreeClassifier())
    bagged = methods.WekaBaggingClassifier(pipe)
    seed_random_states(bagged, 7)
    assert bagged.random_state == 7
    assert bagged.estimator.steps[-1][1].random_state == 7


def test_a_generator_is_drawn_only_for_a_learner_that_takes_a_seed():
    rng, untouched = np.random.RandomState(3), np.random.RandomState(3)
    seed_random_states(C45TreeClassifier(), rng)  # J48 has no randomness
    assert rng.randint(1000) == untouched.randint(1000)
    tree = seed_random_states(DecisionTreeClassifier(), np.random.RandomState(3))
    assert tree.random_state == np.random.RandomState(3).randint(np.iinfo(np.int32).max)


def test_takes_seed_is_wekas_randomizable_the_learner_itself():
    assert takes_seed(DecisionTreeClassifier())
    assert not takes_seed(C45TreeClassifier())
    # a Pipeline has no random_state of its own, whatever its steps have
    assert not takes_seed(make_pipeline(StandardScaler(), DecisionTreeClassifier()))


# --------------------------------------------------------------------------- weighted fit
def test_pass_hands_the_weights_to_a_pipelines_last_step():
    w = np.linspace(0.1, 3.0, y.size)
    pipe = make_pipeline(StandardScaler(), LogisticRegression())
    fitted = fit_weighted(pipe, X, y, w, policy="pass")
    direct = LogisticRegression().fit(StandardScaler().fit_transform(X), y, sample_weight=w)
    np.testing.assert_allclose(fitted[-1].coef_, direct.coef_, rtol=1e-6)


def test_pass_refuses_a_learner_without_weights():
    with pytest.raises(ValueError, match="KNeighborsClassifier does not accept sample_weight"):
        fit_weighted(KNeighborsClassifier(), X, y, np.ones(y.size), policy="pass")


def test_repeat_is_the_learner_fitted_on_the_repeated_rows():
    counts = np.arange(y.size) % 3  # 0, 1 or 2 copies of each row
    knn = fit_weighted(KNeighborsClassifier(1), X, y, counts, policy="repeat")
    rows = np.repeat(np.arange(y.size), counts)
    assert knn.n_samples_fit_ == rows.size
    assert_array_equal(knn._fit_X, X[rows])


def test_repeat_refuses_fractional_weights():
    with pytest.raises(ValueError, match="only integer weights"):
        fit_weighted(KNeighborsClassifier(), X, y, np.full(y.size, 0.5), policy="repeat")


def test_resample_draws_a_weighted_bootstrap_from_the_generator():
    w = np.where(np.arange(y.size) < 40, 1.0, 0.0)
    knn = fit_weighted(
        KNeighborsClassifier(1), X, y, w, policy="resample", rng=np.random.default_rng(5)
    )
    rows = weighted_bootstrap(w, np.random.default_rng(5))
    assert_array_equal(knn._fit_X, X[rows])
    assert rows.max() < 40  # rows of weight zero are never drawn
    with pytest.raises(ValueError, match="needs a generator"):
        fit_weighted(KNeighborsClassifier(), X, y, w, policy="resample")


def test_weighted_bootstrap_draws_in_proportion_to_the_weights():
    w = np.array([1.0, 2.0, 7.0])
    draws = np.concatenate([weighted_bootstrap(w, np.random.default_rng(s)) for s in range(3000)])
    shares = np.bincount(draws, minlength=3) / draws.size
    np.testing.assert_allclose(shares, w / w.sum(), atol=0.01)


def test_an_unknown_policy_is_named():
    with pytest.raises(ValueError, match="policy must be"):
        fit_weighted(KNeighborsClassifier(), X, y, np.ones(y.size), policy="share")


# --------------------------------------------------------------------------- one base
ENSEMBLES = [
    methods.WekaBaggingClassifier,
    methods.RandomSubspaceClassifier,
    methods.RotationForestClassifier,
    methods.DecorateClassifier,
    methods.BoostingClassifier,
    methods.MultiBoostClassifier,
    methods.WekaAdaBoostM1,
    methods.WekaMultiBoostAB,
    methods.ProjectionBoostingClassifier,
    methods.ELRCClassifier,
    methods.TriskelClassifier,
]


@pytest.mark.parametrize("cls", ENSEMBLES, ids=lambda c: c.__name__)
def test_every_ensemble_stands_on_the_shared_base(cls):
    assert issubclass(cls, Ensemble)


def test_the_weka_style_ensembles_share_the_weka_combination():
    for cls in (
        methods.WekaBaggingClassifier,
        methods.RandomSubspaceClassifier,
        methods.RotationForestClassifier,
        methods.DecorateClassifier,
    ):
        assert issubclass(cls, WekaEnsemble)


def test_every_public_ensemble_of_the_package_is_listed():
    """A new ensemble (a class with members) is checked above too."""
    public = {
        obj
        for obj in vars(methods).values()
        if inspect.isclass(obj) and hasattr(obj, "member_predictions")
    }
    assert public <= set(ENSEMBLES)


def _hand_seeding(path: Path) -> list[int]:
    """Lines where ``path`` seeds an estimator by hand.

    ``set_params(random_state=...)``, or a parameter name compared with (or ending in)
    ``"random_state"`` — the search for the random states to set.
    """
    lines = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "set_params" and any(
                k.arg == "random_state" for k in node.keywords
            ):
                lines.append(node.lineno)
            if node.func.attr == "endswith" and "random_state" in ast.unparse(node):
                lines.append(node.lineno)
        if isinstance(node, ast.Compare) and "'random_state'" in ast.unparse(node):
            lines.append(node.lineno)
    return lines


def _outside_seeding(finder) -> dict[str, list[int]]:
    """``finder``'s lines in every module of the package but ``utils/_seeding.py``."""
    package = METHODS_DIR.parent
    return {
        str(path.relative_to(package)): found
        for path in sorted(package.rglob("*.py"))
        if path.name != "_seeding.py"
        for found in [finder(path)]
        if found
    }


def test_members_are_seeded_in_one_place():
    """Only ``utils._seeding.seed_random_states`` sets random states of estimators."""
    assert _outside_seeding(_hand_seeding) == {}


@pytest.mark.parametrize(
    "name", ["H-U-Random Forest", "H-P-Rotation Forest", "N-U-Random Forest", "H-P-Decorate"]
)
def test_seeding_a_package_estimator_sets_what_set_params_sets(name):
    from sklearn.base import clone

    from ensemble_lab.methods import make

    est = make(name)
    ours, theirs = clone(est), clone(est)
    seed_random_states(ours, 77)
    keys = [k for k in theirs.get_params(deep=True) if k.split("__")[-1] == "random_state"]
    theirs.set_params(**dict.fromkeys(keys, 77))
    assert keys
    mine = ours.get_params(deep=True)
    assert all(mine[k] == 77 for k in keys)
    flat = {k: v for k, v in mine.items() if not hasattr(v, "get_params")}
    assert flat == {k: v for k, v in theirs.get_params(deep=True).items() if k in flat}


# --------------------------------------------------------------------------- seed streams
def test_each_seed_source_keeps_the_numpy_call_it_was_drawn_with():
    assert MAX_SEED == 2**31 - 1
    assert draw_seed(np.random.RandomState(4)) == np.random.RandomState(4).randint(MAX_SEED)
    assert draw_seed(np.random.default_rng(4)) == np.random.default_rng(4).integers(MAX_SEED)
    assert_array_equal(draw_seeds(4, 5), np.random.RandomState(4).randint(MAX_SEED, size=5))
    assert_array_equal(
        draw_seeds(np.random.default_rng(4), 5),
        np.random.default_rng(4).integers(MAX_SEED, size=5),
    )
    with pytest.raises(ValueError, match="random_state must be"):
        draw_seeds("four", 2)


def test_java_seeds_wrap_as_java_ints():
    assert java_seed(1) == 1
    assert java_seed(2**31) == -(2**31)
    assert sklearn_seed(-5) == 2**32 - 5
    assert java_seed(np.random.RandomState(2)) == np.random.RandomState(2).randint(MAX_SEED)


def _seed_draws(path: Path) -> list[int]:
    """Lines of ``path`` that draw a seed by hand: a draw bounded by Java's int maximum."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            bound = " ".join(ast.unparse(arg) for arg in node.args[:1])
            if node.func.attr in ("randint", "integers") and ("int32" in bound or "SEED" in bound):
                lines.append(node.lineno)
    return lines


def test_member_seeds_are_drawn_in_one_module():
    assert _outside_seeding(_seed_draws) == {}


# --------------------------------------------------------------------------- policy "sample"
def test_sample_drops_zero_weights_and_rescales_to_mean_one():
    w = np.where(np.arange(y.size) % 4 == 0, 0.0, 2.0)
    w[1] = 6.0
    fitted = fit_weighted(
        LogisticRegression(), X, y, w, policy="sample", rng=np.random.default_rng(0), mean_one=True
    )
    kept = w > 0
    mean_one = w[kept] * kept.sum() / w[kept].sum()
    direct = LogisticRegression().fit(X[kept], y[kept], sample_weight=mean_one)
    np.testing.assert_allclose(fitted.coef_, direct.coef_, rtol=1e-6)
    as_given = fit_weighted(
        LogisticRegression(), X, y, w, policy="sample", rng=np.random.default_rng(0)
    )
    direct = LogisticRegression().fit(X[kept], y[kept], sample_weight=w[kept])
    np.testing.assert_allclose(as_given.coef_, direct.coef_, rtol=1e-6)


def test_sample_gives_a_constant_member_for_one_class():
    w = (y == 1).astype(float)
    member = fit_weighted(KNeighborsClassifier(), X, y, w, policy="sample")
    assert isinstance(member, ConstantClassifier)
    assert_array_equal(member.predict(X[:3]), [1, 1, 1])
    one = fit_weighted(KNeighborsClassifier(), X[y == 0], y[y == 0], None, policy="sample")
    assert isinstance(one, ConstantClassifier)


def test_sample_resamples_for_a_learner_without_weights():
    w = np.linspace(0.5, 2.0, y.size)
    knn = fit_weighted(
        KNeighborsClassifier(1), X, y, w, policy="sample", rng=np.random.default_rng(3)
    )
    rows = weighted_bootstrap(w, np.random.default_rng(3))
    assert_array_equal(knn._fit_X, X[rows])
    uniform = fit_weighted(KNeighborsClassifier(1), X, y, np.full(y.size, 3.0), policy="sample")
    assert_array_equal(uniform._fit_X, X)  # uniform weights are no weights


# --------------------------------------------------------------------------- estimator_
WITH_BASE = [cls for cls in ENSEMBLES if cls is not methods.ELRCClassifier]


@pytest.mark.parametrize("cls", [*WITH_BASE, methods.RandomLinearOracle], ids=lambda c: c.__name__)
def test_fit_sets_estimator_from_the_declared_default(cls):
    assert issubclass(cls, BaseLearnerMixin)
    expected = {methods.TriskelClassifier: "smo"}.get(cls, "j48")
    assert cls._default_estimator == expected
    small = {"n_estimators": 2} if "n_estimators" in cls._get_param_names() else {}
    if cls is methods.TriskelClassifier:
        small = {"n_rounds": 1}
    fitted = cls(**small).fit(X[:40], y[:40])
    assert repr(fitted.estimator_) == repr(make_learner(expected))
    tree = DecisionTreeClassifier(max_depth=2)
    given = cls(tree, **small).fit(X[:40], y[:40])
    assert given.estimator_ is tree  # the template itself; members are its clones
    assert all(member is not tree for member in getattr(given, "estimators_", []))


def test_the_base_learner_is_resolved_in_one_place():
    """Ensembles resolve ``estimator`` only through ``_validate_estimator``.

    The catalogue (``_registry``) builds estimators from names and ELRC resolves its
    list of candidate learners; neither has one base learner.
    """
    users = {
        path.name
        for path in sorted(METHODS_DIR.glob("*.py"))
        if "resolve_estimator(" in path.read_text()
    }
    assert users == {"_ensemble.py", "_registry.py", "_elrc.py"}
