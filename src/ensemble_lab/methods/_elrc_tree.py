"""Regions of the ELRC tree: the balanced split, its score, and the node record.

Lee, Na, Oh & Yang (ELRC) split each region into two halves of nearly equal size and
pick the feature whose balanced split scores best. This module holds that part of the
method, independent of the learners:

* :func:`split_matrix` turns the input into one float matrix in which nominal columns
  hold integer category codes (NaN = missing or unseen), so regions are routed with
  boolean masks;
* :func:`best_split` finds, for every feature, the most balanced binary split and
  returns the one with the highest score (information gain minus the imbalance
  penalty, our reading of the paper's garbled formula);
* :class:`RegionSplit` routes samples and describes the two sides in words;
* :class:`ELRCNode` is the fitted record of one regional classifier.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..base import nominal_columns

__all__ = [
    "ELRCNode",
    "RegionSplit",
    "best_split",
    "entropy",
    "split_matrix",
    "split_score",
]

#: Nominal features with at most this many distinct values in a region get the exactly
#: most balanced grouping (all 2^(k-1) groupings are scored); above it, a greedy one.
MAX_EXACT_NOMINAL = 12


def entropy(counts) -> np.ndarray:
    """Entropy in bits of class-count vectors along the last axis (Eq. 3 of the paper).

    >>> float(entropy([5, 5]))
    1.0
    >>> float(entropy([4, 0]))
    0.0
    """
    counts = np.asarray(counts, dtype=float)
    n = counts.sum(axis=-1, keepdims=True)
    p = np.divide(counts, n, out=np.zeros_like(counts), where=n > 0)
    logp = np.log2(p, out=np.zeros_like(p), where=p > 0)
    return 0.0 - (p * logp).sum(axis=-1)  # 0 - x: no negative zero for a pure set


def split_score(left_counts, right_counts) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Information gain, imbalance and score of binary splits.

    ``Score(D, A) = Gain(D, A) - | |D1| - |D2| | / |D|`` with
    ``Gain = H(D) - sum_i |Di|/|D| H(Di)`` in bits.

    Parameters
    ----------
    left_counts, right_counts : array-like of shape (..., n_classes)
        Class counts of the two sides (missing values already assigned to a side).

    Returns
    -------
    gain, imbalance, score : ndarray of shape (...)
    """
    left = np.asarray(left_counts, dtype=float)
    right = np.asarray(right_counts, dtype=float)
    n_left, n_right = left.sum(axis=-1), right.sum(axis=-1)
    n = n_left + n_right
    gain = entropy(left + right) - (n_left * entropy(left) + n_right * entropy(right)) / n
    imbalance = np.abs(n_left - n_right) / n
    return gain, imbalance, gain - imbalance


@dataclass
class RegionSplit:
    """The balanced binary split of a region on one feature.

    Attributes
    ----------
    feature : int
        Column index.
    nominal : bool
        Whether the feature is nominal (split on a grouping of its values) or numeric
        (split at ``threshold``: left is ``x <= threshold``).
    threshold : float or None
        Cut point of a numeric split (midpoint between the two values around the median).
    left_codes, right_codes : ndarray of int or None
        Category codes sent left / right by a nominal split (the values seen in the region).
    missing_left : bool
        Where a missing value goes (and, for a nominal split, a value not seen in the
        region): the side that received more of the region's non-missing instances.
    n_left, n_right : int
        Training instances sent to each side (missing values included).
    gain, imbalance, score : float
        The terms of the split score.
    """

    feature: int
    nominal: bool
    threshold: float | None
    left_codes: np.ndarray | None
    right_codes: np.ndarray | None
    missing_left: bool
    n_left: int
    n_right: int
    gain: float
    imbalance: float
    score: float

    def goes_left(self, Z: np.ndarray) -> np.ndarray:
        """Boolean mask of the rows of the split matrix ``Z`` that go to the left child."""
        column = Z[:, self.feature]
        if self.nominal:
            assert self.left_codes is not None and self.right_codes is not None
            left = np.isin(column, self.left_codes)
            known = left | np.isin(column, self.right_codes)
        else:
            known = ~np.isnan(column)
            left = known & (column <= self.threshold)
        return np.where(known, left, self.missing_left)

    def describe(self, left: bool, feature_names, categories) -> str:
        """The condition of one side in words, e.g. ``"color in {red, blue}"``."""
        name = feature_names[self.feature]
        if self.nominal:
            codes = self.left_codes if left else self.right_codes
            assert codes is not None
            labels = ", ".join(str(categories[self.feature][c]) for c in codes)
            text = f"{name} in {{{labels}}}"
        else:
            text = f"{name} {'<=' if left else '>'} {self.threshold:.6g}"
        if left == self.missing_left:
            text += " (or missing)"
        return text


@dataclass
class ELRCNode:
    """One regional classifier of a fitted ELRC tree.

    Attributes
    ----------
    node_id : int
        Position in ``nodes_`` (pre-order: a node comes before its children).
    depth : int
        Level of the node; the root is level 1.
    parent : int or None
        ``node_id`` of the parent (None for the root).
    conditions : tuple of str
        The region as the conditions on the path from the root (empty for the root).
    n_samples : int
        Training instances in the region.
    class_counts : ndarray of shape (n_classes,)
        Training instances per class of ``classes_`` in the region.
    learner : str
        Name of the chosen candidate learner.
    estimator : estimator
        The chosen learner fitted on the region's data.
    cv_accuracy : dict of str to float
        Cross-validated accuracy of every candidate on the region (training accuracy
        when the region is too small for a cross-validation, see ``n_folds``).
    train_accuracy : dict of str to float
        Training (resubstitution) accuracy of every candidate on the region.
    n_folds : int
        Folds of the inner cross-validation (0: none was possible).
    n_correct : int
        ``|I|``: region instances the chosen learner classifies correctly.
    n_parent_correct : int or None
        ``|PI|``: region instances the parent classifies correctly (None at the root).
    weight : float
        ``Weight(N) = |I| / |PI| * PW`` (Eq. 4); 1 at the root.
    split : RegionSplit or None
        How the region is divided between the children (None for a leaf).
    left, right : int or None
        ``node_id`` of the children (None when absent).
    stop_reason : str or None
        Why the node was not split: ``"max_depth"``, ``"pure"`` (entropy 0),
        ``"no_training_error"``, ``"min_samples"``, ``"no_split"`` (no feature divides
        the region) or ``"pruned"`` (its children were removed by pruning).
    held_out_accuracy : tuple of float or None
        With ``prune=True``, for a non-root node: accuracy on its region's out-of-fold
        predictions of the path vote above it and of the path vote including it (the
        node was kept because the second is not lower).
    """

    node_id: int
    depth: int
    parent: int | None
    conditions: tuple[str, ...]
    n_samples: int
    class_counts: np.ndarray
    learner: str
    estimator: Any
    cv_accuracy: dict[str, float]
    train_accuracy: dict[str, float]
    n_folds: int
    n_correct: int
    n_parent_correct: int | None
    weight: float
    split: RegionSplit | None = None
    left: int | None = None
    right: int | None = None
    stop_reason: str | None = None
    held_out_accuracy: tuple[float, float] | None = None

    @property
    def rule(self) -> str:
        """The region as one readable conjunction (``"(all)"`` for the root)."""
        return " and ".join(self.conditions) if self.conditions else "(all)"

    @property
    def n_errors(self) -> int:
        """Training instances of the region the node misclassifies (``n_samples − |I|``).

        Examples
        --------
        >>> from sklearn.datasets import load_iris
        >>> from ensemble_lab.methods import ELRCClassifier
        >>> X, y = load_iris(return_X_y=True)
        >>> root = ELRCClassifier(max_depth=1).fit(X, y).nodes_[0]
        >>> root.n_errors == root.n_samples - root.n_correct
        True
        """
        return self.n_samples - self.n_correct

    @property
    def n_parent_errors(self) -> int | None:
        """Training instances of the region the parent misclassifies (None at the root).

        Against :attr:`n_errors`, it says whether the split that made the region
        lowered or raised the errors on it (``n_samples − |PI|``, Eq. 4's terms).

        Examples
        --------
        >>> from sklearn.datasets import load_iris
        >>> from ensemble_lab.methods import ELRCClassifier
        >>> X, y = load_iris(return_X_y=True)
        >>> nodes = ELRCClassifier(max_depth=2).fit(X, y).nodes_
        >>> nodes[0].n_parent_errors is None
        True
        """
        if self.n_parent_correct is None:
            return None
        return self.n_samples - self.n_parent_correct

    @property
    def is_leaf(self) -> bool:
        """True when the node has no child."""
        return self.left is None and self.right is None


def split_categories(X) -> list[np.ndarray | None]:
    """Per column, the categories of a nominal column (None for a numeric one)."""
    mask = nominal_columns(X)
    out: list[np.ndarray | None] = []
    for j, is_nominal in enumerate(mask):
        if not is_nominal:
            out.append(None)
            continue
        column = X.iloc[:, j]
        if isinstance(column.dtype, pd.CategoricalDtype):
            out.append(np.asarray(column.cat.categories, dtype=object))
        else:
            out.append(np.asarray(pd.Categorical(column.dropna()).categories, dtype=object))
    return out


def split_matrix(X, categories: list[np.ndarray | None]) -> np.ndarray:
    """Float matrix used for routing: numeric values, or category codes of nominal columns.

    Missing values, and nominal values absent from ``categories``, become NaN.
    """
    if not isinstance(X, pd.DataFrame):
        return np.asarray(X, dtype=float)
    Z = np.empty(X.shape, dtype=float)
    for j, cats in enumerate(categories):
        column = X.iloc[:, j]
        if cats is None:
            Z[:, j] = column.to_numpy(dtype=float, na_value=np.nan)
        else:
            codes = pd.Index(cats).get_indexer(column.astype(object).to_numpy())
            Z[:, j] = np.where(codes < 0, np.nan, codes)
    return Z


def _assign_missing(left, right, missing_counts):
    """Send the missing instances to the side with more non-missing instances (ties: left)."""
    missing_left = left.sum(axis=1) >= right.sum(axis=1)
    left = left + np.outer(missing_left, missing_counts)
    right = right + np.outer(~missing_left, missing_counts)
    return left, right, missing_left


def _pick(left, right) -> tuple[int, np.ndarray, np.ndarray]:
    """Index of the most balanced candidate; ties → higher gain → first candidate."""
    n_left, n_right = left.sum(axis=1), right.sum(axis=1)
    gain, imbalance, score = split_score(left, right)
    best = np.lexsort((np.arange(len(gain)), -gain, np.abs(n_left - n_right)))[0]
    return int(best), np.stack([gain, imbalance, score], axis=1), np.stack([n_left, n_right], 1)


def _numeric_split(column, y, n_classes, feature) -> RegionSplit | None:
    present = ~np.isnan(column)
    order = np.argsort(column[present], kind="stable")
    values = column[present][order]
    y_present = y[present][order]
    # Candidate cuts lie between consecutive distinct values; the chosen one is the
    # cut closest to the median (the most balanced), as the paper divides into halves.
    cuts = np.flatnonzero(values[1:] != values[:-1])
    if cuts.size == 0:
        return None
    cumulative = np.cumsum(np.eye(n_classes, dtype=np.int64)[y_present], axis=0)
    left = cumulative[cuts]
    right = cumulative[-1] - left
    missing = np.bincount(y[~present], minlength=n_classes)
    left, right, missing_left = _assign_missing(left, right, missing)
    best, terms, sizes = _pick(left, right)
    lo, hi = values[cuts[best]], values[cuts[best] + 1]
    threshold = (lo + hi) / 2.0
    if threshold >= hi:  # adjacent floats: the midpoint rounds up to the upper value
        threshold = lo
    return RegionSplit(
        feature, False, float(threshold), None, None, bool(missing_left[best]),
        int(sizes[best, 0]), int(sizes[best, 1]), *map(float, terms[best]),
    )  # fmt: skip


def _nominal_groupings(value_counts: np.ndarray) -> np.ndarray:
    """Candidate left groups (boolean rows over the values, sorted by frequency)."""
    k = value_counts.shape[0]
    if k <= MAX_EXACT_NOMINAL:
        # Every grouping once: the most frequent value is always on the left, and the
        # grouping that puts every value on the left is excluded.
        bits = (np.arange(2 ** (k - 1) - 1)[:, None] >> np.arange(k - 1)) & 1
        return np.hstack([np.ones((bits.shape[0], 1), dtype=bool), bits.astype(bool)])
    # Greedy (longest-processing-time) partition: values in decreasing frequency, each
    # to the side holding fewer instances so far (ties: left).
    group = np.zeros(k, dtype=bool)
    sizes = [0, 0]
    for v in range(k):
        side = 0 if sizes[0] <= sizes[1] else 1
        group[v] = side == 0
        sizes[side] += value_counts[v]
    return group[None, :]


def _nominal_split(column, y, n_classes, feature) -> RegionSplit | None:
    present = ~np.isnan(column)
    codes = column[present].astype(np.int64)
    values, inverse = np.unique(codes, return_inverse=True)
    if values.size < 2:
        return None
    per_value = np.zeros((values.size, n_classes), dtype=np.int64)
    np.add.at(per_value, (inverse, y[present]), 1)
    frequency = per_value.sum(axis=1)
    order = np.lexsort((values, -frequency))
    values, per_value = values[order], per_value[order]
    groups = _nominal_groupings(frequency[order])
    left = groups.astype(np.int64) @ per_value
    right = per_value.sum(axis=0) - left
    missing = np.bincount(y[~present], minlength=n_classes)
    left, right, missing_left = _assign_missing(left, right, missing)
    best, terms, sizes = _pick(left, right)
    return RegionSplit(
        feature, True, None, np.sort(values[groups[best]]), np.sort(values[~groups[best]]),
        bool(missing_left[best]), int(sizes[best, 0]), int(sizes[best, 1]),
        *map(float, terms[best]),
    )  # fmt: skip


def best_split(
    Z: np.ndarray, nominal_mask: np.ndarray, y: np.ndarray, n_classes: int, min_child: int
) -> RegionSplit | None:
    """The highest-scoring balanced split of a region, or None if no feature splits it.

    Parameters
    ----------
    Z : ndarray of shape (n_samples, n_features)
        Split matrix of the region's instances (see :func:`split_matrix`).
    nominal_mask : ndarray of bool
        Which columns hold category codes.
    y : ndarray of int
        Class codes (0 .. n_classes - 1) of the region's instances.
    n_classes : int
        Number of classes of the whole problem.
    min_child : int
        A feature whose balanced split leaves fewer instances on one side is skipped.

    Returns
    -------
    RegionSplit or None
        Ties between features go to the lower column index.
    """
    best: RegionSplit | None = None
    for j in range(Z.shape[1]):
        finder = _nominal_split if nominal_mask[j] else _numeric_split
        split = finder(Z[:, j], y, n_classes, j)
        if split is None or min(split.n_left, split.n_right) < min_child:
            continue
        if best is None or split.score > best.score:
            best = split
    return best
