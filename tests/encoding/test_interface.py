"""The declared interface between the shared encoding and the learners that read it."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_allclose, assert_array_equal
from sklearn.linear_model import LogisticRegression
from sklearn.tree import DecisionTreeClassifier

import ensemble_lab
from ensemble_lab.encoding import (
    EncodedLearner,
    EncodedPredictor,
    EncoderWrapper,
    encode_training,
    fit_member,
    member_distribution,
)
from ensemble_lab.encoding import TestData as EncodedRows
from ensemble_lab.learners import (
    C45TreeClassifier,
    EncodedClassifier,
    RandomTreeClassifier,
    make_learner,
)
from ensemble_lab.methods import RandomLinearOracle

PACKAGE = Path(ensemble_lab.__file__).parent
PROTOCOL = ("_fit_encoded", "_encoded_distribution")


@pytest.mark.parametrize("cls", [C45TreeClassifier, RandomTreeClassifier, RandomLinearOracle])
def test_the_learners_that_read_the_encoding_declare_it(cls):
    assert issubclass(cls, EncodedLearner)
    assert issubclass(cls, EncodedPredictor)


def test_a_learner_behind_its_own_encoder_declares_it():
    assert isinstance(make_learner("smo"), EncoderWrapper)
    assert issubclass(EncodedClassifier, EncoderWrapper)
    assert not isinstance(make_learner("j48"), EncoderWrapper)


def _defined_methods(path: Path) -> list[tuple[str, str]]:
    """(class, method) of every method of the interface a class of ``path`` defines."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ClassDef):
            found += [
                (node.name, item.name)
                for item in node.body
                if isinstance(item, ast.FunctionDef) and item.name in PROTOCOL
            ]
    return found


def test_every_class_with_the_interfaces_methods_derives_from_it():
    """A class that implements the methods without declaring them would be skipped."""
    declared = {"EncodedPredictor", "EncodedLearner"}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for name, method in _defined_methods(path):
            if name in declared:
                continue
            cls = getattr(__import__(module, fromlist=[name]), name)
            wanted = EncodedLearner if method == "_fit_encoded" else EncodedPredictor
            assert issubclass(cls, wanted), f"{module}.{name} defines {method}"


def test_no_module_asks_a_learner_for_the_interface_by_name():
    asked = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "hasattr"
        and any(isinstance(a, ast.Constant) and a.value in PROTOCOL for a in node.args)
    ]
    assert asked == []


@pytest.fixture
def mixed():
    rng = np.random.default_rng(0)
    X = pd.DataFrame(
        {
            "colour": pd.Categorical(rng.choice(["red", "green", "blue"], 60)),
            "size": rng.normal(size=60),
        }
    )
    y = np.where((X["colour"] == "red") | (X["size"] > 0.5), "yes", "no")
    return X, y


def test_fit_member_gives_any_other_learner_the_rows_and_their_weights(mixed):
    X, y = mixed
    data = encode_training(DecisionTreeClassifier(), X.assign(colour=X.colour.cat.codes), y)
    rows = np.array([0, 0, 3, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 21, 22])
    weight = np.linspace(0.5, 2.0, data.n_samples)
    member = fit_member(LogisticRegression(), data, rows, weight)
    Xs = np.asarray(data.source)[rows]
    direct = LogisticRegression().fit(Xs, data.labels(rows), sample_weight=weight[rows])
    assert_allclose(member.coef_, direct.coef_, rtol=1e-6)


def test_member_distribution_maps_a_vote_onto_the_ensembles_classes(mixed):
    X, y = mixed
    numeric = X.assign(colour=X.colour.cat.codes)
    data = encode_training(DecisionTreeClassifier(), numeric, y)

    class Voter:
        def predict(self, rows):
            return np.full(len(rows), "yes")

    dist = member_distribution(Voter(), data.classes, EncodedRows(data.X, numeric))
    assert_array_equal(dist, np.tile([0.0, 1.0], (len(y), 1)))  # classes no, yes


def test_an_encoded_learner_trains_on_the_shared_rows(mixed):
    X, y = mixed
    tree = C45TreeClassifier()
    data = encode_training(tree, X, y)
    member = fit_member(C45TreeClassifier(), data)
    test = EncodedRows(data.X, X)
    assert_array_equal(
        member_distribution(member, data.classes, test),
        C45TreeClassifier().fit(X, y).predict_proba(X),
    )
