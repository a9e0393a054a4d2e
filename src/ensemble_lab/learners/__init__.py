"""Base-learner presets that behave like the papers' Weka learners."""

# Names imported as themselves (``x as x``) and left out of __all__ are not public API:
# the ensembles of ensemble_lab.methods take them from here (weka_argmax and
# first_largest, the first class of largest probability as Weka picks it; WekaTreeMixin,
# a fitted Weka tree predicting from the encoded data; random_tree_k, RandomTree's
# default number of features).

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
