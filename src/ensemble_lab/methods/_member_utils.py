"""Small helpers the oracle's host ensembles share: weights, member seeding, targets."""

from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.utils.validation import has_fit_parameter

from ..base import safe_rows
from ..utils._sklearn_compat import _check_sample_weight

__all__ = ["fit_weighted", "require_y", "seed_estimator", "validated_weights"]

_MAX_SEED = np.iinfo(np.int32).max


def require_y(estimator: BaseEstimator, y) -> None:
    """Raise the error scikit-learn expects when a classifier is fitted without ``y``."""
    if y is None:
        raise ValueError(
            f"{type(estimator).__name__} requires y to be passed, but the target y is None."
        )


def validated_weights(sample_weight, X) -> np.ndarray | None:
    """Finite, non-negative, not-all-zero weights (one per row of ``X``), or None."""
    if sample_weight is None:
        return None
    sw = np.asarray(sample_weight, dtype=float) if not np.isscalar(sample_weight) else None
    if sw is not None and sw.ndim == 1 and not np.isfinite(sw).all():
        raise ValueError("sample_weight contains NaN or infinity.")
    sw = _check_sample_weight(sample_weight, X, ensure_non_negative=True)
    if sw.sum() <= 0:
        raise ValueError("sample_weight sums to zero; at least one sample needs a positive weight.")
    return sw


def seed_estimator(estimator: BaseEstimator, rng: np.random.RandomState) -> BaseEstimator:
    """Give every ``random_state`` parameter of ``estimator`` (nested ones too) a seed.

    Done on a fresh clone, so a member is reproducible from the ensemble's seed even when
    the user's base learner was left with ``random_state=None``.
    """
    params = estimator.get_params(deep=True)
    seeds = {
        key: int(rng.randint(_MAX_SEED))
        for key in sorted(params)
        if key == "random_state" or key.endswith("__random_state")
    }
    if seeds:
        estimator.set_params(**seeds)
    return estimator


def fit_weighted(estimator: BaseEstimator, X, y, sample_weight=None) -> BaseEstimator:
    """Fit ``estimator`` with ``sample_weight``, whether or not it takes weights.

    A learner without a ``sample_weight`` parameter gets integer weights as repeated
    rows (how a bootstrap sample arrives from bagging); fractional weights it cannot
    take are an error rather than silently dropped.
    """
    if sample_weight is None:
        return estimator.fit(X, y)
    if has_fit_parameter(estimator, "sample_weight"):
        return estimator.fit(X, y, sample_weight=sample_weight)
    counts = np.asarray(sample_weight)
    if not np.array_equal(counts, np.round(counts)):
        raise ValueError(
            f"sample_weight was given but {type(estimator).__name__} does not accept it "
            "(only integer weights can be passed on as repeated rows)."
        )
    rows = np.repeat(np.arange(counts.shape[0]), counts.astype(int))
    return estimator.fit(safe_rows(X, rows), np.asarray(y)[rows])
