"""Our RandomTree against Weka 3.6's, alone and as the members of Weka's RandomForest.

The same stratified 10-fold splits of the packaged datasets (nominal-heavy, numeric, with
missing values) go to Weka (one JVM for all jobs) and to us; every test prediction must
agree. Weka's ``RandomForest -I 10 -K 0 -S s`` is its Bagging (bags of 100 %, seed s)
of RandomTrees, each seeded with the Bagging generator's ``nextInt()`` after its bag is
drawn; :class:`WekaRandomForest` is that loop. Skipped, with the reason, where Java,
javac, or the Weka jar are missing.
"""

import numpy as np
import pytest
from ensemble_lab.utils._java_random import JavaRandom, resample_with_weights

from ensemble_lab.datasets import load_arff
from ensemble_lab.encoding import encode_test, encode_training
from ensemble_lab.evaluation import weka
from ensemble_lab.learners import RandomTreeClassifier

pytestmark = [pytest.mark.weka, pytest.mark.filterwarnings("ignore:The least populated class")]

DATASETS = [
    "audiology",  # nominal, 24 classes, missing values, declared values never seen
    "credit-a",  # mixed, missing values
    "diabetes",  # numeric
    "glass",  # numeric, 6 classes
    "hepatitis",  # mixed, many missing values
    "labor",  # mixed, mostly missing
    "vehicle",  # numeric, 846 instances
    "vote",  # nominal, missing values
]

RANDOM_TREE = "weka.classifiers.trees.RandomTree"
# Weka options -> our tree
TREES = {
    "-K 0 -M 1 -S 1": lambda: RandomTreeClassifier(0, min_num=1, random_state=1),
    # -S 11: on credit-a two splits tie up to the last bit, which C's log breaks otherwise
    "-K 0 -M 1 -S 11": lambda: RandomTreeClassifier(0, min_num=1, random_state=11),
    "-K 2 -M 2 -S 3": lambda: RandomTreeClassifier(2, min_num=2, random_state=3),
}
FOREST = ("weka.classifiers.trees.RandomForest", "-I 10 -K 0 -S 1")


class WekaRandomForest:
    """Weka's ``RandomForest -I n_trees -K 0 -S seed``: Bagging's loop over RandomTrees.

    Bagging draws each bag with ``Instances.resampleWithWeights`` (the copies weigh 1),
    then seeds the tree with ``nextInt()`` of the same generator; the forest's
    distribution is the sum of the trees' distributions, normalised unless it is zero,
    and ``classifyInstance`` (``Classifier``'s) takes the first class of strictly
    largest probability: 0.35000000000000003 beats 0.35, where J48's rule (a lead of
    more than 1e-6) would keep the first.
    """

    def __init__(self, n_trees=10, seed=1):
        self.n_trees, self.seed = n_trees, seed

    def fit(self, X, y):
        self._holder = RandomTreeClassifier()
        data = encode_training(self._holder, X, y)
        random, ones = JavaRandom(self.seed), np.ones(data.n_samples)
        self.trees_ = []
        for _ in range(self.n_trees):
            bag = resample_with_weights(random, data.weight)
            tree = RandomTreeClassifier(random_state=random.next_int())
            self.trees_.append(tree._fit_encoded(data, bag, ones))
        self._data = data
        return self

    def predict(self, X):
        test = encode_test(self._holder, self._data.codes, X)
        total = np.zeros((test.X.shape[0], self._data.n_classes))
        for tree in self.trees_:
            total += tree._encoded_distribution(test)
        norm = np.zeros(total.shape[0])
        for column in total.T:  # Utils.sum, class after class
            norm += column
        scale = np.where(np.abs(norm) < 1e-6, 1.0, norm)  # Utils.eq(sum, 0): left as is
        return self._data.classes[np.argmax(total / scale[:, None], axis=1)]


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
        for options in TREES:
            jobs.append((name, options, weka.WekaJob(path, folds, RANDOM_TREE, options)))
        jobs.append((name, "RandomForest", weka.WekaJob(path, folds, *FOREST)))
    results = weka.run_weka([job for *_, job in jobs], timeout=600)
    return data, {(name, learner): r for (name, learner, _), r in zip(jobs, results)}


def agreement(folds_and_weka, name, learner, make_estimator):
    data, results = folds_and_weka
    X, y, folds = data[name]
    ours = weka.cross_predict(make_estimator, X, y, folds)
    theirs = y.cat.categories.to_numpy()[results[name, learner].predictions]
    return np.mean(ours.predictions == theirs)


@pytest.mark.parametrize("options", list(TREES))
@pytest.mark.parametrize("name", DATASETS)
def test_random_tree_predicts_as_weka(folds_and_weka, name, options):
    share = agreement(folds_and_weka, name, options, TREES[options])
    assert share == 1.0, f"{share:.2%} of predictions agree"


@pytest.mark.parametrize("name", DATASETS)
def test_random_forest_of_our_trees_predicts_as_weka(folds_and_weka, name):
    share = agreement(folds_and_weka, name, "RandomForest", WekaRandomForest)
    assert share == 1.0, f"{share:.2%} of predictions agree"


def test_timed_passes_predict_as_one_pass_and_time_the_whole_jvm(arff_dir):
    # After unreported passes over all folds, timed passes give the same predictions,
    # each fold's least main-thread time and the JVM's CPU time per pass (all threads).
    reason = weka.unavailable_reason()
    if reason is not None:
        pytest.skip(f"Weka is not available: {reason}")
    path = arff_dir / "iris.arff"
    _, y = load_arff(path)
    folds = weka.fold_assignment(y, n_splits=5, random_state=1)
    once, passes = weka.run_weka(
        [
            weka.WekaJob(path, folds, *FOREST),
            weka.WekaJob(path, folds, *FOREST, repetitions=1, timed_passes=2),
        ],
        timeout=600,
    )
    np.testing.assert_array_equal(passes.predictions, once.predictions)
    assert once.process_cpu is None
    assert passes.process_cpu is not None and passes.process_cpu >= 0
    assert passes.fit_cpu.shape == (5,) and (passes.fit_cpu > 0).all()
