"""What every ensemble of the package shares.

* mixed-type input: a pandas DataFrame whose nominal columns are ``category`` or
  ``object`` dtype, with NaN for missing values, is passed through untouched to the base
  learners (which know how to encode it); any other input goes through scikit-learn's
  ``validate_data``; sparse columns are made dense, and columns of dates, durations,
  periods or complex numbers are refused by name, all in that one validation;
* member seeding: one integer seed per member, drawn once in ``fit``, so that results do
  not depend on ``n_jobs``;
* class alignment: members that saw a subset of the classes get their probabilities
  re-indexed onto the ensemble's ``classes_``;
* member predictions: every ensemble says what each of its members predicts, each member
  applied to its own view of ``X`` (:class:`MemberPredictionsMixin`); the results store
  and :mod:`ensemble_lab.diversity` read members only through
  :func:`member_predictions`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from sklearn import get_config
from sklearn.utils.multiclass import check_classification_targets

from .utils import (
    check_feature_names,
    check_is_fitted,
    check_n_features,
    column_arrays,
    column_names,
    dense_into,
    draw_seeds,
    safe_indexing,
    sklearn_check_sample_weight,
    validate_data,
)

__all__ = [
    "MemberPredictionsMixin",
    "align_proba",
    "check_class_labels",
    "check_no_infinity",
    "check_nominal_kept",
    "check_sample_weight",
    "has_members",
    "is_mixed_frame",
    "member_predictions",
    "member_seeds",
    "nominal_columns",
    "nominal_mask",
    "require_y",
    "safe_rows",
    "validate_float_matrix",
    "validate_mixed_columns",
    "validate_mixed_data",
]


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
    return nominal_mask(column_arrays(X))


def nominal_mask(arrays: list) -> np.ndarray:
    """Which of a DataFrame's column arrays (see :func:`nominal_columns`) are nominal."""
    return np.array(
        [isinstance(array, pd.Categorical) or _is_nominal(array.dtype) for array in arrays],
        dtype=bool,
    )


def _is_nominal(dtype) -> bool:
    if isinstance(dtype, np.dtype):  # the common cases, without pandas' dtype machinery
        return dtype.kind not in "iufc"
    if isinstance(dtype, pd.CategoricalDtype):
        return True
    return not pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_bool_dtype(dtype)


def require_y(estimator, y) -> None:
    """Raise the error scikit-learn's checks expect when ``fit`` gets ``y=None``."""
    if y is None:
        raise ValueError(
            f"{type(estimator).__name__} requires y to be passed, but the target y is None."
        )


def validate_mixed_data(estimator, X, y=None, *, reset=True, allow_nan=True, **check_params):
    """Validate ``X`` (and ``y``) as every estimator of the package does.

    A DataFrame with nominal columns is kept as a DataFrame (its columns are checked
    against those seen in ``fit``); anything else is validated by scikit-learn's
    ``validate_data`` into a float array. ``n_features_in_`` and ``feature_names_in_``
    are set when ``reset`` is true, and which columns were nominal is remembered: a
    column that was nominal in ``fit`` and holds numbers later (the categories' codes,
    say) is an error rather than a silently wrong prediction.

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
    frame = isinstance(X, pd.DataFrame)
    if frame:
        X, arrays, nominal = _frame_columns(X)
    else:
        _check_array_input(X)
        arrays = nominal = None
    if frame and nominal.any():
        _mixed_frame(estimator, X, arrays, nominal, reset, allow_nan, check_inf=True)
        return X if y is None else (X, _validate_y(y, X.shape[0]))
    return _validate_array(estimator, X, y, arrays, nominal, reset, allow_nan, check_params)


def validate_mixed_columns(estimator, X, *, reset=True):
    """:func:`validate_mixed_data` for an encoder that reads each column once.

    Returns ``(X, arrays, nominal)``: a DataFrame with nominal columns stays one,
    ``arrays`` are its columns (ndarray or extension array, in order) and ``nominal``
    their :func:`nominal_mask`; anything else becomes a float array, with ``arrays`` and
    ``nominal`` None. Infinity in a numeric column of a DataFrame is
    **not** checked: the caller checks the matrix it encodes (one pass instead of one
    per column) with :func:`check_no_infinity`.
    """
    if isinstance(X, pd.DataFrame):
        X, arrays, nominal = _frame_columns(X)
        if nominal.any():
            _mixed_frame(estimator, X, arrays, nominal, reset, True, check_inf=False)
            return X, arrays, nominal
        return _validate_array(estimator, X, None, arrays, nominal, reset, True, {}), None, None
    _check_array_input(X)
    return _validate_array(estimator, X, None, None, None, reset, True, {}), None, None


def _frame_columns(X: pd.DataFrame) -> tuple[pd.DataFrame, list, np.ndarray]:
    """A DataFrame's columns as the estimators take them: ``(X, arrays, nominal)``.

    Sparse columns (an ARFF file's sparse rows) become dense here, the one place where
    every estimator's input passes, so that the learners see ordinary columns; dates,
    durations, periods and complex numbers are refused (:func:`_check_column_kinds`).
    """
    arrays = column_arrays(X)
    if any(isinstance(array, pd.arrays.SparseArray) for array in arrays):
        X = _densified(X, arrays)
        arrays = column_arrays(X)
    _check_column_kinds(X, arrays)
    return X, arrays, nominal_mask(arrays)


def _densified(X: pd.DataFrame, arrays: list) -> pd.DataFrame:
    """``X`` with its sparse columns dense: one float block when they are all floats."""
    n = X.shape[0]
    sparse = [isinstance(array, pd.arrays.SparseArray) for array in arrays]
    if all(sparse) and all(array.dtype.subtype == np.float64 for array in arrays):
        block = np.empty((len(arrays), n))  # a row per column: each column contiguous
        for array, row in zip(arrays, block):
            dense_into(array, row)
        return pd.DataFrame(block.T, index=X.index, columns=X.columns, copy=False)
    dense = [
        dense_into(array, np.empty(n, dtype=array.dtype.subtype)) if is_sparse else array
        for array, is_sparse in zip(arrays, sparse)
    ]
    return pd.DataFrame(dict(enumerate(dense)), index=X.index).set_axis(X.columns, axis=1)


def _time_kind(dtype) -> str | None:
    """What a column of ``dtype`` holds if it is neither a number nor a nominal value."""
    if isinstance(dtype, pd.PeriodDtype):
        return "periods"
    return {"M": "dates", "m": "durations", "c": "complex numbers"}.get(getattr(dtype, "kind", "O"))


def _check_column_kinds(X: pd.DataFrame, arrays: list) -> None:
    """Raise ``TypeError`` naming a column of dates, durations, periods or complex numbers.

    Such a column is neither numeric nor nominal: read as nominal, every date unseen in
    ``fit`` would become a missing value, and read as a number it would depend on an
    epoch and a unit the data do not state. The user decides what it should mean.
    """
    for position, array in enumerate(arrays):
        kind = _time_kind(array.dtype)
        if kind is not None:
            name = X.columns[position]
            raise TypeError(
                f"column {name!r} holds {kind} (dtype {array.dtype}), which the estimators "
                "cannot take: convert it to numbers (e.g. days since a date) or to a "
                "category, or drop it."
            )


def _check_array_input(X) -> None:
    """What :func:`_check_column_kinds` checks, for input that is not a DataFrame.

    An array of dates or durations is refused, and so is a one-dimensional array before
    scikit-learn's validation, which would first try to read its text as numbers and
    report that instead.
    """
    if getattr(X, "ndim", None) == 1:
        raise ValueError(  # scikit-learn's words, without the array
            "Expected 2D array, got 1D array instead. Reshape your data either using "
            "X.reshape(-1, 1) if it has a single feature or X.reshape(1, -1) if it holds "
            "a single sample."
        )
    kind = _time_kind(getattr(X, "dtype", None))
    if kind is not None and kind != "complex numbers":  # scikit-learn refuses complex ones
        raise TypeError(
            f"X holds {kind} (dtype {X.dtype}), which the estimators cannot take: "
            "convert them to numbers (e.g. days since a date) first."
        )


def check_no_infinity(matrix: np.ndarray) -> None:
    """Raise the error of :func:`validate_mixed_data` if an encoded matrix holds infinity."""
    if np.isinf(matrix).any():
        raise ValueError("Input X contains infinity in a numeric column.")


def _mixed_frame(estimator, X, arrays, nominal, reset: bool, allow_nan: bool, check_inf: bool):
    """Validate a DataFrame with nominal columns (``nominal``, read from ``arrays``)."""
    if reset:
        estimator._nominal_in_fit = nominal
    else:
        check_nominal_kept(estimator, X, nominal)
    _check_frame_columns(estimator, X, reset)
    if X.shape[0] == 0:
        raise ValueError(
            f"Found array with 0 sample(s) (shape={X.shape}) while a minimum of 1 is required."
        )
    for array in arrays:
        floats = isinstance(array, np.ndarray) and array.dtype.kind == "f"
        if check_inf and floats:
            check_no_infinity(array)
        if not allow_nan and (np.isnan(array) if floats else pd.isna(array)).any():
            name = type(estimator).__name__
            raise ValueError(f"Input X contains NaN; {name} cannot take it.")


def _validate_array(estimator, X, y, arrays, nominal, reset, allow_nan, check_params):
    """The rest of :func:`validate_mixed_data`: input that becomes a float array.

    ``arrays`` and ``nominal`` are a DataFrame's columns and nominal mask, None otherwise.
    """
    if reset:
        estimator._nominal_in_fit = nominal
    else:
        check_nominal_kept(estimator, X, nominal)
    if arrays is not None and not check_params:
        values = _float_frame_values(X, arrays, allow_nan)
        if values is not None:
            _check_frame_columns(estimator, X, reset)
            return values if y is None else (values, _validate_y(y, values.shape[0]))
    params = {"ensure_all_finite": "allow-nan" if allow_nan else True, **check_params}
    if y is None:
        return validate_data(estimator, X, reset=reset, **params)
    check_class_labels(y)  # before scikit-learn's check, whose errors name neither y nor row
    return validate_data(estimator, X, y, reset=reset, **params)


def _float_frame_values(X, arrays: list, allow_nan: bool) -> np.ndarray | None:
    """Values of a non-empty DataFrame of float64 columns (``arrays``), or None.

    The values are returned when they pass ``check_array`` as they are (finite, or NaN
    where allowed); else None, and scikit-learn's own validation runs and words any error.

    ``check_array`` would return exactly this array; it is skipped because its generic
    dataframe inspection costs more than fitting a small tree.
    """
    if X.shape[0] == 0 or X.shape[1] == 0:
        return None
    if not all(isinstance(a, np.ndarray) and a.dtype == np.float64 for a in arrays):
        return None
    values = np.stack(arrays, axis=1)  # C order, without pandas' block interleaving
    bad = np.isinf(values) if allow_nan else ~np.isfinite(values)
    return None if bad.any() else values


def _check_frame_columns(estimator, X, reset):
    """scikit-learn's column-name and column-count checks.

    Skipped when a DataFrame has exactly the columns seen in ``fit`` (the common case, and
    the costly one).
    """
    columns, all_str = column_names(X)
    if reset and all_str:
        estimator.feature_names_in_ = columns.copy()
        estimator.n_features_in_ = X.shape[1]
        return
    names = getattr(estimator, "feature_names_in_", None)
    if not reset and names is not None and X.shape[1] == names.shape[0]:
        if (columns == names).all() and X.shape[1] == getattr(estimator, "n_features_in_", -1):
            return
    check_feature_names(estimator, X, reset=reset)
    check_n_features(estimator, X, reset=reset)


def check_nominal_kept(estimator, X, nominal=None) -> None:
    """Raise ``ValueError`` if a column nominal in ``fit`` holds numbers in ``X``.

    Parameters
    ----------
    estimator : fitted estimator
        It remembers the nominal columns of ``fit`` (``_nominal_in_fit``); an estimator
        without that memory is not checked.
    X : array-like or DataFrame
        The input to predict from.
    nominal : ndarray of bool, default=None
        ``nominal_columns(X)`` when the caller has it already.
    """
    fitted = getattr(estimator, "_nominal_in_fit", None)
    if fitted is None or not np.any(fitted):
        return
    if isinstance(X, pd.DataFrame):
        nominal = nominal_columns(X) if nominal is None else nominal
    elif np.asarray(X).dtype.kind in "fiub":
        nominal = np.zeros(np.shape(X)[-1], dtype=bool)
    else:  # strings in an array: scikit-learn's validation says what is wrong
        return
    if len(nominal) != len(fitted):
        return  # another width: the feature-count check names that problem
    lost = np.flatnonzero(np.asarray(fitted) & ~nominal)
    if lost.size:
        names = list(X.columns[lost]) if hasattr(X, "columns") else lost.tolist()
        raise ValueError(
            f"{type(estimator).__name__} was fitted with nominal column(s) {names}, which "
            "hold numbers now; pass their nominal values (category or string columns, as "
            "in fit), not codes."
        )


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
        check_class_labels(y)
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
    check_class_labels(y)
    return y


def check_class_labels(y) -> None:
    """scikit-learn's ``check_classification_targets``, for labels that make classes.

    ``classes_`` are the sorted labels, so the labels must be comparable with each
    other; NumPy's sort of strings mixed with numbers or with None fails with an error
    that names neither ``y`` nor the label. A categorical ``y`` is checked by its codes
    and categories (its classes), without reading every label.

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Class labels.

    Raises
    ------
    ValueError
        If a label is missing (None or NaN; the message names the first such row), or
        ``y`` is not a classification target.
    TypeError
        If the labels are of more than one type (strings and numbers, say).
    """
    if isinstance(getattr(y, "dtype", None), pd.CategoricalDtype):
        categorical = y if isinstance(y, pd.Categorical) else y.array  # codes, no copy
        _check_labels_present(categorical.codes < 0, categorical)
        _check_label_types(np.asarray(categorical.categories, dtype=object))
        return
    labels = np.asarray(y)
    if labels.dtype == object and labels.ndim == 1:
        _check_labels_present(pd.isna(labels), labels)
        _check_label_types(labels)
    check_classification_targets(labels)


def _check_labels_present(missing: np.ndarray, labels) -> None:
    if missing.any():
        row = int(np.flatnonzero(missing)[0])
        raise ValueError(
            f"y holds a missing label ({labels[row]!r} at row {row}, {int(missing.sum())} "
            "in all); every sample needs a class: drop those rows or label them."
        )


def _check_label_types(labels: np.ndarray) -> None:
    """Raise ``TypeError`` if the object array ``labels`` holds labels of several types."""
    if pd.api.types.infer_dtype(labels, skipna=False) in ("mixed", "mixed-integer"):
        types = sorted({type(label).__name__ for label in labels.tolist()})
        if len(types) > 1:
            raise TypeError(
                f"y mixes labels of the types {', '.join(types)}, which cannot be sorted "
                "into classes: make them all text or all numbers (e.g. y.astype(str))."
            )


def validate_float_matrix(estimator, X, *, reset: bool) -> np.ndarray:
    """``validate_data(estimator, X, dtype=float64, order="C")``, quicker for float arrays.

    The members of an ensemble get rows of the ensemble's one encoding: float64
    ndarrays. For those, scikit-learn's generic validation (dataframe probes, dtype
    checks) costs more than a small learner's whole fit; this does what it would do
    to such an array (2-D and not empty, finite unless ``assume_finite``, the number
    of features recorded or checked) and hands anything else to ``validate_data``,
    whose messages the errors keep.
    """
    plain = (
        type(X) is np.ndarray
        and X.dtype == np.float64
        and X.ndim == 2
        and X.shape[0] > 0
        and X.shape[1] > 0
        and (get_config()["assume_finite"] or np.isfinite(X).all())
    )
    if plain and reset:
        estimator.n_features_in_ = X.shape[1]
        if hasattr(estimator, "feature_names_in_"):
            del estimator.feature_names_in_
        return np.ascontiguousarray(X)
    if (
        plain
        and not hasattr(estimator, "feature_names_in_")
        and getattr(estimator, "n_features_in_", None) == X.shape[1]
    ):
        return np.ascontiguousarray(X)
    return validate_data(estimator, X, reset=reset, dtype=np.float64, order="C")


def check_sample_weight(sample_weight, X, *, only_non_negative=True):
    """Validate ``sample_weight``: finite, non-negative, one per sample, not all zero."""
    n_samples = X.shape[0]
    if sample_weight is not None:
        sw = np.asarray(sample_weight, dtype=float)
        if sw.ndim == 1 and sw.shape[0] == n_samples and not np.isfinite(sw).all():
            raise ValueError("sample_weight contains NaN or infinity.")
    sw = sklearn_check_sample_weight(
        sample_weight, np.empty((n_samples, 0)), ensure_non_negative=only_non_negative
    )
    if sw.sum() <= 0:
        raise ValueError("sample_weight sums to zero; at least one sample needs a positive weight.")
    return sw


def member_seeds(random_state, n_members: int) -> np.ndarray:
    """Draw one integer seed per ensemble member, once, from ``random_state``.

    Drawing the seeds up front (rather than sharing a generator between members) makes
    the members independent of the order and the process in which they are built, so a
    fit gives the same ensemble for any ``n_jobs``. The seeds are those of
    :func:`~ensemble_lab.utils._seeding.draw_seeds`, where every member seed is made.

    Examples
    --------
    >>> member_seeds(0, 2).tolist()
    [209652396, 398764591]
    """
    return draw_seeds(random_state, n_members)


def safe_rows(X, indices):
    """Rows ``indices`` (integer array or boolean mask) of an array or DataFrame."""
    indices = np.asarray(indices)
    if indices.dtype == bool:
        indices = np.flatnonzero(indices)
    return safe_indexing(X, indices, axis=0)


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


class MemberPredictionsMixin:
    """``member_predictions(X)`` for an ensemble: each member on its own view of ``X``.

    Members often do not see ``X`` as the ensemble receives it: a Rotation Forest member
    sees the encoded data rotated by its own matrix, a projection-boosting member the
    projection of its step, a boosting member predicts class indices rather than labels.
    A family tells the mixin how by overriding at most two hooks:

    * ``_member_views(X)`` yields ``(member, view)``: each member and the input it
      predicts from (default: every member of ``estimators_`` on the validated ``X``);
    * ``_member_labels(index, predicted)`` turns member ``index``'s output into labels
      of ``classes_`` (default: the output is already such labels).
    """

    if TYPE_CHECKING:  # set by the ensemble's ``fit``
        estimators_: list

    def member_predictions(self, X):
        """Class label each member gives to each row of ``X``.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Input samples, as given to ``predict``.

        Returns
        -------
        predictions : ndarray of shape (n_members, n_samples)
            Labels from ``classes_``; row ``i`` is what member ``i`` predicts when it
            is applied as the ensemble applies it.
        """
        check_is_fitted(self)
        rows = [
            np.asarray(self._member_labels(i, np.asarray(member.predict(view))))
            for i, (member, view) in enumerate(self._member_views(X))
        ]
        return np.vstack(rows)

    def _member_views(self, X) -> Iterator[tuple[object, object]]:
        X = validate_mixed_data(self, X, reset=False)
        return ((member, X) for member in self.estimators_)

    def _member_labels(self, index: int, predicted: np.ndarray) -> np.ndarray:
        return predicted


def has_members(estimator) -> bool:
    """True if ``estimator`` is an ensemble whose members :func:`member_predictions` reads."""
    from sklearn.pipeline import Pipeline

    if isinstance(estimator, Pipeline):
        return has_members(estimator[-1])
    return hasattr(estimator, "member_predictions") or hasattr(estimator, "estimators_")


def member_predictions(estimator, X) -> np.ndarray:
    """Class label each member of a fitted ensemble gives to each row of ``X``.

    The ensembles of this package answer themselves
    (:meth:`MemberPredictionsMixin.member_predictions`). Ensembles of scikit-learn are
    read as they apply their members: a ``Pipeline`` transforms ``X`` by its first
    steps and asks its last; ``BaggingClassifier`` members get ``X`` validated as
    bagging validates it, cut to their feature subset, and predict class indices;
    ``OneVsOneClassifier`` members predict 0/1 for the first/second class of their
    pair; the members of any other ensemble (``estimators_``) get ``X`` as it is, and
    members that learned class indices instead of the labels are decoded.

    Parameters
    ----------
    estimator : fitted ensemble
        An estimator with members (see :func:`has_members`).
    X : array-like or DataFrame of shape (n_samples, n_features)
        Input samples, as given to ``estimator.predict``.

    Returns
    -------
    predictions : ndarray of shape (n_members, n_samples)
        Labels from ``estimator.classes_``.

    Raises
    ------
    TypeError
        If ``estimator`` has no members (a single classifier).
    sklearn.exceptions.NotFittedError
        If ``estimator`` is not fitted.
    """
    from sklearn.ensemble import BaggingClassifier
    from sklearn.exceptions import NotFittedError
    from sklearn.multiclass import OneVsOneClassifier
    from sklearn.pipeline import Pipeline

    name = type(estimator).__name__
    try:
        check_is_fitted(estimator)
    except NotFittedError:
        raise NotFittedError(f"{name} is not fitted yet: fit it first.") from None
    if not has_members(estimator):
        raise TypeError(f"{name} is not an ensemble: it has no members to predict with.")
    if hasattr(estimator, "member_predictions"):
        return np.asarray(estimator.member_predictions(X))
    if isinstance(estimator, Pipeline):
        return member_predictions(estimator[-1], estimator[:-1].transform(X))
    if isinstance(estimator, BaggingClassifier):
        return _bagging_members(estimator, X)
    if isinstance(estimator, OneVsOneClassifier):
        return _one_vs_one_members(estimator, X)
    return _plain_members(estimator, X)


def _stack(rows: Iterable[np.ndarray]) -> np.ndarray:
    return np.vstack([np.asarray(row) for row in rows])


def _bagging_members(bagging, X) -> np.ndarray:
    """scikit-learn's bagging: its validation, each member's columns, class indices."""
    X = validate_data(
        bagging, X, accept_sparse=["csr", "csc"], dtype=None, ensure_all_finite=False,
        reset=False,
    )  # fmt: skip
    return _stack(
        bagging.classes_[np.asarray(member.predict(X[:, columns])).astype(np.intp)]
        for member, columns in zip(bagging.estimators_, bagging.estimators_features_)
    )


def _one_vs_one_members(ovo, X) -> np.ndarray:
    """scikit-learn's one-vs-one: member k of pair (i, j) predicts 1 for class j."""
    X = validate_data(ovo, X, accept_sparse=True, ensure_all_finite=False, reset=False)
    pairs = combinations(range(len(ovo.classes_)), 2)
    indices = ovo.pairwise_indices_
    rows = []
    for k, ((i, j), member) in enumerate(zip(pairs, ovo.estimators_)):
        view = X if indices is None else X[:, indices[k]]
        rows.append(ovo.classes_[np.where(np.asarray(member.predict(view)) == 1, j, i)])
    return _stack(rows)


def _plain_members(estimator, X) -> np.ndarray:
    """Members that take ``X`` as it is (decoded when they learned class indices)."""
    classes = np.asarray(estimator.classes_)
    rows = []
    for member in estimator.estimators_:
        view = X
        if hasattr(X, "columns") and not hasattr(member, "feature_names_in_"):
            view = X.to_numpy()  # the ensemble handed its members a validated array
        predicted = np.asarray(member.predict(view))
        if _learned_indices(getattr(member, "classes_", None), classes):
            predicted = classes[predicted.astype(np.intp)]
        rows.append(predicted)
    return _stack(rows)


def _learned_indices(member_classes, classes: np.ndarray) -> bool:
    """True if a member learned class indices 0..k-1 instead of the labels ``classes``.

    When both readings fit (integer labels that are also indices), the labels win.
    """
    if member_classes is None:
        return False
    member_classes = np.asarray(member_classes)
    if not np.issubdtype(member_classes.dtype, np.number):
        return False
    return bool(
        np.isin(member_classes, np.arange(len(classes))).all()
        and not np.isin(member_classes, classes).all()
    )
