"""Projection boosting against a direct re-implementation of Algorithm 1, and its edge cases."""

import warnings

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import load_iris, load_wine, make_circles
from sklearn.dummy import DummyClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils.estimator_checks import parametrize_with_checks

from ensemble_lab import ProjectionBoostingClassifier
from ensemble_lab.base import member_seeds
from ensemble_lab.learners import MixedEncoder
from ensemble_lab.methods import make, names
from ensemble_lab.methods._projection_boosting import _adaboost_m1_update
from ensemble_lab.projections import HDA, NDA, MLPProjection
from ensemble_lab.utils.discovery import expected_failed_checks

PRUNED_TREE = DecisionTreeClassifier(min_samples_leaf=5)


@pytest.fixture(scope="module")
def wine_split():
    X, y = load_wine(return_X_y=True)
    X = X[:, [0, 1, 3, 4, 7]]  # a harder task: fewer, weaker features, errors at every step
    rng = np.random.default_rng(0)
    order = rng.permutation(len(y))
    return X[order[:120]], y[order[:120]], X[order[120:]]


def _reference_projection_boosting(X, y, X_test, make_projection, n_members, random_state):
    """Algorithm 1 written out: C_0 = L(S); P_t from S' = errors of C_{t-1}; C_t = L(P_t(S))."""
    seeds = member_seeds(random_state, n_members)
    scaler = MixedEncoder(scale="standard").fit(X)  # the documented encoding step
    Z, Z_test = scaler.transform(X), scaler.transform(X_test)
    member = DecisionTreeClassifier(min_samples_leaf=5, random_state=seeds[0]).fit(X, y)
    test_labels = [member.predict(X_test)]
    train_pred = member.predict(X)
    used = ["identity"]
    for t in range(1, n_members):
        wrong = train_pred != y
        n_classes = len(set(y[wrong]))
        if n_classes < 2 or wrong.sum() <= n_classes:  # no errors, or too few: stop
            break
        projection = make_projection(n_classes).fit(Z[wrong], y[wrong])
        used.append("fitted")
        member = DecisionTreeClassifier(min_samples_leaf=5, random_state=seeds[t])
        member.fit(projection.transform(Z), y)
        train_pred = member.predict(projection.transform(Z))
        test_labels.append(member.predict(projection.transform(Z_test)))
    classes = np.unique(y)
    final = []
    for i in range(len(X_test)):  # plain majority vote, ties to the first class
        counts = [sum(labels[i] == c for labels in test_labels) for c in classes]
        final.append(classes[int(np.argmax(counts))])
    return test_labels, np.array(final), used


@pytest.mark.parametrize(
    ("projection", "make_projection"),
    [
        ("hda", lambda n_classes: HDA(lam=0.5, eta=0.5)),
        ("nda", lambda n_classes: NDA(k=3, alpha=1.0)),
        ("lda", lambda n_classes: HDA(n_components=n_classes - 1, lam=0.0, eta=0.0)),
    ],
)
def test_matches_direct_reimplementation_of_algorithm_1(wine_split, projection, make_projection):
    X, y, X_test = wine_split
    pb = ProjectionBoostingClassifier(
        PRUNED_TREE, n_estimators=6, projection=projection, random_state=3
    ).fit(X, y)
    ref_members, ref_final, ref_used = _reference_projection_boosting(
        X, y, X_test, make_projection, 6, 3
    )
    assert len(pb.estimators_) == len(ref_members) == 6
    assert pb.projections_used_ == [u.replace("fitted", projection) for u in ref_used]
    assert pb.projections_used_.count(projection) >= 3
    for member, projection_t, ref in zip(pb.estimators_, pb.projections_, ref_members):
        X_member = (
            X_test
            if projection_t is None
            else projection_t.transform(pb.encoder_.transform(X_test))
        )
        assert_array_equal(member.predict(X_member), ref)
    assert_array_equal(pb.predict(X_test), ref_final)
    votes = np.array(
        [
            [np.sum(np.array(ref_members)[:, i] == c) for c in pb.classes_]
            for i in range(len(X_test))
        ]
    )
    assert_allclose(pb.predict_proba(X_test), votes / 6)


def test_projection_is_fitted_on_the_misclassified_instances_only(wine_split):
    X, y, _ = wine_split
    pb = ProjectionBoostingClassifier(PRUNED_TREE, n_estimators=2, random_state=0).fit(X, y)
    Z = pb.encoder_.transform(X)
    wrong = pb.estimators_[0].predict(X) != y
    expected = HDA().fit(Z[wrong], y[wrong])
    assert_allclose(pb.projections_[1].components_, expected.components_)
    assert_allclose(pb.train_errors_[0], wrong.mean())


def test_perfect_first_member_completes_the_ensemble():
    X, y = load_iris(return_X_y=True)
    pb = ProjectionBoostingClassifier(DecisionTreeClassifier(), n_estimators=10).fit(X, y)
    assert len(pb.estimators_) == 1
    assert pb.projections_used_ == ["identity"]
    assert pb.stop_reason_ == "no errors"
    assert_array_equal(pb.train_errors_, [0.0])


def test_single_class_errors_are_projected_by_hda_and_fall_back_for_nda():
    # a majority-class learner errs on every instance of the other class only
    X, y = load_iris(return_X_y=True)
    X, y = X[:80], y[:80]  # 50 of class 0, 30 of class 1
    hda = ProjectionBoostingClassifier(DummyClassifier(), n_estimators=4).fit(X, y)
    assert hda.projections_used_ == ["identity", "hda", "hda", "hda"]
    assert hda.fallbacks_ == [None] * 4
    assert all(p.classes_.tolist() == [1] for p in hda.projections_[1:])
    assert hda.stop_reason_ is None
    nda = ProjectionBoostingClassifier(DummyClassifier(), n_estimators=4, projection="nda")
    nda.fit(X, y)
    assert nda.projections_used_ == ["identity"] * 4
    assert nda.projections_ == [None] * 4
    assert nda.fallbacks_ == [None] + ["one class in S'"] * 3


@pytest.mark.parametrize("projection", ["hda", "nda"])
def test_every_round_adds_a_member_until_the_errors_are_gone(projection):
    # Weka's C4.5 errs on 2-3 of the 150 iris instances: too few for a within-class
    # scatter, yet Algorithm 1 fits a projection on them and adds a member.
    X, y = load_iris(return_X_y=True)
    pb = ProjectionBoostingClassifier("j48", n_estimators=10, projection=projection).fit(X, y)
    n = len(pb.estimators_)
    assert n == 10 or (pb.stop_reason_ == "no errors" and pb.train_errors_[-1] == 0)
    assert n > 1
    fitted = [p for p in pb.projections_[1:] if p is not None]
    assert len({id(p) for p in fitted}) == len(fitted)  # a projection per member
    steps = zip(pb.projections_used_[1:], pb.fallbacks_[1:], pb.projections_[1:])
    for used, fallback, projected in steps:
        assert (projected is None) == (used == "identity") == (fallback is not None)


class ScriptedClassifier(ClassifierMixin, BaseEstimator):
    """Gets its training rows right except the rows ``mistakes[member]`` (member: from seed).

    Rows are recognised by exact match with the training rows, whatever the projection.
    """

    def __init__(self, seeds=(), mistakes=(), random_state=None):
        self.seeds = seeds
        self.mistakes = mistakes
        self.random_state = random_state

    def fit(self, X, y):
        self.classes_ = np.unique(y)
        self.rows_ = {np.asarray(row).tobytes(): i for i, row in enumerate(np.asarray(X))}
        self.y_ = np.asarray(y)
        member = list(self.seeds).index(self.random_state)
        self.wrong_ = set(self.mistakes[member]) if member < len(self.mistakes) else set()
        return self

    def predict(self, X):
        idx = np.array([self.rows_[np.asarray(row).tobytes()] for row in np.asarray(X)])
        pred = self.y_[idx].copy()
        for i, j in enumerate(idx):
            if j in self.wrong_:
                pred[i] = self.classes_[(np.searchsorted(self.classes_, pred[i]) + 1) % 2]
        return pred


@pytest.mark.parametrize(
    ("projection", "mistakes", "expected", "fallbacks", "reason"),
    [
        # 3 instances of 2 classes, then 1 instance: HDA is defined on both
        ("hda", ((0, 1, 60), (0,), ()), ["identity", "hda", "hda"], [None] * 3, "no errors"),
        # 2 instances of 2 classes (no within-class scatter), then 3, then 1
        (
            "hda",
            ((0, 60), (0, 1, 60), (5,)),
            ["identity", "hda", "hda", "hda"],
            [None] * 4,
            "no errors",
        ),
        # NDA needs two classes: the one-class S' falls back to the identity, recorded
        (
            "nda",
            ((0, 1, 60), (0,), ()),
            ["identity", "nda", "identity"],
            [None, None, "one class in S'"],
            "no errors",
        ),
        ("nda", ((0, 60), (5, 61)), ["identity", "nda", "nda"], [None] * 3, "no errors"),
        # errors at every step: all five members
        ("hda", ((0, 1, 60),) * 5, ["identity"] + ["hda"] * 4, [None] * 5, None),
    ],
)
def test_degenerate_steps_add_members_and_record_fallbacks(
    projection, mistakes, expected, fallbacks, reason
):
    X, y = load_iris(return_X_y=True)
    X, y = X[:100], y[:100]
    seeds = tuple(int(s) for s in member_seeds(7, 5))
    base = ScriptedClassifier(seeds=seeds, mistakes=mistakes)
    pb = ProjectionBoostingClassifier(base, n_estimators=5, projection=projection, random_state=7)
    pb.fit(X, y)
    assert pb.projections_used_ == expected
    assert pb.fallbacks_ == fallbacks
    assert pb.stop_reason_ == reason
    assert len(pb.estimators_) == len(pb.projections_) == len(pb.train_errors_) == len(expected)
    assert [p is None for p in pb.projections_] == [u == "identity" for u in expected]


def test_string_labels_give_the_same_ensemble(wine_split):
    X, y, X_test = wine_split
    # names sorted as the codes, so that ties (first class wins) break identically
    names_ = np.array(["a-barolo", "b-grignolino", "c-barbera"])
    params = {"estimator": PRUNED_TREE, "n_estimators": 5, "projection": "nda", "random_state": 1}
    numeric = ProjectionBoostingClassifier(**params).fit(X, y)
    text = ProjectionBoostingClassifier(**params).fit(X, names_[y])
    assert list(text.classes_) == ["a-barolo", "b-grignolino", "c-barbera"]
    assert text.projections_used_ == numeric.projections_used_
    assert_array_equal(text.predict(X_test), names_[numeric.predict(X_test)])


def test_mixed_dataframe_with_missing_values():
    rng = np.random.default_rng(0)
    n = 200
    colour = rng.choice(["red", "green", "blue"], size=n)
    x1 = rng.normal(size=n)
    x2 = rng.normal(size=n)
    y = np.where((colour == "red") ^ (x1 + x2 > 0), "yes", "no")
    X = pd.DataFrame({"colour": pd.Categorical(colour), "x1": x1, "x2": x2})
    X.loc[::17, "x1"] = np.nan
    X.loc[::23, "colour"] = np.nan
    base = make_pipeline(MixedEncoder(), DecisionTreeClassifier(min_samples_leaf=5))
    pb = ProjectionBoostingClassifier(base, n_estimators=5, random_state=0).fit(X, y)
    assert pb.encoder_.n_features_out_ == 5  # 3 one-hot + 2 numeric
    assert all(p is None or p.n_features_in_ == 5 for p in pb.projections_)
    assert np.mean(pb.predict(X) == y) > 0.8
    assert list(pb.feature_names_in_) == ["colour", "x1", "x2"]


def test_results_do_not_depend_on_n_jobs(wine_split):
    X, y, X_test = wine_split
    params = {"estimator": PRUNED_TREE, "n_estimators": 5, "projection": "nda", "random_state": 0}
    one = ProjectionBoostingClassifier(**params, n_jobs=1).fit(X, y)
    two = ProjectionBoostingClassifier(**params, n_jobs=2).fit(X, y)
    assert_array_equal(one.predict_proba(X_test), two.predict_proba(X_test))


def test_adaboost_m1_update_hand_example():
    w = np.full(4, 0.25)
    miss = np.array([True, False, False, False])
    # ε = ¼, β = ⅓: correct weights ¼·⅓, renormalised -> misclassified mass ½
    assert_allclose(_adaboost_m1_update(w, miss, w), [0.5, 1 / 6, 1 / 6, 1 / 6])
    miss = np.array([True, True, True, False])  # ε = ¾ ≥ ½: reset
    assert_allclose(_adaboost_m1_update(np.array([0.1, 0.2, 0.3, 0.4]), miss, w), w)


def test_weighted_selection_fits_the_projection_on_all_instances_with_boosting_weights(
    wine_split,
):
    X, y, _ = wine_split
    pb = ProjectionBoostingClassifier(
        PRUNED_TREE, n_estimators=3, instance_selection="weighted", random_state=0
    ).fit(X, y)
    Z = pb.encoder_.transform(X)
    w = np.full(len(y), 1 / len(y))
    w = _adaboost_m1_update(w, pb.estimators_[0].predict(X) != y, w)
    assert_allclose(pb.projections_[1].components_, HDA().fit(Z, y, sample_weight=w).components_)
    wrong_1 = pb.estimators_[1].predict(pb.projections_[1].transform(Z)) != y
    w = _adaboost_m1_update(w, wrong_1, np.full(len(y), 1 / len(y)))
    assert_allclose(pb.projections_[2].components_, HDA().fit(Z, y, sample_weight=w).components_)


def test_zero_weight_instances_are_never_in_s_prime(wine_split):
    X, y, _ = wine_split
    first = PRUNED_TREE.fit(X, y)
    wrong = first.predict(X) != y
    sw = np.ones(len(y))
    sw[np.flatnonzero(wrong)[:2]] = 0.0  # two errors get weight zero
    pb = ProjectionBoostingClassifier(
        DecisionTreeClassifier(min_samples_leaf=5), n_estimators=2, random_state=0
    ).fit(X, y, sample_weight=sw)
    Z = pb.encoder_.transform(X)
    wrong = (pb.estimators_[0].predict(X) != y) & (sw > 0)
    assert_allclose(pb.projections_[1].components_, HDA().fit(Z[wrong], y[wrong]).components_)


def test_mlp_projection_is_the_hidden_layer_of_a_network_fitted_on_s_prime(wine_split):
    # the non-linear boosting projections of the paper's reference [1]
    X, y, X_test = wine_split
    pb = ProjectionBoostingClassifier(
        PRUNED_TREE, n_estimators=4, projection="mlp", random_state=2
    ).fit(X, y)
    assert pb.projections_used_ == ["identity"] + ["mlp"] * 3
    Z = pb.encoder_.transform(X)
    wrong = pb.estimators_[0].predict(X) != y
    first = pb.projections_[1]
    assert isinstance(first, MLPProjection)
    assert first.n_components_ == Z.shape[1]
    again = MLPProjection(random_state=first.random_state).fit(Z[wrong], y[wrong])
    assert_allclose(first.transform(Z), again.transform(Z))
    # every step draws its own network seed, the same for the same random_state
    seeds = [p.random_state for p in pb.projections_[1:]]
    assert len(set(seeds)) == 3
    same = ProjectionBoostingClassifier(
        PRUNED_TREE, n_estimators=4, projection="mlp", random_state=2, n_jobs=2
    ).fit(X, y)
    assert [p.random_state for p in same.projections_[1:]] == seeds
    assert_array_equal(same.predict_proba(X_test), pb.predict_proba(X_test))


def test_mlp_projection_lets_a_linear_base_learner_fit_a_non_linear_task():
    # concentric circles: a linear member on a linear projection of the errors is
    # still linear (every one errs on about half), on the hidden layer of a network
    # fitted to the errors it is not
    X, y = make_circles(300, noise=0.05, factor=0.4, random_state=0)
    fitted = {
        projection: ProjectionBoostingClassifier(
            LogisticRegression(),
            n_estimators=10,
            projection=projection,
            random_state=0,
            n_components=8 if projection == "mlp" else None,
        ).fit(X, y)
        for projection in ("hda", "mlp")
    }
    assert fitted["hda"].train_errors_.min() > 0.4
    assert fitted["mlp"].train_errors_[0] > 0.4  # C_0 is the same linear model
    assert fitted["mlp"].train_errors_[1:].min() < 0.2
    assert fitted["mlp"].score(X, y) > fitted["hda"].score(X, y) + 0.2


def test_a_random_transformer_is_seeded_at_every_step(wine_split):
    X, y, _ = wine_split
    pb = ProjectionBoostingClassifier(
        PRUNED_TREE, n_estimators=3, projection=MLPProjection(n_components=4), random_state=0
    ).fit(X, y)
    seeds = [p.random_state for p in pb.projections_[1:]]
    assert all(isinstance(s, int) for s in seeds) and seeds[0] != seeds[1]


def test_registered_names():
    assert {"PB-HDA", "PB-NDA", "PB-LDA", "PB-MLP"} <= set(names(paper="003"))
    est = make("PB-NDA", base=PRUNED_TREE, random_state=4, n_estimators=7)
    assert isinstance(est, ProjectionBoostingClassifier)
    assert (est.projection, est.random_state, est.n_estimators) == ("nda", 4, 7)
    assert est.estimator is PRUNED_TREE
    assert make("pb hda", base=PRUNED_TREE).projection == "hda"
    assert make("PB-LDA", base=PRUNED_TREE).projection == "lda"
    assert make("NBP", base=PRUNED_TREE).projection == "mlp"


def test_bad_parameters_are_named():
    X, y = load_iris(return_X_y=True)
    with pytest.raises(ValueError, match="projection"):
        ProjectionBoostingClassifier(PRUNED_TREE, projection="pca").fit(X, y)
    with pytest.raises(ValueError, match="instance_selection"):
        ProjectionBoostingClassifier(PRUNED_TREE, instance_selection="all").fit(X, y)
    with pytest.raises(ValueError, match="n_estimators"):
        ProjectionBoostingClassifier(PRUNED_TREE, n_estimators=0).fit(X, y)
    with pytest.raises(ValueError, match="features"):
        ProjectionBoostingClassifier(PRUNED_TREE).fit(X, y).predict(X[:, :2])


@parametrize_with_checks(
    [
        ProjectionBoostingClassifier(DecisionTreeClassifier(min_samples_leaf=3), n_estimators=4),
        ProjectionBoostingClassifier(
            DecisionTreeClassifier(min_samples_leaf=3), n_estimators=4, projection="nda"
        ),
    ],
    expected_failed_checks=expected_failed_checks,
)
def test_sklearn_checks_with_a_tree_base(estimator, check):
    check(estimator)


def test_error_sets_of_many_rare_classes_fit_without_warnings():
    # One large class and 25 rare ones: the errors S' of a stump are the rare points,
    # more than 20 of nearly as many classes, which scikit-learn's target check would
    # call "regression" although the ensemble's target is a valid class label.
    rng = np.random.default_rng(3)
    X = rng.normal(size=(66, 4))
    y = np.r_[np.zeros(40, int), np.arange(1, 25), [25, 25]]
    model = ProjectionBoostingClassifier(
        DecisionTreeClassifier(max_depth=1), n_estimators=4, random_state=0
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model.fit(X, y)
    assert len(model.estimators_) > 1
