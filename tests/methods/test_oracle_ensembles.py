"""The oracle paper's table names: each builds, fits mixed data and predicts."""

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose
from sklearn.ensemble import BaggingClassifier
from sklearn.pipeline import make_pipeline
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.learners import MixedEncoder
from ensemble_lab.methods import make, names
from ensemble_lab.methods._oracle import RandomLinearOracle
from ensemble_lab.methods._random_forest import RandomTreeClassifier, random_tree_k
from ensemble_lab.methods._reframe import FrameRestorer

TABLE_III = [
    f"{h}-{t}-{m}"
    for h in "HN"
    for t in "PU"
    for m in ("Bagging", "Rand. Subs. (50%)", "Rand. Subs. (75%)", "Rotation Forest", "Decorate")
] + ["H-U-Random Forest", "N-U-Random Forest", "H-P-Ensemble", "H-U-Ensemble"]


def _tree():
    """A mixed-data tree standing in for the j48 preset in these tests."""
    return make_pipeline(MixedEncoder(scale="none"), DecisionTreeClassifier(random_state=0))


def _awkward_frame(n=90, seed=0):
    """Mixed data as real files hold it: NaN, a rare class, a near-constant nominal."""
    rng = np.random.RandomState(seed)
    X = pd.DataFrame(
        {
            "colour": pd.Categorical(rng.choice(["red", "green", "blue"], n)),
            "flag": pd.Categorical(np.where(np.arange(n) < 3, "odd", "usual")),
            "noise": rng.normal(size=n),
            "size": rng.normal(size=n),
        }
    )
    y = np.where(X["size"] > 0, "big", "small").astype(object)
    y[:2] = "rare"  # two rows only: absent from many bootstrap samples
    X.loc[::9, "size"] = np.nan
    X.loc[::13, "colour"] = np.nan
    return X, y


def test_every_table_name_is_registered():
    registered = set(names(paper="001"))
    assert set(TABLE_III) <= registered
    tree = DecisionTreeClassifier()
    assert make("H-U-RandomSubspace-50", base=tree).subspace_size == 0.5
    assert make("n-u-randomforest").n_estimators == 10
    assert make("H-P-Rotation Forest", base=tree).n_estimators == 10


@pytest.mark.parametrize("name", TABLE_III)
def test_table_name_fits_awkward_mixed_data(name):
    X, y = _awkward_frame()
    base = None if "Random Forest" in name else _tree()
    est = make(name, base=base, random_state=0, n_estimators=3)
    est.fit(X, y)
    proba = est.predict_proba(X)
    assert proba.shape == (90, 3)
    assert_allclose(proba.sum(axis=1), 1.0)
    assert np.mean(est.predict(X) == y) > 0.6
    uses_oracle = name.startswith("H-")
    members = getattr(est, "estimators_", [])
    inner = [m.estimator_ if isinstance(m, FrameRestorer) else m for m in members]
    assert any(isinstance(m, RandomLinearOracle) for m in inner) == uses_oracle


def test_random_subspace_hyperplane_lives_in_the_subspace():
    rng = np.random.RandomState(0)
    X = rng.normal(size=(80, 8))
    y = (X[:, 0] > 0).astype(int)
    est = make("H-P-Rand. Subs. (50%)", base=DecisionTreeClassifier(), random_state=0)
    est.fit(X, y)
    for member, features in zip(est.estimators_, est.estimators_features_):
        assert features.size == 4
        assert member.hyperplane_normal_.shape[0] == 4


def test_bagging_members_draw_their_points_from_the_bootstrap_sample():
    rng = np.random.RandomState(1)
    X = rng.normal(size=(60, 3))
    y = (X[:, 1] > 0).astype(int)
    est = make("H-P-Bagging", base=DecisionTreeClassifier(), random_state=0).fit(X, y)
    for member, rows in zip(est.estimators_, est.estimators_samples_):
        assert set(member.hyperplane_points_) <= set(rows)


def test_random_tree_tries_log2_features():
    assert [random_tree_k(d) for d in (1, 2, 3, 4, 8, 9, 60)] == [1, 2, 2, 3, 4, 4, 6]
    X = np.random.RandomState(0).normal(size=(50, 9))
    tree = RandomTreeClassifier(random_state=0).fit(X, X[:, 0] > 0)
    assert tree.k_ == 4


def test_frame_restorer_keeps_nominal_values_nominal():
    X, y = _awkward_frame()
    est = BaggingClassifier(FrameRestorer(_tree()), n_estimators=2, random_state=0).fit(X, y)
    member = est.estimators_[0]
    assert [c is not None for c in member.categories_] == [True, True, False, False]
    encoder = member.estimator_.steps[0][1]
    assert encoder.nominal_mask_.tolist() == [True, True, False, False]


class _WeightSpy(DecisionTreeClassifier):
    """A tree that records the ``sample_weight`` each fit received."""

    def fit(self, X, y, sample_weight=None):
        self.got_weight_ = sample_weight
        return super().fit(X, y, sample_weight=sample_weight)


def test_bagging_members_fit_their_drawn_rows_without_count_weights():
    # Weka's Bagging hands each member its bootstrap sample, repeats included; a member
    # never sees all rows with weight 0 for the ones not drawn.
    rng = np.random.RandomState(3)
    X = rng.normal(size=(70, 3))
    y = (X[:, 0] > 0).astype(int)
    est = make("N-P-Bagging", base=_WeightSpy(random_state=0), random_state=0).fit(X, y)
    for member, rows in zip(est.estimators_, est.estimators_samples_):
        assert member.got_weight_ is None
        assert member.tree_.weighted_n_node_samples[0] == len(rows) == len(X)


def test_bagged_smo_is_as_accurate_as_smo_on_ecoli(arff_dir):
    # With count weights the one-vs-one SMO lost 15-20 points on ecoli.
    from sklearn.model_selection import StratifiedKFold, cross_val_score

    from ensemble_lab.datasets import load_arff
    from ensemble_lab.learners import make_learner

    X, y = load_arff(arff_dir / "ecoli.arff")
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    single = cross_val_score(make_learner("smo"), X, y, cv=cv).mean()
    bagged = cross_val_score(make("N-P-Bagging", base="smo", random_state=0), X, y, cv=cv).mean()
    assert bagged >= single - 0.03, (bagged, single)


def test_subspace_members_on_the_encoded_data_never_slice_the_frame(monkeypatch):
    # J48 members read the encoded matrix: selecting the DataFrame's columns per member
    # (the slow part of a random subspace on nominal data) must not happen at all.
    from ensemble_lab.encoding import _shared

    def refuse(*args):
        raise AssertionError("a J48 member asked for the DataFrame columns")

    X, y = _awkward_frame()
    monkeypatch.setattr(_shared, "_select_columns", refuse)
    est = make("N-P-Rand. Subs. (50%)", base="j48", random_state=0).fit(X, y)
    assert est.predict_proba(X).shape == (90, 3)
    monkeypatch.undo()
    # A member without the encoded protocol gets its columns, nominal values kept.
    est = make("N-P-Rand. Subs. (50%)", base=_tree(), random_state=0).fit(X, y)
    assert np.mean(est.predict(X) == y) > 0.6


@pytest.mark.parametrize("letter", ["S", "W"])
def test_uniform_points_change_only_the_reweighting_boosting_hosts(letter):
    from ensemble_lab.datasets import load

    X, y = load("heart-statlog")
    name = f"H-P-AdaBoostM1 ({letter})"
    weighted = make(name, random_state=3).fit(X, y)
    uniform = make(name, random_state=3, estimator__point_draw="uniform").fit(X, y)
    assert uniform.estimators_[0].point_draw == "uniform"
    same = np.array_equal(weighted.predict_proba(X), uniform.predict_proba(X))
    # resampling hands the oracle unit weights: the two readings are one; reweighting
    # hands it the boosting weights, which the uniform reading ignores
    assert same == (letter == "S")
