"""The scores every task records, computed once from its predictions and probabilities.

Besides accuracy, a task records the scores Weka's Experimenter and the ensemble
literature analyse: balanced accuracy, Cohen's kappa, macro-averaged F1, the area under
the ROC curve, log loss and the Brier score. They are computed here with NumPy from the
class codes and the probability matrix the task already has (one confusion matrix, one
ranking per class), so that recording them costs the runner next to nothing; the tests
check each against :mod:`sklearn.metrics` on the same predictions.

=====================  ============================================  ================
name                   what                                          better
=====================  ============================================  ================
``accuracy``           share of test instances classified right      higher
``balanced_accuracy``  mean recall over the classes present          higher
``kappa``              Cohen's kappa of predictions against truth    higher
``f1_macro``           F1 averaged over the classes (unweighted)     higher
``auc``                area under the ROC curve; one-vs-rest and     higher
                       weighted by class frequency with more than
                       two classes, as Weka reports it
``log_loss``           mean negative log-probability of the truth    lower
``brier``              Brier score (mean squared error of the        lower
                       probabilities)
=====================  ============================================  ================

``auc``, ``log_loss`` and ``brier`` need class probabilities (``predict_proba``); a task
whose method gives none records NaN and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray
from scipy.stats import rankdata

__all__ = [
    "METRICS",
    "PROBABILITY_METRICS",
    "Metric",
    "get_metric",
    "label_metrics",
    "probability_metrics",
]


@dataclass(frozen=True)
class Metric:
    """A score of a task.

    Attributes
    ----------
    name : str
        Its column in the results.
    label : str
        How tables name it.
    higher_is_better : bool
        False for a loss (ranks, markers and tests then favour the lower value).
    percent : bool
        Shown × 100 in tables, as the papers show accuracy.
    """

    name: str
    label: str
    higher_is_better: bool = True
    percent: bool = False


METRICS: dict[str, Metric] = {
    m.name: m
    for m in (
        Metric("accuracy", "accuracy", percent=True),
        Metric("balanced_accuracy", "balanced accuracy", percent=True),
        Metric("kappa", "Cohen's kappa"),
        Metric("f1_macro", "macro-F1"),
        Metric("auc", "AUC"),
        Metric("log_loss", "log loss", higher_is_better=False),
        Metric("brier", "Brier score", higher_is_better=False),
    )
}
"""Every metric a task records, by name."""

#: The metrics that need class probabilities.
PROBABILITY_METRICS: tuple[str, ...] = ("auc", "log_loss", "brier")


def get_metric(name: str) -> Metric:
    """The :class:`Metric` called ``name``; a ``ValueError`` lists them otherwise.

    >>> get_metric("log_loss").higher_is_better
    False
    """
    if name not in METRICS:
        raise ValueError(f"unknown metric {name!r}; the metrics are: {', '.join(METRICS)}")
    return METRICS[name]


def _confusion(y_true: NDArray[Any], y_pred: NDArray[Any], n: int) -> NDArray[np.float64]:
    index = y_true * n + y_pred
    return np.bincount(index, minlength=n * n).reshape(n, n).astype(np.float64)


def label_metrics(
    y_true: NDArray[np.integer], y_pred: NDArray[np.integer], n_classes: int
) -> dict[str, float]:
    """Accuracy, balanced accuracy, Cohen's kappa and macro-F1 from class codes.

    Parameters
    ----------
    y_true, y_pred : ndarray of int
        Codes in ``0 .. n_classes − 1``; a prediction outside the classes (code −1)
        counts as wrong for every class.
    n_classes : int

    Returns
    -------
    dict
        ``accuracy``, ``balanced_accuracy`` (over the classes present in ``y_true``,
        as scikit-learn), ``kappa`` and ``f1_macro`` (over the labels present in
        ``y_true`` or ``y_pred``, an unknown prediction being one such label, an F1 of
        0 where a label has no true positive).

    Examples
    --------
    >>> import numpy as np
    >>> scores = label_metrics(np.array([0, 0, 1, 1]), np.array([0, 1, 1, 1]), 2)
    >>> {k: round(v, 4) for k, v in scores.items()}
    {'accuracy': 0.75, 'balanced_accuracy': 0.75, 'kappa': 0.5, 'f1_macro': 0.7333}
    """
    y_true = np.asarray(y_true, dtype=np.intp)
    y_pred = np.asarray(y_pred, dtype=np.intp)
    # an unknown prediction gets a class of its own, right for no instance
    n = n_classes + 1
    cm = _confusion(y_true, np.where(y_pred < 0, n_classes, y_pred), n)
    total = cm.sum()
    diagonal = np.diag(cm)
    actual, predicted = cm.sum(axis=1), cm.sum(axis=0)
    present = actual > 0
    recall = np.divide(diagonal, actual, out=np.zeros(n), where=present)
    expected = float(actual @ predicted) / total**2
    observed = diagonal.sum() / total
    kappa = (observed - expected) / (1.0 - expected) if expected < 1.0 else np.nan
    seen = present | (predicted > 0)  # the unknown prediction too, as scikit-learn counts it
    f1 = np.divide(2 * diagonal, actual + predicted, out=np.zeros(n), where=seen)
    return {
        "accuracy": float(observed),
        "balanced_accuracy": float(recall[present].mean()),
        "kappa": float(kappa),
        "f1_macro": float(f1[seen].mean()),
    }


def _auc(y_true: NDArray[Any], proba: NDArray[Any]) -> float:
    """Binary AUC for classes present in ``y_true``; weighted one-vs-rest otherwise.

    Each class's AUC is the Mann–Whitney statistic of its probability column (ties
    share their ranks), which is what :func:`sklearn.metrics.roc_auc_score` computes.
    """
    n_classes = proba.shape[1]
    counts = np.bincount(y_true, minlength=n_classes)
    n = y_true.size

    def one(c: int) -> float:
        positives = y_true == c
        n_pos = int(counts[c])
        ranks = rankdata(proba[:, c])
        return float((ranks[positives].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * (n - n_pos)))

    if np.count_nonzero(counts) < 2:
        return np.nan  # one class in the test part: no ROC curve
    if n_classes == 2:
        return one(1)
    classes = np.flatnonzero(counts)
    return float(sum(counts[c] * one(int(c)) for c in classes) / n)


def probability_metrics(
    y_true: NDArray[np.integer], proba: NDArray[np.floating]
) -> dict[str, float]:
    """AUC, log loss and Brier score of class probabilities.

    Parameters
    ----------
    y_true : ndarray of int
        Codes of the true classes, columns of ``proba``.
    proba : ndarray of shape (n_samples, n_classes)
        Each row a distribution over the classes.

    Returns
    -------
    dict
        ``auc`` (NaN when the test part holds one class), ``log_loss`` (probabilities
        clipped to ``[ε, 1 − ε]``, ``ε`` the float64 machine epsilon, as scikit-learn
        does) and ``brier`` (with two classes the squared error of the second class's
        probability; with more, the squared distance of each row from its one-hot truth,
        averaged: scikit-learn's ``brier_score_loss``).

    Examples
    --------
    >>> import numpy as np
    >>> p = np.array([[0.9, 0.1], [0.4, 0.6], [0.2, 0.8]])
    >>> {k: round(v, 4) for k, v in probability_metrics(np.array([0, 1, 0]), p).items()}
    {'auc': 0.5, 'log_loss': 0.7419, 'brier': 0.27}
    """
    y_true = np.asarray(y_true, dtype=np.intp)
    proba = np.asarray(proba, dtype=np.float64)
    rows = np.arange(y_true.size)
    eps = np.finfo(np.float64).eps
    log_loss = float(-np.mean(np.log(np.clip(proba[rows, y_true], eps, 1 - eps))))
    if proba.shape[1] == 2:
        brier = float(np.mean((proba[:, 1] - (y_true == 1)) ** 2))
    else:
        truth = np.zeros_like(proba)
        truth[rows, y_true] = 1.0
        brier = float(np.mean(np.sum((proba - truth) ** 2, axis=1)))
    return {"auc": _auc(y_true, proba), "log_loss": log_loss, "brier": brier}
