"""Kappa-error diagram points (Margineantu & Dietterich, 1997)."""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from ..base import member_predictions

__all__ = ["kappa_error_points", "pairwise_kappa"]


def pairwise_kappa(predictions: np.ndarray) -> np.ndarray:
    """Cohen's κ between every two rows of a label matrix (multi-class).

    Parameters
    ----------
    predictions : ndarray of shape (n_members, n_samples)

    Returns
    -------
    kappa : ndarray of shape (n_members, n_members)
        κ = (θ₁ − θ₂) / (1 − θ₂) with θ₁ the observed agreement and θ₂ the agreement
        expected by chance from the two members' label frequencies. NaN when both
        members give one and the same label to every row (θ₂ = 1), as in
        ``sklearn.metrics.cohen_kappa_score``.
    """
    predictions = np.asarray(predictions)
    _, codes = np.unique(predictions, return_inverse=True)
    codes = cast(np.ndarray, codes.reshape(predictions.shape))
    n_members, n_samples = codes.shape
    n_labels = int(codes.max()) + 1
    onehot = np.zeros((n_members, n_samples, n_labels))
    np.put_along_axis(onehot, codes[:, :, None], 1.0, axis=2)
    flat = onehot.reshape(n_members, -1)
    observed = flat @ flat.T / n_samples  # θ₁: trace of each pair's confusion table
    freq = onehot.mean(axis=1)
    chance = freq @ freq.T  # θ₂: Σ_k (row marginal k) (column marginal k)
    with np.errstate(divide="ignore", invalid="ignore"):
        return (observed - chance) / (1.0 - chance)


def kappa_error_points(ensemble_or_member_predictions: Any, X: Any = None, y: Any = None):
    """The L(L−1)/2 points of a kappa-error diagram.

    Each pair of members (i, j) gives the point (κ_ij, (E_i + E_j) / 2): their Cohen's
    κ (low = diverse) and their mean individual error (low = accurate).

    Parameters
    ----------
    ensemble_or_member_predictions : fitted ensemble or array-like of shape (n_members, n_samples)
        A fitted ensemble (``X`` is then required; its members are read with
        :func:`~ensemble_lab.diversity.member_predictions`) or the members' labels.
    X : array-like or DataFrame of shape (n_samples, n_features), default=None
        Test data, for a fitted ensemble.
    y : array-like of shape (n_samples,)
        True labels.

    Returns
    -------
    points : ndarray of shape (n_pairs, 2)
        Column 0 is κ_ij, column 1 is (E_i + E_j) / 2; pairs in the order (0,1), (0,2),
        ..., (1,2), ...

    Examples
    --------
    >>> import numpy as np
    >>> preds = np.array([[0, 1, 1, 0], [0, 1, 0, 0], [1, 1, 1, 0]])
    >>> kappa_error_points(preds, y=np.array([0, 1, 1, 0])).round(3)
    array([[0.5  , 0.125],
           [0.5  , 0.125],
           [0.2  , 0.25 ]])
    """
    if y is None:
        raise ValueError("kappa_error_points needs the true labels y.")
    if hasattr(ensemble_or_member_predictions, "fit"):
        if X is None:
            raise ValueError("kappa_error_points needs X to get a fitted ensemble's outputs.")
        predictions = member_predictions(ensemble_or_member_predictions, X)
    else:
        predictions = np.asarray(ensemble_or_member_predictions)
    y = np.asarray(y)
    if predictions.ndim != 2 or predictions.shape[1] != y.shape[0]:
        raise ValueError(
            f"member predictions must have shape (n_members, {y.shape[0]}); "
            f"got {predictions.shape}."
        )
    if predictions.shape[0] < 2:
        raise ValueError("a kappa-error diagram needs at least two members.")
    errors = (predictions != y[None, :]).mean(axis=1)
    kappa = pairwise_kappa(predictions)
    i, j = np.triu_indices(predictions.shape[0], k=1)
    return np.column_stack([kappa[i, j], (errors[i] + errors[j]) / 2.0])
