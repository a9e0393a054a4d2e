"""Weka's AdaBoostM1, MultiBoostAB and Bagging, as papers 001 and 004 ran them.

AdaBoostM1 differs from the project's general boosting host in Weka's habits, which
:func:`weka_rounds` puts into a boosting policy: it stops at the first failed round,
reads errors as Weka's ``Evaluation`` does and draws its samples with Weka's generator;
MultiBoostAB also wags on Weka's schedule with Weka's generator
(:class:`WekaSubcommittees`, :class:`WekaWagging`). Bagging is
:class:`~ensemble_lab.methods.WekaBaggingClassifier`, which hands a member its bootstrap
sample as rows, as Weka does.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..utils import SMALL, JavaRandom, java_log, java_seed, resample_with_weights
from ._boosting import BoostingClassifier, _predicted_and_evaluated
from ._boosting_policy import (
    XI,
    Acceptance,
    BoostingPolicy,
    Outcome,
    Resets,
    Reweighting,
    Sampler,
    Schedule,
    Training,
)
from ._multiboost import MultiBoostClassifier

__all__ = ["WekaAdaBoostM1", "WekaMultiBoostAB"]


def weka_outcome(error: float) -> Outcome:
    """A member's error read with Weka's tolerance ``Utils.SMALL`` = 1e-6.

    ε below 1e-6 is zero (``Utils.eq``); ε above 0.5 − 1e-6 fails (``Utils.grOrEq``).

    >>> [weka_outcome(e) for e in (5e-7, 0.3, 0.4999995)]
    ['perfect', 'accept', 'fail']
    """
    if error < SMALL:
        return "perfect"
    return "fail" if error - 0.5 > -SMALL else "accept"


#: ``AdaBoostM1.buildClassifierWithWeights``: a member with ε = 0 or ε ≥ 0.5 ends the
#: boosting, kept only when it is the first (``MultiBoostAB`` inherits this).
WEKA_ACCEPTANCE = Acceptance(weka_outcome, perfect_vote=None, failures_to_stop=1)


def evaluation_error(member, training: Training, weights: np.ndarray) -> tuple[np.ndarray, float]:
    """What ``member`` predicts on the training rows, and Weka's ``Evaluation.errorRate``.

    A row counts as misclassified by the first class of strictly largest probability
    (``Utils.maxIndex``), which for J48 is not always the class it predicts
    (``classifyInstance`` keeps the first class within 1e-6 of the largest); the weights
    are then updated by what the member predicts.
    """
    pred, evaluated = _predicted_and_evaluated(member, training.view, training.X)
    error = float(weights[evaluated != training.y_codes].sum() / weights.sum())
    return pred, error


class WekaResampling:
    """``buildClassifierUsingResampling``: ``Instances.resampleWithWeights`` samples.

    They are drawn from one ``java.util.Random(-S)`` for the whole fit, and a member
    with ε = 0 is fitted again on a new sample, at most ten times in all
    (``MAX_NUM_RESAMPLING_ITERATIONS``).
    """

    draws = 10

    def __init__(self, random: JavaRandom):
        self.random = random

    def rows(self, weights: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """The next sample of Weka's generator (``rng`` is not used)."""
        return resample_with_weights(self.random, weights)


def weka_rounds(policy: BoostingPolicy, mode: str, random_state) -> BoostingPolicy:
    """``policy`` with the members of Weka 3.6's ``AdaBoostM1`` (``MultiBoostAB``'s too).

    Their error is ``Evaluation``'s (:func:`evaluation_error`) and, with
    ``mode="resample"``, their samples are Weka's (:class:`WekaResampling`). The hosts
    also take Weka's acceptance, :data:`WEKA_ACCEPTANCE`.
    """
    # Made in either mode, so that a RandomState ``random_state`` advances alike.
    samples = JavaRandom(java_seed(random_state))
    sampler: Sampler = WekaResampling(samples) if mode == "resample" else Reweighting()
    return replace(policy, sampler=sampler, scoring=evaluation_error)


class WekaAdaBoostM1(BoostingClassifier):
    """AdaBoost.M1 as Weka's ``AdaBoostM1`` runs it: stop at the first failed round.

    The same algorithm and parameters as :class:`~ensemble_lab.methods.BoostingClassifier`
    (use ``update="aggressive"``), except what happens to a member whose weighted error
    is 0 or at least 0.5: Weka does not reset the weights and go on, it ends the
    boosting there. The member is left out of the vote unless it is the first one, which
    then is the whole ensemble.

    Parameters
    ----------
    estimator : estimator, str or None, default=None
        Base learner (cloned), a preset name, or None for ``"j48"``.
    n_estimators : int, default=50
        Maximum number of rounds.
    update : {"aggressive", "conservative", "inverse"}, default="aggressive"
        Weight update (``"aggressive"`` is AdaBoost.M1).
    mode : {"resample", "reweight"}, default="resample"
        Weighted bootstrap samples (Weka's ``-Q``: ``Instances.resampleWithWeights``
        from one ``java.util.Random`` seeded with ``random_state``, a member of zero
        error fitted again on the next sample, ten samples at most), or
        ``sample_weight`` (Weka's default when the base learner handles instance
        weights, as SMO, NaiveBayes and J48 do).
    early_stopping : bool, default=False
        See :class:`~ensemble_lab.methods.BoostingClassifier`.
    store_weights : bool, default=False
        Keep every round's distribution in ``sample_weights_history_``.
    random_state : int, RandomState or None, default=None
        An int is Weka's ``-S`` (the samples' generator); it also seeds the base
        learners.
    n_jobs : int or None, default=None
        Parallel jobs for the members' predictions.

    Attributes
    ----------
    estimator_, estimators_, estimator_weights_, estimator_errors_, n_attempts_,
    weight_resets_, train_error_, train_q_, classes_, n_features_in_
        As in :class:`~ensemble_lab.methods.BoostingClassifier`.

    Notes
    -----
    Weka's ``AdaBoostM1.buildClassifierWithWeights`` breaks out of its loop when
    ``ε ≥ 0.5`` or ``ε = 0``, keeping the member only when it is the first. On
    abalone (28 classes) the first SMO or naive Bayes member already errs more than half
    the time, so the "ensemble" is the single learner — which is why the paper's
    Table 2 shows identical Single and Ada accuracies there.

    A member's ε is Weka's ``Evaluation.errorRate`` on the training rows, read with
    ``Utils.SMALL`` as tolerance (the module's ``weka_rounds``). With J48 members
    the ensemble is Weka's, member for member, in both modes
    (``tests/weka/test_hosts.py`` compares the predictions on the same folds).

    The scikit-learn check expected to fail is that of
    :class:`~ensemble_lab.methods.BoostingClassifier`:
    ``check_sample_weight_equivalence_on_dense_data``.

    References
    ----------
    Y. Freund and R. E. Schapire. A decision-theoretic generalization of on-line
    learning and an application to boosting. *Journal of Computer and System Sciences*,
    55(1):119–139, 1997.

    L. I. Kuncheva and J. J. Rodríguez. Classifier ensembles with a random linear
    oracle. *IEEE Transactions on Knowledge and Data Engineering*, 19(4):500–508, 2007.
    doi:10.1109/TKDE.2007.1016.

    I. H. Witten and E. Frank. *Data Mining: Practical Machine Learning Tools and
    Techniques*, 2nd edition. Morgan Kaufmann, 2005 (Weka 3.6).

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.methods import WekaAdaBoostM1
    >>> X, y = load("vote")
    >>> clf = WekaAdaBoostM1("j48", n_estimators=10, random_state=0).fit(X, y)
    >>> len(clf.estimators_)
    10
    """

    _acceptance = WEKA_ACCEPTANCE

    def _policy(self):
        return weka_rounds(super()._policy(), self.mode, self.random_state)


class WekaSubcommittees(Schedule):
    """``MultiBoostAB.setWeights``: wag after every member whose number divides by ``size``.

    >>> schedule = WekaSubcommittees(10, 3)
    >>> schedule.boundaries.tolist(), [t for t in range(1, 11) if schedule.reset_due(t)]
    ([4, 7, 10], [4, 7, 10])
    """

    def __init__(self, n_estimators: int, size: int):
        self.size = size
        self.boundaries = np.arange(size + 1, n_estimators + 1, size)

    def reset_due(self, member_number: int) -> bool:
        """Whether the member numbered ``member_number`` (1-based) starts a sub-committee."""
        return member_number > 1 and (member_number - 1) % self.size == 0


class WekaWagging:
    """``MultiBoostAB``'s wagging: ``-log(u · 9999 / 10000)`` per row, ``u`` from its generator.

    The weights replace the row's (an initial ``sample_weight`` is not kept).
    """

    def __init__(self, random: JavaRandom):
        self.random = random

    def __call__(self, initial: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """The next wagged distribution (``rng`` is not used)."""
        u = self.random.next_doubles(initial.shape[0])
        weights = -java_log(u * 9999 / 10000)
        return weights / weights.sum()


class WekaMultiBoostAB(MultiBoostClassifier):
    """MultiBoost as Weka 3.6's ``MultiBoostAB`` runs it (the oracle paper's host).

    The algorithm of :class:`~ensemble_lab.methods.MultiBoostClassifier` with Weka's
    three departures from Webb's description:

    * the sub-committees have ``T // n`` members: the weights are wagged after every
      member whose (1-based) number divides by ``T // n`` (members 4, 7 and 10 start from
      wagged weights for T = 10, n = 3);
    * the wagged weight of a row is ``-log(u · 9999 / 10000)`` with ``u`` the next
      ``java.util.Random.nextDouble()`` of one generator seeded with ``random_state``
      (Weka's ``-S``) for the whole fit, and it replaces the row's weight (an initial
      ``sample_weight`` is not kept after the first wagging, as in Weka);
    * as in ``AdaBoostM1``, a member with weighted error ε ≥ 0.5 or ε = 0 ends the
      boosting; it is kept only when it is the first member.

    Parameters
    ----------
    estimator : estimator, str or None, default=None
        Base learner (cloned), a preset name, or None for ``"j48"``.
    n_estimators : int, default=10
        Number of members T (Weka's ``-I``).
    mode : {"resample", "reweight"}, default="resample"
        Weighted bootstrap samples (Weka's ``-Q``, "(S)") or ``sample_weight`` ("(W)").
        The samples are Weka's (see :class:`WekaAdaBoostM1`); the wagging has its own
        generator, seeded alike, as in Weka.
    n_subcommittees : int, default=3
        Number of sub-committees n (Weka's ``-C``).
    store_weights : bool, default=False
        Keep the distribution of every attempt in ``sample_weights_history_``.
    random_state : int, RandomState or None, default=None
        An int is Weka's ``-S`` for the wagging; it also seeds the samples and the
        members.

    Attributes
    ----------
    estimator_, estimators_, estimator_weights_, estimator_errors_, n_attempts_,
    weight_resets_, subcommittee_boundaries_, train_error_, train_q_, classes_,
    n_features_in_
        As in :class:`~ensemble_lab.methods.MultiBoostClassifier`.

    Notes
    -----
    With reweighting and J48 members the ensemble is Weka's, member for member, up to
    the rounding of the boosting weights (``tests/weka/test_hosts.py`` compares the
    predictions on the same folds).

    References
    ----------
    G. I. Webb. MultiBoosting: a technique for combining boosting and wagging. Machine
    Learning 40(2):159–196, 2000. Weka 3.6, ``weka.classifiers.meta.MultiBoostAB``.

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.methods import WekaMultiBoostAB
    >>> X, y = load("vote")
    >>> clf = WekaMultiBoostAB("j48", n_estimators=10, random_state=0).fit(X, y)
    >>> len(clf.estimators_)
    10
    """

    def __init__(
        self,
        estimator=None,
        n_estimators=10,
        *,
        mode="resample",
        n_subcommittees=3,
        store_weights=False,
        random_state=None,
    ):
        super().__init__(
            estimator,
            n_estimators,
            mode=mode,
            n_subcommittees=n_subcommittees,
            store_weights=store_weights,
            random_state=random_state,
        )

    _acceptance = WEKA_ACCEPTANCE

    def _policy(self):
        n = min(self.n_subcommittees or 3, self.n_estimators)
        # Seeded before the samples' generator: a RandomState draws the two in this order.
        wagging = WekaWagging(JavaRandom(java_seed(self.random_state)))
        schedule = WekaSubcommittees(self.n_estimators, self.n_estimators // n)
        policy = BoostingPolicy(XI["aggressive"], self._acceptance, Resets(wagging, schedule))
        return weka_rounds(policy, self.mode, self.random_state)
