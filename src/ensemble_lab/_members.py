"""How an ensemble fits its members: one weighted fit, its weight policy named at the call.

Every member an ensemble trains on a weighted sample of its own rows goes through
:func:`fit_weighted` (members trained on the encoded data of an encoding ensemble go
through ``fit_member`` of :mod:`ensemble_lab.encoding`, which hands the
learners that cannot read the encoding to :func:`fit_weighted`). The policy says how
the member receives the weights:

* ``"pass"`` — as ``sample_weight`` (into the last step of a Pipeline);
* ``"repeat"`` — integer weights as repeated rows (a bootstrap sample's counts);
* ``"resample"`` — a weighted bootstrap of as many rows, drawn from a generator
  (boosting by resampling, Freund and Schapire's alternative to reweighting);
* ``"sample"`` — the weighted sample as Triskel's members take it: rows of weight
  zero are not part of it, a sample of one class gives a :class:`ConstantClassifier`,
  uniform weights are dropped, and the others go to a learner that takes them
  (rescaled to mean 1 with ``mean_one=True``) or become a weighted bootstrap.

Member seeds are made in :mod:`ensemble_lab.utils._seeding`.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Literal

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.pipeline import Pipeline

from .base import safe_rows

__all__ = [
    "ConstantClassifier",
    "WeightPolicy",
    "accepts_weights",
    "fit_weighted",
    "weighted_bootstrap",
]

#: How a member receives the ensemble's weights (see :func:`fit_weighted`).
WeightPolicy = Literal["pass", "repeat", "resample", "sample"]


class ConstantClassifier:
    """A fitted classifier that always predicts ``label`` (a degenerate member)."""

    def __init__(self, label):
        self.label = label

    def predict(self, X):
        return np.full(X.shape[0], self.label)

    def __repr__(self) -> str:
        return f"ConstantClassifier({self.label!r})"


def accepts_weights(estimator: BaseEstimator) -> bool:
    """Whether ``fit`` takes ``sample_weight`` (a Pipeline's: its last step's)."""
    if isinstance(estimator, Pipeline):
        return accepts_weights(estimator.steps[-1][1])
    return _fit_takes_weights(type(estimator))  # type: ignore[arg-type]  # classes hash


@functools.cache
def _fit_takes_weights(cls: Any) -> bool:
    """``has_fit_parameter`` for a class: its ``fit`` signature read once, not per member."""
    return "sample_weight" in inspect.signature(cls.fit).parameters


def weighted_bootstrap(weights: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Indices of ``len(weights)`` draws with replacement, sample ``i`` with probability ∝ w_i."""
    cdf = np.cumsum(weights)
    idx = np.searchsorted(cdf, rng.random(weights.shape[0]) * cdf[-1], side="right")
    return np.minimum(idx, weights.shape[0] - 1)


def fit_weighted(
    estimator: BaseEstimator,
    X,
    y,
    sample_weight,
    *,
    policy: WeightPolicy,
    rng: np.random.Generator | None = None,
    mean_one: bool = False,
):
    """Fit ``estimator`` on the weighted sample ``(X, y, sample_weight)``.

    Parameters
    ----------
    estimator : estimator
        The member, unfitted and already seeded.
    X : array-like or DataFrame of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    sample_weight : ndarray of shape (n_samples,) or None
        None fits on the rows as they are, whatever the policy (``"sample"`` still
        gives a constant member for a single class).
    policy : {"pass", "repeat", "resample", "sample"}
        ``"pass"`` hands the weights to ``fit`` (an error if it takes none);
        ``"repeat"`` repeats row ``i`` ``sample_weight[i]`` times (an error unless the
        weights are whole numbers); ``"resample"`` fits on :func:`weighted_bootstrap`
        rows drawn from ``rng``; ``"sample"`` drops the rows of weight zero, answers a
        single class with a :class:`ConstantClassifier`, fits uniform weights as no
        weights, passes the others to a learner that takes them and fits any other
        learner on a weighted bootstrap drawn from ``rng``.
    rng : numpy.random.Generator, default=None
        Required by ``"resample"`` and ``"sample"``.
    mean_one : bool, default=False
        ``"sample"`` only: rescale the passed weights to mean 1, so that a cost
        parameter such as an SVM's ``C`` keeps its meaning; uniform weights are then
        no weights. Without it an SVM's cost of an instance is ``C`` times its weight,
        as in Weka's SMO.

    Returns
    -------
    estimator or ConstantClassifier
        Fitted.
    """
    if policy == "sample":
        return _fit_sample(estimator, X, np.asarray(y), sample_weight, rng, mean_one)
    if sample_weight is None:
        return estimator.fit(X, y)
    if policy == "pass":
        return _fit_passing(estimator, X, y, sample_weight)
    if policy == "repeat":
        rows = _repeated_rows(estimator, sample_weight)
    elif policy == "resample":
        rows = weighted_bootstrap(np.asarray(sample_weight, dtype=float), _needs(rng, policy))
    else:
        raise ValueError(
            f"policy must be 'pass', 'repeat', 'resample' or 'sample'; got {policy!r}."
        )
    return estimator.fit(safe_rows(X, rows), np.asarray(y)[rows])


def _needs(rng: np.random.Generator | None, policy: str) -> np.random.Generator:
    if rng is None:
        raise ValueError(f"policy={policy!r} needs a generator (rng).")
    return rng


def _fit_sample(estimator, X, y: np.ndarray, sample_weight, rng, mean_one: bool):
    """``fit_weighted``'s policy ``"sample"``."""
    if sample_weight is not None:
        sample_weight = np.asarray(sample_weight, dtype=float)
        keep = sample_weight > 0
        if not keep.all():
            X, y, sample_weight = safe_rows(X, keep), y[keep], sample_weight[keep]
    labels = np.unique(y)
    if labels.size == 1:
        return ConstantClassifier(labels[0])
    uniform = sample_weight is None or np.ptp(sample_weight) <= 1e-12 * sample_weight.max()
    if uniform and (mean_one or sample_weight is None or sample_weight[0] == 1.0):
        return estimator.fit(X, y)
    if accepts_weights(estimator):
        if mean_one:
            sample_weight = sample_weight * (sample_weight.size / sample_weight.sum())
        return _fit_passing(estimator, X, y, sample_weight)
    if uniform:
        return estimator.fit(X, y)
    idx = weighted_bootstrap(sample_weight, _needs(rng, "sample"))
    if np.unique(y[idx]).size == 1:
        return ConstantClassifier(y[idx][0])
    return estimator.fit(safe_rows(X, idx), y[idx])


def _fit_passing(estimator: BaseEstimator, X, y, sample_weight) -> BaseEstimator:
    if not accepts_weights(estimator):
        raise ValueError(
            f"{type(estimator).__name__} does not accept sample_weight, and this ensemble "
            "passes its members weights."
        )
    if isinstance(estimator, Pipeline):
        return estimator.fit(X, y, **{f"{estimator.steps[-1][0]}__sample_weight": sample_weight})
    return estimator.fit(X, y, sample_weight=sample_weight)


def _repeated_rows(estimator: BaseEstimator, sample_weight) -> np.ndarray:
    counts = np.asarray(sample_weight)
    if not np.array_equal(counts, np.round(counts)):
        raise ValueError(
            f"sample_weight was given but {type(estimator).__name__} does not accept it "
            "(only integer weights can be passed on as repeated rows)."
        )
    return np.repeat(np.arange(counts.shape[0]), counts.astype(int))
