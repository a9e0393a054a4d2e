"""Biasing strategies for Triskel: how to make a learner predict one class less often.

Triskel trains, in each round, a classifier h⁺ with **high precision on +1** (it predicts
+1 *less* often than the unbiased learner h) and a classifier h⁻ with high precision on
−1. A biasing strategy is a small object that builds such classifiers from a base learner;
like imbalanced-learn's samplers, the resampling strategies expose ``fit_resample``.

Every strategy reads ``bias`` the same way, as a number in [0, 1]: 0 is no bias (the
classifier is h), larger values make the classifier predict the class it is biased
against ever more rarely. ``bias`` may be a pair ``(bias_plus, bias_minus)`` for an
asymmetric ensemble, or ``"auto"`` to let Triskel choose the pair from the training-set
bias curves (see :func:`ensemble_lab.methods._triskel_roc.best_bias_pair`).

All strategies work on a binary problem coded as y ∈ {−1, +1}; ``target`` names the
class whose prediction is made rarer (h⁺ has ``target=+1``).
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from numbers import Real

import numpy as np
from sklearn.base import clone

from .._members import ConstantClassifier, fit_weighted
from ..base import nominal_columns, safe_rows
from ..utils import (
    Estimator,
    Interval,
    StrOptions,
    draw_seed,
    draw_seeds,
    optional_import,
    seed_random_states,
)

__all__ = [
    "BiasingStrategy",
    "Oversample",
    "Threshold",
    "ThresholdedClassifier",
    "Undersample",
    "fit_on_sample",
]

BiasPair = tuple[float, float]


# --------------------------------------------------------------------------- helpers
def fit_on_sample(estimator, X, y, sample_weight=None, *, random_state=None, rescale_weights=True):
    """Fit a clone of ``estimator`` on the weighted sample ``(X, y, sample_weight)``.

    Rows of weight zero are not part of the sample and are dropped. A learner that takes
    ``sample_weight`` (directly or as the last step of a Pipeline) gets the remaining
    weights rescaled to mean 1, so that a cost parameter such as an SVM's ``C`` keeps its
    meaning, or, with ``rescale_weights=False``, the weights as given (an SVM's cost of
    an instance is then ``C`` times its weight, as in Weka's SMO); any other learner gets
    the subset itself when the weights are uniform, and a weighted resample of the same
    size otherwise. A sample holding a single class gives a :class:`ConstantClassifier`.

    Parameters
    ----------
    estimator : classifier
        The unfitted base learner (cloned, never mutated).
    X : ndarray or DataFrame of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,)
    sample_weight : ndarray of shape (n_samples,) or None
    random_state : int or None
        Seed for the member's own ``random_state`` and for the weighted resample.
    rescale_weights : bool, default=True
        Rescale the weights to mean 1 before a learner that takes them sees them.

    Returns
    -------
    fitted classifier
    """
    rng = np.random.default_rng(random_state)
    member = seed_random_states(clone(estimator), draw_seed(rng))
    return fit_weighted(
        member, X, y, sample_weight, policy="sample", rng=rng, mean_one=rescale_weights
    )


class ThresholdedClassifier:
    """h with a moved cut-off: predicts +1 where ``score(x) > threshold``.

    ``score`` is ``decision_function`` (cut-off 0) or ``predict_proba[:, +1] − ½``, so
    ``threshold=0`` reproduces h's own rule.
    """

    def __init__(self, estimator, threshold: float):
        self.estimator = estimator
        self.threshold = threshold

    def predict(self, X):
        return np.where(margin_scores(self.estimator, X) > self.threshold, 1, -1)

    def __repr__(self) -> str:
        return f"ThresholdedClassifier({self.estimator!r}, threshold={self.threshold:.6g})"


def margin_scores(fitted, X) -> np.ndarray:
    """Score of class +1 whose sign is the unbiased prediction of a fitted ±1 learner."""
    if isinstance(fitted, ConstantClassifier):
        return np.full(X.shape[0], 1.0 if fitted.label == 1 else -1.0)
    if hasattr(fitted, "decision_function"):
        scores = np.asarray(fitted.decision_function(X), dtype=float)
        return scores if list(fitted.classes_) == [-1, 1] else -scores
    if hasattr(fitted, "predict_proba"):
        proba = fitted.predict_proba(X)
        return proba[:, list(fitted.classes_).index(1)] - 0.5
    raise ValueError(
        f"Threshold biasing needs decision_function or predict_proba; "
        f"{type(fitted).__name__} has neither. Use Undersample or Oversample instead."
    )


def _weighted_lower_quantile(values: np.ndarray, weights: np.ndarray, q: float) -> float:
    """Smallest value v with weight(values ≤ v) ≥ q · total weight."""
    order = np.argsort(values, kind="stable")
    cum = np.cumsum(weights[order])
    k = np.searchsorted(cum, q * cum[-1] * (1 - 1e-12), side="left")
    return float(values[order][min(k, values.size - 1)])


# --------------------------------------------------------------------------- strategies
class BiasingStrategy(Estimator, metaclass=ABCMeta):
    """Base of the biasing strategies: builds h⁺ and h⁻ from a base learner.

    Subclasses implement :meth:`fit_biased`; :meth:`fit_pair` and :meth:`fit_grid`
    have generic forms that subclasses may specialise (thresholding trains h once).

    Parameters
    ----------
    bias : float in [0, 1], pair of floats, or "auto"
        Strength of the bias; a pair gives ``(bias for h⁺, bias for h⁻)``.
    """

    _parameter_constraints: dict = {
        "bias": [Interval(Real, 0, 1, closed="both"), tuple, list, StrOptions({"auto"})],
    }
    _bias_upper_closed = True

    def __init__(self, bias=0.9):
        self.bias = bias

    def bias_pair(self) -> BiasPair | None:
        """``(bias for h⁺, bias for h⁻)``, or None for ``"auto"``; validates the values."""
        if isinstance(self.bias, str):
            if self.bias != "auto":
                raise ValueError(f"bias must be a number, a pair or 'auto'; got {self.bias!r}")
            return None
        pair = tuple(self.bias) if isinstance(self.bias, tuple | list) else (self.bias,) * 2
        if len(pair) != 2:
            raise ValueError(f"an asymmetric bias is a pair (bias_plus, bias_minus); got {pair}")
        for b in pair:
            too_big = b > 1 if self._bias_upper_closed else b >= 1
            if not isinstance(b, Real) or b < 0 or too_big:
                upper = "1]" if self._bias_upper_closed else "1)"
                raise ValueError(
                    f"bias of {type(self).__name__} must lie in [0, {upper}; got {self.bias!r}"
                )
        return float(pair[0]), float(pair[1])

    @abstractmethod
    def fit_biased(
        self,
        estimator,
        X,
        y,
        sample_weight=None,
        *,
        target,
        bias,
        random_state=None,
        rescale_weights=True,
    ):
        """Fit a classifier that predicts ``target`` less often, by ``bias``.

        Parameters
        ----------
        estimator : classifier
            Unfitted base learner (cloned).
        X : ndarray or DataFrame of shape (n_samples, n_features)
        y : ndarray of shape (n_samples,) with values in {−1, +1}
        sample_weight : ndarray of shape (n_samples,) or None
        target : {−1, +1}
            The class the classifier gets high precision on.
        bias : float
        random_state : int or None
        rescale_weights : bool, default=True
            Whether the learner gets the weights rescaled to mean 1 or as given (see
            :func:`fit_on_sample`).

        Returns
        -------
        fitted classifier predicting in {−1, +1}
        """

    def fit_pair(
        self,
        estimator,
        X,
        y,
        sample_weight=None,
        *,
        bias_pair,
        random_state=None,
        rescale_weights=True,
    ):
        """Fit ``(h⁺, h⁻)`` with biases ``bias_pair``; independent seeds for each."""
        seeds = draw_seeds(np.random.default_rng(random_state), 2)
        return tuple(
            self.fit_biased(
                estimator,
                X,
                y,
                sample_weight,
                target=t,
                bias=b,
                random_state=int(s),
                rescale_weights=rescale_weights,
            )
            for t, b, s in zip((1, -1), bias_pair, seeds)
        )

    def fit_grid(
        self,
        estimator,
        X,
        y,
        sample_weight=None,
        *,
        target,
        biases,
        random_state=None,
        rescale_weights=True,
    ):
        """One biased classifier per value of ``biases`` (for bias curves)."""
        seeds = draw_seeds(np.random.default_rng(random_state), len(biases))
        return [
            self.fit_biased(
                estimator,
                X,
                y,
                sample_weight,
                target=target,
                bias=b,
                random_state=int(s),
                rescale_weights=rescale_weights,
            )
            for b, s in zip(biases, seeds)
        ]


class _Resampler(BiasingStrategy):
    """A strategy that changes the class balance of the sample and refits the learner."""

    def fit_resample(self, X, y, sample_weight=None, *, target, bias=None, random_state=None):
        """Resample so that a learner trained on the result predicts ``target`` less often.

        Parameters
        ----------
        X : ndarray or DataFrame of shape (n_samples, n_features)
        y : ndarray of shape (n_samples,) with values in {−1, +1}
        sample_weight : ndarray of shape (n_samples,) or None
            Rows of weight zero are not part of the sample and are dropped first.
        target : {−1, +1}
        bias : float, default=None
            The bias for this call; None takes ``self.bias`` (h⁺'s value of a pair).
        random_state : int or None

        Returns
        -------
        X_res, y_res, sample_weight_res
        """
        if bias is None:
            pair = self.bias_pair()
            if pair is None:
                raise ValueError("fit_resample needs an explicit bias when bias='auto'")
            bias = pair[0] if target == 1 else pair[1]
        y = np.asarray(y)
        w = np.ones(y.size) if sample_weight is None else np.asarray(sample_weight, float)
        keep = w > 0
        if not keep.all():
            X, y, w = safe_rows(X, keep), y[keep], w[keep]
        return self._resample(X, y, w, target, bias, np.random.default_rng(random_state))

    def fit_biased(
        self,
        estimator,
        X,
        y,
        sample_weight=None,
        *,
        target,
        bias,
        random_state=None,
        rescale_weights=True,
    ):
        rng = np.random.default_rng(random_state)
        seeds = draw_seeds(rng, 2)
        Xr, yr, wr = self.fit_resample(
            X, y, sample_weight, target=target, bias=bias, random_state=int(seeds[0])
        )
        return fit_on_sample(
            estimator, Xr, yr, wr, random_state=int(seeds[1]), rescale_weights=rescale_weights
        )


class Undersample(_Resampler):
    """Bias by keeping only a fraction ``1 − bias`` of the instances of one class.

    To make h⁺ predict +1 less often, a random ``1 − bias`` of the +1 instances is kept
    (at least one while ``bias < 1``); h⁻ likewise drops −1 instances. ``bias=0.9`` (the
    paper's setting) keeps 10 % of them; ``bias=1`` discards them all, and the learner
    then always predicts the other class.

    Parameters
    ----------
    bias : float in [0, 1], pair of floats, or "auto", default=0.9
    draw : {"uniform", "weighted"}, default="uniform"
        How the kept instances are chosen. ``"uniform"``: without replacement, all
        equally likely, each keeping its weight. ``"weighted"``: with replacement, in
        proportion to their weights, each copy weighing the class's mean weight (so
        that, as with ``"uniform"``, the kept part weighs ``1 − bias`` of the class).

    Notes
    -----
    Instances of zero weight are dropped first; the draw depends only on
    ``random_state``.

    Reading of the paper (Algorithm 1: "h⁺_t = Learn with weights D_{t−1}, biased to
    class +1"; §3.2: undersampling with bias 0.9): the learner sees the distribution
    D_{t−1} with the undersampled class thinned. Drawing the kept tenth uniformly and
    keeping the rows' weights is an unbiased sample of D_{t−1} restricted to that class,
    scaled by ``1 − bias``; the other class is kept whole, with its weights. So a hard
    instance (heavy after soft covering) always weighs in on the member biased against
    the *other* class, and on the undersampled side whenever it is drawn. The paper
    does not say how its undersampling met the weights; drawing the kept rows in
    proportion to D (and giving them equal weights) is the other unbiased reading —
    the paper's text does not decide between them; ``draw="weighted"`` is that one.
    """

    _parameter_constraints: dict = {
        **BiasingStrategy._parameter_constraints,
        "draw": [StrOptions({"uniform", "weighted"})],
    }

    def __init__(self, bias=0.9, *, draw="uniform"):
        super().__init__(bias)
        self.draw = draw

    def _resample(self, X, y, w, target, bias, rng):
        rows = np.flatnonzero(y == target)
        n_keep = round((1.0 - bias) * rows.size)
        if bias < 1 and rows.size:
            n_keep = max(n_keep, 1)
        if self.draw not in ("uniform", "weighted"):
            raise ValueError(f"draw must be 'uniform' or 'weighted'; got {self.draw!r}")
        if self.draw == "weighted":
            drawn = rng.choice(rows, size=n_keep, replace=True, p=w[rows] / w[rows].sum())
            index = np.sort(np.concatenate([np.flatnonzero(y != target), drawn]))
            weight = np.where(y[index] == target, w[rows].mean() if rows.size else 0.0, w[index])
            return safe_rows(X, index), y[index], weight
        dropped = rng.choice(rows, size=rows.size - n_keep, replace=False)
        keep = np.ones(y.size, dtype=bool)
        keep[dropped] = False
        return safe_rows(X, keep), y[keep], w[keep]


class Oversample(_Resampler):
    """Bias by adding instances of the other class, randomly or with SMOTE.

    To make h⁺ predict +1 less often, −1 instances are added until the −1 class is
    ``1 / (1 − bias)`` times its size — the class ratio that :class:`Undersample` with the
    same ``bias`` reaches by removing +1 instances, so both read ``bias`` alike.

    Parameters
    ----------
    bias : float in [0, 1), pair of floats, or "auto", default=0.5
    method : {"random", "smote"}, default="random"
        ``"random"`` duplicates instances drawn with replacement; ``"smote"`` interpolates
        new ones with imbalanced-learn's SMOTE (SMOTENC when X has nominal columns).
    k_neighbors : int, default=5
        Neighbours of SMOTE (reduced when the class is smaller).

    Notes
    -----
    Added instances carry the mean weight of their class. SMOTE cannot take missing
    values; impute them first. SMOTE interpolates between an instance and its
    neighbours of the same class; a class of a single instance has none, so it is grown
    by copies of that instance (what SMOTE's interpolation degenerates to), where
    imbalanced-learn would raise. This happens inside ensembles on small classes, e.g.
    in one-vs-one Triskel on audiology.
    """

    _parameter_constraints: dict = {
        "bias": [Interval(Real, 0, 1, closed="left"), tuple, list, StrOptions({"auto"})],
        "method": [StrOptions({"random", "smote"})],
        "k_neighbors": [Interval(Real, 1, None, closed="left")],
    }
    _bias_upper_closed = False

    def __init__(self, bias=0.5, method="random", k_neighbors=5):
        self.bias = bias
        self.method = method
        self.k_neighbors = k_neighbors

    def _resample(self, X, y, w, target, bias, rng):
        grown = -target
        rows = np.flatnonzero(y == grown)
        n_new = round(rows.size * bias / (1.0 - bias))
        if n_new == 0 or rows.size == 0:
            return X, y, w
        w_new = np.full(n_new, w[rows].mean())
        if self.method == "random":
            idx = np.concatenate([np.arange(y.size), rng.choice(rows, size=n_new)])
            return safe_rows(X, idx), y[idx], np.concatenate([w, w_new])
        return self._smote(X, y, w, grown, n_new, w_new, rng)

    def _smote(self, X, y, w, grown, n_new, w_new, rng):
        over_sampling = optional_import(
            "imblearn.over_sampling", feature="SMOTE oversampling", package="imbalanced-learn"
        )
        SMOTE, SMOTENC = over_sampling.SMOTE, over_sampling.SMOTENC

        n_class = int(np.sum(y == grown))
        if n_class == 1:
            idx = np.concatenate([np.arange(y.size), np.repeat(np.flatnonzero(y == grown), n_new)])
            return safe_rows(X, idx), y[idx], np.concatenate([w, w_new])
        nominal = nominal_columns(X)
        k = min(int(self.k_neighbors), n_class - 1)
        params = {
            "sampling_strategy": {grown: n_class + n_new, -grown: int(np.sum(y == -grown))},
            "k_neighbors": k,
            "random_state": draw_seed(rng),
        }
        sampler = SMOTENC(nominal, **params) if nominal.any() else SMOTE(**params)
        if np.any(np.asarray(X.isna() if hasattr(X, "isna") else np.isnan(X))):
            raise ValueError("SMOTE cannot take missing values; impute them first")
        Xr, yr = sampler.fit_resample(X, y)
        return Xr, np.asarray(yr), np.concatenate([w, w_new])


class Threshold(BiasingStrategy):
    """Bias by moving the cut-off of h's score (train once, threshold twice).

    h is trained once; h⁺ predicts +1 only where the score exceeds a raised cut-off,
    chosen so that h⁺ stops predicting +1 on a fraction ``bias`` (by weight) of the
    training instances h predicts as +1 — the lowest-scoring ones. h⁻ lowers the cut-off
    symmetrically. ``bias=0`` gives h, ``bias=1`` a classifier that never predicts the
    class. The scores are ``decision_function`` or, failing that, ``predict_proba``.

    Parameters
    ----------
    bias : float in [0, 1], pair of floats, or "auto", default=0.1

    Notes
    -----
    Since all three classifiers threshold one score, the paper's inclusion assumption
    {h⁺ = +1} ⊆ {h = +1} ⊆ {h⁻ = +1} holds exactly, on any data.
    """

    def __init__(self, bias=0.1):
        self.bias = bias

    @staticmethod
    def thresholds(scores, sample_weight, biases, *, target) -> np.ndarray:
        """Cut-offs of the biased classifiers for each of ``biases``.

        The classifier biased against ``target`` predicts +1 where ``score > cut-off``.
        """
        w = np.ones(scores.size) if sample_weight is None else np.asarray(sample_weight)
        biases = np.asarray(biases, dtype=float)
        out = np.zeros(biases.size)
        if target == 1:
            side = (scores > 0) & (w > 0)
            vals, ws = scores[side], w[side]
            for i, b in enumerate(biases):
                if b >= 1:
                    out[i] = np.inf
                elif b > 0 and vals.size:
                    out[i] = _weighted_lower_quantile(vals, ws, b)
        else:
            side = (scores <= 0) & (w > 0)
            vals, ws = -scores[side], w[side]
            for i, b in enumerate(biases):
                if b >= 1:
                    out[i] = -np.inf
                elif b > 0 and vals.size:
                    # the h⁻ cut-off sits just below the highest negative scores it flips
                    out[i] = np.nextafter(-_weighted_lower_quantile(vals, ws, b), -np.inf)
        return out

    def fit_grid(
        self,
        estimator,
        X,
        y,
        sample_weight=None,
        *,
        target,
        biases,
        random_state=None,
        rescale_weights=True,
    ):
        h = fit_on_sample(
            estimator,
            X,
            y,
            sample_weight,
            random_state=random_state,
            rescale_weights=rescale_weights,
        )
        scores = margin_scores(h, X)
        cuts = self.thresholds(scores, sample_weight, biases, target=target)
        return [ThresholdedClassifier(h, float(c)) for c in cuts]

    def fit_biased(
        self,
        estimator,
        X,
        y,
        sample_weight=None,
        *,
        target,
        bias,
        random_state=None,
        rescale_weights=True,
    ):
        return self.fit_grid(
            estimator,
            X,
            y,
            sample_weight,
            target=target,
            biases=[bias],
            random_state=random_state,
            rescale_weights=rescale_weights,
        )[0]

    def fit_pair(
        self,
        estimator,
        X,
        y,
        sample_weight=None,
        *,
        bias_pair,
        random_state=None,
        rescale_weights=True,
    ):
        h = fit_on_sample(
            estimator,
            X,
            y,
            sample_weight,
            random_state=random_state,
            rescale_weights=rescale_weights,
        )
        scores = margin_scores(h, X)
        (cut_plus,) = self.thresholds(scores, sample_weight, [bias_pair[0]], target=1)
        (cut_minus,) = self.thresholds(scores, sample_weight, [bias_pair[1]], target=-1)
        return ThresholdedClassifier(h, float(cut_plus)), ThresholdedClassifier(h, float(cut_minus))
