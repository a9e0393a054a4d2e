"""Rotation Forest (Rodríguez, Kuncheva & Alonso, IEEE TPAMI 2006)."""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np
from joblib import Parallel, delayed
from sklearn.base import BaseEstimator, ClassifierMixin, clone

from ..base import (
    MemberPredictionsMixin,
    align_proba,
    member_seeds,
    resolve_estimator,
    safe_rows,
    validate_mixed_data,
)
from ..learners import MixedEncoder
from ..utils._sklearn_compat import HasMethods, Interval, _fit_context, check_is_fitted
from ._member_utils import fit_weighted, require_y, seed_estimator, validated_weights

__all__ = ["RotationForestClassifier", "rotation_matrix"]


def rotation_matrix(
    Z: np.ndarray,
    y_codes: np.ndarray,
    weights: np.ndarray,
    *,
    group_size: int,
    sample_fraction: float,
    rng: np.random.RandomState,
) -> tuple[np.ndarray, list[np.ndarray], list[np.ndarray]]:
    """One member's sparse rotation: PCA of random feature groups on random class subsets.

    Parameters
    ----------
    Z : ndarray of shape (n_samples, n_features)
        Numeric (encoded) training data.
    y_codes : ndarray of int of shape (n_samples,)
        Class index of each row.
    weights : ndarray of shape (n_samples,)
        Rows are drawn with probability proportional to their weight.
    group_size : int
        Number of features per group (the last group may be smaller).
    sample_fraction : float
        Size of each group's bootstrap sample, as a fraction of the rows of the chosen
        classes.
    rng : RandomState
        Source of randomness.

    Returns
    -------
    R : ndarray of shape (n_features, n_features)
        Orthogonal rotation; ``Z @ R`` is the rotated data. Undoing the feature
        permutation (rows and columns ordered by ``groups``) makes it block-diagonal.
    groups : list of ndarray of int
        The feature groups (a random partition of the columns).
    samples : list of ndarray of int
        The rows each group's PCA was computed on.
    """
    n_features = Z.shape[1]
    perm = rng.permutation(n_features)
    groups = [perm[i : i + group_size] for i in range(0, n_features, group_size)]
    n_classes = int(y_codes.max()) + 1
    R = np.zeros((n_features, n_features))
    samples = []
    for group in groups:
        chosen = rng.rand(n_classes) < 0.5
        if not chosen.any():
            chosen[rng.randint(n_classes)] = True
        pool = np.flatnonzero(chosen[y_codes] & (weights > 0))
        if pool.size == 0:  # the chosen classes carry no weight: fall back to all rows
            pool = np.flatnonzero(weights > 0)
        size = max(1, round(sample_fraction * pool.size))
        p = weights[pool] / weights[pool].sum()
        sample = pool[rng.choice(pool.size, size=size, p=p)]
        block = Z[np.ix_(sample, group)]
        block = block - block.mean(axis=0)
        # Full SVD: the right singular vectors form a complete orthonormal basis even when
        # the sample is rank deficient (constant columns, fewer rows than features).
        _, _, vt = np.linalg.svd(block, full_matrices=True)
        R[np.ix_(group, group)] = vt.T
        samples.append(sample)
    return R, groups, samples


def _fit_member(base, Z, y, sample_weight, y_codes, weights, seed, group_size, fraction):
    rng = np.random.RandomState(seed)
    R, groups, _ = rotation_matrix(
        Z, y_codes, weights, group_size=group_size, sample_fraction=fraction, rng=rng
    )
    member = fit_weighted(seed_estimator(clone(base), rng), Z @ R, y, sample_weight)
    return member, R, groups


class RotationForestClassifier(MemberPredictionsMixin, ClassifierMixin, BaseEstimator):
    """Ensemble of trees, each trained on a randomly rotated feature space.

    For each member the features are split at random into groups of ``group_size``; on
    each group, PCA is computed from a bootstrap sample of a random non-empty subset of
    the classes; the principal axes of all groups form a block-diagonal rotation matrix,
    and the member is trained on all the training data rotated by it. Members vote by
    averaging their class probabilities.

    Parameters
    ----------
    estimator : estimator instance, str or None, default=None
        Base learner (cloned); a preset name of :func:`ensemble_lab.learners.make_learner`;
        None means ``"j48"``.
    n_estimators : int, default=10
        Number of members.
    group_size : int, default=3
        Features per group (M in the paper).
    sample_fraction : float, default=0.75
        Size of each group's bootstrap sample relative to the rows of the chosen classes.
    n_jobs : int or None, default=None
        Members built in parallel (threads); results do not depend on it.
    random_state : int, RandomState instance or None, default=None
        Seeds the members (one seed each, drawn once).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        When ``X`` has string column names.
    encoder_ : MixedEncoder
        Numeric space the rotations act on: missing values imputed, nominals one-hot,
        numerics standardised (on the training data).
    estimators_ : list of estimators
        The fitted members.
    rotations_ : list of ndarray of shape (n_encoded_features, n_encoded_features)
        Each member's rotation matrix (orthogonal).
    feature_groups_ : list of list of ndarray
        Each member's partition of the encoded features.

    Notes
    -----
    Choices where the paper leaves room (our reading, close to Weka's ``RotationForest``):

    * Nominal attributes are one-hot encoded and missing values imputed before rotating
      (the oracle paper notes Rotation Forest needs all-numeric data); numeric
      attributes are standardised, so each group's PCA works on correlations as Weka's
      ``PrincipalComponents`` does by default.
    * A class enters a group's subset with probability 1/2 (at least one class); the
      bootstrap sample holds 75 % as many rows as those classes have.
    * When the number of features is not a multiple of ``group_size`` the last group is
      smaller (features are never repeated, so every rotation is orthogonal).
    * All principal axes are kept, including those of zero variance (a constant
      attribute in the sample), so no information is discarded.
    * ``sample_weight`` goes to every member; the PCA samples draw rows with probability
      proportional to weight, but their size counts rows, so integer weights are not
      exactly repeated rows (``check_sample_weight_equivalence_on_dense_data`` is an
      expected failure for that reason).
    """

    _expected_failed_checks = {
        "check_sample_weight_equivalence_on_dense_data": (
            "the size of each PCA bootstrap sample counts rows, not weights"
        ),
    }

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict"]), str, None],
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "group_size": [Interval(Integral, 1, None, closed="left")],
        "sample_fraction": [Interval(Real, 0.0, 1.0, closed="right")],
        "n_jobs": [Integral, None],
        "random_state": ["random_state"],
    }

    def __init__(
        self,
        estimator=None,
        *,
        n_estimators=10,
        group_size=3,
        sample_fraction=0.75,
        n_jobs=None,
        random_state=None,
    ):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.group_size = group_size
        self.sample_fraction = sample_fraction
        self.n_jobs = n_jobs
        self.random_state = random_state

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y, sample_weight=None):
        """Build the rotated members.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data (nominal DataFrame columns and NaN accepted).
        y : array-like of shape (n_samples,)
            Class labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Passed to every member; rows of zero weight are never drawn for a PCA.

        Returns
        -------
        self : RotationForestClassifier
        """
        require_y(self, y)
        X, y = validate_mixed_data(self, X, y, reset=True, allow_nan=True)
        self.classes_, y_codes = np.unique(y, return_inverse=True)
        sample_weight = validated_weights(sample_weight, X)
        weights = np.ones(X.shape[0]) if sample_weight is None else sample_weight
        base = resolve_estimator(self.estimator)
        self.encoder_ = MixedEncoder(scale="standard").fit(safe_rows(X, weights > 0))
        Z = self.encoder_.transform(X)
        seeds = member_seeds(self.random_state, self.n_estimators)
        fitted = Parallel(n_jobs=self.n_jobs, prefer="threads")(
            delayed(_fit_member)(
                base, Z, y, sample_weight, y_codes, weights, seed,
                self.group_size, self.sample_fraction,
            )
            for seed in seeds
        )  # fmt: skip
        self.estimators_ = [m for m, _, _ in fitted]
        self.rotations_ = [R for _, R, _ in fitted]
        self.feature_groups_ = [g for _, _, g in fitted]
        return self

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
        total = 0.0
        for member, rotated in self._member_views(X):
            total = total + _member_proba(member, rotated, self.classes_)
        return total / len(self.estimators_)

    def _member_views(self, X):
        """Each member with the encoded ``X`` rotated by its own matrix."""
        X = validate_mixed_data(self, X, reset=False, allow_nan=True)
        Z = self.encoder_.transform(X)
        return ((member, Z @ R) for member, R in zip(self.estimators_, self.rotations_))

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


def _member_proba(member, X, classes):
    """A member's probabilities on ``classes`` (a one-hot vote if it has none)."""
    if hasattr(member, "predict_proba"):
        return align_proba(member.predict_proba(X), member.classes_, classes)
    votes = np.zeros((X.shape[0], classes.shape[0]))
    votes[np.arange(X.shape[0]), np.searchsorted(classes, member.predict(X))] = 1.0
    return votes
