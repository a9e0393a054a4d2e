"""One-vs-one on mixed data: one classifier per pair of classes, voted.

scikit-learn's ``OneVsOneClassifier`` takes numbers only, so a DataFrame with nominal
columns had to be encoded before it, once for all pairs, and every member then saw the
same imputed values. Weka's learners (its SMO, say) filter the data each classifier is
given. :class:`PairwiseClassifier` codes the data once as Weka's instance matrix and
gives each pair's member its rows (see :func:`split_encoding`), so that a member
imputing its data does so from its own pair and weights, as in Weka.
"""

from __future__ import annotations

from itertools import combinations
from numbers import Integral

import numpy as np
from sklearn import config_context
from sklearn.base import clone, is_classifier
from sklearn.utils.parallel import Parallel, delayed

from .._members import ConstantClassifier, fit_weighted
from ..base import safe_rows
from ..encoding import encode_for_members, member_config, split_encoding
from ..utils import HasMethods, check_is_fitted, fit_context
from ._ensemble import BaseLearnerMixin, Ensemble

__all__ = ["OneVsOneVote", "PairwiseClassifier", "pairwise_problem"]


class OneVsOneVote:
    """Pairwise members voted together; ``members[(a, b)]`` predicts +1 for class b."""

    def __init__(self, members: dict, n_classes: int):
        self.members = members
        self.n_classes = n_classes

    def votes(self, X) -> np.ndarray:
        counts = np.zeros((X.shape[0], self.n_classes))
        rows = np.arange(X.shape[0])
        for (a, b), member in self.members.items():
            winner = np.where(member.predict(X) == 1, b, a)
            np.add.at(counts, (rows, winner), 1.0)
        return counts

    def predict(self, X) -> np.ndarray:
        # ties go to the lowest class index, as Weka's pairwise voting does
        return self.votes(X).argmax(axis=1)


def pairwise_problem(y, sample_weight, a, b):
    rows = np.flatnonzero((y == a) | (y == b))
    return rows, np.where(y[rows] == b, 1, -1), sample_weight[rows]


def _fit_pair(member, X, y, sample_weight):
    if sample_weight.sum() <= 0:  # a pair of classes that carries no weight
        return ConstantClassifier(-1)
    member = clone(member)
    if np.ptp(sample_weight) == 0:
        return member.fit(X, y)
    return fit_weighted(member, X, y, sample_weight, policy="pass")


class PairwiseClassifier(Ensemble):
    """One clone of ``estimator`` per pair of classes; the most pairwise votes wins.

    Parameters
    ----------
    estimator : classifier
        Cloned for each pair of classes and trained on the rows of those two classes,
        labelled −1 (the first class of the pair) and +1 (the second), e.g. a
        :class:`~ensemble_lab.methods.BoostingClassifier` of SMO: one-vs-one boosting,
        each pairwise problem boosted separately.
    n_jobs : int or None, default=None
        Pairs fitted in parallel.

    Attributes
    ----------
    estimator_ : estimator
        ``estimator``, the unfitted template of the members.
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        Only when X has string column names.
    estimators_ : list
        The member of each pair, in the order of ``pairs_``.
    pairs_ : list of (int, int)
        Class indices (a, b) of each member; +1 is b.
    encoder_ : MixedCodes, MixedEncoder or None
        When ``estimator``'s own base learner (its ``estimator`` parameter) encodes its
        data (an ``EncodedClassifier`` such as the ``"smo"`` preset), the data are
        coded once for all pairs and that base learner becomes the member that takes
        the coded rows: Weka's instance matrix, each member running Weka's
        ``ReplaceMissingValues`` and ``NominalToBinary`` on its own weighted rows as
        Weka's SMO does. None otherwise (members get ``X`` as it is).

    Notes
    -----
    A row's class is the one with the most pairwise votes, ties going to the first
    class (Weka's ``Utils.maxIndex``; scikit-learn's ``OneVsOneClassifier`` breaks them
    by summed confidences). ``predict_proba`` is the fraction of pairs each class wins.
    A pair whose rows carry no weight votes for its first class. Every pair's member
    gets ``estimator``'s own ``random_state``, as ``OneVsOneClassifier`` gives it.
    """

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict"])],
        "n_jobs": [Integral, None],
    }

    def __init__(self, estimator, *, n_jobs=None):
        self.estimator = estimator
        self.n_jobs = n_jobs

    @fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y, sample_weight=None):
        """Fit one member per pair of classes.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            A DataFrame may hold nominal (``category``/``object``) columns and NaN.
        y : array-like of shape (n_samples,)
        sample_weight : array-like of shape (n_samples,), default=None
            Passed to the members (each pair's rows keep their weights).

        Returns
        -------
        self : PairwiseClassifier
        """
        if not is_classifier(self.estimator):
            raise TypeError(f"estimator must be a classifier; got {type(self.estimator).__name__}")
        X, y_idx, sw = self._training_data(X, y, sample_weight, min_classes=2)
        sw = np.ones(y_idx.shape[0]) if sw is None else sw
        member = clone(self._validate_estimator())
        self.encoder_ = None
        if isinstance(member, BaseLearnerMixin):  # its own default when it names none
            inner = member._base_learner()
        else:
            inner = member.get_params(deep=False).get("estimator")
        if inner is not None:
            self.encoder_, coded = split_encoding(inner, X, sw)
            if self.encoder_ is not None:
                X = encode_for_members(self.encoder_, X)
                member.set_params(estimator=coded)
        self.pairs_ = list(combinations(range(self.classes_.shape[0]), 2))
        problems = [pairwise_problem(y_idx, sw, a, b) for a, b in self.pairs_]
        with config_context(**member_config(self.encoder_)):
            self.estimators_ = Parallel(n_jobs=self.n_jobs)(
                delayed(_fit_pair)(member, safe_rows(X, rows), yp, wp) for rows, yp, wp in problems
            )
        return self

    def _coded(self, X):
        X = self._test_input(X)
        return X if self.encoder_ is None else encode_for_members(self.encoder_, X)

    def _votes(self, X) -> np.ndarray:
        voting = OneVsOneVote(dict(zip(self.pairs_, self.estimators_)), self.classes_.shape[0])
        with config_context(**member_config(self.encoder_)):
            return voting.votes(X)

    def predict_proba(self, X):
        """Fraction of the pairs each class wins.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
        """
        return self._votes(self._coded(X)) / len(self.pairs_)

    def predict(self, X):
        """The class with the most pairwise votes (the first of a tie).

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        votes = self._votes(self._coded(X))  # checks that the ensemble is fitted first
        return self.classes_[votes.argmax(axis=1)]

    def _member_views(self, X):
        check_is_fitted(self)
        X = self._coded(X)
        return ((member, X) for member in self.estimators_)

    def _member_labels(self, index, predicted):
        a, b = self.pairs_[index]
        return self.classes_[np.where(predicted == 1, b, a)]
