"""The named presets: construction, mixed data, weights, persistence, sklearn checks."""

import pickle
import signal
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.base import clone
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVC
from sklearn.utils.estimator_checks import check_estimator
from sklearn.utils.validation import has_fit_parameter

from ensemble_lab.learners import (
    SVM_MAX_ITER,
    C45TreeClassifier,
    EncodedClassifier,
    MixedEncoder,
    MixedNaiveBayes,
    SMOClassifier,
    learner_names,
    make_learner,
)

NAMES = ["j48", "j48-binary", "j48-unpruned", "mlp", "nb", "qda", "rbf-svm", "smo"]


@pytest.fixture(autouse=True)
def _quiet_mlp():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        yield


def mixed_frame(n=90, seed=0):
    rng = np.random.default_rng(seed)
    y = rng.choice(["low", "mid", "high"], size=n)
    num = rng.normal(size=n) + (y == "high") * 2
    cat = np.where(y == "low", "p", rng.choice(["q", "r"], size=n))
    X = pd.DataFrame(
        {
            "num": num,
            "cat": pd.Categorical(cat),
            "obj": rng.choice(["s", "t"], size=n).astype(object),
        }
    )
    X.loc[rng.choice(n, 9, replace=False), "num"] = np.nan
    X.loc[rng.choice(n, 9, replace=False), "cat"] = np.nan
    X.loc[rng.choice(n, 5, replace=False), "obj"] = np.nan
    return X, y


def test_learner_names():
    assert learner_names() == NAMES


def test_unknown_name_lists_valid_ones():
    valid = "j48, j48-binary, j48-unpruned, mlp, nb, qda, rbf-svm, smo"
    with pytest.raises(ValueError, match=rf"'c4\.5'.*{valid}"):
        make_learner("c4.5")


def test_params_reach_the_learner():
    assert make_learner("J48", confidence_factor=0.1).confidence_factor == 0.1
    smo = make_learner("smo", C=10, probability=True)
    assert (smo.estimator.C, smo.estimator.probability) == (10, True)
    assert (smo.scale, smo.encoding) == ("none", "weka")
    assert make_learner("mlp", random_state=3).random_state == 3
    assert isinstance(make_learner("nb"), MixedNaiveBayes)
    with pytest.raises(ValueError, match="Invalid parameter"):
        make_learner("nb", C=1)


@pytest.mark.parametrize("name", NAMES)
def test_mixed_frame_weights_clone_pickle(name):
    X, y = mixed_frame()
    est = make_learner(name)
    if "random_state" in est.get_params():
        est.set_params(random_state=0)
    assert has_fit_parameter(est, "sample_weight")
    w = np.random.default_rng(0).uniform(0.5, 2, size=len(y))
    est.fit(X, y, sample_weight=w)
    pred = est.predict(X)
    assert set(pred) <= {"low", "mid", "high"}
    assert np.mean(pred == y) > 0.6  # "low" is given away by the nominal column
    again = pickle.loads(pickle.dumps(est))
    assert_array_equal(again.predict(X), pred)
    fresh = clone(est).fit(X, y, sample_weight=w)
    assert_array_equal(fresh.predict(X), pred)
    # Numeric arrays work as well.
    Xn = np.nan_to_num(X[["num"]].to_numpy())
    assert clone(est).fit(Xn, y).predict(Xn).shape == (len(y),)


def test_smo_is_weka_encoding_then_weka_smo():
    X, y = mixed_frame(seed=1)
    smo = make_learner("smo").fit(X, y)
    Z = MixedEncoder(scale="none", encoding="weka").fit_transform(X)
    assert Z.shape[1] == 1 + 3 + 1  # num; cat: p, q, r; obj: s or t in one column
    direct = SMOClassifier().fit(Z, y)
    assert_array_equal(smo.decision_function(X), direct.decision_function(Z))
    assert_array_equal(smo.predict(X), direct.predict(Z))


def test_smo_probability_only_when_asked():
    X, y = mixed_frame(seed=2)
    smo = make_learner("smo").fit(X, y)
    assert not hasattr(smo, "predict_proba")
    calibrated = make_learner("smo", probability=True, random_state=0).fit(X, y)
    proba = calibrated.predict_proba(X)
    assert_allclose(proba.sum(axis=1), 1.0)
    binary = make_learner("smo").fit(X, y == "high")
    assert binary.decision_function(X).shape == (len(y),)
    assert_array_equal(binary.decision_function(X) > 0, binary.predict(X))


def test_zero_weight_means_absent_for_encoded_learners():
    X, y = mixed_frame(seed=3)
    keep = np.random.default_rng(0).random(len(y)) < 0.7
    a = make_learner("smo").fit(X, y, sample_weight=keep.astype(float))
    b = make_learner("smo").fit(X[keep], y[keep])
    assert_allclose(a.decision_function(X), b.decision_function(X), atol=1e-6)


def test_mlp_honours_sample_weight():
    X, y = mixed_frame(seed=4)
    w = np.where(y == "mid", 20.0, 1.0)
    plain = make_learner("mlp", random_state=0).fit(X, y)
    weighted = make_learner("mlp", random_state=0).fit(X, y, sample_weight=w)
    assert np.mean(weighted.predict(X) == "mid") > np.mean(plain.predict(X) == "mid")


FAST_PRESETS = ["j48-unpruned", "qda", "rbf-svm"]  # the others are in tests/test_common.py


@pytest.mark.parametrize("name", FAST_PRESETS)
def test_preset_passes_check_estimator(name):
    est = make_learner(name)
    check_estimator(est, expected_failed_checks=getattr(est, "_expected_failed_checks", {}))


@pytest.mark.slow
def test_mlp_preset_passes_check_estimator():
    est = make_learner("mlp")
    check_estimator(est, expected_failed_checks=est._expected_failed_checks)


def test_default_instances_are_the_presets():
    # tests/test_common.py checks the classes with default arguments: make sure those are
    # the j48, smo and nb presets (for the smo preset, its inner learner).
    assert C45TreeClassifier().get_params() == make_learner("j48").get_params()
    assert repr(EncodedClassifier()._make_estimator()) == repr(make_learner("smo").estimator)
    assert SMOClassifier().get_params() == make_learner("smo").estimator.get_params()


def test_learner_without_sample_weight_is_refused_clearly():
    from sklearn.neighbors import KNeighborsClassifier

    X, y = mixed_frame()
    est = EncodedClassifier(KNeighborsClassifier())
    assert est.fit(X, y).predict(X).shape == y.shape
    with pytest.raises(TypeError, match="KNeighborsClassifier does not accept sample_weight"):
        est.fit(X, y, sample_weight=np.ones(len(y)))


@pytest.mark.parametrize("name", ["j48", "nb", "smo", "qda"])
def test_skops_round_trip(name):
    sio = pytest.importorskip("skops.io")
    X, y = mixed_frame(seed=5)
    est = make_learner(name).fit(X, y)
    data = sio.dumps(est)
    loaded = sio.loads(data, trusted=sio.get_untrusted_types(data=data))
    assert_array_equal(loaded.predict(X), est.predict(X))


def test_svm_presets_stop_where_libsvm_cycles():
    # 15 rows of an undersampled one-vs-rest problem of anneal.orig (already encoded and
    # scaled) on which scikit-learn's libsvm never stops without an iteration cap.
    data = np.load(Path(__file__).parent / "data" / "libsvm_cycle.npz")
    X, y = data["X"], data["y"]
    assert make_learner("rbf-svm").estimator.max_iter == SVM_MAX_ITER
    svc = SVC(kernel="linear", C=1.0, max_iter=SVM_MAX_ITER)
    signal.signal(signal.SIGALRM, _too_long)
    signal.alarm(120)
    try:
        with pytest.warns(ConvergenceWarning):
            capped = clone(svc).fit(X, y)
    finally:
        signal.alarm(0)
    assert capped.fit_status_ == 1  # stopped by the cap, not converged
    # The model at the cap is the one the solver had already reached long before.
    early = clone(svc).set_params(max_iter=10_000)
    with pytest.warns(ConvergenceWarning):
        early.fit(X, y)
    assert_allclose(capped.coef_, early.coef_)
    assert_array_equal(capped.predict(X), early.predict(X))
    # Weka's optimiser, behind the smo preset, stops on its own.
    signal.alarm(120)
    try:
        smo = SMOClassifier().fit(X, y)
    finally:
        signal.alarm(0)
    assert_array_equal(smo.predict(X), early.predict(X))


def _too_long(signum, frame):
    raise AssertionError("the SVM fit did not stop: the iteration cap is not in effect")


@pytest.mark.parametrize("name", NAMES)
def test_numeric_frame_keeps_its_column_names(name):
    # The all-numeric DataFrame becomes an array in validation; its names must not be lost.
    X = pd.DataFrame({"a": np.arange(40.0), "b": np.arange(40.0) % 7})
    y = np.arange(40) % 2
    model = make_learner(name).fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        model.predict(X)
    assert_array_equal(model.feature_names_in_, ["a", "b"])
