"""Base-learner presets that behave like the papers' Weka learners."""

from ..encoding import MixedEncoder
from ._c45 import C45TreeClassifier, c45_added_errors
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
from ._smo import SMOClassifier

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
