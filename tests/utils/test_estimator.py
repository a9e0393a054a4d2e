"""The package's BaseEstimator: its clone builds what scikit-learn's clone builds."""

import numpy as np
from sklearn.base import _clone_parametrized, clone
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.learners import resolve_estimator
from ensemble_lab.methods import RandomLinearOracle, make


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
