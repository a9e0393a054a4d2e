"""MLPProjection: the network's own hidden layer, non-linear, seeded, and bad input named."""

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from scipy.special import softmax
from sklearn.datasets import load_wine, make_circles
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

from ensemble_lab.projections import HDA, MLPProjection


@pytest.fixture(scope="module")
def circles():
    return make_circles(200, noise=0.05, factor=0.4, random_state=0)


@pytest.mark.parametrize("activation", ["logistic", "tanh", "relu"])
def test_transform_is_the_hidden_layer_that_feeds_the_networks_output(activation):
    X, y = load_wine(return_X_y=True)
    X = StandardScaler().fit_transform(X)
    projection = MLPProjection(activation=activation, random_state=0).fit(X, y)
    H = projection.transform(X)
    assert H.shape == (len(y), X.shape[1])  # as many hidden units as inputs by default
    network = projection.network_
    # the network's class probabilities recomputed from the hidden layer by hand
    probabilities = softmax(H @ network.coefs_[1] + network.intercepts_[1], axis=1)
    assert_allclose(probabilities, network.predict_proba(X), atol=1e-12)


def test_logistic_hidden_layer_is_sigmoid_of_the_first_layer(circles):
    X, y = circles
    projection = MLPProjection(n_components=5, random_state=1).fit(X, y)
    W, b = projection.network_.coefs_[0], projection.network_.intercepts_[0]
    assert_allclose(projection.transform(X), 1.0 / (1.0 + np.exp(-(X @ W + b))))
    assert projection.get_feature_names_out().tolist() == [f"mlpprojection{i}" for i in range(5)]


def test_the_projection_separates_what_no_linear_projection_can(circles):
    # concentric circles: a linear classifier after any linear projection is at chance,
    # after the hidden layer of a network trained on the classes it separates them
    X, y = circles
    linear = LogisticRegression().fit(HDA().fit_transform(X, y), y)
    hidden = MLPProjection(n_components=8, random_state=0).fit_transform(X, y)
    assert linear.score(HDA().fit_transform(X, y), y) < 0.7
    assert LogisticRegression().fit(hidden, y).score(hidden, y) > 0.97


def test_random_state_fixes_the_projection(circles):
    X, y = circles
    a = MLPProjection(random_state=3).fit(X, y).transform(X)
    assert_array_equal(a, MLPProjection(random_state=3).fit(X, y).transform(X))
    assert not np.allclose(a, MLPProjection(random_state=4).fit(X, y).transform(X))


def test_sample_weight_zero_is_the_same_as_leaving_the_instance_out(circles):
    X, y = circles
    sw = np.ones(len(y))
    sw[:30] = 0.0
    weighted = MLPProjection(random_state=0).fit(X, y, sample_weight=sw)
    dropped = MLPProjection(random_state=0).fit(X[30:], y[30:])
    assert_allclose(weighted.transform(X), dropped.transform(X))


def test_errors_name_the_problem(circles):
    X, y = circles
    with pytest.raises(ValueError, match="at least two classes"):
        MLPProjection().fit(X, np.zeros(len(y)))
    with pytest.raises(ValueError, match="n_components"):
        MLPProjection(n_components=0).fit(X, y)
    with pytest.raises(ValueError, match="activation"):
        MLPProjection(activation="identity").fit(X, y)
    with pytest.raises(ValueError, match="2 features"):
        MLPProjection(random_state=0).fit(X, y).transform(np.ones((3, 4)))
    frame = pd.DataFrame({"a": X[:, 0], "colour": pd.Categorical(["red", "blue"] * 100)})
    with pytest.raises(ValueError, match="MixedEncoder"):
        MLPProjection().fit(frame, y)
