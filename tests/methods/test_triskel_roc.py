"""ROC analysis of Triskel: bias curves, Prop. 1, the accuracy line, the best bias pair."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from numpy.testing import assert_allclose
from sklearn.datasets import load_breast_cancer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler
from sklearn.svm import SVC

from ensemble_lab.datasets import make_layered_cake
from ensemble_lab.methods import Undersample
from ensemble_lab.methods._triskel_roc import (
    accuracy_line,
    best_bias_pair,
    bias_curves,
    embed_point,
    hard_roc_point,
    pair_scores,
)
from ensemble_lab.reporting._roc_plots import plot_bias_curves, plot_embedded_roc_space


def linear_svm():
    return make_pipeline(MinMaxScaler(), SVC(kernel="linear", C=1))


@pytest.fixture(scope="module")
def cake_curves():
    X, y = make_layered_cake(300, random_state=0)
    return bias_curves(linear_svm(), X, y, biases=np.linspace(0, 0.9, 10))


def test_threshold_bias_curves_run_from_h_towards_the_corners(cake_curves):
    c = cake_curves
    assert c.biases[0] == 0
    assert_allclose((c.fpr_minus[0], c.tpr_minus[0]), c.h_point)
    # h⁺ only loses positive predictions as the bias grows, h⁻ only gains them
    assert np.all(np.diff(c.tpr_plus) <= 0) and np.all(np.diff(c.fpr_plus) <= 0)
    assert np.all(np.diff(c.tpr_minus) >= 0) and np.all(np.diff(c.fpr_minus) >= 0)
    full = bias_curves(linear_svm(), *make_layered_cake(300, random_state=0), biases=[1.0])
    assert (full.fpr_plus[-1], full.tpr_plus[-1]) == (0.0, 0.0)
    assert (full.fpr_minus[-1], full.tpr_minus[-1]) == (1.0, 1.0)


def test_accuracy_line_holds_h(cake_curves):
    c = cake_curves
    fpr, tpr = c.h_point
    assert_allclose(accuracy_line(c.h_accuracy, c.n_pos, c.n_neg, fpr), tpr)
    # a hand-worked point: P = 40, N = 60, accuracy 0.7, FPr 0.2 → TPr = 0.55
    assert_allclose(accuracy_line(0.7, 40, 60, 0.2), (0.7 * 100 - 60 * 0.8) / 40)


def test_proposition_1_embedded_space(cake_curves):
    # single-round Triskel with arbiter h lands where h's point on the hard instances
    # maps to in the embedded space (inclusion holds under thresholding)
    c = cake_curves
    i, j = 4, 3
    pp, pm, h = c.pred_plus[i], c.pred_minus[j], c.pred_plus[0]
    ensemble = np.where(pp == pm, pp, h)
    fpr_e = np.mean(ensemble[c.y == -1] == 1)
    tpr_e = np.mean(ensemble[c.y == 1] == 1)
    inner = hard_roc_point(h, pp, pm, c.y)
    expected = embed_point((c.fpr_plus[i], c.tpr_plus[i]), (c.fpr_minus[j], c.tpr_minus[j]), inner)
    assert_allclose((fpr_e, tpr_e), expected)


def test_pair_scores_against_a_loop():
    X, y = load_breast_cancer(return_X_y=True)
    w = np.random.default_rng(0).uniform(0.5, 2, size=y.size)
    c = bias_curves(linear_svm(), X, y, biases=[0, 0.3, 0.6], sample_weight=w)
    scores = pair_scores(c)
    h, wn = c.pred_plus[0], w / w.sum()
    for i in range(3):
        for j in range(3):
            agree = c.pred_plus[i] == c.pred_minus[j]
            for k, arb in enumerate([h, -h, np.ones_like(h), -np.ones_like(h)]):
                pred = np.where(agree, c.pred_plus[i], arb)
                assert_allclose(scores[i, j, k], wn[pred == c.y].sum())


def test_best_pair_on_layered_cake_beats_h(cake_curves):
    best = best_bias_pair(cake_curves)
    assert best.accuracy > cake_curves.h_accuracy + 0.2
    assert best.bias_plus > 0 and best.bias_minus > 0
    assert best.arbiter == "reversed h"  # the middle bands are the opposite pattern
    assert best.accuracy == pytest.approx(pair_scores(cake_curves).max())


def test_best_pair_is_unbiased_when_nothing_helps():
    X = np.linspace(-1, 1, 60).reshape(-1, 1)
    y = np.where(X[:, 0] > 0, 1, -1)
    best = best_bias_pair(bias_curves(linear_svm(), X, y))
    assert (best.bias_plus, best.bias_minus) == (0.0, 0.0)
    assert best.accuracy == pytest.approx(1.0)


def test_bias_curves_with_undersampling_and_errors():
    X, y = make_layered_cake(200, random_state=1)
    c = bias_curves(linear_svm(), X, y, biases=[0.5, 0.9], strategy=Undersample(), random_state=0)
    assert c.biases.tolist() == [0.0, 0.5, 0.9]
    assert c.tpr_plus[2] < c.tpr_plus[0] < c.tpr_minus[2]
    with pytest.raises(ValueError, match="binary"):
        bias_curves(linear_svm(), X, np.arange(200) % 3)
    with pytest.raises(ValueError, match="pos_label"):
        bias_curves(linear_svm(), X, y, pos_label=7)


def test_plots_return_axes(cake_curves):
    best = best_bias_pair(cake_curves)
    ax = plot_bias_curves(cake_curves, pair=(best.bias_plus, best.bias_minus))
    assert ax.get_xlabel() == "FPr" and len(ax.lines) >= 7
    _, own = plt.subplots()
    assert plot_embedded_roc_space(cake_curves, 0.4, 0.3, ax=own) is own
    with pytest.raises(ValueError, match="grid"):
        plot_embedded_roc_space(cake_curves, 0.45, 0.3)
    plt.close("all")
