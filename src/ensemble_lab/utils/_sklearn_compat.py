"""The one place that imports scikit-learn's private helpers.

A new scikit-learn release that moves one of these breaks this file only.
"""

from sklearn.base import _fit_context
from sklearn.utils import _safe_indexing
from sklearn.utils._param_validation import HasMethods, Interval, StrOptions
from sklearn.utils.validation import (
    _check_feature_names,
    _check_n_features,
    _check_sample_weight,
    check_is_fitted,
    validate_data,
)

__all__ = [
    "HasMethods",
    "Interval",
    "StrOptions",
    "_check_feature_names",
    "_check_n_features",
    "_check_sample_weight",
    "_fit_context",
    "_safe_indexing",
    "check_is_fitted",
    "validate_data",
]
