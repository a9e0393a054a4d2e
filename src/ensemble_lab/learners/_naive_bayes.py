"""Naive Bayes for mixed nominal/numeric data with missing values (Weka's NaiveBayes)."""

from __future__ import annotations

from numbers import Real

import numpy as np
from scipy.special import logsumexp, ndtr
from sklearn.base import ClassifierMixin

from ..base import check_sample_weight, require_y, validate_mixed_data
from ..encoding import fit_mixed_codes
from ..utils import Estimator, Interval, check_is_fitted, leaf_fit_context

__all__ = ["MixedNaiveBayes"]

# Weka floors every attribute likelihood at this value (NaiveBayes.distributionForInstance).
_MIN_PROBABILITY = 1e-75


class MixedNaiveBayes(ClassifierMixin, Estimator):
    """Naive Bayes with Gaussian numeric and Laplace-corrected nominal likelihoods.

    Parameters
    ----------
    alpha : float, default=1.0
        Additive (Laplace) smoothing of the nominal value counts and of the class prior.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Class labels.
    class_log_prior_ : ndarray of shape (n_classes,)
        Log prior of each class, ``log((W_c + alpha) / (W + alpha * n_classes))``.
    theta_ : ndarray of shape (n_classes, n_numeric)
        Per-class mean of each numeric column.
    var_ : ndarray of shape (n_classes, n_numeric)
        Per-class variance of each numeric column (at least ``(precision_ / 6) ** 2``).
    precision_ : ndarray of shape (n_numeric,)
        Weka's precision of each numeric column: the mean gap between its distinct
        training values (0.01 with fewer than two).
    feature_log_prob_ : list of ndarray of shape (n_classes, n_values)
        For each nominal column, ``log P(value | class)``.
    n_features_in_ : int
        Number of input columns.
    feature_names_in_ : ndarray of str
        Input column names (DataFrame input only).

    Notes
    -----
    This is Weka's ``NaiveBayes`` with its default normal estimator:

    * Numeric columns: values are rounded to the column's precision; each class gets
      the weighted mean and the weighted variance (divided by the class weight, no
      Bessel correction) of its non-missing rounded values, with the standard deviation
      at least ``precision / 6``. The likelihood of a value is the probability of its
      precision interval, ``Phi((x + p/2 - mu) / sd) - Phi((x - p/2 - mu) / sd)``, not
      the density: it is at most 1, so a value constant within a class cannot outvote
      every other attribute with an almost infinite density (Weka's choice; on anneal
      it is worth 4 points of accuracy over the density). A class with no observed
      value of a column gets the column's overall mean and variance.
    * Nominal columns (``category``/``object`` DataFrame columns): ``P(v | c) =
      (W_cv + alpha) / (W_c + alpha * K)``, where ``K`` is the number of declared
      values (all categories of a ``category`` column, the observed values of an
      ``object`` column) and ``W`` are weighted counts of the non-missing values —
      Weka's ``DiscreteEstimator`` with Laplace correction. A value unseen in training
      is treated as missing.
    * Each attribute's likelihood is floored at 1e-75, as Weka does.
    * Missing values (NaN) are left out of the likelihood: the product runs over the
      observed attributes only.
    * The class prior is Laplace corrected too, as in Weka's NaiveBayes. Weka's kernel
      density and discretisation options are not offered.

    References
    ----------
    G. H. John and P. Langley. Estimating continuous distributions in Bayesian
    classifiers. In *Proceedings of the 11th Conference on Uncertainty in Artificial
    Intelligence (UAI 1995)*, pages 338–345, 1995 (Weka's NaiveBayes).

    I. H. Witten and E. Frank. *Data Mining: Practical Machine Learning Tools and
    Techniques*, 2nd edition. Morgan Kaufmann, 2005 (Weka 3.6).

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.learners import MixedNaiveBayes
    >>> X, y = load("vote")  # 16 nominal attributes with missing values
    >>> MixedNaiveBayes().fit(X, y).predict(X.iloc[:3]).tolist()
    ['republican', 'republican', 'republican']
    """

    _parameter_constraints: dict = {
        "alpha": [Interval(Real, 0, None, closed="left")],
    }

    def __init__(self, alpha=1.0):
        self.alpha = alpha

    @leaf_fit_context
    def fit(self, X, y, sample_weight=None):
        """Estimate the class priors and the per-class likelihoods.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data; NaN means missing.
        y : array-like of shape (n_samples,)
            Class labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Instance weights; every count is a weighted count.

        Returns
        -------
        self : MixedNaiveBayes
        """
        require_y(self, y)
        X, y = validate_mixed_data(self, X, y, reset=True)
        w = check_sample_weight(sample_weight, X)
        self.classes_, y_code = np.unique(y, return_inverse=True)
        n_classes = self.classes_.shape[0]
        onehot = np.zeros((y_code.shape[0], n_classes))
        onehot[np.arange(y_code.shape[0]), y_code] = w  # weighted class membership
        class_weight = onehot.sum(axis=0)
        self.class_log_prior_ = np.log(class_weight + self.alpha) - np.log(
            class_weight.sum() + self.alpha * n_classes
        )
        self.encoding_ = fit_mixed_codes(X)
        Xnum, codes = self.encoding_.split(X)
        self._fit_numeric(Xnum, onehot)
        self.feature_log_prob_ = []
        for k, n_values in enumerate(self.encoding_.n_categories):
            table = np.zeros((n_values + 1, n_classes))  # last row: missing, dropped below
            np.add.at(table, codes[:, k], onehot)
            counts = table[:n_values].T + self.alpha
            with np.errstate(divide="ignore"):
                self.feature_log_prob_.append(
                    np.log(counts) - np.log(counts.sum(axis=1, keepdims=True))
                )
        return self

    def _fit_numeric(self, Xnum, onehot):
        w = onehot.sum(axis=1)
        self.precision_ = _numeric_precision(Xnum[w > 0])
        Xnum = _round_to(Xnum, self.precision_)
        observed = ~np.isnan(Xnum)
        X0 = np.where(observed, Xnum, 0.0)
        overall_mean, overall_var = _weighted_mean_var(X0, observed, w)
        theta = np.empty((onehot.shape[1], Xnum.shape[1]))
        var = np.empty_like(theta)
        for c in range(onehot.shape[1]):  # centred per class: no cancellation error
            rows = onehot[:, c] > 0
            theta[c], var[c] = _weighted_mean_var(X0[rows], observed[rows], onehot[rows, c])
        self._check_finite_variance(var)
        empty = np.isnan(theta)
        theta = np.where(empty, overall_mean, theta)
        var = np.where(empty, overall_var, var)
        self.theta_ = np.nan_to_num(theta, nan=0.0)  # a column never observed
        self.var_ = np.maximum(np.nan_to_num(var, nan=0.0), (self.precision_ / 6.0) ** 2)

    def _check_finite_variance(self, var: np.ndarray) -> None:
        """Raise ``ValueError`` if a class variance overflowed.

        An infinite variance would make every density of that column equal, silently,
        and the predictions those of the other columns and the prior.
        """
        overflow = np.flatnonzero(np.isinf(var).any(axis=0))
        if overflow.size:
            j = int(np.flatnonzero(~self.encoding_.nominal_mask)[overflow[0]])
            names = getattr(self, "feature_names_in_", None)
            column = repr(names[j]) if names is not None else str(j)
            raise ValueError(
                f"MixedNaiveBayes: the variance of column {column} overflows float64 "
                "(values near 1e154 or beyond); rescale X."
            )

    def _joint_log_likelihood(self, X):
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False)
        Xnum, codes = self.encoding_.split(X)
        Xnum = _round_to(Xnum, self.precision_)
        missing = np.isnan(Xnum)
        half = self.precision_ / 2
        jll = np.tile(self.class_log_prior_, (Xnum.shape[0], 1))
        # Weka's floor on the standard deviation is precision / 6; its square, var_'s
        # floor, underflows to 0 for values near 1e-160 and below (then NaN densities).
        floor = self.precision_ / 6.0
        for c in range(self.classes_.shape[0]):  # (n, p) arrays per class
            sd = np.sqrt(self.var_[c])
            sd = np.where(sd > 0, sd, floor)
            upper = ndtr((Xnum + half - self.theta_[c]) / sd)
            lower = ndtr((Xnum - half - self.theta_[c]) / sd)
            log_p = np.log(np.maximum(upper - lower, _MIN_PROBABILITY))
            jll[:, c] += np.where(missing, 0.0, log_p).sum(axis=1)
        for k, table in enumerate(self.feature_log_prob_):
            table = np.maximum(table, np.log(_MIN_PROBABILITY))
            padded = np.hstack([table, np.zeros((table.shape[0], 1))])  # code -1 -> 0
            jll += padded[:, codes[:, k]].T
        return jll

    def predict_log_proba(self, X):
        """Log posterior probability of each class.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
        """
        jll = self._joint_log_likelihood(X)
        return jll - logsumexp(jll, axis=1, keepdims=True)

    def predict_proba(self, X):
        """Posterior probability of each class.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
        """
        return np.exp(self.predict_log_proba(X))

    def predict(self, X):
        """Most probable class.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        check_is_fitted(self)
        return self.classes_[np.argmax(self._joint_log_likelihood(X), axis=1)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags


def _weighted_mean_var(X0, observed, w):
    """Weighted mean and variance (no Bessel correction) of the observed values per column.

    NaN where a column has no observed value of positive weight.
    """
    weight = w @ observed
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):  # overflow: refused
        mean = (w @ X0) / weight
        var = (w @ ((X0 - mean) ** 2 * observed)) / weight
    return mean, var


def _round_to(Xnum: np.ndarray, precision: np.ndarray) -> np.ndarray:
    """Values rounded to a multiple of each column's precision (Weka's NormalEstimator)."""
    return np.round(Xnum / precision) * precision


def _numeric_precision(Xnum: np.ndarray) -> np.ndarray:
    """Weka's precision of each numeric column: mean gap between its distinct values.

    0.01 for a column with fewer than two distinct observed values (Weka's default).
    """
    precision = np.full(Xnum.shape[1], 0.01)
    if Xnum.shape[0] < 2:
        return precision
    ordered = np.sort(Xnum, axis=0)  # NaN sorts last, and its gaps compare False
    distinct = 1 + np.count_nonzero(np.diff(ordered, axis=0) > 0, axis=0)
    n_observed = np.count_nonzero(~np.isnan(ordered), axis=0)
    largest = ordered[np.maximum(n_observed - 1, 0), np.arange(ordered.shape[1])]
    spread = largest - ordered[0]
    several = distinct > 1
    precision[several] = spread[several] / (distinct[several] - 1)
    return precision
