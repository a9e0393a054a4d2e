"""Our Rotation Forest against Weka 3.6's ``RotationForest`` with J48, prediction by prediction.

With ``random_state=1`` we draw what Weka draws for ``-S 1`` and compute Weka's PCA to
the last bit, so the ten members, and hence the predictions, are Weka's. Each dataset
exercises a different path: glass a declared class without instances (a group sampled
from it alone gets Weka's random instances), heart-c nominal and numeric attributes with
missing values, vote binary nominal attributes with missing values, zoo a nominal
attribute with a value per animal (PCA groups of up to 80 binary columns, where the
eigensolver works on whole vectors). Skipped, with the reason, where Java, javac,
or the Weka jar are missing.
"""

import numpy as np
import pytest

from ensemble_lab.datasets import load_arff
from ensemble_lab.evaluation import weka
from ensemble_lab.methods import RotationForestClassifier

pytestmark = pytest.mark.weka

DATASETS = ["glass", "heart-c", "vote", "zoo"]
OPTIONS = (
    '-G 3 -H 3 -P 50 -F "weka.filters.unsupervised.attribute.PrincipalComponents '
    '-R 1.0 -A 5 -M -1" -S 1 -I 10 -W weka.classifiers.trees.J48 -- -C 0.25 -M 2'
)


@pytest.fixture(scope="module")
def folds_and_weka(arff_dir):
    reason = weka.unavailable_reason()
    if reason is not None:
        pytest.skip(f"Weka is not available: {reason}")
    data, jobs = {}, []
    for name in DATASETS:
        path = arff_dir / f"{name}.arff"
        X, y = load_arff(path)
        folds = weka.fold_assignment(y, n_splits=10, random_state=1)
        data[name] = (X, y, folds)
        jobs.append(weka.WekaJob(path, folds, "weka.classifiers.meta.RotationForest", OPTIONS))
    results = weka.run_weka(jobs, timeout=600)
    return data, dict(zip(DATASETS, results))


@pytest.mark.filterwarnings("ignore:The least populated class")
@pytest.mark.parametrize("name", DATASETS)
def test_same_predictions_as_weka(folds_and_weka, name):
    data, results = folds_and_weka
    X, y, folds = data[name]
    ours = weka.cross_predict(
        lambda: RotationForestClassifier("j48", n_estimators=10, random_state=1), X, y, folds
    )
    theirs = y.cat.categories.to_numpy()[results[name].predictions]
    assert np.mean(ours.predictions == theirs) == 1.0
