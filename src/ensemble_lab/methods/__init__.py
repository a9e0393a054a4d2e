"""Ensemble methods of the five papers, and the registry of their table names.

Each method module registers its named configurations when it is imported below.
"""

from ._boosting import BoostingClassifier
from ._multiboost import MultiBoostClassifier
from ._registry import make, names, register

__all__ = ["BoostingClassifier", "MultiBoostClassifier", "make", "names", "register"]
