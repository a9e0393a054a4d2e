"""What each fitted boosting ensemble keeps besides its scores: curves and final weights.

Two probes (``ExperimentConfig.probes``) of the runner's tasks: :func:`boosting_curves`
records the training and testing error and Q of the ensemble of the first k members
for every k, and :func:`final_weights` the last sampling distribution (Figure 2).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["boosting_curves", "final_weights"]

#: The curves a task records, in the order of the probe's columns.
CURVES = ["train_error", "test_error", "train_q", "test_q"]


def _pad(curve: np.ndarray, length: int) -> np.ndarray:
    """A curve of a smaller ensemble continued with its last value (the ensemble stops)."""
    return np.concatenate([curve, np.full(length - curve.shape[0], curve[-1])])


def boosting_curves(
    estimator: Any, X_train: Any, y_train: Any, X_test: Any, y_test: Any
) -> pd.DataFrame:
    """Error and Q of every prefix of a fitted boosting ensemble, on training and test data.

    One row per k = 1..L (``n_estimators``): ``train_error``, ``test_error``,
    ``train_q``, ``test_q`` of the ensemble of the first k members (an ensemble that
    stopped early continues with its last values), the members kept (``n_kept``), the
    weight resets of the fit (``n_resets``) and the CPU seconds the curves took
    (``curves_cpu``, a measured time).

    Examples
    --------
    >>> from ensemble_lab import datasets, learners, methods
    >>> X, y = datasets.make_cone_torus(200, random_state=0)
    >>> qda = learners.make_learner("qda")
    >>> model = methods.BoostingClassifier(qda, 4, random_state=0).fit(X[:100], y[:100])
    >>> curves = boosting_curves(model, X[:100], y[:100], X[100:], y[100:])
    >>> curves.columns.tolist()[:5], len(curves)
    (['k', 'train_error', 'test_error', 'train_q', 'test_q'], 4)
    """
    start = time.process_time()
    curves = estimator.stage_curves(X_test, np.asarray(y_test))
    length = int(estimator.n_estimators)
    values = [
        _pad(np.asarray(c, dtype=float), length)
        for c in (estimator.train_error_, curves.error, estimator.train_q_, curves.q)
    ]
    frame = pd.DataFrame(dict(zip(CURVES, values)))
    frame.insert(0, "k", np.arange(1, length + 1))
    frame["n_kept"] = len(estimator.estimators_)
    frame["n_resets"] = len(estimator.weight_resets_)
    frame["curves_cpu"] = time.process_time() - start
    return frame


def _last_update(estimator: Any) -> np.ndarray:
    """The last distribution produced by an update (fresh resets to uniform are skipped)."""
    history = estimator.sample_weights_history_
    resets = {0} | {attempt for attempt, _ in estimator.weight_resets_}
    updated = [r for r in range(history.shape[0]) if r not in resets]
    return history[updated[-1]] if updated else history[0]


def final_weights(
    estimator: Any, X_train: Any, y_train: Any, X_test: Any, y_test: Any
) -> pd.DataFrame:
    """The last sampling distribution of a boosting fit: one row per training point.

    Needs an ensemble fitted with ``store_weights=True``. A reset to uniform weights
    (a member with ε ≥ 0.5 or ε = 0) is not an update: the distribution is the last
    one an update produced.

    Examples
    --------
    >>> from ensemble_lab import datasets, learners, methods
    >>> X, y = datasets.make_cone_torus(200, random_state=0)
    >>> model = methods.BoostingClassifier(
    ...     learners.make_learner("qda"), 4, store_weights=True, random_state=0
    ... ).fit(X, y)
    >>> weights = final_weights(model, X, y, X, y)
    >>> weights.columns.tolist(), len(weights), round(float(weights["weight"].sum()), 6)
    (['point', 'weight'], 200, 1.0)
    """
    weights = np.asarray(_last_update(estimator), dtype=float)
    return pd.DataFrame({"point": np.arange(weights.shape[0]), "weight": weights})
