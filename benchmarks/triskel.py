"""Triskel-W4 against one-vs-one AdaBoost-50 of the same linear SVM (paper 000, Tables 1–2).

For each dataset: 10-fold stratified CV accuracy of both methods and the ratio of their
training times (AdaBoost-50 / Triskel-W4; above 1 means Triskel trains faster). Both see
the same folds and the same Weka-SMO-like encoding (mean/mode imputation, one-hot
nominals, numerics scaled to [0, 1]); the base learner is a linear SVC with C = 1.

Usage::

    python benchmarks/triskel.py [--data-dir DIR] [--datasets glass zoo ...] [--folds 10]

Datasets come from ``--data-dir`` / ``$ENSEMBLE_LAB_DATA`` (the UCI ARFF files); without
either, sklearn's bundled datasets are used.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
from sklearn.base import BaseEstimator, clone
from sklearn.datasets import load_breast_cancer, load_digits, load_iris, load_wine
from sklearn.ensemble import AdaBoostClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.multiclass import OneVsOneClassifier
from sklearn.pipeline import make_pipeline
from sklearn.svm import SVC

from ensemble_lab import TriskelClassifier
from ensemble_lab.datasets import load
from ensemble_lab.learners import MixedEncoder

ARFF_DATASETS = ["balance-scale", "glass", "lymph", "vehicle", "zoo"]


class MeanOneWeightSVC(SVC):
    """SVC that rescales ``sample_weight`` to mean 1.

    AdaBoost hands its learner weights summing to 1, which for an SVM divides ``C`` by
    the sample size and leaves a learner that predicts the majority class; Weka's SMO
    inside AdaBoostM1 sees resampled (unweighted) data instead. Rescaling keeps ``C``
    at 1 per instance on average, as Triskel's own weighted fits do.
    """

    def fit(self, X, y, sample_weight=None):
        if sample_weight is not None:
            sample_weight = np.asarray(sample_weight, dtype=float)
            sample_weight = sample_weight * (sample_weight.size / sample_weight.sum())
        return super().fit(X, y, sample_weight=sample_weight)


def methods(seed: int) -> dict[str, BaseEstimator]:
    svm = MeanOneWeightSVC(kernel="linear", C=1.0)
    return {
        "Triskel-W4": make_pipeline(
            MixedEncoder(),
            TriskelClassifier(svm, 4, weighting="soft_covering", bias=0.9, random_state=seed),
        ),
        "AdaBoost-50": make_pipeline(
            MixedEncoder(),
            OneVsOneClassifier(AdaBoostClassifier(svm, n_estimators=50, random_state=seed)),
        ),
    }


def datasets(data_dir: Path | None, names: list[str]) -> Iterator[tuple[str, object, np.ndarray]]:
    if data_dir is not None:
        for name in names:
            X, y = load(name, data_dir=data_dir)
            yield name, X, y.to_numpy()
        return
    loaders: dict[str, Callable] = {
        "iris": load_iris,
        "wine": load_wine,
        "breast-cancer": load_breast_cancer,
        "digits": load_digits,
    }
    for name, loader in loaders.items():
        X, y = loader(return_X_y=True)
        yield name, X, y


def cross_validate(est: BaseEstimator, X, y, folds: int, seed: int) -> tuple[float, float]:
    """Mean accuracy and total training time (process CPU seconds) over the folds."""
    cv = StratifiedKFold(folds, shuffle=True, random_state=seed)
    accs, fit_time = [], 0.0
    for train, test in cv.split(np.zeros(len(y)), y):
        model = clone(est)
        X_train = X.iloc[train] if hasattr(X, "iloc") else X[train]
        X_test = X.iloc[test] if hasattr(X, "iloc") else X[test]
        start = time.process_time()
        model.fit(X_train, y[train])
        fit_time += time.process_time() - start
        accs.append(np.mean(model.predict(X_test) == y[test]))
    return float(np.mean(accs)), fit_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=os.environ.get("ENSEMBLE_LAB_DATA"))
    parser.add_argument("--datasets", nargs="*", default=ARFF_DATASETS)
    parser.add_argument("--folds", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    data_dir = Path(args.data_dir) if args.data_dir else None
    header = f"{'dataset':<15}{'n':>6}{'Triskel-W4':>12}{'AdaBoost-50':>13}{'time Ada/Tri':>14}"
    print(header)
    print("-" * len(header))
    ratios = []
    for name, X, y in datasets(data_dir, args.datasets):
        results = {
            label: cross_validate(est, X, y, args.folds, args.seed)
            for label, est in methods(args.seed).items()
        }
        (acc_t, time_t), (acc_a, time_a) = results["Triskel-W4"], results["AdaBoost-50"]
        ratios.append(time_a / time_t)
        print(f"{name:<15}{len(y):>6}{acc_t:>12.4f}{acc_a:>13.4f}{ratios[-1]:>14.2f}")
    print("-" * len(header))
    print(f"geometric mean of the training-time ratio: {np.exp(np.mean(np.log(ratios))):.2f}")


if __name__ == "__main__":
    main()
