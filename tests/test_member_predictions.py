"""Member predictions: what the store records is what every member really predicts.

Every registered method runs through the experiment runner with ``record.members`` on a
small mixed dataset (numeric and nominal columns) with string labels. Each stored member
row is compared with a reference written out below, family by family, from the fitted
attributes that say what input each member sees; where the ensemble combines its
members' labels by a plain vote, the vote of the stored members must also give the
ensemble's prediction.
"""

from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_array_equal
from sklearn.ensemble import BaggingClassifier
from sklearn.pipeline import Pipeline

from ensemble_lab import (
    BoostingClassifier,
    DecorateClassifier,
    ELRCClassifier,
    MultiBoostClassifier,
    ProjectionBoostingClassifier,
    RotationForestClassifier,
    TriskelClassifier,
    methods,
)
from ensemble_lab.base import has_members, member_predictions
from ensemble_lab.encoding import MixedCodes
from ensemble_lab.evaluation import (
    ExperimentConfig,
    MethodSpec,
    RandomHalfSplits,
    derive_seed,
    load_predictions,
    load_results,
    run_experiment,
)
from ensemble_lab.evaluation.tasks import TaskKey, execute_task
from ensemble_lab.methods._ensemble import EncodedEnsemble
from ensemble_lab.methods._pairwise import PairwiseClassifier

CLASSES = np.array(["alpha", "beta", "gamma"], dtype=object)


def _mixed(n=60, seed=0, classes=CLASSES):
    """Three numeric and two nominal (category) columns; labels from ``classes``."""
    rng = np.random.default_rng(seed)
    codes = np.arange(n) % len(classes)
    colours = np.array(["red", "green", "blue"])[codes % 3]
    X = pd.DataFrame(
        {
            "a": rng.normal(codes, 1.0),
            "b": rng.normal(-codes, 1.5),
            "c": rng.uniform(size=n),
            "colour": pd.Categorical(np.where(rng.uniform(size=n) < 0.7, colours, "red")),
            "shape": pd.Categorical(rng.choice(["round", "square"], size=n)),
        }
    )
    return X, np.asarray(classes)[codes]


X, Y = _mixed()
PROTOCOL = RandomHalfSplits(n_repetitions=1)
CONFIG = ExperimentConfig(
    name="members",
    datasets=("mixed",),
    methods=tuple(MethodSpec(label=name, name=name) for name in methods.names()),
    protocol=PROTOCOL,
    record_predictions=True,
    record_members=True,
)


def _pairs(n_classes):
    return list(combinations(range(n_classes), 2))


def _reference_members(est, X):
    """Each member's labels, from what the family hands its members (no shared code)."""
    if isinstance(est, Pipeline):  # encoder, then one-vs-one
        encoded, ovo = est[0].transform(X), est[-1]
        return [
            ovo.classes_[np.where(member.predict(encoded) == 1, j, i)]
            for (i, j), member in zip(_pairs(len(ovo.classes_)), ovo.estimators_)
        ]
    if isinstance(est, PairwiseClassifier):  # AdaBoost-N: Weka's instance matrix, ±1 pairs
        view = X if est.encoder_ is None else est.encoder_.matrix(X)
        return [
            est.classes_[np.where(member.predict(view) == 1, j, i)]
            for (i, j), member in zip(est.pairs_, est.estimators_)
        ]
    if isinstance(est, BaggingClassifier):  # object array, column subset, class indices
        values = X.to_numpy(dtype=object)
        return [
            est.classes_[member.predict(values[:, columns]).astype(int)]
            for member, columns in zip(est.estimators_, est.estimators_features_)
        ]
    if isinstance(est, BoostingClassifier | MultiBoostClassifier):  # class indices
        return [est.classes_[member.predict(X)] for member in est.estimators_]
    if isinstance(est, RotationForestClassifier):
        encoded = est.encoder_.transform(X)
        return [m.predict(encoded @ R) for m, R in zip(est.estimators_, est.rotations_)]
    if isinstance(est, ProjectionBoostingClassifier):
        encoded = est.encoder_.transform(X)
        return [
            member.predict(X if projection is None else projection.transform(encoded))
            for member, projection in zip(est.estimators_, est.projections_)
        ]
    if isinstance(est, TriskelClassifier):
        view = X
        if isinstance(est.encoder_, MixedCodes):  # Weka's instance matrix
            view = est.encoder_.matrix(X)
        elif est.encoder_ is not None:
            view = est.encoder_.transform(X)
        if est.multiclass == "triskel-m" and len(est.classes_) > 2:
            return [est.classes_[est.estimators_[0].predict(view)]]
        return [
            est.classes_[np.where(cascade.predict(view) == 1, b, a)]
            for (a, b), cascade in zip(est.pairs_, est.estimators_)
        ]
    if isinstance(est, EncodedEnsemble):  # each member on its columns, in their order
        return [
            member.predict(X.iloc[:, columns])
            for member, columns in zip(est.estimators_, est.estimators_features_)
        ]
    assert isinstance(est, DecorateClassifier | ELRCClassifier), type(est)
    return [member.predict(X) for member in est.estimators_]


def _vote_check(est, members, predicted):
    """Where the ensemble votes with its members' labels, the vote gives its prediction."""
    codes = np.searchsorted(est.classes_, members)
    if isinstance(est, ProjectionBoostingClassifier):
        weights = np.ones(len(members))
    elif isinstance(est, BoostingClassifier | MultiBoostClassifier):
        weights = est.estimator_weights_
    elif isinstance(est, TriskelClassifier) and est.multiclass == "ovo":
        weights = np.ones(len(members))
    elif isinstance(est, PairwiseClassifier):
        weights = np.ones(len(members))
    else:
        return
    support = np.zeros((members.shape[1], len(est.classes_)))
    for w, row in zip(weights, codes):
        support[np.arange(members.shape[1]), row] += w
    assert_array_equal(est.classes_[support.argmax(axis=1)], predicted)


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    db = tmp_path_factory.mktemp("members") / "members.db"
    summary = run_experiment(CONFIG, db, data={"mixed": (X, Y)})
    assert summary.failed == 0, summary.failures
    return load_predictions(db, "members"), load_results(db, "members")


@pytest.mark.parametrize("name", methods.names())
def test_stored_members_are_what_the_members_predict(stored, name):
    predictions, results = stored
    rows = predictions[predictions["method"] == name]
    (split,) = PROTOCOL.splits(Y, CONFIG.seed)
    est = methods.make(name, random_state=derive_seed(CONFIG.seed, "mixed", name, 0, 0))
    est.fit(X.iloc[split.train_idx], Y[split.train_idx])
    X_test = X.iloc[split.test_idx]
    assert_array_equal(rows["test_index"], split.test_idx)
    assert_array_equal(rows["y_pred"], est.predict(X_test))  # the very same model
    (size,) = results.loc[results["method"] == name, "ensemble_size"]
    if not has_members(est):
        assert rows["members"].isna().all() and size == 1
        return
    expected = np.vstack(_reference_members(est, X_test))
    got = np.vstack(rows["members"].to_list()).T
    assert got.shape == expected.shape == (size, len(split.test_idx))
    assert_array_equal(got, expected)
    _vote_check(est, got, rows["y_pred"].to_numpy())


def test_single_learners_have_no_members():
    tree = methods.make("J48").fit(X, Y)
    with pytest.raises(TypeError, match="C45TreeClassifier is not an ensemble"):
        member_predictions(tree, X)
    with pytest.raises(ValueError, match="BaggingClassifier is not fitted yet: fit it first"):
        member_predictions(BaggingClassifier(), X)


@pytest.mark.parametrize("name", ["Triskel-1", "Triskel-W2", "H-P-Rotation Forest", "PB-HDA"])
def test_members_with_integer_labels(name):
    # 0/1 labels are also indices: nothing may be decoded twice or left as ±1.
    X2, y2 = _mixed(n=40, seed=3, classes=np.array([0, 1]))
    key = TaskKey("binary", name, 0, 0)
    train, test = np.arange(20), np.arange(20, 40)
    result = execute_task(
        key, MethodSpec(label=name, name=name), 5, (X2, y2), train, test, np.array([0, 1]),
        record_predictions=True, record_members=True,
    )  # fmt: skip
    assert result.ok, result.error
    est = methods.make(name, random_state=5).fit(X2.iloc[train], y2[train])
    expected = np.vstack(_reference_members(est, X2.iloc[test]))
    assert_array_equal(result.members.T, expected)
