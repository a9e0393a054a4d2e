"""Profile the hot paths of the seed methods and print where the time goes.

Usage::

    nice -n 10 python benchmarks/profile_hot_paths.py [--top 12] [--only NAME ...]

Profiled (cProfile, one process, one thread per library):

* ``oracle-predict`` — ``RandomLinearOracle.predict`` routing 200 000 rows;
* ``diversity`` — every diversity measure on a 20 000 × 100 oracle matrix;
* ``nda`` — ``NDA().fit`` on 8 000 points in 10 dimensions (the k-NN means);
* ``elrc`` — ``ELRCClassifier().fit`` on ``vehicle`` (its inner cross-validation).

For each, the total time, then the functions with the largest *own* time (tottime) and
the largest cumulative time inside the package. A Python-level loop over samples shows
up as a package function with a large call count or a large own time.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import cProfile  # noqa: E402
import pstats  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

import numpy as np  # noqa: E402
from sklearn.datasets import make_classification  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402


def oracle_predict() -> Callable[[], object]:
    from ensemble_lab import RandomLinearOracle

    X, y = make_classification(n_samples=200_000, n_features=20, n_informative=8, random_state=0)
    oracle = RandomLinearOracle(DecisionTreeClassifier(max_depth=8), random_state=0)
    oracle.fit(X[:5000], y[:5000])
    return lambda: oracle.predict(X)


def diversity() -> Callable[[], object]:
    from ensemble_lab import diversity as dv

    rng = np.random.default_rng(0)
    oracle = rng.random((20_000, 100)) < rng.uniform(0.6, 0.9, size=100)
    measures = [getattr(dv, name) for name in dv.__all__ if name not in _NOT_MEASURES]

    def run() -> None:
        for measure in measures:
            measure(oracle)

    return run


_NOT_MEASURES = {"oracle_outputs", "pair_tables", "pairwise_matrix", "kappa_error_points"}


def nda() -> Callable[[], object]:
    from ensemble_lab.projections import NDA

    X, y = make_classification(
        n_samples=8000, n_features=10, n_informative=6, n_classes=3, random_state=0
    )
    return lambda: NDA().fit(X, y)


def elrc() -> Callable[[], object]:
    from ensemble_lab import ELRCClassifier
    from ensemble_lab.datasets import load

    try:
        X, y = load("vehicle")
    except (FileNotFoundError, ValueError):
        X, y = load("diabetes")
    return lambda: ELRCClassifier(random_state=0).fit(X, y)


CASES = {"oracle-predict": oracle_predict, "diversity": diversity, "nda": nda, "elrc": elrc}


def profile(name: str, top: int) -> None:
    run = CASES[name]()
    run()  # warm caches and imports
    start, cpu = time.perf_counter(), time.process_time()
    run()
    plain, plain_cpu = time.perf_counter() - start, time.process_time() - cpu
    profiler = cProfile.Profile()
    profiler.enable()
    run()
    profiler.disable()
    stats = pstats.Stats(profiler)
    print(f"\n=== {name}: {plain_cpu:.3f} s CPU, {plain:.3f} s wall (unprofiled) ===")
    print("largest own time:")
    stats.sort_stats("tottime").print_stats(top)
    print("largest cumulative time inside ensemble_lab:")
    stats.sort_stats("cumulative").print_stats("ensemble_lab", top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--only", nargs="*", choices=sorted(CASES), default=sorted(CASES))
    args = parser.parse_args()
    for name in args.only:
        profile(name, args.top)


if __name__ == "__main__":
    main()
