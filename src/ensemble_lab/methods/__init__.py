"""Ensemble methods of the five papers, and the registry of their table names.

Each method module registers its named configurations when it is imported below.
"""

from ._biasing import Oversample as Oversample
from ._biasing import Threshold as Threshold
from ._biasing import Undersample as Undersample
from ._boosting import BoostingClassifier
from ._multiboost import MultiBoostClassifier
from ._registry import make, names, register
from ._triskel import TriskelClassifier

__all__ = [
    "BoostingClassifier",
    "MultiBoostClassifier",
    "TriskelClassifier",
    "make",
    "names",
    "register",
]
