"""The 2-D example of the Random Linear Oracle paper: bagging with and without the oracle.

Kuncheva & Rodríguez (2007), Section IV, Figures 3 and 4: 400 training and 4000 test
points of a 2-D two-class task, a linear base classifier, 11 bagged members; the oracle
lowers both the members' error and their pairwise κ.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.ensemble import BaggingClassifier

from ..base import member_predictions
from ..datasets import make_oracle_2d
from ..diversity import kappa_error_points
from ..utils import draw_seed
from ._oracle import RandomLinearOracle

__all__ = ["Oracle2DResult", "oracle_2d_example"]

#: The numbers the paper reports for its run (Section IV).
PAPER_NUMBERS = {
    "bagging": {"individual_error": 0.2167, "ensemble_error": 0.2168, "mean_kappa": 0.9376},
    "bagging+oracle": {"individual_error": 0.1380, "ensemble_error": 0.1212, "mean_kappa": 0.8153},
}


@dataclass
class Oracle2DResult:
    """Errors and diversity of the two ensembles of the 2-D example."""

    summary: dict[str, dict[str, float]]
    kappa_error: dict[str, np.ndarray]
    ensembles: dict[str, Any] = field(repr=False)
    X_train: np.ndarray = field(repr=False)
    y_train: np.ndarray = field(repr=False)
    X_test: np.ndarray = field(repr=False)
    y_test: np.ndarray = field(repr=False)


def oracle_2d_example(
    random_state: int | None = 0,
    *,
    n_train: int = 400,
    n_test: int = 4000,
    n_estimators: int = 11,
) -> Oracle2DResult:
    """Bagging vs bagging + Random Linear Oracle with LDA on the 2-D task.

    Parameters
    ----------
    random_state : int or None, default=0
        Seeds the data and both ensembles (the same bootstrap samples for both).
    n_train, n_test : int, default=400, 4000
        Sizes of the training and test sets (the paper's).
    n_estimators : int, default=11
        Ensemble size (the paper's).

    Returns
    -------
    Oracle2DResult
        ``summary[name]`` holds ``individual_error`` (mean test error of the members),
        ``ensemble_error`` and ``mean_kappa`` (over the member pairs) for ``"bagging"``
        and ``"bagging+oracle"``; ``kappa_error[name]`` the diagram's points.

    Notes
    -----
    The paper's "linear base classifier" is read as Fisher's linear discriminant (LDA).
    Its oracle draws the two points from the whole training set; ours draws them from
    each member's bootstrap sample (the training set the member receives), so that
    both sides of the hyperplane hold training data of that member.
    """
    rng = np.random.RandomState(random_state)
    X_train, y_train = make_oracle_2d(n_train, random_state=rng)
    X_test, y_test = make_oracle_2d(n_test, random_state=rng)
    seed = draw_seed(rng)
    lda = LinearDiscriminantAnalysis()
    ensembles = {
        "bagging": BaggingClassifier(lda, n_estimators=n_estimators, random_state=seed),
        "bagging+oracle": BaggingClassifier(
            RandomLinearOracle(lda), n_estimators=n_estimators, random_state=seed
        ),
    }
    summary, kappa_error = {}, {}
    for name, ensemble in ensembles.items():
        with warnings.catch_warnings():
            # a side of the oracle may hold only a few points: LDA warns about collinearity
            warnings.simplefilter("ignore", UserWarning)
            ensemble.fit(X_train, y_train)
        points = kappa_error_points(ensemble, X_test, y_test)
        members = member_predictions(ensemble, X_test)
        summary[name] = {
            "individual_error": float(np.mean(members != y_test[None, :])),
            "ensemble_error": float(np.mean(ensemble.predict(X_test) != y_test)),
            "mean_kappa": float(np.nanmean(points[:, 0])),
        }
        kappa_error[name] = points
    return Oracle2DResult(summary, kappa_error, ensembles, X_train, y_train, X_test, y_test)


#: :data:`PAPER_NUMBERS` under the name the methods package exports it by.
ORACLE_2D_PAPER_NUMBERS = PAPER_NUMBERS
