"""Any estimator in an experiment file, by import path, beside the registered methods."""

import textwrap

import pytest
from sklearn.ensemble import RandomForestClassifier

from ensemble_lab.evaluation import (
    ExperimentConflictError,
    load_config,
    load_results,
    run_experiment,
)

FILE = """
name = "mixed"
datasets = ["diabetes", "iris"]
seed = 3
baseline = "J48"

[protocol]
kind = "cv"
folds = 3

[[methods]]
name = "J48"

[[methods]]
name = "H-P-Bagging"
params = { n_estimators = 5 }

[[methods]]
estimator = "sklearn.ensemble:RandomForestClassifier"
params = { n_estimators = 20, max_depth = 4 }

[[methods]]
estimator = "imblearn.ensemble:BalancedBaggingClassifier"
label = "BalancedBagging"
[methods.params]
n_estimators = 5
estimator = { estimator = "sklearn.tree:DecisionTreeClassifier", params = { max_depth = 3 } }
"""


def _write(tmp_path, text=FILE, name="e.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def test_scikit_learn_and_imbalanced_learn_models_run_beside_registered_methods(tmp_path):
    config = load_config(_write(tmp_path))
    labels = [m.label for m in config.methods]
    assert labels == ["J48", "H-P-Bagging", "RandomForestClassifier", "BalancedBagging"]
    forest = config.methods[2].estimator
    assert isinstance(forest, RandomForestClassifier) and forest.max_depth == 4
    nested = config.methods[3].estimator.estimator
    assert type(nested).__name__ == "DecisionTreeClassifier" and nested.max_depth == 3
    summary = run_experiment(config, tmp_path / "r.db")
    assert summary.complete and summary.done == 2 * 4 * 3
    results = load_results(tmp_path / "r.db")
    assert set(results["method"]) == set(labels)
    # the store identifies a method by class path and parameters
    stored = config.to_dict()["methods"][2]["estimator"]
    assert stored["class"] == "sklearn.ensemble._forest.RandomForestClassifier"
    assert stored["params"]["max_depth"] == 4
    # the same file resumes; a changed parameter is another method
    assert run_experiment(load_config(_write(tmp_path)), tmp_path / "r.db").skipped == 24
    changed = _write(tmp_path, FILE.replace("max_depth = 4", "max_depth = 5"), "f.toml")
    with pytest.raises(ExperimentConflictError, match="'RandomForestClassifier' is defined"):
        run_experiment(load_config(changed), tmp_path / "r.db")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ('estimator = "no_such_pkg.mod:Model"', "cannot import module 'no_such_pkg.mod'"),
        ('estimator = "sklearn.ensemble:NoForest"', "module 'sklearn.ensemble' has no 'NoForest'"),
        (
            'estimator = "sklearn.ensemble:RandomForestClassifier"\nparams = { trees = 3 }',
            "cannot construct sklearn.ensemble:RandomForestClassifier",
        ),
        ('estimator = "sklearn.ensemble:RandomForestClassifier"\nname = "J48"', "exactly one"),
        ('estimator = "math:sqrt"', "'math:sqrt' is not a class"),
        ('estimator = "sklearn.preprocessing:StandardScaler"\nbase = "j48"', "'base' goes with"),
    ],
)
def test_a_bad_estimator_entry_is_one_clear_error_before_anything_runs(tmp_path, entry, message):
    text = f'name = "x"\ndatasets = ["iris"]\n[[methods]]\n{entry}\n'
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_config(_write(tmp_path, text))
    assert not (tmp_path / "r.db").exists()
