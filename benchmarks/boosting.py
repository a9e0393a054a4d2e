"""BoostingClassifier vs scikit-learn's AdaBoostClassifier, and the cost of diversity measures.

Run: ``PYTHONPATH=src python benchmarks/boosting.py``

Part 1 fits our ``BoostingClassifier(update="aggressive", mode="reweight")`` and sklearn's
``AdaBoostClassifier`` (SAMME) with the same base learner (a depth-3 tree), the same
number of rounds and the same 5-fold splits, and prints test accuracy and fit time side
by side with their ratios (ours / sklearn). Part 2 times the diversity measures on a
100-member oracle of 10 000 points.
"""

from __future__ import annotations

import time

import numpy as np
from sklearn.datasets import load_breast_cancer, load_digits, load_wine
from sklearn.ensemble import AdaBoostClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab import BoostingClassifier
from ensemble_lab import diversity as dv
from ensemble_lab.datasets import load

N_ESTIMATORS = 50


def _datasets() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    out = {}
    for name in ("diabetes", "ionosphere", "glass"):
        X, y = load(name)
        out[name] = (X.to_numpy(dtype=float), y.to_numpy())
    out["breast_cancer"] = load_breast_cancer(return_X_y=True)
    out["wine"] = load_wine(return_X_y=True)
    out["digits"] = load_digits(return_X_y=True)
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


def compare_with_sklearn() -> None:
    base = DecisionTreeClassifier(max_depth=3, random_state=0)
    print(
        f"BoostingClassifier(aggressive, reweight) vs AdaBoostClassifier(SAMME), "
        f"base DecisionTree(max_depth=3), {N_ESTIMATORS} rounds, 5-fold CV"
    )
    header = f"{'dataset':<14}{'acc ours':>9}{'acc skl':>9}{'ratio':>7}"
    header += f"{'fit ours s':>12}{'fit skl s':>11}{'ratio':>7}{'size ours':>11}{'size skl':>10}"
    print(header)
    for name, (X, y) in _datasets().items():
        ours = _cv(
            lambda: BoostingClassifier(
                base, N_ESTIMATORS, update="aggressive", mode="reweight", random_state=0
            ),
            X,
            y,
        )
        skl = _cv(lambda: AdaBoostClassifier(base, n_estimators=N_ESTIMATORS, random_state=0), X, y)
        print(
            f"{name:<14}{ours[0]:>9.4f}{skl[0]:>9.4f}{ours[0] / skl[0]:>7.3f}"
            f"{ours[1]:>12.3f}{skl[1]:>11.3f}{ours[1] / skl[1]:>7.2f}"
            f"{ours[2]:>11.1f}{skl[2]:>10.1f}"
        )


def time_diversity(n_samples: int = 10_000, n_members: int = 100) -> None:
    rng = np.random.default_rng(0)
    oracle = rng.random((n_samples, n_members)) < rng.uniform(0.6, 0.9, n_members)
    print(f"\nDiversity on a {n_samples} x {n_members} oracle (best of 5)")
    names = sorted(set(dv.__all__) - {"oracle_outputs", "pair_tables", "pairwise_matrix"})
    measures = [("pairwise_matrix(Q)", lambda: dv.pairwise_matrix("q_statistic", oracle))]
    measures += [(name, _bind(getattr(dv, name), oracle)) for name in names]
    dv.pairwise_matrix("q_statistic", oracle)  # warm-up: BLAS thread pool start-up
    for name, fn in measures:
        best = min(_timed(fn) for _ in range(5))
        print(f"  {name:<30}{best * 1000:>9.1f} ms")


def _bind(measure, oracle):
    return lambda: measure(oracle)


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


if __name__ == "__main__":
    compare_with_sklearn()
    time_diversity()
