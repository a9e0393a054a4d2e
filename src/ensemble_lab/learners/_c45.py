"""C4.5 decision tree, release 8, as Weka's J48 builds it.

The tree is grown, collapsed and pruned by compiled code (``_c45_core``) that makes
Weka 3.6's decisions: gain ratio among the splits of at least average information gain,
one branch per value of a nominal attribute, binary numeric splits with the MDL penalty,
fractional instances for missing values, error-based pruning with subtree raising. This
module validates and encodes the data once and turns the flat tree into predictions.
"""

from __future__ import annotations

import functools
from numbers import Integral, Real

import numpy as np
from scipy.special import ndtri
from scipy.stats import norm
from sklearn.base import ClassifierMixin

from ..encoding import EncodedData, EncodedLearner, encode_training
from ..utils import Estimator, Interval, leaf_fit_context
from ._c45_core import grow_tree, tree_probs, weka_argmax
from ._weka_tree import WekaTreeMixin

__all__ = ["C45TreeClassifier", "c45_added_errors"]


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


@functools.lru_cache(maxsize=64)
def _confidence(confidence_factor: float) -> tuple[float, float]:
    """Weka's ``m_CF`` (a float) and the normal quantile of ``1 - m_CF``, once per value.

    Every member of an ensemble grows its tree with them.
    """
    cf = float(np.float32(confidence_factor))
    return cf, float(ndtri(1.0 - cf))


class C45TreeClassifier(WekaTreeMixin, EncodedLearner, ClassifierMixin, Estimator):
    """C4.5 decision tree (release 8) that makes the decisions of Weka's J48.

    Parameters
    ----------
    confidence_factor : float, default=0.25
        Confidence factor of error-based pruning in (0, 0.5] (Weka ``-C``); smaller
        prunes more. Weka stores it as a 32-bit float, and so do we.
    min_instances : int, default=2
        Minimum number of instances (total weight) in at least two branches of a split
        (Weka ``-M``).
    unpruned : bool, default=False
        Skip error-based pruning (Weka ``-U``). Splits that do not reduce the training
        error are still collapsed, as Weka 3.6's J48 always does.
    subtree_raising : bool, default=True
        Consider replacing a subtree by its largest branch while pruning (Weka's ``-S``
        turns this off).
    binary_splits : bool, default=False
        Split nominal attributes into "= value" against the rest (Weka ``-B``) instead
        of one branch per value.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Class labels seen in ``fit``, sorted.
    n_features_in_ : int
        Number of input columns.
    feature_names_in_ : ndarray of str
        Input column names (DataFrame input only).
    tree_ : dict of ndarray
        The tree in pre-order: ``kind`` (0 leaf, 1 multiway nominal, 2 binary nominal,
        3 numeric), ``feature``, ``threshold`` (numeric split point; the value of a
        binary nominal split), ``first_son`` (sons of node ``i`` are the "edges"
        ``first_son[i]:first_son[i + 1]``), ``son``, ``son_share`` (the share of
        weight a missing value sends down each edge), ``counts`` (training weight per
        class at each node, in the order of ``weka_classes_``), ``proba``, ``empty``.
    weka_classes_ : ndarray
        Class labels in the order Weka would number them: the declared categories of a
        categorical ``y`` (including categories absent from the training data), else
        the sorted labels. Ties between classes go to the first in this order.
    n_leaves_ : int
        Number of leaves (Weka's "Number of Leaves").
    n_nodes_ : int
        Number of nodes (Weka's "Size of the tree").
    depth_ : int
        Length of the longest path from the root to a leaf.

    See Also
    --------
    c45_added_errors : the pessimistic error estimate of the pruning.

    Notes
    -----
    The tree follows Weka 3.6's ``J48`` (sources ``C45ModelSelection``, ``C45Split``,
    ``Distribution``, ``C45PruneableClassifierTree``), decision for decision, with the
    same tolerances:

    * **Split selection.** Every attribute offers its best split; among those whose
      information gain is at least the average gain (less 1e-3), the one with the
      highest gain ratio wins, the first attribute on a tie. Nominal attributes with at
      least 0.3 × n values do not count towards the average (unless all do).
    * **Numeric splits** are binary, at the midpoint of the best threshold by
      information gain among those leaving ``max(M, min(25, 0.1 × n / n_classes))``
      instances on each side, with the MDL penalty ``log2(#thresholds) / n`` of release
      8; the split point is then moved down to the largest training value not above it.
    * **Missing values** weigh less in the gain (by the fraction known) and are sent
      down every branch as fractional instances, in training and at prediction.
    * **Pruning** is C4.5's error-based pruning at ``confidence_factor`` with subtree
      raising, after collapsing splits that do not reduce the training error.
    * **sample_weight** are Weka's instance weights, used as given (not rescaled): the
      minimum branch size ``min_instances`` is a total weight. A row of weight zero
      still counts as an instance where Weka counts instances (the number of known
      values a numeric split needs, the values a split point may move to).
    * **Classes**: with a categorical ``y`` the tree numbers the classes as Weka numbers
      the declared values of the class attribute, so that ``n_classes`` in the numeric
      split minimum and ties between classes are Weka's; ``classes_`` holds the labels
      seen in ``fit`` as usual in scikit-learn.

    Expected failure of scikit-learn's estimator checks:
    ``check_sample_weight_equivalence_on_dense_data`` (see **sample_weight** above).

    ``predict`` is Weka's ``classifyInstance``; ``predict_proba`` is Weka's
    ``distributionForInstance`` (training class frequencies at the leaves, no Laplace
    correction) normalised to sum to one: a missing value routed to a branch that saw
    no training data loses that branch's share, as in Weka.

    References
    ----------
    J. R. Quinlan. *C4.5: Programs for Machine Learning*. Morgan Kaufmann, 1993.

    I. H. Witten and E. Frank. *Data Mining: Practical Machine Learning Tools and
    Techniques*, 2nd edition. Morgan Kaufmann, 2005 (Weka 3.6).

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.learners import C45TreeClassifier
    >>> X, y = load("vote")
    >>> tree = C45TreeClassifier().fit(X, y)
    >>> tree.n_leaves_, tree.n_nodes_
    (6, 11)
    """

    _expected_failed_checks = {
        "check_sample_weight_equivalence_on_dense_data": (
            "weights are Weka's instance weights: a row of weight zero is still an "
            "instance where J48 counts instances (the known values a numeric split needs, "
            "the values its split point moves to), and a row of weight 2 is one instance"
        ),
    }

    _parameter_constraints: dict = {
        "confidence_factor": [Interval(Real, 0, 0.5, closed="right")],
        "min_instances": [Interval(Integral, 1, None, closed="left")],
        "unpruned": ["boolean"],
        "subtree_raising": ["boolean"],
        "binary_splits": ["boolean"],
    }

    def __init__(
        self,
        confidence_factor=0.25,
        *,
        min_instances=2,
        unpruned=False,
        subtree_raising=True,
        binary_splits=False,
    ):
        self.confidence_factor = confidence_factor
        self.min_instances = min_instances
        self.unpruned = unpruned
        self.subtree_raising = subtree_raising
        self.binary_splits = binary_splits

    _tree_distribution = staticmethod(tree_probs)
    _pick = staticmethod(weka_argmax)  # ClassifierTree.classifyInstance

    @leaf_fit_context
    def fit(self, X, y, sample_weight=None):
        """Grow the tree on ``(X, y)``, then collapse and prune it.

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
        self : C45TreeClassifier
        """
        return self._fit_encoded(encode_training(self, X, y, sample_weight))

    def _fit_encoded(self, data: EncodedData, rows=None, weight=None):
        """Grow the tree on ``rows`` of data encoded once by an ensemble.

        See :class:`~ensemble_lab.encoding.EncodedData`; ``weight`` is indexed by
        row. No validation: the ensemble validated the data.
        """
        rows, weight = self._rows_and_weight(data, rows, weight)
        cf, z = _confidence(self.confidence_factor)
        self.tree_ = grow_tree(
            data.X,
            data.n_values,
            data.y,
            weight,
            rows,
            data.n_classes,
            min_obj=self.min_instances,
            cf=cf,
            z=z,
            binary=self.binary_splits,
            prune=not self.unpruned,
            raising=self.subtree_raising,
        )
        return self._fitted_on(data, rows)
