"""Weka's AdaBoostM1 and Bagging as paper 004 ran them (``AdaBoostM1-21``, ``Bagging-21``).

Both differ from the project's general hosts in one Weka habit each: AdaBoostM1 stops at
the first failed round, and Bagging hands a member its bootstrap sample as rows.
"""

from __future__ import annotations

from sklearn.ensemble import BaggingClassifier

from ..base import resolve_estimator
from ._boosting import BoostingClassifier
from ._reframe import FrameRestorer
from ._registry import register

__all__ = ["BootstrapMember", "WekaAdaBoostM1", "adaboost_m1_21", "bagging_21"]

ENSEMBLE_SIZE = 21


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

    scikit-learn checks expected to fail are those of
    :class:`~ensemble_lab.methods.BoostingClassifier`: ``check_estimators_nan_inf``
    and ``check_sample_weight_equivalence_on_dense_data``.
    """

    _max_consecutive_failures = 1


class BootstrapMember(FrameRestorer):
    """A Bagging member trained on the drawn rows themselves, duplicates included.

    scikit-learn's ``BaggingClassifier`` draws a bootstrap sample as *count weights*
    (all rows, weight 0 for those not drawn) whenever the member's ``fit`` takes
    ``sample_weight``. A linear SVM does not survive that: rows of weight 0 are
    dropped inside libsvm, and in a one-vs-one pair whose class was not drawn the
    binary problem degenerates (on ecoli this costs Bagging of SMO 15–20 points).
    This wrapper's ``fit`` takes no ``sample_weight``, so the bag is passed as rows, as
    Weka's ``Bagging`` does; nominal DataFrame columns are restored as in
    :class:`~ensemble_lab.methods._reframe.FrameRestorer`.

    Parameters
    ----------
    estimator : estimator instance
        The learner to wrap (cloned in ``fit``).
    """

    def fit(self, X, y):
        """Fit a clone of ``estimator`` on the rows ``X`` (restored as a DataFrame)."""
        return super().fit(X, y)


def adaboost_m1_21(base=None, random_state=None, **params):
    params = {"n_estimators": ENSEMBLE_SIZE, "mode": "reweight", **params}
    return WekaAdaBoostM1(
        resolve_estimator(base), update="aggressive", random_state=random_state, **params
    )


def bagging_21(base=None, random_state=None, **params):
    params = {"n_estimators": ENSEMBLE_SIZE, **params}
    return BaggingClassifier(
        BootstrapMember(resolve_estimator(base)),
        bootstrap=True,
        max_samples=1.0,
        random_state=random_state,
        **params,
    )


register(
    "AdaBoostM1-21",
    adaboost_m1_21,
    default_base="j48",
    aliases=("AdaBoost-21", "AdaBoost.M1-21"),
    paper="004",
    description="Weka's AdaBoostM1 of 21 members, by reweighting; stops at the first failed round",
)
register(
    "Bagging-21",
    bagging_21,
    default_base="j48",
    paper="004",
    description="Weka's Bagging of 21 members, each trained on its bootstrap sample's rows",
)
