"""Training data encoded once per ensemble ``fit``; members take rows and weights.

Weka gives every member of an ensemble the same encoded ``Instances``: a bootstrap
sample is a list of (possibly repeated) instances, a boosting round changes weights, a
random subspace drops columns. :class:`EncodedData` is that representation: one float
matrix (numeric values, nominal value codes, NaN for missing), the number of values of
each nominal column, class codes in the declared order of the class attribute, and the
instance weights. It is made once, by the ensemble, from the validated input
(:func:`encode_training`); :class:`TestData` is the same for the rows to predict
(:func:`encode_test`). Learners read them through the interface of
:mod:`ensemble_lab.encoding._learner`.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..base import (
    check_class_labels,
    check_no_infinity,
    check_sample_weight,
    require_y,
    safe_rows,
    validate_mixed_columns,
    validate_mixed_data,
)
from ..utils import ByIdentity, column_arrays
from ._layout import MixedCodes, fit_mixed_codes

__all__ = [
    "EncodedData",
    "TestData",
    "class_codes",
    "encode_test",
    "encode_training",
    "remember_features",
    "seen_columns",
]


class EncodedData:
    """A training set as Weka holds it, shared by all the members of an ensemble.

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features), C-contiguous float64
        Numeric values and nominal value codes; NaN is missing.
    n_values : ndarray of int32
        Number of values of each nominal column, 0 for a numeric one.
    y : ndarray of int32
        Class code of each row, in the order of ``classes``.
    classes : ndarray
        The class labels in Weka's numbering (the declared categories of a categorical
        ``y``, else the sorted labels).
    weight : ndarray of float64
        Instance weight of each row.
    codes : MixedCodes
        How to encode test data the same way.
    source : DataFrame or ndarray
        The validated input, for members that cannot take the encoded form.
    feature_names : ndarray of str or None
        The input's column names (scikit-learn's ``feature_names_in_``); by default
        those of ``source`` when they are all strings. Given explicitly when validation
        turned an all-numeric DataFrame into an array.
    memo : dict
        What members derive from the data alone (e.g. the quoted text of the nominal
        values that Weka's seeding hashes), computed by the first member that needs it.
    """

    def __init__(
        self, X, n_values, y, classes, weight, codes: MixedCodes, source, feature_names=None
    ):
        self.X = X
        self.n_values = n_values
        self.y = y
        self.classes = classes
        self.weight = weight
        self.codes = codes
        self._source = source
        self.memo: dict = {}
        if feature_names is not None:
            self._feature_names = feature_names

    @property
    def source(self):
        """The validated input (a column selection is made on first use)."""
        if isinstance(self._source, _Deferred):
            self._source = self._source()
        return self._source

    @property
    def feature_names(self) -> np.ndarray | None:
        """The input's column names when they are all strings (else None), computed once."""
        if not hasattr(self, "_feature_names"):
            columns = getattr(self.source, "columns", None)
            names = None if columns is None else np.asarray(columns, dtype=object)
            ok = names is not None and all(isinstance(name, str) for name in names)
            self._feature_names = names if ok else None
        return self._feature_names

    @property
    def n_samples(self) -> int:
        return int(self.X.shape[0])

    @property
    def n_features(self) -> int:
        return int(self.X.shape[1])

    @property
    def n_classes(self) -> int:
        return int(self.classes.shape[0])

    def labels(self, rows=None) -> pd.Series:
        """Class labels of ``rows`` (all rows if None) as a categorical in Weka's order."""
        codes = self.y if rows is None else self.y[rows]
        return pd.Series(pd.Categorical.from_codes(codes, categories=self.classes))

    def columns(self, features: np.ndarray) -> EncodedData:
        """The same instances restricted to ``features`` (a random subspace)."""
        features = np.asarray(features, dtype=np.intp)
        nominal = self.codes.nominal_mask
        kept = np.cumsum(nominal) - 1
        codes = MixedCodes(
            nominal[features], [self.codes.categories[kept[j]] for j in features if nominal[j]]
        )
        names = self.feature_names
        return EncodedData(
            np.ascontiguousarray(self.X[:, features]),
            np.ascontiguousarray(self.n_values[features]),
            self.y,
            self.classes,
            self.weight,
            codes,
            _Deferred(_select_columns, self, features),
            None if names is None else names[features],
        )


class TestData:
    """Data to predict, encoded once for all the members of an ensemble.

    ``X`` is the encoded matrix; ``source`` the validated input (rows taken only when a
    member that cannot read ``X`` asks for them).
    """

    def __init__(self, X: np.ndarray, source, rows=None):
        self.X = X
        self._source = source
        self._rows = rows

    @property
    def source(self):
        """The validated input's rows (selected on first use)."""
        if isinstance(self._source, _Deferred):
            self._source = self._source()
        if self._rows is not None:
            self._source, self._rows = safe_rows(self._source, self._rows), None
        return self._source

    def columns(self, features: np.ndarray) -> TestData:
        """The same rows restricted to ``features``."""
        return TestData(
            np.ascontiguousarray(self.X[:, features]),
            _Deferred(_select_columns, self, features),
        )

    def rows(self, mask: np.ndarray) -> TestData:
        """The rows where ``mask`` is true."""
        source = self._source if self._rows is None else self.source
        return TestData(np.ascontiguousarray(self.X[mask]), source, np.flatnonzero(mask))


class _Deferred:
    """A ``source`` computed only if a member that cannot read the encoded matrix asks.

    Selecting DataFrame columns costs more than fitting a small member on the codes.
    """

    def __init__(self, make, *args):
        self.make, self.args = make, args

    def __call__(self):
        return self.make(*self.args)


def _select_columns(data, features: np.ndarray):
    source = data.source
    if isinstance(source, pd.DataFrame):
        return source.iloc[:, features]
    return source[:, features]


# The class labels of each live categorical dtype: the folds of one table share it.
_LABELS = ByIdentity()


def class_codes(y) -> tuple[np.ndarray, np.ndarray]:
    """Class labels in Weka's numbering and each sample's class code.

    A categorical ``y`` numbers its classes by its declared categories (an ARFF header's
    order, as Weka does); anything else by the sorted labels.
    """
    check_class_labels(y)
    if isinstance(y, pd.Series) and isinstance(y.dtype, pd.CategoricalDtype):
        array = y.array
        labels = _LABELS.get(array.dtype, lambda: array.categories.to_numpy())
        return labels.copy(), array.codes
    labels, codes = np.unique(np.asarray(y), return_inverse=True)
    return labels, codes.ravel()


def seen_columns(data: EncodedData, rows=None) -> np.ndarray:
    """Weka class numbers of the classes present in ``rows`` (all rows if None).

    In the sorted order of their labels: ``data.classes[seen_columns(data)]`` is
    scikit-learn's ``classes_``.
    """
    codes = data.y if rows is None else data.y[rows]
    present = np.bincount(codes, minlength=data.n_classes).astype(bool)
    order = data.memo.get("label_order")
    if order is None:  # Weka's class numbers in the order of their labels
        order = data.memo["label_order"] = np.argsort(data.classes, kind="stable")
    return order[present[order]]


def encode_training(estimator, X, y, sample_weight=None) -> EncodedData:
    """Validate ``(X, y, sample_weight)`` for ``estimator`` and encode them once.

    Sets ``n_features_in_`` (and ``feature_names_in_``) on ``estimator`` as its
    ``fit`` would.
    """
    require_y(estimator, y)
    labels, codes = class_codes(y)
    if isinstance(y, pd.Series) and isinstance(y.dtype, pd.CategoricalDtype):
        # The codes are y's validation.
        X, arrays, nominal = validate_mixed_columns(estimator, X, reset=True)
        if codes.shape[0] != X.shape[0]:
            raise ValueError(
                "Found input variables with inconsistent numbers of samples: "
                f"[{X.shape[0]}, {codes.shape[0]}]"
            )
    else:
        X, _ = validate_mixed_data(estimator, X, y, reset=True)
        arrays = column_arrays(X) if isinstance(X, pd.DataFrame) else None
        nominal = None
    weight = np.ones(X.shape[0]) if sample_weight is None else check_sample_weight(sample_weight, X)
    mixed = fit_mixed_codes(X, arrays, nominal)
    matrix = mixed.matrix(X, arrays)
    check_no_infinity(matrix)
    return EncodedData(
        matrix,
        mixed.n_values,
        np.ascontiguousarray(codes, dtype=np.int32),
        labels,
        np.ascontiguousarray(weight, dtype=np.float64),
        mixed,
        X,
        getattr(estimator, "feature_names_in_", None),
    )


def encode_test(estimator, codes: MixedCodes, X) -> TestData:
    """Validate ``X`` against ``estimator``'s fit and encode it as the training data."""
    X, arrays, _ = validate_mixed_columns(estimator, X, reset=False)
    matrix = codes.matrix(X, arrays)
    check_no_infinity(matrix)
    return TestData(matrix, X)


def remember_features(estimator, data: EncodedData) -> None:
    """Record the columns on a member fitted from encoded data, as its own ``fit`` would.

    The count, the names and which columns were nominal, so that the member also predicts
    from a DataFrame of those columns.
    """
    estimator.n_features_in_ = data.n_features
    estimator._nominal_in_fit = data.codes.nominal_mask
    names = data.feature_names
    if names is not None:
        estimator.feature_names_in_ = names
    elif hasattr(estimator, "feature_names_in_"):
        del estimator.feature_names_in_
