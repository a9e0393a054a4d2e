"""Weka's RandomTree, the member of its RandomForest, decision for decision.

The tree is grown by compiled code (``_random_tree_core``) that draws from
``java.util.Random`` exactly what Weka 3.6's ``weka.classifiers.trees.RandomTree`` draws,
in the same order, and sums weights in the same order, so that a seed gives Weka's tree.
This module validates and encodes the data, seeds the generator as Weka does and turns
the flat tree into predictions.
"""

from __future__ import annotations

import weakref
from functools import cache
from numbers import Integral, Real

from sklearn.base import ClassifierMixin

from ..encoding import EncodedData, EncodedLearner, encode_training
from ..utils import (
    Estimator,
    Interval,
    java_log,
    java_seed,
    leaf_fit_context,
    random_number_generator,
)
from ._random_tree_core import TreeData, grow_random_tree, tree_distribution
from ._weka_tree import WekaTreeMixin, first_largest

__all__ = ["RandomTreeClassifier", "random_tree_k"]

# What the trees of one ensemble share about its encoded data (the matrix column by
# column, the ranks of numeric values), made by the first tree, dropped with the data.
_SHARED: weakref.WeakKeyDictionary[EncodedData, TreeData] = weakref.WeakKeyDictionary()


def _tree_data(data: EncodedData) -> TreeData:
    shared = _SHARED.get(data)
    if shared is None:
        shared = _SHARED[data] = TreeData(data.X, data.n_values, data.y, data.n_classes)
    return shared


@cache
def random_tree_k(n_features: int) -> int:
    """Attributes Weka's RandomTree (and RandomForest, ``-K 0``) tries at each node.

    ``(int) Utils.log2(numAttributes - 1) + 1``, where ``numAttributes - 1`` is the
    number of attributes other than the class, computed as Weka does
    (``Math.log(d) / Math.log(2)``, truncated, with Java's logarithm).

    >>> [random_tree_k(d) for d in (1, 2, 3, 4, 8, 9, 60)]
    [1, 2, 2, 3, 4, 4, 6]
    """
    return int(java_log(float(n_features)) / java_log(2.0)) + 1


class RandomTreeClassifier(WekaTreeMixin, EncodedLearner, ClassifierMixin, Estimator):
    """Unpruned tree that splits on the best of K random attributes, as Weka's RandomTree.

    Parameters
    ----------
    k : int, default=0
        Number of attributes tried at each node (Weka ``-K``); 0 means
        ``int(log2(n_features)) + 1``, Weka's default and what its RandomForest uses
        with ``-K 0``. Values above ``n_features`` mean ``n_features``.
    min_num : float, default=1.0
        Minimum total weight of the instances at a leaf (Weka ``-M``): a node holding
        less than ``2 * min_num`` is not split.
    max_depth : int, default=0
        Maximum depth of the tree (Weka ``-depth``); 0 for unlimited.
    random_state : int, RandomState instance or None, default=None
        An int is Weka's seed ``-S``, a Java int, negative ones included
        (``random_state=1`` grows the tree Weka grows with ``-S 1``); None or a
        ``RandomState`` draw such an int.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Class labels seen in ``fit``, sorted.
    weka_classes_ : ndarray
        Class labels in Weka's numbering (the declared categories of a categorical
        ``y``, else the sorted labels); ties between classes go to the first.
    n_features_in_ : int
        Number of input columns.
    feature_names_in_ : ndarray of str
        Input column names (DataFrame input only).
    k_ : int
        Number of attributes tried at each node.
    seed_ : int
        Weka's ``-S`` the tree was grown with.
    tree_ : dict of ndarray
        The tree in pre-order: ``kind`` (0 leaf, 1 nominal split with one branch per
        value, 3 numeric split: below ``threshold`` to the first son), ``feature``,
        ``threshold``, ``first_son`` (the sons of node ``i`` are
        ``son[first_son[i]:first_son[i + 1]]``), ``son``, ``son_share`` (the share of
        weight a missing value sends down each son), ``counts`` (class distribution at
        each node, in the order of ``weka_classes_``), ``proba``, ``empty`` (nodes that
        received no training instance) and ``depth``.
    n_leaves_ : int
        Number of leaves, empty ones included.
    n_nodes_ : int
        Number of nodes (Weka's ``numNodes``).
    depth_ : int
        Length of the longest path from the root to a leaf.

    See Also
    --------
    C45TreeClassifier : Weka's J48.

    Notes
    -----
    The tree follows Weka 3.6.14's ``RandomTree`` (its bytecode: the ``RandomTree`` and
    ``RandomTree$Tree`` classes), including its order of random draws and of
    floating-point sums, so that a seed gives Weka's tree:

    * **Random numbers.** Weka does not seed with ``-S`` itself but with
      ``Instances.getRandomNumberGenerator(seed)``: the hash of the text of one random
      training instance plus the seed. A bootstrap sample, in its order, is the
      training set the generator is drawn from.
    * **Attributes tried.** One window of attribute indices serves the whole tree
      (depth first, sons in order); each node draws ``nextInt(windowSize)`` and moves
      the attribute drawn behind the window, until ``k`` attributes were tried and one
      of them had a positive information gain (more than 1e-6), or none is left.
      The highest gain wins, the first attribute on an exact tie.
    * **Splits.** Information gain (not gain ratio) from Weka's ``ContingencyTables``.
      A nominal attribute has one branch per declared value; a numeric one splits at
      the midpoint between the two adjacent values of the best threshold (the first
      best). Instances missing the attribute join every branch with the branch's share
      of the known weight, both in the distribution that scores the split and as
      fractional instances in the sons' data.
    * **Leaves.** A node is a leaf when its class distribution weighs less than
      ``2 * min_num``, when it holds one class only (within 1e-6), at ``max_depth``, or
      when no attribute has positive gain. Weka's instance order, which decides the
      order of fractional sums, is kept: numeric attributes are evaluated on the node's
      instances sorted by Weka's own (unstable) quicksort, in place.
    * **Prediction** is ``distributionForInstance``: the leaf's normalised class
      distribution; a missing value mixes the sons' distributions by their shares; a
      son that received no training instance predicts its parent's distribution.
      ``predict`` takes the first class of largest probability, as Weka's
      ``classifyInstance``.

    The options Weka's RandomTree has beyond these (``-N``, backfitting; ``-U``,
    unclassified instances) are not offered.

    Expected failure of scikit-learn's estimator checks:
    ``check_sample_weight_equivalence_on_dense_data``: the generator is seeded from
    one random instance out of the training set, so repeating an instance changes the
    draws while a weight of 2 does not.

    References
    ----------
    L. Breiman. Random forests. *Machine Learning*, 45(1):5–32, 2001.

    I. H. Witten and E. Frank. *Data Mining: Practical Machine Learning Tools and
    Techniques*, 2nd edition. Morgan Kaufmann, 2005 (Weka 3.6).

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.learners import RandomTreeClassifier
    >>> X, y = load("vote")
    >>> tree = RandomTreeClassifier(random_state=1).fit(X, y)
    >>> tree.k_
    5
    """

    _expected_failed_checks = {
        "check_sample_weight_equivalence_on_dense_data": (
            "the random generator is seeded from one random instance of the training "
            "set (Weka's Instances.getRandomNumberGenerator), so repeating an instance "
            "changes the attributes drawn, while a weight of 2 does not"
        ),
    }

    _parameter_constraints: dict = {
        "k": [Interval(Integral, 0, None, closed="left")],
        "min_num": [Interval(Real, 0, None, closed="left")],
        "max_depth": [Interval(Integral, 0, None, closed="left")],
        # Weka's seeds are Java ints, negative ones included (Bagging draws them).
        "random_state": [Interval(Integral, -(2**31), 2**31 - 1, closed="both"), "random_state"],
    }

    def __init__(self, k=0, *, min_num=1.0, max_depth=0, random_state=None):
        self.k = k
        self.min_num = min_num
        self.max_depth = max_depth
        self.random_state = random_state

    _tree_distribution = staticmethod(tree_distribution)
    _pick = staticmethod(first_largest)

    @leaf_fit_context
    def fit(self, X, y, sample_weight=None):
        """Grow the tree on ``(X, y)``.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data; DataFrame columns of ``category``/``object`` dtype are nominal
            (a ``category`` column keeps all its declared values, as an ARFF header);
            NaN means missing.
        y : array-like of shape (n_samples,)
            Class labels; a categorical ``y`` gives the classes Weka's numbering.
        sample_weight : array-like of shape (n_samples,), default=None
            Instance weights (Weka's), used as given.

        Returns
        -------
        self : RandomTreeClassifier
        """
        return self._fit_encoded(encode_training(self, X, y, sample_weight))

    def _fit_encoded(self, data: EncodedData, rows=None, weight=None):
        """Grow the tree on ``rows`` of data encoded once by an ensemble, in that order.

        See :class:`~ensemble_lab.encoding.EncodedData`; ``weight`` is indexed by
        row. No validation: the ensemble validated the data.
        """
        rows, weight = self._rows_and_weight(data, rows, weight)
        n_features = data.n_features
        self.k_ = random_tree_k(n_features) if self.k < 1 else min(self.k, n_features)
        self.seed_ = java_seed(self.random_state)
        self.tree_ = grow_random_tree(
            _tree_data(data),
            weight,
            rows,
            random_number_generator(self.seed_, data, rows),
            k=self.k_,
            min_num=float(self.min_num),
            max_depth=self.max_depth,
        )
        return self._fitted_on(data, rows)
