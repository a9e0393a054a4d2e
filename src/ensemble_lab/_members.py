"""How an ensemble seeds and fits its members: one seeding rule, one weighted fit.

Every ensemble of the package seeds its members with :func:`seed_random_states` and,
when it trains a member that is not fitted on the encoded data (``fit_member`` of
:mod:`ensemble_lab.learners`), fits it with :func:`fit_weighted`, naming at the call
how the member receives the weights:

* ``"pass"`` — as ``sample_weight`` (into the last step of a Pipeline);
* ``"repeat"`` — integer weights as repeated rows (a bootstrap sample's counts);
* ``"resample"`` — a weighted bootstrap of as many rows, drawn from a generator
  (boosting by resampling, Freund and Schapire's alternative to reweighting).
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Literal

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.pipeline import Pipeline

from .base import safe_rows
from .utils._sklearn_compat import Estimator

__all__ = [
    "WeightPolicy",
    "accepts_weights",
    "fit_weighted",
    "random_state_keys",
    "seed_random_states",
    "takes_seed",
    "weighted_bootstrap",
]

_MAX_SEED = np.iinfo(np.int32).max

#: How a member receives the ensemble's weights (see :func:`fit_weighted`).
WeightPolicy = Literal["pass", "repeat", "resample"]


def random_state_keys(estimator: BaseEstimator) -> list[str]:
    """Names of the ``random_state`` parameters of ``estimator``, nested ones too."""
    keys = _package_keys(estimator)
    if keys is not None:
        return keys
    return [k for k in estimator.get_params(deep=True) if k.split("__")[-1] == "random_state"]


def _package_keys(estimator) -> list[str] | None:
    """``random_state_keys`` of a package estimator, read without ``get_params``.

    For an :class:`~ensemble_lab.utils._sklearn_compat.Estimator` whose nested estimators are
    package estimators too (a random linear oracle around J48): the same names in the
    same order as ``get_params(deep=True)`` gives them, for a fraction of its cost,
    which every ensemble member pays. None for anything else.
    """
    if not isinstance(estimator, Estimator):
        return None
    keys = []
    for name in type(estimator)._get_param_names():
        value = getattr(estimator, name)
        if isinstance(value, Estimator):
            nested = _package_keys(value)
            if nested is None:
                return None
            keys += [f"{name}__{key}" for key in nested]
        elif hasattr(value, "get_params") and not isinstance(value, type):
            return None
        if name == "random_state":
            keys.append(name)
    return keys


def takes_seed(estimator: BaseEstimator) -> bool:
    """Whether a learner is randomised (Weka's ``Randomizable``): it has ``random_state``.

    Weka's ensembles draw a member seed only for such a learner.
    """
    return "random_state" in estimator.get_params(deep=False)


def seed_random_states(
    estimator: BaseEstimator, seed: int | np.random.RandomState
) -> BaseEstimator:
    """Set every ``random_state`` parameter of ``estimator``, nested ones too, to one seed.

    Parameters
    ----------
    estimator : estimator
        An unfitted member (a clone: it is changed in place and returned).
    seed : int or numpy.random.RandomState
        The member's seed, or a generator to draw it from. A seed is drawn only when
        the estimator has a ``random_state`` to set, so a learner without randomness
        (J48, say) leaves the generator's stream as it is.

    Returns
    -------
    estimator
    """
    keys = _package_keys(estimator)
    direct = keys is not None
    if keys is None:
        keys = random_state_keys(estimator)
    if not keys:
        return estimator
    if isinstance(seed, np.random.RandomState):
        seed = int(seed.randint(_MAX_SEED))
    if not direct:
        return estimator.set_params(**dict.fromkeys(keys, int(seed)))
    # A package estimator's set_params sets the attributes; set them without its checks.
    for key in keys:
        *path, name = key.split("__")
        owner = estimator
        for part in path:
            owner = getattr(owner, part)
        setattr(owner, name, int(seed))
    return estimator


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
) -> BaseEstimator:
    """Fit ``estimator`` on the weighted sample ``(X, y, sample_weight)``.

    Parameters
    ----------
    estimator : estimator
        The member, unfitted and already seeded.
    X : array-like or DataFrame of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    sample_weight : ndarray of shape (n_samples,) or None
        None fits on the rows as they are, whatever the policy.
    policy : {"pass", "repeat", "resample"}
        ``"pass"`` hands the weights to ``fit`` (an error if it takes none);
        ``"repeat"`` repeats row ``i`` ``sample_weight[i]`` times (an error unless the
        weights are whole numbers); ``"resample"`` fits on :func:`weighted_bootstrap`
        rows drawn from ``rng``.
    rng : numpy.random.Generator, default=None
        Required by ``"resample"``.

    Returns
    -------
    estimator
        Fitted.
    """
    if sample_weight is None:
        return estimator.fit(X, y)
    if policy == "pass":
        return _fit_passing(estimator, X, y, sample_weight)
    if policy == "repeat":
        rows = _repeated_rows(estimator, sample_weight)
    elif policy == "resample":
        if rng is None:
            raise ValueError("policy='resample' needs a generator (rng).")
        rows = weighted_bootstrap(np.asarray(sample_weight, dtype=float), rng)
    else:
        raise ValueError(f"policy must be 'pass', 'repeat' or 'resample'; got {policy!r}.")
    return estimator.fit(safe_rows(X, rows), np.asarray(y)[rows])


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
