"""SMOClassifier: Weka 3.6's SMO, checked against models Weka printed and by hand."""

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.svm import SVC

from ensemble_lab.datasets import load, load_arff
from ensemble_lab.learners import MixedEncoder, SMOClassifier

# `java -cp weka.jar weka.classifiers.functions.SMO -t breast-cancer.arff -no-cv` with
# Weka 3.6.14 (the embedded breast-cancer.arff): the weights it prints, 4 decimals, in
# attribute order, for the attributes of nonzero weight (those constant in the data are
# left out; a 0 is a weight below 5e-5), and the threshold line "+ 0.1347" (the output
# is w·x - b with b = -0.1347).
WEKA_BREAST_CANCER_WEIGHTS = [
    -0.0026, -0.0438, -0.1693, -0.1756, 0.3913, 0.0,  # age=20-29 .. 70-79
    -0.2931, -0.0716, 0.3647,  # menopause
    0.0, 0.0, -0.2108, 0.0658, -0.025, 0.1073, 0.1979, -0.2456, -0.1217, 0.232,  # tumor-size
    -0.5056, -0.0489, 0.2666, 0.2645, 0.076, -0.0526,  # inv-nodes
    -0.5631,  # node-caps (two values: one column)
    -0.2523, -0.383, 0.6353,  # deg-malig
    -0.0981,  # breast (two values: one column)
    -0.2391, -0.0178, 0.3913, 0.0153, -0.1497,  # breast-quad
    -0.0925,  # irradiat (two values: one column)
]  # fmt: skip
WEKA_BREAST_CANCER_B = -0.1347

# The same for balance-scale.arff, the three pairwise machines (L-B, L-R, B-R): Weka
# stops far from the optimum of the first (a converged solver finds weights of ±1.3125
# and b = 0.6719 there).
WEKA_BALANCE_SCALE = [
    ([-1.3074, -1.3057, 1.3346, 1.3023], 0.8395),
    ([-3.9986, -3.998, 3.9984, 3.998], -0.0001),
    ([-1.3132, -1.3121, 1.3119, 1.3127], -0.6723),
]


def _weka_smo(X, y):
    """Weka's SMO on a mixed frame: its filters, then its optimiser."""
    return SMOClassifier().fit(MixedEncoder(scale="none", encoding="weka").fit_transform(X), y)


def test_model_is_the_one_weka_prints():
    X, y = load("breast-cancer")
    smo = _weka_smo(X, y)
    weights = smo.coef_[0]
    assert_allclose(weights[weights != 0], WEKA_BREAST_CANCER_WEIGHTS, atol=5e-5)
    assert_allclose(-smo.intercept_[0], WEKA_BREAST_CANCER_B, atol=5e-5)


def test_stops_where_weka_stops_not_at_the_optimum(arff_dir):
    X, y = load_arff(arff_dir / "balance-scale.arff")
    smo = _weka_smo(X, y)
    assert smo.pairs_.tolist() == [[0, 1], [0, 2], [1, 2]]  # L, B, R as declared
    for m, (weights, b) in enumerate(WEKA_BALANCE_SCALE):
        assert_allclose(smo.coef_[m], weights, atol=5e-5)
        assert_allclose(-smo.intercept_[m], b, atol=5e-5)
    Z = MixedEncoder(encoding="weka").fit_transform(X)
    pair = y.isin(["L", "B"]).to_numpy()
    optimum = SVC(kernel="linear", C=1.0, tol=1e-8).fit(Z[pair], y[pair] == "B")
    assert_allclose(np.abs(optimum.coef_[0]), 1.3125, atol=1e-3)
    assert abs(-optimum.intercept_[0] - WEKA_BALANCE_SCALE[0][1]) > 0.15


def _rigged(labels, outputs):
    """An SMO fitted on three classes whose machines then output the given constants."""
    X = np.array([[0.0], [1.0], [2.0], [0.5], [1.5], [2.5]])
    y = pd.Series(pd.Categorical(np.tile(labels, 2), categories=labels))
    smo = SMOClassifier().fit(X, y)
    smo.coef_[:] = 0.0
    smo.intercept_[:] = outputs
    return smo


@pytest.mark.parametrize("declared", [["a", "b", "c"], ["c", "a", "b"], ["b", "c", "a"]])
def test_a_tie_of_votes_goes_to_the_first_declared_class(declared):
    # machines (0, 1), (0, 2), (1, 2): a vote each for 1, 0 and 2 -- a three-way tie
    smo = _rigged(declared, [1.0, -1.0, 1.0])
    assert smo.pairs_.tolist() == [[0, 1], [0, 2], [1, 2]]
    assert_array_equal(smo.predict(np.zeros((2, 1))), [declared[0]] * 2)


def test_a_zero_output_votes_for_the_first_class_of_the_pair():
    # (0, 1) outputs 0 -> class 0; (0, 2) votes 2 and (1, 2) votes 1: a tie of 0, 1, 2
    # broken to 0; with (0, 1) at a tiny positive output class 1 wins outright.
    smo = _rigged(["x", "y", "z"], [0.0, 1.0, -1.0])
    assert smo.predict(np.zeros((1, 1)))[0] == "x"
    smo.intercept_[0] = 1e-300
    assert smo.predict(np.zeros((1, 1)))[0] == "y"


def test_absent_declared_class_gets_no_machine_and_no_vote():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(60, 3))
    labels = np.where(X[:, 0] > 0, "hi", "lo")
    y = pd.Series(pd.Categorical(labels, categories=["gone", "hi", "lo"]))
    smo = SMOClassifier().fit(X, y)
    assert_array_equal(smo.weka_classes_, ["gone", "hi", "lo"])
    assert_array_equal(smo.classes_, ["hi", "lo"])
    # pairs with "gone" have one class only: constant machines voting for the other one
    assert smo.pairs_.tolist() == [[0, 1], [0, 2], [1, 2]]
    assert_array_equal(smo.coef_[:2], 0.0)
    assert_array_equal(smo.intercept_[:2], [1.0, 1.0])
    assert set(smo.predict(X)) <= {"hi", "lo"}
    # the hi-lo machine decides; it is not the one fitted without "gone", because
    # shuffling the two one-class pairs first draws from the generator (as in Weka)
    score = smo.decision_function(X)
    assert_array_equal(np.where(score > 0, "lo", "hi"), smo.predict(X))
    alone = SMOClassifier().fit(X, labels)
    assert not np.array_equal(score, alone.decision_function(X))


def test_weight_is_a_factor_of_c_and_zero_weight_leaves_the_instance_out():
    X, y = load("iris")
    X = X.to_numpy()
    doubled = SMOClassifier(C=2.0).fit(X, y)
    weighted = SMOClassifier().fit(X, y, sample_weight=np.full(len(y), 2.0))
    assert_array_equal(doubled.coef_, weighted.coef_)
    assert_array_equal(doubled.intercept_, weighted.intercept_)
    keep = np.random.default_rng(0).random(len(y)) < 0.7
    masked = SMOClassifier().fit(X, y, sample_weight=keep.astype(float))
    dropped = SMOClassifier().fit(X[keep], np.asarray(y)[keep])
    assert_array_equal(masked.coef_, dropped.coef_)  # the same instances, shuffled alike
    assert_array_equal(masked.intercept_, dropped.intercept_)


def test_normalisation_is_wekas():
    X = np.array([[1.0, 5.0, 0.0], [3.0, 5.0, 2.0], [2.0, 5.0, 4.0], [5.0, 5.0, 1.0]])
    y = np.array([0, 0, 1, 1])
    smo = SMOClassifier().fit(X, y)
    assert_array_equal(smo.attribute_min_, [1.0, 5.0, 0.0])
    assert_array_equal(smo.attribute_span_, [4.0, 0.0, 4.0])
    # an attribute constant in training is 0, also where a test value differs
    assert_array_equal(smo._normalized(np.array([[9.0, 7.0, -4.0]])), [[2.0, 0.0, -1.0]])
    assert smo.coef_[0, 1] == 0.0
    raw = SMOClassifier(normalize=False).fit(X / 4.0, y)
    assert raw.attribute_min_ is None


@pytest.mark.parametrize("declared", [["no", "yes"], ["yes", "no"]])
def test_binary_decision_function_is_positive_for_the_second_class(declared):
    X, y = load("diabetes")
    y = pd.Series(pd.Categorical(np.where(y == "tested_positive", "yes", "no"), declared))
    smo = SMOClassifier().fit(X.to_numpy(), y)
    assert_array_equal(smo.classes_, ["no", "yes"])
    score = smo.decision_function(X.to_numpy())
    assert_array_equal(np.where(score > 0, "yes", "no"), smo.predict(X.to_numpy()))


def test_multiclass_decision_function_ranks_by_votes():
    X, y = load("glass")
    X = X.to_numpy()
    smo = SMOClassifier().fit(X, y)
    scores = smo.decision_function(X)
    assert scores.shape == (len(y), smo.classes_.shape[0])
    votes = np.floor(scores + 1 / 3)  # the confidences stay within ±1/3 of the votes
    n_seen = smo.classes_.shape[0]  # one of the declared classes never occurs
    assert n_seen < smo.weka_classes_.shape[0]
    assert_array_equal(votes.sum(axis=1), n_seen * (n_seen - 1) // 2)
    clear = np.sort(votes, axis=1)[:, -2] < votes.max(axis=1)
    assert_array_equal(smo.classes_[scores.argmax(axis=1)][clear], smo.predict(X)[clear])


def test_probability_is_wekas_logistic_coupling():
    X, y = load("iris")
    X = X.to_numpy()
    smo = SMOClassifier(probability=True).fit(X, y)
    proba = smo.predict_proba(X)
    assert_allclose(proba.sum(axis=1), 1.0)
    assert_array_equal(smo.classes_[proba.argmax(axis=1)], smo.predict(X))
    assert not hasattr(SMOClassifier().fit(X, y), "predict_proba")
    # two classes: the logistic model of the machine's output, increasing in it
    binary = SMOClassifier(probability=True).fit(X, y == "Iris-setosa")
    order = np.argsort(binary.decision_function(X))
    assert np.all(np.diff(binary.predict_proba(X)[order, 1]) >= 0)
