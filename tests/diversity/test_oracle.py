"""oracle_outputs on real fitted ensembles, against the members' own predictions."""

import numpy as np
import pytest
from numpy.testing import assert_array_equal
from sklearn.datasets import load_iris
from sklearn.ensemble import AdaBoostClassifier, BaggingClassifier
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab import BoostingClassifier
from ensemble_lab.datasets import load
from ensemble_lab.diversity import oracle_outputs
from ensemble_lab.methods import make

X, Y = load_iris(return_X_y=True)
LABELS = np.array(["setosa", "versicolor", "virginica"])[Y]


def test_bagging_members_on_feature_subsets_with_string_labels():
    # sklearn's bagging trains members on class indices and on column subsets.
    bag = BaggingClassifier(
        DecisionTreeClassifier(max_depth=2), n_estimators=6, max_features=2, random_state=0
    ).fit(X, LABELS)
    oracle = oracle_outputs(bag, X, LABELS)
    assert oracle.shape == (150, 6)
    for i, (member, cols) in enumerate(zip(bag.estimators_, bag.estimators_features_)):
        expected = bag.classes_[member.predict(X[:, cols]).astype(int)] == LABELS
        assert_array_equal(oracle[:, i], expected)


def test_members_trained_on_labels_are_not_decoded():
    y = Y + 1  # integer labels 1..3 that are not indices
    ada = AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=5).fit(X, y)
    oracle = oracle_outputs(ada, X, y)
    expected = np.column_stack([m.predict(X) == y for m in ada.estimators_])
    assert_array_equal(oracle, expected)


def test_boosting_members_and_member_predictions_agree():
    clf = BoostingClassifier(DecisionTreeClassifier(max_depth=1), 8, random_state=0)
    clf.fit(X, LABELS)
    preds = np.column_stack([clf.classes_[m.predict(X)] for m in clf.estimators_])
    assert_array_equal(oracle_outputs(clf, X, LABELS), preds == LABELS[:, None])
    assert_array_equal(oracle_outputs(y=LABELS, member_predictions=preds), preds == LABELS[:, None])


def test_oracle_hosts_on_nominal_data_judge_members_on_their_own_input():
    # vote: 16 nominal attributes with missing values. The bagging host trains its members
    # on the data it encoded once; each member (an oracle) also predicts from the frame.
    X_vote, y_vote = load("vote")
    bag = make("H-P-Bagging", random_state=0).fit(X_vote, y_vote)
    oracle = oracle_outputs(bag, X_vote, y_vote)
    for i, member in enumerate(bag.estimators_):
        expected = member.predict(X_vote) == y_vote
        assert_array_equal(oracle[:, i], expected)


def test_oracle_outputs_errors():
    with pytest.raises(ValueError, match="fit it first"):
        oracle_outputs(BaggingClassifier(), X, Y)
    with pytest.raises(ValueError, match="n_samples"):
        oracle_outputs(y=Y, member_predictions=np.zeros((10, 3)))
    with pytest.raises(ValueError, match="either"):
        oracle_outputs(y=Y)
