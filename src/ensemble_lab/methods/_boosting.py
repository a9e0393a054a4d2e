"""Boosting with the three weight-update rules of Kuncheva & Whitaker (2002).

``_BaseBoosting`` owns what every boosting variant of the package shares: validation,
the round loop (:func:`_boost`: fit a member on the current distribution, measure its
weighted error, update or reset the distribution), the ``ln β`` vote, staged
predictions and the per-stage error/Q curves. A variant does not override the loop: it
chooses a :class:`~ensemble_lab.methods._boosting_policy.BoostingPolicy` in its one
hook, ``_policy`` (the update exponent ξ, which errors are accepted, what a reset
draws and when, how members see the weights and how their error is read).

The module also registers the papers' table names built on :class:`BoostingClassifier`:
paper 002's "Aggressive", "Conservative" and "Inverse", paper 001's AdaBoost.M1 hosts
without the oracle, and paper 000's one-vs-one "AdaBoost-3/10/50".
"""

from __future__ import annotations

from abc import abstractmethod
from numbers import Integral
from typing import NamedTuple

import numpy as np
from joblib import Parallel, delayed
from sklearn.base import clone
from sklearn.dummy import DummyClassifier

from .._members import accepts_weights, fit_weighted
from ..base import (
    require_y,
    safe_rows,
)
from ..diversity import oracle_outputs, pairwise_matrix
from ..encoding import (
    EncodedData,
    EncodedLearner,
    EncodedPredictor,
    TestData,
    class_codes,
    fit_mixed_codes,
)
from ..learners import weka_argmax
from ..utils import HasMethods, Interval, StrOptions, draw_seeds, fit_context, seed_random_states
from ._boosting_policy import (
    ADABOOST_ACCEPTANCE,
    XI,
    Acceptance,
    BoostingPolicy,
    Outcome,
    Training,
    member_codes,
    mode_sampler,
)
from ._ensemble import Ensemble

__all__ = ["BoostingClassifier", "StageCurves"]


class StageCurves(NamedTuple):
    """Error and diversity of the first k members, k = 1 .. n_members."""

    error: np.ndarray
    """Misclassification rate of the weighted vote of the first k members."""
    q: np.ndarray
    """Mean pairwise Q statistic of the first k members (1.0 for k = 1)."""


def staged_mean_pairwise(matrix: np.ndarray) -> np.ndarray:
    """Mean of ``matrix[i, j]`` over ``i < j < k`` for every prefix size ``k``.

    NaN entries (undefined pairs) are left out; a single member gets 1.0, the value of
    Q (and ρ, κ) of a classifier with itself, so that curves start where the paper's do
    ("all ensembles started from Q = 1").
    """
    n = matrix.shape[0]
    upper = np.triu(np.ones((n, n), dtype=bool), k=1)
    defined = upper & ~np.isnan(matrix)
    sums = np.cumsum(np.where(defined, matrix, 0.0).sum(axis=0))
    counts = np.cumsum(defined.sum(axis=0))
    out = np.full(n, np.nan)
    np.divide(sums, counts, out=out, where=counts > 0)
    out[0] = 1.0
    return out


def _boosting_data(X, y_codes, classes, weka_labels) -> EncodedData:
    """The training data encoded once for members that take it (J48, the oracle).

    Members learn class indices (positions in the sorted ``classes``), numbered in
    Weka's order of the classes (a categorical ``y``'s declared categories), which is
    the order J48 breaks ties in.
    """
    mixed = fit_mixed_codes(X)
    order = np.searchsorted(classes, weka_labels).clip(0, classes.shape[0] - 1)
    position = {label: k for k, label in enumerate(weka_labels.tolist())}
    weka_codes = np.array([position[c] for c in classes.tolist()], dtype=np.int32)[y_codes]
    return EncodedData(
        mixed.matrix(X), mixed.n_values, weka_codes, order, np.ones(X.shape[0]), mixed, X
    )


def _predicted_and_evaluated(member, test, X) -> tuple[np.ndarray, np.ndarray]:
    """Class indices a member predicts, and those Weka's ``Evaluation`` reads (-1: none).

    ``Evaluation`` takes the first class of strictly largest probability above 0 in
    ``distributionForInstance``, not ``classifyInstance`` (where J48 keeps the first of
    classes within 1e-6 of the largest). Both come from one distribution; members
    without a Weka distribution are read through ``predict`` for both.
    """
    if test is None or not isinstance(member, EncodedPredictor):
        pred = member_codes(member, test, X)
        return pred, pred
    dist = np.ascontiguousarray(member._encoded_distribution(test))
    classes = np.asarray(member.weka_classes_)
    best = np.argmax(dist, axis=1)
    evaluated = np.where(dist[np.arange(dist.shape[0]), best] > 0, classes[best], -1)
    return classes[weka_argmax(dist)].astype(np.intp), evaluated.astype(np.intp)


class _Boosted:
    """What the boosting loop has built: members with their votes, and its history."""

    def __init__(self) -> None:
        self.members: list = []
        self.alphas: list[float] = []
        self.errors: list[float] = []
        self.votes: list[np.ndarray] = []
        self.history: list[np.ndarray] = []
        self.resets: list[tuple[int, str]] = []
        self.first: tuple | None = None  # the first member fitted, and its predictions
        self.n_attempts = 0

    def add(self, member, alpha: float, error: float, pred: np.ndarray) -> None:
        self.members.append(member)
        self.alphas.append(alpha)
        self.errors.append(error)
        self.votes.append(pred)


def _fit_sample(member, training: Training, rows: np.ndarray):
    """Fit ``member`` (cloned and seeded) on the rows ``rows`` of the training data.

    ``rows`` may repeat: a weighted bootstrap sample.
    """
    y_sample = training.y_codes[rows]
    if np.unique(y_sample).shape[0] < 2:
        # A distribution concentrated on one class: many learners refuse a single
        # class, and the member it would give is this constant anyway.
        member = DummyClassifier(strategy="most_frequent")
    data = training.encoded
    if data is not None and not isinstance(member, DummyClassifier):
        return member._fit_encoded(data, rows, np.ones(training.y_codes.shape[0]))
    return member.fit(safe_rows(training.X, rows), y_sample)


def _fit_member(base, seed, training: Training, weights: np.ndarray, rows):
    """A member fitted on ``rows`` of the training data, or on all rows with ``weights``."""
    member = seed_random_states(clone(base), seed)
    if rows is not None:
        return _fit_sample(member, training, rows)
    # Weights summing to n_samples, as Weka's reweighting passes them.
    scaled = weights * weights.shape[0]
    if training.encoded is not None:
        return member._fit_encoded(training.encoded, None, scaled)
    return fit_weighted(member, training.X, training.y_codes, scaled, policy="pass")


def _fit_scored(policy: BoostingPolicy, base, seed, training: Training, weights, rng):
    """A member fitted on ``weights``, its class indices on the training rows, its ε.

    A sampler that allows several draws (Weka's resampling) fits the member again on
    a new sample while its error reads as zero.
    """
    for _ in range(policy.sampler.draws):
        rows = policy.sampler.rows(weights, rng)
        member = _fit_member(base, seed, training, weights, rows)
        pred, error = policy.scoring(member, training, weights)
        if policy.acceptance.outcome(error) != "perfect":
            break
    return member, pred, error


def _accept(log: _Boosted, policy: BoostingPolicy, member, pred, error: float, correct, weights):
    """Add a member of error 0 < ε < 0.5 to the vote; return the next weights."""
    # ln β_k of Eq. (3) in log form: finite even for a denormal ε.
    alpha = 0.5 * (np.log1p(-error) - np.log(error))
    log.add(member, alpha, error, pred)
    # Eq. (4); β^ξ scaled by its largest value, which the normalisation
    # cancels, so that a tiny ε cannot overflow the weights.
    exponent = alpha * policy.xi(correct.astype(float))
    weights = weights * np.exp(exponent - exponent.max())
    return weights / weights.sum()


def _add_perfect(log: _Boosted, acceptance: Acceptance, member, pred) -> bool:
    """Deal with a member of zero error; True ends the fit.

    It is kept with the acceptance's ``perfect_vote``, or else dropped, unless it is
    the first member: then it is the whole ensemble.
    """
    if acceptance.perfect_vote is not None:
        log.add(member, acceptance.perfect_vote, 0.0, pred)
        return False
    if log.members:
        return False
    log.add(member, 1.0, 0.0, pred)
    return True


def _boost(
    policy: BoostingPolicy,
    training: Training,
    base,
    initial: np.ndarray,
    seeds: np.ndarray,
    n_estimators: int,
    store_weights: bool,
) -> _Boosted:
    """The boosting loop: at most ``len(seeds)`` fits, one seed each, towards ``n_estimators``.

    Starts from the distribution ``initial``; ``policy`` says how each member is fitted
    and scored, which members vote, how the weights are updated and when reset.
    """
    schedule, acceptance = policy.resets.schedule, policy.acceptance
    weights = initial.copy()
    log = _Boosted()
    failures_in_row = attempt = 0
    checked_slot = -1
    while len(log.members) < n_estimators and attempt < seeds.shape[0]:
        rng = np.random.default_rng(seeds[attempt])
        if checked_slot < len(log.members):
            checked_slot = len(log.members)
            if schedule.reset_due(checked_slot + 1):
                weights = policy.resets.draw(initial, rng)
                log.resets.append((attempt, "boundary"))
        if store_weights:
            log.history.append(weights.copy())
        member, pred, error = _fit_scored(policy, base, seeds[attempt], training, weights, rng)
        correct = pred == training.y_codes
        attempt += 1
        log.first = log.first or (member, pred)
        outcome = acceptance.outcome(error)
        if outcome == "accept":
            weights = _accept(log, policy, member, pred, error, correct, weights)
            failures_in_row = 0
            continue
        if outcome == "perfect" and _add_perfect(log, acceptance, member, pred):
            break
        failures_in_row += 1
        weights = policy.resets.draw(initial, rng)
        log.resets.append((attempt, "zero error" if outcome == "perfect" else "error >= 0.5"))
        schedule.advance()
        if acceptance.failures_to_stop and failures_in_row >= acceptance.failures_to_stop:
            break
    log.n_attempts = attempt
    return log


def _q_minimum(train_q: np.ndarray) -> int:
    """Members kept by early stopping: the k ≥ 2 where the training Q curve is lowest."""
    if train_q.shape[0] < 3:
        return train_q.shape[0]
    return int(np.nanargmin(train_q[1:])) + 2


class _BaseBoosting(Ensemble):
    """The boosting loop shared by :class:`BoostingClassifier` and MultiBoost.

    A subclass implements one hook, :meth:`_policy`, which chooses the variant's
    :class:`~ensemble_lab.methods._boosting_policy.BoostingPolicy` from its parameters,
    and declares its ``_acceptance`` (the errors a member may have).
    """

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict"]), str, None],
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "mode": [StrOptions({"resample", "reweight"})],
        "store_weights": ["boolean"],
        "random_state": ["random_state"],
    }

    _expected_failed_checks = {
        "check_sample_weight_equivalence_on_dense_data": (
            "boosting by resampling draws n_samples points from the weighted "
            "distribution (and wagging draws one random weight per row), so a row "
            "repeated twice is not the same as weight 2"
        ),
    }

    #: Which members the vote takes and what the others do (the same for every fit).
    _acceptance: Acceptance = ADABOOST_ACCEPTANCE

    @abstractmethod
    def _policy(self) -> BoostingPolicy:
        """The variant's policy for one fit (parts with their own generators are fresh)."""

    @classmethod
    def _outcome(cls, error: float) -> Outcome:
        """What a member of weighted error ``error`` does in this variant."""
        return cls._acceptance.outcome(error)

    def _member_labels(self, index: int, predicted: np.ndarray) -> np.ndarray:
        return self.classes_[predicted.astype(np.intp)]  # members learn class indices

    # ---------------------------------------------------------------- fit
    @fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y, sample_weight=None):
        """Build the boosted ensemble from the training set (X, y).

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training samples; a DataFrame may hold nominal (``category``/``object``)
            columns and NaN, which are passed to the base learner untouched.
        y : array-like of shape (n_samples,)
            Class labels (any hashable).
        sample_weight : array-like of shape (n_samples,), default=None
            Initial distribution W_1 (normalised); uniform if None. Resets return to it.

        Returns
        -------
        self : object
        """
        require_y(self, y)
        weka_labels, _ = class_codes(y)
        X, y_codes, sample_weight = self._training_data(X, y, sample_weight, min_classes=2)
        initial = np.ones(y_codes.shape[0]) if sample_weight is None else sample_weight
        initial = initial / initial.sum()
        base = self._validate_estimator()
        if self.mode == "reweight" and not accepts_weights(base):
            raise ValueError(
                f"mode='reweight' needs a base estimator whose fit accepts sample_weight; "
                f"{type(base).__name__} does not. Use mode='resample'."
            )
        encoded = None
        if isinstance(base, EncodedLearner):
            encoded = _boosting_data(X, y_codes, self.classes_, weka_labels)
        view = None if encoded is None else TestData(encoded.X, X)
        policy = self._policy()  # before the seeds: its generators may draw from a RandomState
        seeds = draw_seeds(self.random_state, 2 * self.n_estimators)
        training = Training(X, y_codes, encoded, view)
        log = _boost(policy, training, base, initial, seeds, self.n_estimators, self.store_weights)
        self._set_fitted(log, policy)
        votes = np.column_stack(log.votes)  # on the training rows, every member of the log
        self.train_error_ = self._staged_errors(votes, y_codes)
        oracle = votes == y_codes[:, None]
        self.train_q_ = staged_mean_pairwise(pairwise_matrix("q_statistic", oracle))
        keep = _q_minimum(self.train_q_) if policy.early_stopping else len(self.estimators_)
        self.estimators_ = self.estimators_[:keep]
        self.estimator_weights_ = self.estimator_weights_[:keep]
        self.estimator_errors_ = self.estimator_errors_[:keep]
        self._codes = None if encoded is None else encoded.codes
        return self

    def _set_fitted(self, log: _Boosted, policy: BoostingPolicy) -> None:
        """Set the fitted attributes from the loop's log."""
        if not log.members:
            assert log.first is not None  # n_estimators >= 1: one attempt at least
            # Every attempt failed: as Weka's AdaBoostM1, the first member is the ensemble.
            log.add(log.first[0], 1.0, np.nan, log.first[1])
        self.estimators_ = log.members
        self.estimator_weights_ = np.asarray(log.alphas, dtype=float)
        self.estimator_errors_ = np.asarray(log.errors, dtype=float)
        self.n_attempts_ = log.n_attempts
        self.weight_resets_ = log.resets
        if self.store_weights:
            self.sample_weights_history_ = np.asarray(log.history)
        boundaries = policy.resets.schedule.boundaries
        if boundaries is not None:
            self.subcommittee_boundaries_ = boundaries

    # ---------------------------------------------------------------- predict
    def _member_votes(self, X) -> np.ndarray:
        """``(n_samples, n_members)`` class indices predicted by each member."""
        X = self._test_input(X)
        codes = getattr(self, "_codes", None)
        if codes is not None:  # members of the encoded data: encode X once for all
            test = TestData(codes.matrix(X), X)
            return np.column_stack([member_codes(m, test, X) for m in self.estimators_]).astype(
                np.intp
            )
        n_jobs = getattr(self, "n_jobs", None)
        if n_jobs in (None, 1) or len(self.estimators_) == 1:
            preds = [m.predict(X) for m in self.estimators_]
        else:
            # Threads: members' predict mostly runs in NumPy/Cython with the GIL released,
            # and no process start-up or copy of X is paid.
            jobs = (delayed(m.predict)(X) for m in self.estimators_)
            preds = Parallel(n_jobs=n_jobs, prefer="threads")(jobs)
        return np.column_stack(preds).astype(np.intp)

    def _support(self, votes: np.ndarray) -> np.ndarray:
        """Eq. (5): μ_t(x) = Σ_{k: D_k(x) = ω_t} ln β_k, for every class."""
        n_samples, n_members = votes.shape
        n_classes = self.classes_.shape[0]
        flat = (votes + n_classes * np.arange(n_samples)[:, None]).ravel()
        weights = np.broadcast_to(self.estimator_weights_[:n_members], votes.shape).ravel()
        counts = np.bincount(flat, weights=weights, minlength=n_samples * n_classes)
        return counts.reshape(n_samples, n_classes)

    def _staged_support(self, votes: np.ndarray):
        n_samples = votes.shape[0]
        support = np.zeros((n_samples, self.classes_.shape[0]))
        rows = np.arange(n_samples)
        total = 0.0
        for k, alpha in enumerate(self.estimator_weights_[: votes.shape[1]]):
            support[rows, votes[:, k]] += alpha
            total += alpha
            yield support / total

    def _staged_errors(self, votes: np.ndarray, y_codes: np.ndarray) -> np.ndarray:
        return np.array([np.mean(s.argmax(axis=1) != y_codes) for s in self._staged_support(votes)])

    @staticmethod
    def _as_decision(proba: np.ndarray) -> np.ndarray:
        return proba[:, 1] - proba[:, 0] if proba.shape[1] == 2 else proba

    def predict_proba(self, X):
        """Share of the ``ln β`` vote each class receives.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
            Rows sum to one; columns follow ``classes_``.
        """
        support = self._support(self._member_votes(X))
        return support / self.estimator_weights_.sum()

    def decision_function(self, X):
        """Weighted vote share; for two classes, share of ``classes_[1]`` minus ``classes_[0]``.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,) or (n_samples, n_classes)
        """
        return self._as_decision(self.predict_proba(X))

    def predict(self, X):
        """Class with the largest ``ln β`` support (Eq. 5); ties go to the first class.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        support = self._support(self._member_votes(X))
        return self.classes_[support.argmax(axis=1)]

    def staged_predict_proba(self, X):
        """``predict_proba`` of the first k members, for k = 1 .. n_members.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Yields
        ------
        ndarray of shape (n_samples, n_classes)
        """
        for support in self._staged_support(self._member_votes(X)):
            yield support.copy()

    def staged_decision_function(self, X):
        """``decision_function`` of the first k members, for k = 1 .. n_members.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Yields
        ------
        ndarray of shape (n_samples,) or (n_samples, n_classes)
        """
        for proba in self.staged_predict_proba(X):
            yield self._as_decision(proba)

    def staged_predict(self, X):
        """``predict`` of the first k members, for k = 1 .. n_members.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Yields
        ------
        ndarray of shape (n_samples,)
        """
        for support in self._staged_support(self._member_votes(X)):
            yield self.classes_[support.argmax(axis=1)]

    def staged_score(self, X, y, sample_weight=None):
        """Accuracy of the first k members, for k = 1 .. n_members.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None

        Yields
        ------
        float
        """
        y = np.asarray(y)
        for pred in self.staged_predict(X):
            yield float(np.average(pred == y, weights=sample_weight))

    def stage_curves(self, X, y) -> StageCurves:
        """Error and mean pairwise Q of the first k members on (X, y), for every k.

        With ``train_error_`` and ``train_q_`` this gives the four curves of Figure 2
        of Kuncheva & Whitaker (2002) from one fit.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
        y : array-like of shape (n_samples,)

        Returns
        -------
        StageCurves
            ``error`` and ``q``, each of shape (n_members,).
        """
        votes = self._member_votes(X)
        y = np.asarray(y)
        predicted = self.classes_[votes]
        oracle = oracle_outputs(y=y, member_predictions=predicted)
        q = staged_mean_pairwise(pairwise_matrix("q_statistic", oracle))
        error = np.array(
            [np.mean(self.classes_[s.argmax(axis=1)] != y) for s in self._staged_support(votes)]
        )
        return StageCurves(error=error, q=q)


class BoostingClassifier(_BaseBoosting):
    """AdaBoost with the aggressive, conservative or inverse weight update.

    The algorithm of Fig. 1 in Kuncheva & Whitaker (2002): start from uniform weights
    W_1; in round k fit a member D_k on a weighted bootstrap sample (or with sample
    weights), compute its weighted training error ε_k and β_k = √((1 − ε_k)/ε_k), update
    W_{k+1}(i) ∝ W_k(i)·β_k^ξ(y_ik) (y_ik = 1 if D_k is right on sample i) and combine
    the members by a vote weighted with ln β_k. ``update="aggressive"`` is AdaBoost.M1.

    Parameters
    ----------
    estimator : estimator, str or None, default=None
        Base learner (cloned), a preset name of :func:`ensemble_lab.learners.make_learner`,
        or None for the ``"j48"`` preset.
    n_estimators : int, default=50
        Number of members L to build.
    update : {"aggressive", "conservative", "inverse"}, default="aggressive"
        ξ(y) = 1 − 2y (raise the weights of errors and lower the others), 1 − y (raise
        the errors only) or y − 1 (lower the errors: "inverse" boosting).
    mode : {"resample", "reweight"}, default="resample"
        Train each member on a weighted bootstrap sample of size n_samples (the paper),
        or on the full data with ``sample_weight`` (the base learner must accept it).
    early_stopping : bool, default=False
        Keep only the first k members, where k minimises the training Q curve
        (``train_q_``) over k ≥ 2 — the stopping point the paper suggests.
    store_weights : bool, default=False
        Keep the distribution of every attempt in ``sample_weights_history_``
        (n_attempts × n_samples floats).
    random_state : int, RandomState or None, default=None
        Seeds the bootstrap samples and the base learners (one seed per round, drawn
        once in ``fit``).
    n_jobs : int or None, default=None
        Parallel jobs for the members' predictions (fitting is sequential).

    Attributes
    ----------
    estimator_ : estimator
        The unfitted base learner the members are cloned from: ``estimator`` itself, the
        preset it names, or the preset ``"j48"`` when it is None.
    estimators_ : list of estimators
        The members that vote.
    estimator_weights_ : ndarray of shape (n_members,)
        Their vote weights ln β_k.
    estimator_errors_ : ndarray of shape (n_members,)
        Their weighted training errors ε_k.
    n_attempts_ : int
        Members fitted, including those left out of the vote.
    weight_resets_ : list of (int, str)
        ``(attempt index, reason)`` of every reset of the weights to W_1 after a failed
        round (the attempt index is that of the next attempt).
    train_error_ : ndarray of shape (n_rounds,)
        Training error of the vote of the first k members (before early stopping).
    train_q_ : ndarray of shape (n_rounds,)
        Mean pairwise Q of the first k members on the training data (1.0 for k = 1).
    sample_weights_history_ : ndarray of shape (n_attempts, n_samples)
        Only with ``store_weights=True``.
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        Only when X had string column names.

    Notes
    -----
    Our reading of the paper's degenerate rounds (its Fig. 1 resets the weights to
    uniform when ε_k = 0 or ε_k ≥ 0.5 and leaves β_k undefined):

    * a member with ε_k ≥ 0.5, or ε_k = 0, is **not added to the vote**; the weights are
      reset to W_1 and the next round starts. Every attempt counts towards a budget of
      2·``n_estimators`` fits, and two failed rounds in a row (the second one on freshly
      reset weights, where the base learner cannot do better than chance) end the fit,
      so the ensemble may have fewer than ``n_estimators`` members;
    * if the very first member has ε = 0 it is perfect on the training data, and the
      weights cannot be updated: it becomes the whole ensemble (vote weight 1) and the
      fit stops — what Weka's AdaBoostM1 does;
    * if no attempt gives 0 < ε < 0.5, the first member alone is the ensemble.

    As in AdaBoost.M1, every member must reach a weighted error below 0.5 also with
    many classes (scikit-learn's SAMME only asks for less than 1 − 1/n_classes): a weak
    base learner on a many-class task may therefore stop after a member or two.

    Members are trained on the class indices ``0 .. n_classes − 1``. ``predict_proba``
    is the share of the ``ln β`` vote each class gets (a vote share, not a calibrated
    probability).

    NaN in ``X`` is passed on to the base learner (the default j48 takes it).
    scikit-learn check expected to fail (``_expected_failed_checks``):
    ``check_sample_weight_equivalence_on_dense_data`` (resampling draws n_samples
    points, so a repeated row is not weight 2).

    References
    ----------
    L. I. Kuncheva and C. J. Whitaker. Using diversity with three variants of
    boosting: aggressive, conservative, and inverse. In *Multiple Classifier Systems
    (MCS 2002)*, volume 2364 of *Lecture Notes in Computer Science*, pages 81–90.
    Springer, 2002.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> X, y = load_iris(return_X_y=True)
    >>> clf = BoostingClassifier(DecisionTreeClassifier(max_depth=1), 10,
    ...                          update="conservative", random_state=0).fit(X, y)
    >>> len(clf.estimators_), clf.train_q_.shape
    (10, (10,))
    """

    _parameter_constraints: dict = {
        **_BaseBoosting._parameter_constraints,
        "update": [StrOptions(set(XI))],
        "early_stopping": ["boolean"],
        "n_jobs": [None, Integral],
    }

    def __init__(
        self,
        estimator=None,
        n_estimators=50,
        *,
        update="aggressive",
        mode="resample",
        early_stopping=False,
        store_weights=False,
        random_state=None,
        n_jobs=None,
    ):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.update = update
        self.mode = mode
        self.early_stopping = early_stopping
        self.store_weights = store_weights
        self.random_state = random_state
        self.n_jobs = n_jobs

    def _policy(self):
        return BoostingPolicy(
            XI[self.update],
            self._acceptance,
            sampler=mode_sampler(self.mode),
            early_stopping=self.early_stopping,
        )
