"""What every ensemble of the package shares.

* mixed-type input: a pandas DataFrame whose nominal columns are ``category`` or
  ``object`` dtype, with NaN for missing values, is passed through untouched to the base
  learners (which know how to encode it); any other input goes through scikit-learn's
  ``validate_data``;
* member seeding: one integer seed per member, drawn once in ``fit``, so that results do
  not depend on ``n_jobs``;
* class alignment: members that saw a subset of the classes get their probabilities
  re-indexed onto the ensemble's ``classes_``.
"""

from __future__ import annotations

import numbers

import numpy as np
import pandas as pd
from sklearn.utils import check_random_state
from sklearn.utils.multiclass import check_classification_targets

from .utils._pandas_compat import column_arrays
from .utils._sklearn_compat import (
    _check_feature_names,
    _check_n_features,
    _check_sample_weight,
    _safe_indexing,
    validate_data,
)

__all__ = [
    "align_proba",
    "check_sample_weight",
    "is_mixed_frame",
    "member_seeds",
    "nominal_columns",
    "resolve_estimator",
    "safe_rows",
    "validate_mixed_data",
]

_MAX_SEED = np.iinfo(np.int32).max


def is_mixed_frame(X) -> bool:
    """Return True if ``X`` is a DataFrame with at least one non-numeric column."""
    if not isinstance(X, pd.DataFrame):
        return False
    return bool(nominal_columns(X).any())


def nominal_columns(X) -> np.ndarray:
    """Boolean mask of the nominal (``category``/``object``/``bool``/string) columns of ``X``.

    A plain array has no nominal columns.
    """
    if not isinstance(X, pd.DataFrame):
        return np.zeros(np.shape(X)[1], dtype=bool)
    return np.array([_is_nominal(array.dtype) for array in column_arrays(X)], dtype=bool)


def _is_nominal(dtype) -> bool:
    if isinstance(dtype, np.dtype):  # the common case, without pandas' dtype machinery
        return dtype.kind not in "iufc"
    return not pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_bool_dtype(dtype)


def validate_mixed_data(estimator, X, y=None, *, reset=True, allow_nan=True, **check_params):
    """Validate ``X`` (and ``y``) as every estimator of the package does.

    A DataFrame with nominal columns is kept as a DataFrame (its columns are checked
    against those seen in ``fit``); anything else is validated by scikit-learn's
    ``validate_data`` into a float array. ``n_features_in_`` and ``feature_names_in_``
    are set when ``reset`` is true.

    Parameters
    ----------
    estimator : estimator instance
        The estimator being fitted or used.
    X : array-like or DataFrame of shape (n_samples, n_features)
        Input samples.
    y : array-like of shape (n_samples,), default=None
        Targets; validated as classification targets when given.
    reset : bool, default=True
        True in ``fit``; False in ``predict`` and friends.
    allow_nan : bool, default=True
        Whether missing values are accepted (the base learners impute them).
    **check_params : dict
        Passed on to ``validate_data`` for array input.

    Returns
    -------
    X : ndarray or DataFrame
    y : ndarray, only when ``y`` is given
    """
    ensure_all_finite = "allow-nan" if allow_nan else True
    if is_mixed_frame(X):
        _check_frame_columns(estimator, X, reset)
        if X.shape[0] == 0:
            raise ValueError(
                f"Found array with 0 sample(s) (shape={X.shape}) while a minimum of 1 is required."
            )
        for array in column_arrays(X):
            floats = isinstance(array, np.ndarray) and array.dtype.kind == "f"
            if floats and np.isinf(array).any():
                raise ValueError("Input X contains infinity in a numeric column.")
            if not allow_nan and (np.isnan(array) if floats else pd.isna(array)).any():
                name = type(estimator).__name__
                raise ValueError(f"Input X contains NaN; {name} cannot take it.")
        if y is None:
            return X
        y = _validate_y(y, X.shape[0])
        return X, y
    params = {"ensure_all_finite": ensure_all_finite, **check_params}
    if y is None:
        return validate_data(estimator, X, reset=reset, **params)
    X, y = validate_data(estimator, X, y, reset=reset, **params)
    check_classification_targets(y)
    return X, y


def _check_frame_columns(estimator, X, reset):
    """scikit-learn's column-name and column-count checks, skipped when a DataFrame has
    exactly the columns seen in ``fit`` (the common case, and the costly one)."""
    columns = np.asarray(X.columns, dtype=object)
    if reset and all(isinstance(name, str) for name in columns):
        estimator.feature_names_in_ = columns
        estimator.n_features_in_ = X.shape[1]
        return
    names = getattr(estimator, "feature_names_in_", None)
    if not reset and names is not None and X.shape[1] == names.shape[0]:
        if (columns == names).all() and X.shape[1] == getattr(estimator, "n_features_in_", -1):
            return
    _check_feature_names(estimator, X, reset=reset)
    _check_n_features(estimator, X, reset=reset)


def _validate_y(y, n_samples):
    if isinstance(y, pd.Series) and isinstance(y.dtype, pd.CategoricalDtype):
        # A categorical is a classification target by construction; its codes are cheap
        # to check (type_of_target scans an object array).
        y_values = y.to_numpy()
        if y_values.shape[0] != n_samples:
            raise ValueError(
                "Found input variables with inconsistent numbers of samples: "
                f"[{n_samples}, {y_values.shape[0]}]"
            )
        if (y.array.codes < 0).any():
            raise ValueError("Input y contains NaN.")
        return y_values
    y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        y = y.ravel()
    if y.ndim != 1:
        raise ValueError(f"y should be a 1d array, got an array of shape {y.shape} instead.")
    if y.shape[0] != n_samples:
        raise ValueError(
            "Found input variables with inconsistent numbers of samples: "
            f"[{n_samples}, {y.shape[0]}]"
        )
    check_classification_targets(y)
    return y


def check_sample_weight(sample_weight, X, *, only_non_negative=True):
    """Validate ``sample_weight``: finite, non-negative, one per sample, not all zero."""
    n_samples = X.shape[0]
    if sample_weight is not None:
        sw = np.asarray(sample_weight, dtype=float)
        if sw.ndim == 1 and sw.shape[0] == n_samples and not np.isfinite(sw).all():
            raise ValueError("sample_weight contains NaN or infinity.")
    sw = _check_sample_weight(
        sample_weight, np.empty((n_samples, 0)), ensure_non_negative=only_non_negative
    )
    if sw.sum() <= 0:
        raise ValueError("sample_weight sums to zero; at least one sample needs a positive weight.")
    return sw


def member_seeds(random_state, n_members: int) -> np.ndarray:
    """Draw one integer seed per ensemble member, once, from ``random_state``.

    Drawing the seeds up front (rather than sharing a generator between members) makes
    the members independent of the order and the process in which they are built, so a
    fit gives the same ensemble for any ``n_jobs``.
    """
    if isinstance(random_state, numbers.Integral | np.random.RandomState | None.__class__):
        rng = check_random_state(random_state)
        return rng.randint(_MAX_SEED, size=n_members)
    if isinstance(random_state, np.random.Generator):
        return random_state.integers(_MAX_SEED, size=n_members)
    raise ValueError(f"random_state must be None, an int or a RandomState; got {random_state!r}")


def safe_rows(X, indices):
    """Rows ``indices`` (integer array or boolean mask) of an array or DataFrame."""
    indices = np.asarray(indices)
    if indices.dtype == bool:
        indices = np.flatnonzero(indices)
    return _safe_indexing(X, indices, axis=0)


def align_proba(proba, member_classes, classes) -> np.ndarray:
    """Re-index a member's ``predict_proba`` columns onto the ensemble's ``classes``.

    Classes the member never saw get probability zero.

    >>> import numpy as np
    >>> align_proba(np.array([[0.25, 0.75]]), np.array(["b", "c"]), np.array(["a", "b", "c"]))
    array([[0.  , 0.25, 0.75]])
    """
    proba = np.asarray(proba, dtype=float)
    member_classes = np.asarray(member_classes)
    if member_classes.shape[0] == classes.shape[0] and np.array_equal(member_classes, classes):
        return proba
    out = np.zeros((proba.shape[0], classes.shape[0]))
    out[:, np.searchsorted(classes, member_classes)] = proba
    return out


def resolve_estimator(estimator, default: str = "j48"):
    """The base learner an ensemble should clone.

    ``None`` means the preset ``default``; a string is a preset name of
    :func:`ensemble_lab.learners.make_learner`; anything else is returned as is (the
    caller clones it, never mutates it).
    """
    if estimator is None:
        estimator = default
    if isinstance(estimator, str):
        from .learners import make_learner

        return make_learner(estimator)
    return estimator
