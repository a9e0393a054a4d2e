"""The package's BaseEstimator overrides agree with scikit-learn's own machinery.

``Estimator`` (in the compatibility module) reads parameter names once per class, clones
without deep copies and validates a class's simple parameter values once. Each override
is compared here with what scikit-learn itself does, on every public estimator and every
method of the catalogue: a scikit-learn release that changes its behaviour fails here.
"""

import numpy as np
import pytest
from sklearn import config_context
from sklearn.base import BaseEstimator, _clone_parametrized, clone
from sklearn.tree import DecisionTreeClassifier
from sklearn.utils._param_validation import InvalidParameterError

from ensemble_lab.learners import resolve_estimator
from ensemble_lab.methods import RandomLinearOracle, make, names
from ensemble_lab.utils._sklearn_compat import Estimator
from ensemble_lab.utils.discovery import all_estimators

PUBLIC = [cls for _, cls in all_estimators()]
OURS = [cls for cls in PUBLIC if issubclass(cls, Estimator)]
INVALID = object()  # no constraint but "no_validation" accepts a bare object


def _sklearn_param_names(cls):
    return BaseEstimator._get_param_names.__func__(cls)


def _sklearn_validation(est):
    """What scikit-learn's own ``_validate_params`` says: None, or its error message."""
    try:
        BaseEstimator._validate_params(est)
    except InvalidParameterError as error:
        return str(error)
    return None


def _our_validation(est):
    try:
        est._validate_params()
    except InvalidParameterError as error:
        return str(error)
    return None


def test_every_public_estimator_uses_the_compatibility_base():
    assert len(OURS) == len(PUBLIC) >= 20


@pytest.mark.parametrize("cls", OURS, ids=lambda c: c.__name__)
def test_parameter_names_are_sklearns(cls):
    assert cls._get_param_names() == _sklearn_param_names(cls)
    est = cls()
    assert est.get_params(deep=True) == BaseEstimator.get_params(est, deep=True)


@pytest.mark.parametrize("name", names())
def test_clone_of_every_catalogue_method_is_sklearns(name):
    est = make(name, random_state=3)
    _same_unfitted(clone(est), _clone_parametrized(est))


@pytest.mark.parametrize("cls", OURS, ids=lambda c: c.__name__)
def test_clone_of_every_public_estimator_is_sklearns(cls):
    est = cls()
    _same_unfitted(clone(est), _clone_parametrized(est))


@pytest.mark.parametrize("cls", OURS, ids=lambda c: c.__name__)
def test_validation_says_what_sklearns_says(cls):
    est = cls()
    assert _our_validation(est) == _sklearn_validation(est) is None
    assert _our_validation(est) is None  # the remembered answer, second time
    for param, constraints in getattr(cls, "_parameter_constraints", {}).items():
        if constraints == "no_validation":
            continue
        default = getattr(cls(), param)
        # 1, 1.0 and True are equal: a remembered 1 must not pass 1.0 or True.
        alike = [float(default), bool(default)] if type(default) is int else []
        for bad in (INVALID, "not-a-valid-value", -7, *alike):
            est = cls().set_params(**{param: bad})
            expected = _sklearn_validation(est)
            assert _our_validation(est) == expected
            assert _our_validation(est) == expected  # and again, once remembered


def test_switching_validation_off_is_respected_as_sklearn_does():
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    est = resolve_estimator("j48").set_params(confidence_factor="high")
    with pytest.raises(InvalidParameterError, match="confidence_factor"):
        est.fit(X, y)
    with config_context(skip_parameter_validation=True), pytest.raises(ValueError):
        est.fit(X, y)  # validation skipped: the value reaches the learner


def _same_unfitted(a, b):
    assert type(a) is type(b)
    pa, pb = a.get_params(deep=False), b.get_params(deep=False)
    assert pa.keys() == pb.keys()
    for key, value in pa.items():
        if hasattr(value, "get_params"):
            assert value is not pb[key]  # nested estimators are cloned, not shared
            _same_unfitted(value, pb[key])
        else:
            assert value == pb[key]


def test_clone_of_a_nested_estimator_is_sklearns_clone():
    for est in (make("H-P-Bagging", random_state=3), resolve_estimator("j48")):
        ours, theirs = clone(est), _clone_parametrized(est)
        _same_unfitted(ours, theirs)
        _same_unfitted(ours, est)


def test_clone_falls_back_to_sklearn_for_other_parameters():
    tree = DecisionTreeClassifier(max_depth=2)  # not one of ours: deep-copied by sklearn
    oracle = RandomLinearOracle(tree, random_state=np.random.RandomState(0))
    copy = clone(oracle)
    assert copy.estimator is not tree and copy.estimator.max_depth == 2
    assert copy.random_state is not oracle.random_state  # a generator is deep-copied
    assert copy.random_state.randint(1000) == np.random.RandomState(0).randint(1000)


def test_fitted_attributes_are_not_cloned():
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    est = resolve_estimator("j48").fit(X, y)
    assert not hasattr(clone(est), "tree_")
