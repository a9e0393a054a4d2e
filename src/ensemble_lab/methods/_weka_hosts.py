"""Weka's AdaBoostM1, MultiBoostAB and Bagging, as papers 001 and 004 ran them.

AdaBoostM1 differs from the project's general boosting host in one Weka habit: it stops
at the first failed round; MultiBoostAB also wags on Weka's schedule with Weka's
generator. Bagging is :class:`~ensemble_lab.methods.WekaBaggingClassifier`,
which hands a member its bootstrap sample as rows, as Weka does.
"""

from __future__ import annotations

import numpy as np

from ..utils._java_math import log as java_log
from ..utils._weka_random import JavaRandom, java_seed
from ._boosting import BoostingClassifier, _BaseBoosting, _Schedule
from ._multiboost import MultiBoostClassifier

__all__ = ["WekaAdaBoostM1", "WekaMultiBoostAB"]


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
        Weighted bootstrap samples, or ``sample_weight`` (Weka's default when the base
        learner handles instance weights, as SMO, NaiveBayes and J48 do).
    early_stopping : bool, default=False
        See :class:`~ensemble_lab.methods.BoostingClassifier`.
    store_weights : bool, default=False
        Keep every round's distribution in ``sample_weights_history_``.
    random_state : int, RandomState or None, default=None
        Seeds the bootstrap samples and the base learners.
    n_jobs : int or None, default=None
        Parallel jobs for the members' predictions.

    Attributes
    ----------
    estimators_, estimator_weights_, estimator_errors_, n_attempts_, weight_resets_,
    train_error_, train_q_, classes_, n_features_in_
        As in :class:`~ensemble_lab.methods.BoostingClassifier`.

    Notes
    -----
    Weka's ``AdaBoostM1.buildClassifierWithWeights`` breaks out of its loop when
    ``ε ≥ 0.5`` or ``ε = 0``, keeping the member only when it is the first. On
    abalone (28 classes) the first SMO or naive Bayes member already errs more than half
    the time, so the "ensemble" is the single learner — which is why the paper's
    Table 2 shows identical Single and Ada accuracies there.

    The scikit-learn check expected to fail is that of
    :class:`~ensemble_lab.methods.BoostingClassifier`:
    ``check_sample_weight_equivalence_on_dense_data``.
    """

    _max_consecutive_failures = 1


class _WekaSubcommittees(_Schedule):
    """``MultiBoostAB.setWeights``: wag after every member whose number divides by T // n."""

    def __init__(self, size: int):
        self.size = size

    def reset_due(self, member_index: int) -> bool:
        # member_index is the 1-based number of the member about to be fitted.
        return member_index > 1 and (member_index - 1) % self.size == 0


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
        The bootstrap samples are drawn by NumPy, not by Weka's generator.
    n_subcommittees : int, default=3
        Number of sub-committees n (Weka's ``-C``).
    store_weights : bool, default=False
        Keep the distribution of every attempt in ``sample_weights_history_``.
    random_state : int, RandomState or None, default=None
        An int is Weka's ``-S`` for the wagging; it also seeds the samples and the
        members.

    Attributes
    ----------
    estimators_, estimator_weights_, estimator_errors_, n_attempts_, weight_resets_,
    subcommittee_boundaries_, train_error_, train_q_, classes_, n_features_in_
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
    """

    _max_consecutive_failures = 1

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

    def _schedule(self):
        n = min(self.n_subcommittees or 3, self.n_estimators)
        size = self.n_estimators // n
        self.subcommittee_boundaries_ = np.arange(size + 1, self.n_estimators + 1, size)
        return _WekaSubcommittees(size)

    def _boost(self, X, y_codes, initial, base):
        self._wagging = JavaRandom(java_seed(self.random_state))
        try:
            super()._boost(X, y_codes, initial, base)
        finally:
            del self._wagging

    def _reset_weights(self, initial, rng):
        u = self._wagging.next_doubles(initial.shape[0])
        weights = -java_log(u * 9999 / 10000)
        return weights / weights.sum()

    # AdaBoostM1's: a perfect member ends the fit (Webb's MultiBoost keeps it and goes on).
    _perfect_member = _BaseBoosting._perfect_member
