"""HDA and NDA as transformers: the LDA/PCA limits, the regularisation rule, bad input."""

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose
from scipy.linalg import subspace_angles
from sklearn.datasets import load_iris, load_wine
from sklearn.decomposition import PCA
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.preprocessing import StandardScaler

from ensemble_lab.projections import HDA, NDA, class_scatter, regularized_within_scatter


@pytest.fixture(scope="module")
def wine():
    X, y = load_wine(return_X_y=True)
    return StandardScaler().fit_transform(X), y


def test_hda_zero_zero_spans_the_lda_subspace(wine):
    X, y = wine
    hda = HDA(n_components=2, lam=0.0, eta=0.0).fit(X, y)
    lda = LinearDiscriminantAnalysis(solver="eigen").fit(X, y)
    angles = subspace_angles(hda.components_.T, lda.scalings_[:, :2])
    assert_allclose(angles, 0.0, atol=1e-8)


def test_hda_zero_zero_two_classes_matches_fisher_direction():
    X, y = load_iris(return_X_y=True)
    X, y = X[y > 0], y[y > 0]
    hda = HDA(n_components=1, lam=0.0, eta=0.0).fit(X, y)
    lda = LinearDiscriminantAnalysis(solver="eigen").fit(X, y)
    assert_allclose(subspace_angles(hda.components_.T, lda.scalings_[:, :1]), 0.0, atol=1e-8)
    # only one direction carries between-class information
    full = HDA(lam=0.0, eta=0.0).fit(X, y)
    assert full.eigenvalues_[0] > 1.0
    assert_allclose(full.eigenvalues_[1:], 0.0, atol=1e-10)


@pytest.mark.parametrize("n_components", [1, 3, 5])
def test_hda_one_one_spans_the_pca_subspace(wine, n_components):
    X, y = wine
    hda = HDA(n_components=n_components, lam=1.0, eta=1.0).fit(X, y)
    pca = PCA(n_components=n_components).fit(X)
    angles = subspace_angles(hda.components_.T, pca.components_.T)
    assert_allclose(angles, 0.0, atol=1e-8)
    assert_allclose(hda.eigenvalues_, pca.explained_variance_ * (len(X) - 1) / len(X))


def test_transform_is_centred_projection(wine):
    X, y = wine
    hda = HDA(n_components=4).fit(X, y)
    assert_allclose(hda.transform(X), (X - X.mean(axis=0)) @ hda.components_.T)
    assert hda.transform(X).shape == (len(X), 4)
    assert HDA().fit(X, y).transform(X).shape == X.shape  # default: full rank, d outputs


@pytest.mark.parametrize("projection", [HDA(lam=0.0, eta=0.0), NDA()])
def test_regularisation_kicks_in_exactly_below_four_samples_per_dimension(projection):
    rng = np.random.default_rng(0)
    d = 5
    X = rng.normal(size=(4 * d, d))
    y = np.arange(4 * d) % 2
    assert projection.fit(X[: 4 * d - 1], y[: 4 * d - 1]).regularized_
    assert not projection.fit(X, y).regularized_
    assert projection.set_params(regularize=True).fit(X, y).regularized_
    assert not projection.set_params(regularize=False).fit(X[:5], y[:5]).regularized_


def test_regularised_hda_uses_eq4_within_scatter():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(11, 4))  # 11 < 16: regularised
    y = np.arange(11) % 3
    hda = HDA(lam=0.0, eta=0.0).fit(X, y)
    assert hda.regularized_
    S_wR = regularized_within_scatter(class_scatter(X, y).within)
    W = hda.components_
    assert_allclose(W @ S_wR @ W.T, np.eye(4), atol=1e-9)
    S_b = class_scatter(X, y).between
    assert_allclose(S_b @ W.T, S_wR @ W.T * hda.eigenvalues_, atol=1e-9)


def test_nda_is_not_limited_to_l_minus_one_directions():
    # two classes, separated along x0 by their means and along x1 by their spread only
    rng = np.random.default_rng(2)
    a = rng.normal(size=(200, 2)) * [1.0, 0.2]
    b = rng.normal(size=(200, 2)) * [1.0, 3.0] + [3.0, 0.0]
    X, y = np.vstack([a, b]), np.repeat([0, 1], 200)
    nda = NDA(k=5).fit(X, y)
    assert np.all(nda.eigenvalues_ > 0.05)
    lda_like = HDA(lam=0.0, eta=0.0).fit(X, y)
    assert lda_like.eigenvalues_[1] < 1e-10


def test_nda_k_one_alpha_zero_weighs_everything_a_half():
    X, y = load_iris(return_X_y=True)
    nda = NDA(k=1, alpha=0.0).fit(X, y)
    assert nda.components_.shape == (4, 4)
    assert np.isfinite(nda.transform(X)).all()


def test_sample_weight_zero_is_the_same_as_leaving_the_instance_out():
    X, y = load_iris(return_X_y=True)
    sw = np.ones(len(y))
    sw[::7] = 0.0
    keep = sw > 0
    for proj in (HDA(), NDA()):
        weighted = proj.fit(X, y, sample_weight=sw).transform(X)
        subset = proj.fit(X[keep], y[keep]).transform(X)
        assert_allclose(weighted, subset, atol=1e-10)


def test_string_labels_and_feature_names():
    X, y = load_iris(return_X_y=True, as_frame=True)
    labels = np.array(["setosa", "versicolor", "virginica"])[y]
    nda = NDA(n_components=2).fit(X, labels)
    assert list(nda.classes_) == ["setosa", "versicolor", "virginica"]
    assert list(nda.get_feature_names_out()) == ["nda0", "nda1"]
    assert list(HDA(n_components=1).fit(X, labels).get_feature_names_out()) == ["hda0"]


def test_singular_within_scatter_gets_a_ridge():
    X, y = load_iris(return_X_y=True)
    X = np.hstack([X, X[:, :1]])  # a duplicated feature: S_w is singular
    hda = HDA(lam=0.0, eta=0.0, regularize=False).fit(X, y)
    assert hda.ridge_ > 0
    assert np.isfinite(hda.transform(X)).all()


def test_errors_name_the_problem():
    X, y = load_iris(return_X_y=True)
    with pytest.raises(ValueError, match="at least two classes"):
        HDA(lam=0.0).fit(X, np.zeros(len(X)))
    with pytest.raises(ValueError, match="at least two classes"):
        NDA().fit(X, y, sample_weight=(y == 1).astype(float))
    with pytest.raises(ValueError, match="n_components=5 must be at most"):
        NDA(n_components=5).fit(X, y)
    with pytest.raises(ValueError, match="lam"):
        HDA(lam=1.5).fit(X, y)
    with pytest.raises(ValueError, match="alpha"):
        NDA(alpha=-1.0).fit(X, y)
    with pytest.raises(ValueError, match="NaN"):
        NDA().fit(np.where(X > 7, np.nan, X), y)
    with pytest.raises(ValueError, match="features"):
        HDA().fit(X, y).transform(X[:, :3])


def test_dataframe_with_nominal_columns_is_rejected_with_a_hint():
    X = pd.DataFrame({"a": [1.0, 2.0, 3.0, 4.0], "b": pd.Categorical(list("xyxy"))})
    with pytest.raises(ValueError, match="MixedEncoder"):
        HDA().fit(X, [0, 1, 0, 1])
