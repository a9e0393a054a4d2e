"""Bagging as Weka 3.6 builds it (``weka.classifiers.meta.Bagging``).

Breiman's bagging: each member is trained on a bootstrap sample of the training set and
the members' class distributions are averaged. Weka's version, which the papers ran,
fixes the details that matter for reproducing its numbers: the sample is drawn with
``Instances.resampleWithWeights`` (Walker's alias method on the instance weights, one
``nextDouble`` per instance, every copy of weight 1) from ``java.util.Random(seed)``;
with ``-P`` below 100 the sample is shuffled and cut; a randomised member
(``Randomizable``, here: a learner with ``random_state``) is seeded with the
generator's next ``nextInt()`` after its sample is drawn.
"""

from __future__ import annotations

from numbers import Integral

import numpy as np

from ..utils import Interval, JavaRandom, java_seed, resample_with_weights, shuffled, takes_seed
from ._ensemble import EncodedEnsemble, MemberPlan

__all__ = ["WekaBaggingClassifier", "bootstrap_plans"]


def bootstrap_plans(data, n_members: int, seed: int, bag_size_percent: int, seeded: bool):
    """Every member's bag (and seed), drawn as Weka's ``Bagging.buildClassifier`` draws."""
    random = JavaRandom(seed)
    n = data.n_samples
    bag_size = int(n * (bag_size_percent / 100.0))
    ones = np.ones(n)
    plans = []
    for _ in range(n_members):
        rows = resample_with_weights(random, data.weight)
        if bag_size < n:
            rows = rows[shuffled(random, n)][:bag_size]
        member_seed = random.next_int() if seeded else None
        plans.append(MemberPlan(member_seed, rows, ones))
    return plans


class WekaBaggingClassifier(EncodedEnsemble):
    """Bagging of any base learner, drawing the samples Weka 3.6's ``Bagging`` draws.

    Parameters
    ----------
    estimator : estimator, str or None, default=None
        Base learner (cloned per member), a preset name, or None for ``"j48"``.
    n_estimators : int, default=10
        Number of members (Weka's ``-I``).
    bag_size_percent : int, default=100
        Size of each bag as a percentage of the training set (``-P``).
    random_state : int, RandomState or None, default=None
        An int is Weka's ``-S`` seed: with a deterministic base learner such as
        ``"j48"``, ``random_state=1`` gives Weka's ``Bagging -S 1`` member by member.
        None or a ``RandomState`` draw the seed.
    n_jobs : int or None, default=None
        Members trained in parallel threads; the bags are drawn first, so the result
        is the same for any value.

    Attributes
    ----------
    estimator_ : estimator
        The unfitted base learner the members are cloned from: ``estimator`` itself, the
        preset it names, or the preset ``"j48"`` when it is None.
    estimators_ : list of estimators
        The members.
    estimators_features_ : list of ndarray
        Feature indices each member saw (all of them, for bagging).
    classes_ : ndarray
        Class labels, sorted; ``weka_classes_`` holds them in Weka's numbering.
    n_features_in_ : int

    Notes
    -----
    A member gets row indices into the data encoded once by the ensemble (a row drawn
    twice is two instances of weight 1, as in Weka), never a copy of the input to
    re-validate; a learner that cannot take encoded rows gets those rows of the
    validated input. ``sample_weight`` are Weka's instance weights: they decide how
    often a row is drawn, as in ``resampleWithWeights``.

    References
    ----------
    L. Breiman. Bagging predictors. *Machine Learning*, 24(2):123–140, 1996. Weka 3.6,
    ``weka.classifiers.meta.Bagging``.

    L. I. Kuncheva and J. J. Rodríguez. Classifier ensembles with a random linear
    oracle. *IEEE Transactions on Knowledge and Data Engineering*, 19(4):500–508, 2007.
    doi:10.1109/TKDE.2007.1016.

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> X, y = load("vote")
    >>> WekaBaggingClassifier(random_state=1).fit(X, y).score(X, y) > 0.95
    True
    """

    _parameter_constraints: dict = {
        **EncodedEnsemble._parameter_constraints,
        "bag_size_percent": [Interval(Integral, 1, None, closed="left")],
    }

    def __init__(
        self, estimator=None, n_estimators=10, *, bag_size_percent=100, random_state=None,
        n_jobs=None,
    ):  # fmt: skip
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.bag_size_percent = bag_size_percent
        self.random_state = random_state
        self.n_jobs = n_jobs

    def _plans(self, data, base):
        return bootstrap_plans(
            data, self.n_estimators, java_seed(self.random_state), self.bag_size_percent,
            takes_seed(base),
        )  # fmt: skip
