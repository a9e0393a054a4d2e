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
the between-class neighbours are far away and a tree prunes little. Part 3 times the
projections alone, side by side on identical S': for every dataset of the collection
(``ENSEMBLE_LAB_DATA``), the instances a J48 tree misclassifies on the first training
half of a 5×2 CV split, encoded as the ensemble encodes them; HDA and NDA (linear) and
``MLPProjection`` (the non-linear boosting projections of García-Pedrajas et al., 2007)
are fitted on them, best of 3 process-CPU times, with the ratios non-linear / linear.
"""

from __future__ import annotations

import os

# One thread per process: CPU times stay comparable between the projections.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
from sklearn.datasets import load_breast_cancer, make_classification  # noqa: E402
from sklearn.ensemble import AdaBoostClassifier  # noqa: E402
from sklearn.model_selection import StratifiedKFold  # noqa: E402

from ensemble_lab import ProjectionBoostingClassifier  # noqa: E402
from ensemble_lab.datasets import load  # noqa: E402
from ensemble_lab.evaluation import FiveByTwoCV  # noqa: E402
from ensemble_lab.learners import MixedEncoder, make_learner  # noqa: E402
from ensemble_lab.projections import HDA, NDA, MLPProjection  # noqa: E402

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


def _best_cpu(fit, repeats: int = 3) -> float:
    best = np.inf
    for _ in range(repeats):
        start = time.process_time()
        fit()
        best = min(best, time.process_time() - start)
    return best


def time_projections_on_errors(names=None) -> None:
    """Part 3: HDA, NDA and MLPProjection fitted on the same S' (a J48 tree's errors)."""
    from ensemble_lab.experiments.projection_boosting import ALL_DATASETS

    names = ALL_DATASETS if names is None else names
    print(
        "\nProjections alone on S' (J48's training errors, first half of a 5x2 CV split), "
        "CPU ms, best of 3"
    )
    columns = ("HDA", "NDA", "MLP", "MLP/HDA", "MLP/NDA")
    print(f"{'dataset':<17}{'|Sp|':>6}{'d':>5}" + "".join(f"{c:>9}" for c in columns))
    ratios = []
    for name in names:
        X, y = load(name)
        y = np.asarray(y)
        train = FiveByTwoCV().splits(y, seed=1)[0].train_idx
        X, y = X.iloc[train], y[train]
        wrong = make_learner("j48").fit(X, y).predict(X) != y
        labels = np.unique(y[wrong])
        if labels.size < 2 or wrong.sum() < labels.size + 1:
            print(f"{name:<17}{int(wrong.sum()):>6}  (S' cannot define a projection)")
            continue
        Z = MixedEncoder(scale="standard").fit(X).transform(X)[wrong]
        s_y = y[wrong]
        ms = [
            1000 * _best_cpu(lambda p=p, Z=Z, s_y=s_y: p.fit(Z, s_y))
            for p in (HDA(), NDA(), MLPProjection(random_state=0))
        ]
        ratios.append((ms[2] / ms[0], ms[2] / ms[1]))
        print(
            f"{name:<17}{len(s_y):>6}{Z.shape[1]:>5}{ms[0]:>9.2f}{ms[1]:>9.2f}{ms[2]:>9.2f}"
            f"{ms[2] / ms[0]:>9.1f}{ms[2] / ms[1]:>9.1f}"
        )
    geo = np.exp(np.mean(np.log(ratios), axis=0))
    low = np.min(ratios, axis=0)
    print(
        f"{len(ratios)} datasets: geometric mean MLP/HDA {geo[0]:.1f}, MLP/NDA {geo[1]:.1f}; "
        f"smallest MLP/HDA {low[0]:.1f}, MLP/NDA {low[1]:.1f}"
    )


if __name__ == "__main__":
    if sys.argv[1:] == ["--projections"]:
        time_projections_on_errors()
        sys.exit()
    compare_with_adaboost()
    time_nda(n_features=4)
    time_nda(n_features=10)
    time_projections_on_errors()
