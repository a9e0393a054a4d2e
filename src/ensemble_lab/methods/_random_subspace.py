"""The random subspace method as Weka 3.6 builds it (``weka.classifiers.meta.RandomSubSpace``).

Ho's random subspaces: each member sees all training instances but only a random subset
of the features, and the members' class distributions are averaged. Weka's version
draws from ``Instances.getRandomNumberGenerator(seed)`` (a generator reseeded by a
random training instance), keeps one list of the attributes and shuffles it again
(``Collections.shuffle``) for every member, whose subspace is the first
``round(d · size)`` attributes of the list, in the list's order (Weka's ``Remove``
filter keeps the order of its range, and J48 breaks ties between attributes by their
position). A randomised
member is seeded with the generator's ``nextInt()`` before its subspace is drawn.
"""

from __future__ import annotations

from numbers import Integral, Real

import numpy as np

from ..utils import Interval, java_seed, random_number_generator, shuffled, takes_seed
from ._ensemble import EncodedEnsemble, MemberPlan

__all__ = ["RandomSubspaceClassifier", "subspace_size"]


def subspace_size(n_features: int, size: float) -> int:
    """Number of features per subspace, within ``[1, d]``.

    ``Math.round(d · size)`` for a float share (as Weka rounds it), ``size`` itself for
    an int.
    """
    k = size if isinstance(size, Integral) else int(np.floor(n_features * size + 0.5))
    return max(1, min(int(k), n_features))


class RandomSubspaceClassifier(EncodedEnsemble):
    """Members on random feature subsets, drawn as Weka 3.6's ``RandomSubSpace`` draws.

    Parameters
    ----------
    estimator : estimator, str or None, default=None
        Base learner (cloned per member), a preset name, or None for ``"j48"``.
    n_estimators : int, default=10
        Number of members (``-I``).
    subspace_size : float or int, default=0.5
        Share of the features each member sees (a float in (0, 1]), or their number (an
        int), as ``max_features`` in scikit-learn. Weka's ``-P`` reads a value below 1
        as a share and any other as a number, so its ``-P 1.0`` is one attribute where
        ours is all of them.
    random_state : int, RandomState or None, default=None
        An int is Weka's ``-S`` seed (with ``"j48"``, ``random_state=1`` gives Weka's
        ``RandomSubSpace -S 1``); None or a ``RandomState`` draw one.
    n_jobs : int or None, default=None
        Members trained in parallel threads (the subspaces are drawn first).

    Attributes
    ----------
    estimator_ : estimator
        The unfitted base learner the members are cloned from: ``estimator`` itself, the
        preset it names, or the preset ``"j48"`` when it is None.
    estimators_ : list of estimators
    estimators_features_ : list of ndarray
        The feature indices of each member, in the order the member sees them.
    classes_ : ndarray
    n_features_in_ : int

    References
    ----------
    T. K. Ho. The random subspace method for constructing decision forests. *IEEE
    Transactions on Pattern Analysis and Machine Intelligence*, 20(8):832–844, 1998.
    Weka 3.6, ``weka.classifiers.meta.RandomSubSpace``.

    L. I. Kuncheva and J. J. Rodríguez. Classifier ensembles with a random linear
    oracle. *IEEE Transactions on Knowledge and Data Engineering*, 19(4):500–508, 2007.
    doi:10.1109/TKDE.2007.1016.

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> X, y = load("vote")
    >>> RandomSubspaceClassifier(random_state=1).fit(X, y).estimators_features_[0]
    array([10,  7,  3,  1, 14,  5, 13,  9])
    """

    _parameter_constraints: dict = {
        **EncodedEnsemble._parameter_constraints,
        "subspace_size": [
            Interval(Real, 0, 1, closed="right"),
            Interval(Integral, 1, None, closed="left"),
        ],
    }

    def __init__(
        self, estimator=None, n_estimators=10, *, subspace_size=0.5, random_state=None,
        n_jobs=None,
    ):  # fmt: skip
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.subspace_size = subspace_size
        self.random_state = random_state
        self.n_jobs = n_jobs

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.poor_score = True  # half of two features is one
        return tags

    def _plans(self, data, base):
        seed = java_seed(self.random_state)
        random = random_number_generator(seed, data)
        k = subspace_size(data.n_features, self.subspace_size)
        attributes = np.arange(data.n_features)
        seeded = takes_seed(base)
        plans = []
        for _ in range(self.n_estimators):
            member_seed = random.next_int() if seeded else None
            attributes = attributes[shuffled(random, data.n_features)]
            plans.append(MemberPlan(member_seed, features=attributes[:k].copy()))
        return plans
