"""Weka's AdaBoostM1 and Bagging as paper 004 ran them (``AdaBoostM1-21``, ``Bagging-21``).

AdaBoostM1 differs from the project's general boosting host in one Weka habit: it stops
at the first failed round. Bagging is :class:`~ensemble_lab.methods.WekaBaggingClassifier`,
which hands a member its bootstrap sample as rows, as Weka does.
"""

from __future__ import annotations

from ._boosting import BoostingClassifier

__all__ = ["WekaAdaBoostM1"]


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
