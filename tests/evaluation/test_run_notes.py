"""What a run keeps beside the numbers: the data's digest, class sizes, the warnings."""

import warnings

import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import load_iris
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.evaluation import (
    ExperimentConfig,
    MethodSpec,
    RepeatedCV,
    load_datasets,
    load_warnings,
    run_experiment,
)
from ensemble_lab.reporting._report import run_notes

X, Y = load_iris(return_X_y=True)
TREE = MethodSpec.from_estimator("tree", DecisionTreeClassifier(random_state=0))


class Noisy(ClassifierMixin, BaseEstimator):
    """A majority vote that warns at every fit, as an unconverged network does."""

    def fit(self, X, y):
        warnings.warn("did not converge in 3 steps", UserWarning, stacklevel=2)
        values, counts = np.unique(y, return_counts=True)
        self.classes_, self.majority_ = values, values[np.argmax(counts)]
        return self

    def predict(self, X):
        return np.full(len(X), self.majority_)


def _config(*methods, name="n"):
    return ExperimentConfig(
        name=name, datasets=("iris",), methods=methods, protocol=RepeatedCV(3, 1), seed=2
    )


def test_growing_a_study_on_changed_data_is_refused(tmp_path):
    # shuffled labels: the same shape and classes, other data
    db = tmp_path / "r.db"
    assert run_experiment(_config(TREE), db, data={"iris": (X, Y)}).complete
    shuffled = np.random.default_rng(0).permutation(Y)
    nb = MethodSpec.from_estimator("nb", Noisy())
    with pytest.raises(ValueError, match="'iris' is not the data this experiment's results"):
        run_experiment(_config(TREE, nb), db, data={"iris": (X, shuffled)})
    # the same data again: growing it is fine
    assert run_experiment(_config(TREE, nb), db, data={"iris": (X, Y)}).complete


def test_warnings_are_kept_in_the_store_not_printed(tmp_path, capfd):
    db = tmp_path / "r.db"
    summary = run_experiment(_config(TREE, MethodSpec.from_estimator("noisy", Noisy())), db,
                             data={"iris": (X, Y)})  # fmt: skip
    assert summary.complete
    assert "did not converge" not in capfd.readouterr().err
    kept = load_warnings(db, "n")
    assert kept[["method", "warning", "tasks"]].values.tolist() == [
        ["noisy", "UserWarning: did not converge in 3 steps", 3]
    ]
    notes = run_notes(load_datasets(db, "n"), kept, folds=3)
    assert notes == [
        "noisy warned in 3 task(s) (iris): UserWarning: did not converge in 3 steps (kept in "
        "the store, not printed during the run)."
    ]


def test_classes_smaller_than_the_folds_are_said_once(tmp_path):
    y = np.array(["a"] * 20 + ["b"] * 8 + ["c"] * 2)
    data = {"tiny": (np.random.default_rng(0).normal(size=(30, 2)), y)}
    config = ExperimentConfig(
        name="t", datasets=("tiny",), methods=(TREE,), protocol=RepeatedCV(10, 1)
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is printed about it during the run
        assert run_experiment(config, tmp_path / "r.db", data=data).complete
    datasets = load_datasets(tmp_path / "r.db", "t")
    assert datasets["class_counts"].tolist() == [{"a": 20, "b": 8, "c": 2}]
    (note,) = run_notes(datasets, load_warnings(tmp_path / "r.db", "t"), folds=10)
    assert note.endswith("tiny (b 8, c 2).")
