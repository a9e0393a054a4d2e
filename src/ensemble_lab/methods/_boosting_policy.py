"""What tells one boosting variant from another: a :class:`BoostingPolicy`.

Every boosting host of the package runs the same loop (``_boosting._boost``): fit a
member on the current distribution, read its weighted error ε, then either add it to
the vote and update the distribution, or reset the distribution. A variant is a choice
of five parts, each small enough to read on its own (and of ``early_stopping``, which
keeps a prefix of the members after the loop):

``xi``
    the update exponent ξ of Kuncheva & Whitaker's Fig. 1 (:data:`XI`: AdaBoost.M1's
    aggressive rule, the conservative and the inverse one);
``acceptance``
    which ε a member may have, and what a member with ε = 0 or ε ≥ ½ does
    (:class:`Acceptance`: drop it and reset, keep it and reset, end the fit);
``resets``
    what a reset of the weights draws (uniform, or Webb's wagging) and when the weights
    are reset whatever the members' errors (:class:`Schedule`: MultiBoost's
    sub-committee boundaries);
``sampler``
    how a member sees the distribution (:class:`Reweighting` passes it as
    ``sample_weight``, :class:`Bootstrap` draws a weighted bootstrap sample);
``scoring``
    how ε is read on the training rows (:func:`eq2_error`; Weka's ``Evaluation`` in
    ``_weka_hosts``).

Each estimator builds its policy afresh in every ``fit`` (``_policy``), so the parts
that draw from a generator of their own (Weka's resampling and wagging) start from
their seed each time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol

import numpy as np

from .._members import weighted_bootstrap
from ..encoding import EncodedPredictor
from ..learners import weka_argmax

if TYPE_CHECKING:
    from ..encoding import EncodedData, TestData

__all__ = [
    "ADABOOST_ACCEPTANCE",
    "XI",
    "Acceptance",
    "BoostingPolicy",
    "Bootstrap",
    "Resets",
    "Reweighting",
    "Schedule",
    "Training",
    "eq2_error",
    "eq2_outcome",
    "mode_sampler",
    "uniform_reset",
]

Outcome = Literal["accept", "perfect", "fail"]

# Fig. 1 of Kuncheva & Whitaker (2002): W_{k+1}(i) ∝ W_k(i) β_k^{ξ(y_ik)}.
XI: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "aggressive": lambda y: 1.0 - 2.0 * y,
    "conservative": lambda y: 1.0 - y,
    "inverse": lambda y: y - 1.0,
}


class Training(NamedTuple):
    """The training set as the loop's members see it."""

    X: object
    """The validated ``X`` (an array or a DataFrame)."""
    y_codes: np.ndarray
    """Class indices of the rows."""
    encoded: EncodedData | None
    """The data encoded once, for members that take it (J48, the oracle); else None."""
    view: TestData | None
    """The encoded rows read back for the members' predictions; else None."""


def eq2_outcome(error: float) -> Outcome:
    """What a member of weighted error ``error`` does: Eq. (2)'s ``0 < ε < 1/2``.

    ``"accept"`` it, ``"perfect"`` (ε = 0) or ``"fail"`` (ε ≥ 1/2).

    >>> [eq2_outcome(e) for e in (0.0, 0.2, 0.5)]
    ['perfect', 'accept', 'fail']
    """
    return "accept" if 0.0 < error < 0.5 else "perfect" if error == 0.0 else "fail"


@dataclass(frozen=True)
class Acceptance:
    """Which members the vote takes, and what the others do to the fit.

    >>> ADABOOST_ACCEPTANCE.outcome(0.7), ADABOOST_ACCEPTANCE.failures_to_stop
    ('fail', 2)
    """

    outcome: Callable[[float], Outcome] = eq2_outcome
    """Reads a weighted error as ``"accept"``, ``"perfect"`` (ε = 0) or ``"fail"``."""
    perfect_vote: float | None = None
    """Vote weight of a member with ε = 0, which is kept and the weights reset; None:
    it is dropped, unless it is the first member, which is then the whole ensemble."""
    failures_to_stop: int | None = 2
    """Members in a row not accepted (failed or perfect) that end the fit; None: only
    the budget of 2·``n_estimators`` fits does."""


#: AdaBoost.M1 with resets (Kuncheva & Whitaker): drop, reset, stop after two in a row.
ADABOOST_ACCEPTANCE = Acceptance()


class Schedule:
    """When the weights are reset whatever the members' errors: never, for boosting.

    Subclasses (MultiBoost's sub-committees) answer :meth:`reset_due` before each new
    member and may hold state; a schedule is built afresh by each fit.

    >>> Schedule().reset_due(5)
    False
    """

    #: The (1-based) members that start from freshly reset weights, if any.
    boundaries: np.ndarray | None = None

    def reset_due(self, member_number: int) -> bool:
        """Whether the weights are reset before the member of 1-based ``member_number``."""
        return False

    def advance(self) -> None:
        """A reset happened for another reason; the schedule may skip a boundary."""


def uniform_reset(initial: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Boosting's reset: back to the initial distribution W_1.

    >>> uniform_reset(np.array([0.5, 0.5]), np.random.default_rng(0)).tolist()
    [0.5, 0.5]
    """
    return initial.copy()


@dataclass(frozen=True)
class Resets:
    """What a reset of the weights draws, and when resets are due regardless of errors."""

    draw: Callable[[np.ndarray, np.random.Generator], np.ndarray] = uniform_reset
    """``draw(initial, rng)``: the new distribution (sums to one)."""
    schedule: Schedule = field(default_factory=Schedule)
    """Scheduled resets (none for boosting)."""


class Sampler(Protocol):
    """How a member sees the distribution."""

    #: Samples a member may be fitted on while its error reads as zero (Weka: 10).
    draws: int

    def rows(self, weights: np.ndarray, rng: np.random.Generator) -> np.ndarray | None:
        """Row indices of the member's sample, or None to pass ``weights`` instead."""
        ...


class Reweighting:
    """Members take the distribution as ``sample_weight`` (summing to n_samples)."""

    draws = 1

    def rows(self, weights: np.ndarray, rng: np.random.Generator) -> None:
        """None: no sample, the weights are passed."""
        return None


class Bootstrap:
    """Members are fitted on a weighted bootstrap sample of size n_samples."""

    draws = 1

    def rows(self, weights: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """``n_samples`` rows drawn with replacement, in proportion to ``weights``."""
        return weighted_bootstrap(weights, rng)


def mode_sampler(mode: str) -> Sampler:
    """The sampler of a host's ``mode`` parameter (``"reweight"`` or ``"resample"``).

    >>> type(mode_sampler("reweight")).__name__
    'Reweighting'
    """
    return Reweighting() if mode == "reweight" else Bootstrap()


class Scoring(Protocol):
    """Reads a fitted member on the training rows."""

    def __call__(
        self, member: object, training: Training, weights: np.ndarray
    ) -> tuple[np.ndarray, float]:
        """The class indices the member predicts on the rows, and its weighted error."""
        ...


def member_codes(member, test: TestData | None, X) -> np.ndarray:
    """Class indices a member predicts.

    From the encoded rows ``test`` when it was trained on encoded data, else from ``X``.
    """
    if test is not None and isinstance(member, EncodedPredictor):
        dist = np.ascontiguousarray(member._encoded_distribution(test))
        return np.asarray(member.weka_classes_)[weka_argmax(dist)].astype(np.intp)
    return np.asarray(member.predict(X)).astype(np.intp)


def eq2_error(member, training: Training, weights: np.ndarray) -> tuple[np.ndarray, float]:
    """What ``member`` predicts on the training rows, and its ε of Eq. (2).

    ε is the weight of the rows the member misclassifies.

    >>> from sklearn.dummy import DummyClassifier
    >>> X, y = np.zeros((4, 1)), np.array([0, 0, 0, 1])
    >>> member = DummyClassifier().fit(X, y)
    >>> eq2_error(member, Training(X, y, None, None), np.full(4, 0.25))[1]
    0.25
    """
    pred = member_codes(member, training.view, training.X)
    return pred, float(weights[pred != training.y_codes].sum())


@dataclass(frozen=True)
class BoostingPolicy:
    """The choices that make a boosting variant of the one loop (see the module's notes).

    >>> policy = BoostingPolicy(XI["conservative"], sampler=Bootstrap())
    >>> policy.xi(np.array([0.0, 1.0])).tolist()
    [1.0, 0.0]
    """

    xi: Callable[[np.ndarray], np.ndarray]
    """ξ(y) of the update W_{k+1}(i) ∝ W_k(i)·β_k^ξ(y_ik), y = 1 where the member is right."""
    acceptance: Acceptance = ADABOOST_ACCEPTANCE
    resets: Resets = field(default_factory=Resets)
    sampler: Sampler = field(default_factory=Bootstrap)
    scoring: Scoring = eq2_error
    """How ε is read on the training rows."""
    early_stopping: bool = False
    """Keep the prefix of members where the training Q curve is lowest (k ≥ 2)."""
