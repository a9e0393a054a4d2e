"""One-vs-one on mixed data (PairwiseClassifier), the AdaBoost-k of the Triskel paper."""

from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.datasets import load_iris
from sklearn.linear_model import LinearRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import LinearSVC

from ensemble_lab.encoding import MixedCodes
from ensemble_lab.methods import BoostingClassifier, make
from ensemble_lab.methods._pairwise import PairwiseClassifier


def _frame(n=200, seed=0):
    rng = np.random.default_rng(seed)
    colour = rng.choice(["red", "green", "blue"], size=n)
    flag = rng.choice(["yes", "no"], size=n)
    size = rng.normal(size=n)
    weight = rng.normal(size=n)
    size[rng.random(n) < 0.3] = np.nan
    colour = np.where(rng.random(n) < 0.2, None, colour)
    X = pd.DataFrame(
        {
            "colour": pd.Categorical(colour, categories=["red", "green", "blue"]),
            "flag": pd.Categorical(flag, categories=["yes", "no"]),
            "size": size,
            "weight": weight,
        }
    )
    y = np.where(np.nan_to_num(size) + weight > 0.5, "a", np.where(flag == "yes", "b", "c"))
    y[rng.random(n) < 0.1] = "d"
    return X, y


def test_each_pair_is_boosted_on_its_own_rows_as_a_dataframe_would_be():
    # The independent computation: every pair boosted on its own DataFrame rows, each
    # SMO member encoding (imputing, binarising) its weighted rows itself.
    X, y = _frame()
    Xtest, _ = _frame(seed=1)
    model = make("AdaBoost-10", random_state=1).fit(X, y)
    assert isinstance(model, PairwiseClassifier) and isinstance(model.encoder_, MixedCodes)
    classes = np.unique(y)
    votes = np.zeros((len(Xtest), classes.size))
    for a, b in combinations(range(classes.size), 2):
        rows = np.flatnonzero((y == classes[a]) | (y == classes[b]))
        pair = BoostingClassifier(
            "smo", n_estimators=10, mode="reweight", update="aggressive", random_state=1
        ).fit(X.iloc[rows], np.where(y[rows] == classes[b], 1, -1))
        wins_b = pair.predict(Xtest) == 1
        votes[wins_b, b] += 1
        votes[~wins_b, a] += 1
    assert_array_equal(model.predict(Xtest), classes[votes.argmax(axis=1)])
    assert_allclose(model.predict_proba(Xtest), votes / len(model.pairs_))
    members = model.member_predictions(Xtest)
    assert members.shape == (len(model.pairs_), len(Xtest))
    for (a, b), row in zip(model.pairs_, members):
        assert set(row) <= {classes[a], classes[b]}


def test_ties_go_to_the_first_class_and_an_unweighted_pair_votes_for_its_first():
    X, y = load_iris(return_X_y=True)
    model = PairwiseClassifier(make_pipeline(MinMaxScaler(), LinearSVC()))
    w = np.ones(len(y))
    w[y == 2] = 0  # the pairs (0, 2) and (1, 2) carry weight of one class only
    model.fit(X, y, sample_weight=w)
    assert model.encoder_ is None
    votes = model.predict_proba(X) * len(model.pairs_)
    assert_array_equal(model.predict(X), votes.argmax(axis=1))
    three_way = votes.max(axis=1) == 1  # one vote each: the first class wins
    assert_array_equal(model.predict(X)[three_way], 0)


def test_bad_input():
    X, y = load_iris(return_X_y=True)
    with pytest.raises(ValueError, match="at least two classes"):
        PairwiseClassifier(LinearSVC()).fit(X, np.zeros(len(y)))
    with pytest.raises(TypeError, match="must be a classifier"):
        PairwiseClassifier(LinearRegression()).fit(X, y)


def test_same_model_for_any_number_of_jobs():
    X, y = _frame()
    one = make("AdaBoost-3", random_state=4).fit(X, y)
    two = make("AdaBoost-3", random_state=4).set_params(n_jobs=2).fit(X, y)
    assert_allclose(one.predict_proba(X), two.predict_proba(X))
