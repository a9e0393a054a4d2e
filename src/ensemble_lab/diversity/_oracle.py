"""Oracle outputs: which ensemble member is right on which sample.

Every Kuncheva–Whitaker diversity measure is a function of the *oracle matrix*, an
``(n_samples, n_members)`` array of booleans whose entry ``(j, i)`` says whether member
``i`` labels sample ``j`` correctly. This module builds that matrix from a fitted ensemble
(or from the members' predictions) and computes the 2×2 pair tables that the pairwise
measures share.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["check_oracle", "oracle_outputs", "pair_tables"]


def check_oracle(oracle: npt.ArrayLike, *, min_members: int = 2) -> np.ndarray:
    """Validate an oracle matrix and return it as a boolean array.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)
        Booleans or 0/1: member ``i`` is correct on sample ``j``.
    min_members : int, default=2
        Fewest members the measure needs.

    Returns
    -------
    ndarray of bool, shape (n_samples, n_members)
    """
    arr = np.asarray(oracle)
    if arr.ndim != 2:
        raise ValueError(
            f"oracle must be a 2-d array (n_samples, n_members); got shape {arr.shape}."
        )
    if arr.shape[0] == 0:
        raise ValueError("oracle has no samples.")
    if arr.shape[1] < min_members:
        raise ValueError(
            f"this measure needs at least {min_members} ensemble members; "
            f"the oracle has {arr.shape[1]}."
        )
    if arr.dtype != bool:
        if not np.isin(arr, (0, 1)).all():
            raise ValueError("oracle entries must be booleans or 0/1 (member correct or not).")
        arr = arr.astype(bool)
    return arr


def _member_predict(ensemble, index: int, member, X) -> np.ndarray:
    features = getattr(ensemble, "estimators_features_", None)
    if features is not None:
        # sklearn's Bagging/Random Subspace members were fitted on a column subset.
        X = X.iloc[:, features[index]] if hasattr(X, "iloc") else np.asarray(X)[:, features[index]]
    return np.asarray(member.predict(X))


def _members_predict_codes(members, classes: np.ndarray | None) -> bool:
    """Whether the members predict class *indices* rather than the ensemble's labels.

    Many ensembles (sklearn's bagging and forests, ours) train their members on the
    indices ``0 .. n_classes-1`` of ``classes_``. That is the case when the members'
    classes together are such indices but are not all labels of the ensemble; when both
    readings fit (integer labels that are also indices), the labels are kept.
    """
    if classes is None or np.array_equal(classes, np.arange(classes.shape[0])):
        return False
    seen: set = set()
    for member in members:
        member_classes = getattr(member, "classes_", None)
        if member_classes is None:
            return False
        seen.update(np.asarray(member_classes).tolist())
    indices = set(range(classes.shape[0]))
    all_int = all(isinstance(v, int) for v in seen)
    return all_int and seen <= indices and not seen <= set(classes.tolist())


def oracle_outputs(
    ensemble=None,
    X: npt.ArrayLike | None = None,
    y: npt.ArrayLike | None = None,
    *,
    member_predictions: npt.ArrayLike | None = None,
) -> np.ndarray:
    """Oracle matrix of a fitted ensemble: is each member right on each sample?

    Parameters
    ----------
    ensemble : fitted estimator with ``estimators_``, default=None
        The ensemble whose members are judged. Members fitted on a column subset
        (sklearn's ``estimators_features_``) see that subset; members trained on class
        indices (as in sklearn's bagging) are decoded to the ensemble's ``classes_``.
        Not needed when ``member_predictions`` is given.
    X : array-like or DataFrame of shape (n_samples, n_features), default=None
        Samples to judge the members on (ignored with ``member_predictions``).
    y : array-like of shape (n_samples,)
        True labels.
    member_predictions : array-like of shape (n_samples, n_members), default=None
        The members' predicted labels, for ensembles whose members cannot be called on
        ``X`` directly (e.g. members inside a wrapper that transforms ``X``).

    Returns
    -------
    ndarray of bool, shape (n_samples, n_members)

    Examples
    --------
    >>> import numpy as np
    >>> oracle_outputs(y=[0, 1, 1], member_predictions=np.array([[0, 1], [1, 1], [0, 1]]))
    array([[ True, False],
           [ True,  True],
           [False,  True]])
    """
    if y is None:
        raise ValueError("y (the true labels) is required.")
    y_arr = np.asarray(y)
    if y_arr.ndim != 1:
        raise ValueError(f"y must be 1-d; got shape {y_arr.shape}.")
    if member_predictions is not None:
        preds = np.asarray(member_predictions)
        if preds.ndim != 2 or preds.shape[0] != y_arr.shape[0]:
            raise ValueError(
                "member_predictions must have shape (n_samples, n_members) with "
                f"n_samples = len(y) = {y_arr.shape[0]}; got {preds.shape}."
            )
        return preds == y_arr[:, None]
    if ensemble is None or X is None:
        raise ValueError("give either (ensemble, X, y) or (y, member_predictions).")
    members = getattr(ensemble, "estimators_", None)
    if members is None:
        raise ValueError(
            f"{type(ensemble).__name__} has no estimators_: fit it first, or pass "
            "member_predictions."
        )
    if np.shape(X)[0] != y_arr.shape[0]:
        raise ValueError(f"X has {np.shape(X)[0]} samples but y has {y_arr.shape[0]}.")
    members = list(members)
    classes = getattr(ensemble, "classes_", None)
    classes = None if classes is None else np.asarray(classes)
    decode = _members_predict_codes(members, classes)
    columns = []
    for i, member in enumerate(members):
        pred = _member_predict(ensemble, i, member, X)
        if decode:
            pred = classes[pred.astype(np.intp)]
        columns.append(pred == y_arr)
    return np.column_stack(columns)


def pair_tables(oracle: npt.ArrayLike) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The 2×2 tables of every pair of members, as four ``(L, L)`` matrices.

    Entry ``(i, k)`` of ``a`` is the proportion of samples both members get right;
    ``b``: ``i`` right and ``k`` wrong; ``c``: ``i`` wrong and ``k`` right; ``d``: both
    wrong (Table 1 of Kuncheva & Whitaker 2003, with proportions instead of counts).
    One matrix product does all pairs at once.
    """
    o = check_oracle(oracle, min_members=1)
    n = o.shape[0]
    # float32 products of 0/1 columns are exact counts below 2**24 samples, at half the
    # cost of float64.
    o = o.astype(np.float32 if n < 2**24 else np.float64)
    a = (o.T @ o).astype(np.float64) / n
    p = o.sum(axis=0, dtype=np.float64) / n
    b = p[:, None] - a
    c = p[None, :] - a
    d = 1.0 - a - b - c
    return a, b, c, d
