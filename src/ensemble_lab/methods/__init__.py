"""Ensemble methods of the five papers, and the registry of their table names.

Each method module registers its named configurations when it is imported below.
"""

from ._boosting import BoostingClassifier
from ._multiboost import MultiBoostClassifier
from ._oracle_ensembles import DecorateClassifier, RandomLinearOracle, RotationForestClassifier
from ._projection_boosting import ProjectionBoostingClassifier
from ._registry import make, names, register

__all__ = [
    "BoostingClassifier",
    "DecorateClassifier",
    "MultiBoostClassifier",
    "ProjectionBoostingClassifier",
    "RandomLinearOracle",
    "RotationForestClassifier",
    "make",
    "names",
    "register",
]
