"""CPU of our RandomTree against Weka 3.6's, alone and as the ten trees of RandomForest.

On the same stratified 10-fold splits of shared datasets (scikit-learn's shuffled split,
seed 1), Weka and we fit and predict:

* ``RandomTree -K 0 -M 1 -S 1`` against ``RandomTreeClassifier(random_state=1)``
  through its public API (a DataFrame in, labels out: validation and encoding count);
* ``RandomForest -I 10 -K 0 -S 1`` against Weka's Bagging loop over our trees (the data
  encoded once per fold, ten bags, each tree seeded by the Bagging generator), the way
  an ensemble of the package runs its members.

Weka's CPU is the thread CPU of ``buildClassifier`` plus ``classifyInstance`` on every
test instance, in one JVM, after ``--warmup`` unreported fits of every fold (the JIT has
compiled by then); ours is process CPU, best of ``--repeat``. Each line also gives the
share of predictions that agree with Weka's (they should all be 100 %). Ratios below 1
mean we are faster.

Run::

    python benchmarks/random_tree.py
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from ensemble_lab.utils._java_random import JavaRandom, resample_with_weights  # noqa: E402

from ensemble_lab.datasets import load_arff  # noqa: E402
from ensemble_lab.encoding import encode_test, encode_training  # noqa: E402
from ensemble_lab.evaluation import weka  # noqa: E402
from ensemble_lab.learners import RandomTreeClassifier  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import geomean, machine  # noqa: E402
from _data import arff_dir  # noqa: E402

DATASETS = [
    "vote",  # nominal, missing values
    "audiology",  # nominal, 24 classes, missing values
    "credit-a",  # mixed, missing values
    "hepatitis",  # mixed, many missing values
    "diabetes",  # numeric
    "vehicle",  # numeric, 4 classes
    "segment",  # numeric, 2310 instances
    "kr-vs-kp",  # nominal, 3196 instances
    "sick",  # mixed, missing values, 3772 instances
    "spambase",  # numeric, 4601 instances
    "waveform-5000",  # numeric, 5000 instances
    "letter",  # numeric, 26 classes, 20000 instances
]
TREE = ("weka.classifiers.trees.RandomTree", "-K 0 -M 1 -S 1")
FOREST = ("weka.classifiers.trees.RandomForest", "-I 10 -K 0 -S 1")


def forest_folds(X, y, folds: np.ndarray, n_trees: int = 10, seed: int = 1):
    """Weka's RandomForest loop over our trees on each fold: labels and CPU seconds.

    (Until the package's Weka Bagging host lands, this is its loop: resample the bag,
    seed the tree with the generator's next int, sum the distributions, normalise.)
    """
    predictions = np.full(len(y), None, dtype=object)
    cpu = 0.0
    for k in range(int(folds.max()) + 1):
        train, test = np.flatnonzero(folds != k), np.flatnonzero(folds == k)
        X_train, y_train, X_test = X.iloc[train], y.iloc[train], X.iloc[test]
        start = time.process_time()
        holder = RandomTreeClassifier()
        data = encode_training(holder, X_train, y_train)
        test_data = encode_test(holder, data.codes, X_test)
        random, ones = JavaRandom(seed), np.ones(data.n_samples)
        total = np.zeros((len(test), data.n_classes))
        for _ in range(n_trees):
            bag = resample_with_weights(random, data.weight)
            tree = RandomTreeClassifier(random_state=random.next_int())
            total += tree._fit_encoded(data, bag, ones)._encoded_distribution(test_data)
        norm = np.zeros(len(test))
        for column in total.T:  # Utils.sum, class after class
            norm += column
        total /= np.where(np.abs(norm) < 1e-6, 1.0, norm)[:, None]
        predictions[test] = data.classes[np.argmax(total, axis=1)]
        cpu += time.process_time() - start
    return predictions, cpu


def measure(data_dir: Path, names: list[str], warmup: int, repeat: int) -> list[dict]:
    loaded, jobs = {}, []
    for name in names:
        path = data_dir / f"{name}.arff"
        X, y = load_arff(path)
        folds = weka.fold_assignment(y, n_splits=10, random_state=1)
        loaded[name] = (X, y, folds)
        for learner, (cls, options) in (("RandomTree", TREE), ("RandomForest", FOREST)):
            jobs.append((name, learner, weka.WekaJob(path, folds, cls, options, warmup + 1)))
    print(f"Weka: {len(jobs)} jobs in one JVM ...", flush=True)
    results = weka.run_weka([job for *_, job in jobs])
    rows = []
    for (name, learner, _), theirs in zip(jobs, results):
        X, y, folds = loaded[name]
        runs = []
        for _ in range(repeat):
            if learner == "RandomTree":
                run = weka.cross_predict(lambda: RandomTreeClassifier(random_state=1), X, y, folds)
                runs.append((run.predictions, run.cpu))
            else:
                runs.append(forest_folds(X, y, folds))
        predictions, cpu = min(runs, key=lambda run: run[1])
        labels = y.cat.categories.to_numpy()[theirs.predictions]
        weka_cpu = float(theirs.fit_cpu.sum() + theirs.predict_cpu.sum())
        row = {
            "dataset": name,
            "learner": learner,
            "agreement": float(np.mean(predictions == labels)),
            "cpu": cpu,
            "weka_cpu": weka_cpu,
        }
        rows.append(row)
        print(
            f"{name:14s} {learner:12s} agree {row['agreement']:7.2%}  cpu {cpu:7.3f} s / "
            f"Weka {weka_cpu:7.3f} s = {cpu / weka_cpu:5.2f}x",
            flush=True,
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, default=os.environ.get("ENSEMBLE_LAB_DATA"))
    parser.add_argument("--datasets", nargs="*", default=DATASETS)
    parser.add_argument("--warmup", type=int, default=2, help="unreported Weka fits per fold")
    parser.add_argument("--repeat", type=int, default=3, help="our runs; the best counts")
    args = parser.parse_args()
    args.data_dir = arff_dir(args.data_dir)
    reason = weka.unavailable_reason()
    if reason is not None:
        parser.error(f"Weka is not available: {reason}")
    warnings.filterwarnings("ignore", message="The least populated class")
    info = machine()
    print(f"{info['cpu']}, {info['cores']} cores, load {info['load average']}")
    rows = measure(args.data_dir, args.datasets, args.warmup, args.repeat)
    print()
    for learner in ("RandomTree", "RandomForest"):
        mine = [r for r in rows if r["learner"] == learner]
        ratios = [r["cpu"] / r["weka_cpu"] for r in mine]
        worst = max(mine, key=lambda r: r["cpu"] / r["weka_cpu"])
        print(
            f"{learner:12s} CPU ours / Weka: geometric mean {geomean(ratios):.2f}x, "
            f"max {max(ratios):.2f}x ({worst['dataset']}); all predictions agree: "
            f"{all(r['agreement'] == 1.0 for r in mine)}"
        )


if __name__ == "__main__":
    main()
