"""Fit time of the ``j48`` and ``nb`` presets against their scikit-learn peers.

Side by side on the same data, in one run:

* ``j48`` (C45TreeClassifier: grow + collapse + C4.5 pruning) vs
  ``DecisionTreeClassifier(criterion="entropy")`` on the tree's encoded matrix (numeric
  columns, one indicator per nominal value, NaN kept); also vs the same sklearn tree
  with ``min_samples_leaf=2`` (the growth j48 does before pruning);
* ``nb`` (MixedNaiveBayes) vs ``GaussianNB`` on the imputed, one-hot matrix (the only
  input GaussianNB takes), and ``nb`` on the raw mixed DataFrame.

Times are the best of ``--repeat`` fits; ratios > 1 mean ours is slower.

Run::

    python benchmarks/learners.py
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from _data import arff_dir  # noqa: E402
from sklearn.base import BaseEstimator, clone  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

from ensemble_lab.datasets import load_arff  # noqa: E402
from ensemble_lab.encoding import fit_mixed_codes  # noqa: E402
from ensemble_lab.learners import MixedEncoder, make_learner  # noqa: E402

DATASETS = [
    "diabetes",
    "colic",
    "credit-a",
    "soybean",
    "segment",
    "kr-vs-kp",
    "sick",
    "spambase",
    "waveform-5000",
    "letter",
]


def best_time(estimator: BaseEstimator, X: object, y: np.ndarray, repeat: int) -> float:
    """Best wall time of ``repeat`` fits of fresh clones of ``estimator``."""
    times = []
    for _ in range(repeat):
        est = clone(estimator)
        start = time.perf_counter()
        est.fit(X, y)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=os.environ.get("ENSEMBLE_LAB_DATA"))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--datasets", nargs="*", default=DATASETS)
    args = parser.parse_args()
    args.data_dir = arff_dir(args.data_dir)

    header = (
        f"{'dataset':14s} {'n':>6s} {'p_enc':>5s} | {'j48 s':>8s} {'dt s':>8s} {'ratio':>6s} "
        f"{'ratio(leaf2)':>12s} | {'nb s':>8s} {'gnb s':>8s} {'ratio':>6s} {'nb(df) s':>9s}"
    )
    print(header)
    print("-" * len(header))
    tree_ratios, nb_ratios = [], []
    for name in args.datasets:
        X, y = load_arff(args.data_dir / f"{name}.arff")
        y = np.asarray(y.astype(str))
        tree_matrix = fit_mixed_codes(X).one_hot(X)
        nb_matrix = MixedEncoder(scale="none").fit_transform(X)
        r = args.repeat
        entropy_tree = DecisionTreeClassifier(criterion="entropy", random_state=0)
        t_j48 = best_time(make_learner("j48"), tree_matrix, y, r)
        t_dt = best_time(entropy_tree, tree_matrix, y, r)
        t_dt2 = best_time(entropy_tree.set_params(min_samples_leaf=2), tree_matrix, y, r)
        t_nb = best_time(make_learner("nb"), nb_matrix, y, r)
        t_gnb = best_time(GaussianNB(), nb_matrix, y, r)
        t_nb_df = best_time(make_learner("nb"), X, y, r)
        tree_ratios.append(t_j48 / t_dt)
        nb_ratios.append(t_nb / t_gnb)
        print(
            f"{name:14s} {len(y):6d} {tree_matrix.shape[1]:5d} | {t_j48:8.4f} {t_dt:8.4f} "
            f"{t_j48 / t_dt:6.2f} {t_j48 / t_dt2:12.2f} | {t_nb:8.4f} {t_gnb:8.4f} "
            f"{t_nb / t_gnb:6.2f} {t_nb_df:9.4f}"
        )
    print("-" * len(header))
    print(
        f"geometric mean ratio: j48/DecisionTree = {np.exp(np.mean(np.log(tree_ratios))):.2f}, "
        f"nb/GaussianNB = {np.exp(np.mean(np.log(nb_ratios))):.2f}"
    )


if __name__ == "__main__":
    main()
