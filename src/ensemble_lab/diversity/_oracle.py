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

from ..base import member_predictions as _member_predictions

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


def oracle_outputs(
    ensemble=None,
    X: npt.ArrayLike | None = None,
    y: npt.ArrayLike | None = None,
    *,
    member_predictions: npt.ArrayLike | None = None,
) -> np.ndarray:
    """Oracle matrix of a fitted ensemble: whether each member is right on each sample.

    Parameters
    ----------
    ensemble : fitted ensemble, default=None
        The ensemble whose members are judged, each on its own view of ``X`` (see
        :func:`~ensemble_lab.diversity.member_predictions`). Not needed when
        ``member_predictions`` is given.
    X : array-like or DataFrame of shape (n_samples, n_features), default=None
        Samples to judge the members on (ignored with ``member_predictions``).
    y : array-like of shape (n_samples,)
        True labels.
    member_predictions : array-like of shape (n_samples, n_members), default=None
        The members' predicted labels (e.g. as the results store recorded them).

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
    if np.shape(X)[0] != y_arr.shape[0]:
        raise ValueError(f"X has {np.shape(X)[0]} samples but y has {y_arr.shape[0]}.")
    return (_member_predictions(ensemble, X) == y_arr[None, :]).T


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
