"""The interface between an ensemble's shared encoding and its members' learners.

An ensemble that encodes its data once (:class:`~ensemble_lab.encoding.EncodedData`)
asks each member to train on rows of it and to predict from encoded test rows
(:class:`~ensemble_lab.encoding.TestData`). A learner that can do so declares it by
deriving from :class:`EncodedLearner` (J48, RandomTree, the random linear oracle);
a fitted member that only predicts from the encoding (a tree, a constant side of an
oracle) from :class:`EncodedPredictor`. The ensembles test ``isinstance`` against
these classes and go through :func:`fit_member` and :func:`member_distribution`, which
also serve any other learner: it gets the validated input's rows (a DataFrame keeps
its nominal columns) and its ``predict_proba`` is mapped onto the ensemble's classes.

:class:`EncoderWrapper` is the other declared kind: a learner made of a
:class:`~ensemble_lab.encoding.MixedEncoder` and an inner learner
(:class:`~ensemble_lab.learners.EncodedClassifier`), whose ensemble can encode once
for all its members (:func:`~ensemble_lab.encoding.split_encoding`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._members import fit_weighted
from ..base import safe_rows

if TYPE_CHECKING:
    from ._shared import EncodedData, TestData

__all__ = [
    "EncodedLearner",
    "EncodedPredictor",
    "EncoderWrapper",
    "fit_member",
    "member_distribution",
]


class EncodedPredictor:
    """A fitted member that gives Weka's class distribution of encoded test rows.

    Fitted, it has ``weka_classes_``: the classes in Weka's numbering, which number
    the columns of the distribution.
    """

    if TYPE_CHECKING:
        weka_classes_: np.ndarray

    def _encoded_distribution(self, test: TestData) -> np.ndarray:
        """``distributionForInstance`` of every row of ``test``.

        One column per class of the ensemble's classes in Weka's numbering
        (``EncodedData.classes``).
        """
        raise NotImplementedError


class EncodedLearner(EncodedPredictor):
    """A learner that trains on rows of an ensemble's shared encoded data.

    It is a scikit-learn estimator as well (``get_params``, ``fit`` on a table).
    """

    if TYPE_CHECKING:

        def get_params(self, deep: bool = True) -> dict: ...

    def _fit_encoded(self, data: EncodedData, rows=None, weight=None):
        """Fit on ``rows`` of ``data`` (repeats allowed; None: all) with ``weight``.

        ``weight`` is indexed by row of ``data`` (None: ``data.weight``). Returns the
        fitted learner, which records the columns as its ``fit`` would
        (:func:`~ensemble_lab.encoding.remember_features`).
        """
        raise NotImplementedError


class EncoderWrapper:
    """A learner that is a :class:`~ensemble_lab.encoding.MixedEncoder` before an inner one.

    It has the parameters ``encoding``, ``scale`` and ``random_state``, and
    ``_make_estimator()`` builds its unfitted inner learner.
    """

    def _make_estimator(self):
        """The unfitted inner learner."""
        raise NotImplementedError


def fit_member(estimator, data: EncodedData, rows=None, weight=None):
    """Fit ``estimator`` (already cloned) on ``rows`` of ``data`` with ``weight``.

    Parameters
    ----------
    estimator : estimator
        An :class:`EncodedLearner` takes the encoded data as it is; any other gets
        the rows of the validated input and their labels (categorical, so that the class
        numbering is kept), and the weights, unless all are 1, as ``sample_weight``
        (:func:`~ensemble_lab._members.fit_weighted`, policy ``"pass"``).
    data : EncodedData
    rows : ndarray of int, default=None
        Rows to train on, repeats allowed (a bootstrap sample); None for all rows.
    weight : ndarray of float, default=None
        Weight of each row of ``data`` (indexed by row, not by position in ``rows``);
        None for ``data.weight``.
    """
    if isinstance(estimator, EncodedLearner):
        return estimator._fit_encoded(data, rows, weight)
    weight = data.weight if weight is None else weight
    if rows is None:
        X, y, w = data.source, data.labels(), weight
    else:
        X, y, w = safe_rows(data.source, rows), data.labels(rows), weight[rows]
    return fit_weighted(estimator, X, y, None if np.all(w == 1.0) else w, policy="pass")


def member_distribution(estimator, classes: np.ndarray, test: TestData) -> np.ndarray:
    """Class distribution ``estimator`` gives each test row, columns in ``classes``.

    ``classes`` are the ensemble's classes in Weka's numbering (``EncodedData.classes``).

    An :class:`EncodedPredictor` gives Weka's ``distributionForInstance``;
    any other its ``predict_proba``, with zero for the classes it did not see, or, if it
    has none, all the mass on the class it predicts (a vote).
    """
    if isinstance(estimator, EncodedPredictor):
        return estimator._encoded_distribution(test)
    position = {label: k for k, label in enumerate(classes.tolist())}
    if not hasattr(estimator, "predict_proba"):
        predicted = np.asarray(estimator.predict(test.source))
        out = np.zeros((predicted.shape[0], classes.shape[0]))
        out[np.arange(predicted.shape[0]), [position[c] for c in predicted.tolist()]] = 1.0
        return out
    proba = np.asarray(estimator.predict_proba(test.source), dtype=float)
    out = np.zeros((proba.shape[0], classes.shape[0]))
    out[:, [position[label] for label in np.asarray(estimator.classes_).tolist()]] = proba
    return out
