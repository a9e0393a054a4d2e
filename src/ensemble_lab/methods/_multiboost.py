"""MultiBoosting (Webb 2000): AdaBoost sub-committees separated by wagging.

The boosting loop of :mod:`._boosting` with Webb's policy: a weight reset draws random
exponential ("continuous Poisson") weights instead of returning to uniform
(:func:`wagging`), resets also happen on a fixed schedule of sub-committee boundaries
(:class:`WebbSchedule`), and a member with zero training error stays in the vote
(:data:`WEBB_ACCEPTANCE`).
"""

from __future__ import annotations

import math
from numbers import Integral

import numpy as np

from ..utils import Interval
from ._boosting import _BaseBoosting
from ._boosting_policy import XI, Acceptance, BoostingPolicy, Resets, Schedule, mode_sampler

__all__ = ["WEBB_ACCEPTANCE", "MultiBoostClassifier", "WebbSchedule", "subcommittee_boundaries"]

# Webb (2000) gives a perfect member β = 1e-10; our vote weight is ln √((1 − ε)/ε).
_PERFECT_BETA = 1e-10

#: Webb's Table 1: a member with ε = 0 is kept with β = 1e-10, nothing ends the fit early.
WEBB_ACCEPTANCE = Acceptance(
    perfect_vote=0.5 * math.log((1.0 - _PERFECT_BETA) / _PERFECT_BETA), failures_to_stop=None
)


def subcommittee_boundaries(n_estimators: int, n_subcommittees: int | None = None) -> np.ndarray:
    """Webb's I_k: the (1-based) members before which the weights are wagged.

    ``I_k = ⌈k·T/n⌉`` for k = 1 .. n − 1 and ``I_k = T`` from k = n on, with
    n = ⌊√T⌋ sub-committees unless given.

    >>> subcommittee_boundaries(10).tolist()
    [4, 7, 10]
    >>> subcommittee_boundaries(100, 4).tolist()
    [25, 50, 75, 100]
    """
    n = n_subcommittees if n_subcommittees is not None else max(1, math.isqrt(n_estimators))
    n = min(n, n_estimators)
    bounds = [math.ceil(k * n_estimators / n) for k in range(1, n)]
    return np.array([*bounds, n_estimators], dtype=int)


def wagging(initial: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Webb's wagging: continuous Poisson (Exp(1)) weights on the initial distribution.

    >>> w = wagging(np.full(4, 0.25), np.random.default_rng(0))
    >>> w.shape, round(float(w.sum()), 12)
    ((4,), 1.0)
    """
    weights = initial * rng.exponential(1.0, size=initial.shape[0])
    return weights / weights.sum()


class WebbSchedule(Schedule):
    """Step 4 of Webb's Table 1: wag when the member index t reaches I_k, then k += 1.

    >>> schedule = WebbSchedule(subcommittee_boundaries(10))
    >>> [t for t in range(1, 11) if schedule.reset_due(t)]
    [4, 7, 10]
    """

    def __init__(self, boundaries: np.ndarray):
        self.boundaries: np.ndarray = boundaries
        self.k = 0

    def _current(self) -> int:
        # I_k = T for every k past the last boundary.
        return int(self.boundaries[min(self.k, self.boundaries.shape[0] - 1)])

    def reset_due(self, member_number: int) -> bool:
        """Whether t = ``member_number`` is the current boundary I_k (then k advances)."""
        if member_number == self._current():
            self.k += 1
            return True
        return False

    def advance(self) -> None:
        """A failed or perfect member was wagged away: k advances (Webb's step 9)."""
        self.k += 1


class MultiBoostClassifier(_BaseBoosting):
    """MultiBoost: AdaBoost.M1 sub-committees, with wagging between them.

    Webb's MultiBoosting runs AdaBoost.M1 (the aggressive update) but, at the
    sub-committee boundaries I_k and whenever a member fails (ε ≥ 0.5) or is perfect
    (ε = 0), replaces the weights by random draws from the continuous Poisson
    (exponential) distribution — "wagging" — instead of continuing the boosting chain.

    Parameters
    ----------
    estimator : estimator, str or None, default=None
        Base learner (cloned), a preset name, or None for the ``"j48"`` preset.
    n_estimators : int, default=10
        Number of members T.
    mode : {"resample", "reweight"}, default="resample"
        Weighted bootstrap samples (paper 001's "(S)") or ``sample_weight`` ("(W)").
    n_subcommittees : int or None, default=None
        Number of sub-committees n; None means Webb's ⌊√T⌋ (3 for T = 10, also Weka's
        default).
    store_weights : bool, default=False
        Keep the distribution of every attempt in ``sample_weights_history_``.
    random_state : int, RandomState or None, default=None
        Seeds the samples, the wagging weights and the base learners.

    Attributes
    ----------
    estimator_ : estimator
        The unfitted base learner the members are cloned from: ``estimator`` itself, the
        preset it names, or the preset ``"j48"`` when it is None.
    estimators_ : list of estimators
    estimator_weights_ : ndarray of shape (n_members,)
        Vote weights ln √((1 − ε)/ε) (half Webb's ln(1/β), the same vote).
    estimator_errors_ : ndarray of shape (n_members,)
    n_attempts_ : int
    weight_resets_ : list of (int, str)
        ``(attempt index, reason)`` of every wagging reset; reason ``"boundary"``,
        ``"error >= 0.5"`` or ``"zero error"``. The attempt index is that of the first
        member fitted on the new weights.
    subcommittee_boundaries_ : ndarray of int
        Webb's I_k (1-based member indices).
    train_error_, train_q_ : ndarray of shape (n_members,)
        Training error and mean pairwise Q of the first k members.
    sample_weights_history_ : ndarray of shape (n_attempts, n_samples)
        Only with ``store_weights=True``.
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int

    Notes
    -----
    We follow Webb's Table 1 literally: before member t, if t = I_k the weights are
    wagged and k advances; a member with ε > 0.5 is discarded, the weights wagged, k
    advanced and the member refitted (an ε of exactly 0.5 is treated the same, as its
    vote weight would be 0); a member with ε = 0 is kept with β = 10⁻¹⁰ and the weights
    wagged. Wagging draws w_i ~ Exp(1) (times the initial ``sample_weight``). With T = 10
    the sub-committees are members 1–3, 4–6, 7–9 and 10, as in Weka's MultiBoostAB with
    its default 3 sub-committees. Unlike Weka's implementation, which stops at the first
    member with ε = 0 or ε ≥ 0.5 (inherited from AdaBoostM1), we follow Webb and go on;
    the number of fits is capped at 2·T.

    scikit-learn check expected to fail (``_expected_failed_checks``, shared with
    :class:`BoostingClassifier`): ``check_sample_weight_equivalence_on_dense_data``
    (wagging draws one random weight per row, so a repeated row is not weight 2).

    References
    ----------
    G. I. Webb. MultiBoosting: a technique for combining boosting and wagging. Machine
    Learning 40(2):159–196, 2000.

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.methods import MultiBoostClassifier
    >>> X, y = load("vote")
    >>> clf = MultiBoostClassifier("j48", n_estimators=10, random_state=0).fit(X, y)
    >>> len(clf.estimators_)
    10
    """

    _parameter_constraints: dict = {
        **_BaseBoosting._parameter_constraints,
        "n_subcommittees": [Interval(Integral, 1, None, closed="left"), None],
    }

    _acceptance = WEBB_ACCEPTANCE

    def __init__(
        self,
        estimator=None,
        n_estimators=10,
        *,
        mode="resample",
        n_subcommittees=None,
        store_weights=False,
        random_state=None,
    ):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.mode = mode
        self.n_subcommittees = n_subcommittees
        self.store_weights = store_weights
        self.random_state = random_state

    def _policy(self):
        boundaries = subcommittee_boundaries(self.n_estimators, self.n_subcommittees)
        return BoostingPolicy(
            XI["aggressive"],
            self._acceptance,
            Resets(wagging, WebbSchedule(boundaries)),
            mode_sampler(self.mode),
        )
