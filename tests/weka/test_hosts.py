"""Weka's ensemble hosts with J48 members against Weka 3.6, prediction by prediction.

With the same seed, our hosts draw from ``java.util.Random`` what Weka's draw (bags,
subspaces, wagging weights, the data-seeded generator), and J48 is deterministic, so the
ensembles are Weka's own: every test prediction must agree. Same folds and skips as
``test_agreement.py``.
"""

import numpy as np
import pytest

from ensemble_lab.datasets import load_arff
from ensemble_lab.evaluation import weka
from ensemble_lab.methods import (
    RandomSubspaceClassifier,
    WekaAdaBoostM1,
    WekaBaggingClassifier,
    WekaMultiBoostAB,
    make,
)

pytestmark = pytest.mark.weka

DATASETS = ["audiology", "autos", "credit-a", "glass", "labor", "vote"]
J48 = "-W weka.classifiers.trees.J48 -- -C 0.25 -M 2"

# name -> (Weka class, options, our estimator)
HOSTS = {
    "N-P-Bagging": (
        "weka.classifiers.meta.Bagging", f"-P 100 -S 1 -I 10 {J48}",
        lambda: make("N-P-Bagging", random_state=1),
    ),
    "bagging-60%-seed-3": (
        "weka.classifiers.meta.Bagging", f"-P 60 -S 3 -I 10 {J48}",
        lambda: WekaBaggingClassifier("j48", 10, bag_size_percent=60, random_state=3),
    ),
    "N-P-AdaBoostM1 (W)": (
        "weka.classifiers.meta.AdaBoostM1", f"-P 100 -S 1 -I 10 {J48}",
        lambda: make("N-P-AdaBoostM1 (W)", random_state=1),
    ),
    "N-P-AdaBoostM1 (S)": (  # -Q: resampleWithWeights of one Random(-S) per fit
        "weka.classifiers.meta.AdaBoostM1", f"-P 100 -Q -S 1 -I 10 {J48}",
        lambda: make("N-P-AdaBoostM1 (S)", random_state=1),
    ),
    "adaboost-resampling-seed-6": (
        "weka.classifiers.meta.AdaBoostM1", f"-P 100 -Q -S 6 -I 7 {J48}",
        lambda: WekaAdaBoostM1("j48", 7, mode="resample", random_state=6),
    ),
    "N-P-MultiBoost (W)": (
        "weka.classifiers.meta.MultiBoostAB", f"-C 3 -P 100 -S 1 -I 10 {J48}",
        lambda: make("N-P-MultiBoost (W)", random_state=1),
    ),
    "N-P-MultiBoost (S)": (  # the resampling and the wagging each have a Random(-S)
        "weka.classifiers.meta.MultiBoostAB", f"-C 3 -P 100 -Q -S 1 -I 10 {J48}",
        lambda: make("N-P-MultiBoost (S)", random_state=1),
    ),
    "multiboost-2-subcommittees-seed-4": (  # wagging after members 4 and 8 of 9
        "weka.classifiers.meta.MultiBoostAB", f"-C 2 -P 100 -S 4 -I 9 {J48}",
        lambda: WekaMultiBoostAB("j48", 9, mode="reweight", n_subcommittees=2, random_state=4),
    ),
    "N-P-Rand. Subs. (50%)": (
        "weka.classifiers.meta.RandomSubSpace", f"-P 0.5 -S 1 -I 10 {J48}",
        lambda: make("N-P-Rand. Subs. (50%)", random_state=1),
    ),
    "subspace-75%-seed-7": (
        "weka.classifiers.meta.RandomSubSpace", f"-P 0.75 -S 7 -I 5 {J48}",
        lambda: RandomSubspaceClassifier("j48", 5, subspace_size=0.75, random_state=7),
    ),
    "N-U-Random Forest": (
        "weka.classifiers.trees.RandomForest", "-I 10 -K 0 -S 1",
        lambda: make("N-U-Random Forest", random_state=1),
    ),
    "random-forest-seed-5": (  # a class leads by 4e-17 on autos: no J48 slack in the vote
        "weka.classifiers.trees.RandomForest", "-I 10 -K 0 -S 5",
        lambda: make("N-U-Random Forest", random_state=5),
    ),
}  # fmt: skip


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
        for host, (cls, options, _) in HOSTS.items():
            jobs.append((name, host, weka.WekaJob(path, folds, cls, options)))
    results = weka.run_weka([job for _, _, job in jobs], timeout=600)
    return data, {(name, host): r for (name, host, _), r in zip(jobs, results)}


@pytest.mark.parametrize("name", DATASETS)
@pytest.mark.parametrize("host", list(HOSTS))
def test_host_predicts_what_weka_predicts(folds_and_weka, host, name):
    data, results = folds_and_weka
    X, y, folds = data[name]
    theirs = y.cat.categories.to_numpy()[results[name, host].predictions]
    ours = weka.cross_predict(HOSTS[host][2], X, y, folds).predictions
    assert np.mean(ours == theirs) == 1.0
