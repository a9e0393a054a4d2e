"""DECORATE (Melville & Mooney, Information Fusion 2005): diversity from artificial data."""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils import check_random_state

from ..base import MemberPredictionsMixin, align_proba, resolve_estimator, validate_mixed_data
from ..utils._sklearn_compat import HasMethods, Interval, _fit_context, check_is_fitted
from ._member_utils import fit_weighted, require_y, seed_estimator, validated_weights

__all__ = ["DecorateClassifier", "inverse_labels"]


def inverse_labels(proba: np.ndarray, rng: np.random.RandomState) -> np.ndarray:
    """Draw one class index per row with probability inversely proportional to ``proba``.

    Parameters
    ----------
    proba : ndarray of shape (n_samples, n_classes)
        The current ensemble's class probabilities.
    rng : RandomState
        Source of randomness.

    Returns
    -------
    labels : ndarray of int of shape (n_samples,)

    Notes
    -----
    As in Weka's ``Decorate``, a class of probability zero gets (practically) all the
    selection mass: when a row has such classes, one of them is drawn uniformly.
    """
    proba = np.asarray(proba, dtype=float)
    zero = proba <= 0.0
    inverse = np.where(zero, 0.0, 1.0 / np.where(zero, 1.0, proba))
    has_zero = zero.any(axis=1)
    inverse[has_zero] = zero[has_zero]
    inverse /= inverse.sum(axis=1, keepdims=True)
    u = rng.uniform(size=(proba.shape[0], 1))
    labels = (np.cumsum(inverse, axis=1) < u).sum(axis=1)
    return np.minimum(labels, proba.shape[1] - 1)


class _FeatureDistributions:
    """Per-feature distributions of the training data, for drawing artificial rows.

    Numeric features: a Gaussian with the training mean and standard deviation (missing
    values ignored). Nominal features: the training frequencies with a Laplace
    correction (count + 1), as Weka's ``Decorate``.
    """

    def __init__(self, X) -> None:
        self.frame = isinstance(X, pd.DataFrame)
        self.columns = list(X.columns) if self.frame else None
        columns = [X.iloc[:, j] for j in range(X.shape[1])] if self.frame else list(X.T)
        self.specs: list[tuple] = []
        for col in columns:
            if isinstance(col, pd.Series) and not pd.api.types.is_numeric_dtype(col.dtype):
                cat = col.astype("category") if col.dtype != "category" else col
                counts = cat.value_counts(sort=False).reindex(cat.cat.categories).to_numpy()
                p = (counts + 1.0) / (counts + 1.0).sum()
                self.specs.append(("nominal", cat.dtype, p))
            else:
                values = np.asarray(col, dtype=float)
                values = values[~np.isnan(values)]
                mean = float(values.mean()) if values.size else 0.0
                std = float(values.std(ddof=1)) if values.size > 1 else 0.0
                self.specs.append(("numeric", mean, std))

    def sample(self, n: int, rng: np.random.RandomState):
        """``n`` artificial rows, as a DataFrame of the same dtypes or an array."""
        drawn = []
        for kind, a, b in self.specs:
            if kind == "numeric":
                drawn.append(rng.normal(a, b, size=n) if b > 0 else np.full(n, a))
            else:
                codes = (np.cumsum(b)[None, :] < rng.uniform(size=(n, 1))).sum(axis=1)
                codes = np.minimum(codes, b.shape[0] - 1)
                drawn.append(pd.Categorical.from_codes(codes, dtype=a))
        if not self.frame:
            return np.column_stack(drawn)
        return pd.DataFrame(dict(zip(self.columns, drawn)))


class DecorateClassifier(MemberPredictionsMixin, ClassifierMixin, BaseEstimator):
    """Ensemble grown with artificial examples labelled against its own predictions.

    Each iteration draws ``artificial_size`` × n artificial examples from per-feature
    distributions of the training data, labels each with a class drawn with
    probability inversely proportional to the current ensemble's prediction, trains a
    new member on the training data plus these examples, and keeps it only if the
    ensemble's training error does not increase.

    Parameters
    ----------
    estimator : estimator instance, str or None, default=None
        Base learner (cloned); a preset name; None means ``"j48"``.
    n_estimators : int, default=15
        Desired ensemble size (C_size).
    max_iter : int, default=50
        Maximum number of iterations, counting the first member (I_max).
    artificial_size : float, default=1.0
        Number of artificial examples per iteration, as a fraction of the training set
        size (R_size); at least one.
    random_state : int, RandomState instance or None, default=None
        Seeds the artificial data, the labels and the members.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        When ``X`` has string column names.
    estimators_ : list of estimators
        The accepted members, in the order they were accepted.
    n_iter_ : int
        Iterations made (members tried, the first included).
    train_errors_ : list of float
        Training error of the ensemble after each accepted member.

    Notes
    -----
    Follows Weka's ``Decorate``: numeric features are drawn from a Gaussian with the
    training mean and standard deviation, nominal ones from Laplace-corrected
    frequencies; the ensemble averages its members' probabilities; a new member is
    kept when the training error is less than *or equal to* the previous one. With
    ``sample_weight``, the training error is weighted and each artificial example has
    weight 1 (as in Weka). Artificial examples have no missing values.

    ``check_sample_weight_equivalence_on_dense_data`` is an expected failure: the number
    and the distributions of the artificial examples come from the rows, not from the
    weights, so integer weights are not the same as repeated rows.
    """

    _expected_failed_checks = {
        "check_sample_weight_equivalence_on_dense_data": (
            "the artificial data's size and feature distributions count rows, not weights"
        ),
    }

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict_proba"]), str, None],
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "max_iter": [Interval(Integral, 1, None, closed="left")],
        "artificial_size": [Interval(Real, 0.0, None, closed="neither")],
        "random_state": ["random_state"],
    }

    def __init__(
        self, estimator=None, *, n_estimators=15, max_iter=50, artificial_size=1.0,
        random_state=None,
    ):  # fmt: skip
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.max_iter = max_iter
        self.artificial_size = artificial_size
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y, sample_weight=None):
        """Grow the ensemble.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data (nominal DataFrame columns and NaN accepted).
        y : array-like of shape (n_samples,)
            Class labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Instance weights for the members and the training error.

        Returns
        -------
        self : DecorateClassifier
        """
        require_y(self, y)
        X, y = validate_mixed_data(self, X, y, reset=True, allow_nan=True)
        self.classes_, y_codes = np.unique(y, return_inverse=True)
        sample_weight = validated_weights(sample_weight, X)
        weights = np.ones(X.shape[0]) if sample_weight is None else sample_weight
        rng = check_random_state(self.random_state)
        base = resolve_estimator(self.estimator)
        distributions = _FeatureDistributions(X)
        n_artificial = max(1, int(self.artificial_size * X.shape[0]))

        first = self._fit_member(base, X, y, sample_weight, rng)
        self.estimators_ = [first]
        votes = self._member_proba(first, X)
        error = _weighted_error(votes, y_codes, weights)
        self.train_errors_ = [error]
        self.n_iter_ = 1
        while len(self.estimators_) < self.n_estimators and self.n_iter_ < self.max_iter:
            self.n_iter_ += 1
            X_art = distributions.sample(n_artificial, rng)
            current = self._ensemble_proba(X_art)
            y_art = self.classes_[inverse_labels(current, rng)]
            X_all, y_all, w_all = _stack(X, y, sample_weight, X_art, y_art)
            member = self._fit_member(base, X_all, y_all, w_all, rng)
            candidate = votes + self._member_proba(member, X)
            candidate_error = _weighted_error(candidate, y_codes, weights)
            if candidate_error <= error:
                self.estimators_.append(member)
                votes, error = candidate, candidate_error
                self.train_errors_.append(error)
        return self

    @staticmethod
    def _fit_member(base, X, y, sample_weight, rng):
        return fit_weighted(seed_estimator(clone(base), rng), X, y, sample_weight)

    def _member_proba(self, member, X):
        return align_proba(member.predict_proba(X), member.classes_, self.classes_)

    def _ensemble_proba(self, X):
        total = sum(self._member_proba(m, X) for m in self.estimators_)
        return total / len(self.estimators_)

    def predict_proba(self, X):
        """Average of the members' class probabilities.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
        """
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False, allow_nan=True)
        return self._ensemble_proba(X)

    def predict(self, X):
        """Class with the highest average probability.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        y : ndarray of shape (n_samples,)
        """
        check_is_fitted(self)
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags


def _weighted_error(proba: np.ndarray, y_codes: np.ndarray, weights: np.ndarray) -> float:
    wrong = np.argmax(proba, axis=1) != y_codes
    return float(weights[wrong].sum() / weights.sum())


def _stack(X, y, sample_weight, X_art, y_art):
    """Training data followed by the artificial examples."""
    if isinstance(X, pd.DataFrame):
        X_art.index = pd.RangeIndex(X.shape[0], X.shape[0] + X_art.shape[0])
        X_all = pd.concat([X, X_art], axis=0)
    else:
        X_all = np.vstack([X, X_art])
    y_all = np.concatenate([y, y_art])
    if sample_weight is None:
        return X_all, y_all, None
    w_art = np.ones(y_art.shape[0])  # Weka gives artificial examples weight 1
    return X_all, y_all, np.concatenate([sample_weight, w_art])
