"""Base-learner presets that behave like the papers' Weka learners.

The names of ``__all__`` are the public API. The ensembles of :mod:`ensemble_lab.methods`
also import from here, without it being documented API: ``weka_argmax`` (the first
class of largest probability, as Weka picks it, compiled), ``first_largest`` (the same
for one distribution), ``WekaTreeMixin`` (a fitted Weka tree predicting from the
encoded data) and ``random_tree_k`` (RandomTree's default number of features).
"""

from ..encoding import MixedEncoder
from ._c45 import C45TreeClassifier, c45_added_errors
from ._c45_core import weka_argmax as weka_argmax
from ._naive_bayes import MixedNaiveBayes
from ._presets import (
    SVM_MAX_ITER,
    EncodedClassifier,
    learner_names,
    make_learner,
    resolve_estimator,
)
from ._qda import RegularizedQDA
from ._random_tree import RandomTreeClassifier
from ._random_tree import random_tree_k as random_tree_k
from ._smo import SMOClassifier
from ._weka_tree import WekaTreeMixin as WekaTreeMixin
from ._weka_tree import first_largest as first_largest

__all__ = [
    "SVM_MAX_ITER",
    "C45TreeClassifier",
    "EncodedClassifier",
    "MixedEncoder",
    "MixedNaiveBayes",
    "RandomTreeClassifier",
    "RegularizedQDA",
    "SMOClassifier",
    "c45_added_errors",
    "learner_names",
    "make_learner",
    "resolve_estimator",
]
