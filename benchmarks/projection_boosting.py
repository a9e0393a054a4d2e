"""Projection boosting vs scikit-learn's AdaBoostClassifier, and NDA's cost as n grows.

Run: ``ENSEMBLE_LAB_DATA=/path/to/arff nice -n 10 python benchmarks/projection_boosting.py``
(sonar, vehicle and segment come from the full ARFF collection).

Part 1 fits ``ProjectionBoostingClassifier`` with HDA and with NDA, and sklearn's
``AdaBoostClassifier`` (SAMME), all with the same base learner (the ``j48`` preset) and
the same maximum size (10 members), on the same 5-fold splits of numeric UCI datasets;
it prints test accuracy, the summed fit time and the ratio ours / sklearn. Part 2 times
``NDA.fit`` on n = 1 000 … 32 000 points in 4 and 10 dimensions. All neighbour work is
vectorised (dense distance blocks or tree queries in compiled code); the cost is that of
exact k-NN search, close to n log n in few dimensions, and growing faster in 10 where
the between-class neighbours are far away and a tree prunes little.
"""

from __future__ import annotations

import time

import numpy as np
from sklearn.datasets import load_breast_cancer, make_classification
from sklearn.ensemble import AdaBoostClassifier
from sklearn.model_selection import StratifiedKFold

from ensemble_lab import ProjectionBoostingClassifier
from ensemble_lab.datasets import load
from ensemble_lab.learners import make_learner
from ensemble_lab.projections import NDA

N_ESTIMATORS = 10
DATASETS = ("diabetes", "ionosphere", "glass", "sonar", "vehicle", "segment")


def _datasets() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    out = {}
    for name in DATASETS:
        X, y = load(name)
        out[name] = (X.to_numpy(dtype=float), y.to_numpy())
    out["breast_cancer"] = load_breast_cancer(return_X_y=True)
    return out


def _cv(make, X: np.ndarray, y: np.ndarray) -> tuple[float, float, float]:
    accs, times, sizes = [], [], []
    for train, test in StratifiedKFold(5, shuffle=True, random_state=0).split(X, y):
        est = make()
        start = time.perf_counter()
        est.fit(X[train], y[train])
        times.append(time.perf_counter() - start)
        accs.append(est.score(X[test], y[test]))
        sizes.append(len(est.estimators_))
    return float(np.mean(accs)), float(np.sum(times)), float(np.mean(sizes))


def compare_with_adaboost() -> None:
    base = make_learner("j48")
    print(
        f"PB-HDA / PB-NDA vs AdaBoostClassifier(SAMME), base j48, {N_ESTIMATORS} members, "
        "5-fold CV (fit time summed over folds)"
    )
    print(
        f"{'dataset':<14}{'n':>6}{'d':>4}"
        f"{'acc HDA':>9}{'acc NDA':>9}{'acc Ada':>9}"
        f"{'fit HDA s':>11}{'fit NDA s':>11}{'fit Ada s':>11}"
        f"{'HDA/Ada':>9}{'NDA/Ada':>9}{'size H/N/A':>16}"
    )
    ratios = []
    for name, (X, y) in _datasets().items():
        hda = _cv(lambda: ProjectionBoostingClassifier(base, N_ESTIMATORS, random_state=0), X, y)
        nda = _cv(
            lambda: ProjectionBoostingClassifier(
                base, N_ESTIMATORS, projection="nda", random_state=0
            ),
            X,
            y,
        )
        ada = _cv(lambda: AdaBoostClassifier(base, n_estimators=N_ESTIMATORS, random_state=0), X, y)
        ratios.append((hda[1] / ada[1], nda[1] / ada[1]))
        print(
            f"{name:<14}{X.shape[0]:>6}{X.shape[1]:>4}"
            f"{hda[0]:>9.4f}{nda[0]:>9.4f}{ada[0]:>9.4f}"
            f"{hda[1]:>11.3f}{nda[1]:>11.3f}{ada[1]:>11.3f}"
            f"{hda[1] / ada[1]:>9.2f}{nda[1] / ada[1]:>9.2f}"
            f"{f'{hda[2]:.1f}/{nda[2]:.1f}/{ada[2]:.1f}':>16}"
        )
    geo = np.exp(np.mean(np.log(ratios), axis=0))
    print(f"geometric mean fit-time ratio: HDA/Ada {geo[0]:.2f}, NDA/Ada {geo[1]:.2f}")


def time_nda(sizes=(1_000, 2_000, 4_000, 8_000, 16_000, 32_000), n_features: int = 10) -> None:
    # process CPU time (single-threaded fit): less disturbed by other load than wall time
    print(f"\nNDA(k=3).fit on n points, {n_features} features, 3 classes (CPU s, best of 3)")
    print(f"{'n':>8}{'fit s':>10}{'ratio to n/2':>14}")
    previous = None
    for n in sizes:
        X, y = make_classification(
            n_samples=n,
            n_features=n_features,
            n_informative=min(6, n_features),
            n_redundant=0,
            n_classes=3,
            random_state=0,
        )
        best = np.inf
        for _ in range(3):
            start = time.process_time()
            NDA(k=3).fit(X, y)
            best = min(best, time.process_time() - start)
        ratio = "" if previous is None else f"{best / previous:.2f}"
        print(f"{n:>8}{best:>10.4f}{ratio:>14}")
        previous = best


if __name__ == "__main__":
    compare_with_adaboost()
    time_nda(n_features=4)
    time_nda(n_features=10)
