"""Weka 3.6's SMO: pairwise linear support vector machines trained by Platt's SMO."""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np
import pandas as pd
from sklearn.base import ClassifierMixin
from sklearn.utils.metaestimators import available_if
from sklearn.utils.validation import check_consistent_length, column_or_1d

from ..base import check_class_labels, check_sample_weight, require_y, validate_float_matrix
from ..encoding import class_codes
from ..utils import Estimator, Interval, JavaRandom, check_is_fitted, leaf_fit_context, shuffled
from ._smo_core import fit_binary, linear_outputs

__all__ = ["SMOClassifier"]


class SMOClassifier(ClassifierMixin, Estimator):
    """Weka 3.6's ``SMO`` with its default (linear) kernel, prediction for prediction.

    One linear SVM per pair of classes, each trained by Platt's sequential minimal
    optimisation with the improvements of Keerthi et al. (2001) exactly as Weka's
    ``weka.classifiers.functions.SMO`` runs it; a sample gets the class with the most
    pairwise votes. Use it on numeric data (the ``"smo"`` preset puts Weka's encoding of
    nominal attributes and missing values in front of it).

    Parameters
    ----------
    C : float, default=1.0
        Complexity constant, Weka's ``-C``: the upper bound of each Lagrange multiplier
        is ``C`` times the instance weight.
    normalize : bool, default=True
        Scale every attribute to [0, 1] over the training data first, as Weka's
        ``Normalize`` filter (``-N 0``); an attribute constant in the training data
        becomes 0. False is Weka's ``-N 2``.
    tol : float, default=1e-3
        Tolerance of the optimality conditions, Weka's ``-L``.
    epsilon : float, default=1e-12
        Round-off epsilon of the optimiser, Weka's ``-P``.
    probability : bool, default=False
        Fit a logistic model to the outputs of each pairwise machine on its training
        data and couple the pairwise probabilities (Hastie & Tibshirani), as Weka's
        ``-M`` (with ``-V -1``); enables :meth:`predict_proba`, and ``predict`` then
        picks the most probable class, as Weka does with ``-M``.
    seed : int, default=1
        Seed of the ``java.util.Random`` that shuffles each pair's instances before
        they are optimised, Weka's ``-W``. Not a ``random_state``: ensembles that seed
        their members leave it alone, as Weka's ensembles leave SMO's seed alone.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Class labels seen in ``fit``, sorted.
    weka_classes_ : ndarray
        Class labels in Weka's numbering: the declared categories of a categorical
        ``y`` (including categories absent from the training data), else the sorted
        labels. Pairs are formed and ties are broken in this order.
    pairs_ : ndarray of shape (n_machines, 2)
        The two classes (indices into ``weka_classes_``, first < second) of each
        pairwise machine; a pair with no training instance has no machine.
    coef_ : ndarray of shape (n_machines, n_features)
        Weight of each (normalised) attribute in each machine.
    intercept_ : ndarray of shape (n_machines,)
        The machines' output is ``coef_ @ x + intercept_``; positive is a vote for the
        pair's second class. A pair with instances of one class only has a constant
        machine (zero weights, intercept ±1) voting for that class.
    attribute_min_, attribute_span_ : ndarray of shape (n_features,)
        The normalisation ``(x - min) / span`` (``span`` 0: the attribute is constant
        and maps to 0); None when ``normalize`` is False.
    logistic_ : ndarray of shape (n_machines, 2)
        With ``probability``: intercept and slope of each machine's logistic model,
        ``P(second class) = 1 / (1 + exp(-(intercept + slope × output)))``.
    pair_weight_ : ndarray of shape (n_machines,)
        With ``probability``: the training weight of each machine (its weight in the
        coupling).
    n_features_in_ : int
        Number of input columns.
    feature_names_in_ : ndarray of str
        Input column names (DataFrame input only).

    Notes
    -----
    The optimiser computes every quantity with the same floating-point operations in
    the same order as Weka (dot products summed attribute by attribute, the non-bound
    set walked most recently entered first, ties keeping the first index met), and each
    pair's instances (those of the first class, then those of the second, in training
    order) are shuffled by the same ``java.util.Random`` draws (one generator for the
    pairs in turn, a pair with a single class drawing too). The model is then Weka's,
    not merely an SVM close to it, which matters: Weka's stopping rule can leave it far
    from the optimum (on ``balance-scale`` the threshold of one pair is off by a quarter,
    and a converged solver such as libsvm disagrees with Weka on about one test instance
    in twelve). For the same reason the order of the columns matters in the last bits,
    and through them sometimes the path of the optimiser: give the attributes in Weka's
    order (``MixedEncoder(encoding="weka")`` does; putting the numeric columns of
    ``vowel`` first changes about one prediction in a hundred).

    * **Pairs and votes**: the machine of classes ``i < j`` (Weka's numbering) learns
      ``j`` as +1; an output > 0 votes for ``j``, otherwise for ``i``. The most votes
      win; a tie goes to the first class in Weka's numbering (``Utils.maxIndex``).
    * **sample_weight** are Weka's instance weights: a multiplier's bound is
      ``C × weight``, and instances of weight zero are left out (Weka removes them).
    * ``decision_function``: for two classes the machine's output, positive for
      ``classes_[1]``; for more, scikit-learn's one-vs-rest shape (the votes plus a
      monotone transform of the summed outputs, within ±1/3). As with scikit-learn's
      ``SVC``, its argmax can differ from ``predict`` on a tie of votes, which
      ``predict`` breaks in Weka's class order.
    * ``probability`` follows Weka's ``-M`` method, but each logistic model is fitted to
      convergence (Newton's method) where Weka's optimiser stops at its own tolerance:
      where a machine's outputs separate its two classes, the slopes, and with them the
      coupled probabilities, differ. Measured against Weka's ``-M``, the predictions
      agree on all or nearly all instances of most data sets, on more than nine in ten
      on data sets with many small classes (``audiology``, ``primary-tumor``).

    Expected failure of scikit-learn's estimator checks:
    ``check_sample_weight_equivalence_on_dense_data`` (a weight of 2 doubles a
    multiplier's bound, which is the repeated instance's dual only at the optimum, and
    Weka stops before it).

    References
    ----------
    J. C. Platt. Fast training of support vector machines using sequential minimal
    optimization. In B. Schölkopf, C. J. C. Burges and A. J. Smola, editors, *Advances
    in Kernel Methods: Support Vector Learning*, pages 185–208. MIT Press, 1999.

    S. S. Keerthi, S. K. Shevade, C. Bhattacharyya and K. R. K. Murthy. Improvements
    to Platt's SMO algorithm for SVM classifier design. *Neural Computation*,
    13(3):637–649, 2001.

    I. H. Witten and E. Frank. *Data Mining: Practical Machine Learning Tools and
    Techniques*, 2nd edition. Morgan Kaufmann, 2005 (Weka 3.6).

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.learners import SMOClassifier
    >>> X, y = load("iris")
    >>> smo = SMOClassifier().fit(X.to_numpy(), y)
    >>> smo.pairs_.tolist()
    [[0, 1], [0, 2], [1, 2]]
    >>> float(smo.score(X.to_numpy(), y))  # Weka: 145 of 150 right on the training data
    0.9666666666666667
    """

    _expected_failed_checks = {
        "check_sample_weight_equivalence_on_dense_data": (
            "a weight of 2 doubles a multiplier's bound, which equals repeating the "
            "instance only at the exact optimum, and Weka's SMO stops before it"
        ),
    }

    _parameter_constraints: dict = {
        "C": [Interval(Real, 0, None, closed="neither")],
        "normalize": ["boolean"],
        "tol": [Interval(Real, 0, None, closed="neither")],
        "epsilon": [Interval(Real, 0, None, closed="left")],
        "probability": ["boolean"],
        "seed": [Interval(Integral, None, None, closed="neither")],
    }

    def __init__(
        self, C=1.0, *, normalize=True, tol=1e-3, epsilon=1e-12, probability=False, seed=1
    ):
        self.C = C
        self.normalize = normalize
        self.tol = tol
        self.epsilon = epsilon
        self.probability = probability
        self.seed = seed

    @leaf_fit_context
    def fit(self, X, y, sample_weight=None):
        """Train one machine per pair of classes.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Numeric training data.
        y : array-like of shape (n_samples,)
            Class labels; a categorical ``y`` gives the classes Weka's numbering.
        sample_weight : array-like of shape (n_samples,), default=None
            Instance weights (Weka's).

        Returns
        -------
        self : SMOClassifier
        """
        require_y(self, y)
        whole_numbers = type(y) is np.ndarray and y.ndim == 1 and y.dtype.kind in "iu"
        categorical = isinstance(y, pd.Series) and isinstance(y.dtype, pd.CategoricalDtype)
        if not (whole_numbers or categorical):  # either is a class target already
            y = column_or_1d(y, warn=True)
            check_class_labels(y)
        labels, codes = class_codes(y)
        X = validate_float_matrix(self, X, reset=True)
        check_consistent_length(X, codes)
        weight = (
            np.ones(X.shape[0]) if sample_weight is None else check_sample_weight(sample_weight, X)
        )
        self.weka_classes_ = labels
        self.classes_ = np.unique(labels[codes])
        kept = weight > 0  # Weka drops instances of weight zero before anything else
        X, codes, weight = X[kept], codes[kept], weight[kept]
        if self.normalize:
            low, high = X.min(axis=0), X.max(axis=0)
            self.attribute_min_, self.attribute_span_ = low, high - low
            X = self._normalized(X)
        else:
            self.attribute_min_ = self.attribute_span_ = None
        pair_rows = self._fit_machines(np.ascontiguousarray(X), codes, weight)
        if self.probability:
            self._fit_logistic(X, codes, weight, pair_rows)
        return self

    def _normalized(self, X):
        span = self.attribute_span_
        with np.errstate(divide="ignore", invalid="ignore"):
            scaled = (X - self.attribute_min_) / span
        return np.ascontiguousarray(np.where(span != 0, scaled, 0.0))

    def _fit_machines(self, X, codes, weight):
        """Weka's SMO.buildClassifier: one BinarySMO per pair, instances shuffled.

        Returns the training rows of each machine, in the order they were optimised.
        """
        n_classes = self.weka_classes_.shape[0]
        members = [np.flatnonzero(codes == c) for c in range(n_classes)]
        random = JavaRandom(self.seed)
        pairs, coefs, intercepts, pair_rows = [], [], [], []
        for i in range(n_classes):
            for j in range(i + 1, n_classes):
                rows = np.concatenate([members[i], members[j]])
                rows = rows[shuffled(random, rows.shape[0])]
                if rows.shape[0] == 0:
                    continue
                w = np.zeros(X.shape[1])
                if members[i].size and members[j].size:
                    target = np.where(codes[rows] == j, 1.0, -1.0)
                    cost = self.C * weight[rows]
                    w, b = fit_binary(X[rows], target, cost, self.tol, self.epsilon)
                else:  # one class only: a constant vote for it (Weka's b = ±1)
                    b = -1.0 if members[j].size else 1.0
                pairs.append((i, j))
                coefs.append(w)
                intercepts.append(-b)
                pair_rows.append(rows)
        self.pairs_ = np.array(pairs, dtype=np.intp).reshape(-1, 2)
        self.coef_ = np.array(coefs).reshape(-1, X.shape[1])
        self.intercept_ = np.array(intercepts, dtype=float)
        return pair_rows

    def _outputs(self, X):
        """Each machine's output on each sample (Weka's ``SVMOutput``)."""
        check_is_fitted(self)
        X = validate_float_matrix(self, X, reset=False)
        if self.normalize:
            X = self._normalized(X)
        return linear_outputs(X, np.ascontiguousarray(self.coef_), -self.intercept_)

    def _votes(self, outputs):
        """Votes of the machines, columns in Weka's class numbering."""
        votes = np.zeros((outputs.shape[0], self.weka_classes_.shape[0]))
        second = outputs > 0
        for m, (i, j) in enumerate(self.pairs_):
            votes[:, j] += second[:, m]
            votes[:, i] += ~second[:, m]
        return votes

    def predict(self, X):
        """The class Weka's SMO predicts for each sample.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        if self.probability:
            distribution = self._coupled(self._outputs(X))
        else:
            distribution = self._votes(self._outputs(X))
        return self.weka_classes_[np.argmax(distribution, axis=1)]  # first of a tie

    def decision_function(self, X):
        """Signed distance to the pairwise hyperplanes, combined as scikit-learn's ``SVC``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,) or (n_samples, n_classes)
            For two classes the machine's output, positive for ``classes_[1]``; for more,
            each class's votes plus a transform of its summed outputs within ±1/3.
        """
        outputs = self._outputs(X)
        weka_index = _positions(self.weka_classes_, self.classes_)
        column = np.full(self.weka_classes_.shape[0], -1)
        column[weka_index] = np.arange(self.classes_.shape[0])
        seen = column >= 0
        if self.classes_.shape[0] == 2:
            a, b = np.sort(weka_index)
            m = np.flatnonzero((self.pairs_[:, 0] == a) & (self.pairs_[:, 1] == b))[0]
            return outputs[:, m] if column[b] == 1 else -outputs[:, m]
        votes = np.zeros((outputs.shape[0], self.classes_.shape[0]))
        confidence = np.zeros_like(votes)
        for m, (i, j) in enumerate(self.pairs_):
            if not (seen[i] and seen[j]):
                continue
            second = outputs[:, m] > 0
            votes[:, column[j]] += second
            votes[:, column[i]] += ~second
            confidence[:, column[j]] += outputs[:, m]
            confidence[:, column[i]] -= outputs[:, m]
        return votes + confidence / (3 * (np.abs(confidence) + 1))

    # ------------------------------------------------------------ probabilities
    def _fit_logistic(self, X, codes, weight, pair_rows):
        """Weka's ``-M``: a logistic model of each machine's training outputs."""
        outputs = linear_outputs(X, np.ascontiguousarray(self.coef_), -self.intercept_)
        models = []
        for m, (rows, (_, j)) in enumerate(zip(pair_rows, self.pairs_)):
            models.append(_logistic_1d(outputs[rows, m], codes[rows] == j, weight[rows]))
        self.logistic_ = np.array(models).reshape(-1, 2)
        self.pair_weight_ = np.array([weight[rows].sum() for rows in pair_rows])

    def _coupled(self, outputs):
        """Class probabilities in Weka's numbering: the pairwise models, coupled."""
        n_classes = self.weka_classes_.shape[0]
        second = _sigmoid(self.logistic_[:, 0] + self.logistic_[:, 1] * outputs)
        if n_classes == 2 and self.pairs_.shape[0] == 1:
            return np.column_stack([1 - second[:, 0], second[:, 0]])
        return _pairwise_coupling(self.pairs_, self.pair_weight_, 1 - second, n_classes)

    @available_if(lambda self: self.probability)
    def predict_proba(self, X):
        """Weka's ``-M`` class probabilities (logistic models, pairwise coupling).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            Columns in the order of ``classes_``.
        """
        proba = self._coupled(self._outputs(X))
        return proba[:, _positions(self.weka_classes_, self.classes_)]


def _positions(labels, wanted):
    """Index of each of ``wanted`` in ``labels``."""
    where = {label: k for k, label in enumerate(labels.tolist())}
    return np.array([where[label] for label in wanted.tolist()], dtype=np.intp)


def _sigmoid(z):
    return 0.5 * (1.0 + np.tanh(0.5 * z))


def _logistic_1d(x, positive, weight, ridge=1e-8, max_iter=100):
    """``(a, c)`` of ``P(positive | x) = 1 / (1 + exp(-(a + c x)))``.

    Fitted by weighted maximum likelihood, with Weka's ``Logistic`` ridge on the
    standardised slope.
    """
    t = positive.astype(float)
    scale = x.std()
    if not scale > 0:  # Weka drops a constant attribute: the prior alone
        share = np.clip((weight * t).sum() / weight.sum(), 1e-12, 1 - 1e-12)
        return np.log(share / (1 - share)), 0.0
    z = (x - x.mean()) / scale
    beta = np.zeros(2)
    design = np.column_stack([np.ones_like(z), z])
    penalty = np.diag([0.0, 2 * ridge])
    for _ in range(max_iter):
        p = _sigmoid(design @ beta)
        gradient = design.T @ (weight * (p - t)) + penalty @ beta
        hessian = (design * (weight * p * (1 - p))[:, None]).T @ design + penalty
        step = np.linalg.lstsq(hessian, gradient, rcond=None)[0]
        beta -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    a = beta[0] - beta[1] * x.mean() / scale
    return a, beta[1] / scale


def _pairwise_coupling(pairs, n, r, n_classes, max_iter=1000):
    """Hastie & Tibshirani's coupling of the pairwise probabilities ``r``.

    ``r`` (samples × pairs) holds the probability of the first class of each pair; the
    pairs are weighted by their weights ``n``.

    Each sample's class probabilities ``p`` start uniform and are multiplied by
    observed / expected pairwise mass, then normalised, until no probability moves by
    more than 1e-3 (Weka's stopping rule).
    """
    first = np.zeros((pairs.shape[0], n_classes))
    second = np.zeros_like(first)
    first[np.arange(pairs.shape[0]), pairs[:, 0]] = 1.0
    second[np.arange(pairs.shape[0]), pairs[:, 1]] = 1.0
    observed = (n * r) @ first + (n * (1 - r)) @ second
    p = np.full((r.shape[0], n_classes), 1.0 / n_classes)
    moving = np.ones(r.shape[0], dtype=bool)
    for _ in range(max_iter):
        if not moving.any():
            break
        q = p[moving]
        a, b = q[:, pairs[:, 0]], q[:, pairs[:, 1]]
        with np.errstate(divide="ignore", invalid="ignore"):
            u = np.where(a + b > 0, a / (a + b), 0.5)
        expected = (n * u) @ first + (n * (1 - u)) @ second
        usable = (observed[moving] > 0) & (expected > 0)
        ratio = np.divide(observed[moving], expected, out=np.zeros_like(expected), where=usable)
        new = q * ratio
        # Weka compares before normalising; a class losing all its mass always counts
        still = ((np.abs(new - q) > 1e-3) | (~usable & (q > 0))).any(axis=1)
        p[moving] = new / new.sum(axis=1, keepdims=True)
        moving[np.flatnonzero(moving)[~still]] = False
    return p
