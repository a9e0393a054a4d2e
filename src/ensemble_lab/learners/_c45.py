"""C4.5 decision tree (Weka's J48) on top of scikit-learn's tree builder.

scikit-learn grows the tree (entropy splits, a minimum weight per leaf); this module then
applies C4.5's two post-processing steps to the fitted tree's arrays — collapsing splits
that do not reduce the training error, and error-based (pessimistic) pruning — and keeps
the pruned tree as a map from the grown tree's leaves to the pruned tree's leaves.
"""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np
from scipy.stats import norm
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.tree import DecisionTreeClassifier

from ..base import check_sample_weight, validate_mixed_data
from ..utils._sklearn_compat import Interval, _fit_context, check_is_fitted
from ._checks import require_y
from ._codes import fit_mixed_codes

__all__ = ["C45TreeClassifier", "c45_added_errors", "c45_prune"]

# Weka's J48 turns a subtree into a leaf when the leaf's estimated errors do not exceed
# the subtree's by more than this (C45PruneableClassifierTree.prune).
_PRUNE_SLACK = 0.1
# ... and collapses a split whose training errors are within this of the leaf's.
_COLLAPSE_SLACK = 1e-3


def c45_added_errors(n, e, confidence=0.25):
    """Errors C4.5 adds to the ``e`` training errors of a leaf covering ``n`` instances.

    ``n * U_CF(e, n) - e``, where ``U_CF(e, n)`` is the upper limit of the one-sided
    ``1 - CF`` confidence interval of the error rate of a binomial with ``e`` errors in
    ``n`` trials. Computed exactly as Weka's ``Stats.addErrs`` (and Quinlan's
    ``AddErrs``): exact for ``e = 0`` (``U = 1 - CF^(1/n)``), linear interpolation for
    ``0 < e < 1``, and the normal approximation with continuity correction for
    ``e >= 1``. Vectorised over ``n`` and ``e`` (weighted counts are fine).

    Parameters
    ----------
    n : array-like of float
        (Weighted) number of instances at the leaf.
    e : array-like of float
        (Weighted) number of training errors at the leaf.
    confidence : float, default=0.25
        Confidence factor ``CF`` in (0, 0.5].

    Returns
    -------
    ndarray of float
        The added errors; 0 where ``n = 0``.

    Examples
    --------
    >>> from ensemble_lab.learners import c45_added_errors
    >>> round(float(c45_added_errors(6, 0) / 6), 3)  # Quinlan (1993): U_25%(0, 6)
    0.206
    """
    n, e = np.broadcast_arrays(np.asarray(n, dtype=float), np.asarray(e, dtype=float))
    out = np.zeros(n.shape)
    pos = n > 0
    n, e = n[pos], e[pos]
    z = norm.ppf(1.0 - confidence)
    base = n * (1.0 - confidence ** (1.0 / n))
    one = _added_errors_normal(n, np.ones_like(n), z)
    small = e < 1
    out[pos] = np.where(small, base + e * (one - base), _added_errors_normal(n, e, z))
    return out


def _added_errors_normal(n, e, z):
    """Normal approximation of ``n * U - e`` for ``e >= 1`` (Weka ``Stats.addErrs``)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        f = (e + 0.5) / n
        r = (f + z * z / (2 * n) + z * np.sqrt(f / n - f * f / n + z * z / (4 * n * n))) / (
            1 + z * z / n
        )
        approx = r * n - e
    return np.where(e + 0.5 >= n, np.maximum(n - e, 0.0), approx)


def c45_prune(children_left, children_right, class_counts, *, confidence=0.25, prune=True):
    """Collapse and prune a binary tree the way C4.5 does, bottom-up.

    First every split whose subtree makes (within 1e-3) as many training errors as the
    node would as a leaf is collapsed. Then, if ``prune``, a node becomes a leaf when its
    estimated errors as a leaf, ``e + c45_added_errors(n, e)``, do not exceed the sum of
    the estimated errors of its (already pruned) subtree's leaves by more than 0.1 — the
    rule of Weka's ``C45PruneableClassifierTree.prune`` without subtree raising.

    Parameters
    ----------
    children_left, children_right : ndarray of int
        Child node ids, ``-1`` at leaves; children have larger ids than their parent (as
        in every scikit-learn tree).
    class_counts : ndarray of shape (n_nodes, n_classes)
        (Weighted) training class counts at each node.
    confidence : float, default=0.25
        C4.5's confidence factor.
    prune : bool, default=True
        False collapses only (Weka's J48 with ``-U``).

    Returns
    -------
    leaf_of : ndarray of int
        For every node of the input tree, the node that is its leaf in the pruned tree
        (itself for kept leaves; ``leaf_of[i] == i`` for every kept node).
    is_leaf : ndarray of bool
        Which nodes are leaves of the pruned tree (meaningful for kept nodes).
    """
    left = np.asarray(children_left)
    right = np.asarray(children_right)
    return _prune(left, right, class_counts, confidence, prune, _node_depth(left, right))


def _prune(left, right, class_counts, confidence, prune, depth):
    counts = np.asarray(class_counts, dtype=float)
    n = counts.sum(axis=1)
    train_errors = n - counts.max(axis=1)
    is_leaf = left < 0
    # Internal nodes grouped by depth (one sort, rather than one scan per level).
    internal = np.flatnonzero(~is_leaf)
    internal = internal[np.argsort(depth[internal], kind="stable")]
    cuts = np.flatnonzero(np.diff(depth[internal])) + 1
    levels = np.split(internal, cuts) if internal.size else []

    # Collapse: training errors of each subtree, bottom-up.
    subtree_train = train_errors.copy()
    for nodes in reversed(levels):
        below = subtree_train[left[nodes]] + subtree_train[right[nodes]]
        collapse = below >= train_errors[nodes] - _COLLAPSE_SLACK
        is_leaf[nodes[collapse]] = True
        subtree_train[nodes] = np.where(collapse, train_errors[nodes], below)

    if prune:
        as_leaf = train_errors + c45_added_errors(n, train_errors, confidence)
        estimated = as_leaf.copy()
        for nodes in reversed(levels):
            nodes = nodes[~is_leaf[nodes]]
            below = estimated[left[nodes]] + estimated[right[nodes]]
            cut = as_leaf[nodes] <= below + _PRUNE_SLACK
            is_leaf[nodes[cut]] = True
            estimated[nodes] = np.where(cut, as_leaf[nodes], below)

    # Top-down: everything under a pruned leaf maps to it.
    leaf_of = np.arange(left.shape[0])
    for nodes in levels:
        absorbed = is_leaf[nodes] | (leaf_of[nodes] != nodes)
        for child in (left[nodes], right[nodes]):
            leaf_of[child] = np.where(absorbed, leaf_of[nodes], child)
    return leaf_of, is_leaf


def _node_depth(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """Depth of every node; relies on children having larger ids than their parent."""
    depth = np.zeros(left.shape[0], dtype=np.intp)
    frontier = np.array([0])
    d = 0
    while frontier.size:
        depth[frontier] = d
        inner = frontier[left[frontier] >= 0]
        frontier = np.concatenate([left[inner], right[inner]])
        d += 1
    return depth


class C45TreeClassifier(ClassifierMixin, BaseEstimator):
    """C4.5 decision tree with error-based pruning, like Weka's J48.

    Parameters
    ----------
    confidence_factor : float, default=0.25
        C4.5's pruning confidence ``CF`` in (0, 0.5] (Weka ``-C``); smaller prunes more.
    unpruned : bool, default=False
        Skip error-based pruning (Weka ``-U``); splits that do not reduce the training
        error are still collapsed, as J48 does.
    min_instances : int, default=2
        Minimum (weighted) number of instances per leaf (Weka ``-M``).
    random_state : int, RandomState instance or None, default=None
        Seeds the tree builder, which breaks ties between equally good splits at random.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Class labels.
    n_features_in_ : int
        Number of input columns.
    feature_names_in_ : ndarray of str
        Input column names (DataFrame input only).
    decision_tree_ : DecisionTreeClassifier
        The grown, unpruned tree (on the one-hot encoded input).
    leaf_of_ : ndarray of int
        For each node of ``decision_tree_``, its leaf in the pruned tree.
    leaf_proba_ : ndarray of shape (n_nodes, n_classes)
        Training class distribution at every node (used at the pruned leaves).
    n_leaves_ : int
        Number of leaves of the pruned tree.
    n_nodes_ : int
        Number of nodes (internal and leaves) of the pruned tree.
    depth_ : int
        Depth of the pruned tree.

    See Also
    --------
    c45_added_errors : the pessimistic error estimate.
    c45_prune : the pruning of the tree's arrays.

    Notes
    -----
    Choices made to build C4.5 on scikit-learn's tree:

    * **Splits** are binary, chosen by information gain (entropy). Gain ratio is not
      used: with binary splits the split information varies little, and it is the
      multi-way splits of nominal attributes that gain ratio was designed to tame.
      C4.5's extra minimum on numeric splits (``0.1 * n / n_classes``) is not applied.
    * **Nominal attributes** (``category``/``object`` DataFrame columns) are one-hot
      encoded, so a nominal split is "value = v" versus the rest, as J48 with binary
      splits (``-B``) does, rather than one branch per value.
    * **Missing values** are left as NaN, including in every indicator of a missing
      nominal value; scikit-learn's tree learns for each split the side that missing
      values go to (the side that maximises the gain). C4.5 instead sends fractional
      instances down every branch.
    * **Minimum leaf size** ``min_instances`` is a weighted count, as in C4.5.
    * **sample_weight** is honoured in growing, collapsing and pruning (all counts are
      weighted). Weights are first rescaled to sum to the number of instances with a
      positive weight, so that weights of any scale (boosting normalises them to sum to
      one) give the same tree, and 0/1 weights give the tree of the selected subset.
    * **Pruning** is C4.5's error-based pruning (:func:`c45_prune`): a subtree is
      replaced by a leaf when the leaf's estimated errors ``e + added_errors(n, e)`` are
      at most the subtree's sum plus 0.1 (Weka's rule). **Subtree raising is not done.**
    * Probabilities are the training class frequencies at the leaf (no Laplace
      correction), as J48's default.

    Expected failure of scikit-learn's estimator checks:
    ``check_sample_weight_equivalence_on_dense_data`` — weights are rescaled (see
    above), so an integer weight ``k`` is not the same as ``k`` copies of an instance.
    """

    _expected_failed_checks = {
        "check_sample_weight_equivalence_on_dense_data": (
            "weights are rescaled to sum to the number of instances of positive weight "
            "(see Notes), so an integer weight k is not the same as k copies: the counts "
            "that the minimum leaf size and the pruning see differ."
        ),
    }

    _parameter_constraints: dict = {
        "confidence_factor": [Interval(Real, 0, 0.5, closed="right")],
        "unpruned": ["boolean"],
        "min_instances": [Interval(Integral, 1, None, closed="left")],
        "random_state": ["random_state"],
    }

    def __init__(
        self, confidence_factor=0.25, *, unpruned=False, min_instances=2, random_state=None
    ):
        self.confidence_factor = confidence_factor
        self.unpruned = unpruned
        self.min_instances = min_instances
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        """Grow the tree on ``(X, y)``, then collapse and prune it.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data; DataFrame columns of ``category``/``object`` dtype are nominal,
            NaN means missing.
        y : array-like of shape (n_samples,)
            Class labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Instance weights (rescaled, see Notes).

        Returns
        -------
        self : C45TreeClassifier
        """
        require_y(self, y)
        X, y = validate_mixed_data(self, X, y, reset=True)
        self.classes_, y_code = np.unique(y, return_inverse=True)
        self.encoding_ = fit_mixed_codes(X)
        Xe = self.encoding_.one_hot(X)
        tree = DecisionTreeClassifier(criterion="entropy", random_state=self.random_state)
        if sample_weight is None:
            tree.set_params(min_samples_leaf=self.min_instances)
        else:
            sample_weight = check_sample_weight(sample_weight, X)
            total = np.count_nonzero(sample_weight)
            sample_weight = sample_weight * (total / sample_weight.sum())
            # A leaf must hold min_instances of weight; with less than twice that in all
            # no split is allowed (C4.5 needs two branches of min_instances each).
            fraction = (self.min_instances - 1e-9) / total
            tree.set_params(min_weight_fraction_leaf=min(fraction, 0.5))
            if 2 * self.min_instances > total:
                tree.set_params(min_impurity_decrease=np.inf)
        tree.fit(Xe, y_code, sample_weight=sample_weight)
        self.decision_tree_ = tree
        t = tree.tree_
        counts = t.value[:, 0, :] * t.weighted_n_node_samples[:, None]
        depth = _node_depth(t.children_left, t.children_right)
        self.leaf_of_, is_leaf = _prune(
            t.children_left,
            t.children_right,
            counts,
            self.confidence_factor,
            not self.unpruned,
            depth,
        )
        self.leaf_proba_ = counts / counts.sum(axis=1, keepdims=True)
        kept = self.leaf_of_ == np.arange(t.node_count)
        self.n_leaves_ = int(np.count_nonzero(kept & is_leaf))
        self.n_nodes_ = int(np.count_nonzero(kept))
        self.depth_ = int(depth[kept].max())
        return self

    def apply(self, X):
        """Node id (in ``decision_tree_``) of the pruned-tree leaf each sample reaches."""
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False)
        return self.leaf_of_[self.decision_tree_.apply(self.encoding_.one_hot(X))]

    def predict_proba(self, X):
        """Class distribution of the training instances at the leaf each sample reaches.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
        """
        leaves = self.apply(X)
        return self.leaf_proba_[leaves]

    def predict(self, X):
        """Majority class at the leaf each sample reaches.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        check_is_fitted(self)
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags
