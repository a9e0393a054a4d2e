"""Encoding of mixed nominal/numeric data into a numeric matrix.

Weka's SMO, MLP and the oracle's hyperplane all work in the same space: missing values
replaced (mean for numeric, mode for nominal), nominal attributes turned into 0/1
columns, numeric attributes scaled. ``MixedEncoder`` is that space as a scikit-learn
transformer, either as scikit-learn's one-hot pipeline builds it or exactly as Weka's
filters ``ReplaceMissingValues`` and ``NominalToBinary`` do (``encoding="weka"``).
"""

from __future__ import annotations

import warnings

import numpy as np
import pandas as pd
from sklearn.base import TransformerMixin

from ..base import check_sample_weight, nominal_columns, safe_rows, validate_mixed_data
from ..utils import Estimator, StrOptions, check_is_fitted, fit_context
from ._layout import fit_mixed_codes

__all__ = ["MixedEncoder"]


class MixedEncoder(TransformerMixin, Estimator):
    """Impute, one-hot encode nominal columns and scale numeric columns.

    Parameters
    ----------
    scale : {"minmax", "standard", "none"}, default="minmax"
        Scaling of numeric columns, fitted on the training data. ``"minmax"`` maps the
        training range to [0, 1] as Weka's ``Normalize`` filter does.
    impute : bool, default=True
        Replace missing values by the training mean (numeric) or mode (nominal), as
        Weka's ``ReplaceMissingValues``. If False, NaN is kept in numeric columns and a
        missing nominal value encodes as all zeros (as NaN in the single column of a
        two-valued attribute under ``encoding="weka"``).
    encoding : {"one-hot", "weka"}, default="one-hot"
        How nominal columns become numbers and where the columns go.

        * ``"one-hot"``: scikit-learn's ``SimpleImputer`` + ``OneHotEncoder``: the
          numeric columns first, then one indicator per value of each nominal column
          (values sorted, the mode's ties going to the first of them).
        * ``"weka"``: Weka 3.6's ``ReplaceMissingValues`` then ``NominalToBinary``, as
          ``SMO`` applies them: each column's output stays where the column is; a
          nominal column with at most two values becomes **one** column holding the
          value's index (0 for the first value, 1 for the second), one with more values
          one indicator per value. The values are the declared categories of a
          ``category`` column in their declared order (an ARFF header's), else the
          values seen in ``fit`` in order of appearance, as for the other Weka-like
          learners; the mode's ties go to the first of them; a value not among them
          counts as missing (a Weka header cannot hold one). Means are summed row by
          row as Weka sums them, so that the encoded numbers are Weka's to the last bit.

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
        Values of each nominal column (the one-hot columns, in order).
    modes_ : list
        Most frequent training value of each nominal column (replaces a missing value).
    n_features_out_ : int
        Width of the encoded matrix: the numeric columns, then each nominal column's
        one-hot block (``"one-hot"``); each column's one or more columns in input order
        (``"weka"``).

    Notes
    -----
    With ``sample_weight`` in ``fit`` a weight counts as that many copies of the row: the
    means and modes are weighted, as Weka's ``ReplaceMissingValues`` weighs instances,
    and so is the standard deviation; rows of weight zero do not count at all.

    Under ``"one-hot"``, nominal values unseen in training encode as all zeros (no
    error). The ``"one-hot"`` encoding is computed with
    NumPy and pandas' categorical codes rather than a ``ColumnTransformer`` pipeline,
    because ensembles re-fit it for every member; it equals that pipeline
    (``SimpleImputer`` + ``MinMaxScaler``/``StandardScaler`` and ``SimpleImputer`` +
    ``OneHotEncoder(handle_unknown="ignore")``), which the tests check.

    References
    ----------
    I. H. Witten and E. Frank. *Data Mining: Practical Machine Learning Tools and
    Techniques*, 2nd edition. Morgan Kaufmann, 2005 (Weka 3.6).

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.learners import MixedEncoder
    >>> X, y = load("vote")  # 16 yes/no attributes with missing values
    >>> MixedEncoder().fit_transform(X).shape
    (435, 32)
    """

    _parameter_constraints: dict = {
        "scale": [StrOptions({"minmax", "standard", "none"})],
        "impute": ["boolean"],
        "encoding": [StrOptions({"one-hot", "weka"})],
    }

    def __init__(self, scale="minmax", impute=True, encoding="one-hot"):
        self.scale = scale
        self.impute = impute
        self.encoding = encoding

    @fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y=None, sample_weight=None):
        """Learn the fill values, the nominal values and the scaling from ``X``.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            ``category``/``object`` columns are nominal, NaN is missing.
        y : None
            Ignored.
        sample_weight : array-like of shape (n_samples,), default=None
            Weights of the rows in the means and modes.

        Returns
        -------
        self : MixedEncoder
        """
        X = validate_mixed_data(self, X, reset=True)
        weight = None
        if sample_weight is not None:  # a row of weight zero is a row left out
            weight = check_sample_weight(sample_weight, X)
            X, weight = safe_rows(X, weight > 0), weight[weight > 0]
        self.nominal_mask_ = nominal_columns(X)
        if self.encoding == "weka":
            return self._fit_weka(X, weight)
        numeric = _numeric_block(X, self.nominal_mask_)
        # Eq. of Weka's ReplaceMissingValues: the training mean (0 for an all-missing column)
        with warnings.catch_warnings():  # an all-missing column has no mean: filled with 0
            warnings.simplefilter("ignore", RuntimeWarning)
            if weight is None:
                means = (
                    np.nanmean(numeric, axis=0) if numeric.shape[0] else np.zeros(numeric.shape[1])
                )
            else:
                known = ~np.isnan(numeric)
                means = np.nansum(numeric * weight[:, None], axis=0) / (weight @ known)
        self.numeric_fill_ = np.where(np.isnan(means), 0.0, means)
        filled = self._fill(numeric)
        self._fit_scaling(filled, weight)
        self.categories_, self.modes_ = [], []
        for column in _nominal_columns(X, self.nominal_mask_):
            if weight is None:
                counts = column.dropna().value_counts(sort=False)
            else:  # the weight of each value (every category of a categorical column)
                by_value = pd.Series(weight, index=column.index).groupby(column, observed=False)
                counts = by_value.sum()
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

    def _fit_scaling(self, filled, weight):
        """``numeric_offset_`` and ``numeric_scale_`` of the (imputed) numeric columns.

        A weight counts as that many copies of the row (the standard deviation is
        weighted; copies do not change a range).
        """
        if self.scale == "minmax":
            low, high = (
                np.nanmin(filled, axis=0, initial=np.inf),
                np.nanmax(filled, axis=0, initial=-np.inf),
            )
            self.numeric_offset_ = low
            span = high - low
        elif self.scale == "standard" and weight is not None and filled.shape[1]:
            known = np.where(np.isnan(filled), 0.0, weight[:, None])
            mean = np.nansum(filled * known, axis=0) / known.sum(axis=0)
            variance = np.nansum(known * (filled - mean) ** 2, axis=0) / known.sum(axis=0)
            self.numeric_offset_, span = mean, np.sqrt(variance)
        elif self.scale == "standard":
            self.numeric_offset_ = np.nanmean(filled, axis=0)
            span = np.nanstd(filled, axis=0)
        else:
            self.numeric_offset_ = np.zeros(filled.shape[1])
            span = np.ones(filled.shape[1])
        # a constant column keeps its offset and is not divided by zero (as sklearn's scalers)
        self.numeric_scale_ = np.where(np.isfinite(span) & (span > 0), span, 1.0)

    def _fit_weka(self, X, weight):
        """ReplaceMissingValues and NominalToBinary fitted as Weka 3.6 fits them."""
        codes = fit_mixed_codes(X)
        return self._fit_weka_matrix(codes, codes.matrix(X), weight)

    def _fit_weka_matrix(self, codes, matrix, weight):
        """:meth:`_fit_weka` on Weka's instance matrix ``matrix`` of layout ``codes``."""
        self.nominal_mask_ = codes.nominal_mask
        if weight is None:
            weight = np.ones(matrix.shape[0])
        numeric = ~codes.nominal_mask
        fill = np.zeros(matrix.shape[1])
        fill[numeric] = _weka_means(matrix[:, numeric], weight)
        fill[~numeric] = _weka_modes(matrix[:, ~numeric], codes.n_categories, weight)
        self.modes_ = [
            categories[int(mode)] if len(categories) else None
            for mode, categories in zip(fill[~numeric].tolist(), codes.categories)
        ]
        self._weka_codes, self._weka_fill = codes, fill
        self.numeric_fill_ = fill[numeric]
        self.categories_ = list(codes.categories)
        self._fit_scaling(self._weka_filled(matrix)[:, numeric], weight)
        self.n_features_out_ = _weka_layout(codes.n_values)[2]
        return self

    def _weka_filled(self, matrix):
        """A copy of ``matrix`` (values and codes) with the missing values replaced."""
        if not self.impute:
            return matrix.copy()
        return np.where(np.isnan(matrix), self._weka_fill, matrix)

    def _fill(self, numeric):
        if not self.impute or not numeric.size:
            return numeric
        missing = np.isnan(numeric)
        if not missing.any():
            return numeric
        return np.where(missing, self.numeric_fill_, numeric)

    def transform(self, X):
        """Impute, encode and scale ``X`` as learnt in ``fit``.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, ``n_features_out_``)
        """
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False)
        if self.encoding == "weka":
            return self._transform_weka(X)
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

    def _transform_weka(self, X):
        return self._transform_weka_matrix(self._weka_codes.matrix(X))

    def _transform_weka_matrix(self, matrix):
        """:meth:`_transform_weka` of Weka's instance matrix (the layout of ``fit``)."""
        codes = self._weka_codes
        matrix = self._weka_filled(matrix)
        n_values = codes.n_values
        numeric = ~codes.nominal_mask
        matrix[:, numeric] = (matrix[:, numeric] - self.numeric_offset_) / self.numeric_scale_
        wide, start, _ = _weka_layout(n_values)
        if not wide.any():
            return matrix
        # each value of a many-valued attribute gets a column of its own, in place
        out = np.zeros((matrix.shape[0], self.n_features_out_))
        out[:, start[~wide]] = matrix[:, ~wide]
        value = matrix[:, wide]
        row, column = np.nonzero(~np.isnan(value))
        out[row, start[wide][column] + value[row, column].astype(np.intp)] = 1.0
        return out

    def numeric_outputs(self) -> tuple[int, ...]:
        """The output columns that hold the numeric input columns (those ``scale`` scales).

        Returns
        -------
        tuple of int
        """
        check_is_fitted(self)
        numeric = ~self.nominal_mask_
        if self.encoding == "one-hot":  # the numeric block comes first
            return tuple(range(int(numeric.sum())))
        _, start, _ = _weka_layout(self._weka_codes.n_values)
        return tuple(int(j) for j in start[numeric])

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags


def _numeric_block(X, nominal_mask):
    """The numeric columns of ``X`` as a float array (NaN for missing)."""
    if hasattr(X, "iloc"):
        return X.iloc[:, np.flatnonzero(~nominal_mask)].to_numpy(dtype=float, na_value=np.nan)
    return np.asarray(X, dtype=float)


def _weka_means(numeric, weight):
    """Weka's means: ``sum(w * x) / (total weight - weight missing)``, summed row by row.

    The sums run in row order (``cumsum``, not NumPy's pairwise ``sum``), as Weka's loop
    adds them: an imputed value then equals Weka's to the last bit. A column without
    values (or weight) is filled with 0, as Weka's ``Utils.gr(count, 0)`` decides.
    """
    if numeric.shape[0] == 0:
        return np.zeros(numeric.shape[1])
    missing = np.isnan(numeric)
    sums = np.cumsum(np.where(missing, 0.0, weight[:, None] * numeric), axis=0)[-1]
    total = np.cumsum(weight)[-1]
    steps = np.vstack(
        [np.full((1, numeric.shape[1]), total), np.where(missing, -weight[:, None], 0.0)]
    )
    counts = np.cumsum(steps, axis=0)[-1]
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(counts > 1e-6, sums / counts, 0.0)


def _weka_layout(n_values: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Weka's ``NominalToBinary`` layout: wide columns, column starts, output width.

    An attribute of more than two values becomes one column per value, in place; any
    other stays one column.
    """
    wide = n_values > 2
    width = np.where(wide, n_values, 1)
    start = np.concatenate([[0], np.cumsum(width)[:-1]]).astype(np.intp)
    return wide, start, int(width.sum())


def _weka_modes(codes, n_categories, weight):
    """Weighted most frequent value of each nominal column, as Weka's ReplaceMissingValues.

    ``codes`` holds the value codes of the nominal columns (NaN for missing). The first
    value wins a tie, even of no data at all (``Utils.maxIndex``); a column without
    values gets 0. Each value's weights are summed in row order, as Weka's loop adds
    them.
    """
    sizes = np.asarray(n_categories, dtype=np.intp)
    modes = np.zeros(sizes.shape[0])
    has = sizes > 0
    if not has.any() or codes.shape[0] == 0:
        return modes
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    known = ~np.isnan(codes)
    flat = (np.where(known, codes, 0).astype(np.intp) + starts)[known]
    weights = np.broadcast_to(weight[:, None], codes.shape)[known]
    counts = np.bincount(flat, weights=weights, minlength=int(sizes.sum()))
    first = starts[has]
    segment = np.repeat(np.arange(first.shape[0]), sizes[has])
    top = np.maximum.reduceat(counts, first)[segment]
    position = np.arange(counts.shape[0]) - first[segment]
    modes[has] = np.minimum.reduceat(np.where(counts == top, position, counts.shape[0]), first)
    return modes


def _nominal_columns(X, nominal_mask):
    """The nominal columns of a DataFrame as Series (none for an array)."""
    if not hasattr(X, "iloc"):
        return []
    return [X.iloc[:, j] for j in np.flatnonzero(nominal_mask)]
