"""ELRC fit time: one vs two jobs for the per-node CV, and against Bagging-21 of J48.

For each dataset (numeric ARFFs of the paper's Table 2) it fits

* ``ELRCClassifier()`` (smo/nb/j48 candidates, 3 levels, 10-fold CV per node) with
  ``n_jobs=1`` and ``n_jobs=2``;
* scikit-learn's ``BaggingClassifier`` of 21 ``j48`` trees (the paper's Bagging-21 with
  C4.5), single job;

and prints wall-clock seconds (best of ``--repeats``) with the ratios
ELRC(1 job) / ELRC(2 jobs) (speed-up) and ELRC(1 job) / Bagging-21 (cost). Wall time,
not CPU time, because the two-job run works in child processes. Usage::

    nice -n 10 python benchmarks/elrc.py [--repeats 2] [--datasets glass ionosphere]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from sklearn.base import clone
from sklearn.ensemble import BaggingClassifier

from ensemble_lab import ELRCClassifier
from ensemble_lab.datasets import load
from ensemble_lab.learners import make_learner

DATASETS = ("glass", "ionosphere", "vehicle")


def _wall(build: Callable[[], object], X, y, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        est = clone(build())
        start = time.perf_counter()
        est.fit(X, y)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--datasets", nargs="+", default=list(DATASETS))
    args = parser.parse_args()
    header = ("dataset", "n", "ELRC 1 job", "ELRC 2 jobs", "Bag-21 j48", "1/2 jobs", "ELRC/Bag")
    print("{:14s}{:>6s}{:>12s}{:>12s}{:>12s}{:>10s}{:>10s}".format(*header))
    for name in args.datasets:
        X, y = load(name)
        one = _wall(lambda: ELRCClassifier(n_jobs=1, random_state=0), X, y, args.repeats)
        two = _wall(lambda: ELRCClassifier(n_jobs=2, random_state=0), X, y, args.repeats)
        bag = _wall(
            lambda: BaggingClassifier(make_learner("j48"), n_estimators=21, random_state=0),
            X,
            y,
            args.repeats,
        )
        print(
            f"{name:14s}{X.shape[0]:>6d}{one:>11.2f}s{two:>11.2f}s{bag:>11.2f}s"
            f"{one / two:>10.2f}{one / bag:>10.2f}"
        )


if __name__ == "__main__":
    main()
