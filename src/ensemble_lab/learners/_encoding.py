"""Encoding of mixed nominal/numeric data into a numeric matrix.

Weka's SMO, MLP and the oracle's hyperplane all work in the same space: missing values
replaced (mean for numeric, mode for nominal), nominal attributes one-hot encoded,
numeric attributes scaled. ``MixedEncoder`` is that space as a scikit-learn transformer.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer, MinMaxScaler, OneHotEncoder, StandardScaler

from ..base import nominal_columns, validate_mixed_data
from ..utils._sklearn_compat import StrOptions, _fit_context, check_is_fitted

__all__ = ["MixedEncoder"]

_SCALERS = {"minmax": MinMaxScaler, "standard": StandardScaler}


class MixedEncoder(TransformerMixin, BaseEstimator):
    """Impute, one-hot encode nominal columns and scale numeric columns.

    Parameters
    ----------
    scale : {"minmax", "standard", "none"}, default="minmax"
        Scaling of numeric columns, fitted on the training data. ``"minmax"`` maps the
        training range to [0, 1] as Weka's ``Normalize`` filter does.
    impute : bool, default=True
        Replace missing values by the training mean (numeric) or mode (nominal), as
        Weka's ``ReplaceMissingValues``. If False, NaN is kept in numeric columns and a
        missing nominal value encodes as all zeros.

    Attributes
    ----------
    nominal_mask_ : ndarray of bool
        Which input columns were treated as nominal (``category``, ``object`` or
        ``bool`` columns of a DataFrame; none for an array).
    n_features_out_ : int
        Width of the encoded matrix.

    Notes
    -----
    Nominal values unseen in training encode as all zeros (no error), which is what a
    Weka filter does with a value absent from its header.
    """

    _parameter_constraints: dict = {
        "scale": [StrOptions({"minmax", "standard", "none"})],
        "impute": ["boolean"],
    }

    def __init__(self, scale="minmax", impute=True):
        self.scale = scale
        self.impute = impute

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y=None):
        X = validate_mixed_data(self, X, reset=True)
        self.nominal_mask_ = nominal_columns(X)
        nominal = np.flatnonzero(self.nominal_mask_)
        numeric = np.flatnonzero(~self.nominal_mask_)
        steps_num = []
        if self.impute:
            steps_num.append(SimpleImputer(strategy="mean", keep_empty_features=True))
        if self.scale != "none":
            steps_num.append(_SCALERS[self.scale]())
        if not steps_num:
            steps_num.append(FunctionTransformer())
        steps_nom = []
        if self.impute:
            steps_nom.append(SimpleImputer(strategy="most_frequent", keep_empty_features=True))
        steps_nom.append(
            OneHotEncoder(handle_unknown="ignore", sparse_output=False, dtype=np.float64)
        )
        transformers = []
        if numeric.size:
            transformers.append(("numeric", make_pipeline(*steps_num), numeric))
        if nominal.size:
            transformers.append(("nominal", make_pipeline(*steps_nom), nominal))
        self.transformer_ = ColumnTransformer(transformers, sparse_threshold=0.0)
        Xt = self.transformer_.fit_transform(_as_object_nominals(X, nominal))
        self.n_features_out_ = Xt.shape[1]
        return self

    def transform(self, X):
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False)
        nominal = np.flatnonzero(self.nominal_mask_)
        return np.asarray(self.transformer_.transform(_as_object_nominals(X, nominal)), float)

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags


def _as_object_nominals(X, nominal):
    """Nominal DataFrame columns as object arrays with NaN for missing (imputer-friendly)."""
    if not nominal.size or not hasattr(X, "iloc"):
        return X
    X = X.copy()
    for j in nominal:
        col = X.iloc[:, j]
        X.isetitem(j, col.astype(object).where(col.notna(), np.nan))
    return X
