"""Encoding of mixed nominal/numeric data into a numeric matrix.

Weka's SMO, MLP and the oracle's hyperplane all work in the same space: missing values
replaced (mean for numeric, mode for nominal), nominal attributes one-hot encoded,
numeric attributes scaled. ``MixedEncoder`` is that space as a scikit-learn transformer.
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin

from ..base import nominal_columns, validate_mixed_data
from ..utils._sklearn_compat import StrOptions, _fit_context, check_is_fitted

__all__ = ["MixedEncoder"]


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
    numeric_fill_ : ndarray
        Training mean of each numeric column (what replaces a missing value).
    numeric_offset_, numeric_scale_ : ndarray
        The scaling ``(x - offset) / scale`` of the numeric columns.
    categories_ : list of ndarray
        Values seen in training of each nominal column (the one-hot columns, in order).
    modes_ : list
        Most frequent training value of each nominal column (replaces a missing value).
    n_features_out_ : int
        Width of the encoded matrix: the numeric columns, then each nominal column's
        one-hot block.

    Notes
    -----
    Nominal values unseen in training encode as all zeros (no error), which is what a
    Weka filter does with a value absent from its header. The encoding is computed with
    NumPy and pandas' categorical codes rather than a ``ColumnTransformer`` pipeline,
    because ensembles re-fit it for every member; it equals that pipeline
    (``SimpleImputer`` + ``MinMaxScaler``/``StandardScaler`` and ``SimpleImputer`` +
    ``OneHotEncoder(handle_unknown="ignore")``), which the tests check.
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
        numeric = _numeric_block(X, self.nominal_mask_)
        # Eq. of Weka's ReplaceMissingValues: the training mean (0 for an all-missing column)
        with warnings.catch_warnings():  # an all-missing column has no mean: filled with 0
            warnings.simplefilter("ignore", RuntimeWarning)
            means = np.nanmean(numeric, axis=0) if numeric.shape[0] else np.zeros(numeric.shape[1])
        self.numeric_fill_ = np.where(np.isnan(means), 0.0, means)
        filled = self._fill(numeric)
        if self.scale == "minmax":
            low, high = (
                np.nanmin(filled, axis=0, initial=np.inf),
                np.nanmax(filled, axis=0, initial=-np.inf),
            )
            self.numeric_offset_ = low
            span = high - low
        elif self.scale == "standard":
            self.numeric_offset_ = np.nanmean(filled, axis=0)
            span = np.nanstd(filled, axis=0)
        else:
            self.numeric_offset_ = np.zeros(filled.shape[1])
            span = np.ones(filled.shape[1])
        # a constant column keeps its offset and is not divided by zero (as sklearn's scalers)
        self.numeric_scale_ = np.where(np.isfinite(span) & (span > 0), span, 1.0)
        self.categories_, self.modes_ = [], []
        for column in _nominal_columns(X, self.nominal_mask_):
            present = column.dropna()
            counts = present.value_counts(sort=False)
            categories = np.array(sorted(counts.index.tolist(), key=str), dtype=object)
            self.categories_.append(categories)
            # most frequent value; ties go to the first in sorted order (as SimpleImputer)
            mode = (
                categories[np.argmax(counts.reindex(categories).to_numpy())]
                if categories.size
                else None
            )
            self.modes_.append(mode)
        self.n_features_out_ = int((~self.nominal_mask_).sum()) + sum(
            c.size for c in self.categories_
        )
        return self

    def _fill(self, numeric):
        if not self.impute or not numeric.size:
            return numeric
        missing = np.isnan(numeric)
        if not missing.any():
            return numeric
        return np.where(missing, self.numeric_fill_, numeric)

    def transform(self, X):
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False)
        numeric = self._fill(_numeric_block(X, self.nominal_mask_))
        blocks = [(numeric - self.numeric_offset_) / self.numeric_scale_]
        for column, categories, mode in zip(
            _nominal_columns(X, self.nominal_mask_), self.categories_, self.modes_
        ):
            values = column.astype(object)
            if self.impute and mode is not None:
                values = values.where(values.notna(), mode)
            codes = pd.Index(categories).get_indexer(values.to_numpy())
            onehot = np.zeros((codes.shape[0], categories.size))
            known = codes >= 0  # unknown or missing values stay all zeros
            onehot[np.flatnonzero(known), codes[known]] = 1.0
            blocks.append(onehot)
        return np.hstack(blocks) if len(blocks) > 1 else blocks[0]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags


def _numeric_block(X, nominal_mask):
    """The numeric columns of ``X`` as a float array (NaN for missing)."""
    if hasattr(X, "iloc"):
        return X.iloc[:, np.flatnonzero(~nominal_mask)].to_numpy(dtype=float, na_value=np.nan)
    return np.asarray(X, dtype=float)


def _nominal_columns(X, nominal_mask):
    """The nominal columns of a DataFrame as Series (none for an array)."""
    if not hasattr(X, "iloc"):
        return []
    return [X.iloc[:, j] for j in np.flatnonzero(nominal_mask)]
