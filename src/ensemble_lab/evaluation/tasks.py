"""One task of an experiment: fit one method on one training part, score it on the test part.

A task is identified by its :class:`TaskKey` ``(dataset, method, repetition, fold)``.
:func:`execute_task` runs in a worker process (joblib or Dask) and returns a
:class:`TaskResult`; the coordinator writes it to the results store. Everything a task
needs arrives as arguments, and its estimator seed comes from :func:`derive_seed`, so a
task gives the same numbers whichever worker runs it, in whichever order. A task runs
with one BLAS and one OpenMP thread (:func:`single_threaded`): a multi-threaded BLAS
sums in another order, and an L-BFGS network or an SVM's kernel then ends a few ulps
away, which can move a prediction; the experiment's parallelism is its tasks.
"""

from __future__ import annotations

import functools
import hashlib
import json
import time
import traceback
import warnings
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray

from ensemble_lab.base import has_members, member_predictions, safe_rows

from .config import MethodSpec, import_probe
from .metrics import PROBABILITY_METRICS, label_metrics, probability_metrics

__all__ = [
    "TaskKey",
    "TaskResult",
    "dataset_digest",
    "derive_seed",
    "ensemble_size",
    "execute_task",
]


class TaskKey(NamedTuple):
    """Identity of a task inside an experiment."""

    dataset: str
    method: str
    repetition: int
    fold: int


@dataclass
class TaskResult:
    """What one task produced (or the error it raised).

    Attributes
    ----------
    key : TaskKey
        The task.
    seed : int
        The estimator seed used.
    n_train, n_test : int
        Sizes of the training and test parts.
    accuracy : float or None
        Fraction of test instances classified correctly (None if the task failed).
    scores : dict
        The other metrics of :mod:`.metrics` (``balanced_accuracy``, ``kappa``,
        ``f1_macro``, ``auc``, ``log_loss``, ``brier``); NaN where one cannot be
        computed, ``metrics_note`` says why.
    metrics_note : str or None
        Why some metrics are NaN (the method gives no probabilities, the test part holds
        one class), None when all were computed.
    fit_cpu, fit_wall, predict_cpu, predict_wall : float or None
        Seconds of process CPU time (``time.process_time`` in the worker: all threads
        of the worker process, not child processes) and of wall time.
    ensemble_size : int or None
        Members of the fitted ensemble (see :func:`ensemble_size`).
    error : str or None
        ``"ExceptionType: message"`` and the traceback when the task raised.
    test_idx, y_true, y_pred : ndarray or None
        Per-instance predictions as codes into the dataset's class list (kept only
        when predictions are recorded).
    records : dict of str to DataFrame
        What each probe of the experiment returned (``ExperimentConfig.probes``), by
        its import path.
    warnings : list of str
        The distinct warnings the task raised (``"ConvergenceWarning: ..."``, at most
        :data:`MAX_WARNINGS`), kept instead of printed.
    members : ndarray of shape (n_test, n_members) or None
        Each member's predicted class code (kept only when members are recorded and the
        method is an ensemble), as :func:`ensemble_lab.base.member_predictions` gives
        them: every member applied to its own view of the test data.
    """

    key: TaskKey
    seed: int
    n_train: int
    n_test: int
    accuracy: float | None = None
    scores: dict[str, float] = field(default_factory=dict)
    metrics_note: str | None = None
    fit_cpu: float | None = None
    fit_wall: float | None = None
    predict_cpu: float | None = None
    predict_wall: float | None = None
    ensemble_size: int | None = None
    error: str | None = None
    test_idx: NDArray[np.intp] | None = None
    y_true: NDArray[np.int32] | None = None
    y_pred: NDArray[np.int32] | None = None
    members: NDArray[np.int16] | None = None
    records: dict[str, pd.DataFrame] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    wall: float = 0.0

    @property
    def ok(self) -> bool:
        """True if the task finished without an error."""
        return self.error is None


def derive_seed(
    experiment_seed: int,
    dataset: str,
    method: str,
    repetition: int,
    fold: int,
    *,
    common: int | None = None,
) -> int:
    """Estimator seed of a task, a pure function of its identity.

    A SHA-256 of ``[experiment_seed, dataset, method, repetition, fold]`` cut to 31 bits,
    so resumed and parallel runs seed every task exactly as an uninterrupted sequential
    run does, and seeds of neighbouring tasks are unrelated.

    With ``common`` (an experiment's ``common_seeds``) the seed is ``common +
    repetition`` instead: every method and fold of a repetition gets the same seed
    (common random numbers, for paired comparisons of the methods).

    >>> derive_seed(1, "iris", "J48", 0, 0) == derive_seed(1, "iris", "J48", 0, 0)
    True
    >>> derive_seed(1, "iris", "J48", 0, 0) != derive_seed(1, "iris", "J48", 0, 1)
    True
    >>> derive_seed(1, "iris", "J48", 3, 0, common=1000)
    1003
    >>> derive_seed(1, "vote", "NB", 3, 1, common=1000)
    1003
    """
    if common is not None:
        return (int(common) + int(repetition)) & 0x7FFFFFFF
    text = json.dumps([int(experiment_seed), dataset, method, int(repetition), int(fold)])
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:4], "little") & 0x7FFFFFFF


def dataset_digest(X: Any, y: Any) -> str:
    """SHA-256 of a dataset as a task sees it: values, column names and types, classes.

    A DataFrame is hashed with :func:`pandas.util.hash_pandas_object` (row by row, fast)
    along with its column names, dtypes and category lists; an array by its bytes.

    >>> import numpy as np
    >>> a = dataset_digest(np.eye(3), ["a", "b", "a"])
    >>> a == dataset_digest(np.eye(3), ["a", "b", "a"])
    True
    >>> a == dataset_digest(np.eye(3), ["a", "b", "b"])
    False
    """
    import pandas as pd

    h = hashlib.sha256()
    if isinstance(X, pd.DataFrame):
        for name in X.columns:
            column = X[name]
            h.update(json.dumps([str(name), str(column.dtype)]).encode())
            if isinstance(column.dtype, pd.CategoricalDtype):
                h.update(json.dumps([str(c) for c in column.cat.categories]).encode())
        h.update(pd.util.hash_pandas_object(X, index=False).to_numpy().tobytes())
    else:
        array = np.ascontiguousarray(np.asarray(X))
        h.update(json.dumps([array.dtype.str, list(array.shape)]).encode())
        h.update(array.tobytes() if array.dtype != object else repr(array.tolist()).encode())
    labels = np.asarray(y)
    h.update(json.dumps([str(v) for v in labels.tolist()]).encode())
    return h.hexdigest()


def ensemble_size(estimator: Any) -> int:
    """Number of members of a fitted estimator.

    ``n_members_`` if the estimator defines it, else ``len(estimators_)`` (for a
    ``Pipeline``, those of its last step), else 1 (a single classifier). It is the
    number of rows :func:`ensemble_lab.base.member_predictions` gives.
    """
    if hasattr(estimator, "steps"):  # a Pipeline: its last step is the classifier
        return ensemble_size(estimator.steps[-1][1])
    n = getattr(estimator, "n_members_", None)
    if n is not None:
        return int(n)
    members = getattr(estimator, "estimators_", None)
    if members is not None:
        try:
            return len(members)
        except TypeError:
            return 1
    return 1


def _codes(labels: ArrayLike, classes: NDArray[Any]) -> NDArray[np.int32]:
    """Position of each label in ``classes`` (-1 for a label outside them)."""
    labels = np.asarray(labels)
    pos = np.searchsorted(classes, labels)
    pos = np.clip(pos, 0, len(classes) - 1)
    found = classes[pos] == labels
    return np.where(found, pos, -1).astype(np.int32)


def _timed(fn: Any, *args: Any) -> tuple[Any, float, float]:
    cpu0, wall0 = time.process_time(), time.perf_counter()
    out = fn(*args)
    return out, time.process_time() - cpu0, time.perf_counter() - wall0


def _probabilities(estimator: Any, X: Any, classes: NDArray[Any]) -> NDArray[np.float64]:
    """``predict_proba`` with one column per class of the dataset (0 for unseen classes).

    A training part may lack a class; the estimator's columns are its own classes.
    """
    proba = np.asarray(estimator.predict_proba(X), dtype=np.float64)
    own = _codes(np.asarray(estimator.classes_), classes)
    if proba.ndim != 2 or proba.shape[1] != own.size:
        raise ValueError(f"predict_proba gave shape {proba.shape} for {own.size} classes")
    full = np.zeros((proba.shape[0], len(classes)))
    full[:, own[own >= 0]] = proba[:, own >= 0]
    return full


def _scores(
    estimator: Any,
    X_test: Any,
    codes_true: NDArray[np.int32],
    codes_pred: NDArray[np.int32],
    classes: NDArray[Any],
) -> tuple[dict[str, float], str | None]:
    """The task's metrics beside accuracy, and why any of them is NaN."""
    scores = label_metrics(codes_true, codes_pred, len(classes))
    del scores["accuracy"]  # the task's own, computed from the labels as it always was
    notes = []
    try:
        if not hasattr(estimator, "predict_proba"):
            raise AttributeError("the method has no predict_proba")
        scores.update(probability_metrics(codes_true, _probabilities(estimator, X_test, classes)))
    except (AttributeError, NotImplementedError, ValueError) as exc:
        notes.append(f"{exc}: auc, log_loss and brier are NaN")
        scores.update(dict.fromkeys(PROBABILITY_METRICS, np.nan))
    if np.isnan(scores.get("auc", 0.0)) and not notes:
        notes.append("one class in the test part: auc is NaN")
    return scores, "; ".join(notes) or None


def execute_task(
    key: TaskKey,
    method: MethodSpec,
    seed: int,
    data: tuple[Any, Any],
    train_idx: NDArray[np.intp],
    test_idx: NDArray[np.intp],
    classes: NDArray[Any],
    record_predictions: bool = False,
    record_members: bool = False,
    probes: tuple[str, ...] = (),
) -> TaskResult:
    """Run one task in the current process and return its result.

    Any ``Exception`` raised while building, fitting or predicting is caught and
    returned as ``TaskResult.error``; ``KeyboardInterrupt`` and ``SystemExit`` are not.

    Parameters
    ----------
    key : TaskKey
        Identity of the task.
    method : MethodSpec
        How to build the estimator.
    seed : int
        Estimator seed (:func:`derive_seed`).
    data : (X, y)
        The whole dataset.
    train_idx, test_idx : ndarray of int
        Row positions of the training and test parts.
    classes : ndarray
        Sorted class labels of the whole dataset (prediction codes index into it).
    record_predictions, record_members : bool
        Return per-instance predictions (and each member's).
    probes : tuple of str, default=()
        Import paths of the probes to call on the fitted estimator
        (``ExperimentConfig.probes``); their frames go to ``TaskResult.records``.
    """
    start = time.perf_counter()
    result = TaskResult(key=key, seed=seed, n_train=len(train_idx), n_test=len(test_idx))
    with warnings.catch_warnings(record=True) as caught, single_threaded():
        # what no earlier filter decides is recorded, each time: a run's log is no place
        # for a method's warnings; the store keeps them and the report says them once
        warnings.filterwarnings("always", append=True)
        _run_task(result, method, seed, data, train_idx, test_idx, classes,
                  record_predictions, record_members, probes)  # fmt: skip
    result.warnings = _distinct(caught)
    result.wall = time.perf_counter() - start
    return result


@functools.cache
def _controller() -> Any:
    """The thread pools of this process (BLAS, OpenMP), found once: finding them takes ~2 ms."""
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def single_threaded() -> Any:
    """A context in which BLAS and OpenMP run one thread, so sums keep one order.

    Examples
    --------
    >>> from threadpoolctl import threadpool_info
    >>> with single_threaded():
    ...     all(pool["num_threads"] == 1 for pool in threadpool_info())
    True
    """
    return _controller().limit(limits=1)


#: Distinct warnings a task keeps (each ``"Category: first line of the message"``).
MAX_WARNINGS = 5


def _distinct(caught: list[warnings.WarningMessage]) -> list[str]:
    seen: dict[str, None] = {}
    for w in caught:
        text = str(w.message).strip().splitlines()[0] if str(w.message).strip() else ""
        seen.setdefault(f"{w.category.__name__}: {text[:200]}", None)
    return list(seen)[:MAX_WARNINGS]


def _probe(path: str, estimator: Any, parts: tuple[Any, Any, Any, Any]) -> pd.DataFrame:
    """What the probe ``path`` records of a fitted estimator, as a fresh-indexed frame."""
    frame = import_probe(path)(estimator, *parts)
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"the probe {path} returned {type(frame).__name__}, not a DataFrame")
    return frame.reset_index(drop=True)


def _run_task(
    result: TaskResult,
    method: MethodSpec,
    seed: int,
    data: tuple[Any, Any],
    train_idx: NDArray[np.intp],
    test_idx: NDArray[np.intp],
    classes: NDArray[Any],
    record_predictions: bool,
    record_members: bool,
    probes: tuple[str, ...] = (),
) -> None:
    """Fit, predict and score into ``result``; an exception becomes its ``error``."""
    X, y = data
    y = np.asarray(y)
    try:
        estimator = method.build(seed)
        X_train, X_test = safe_rows(X, train_idx), safe_rows(X, test_idx)
        _, result.fit_cpu, result.fit_wall = _timed(estimator.fit, X_train, y[train_idx])
        y_pred, result.predict_cpu, result.predict_wall = _timed(estimator.predict, X_test)
        y_pred = np.asarray(y_pred)
        result.accuracy = float(np.mean(y_pred == y[test_idx]))
        result.ensemble_size = ensemble_size(estimator)
        codes_true, codes_pred = _codes(y[test_idx], classes), _codes(y_pred, classes)
        result.scores, result.metrics_note = _scores(
            estimator, X_test, codes_true, codes_pred, classes
        )
        if record_predictions:
            result.test_idx = np.asarray(test_idx, dtype=np.intp)
            result.y_true = codes_true
            result.y_pred = codes_pred
        if record_members and has_members(estimator):
            per_member = member_predictions(estimator, X_test)
            result.members = _codes(per_member.T, classes).astype(np.int16)
        parts = (X_train, y[train_idx], X_test, y[test_idx])
        result.records = {path: _probe(path, estimator, parts) for path in probes}
    except Exception as exc:
        result.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc()}"
