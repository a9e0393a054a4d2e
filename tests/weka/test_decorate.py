"""Our DECORATE against Weka 3.6's, prediction by prediction.

With J48 members (deterministic) and the same seed, our ``Decorate`` draws Weka's
artificial data and labels, keeps the members Weka keeps and so predicts what Weka
predicts. Each dataset is cross-validated on the same stratified 10-fold split by Weka
(one JVM for all) and by us. Skipped, with the reason, without Java, javac, the Weka
jar.
"""

import numpy as np
import pytest

from ensemble_lab.datasets import load_arff
from ensemble_lab.evaluation import weka
from ensemble_lab.methods import make

pytestmark = pytest.mark.weka

DATASETS = [
    "autos",  # mixed, missing values, a declared class that never occurs, 6 classes
    "glass",  # numeric, 6 classes
    "labor",  # mixed, mostly missing, 57 instances
    "vote",  # nominal, missing values
]
DECORATE = (
    "weka.classifiers.meta.Decorate",
    "-E 10 -R 1.0 -S 1 -I 50 -W weka.classifiers.trees.J48 -- -C 0.25 -M 2",
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
        jobs.append(weka.WekaJob(path, folds, *DECORATE))
    results = weka.run_weka(jobs, timeout=600)
    return data, dict(zip(DATASETS, results))


@pytest.mark.filterwarnings("ignore:The least populated class")
@pytest.mark.parametrize("name", DATASETS)
def test_same_predictions_as_weka(folds_and_weka, name):
    data, results = folds_and_weka
    X, y, folds = data[name]
    ours = weka.cross_predict(lambda: make("N-P-Decorate", random_state=1), X, y, folds)
    weka_labels = y.cat.categories.to_numpy()[results[name].predictions]
    disagree = np.flatnonzero(ours.predictions != weka_labels)
    assert disagree.size == 0, f"{disagree.size} of {len(y)} predictions differ: {disagree[:10]}"
