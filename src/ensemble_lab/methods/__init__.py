"""Ensemble methods of the five papers, and the registry of their table names.

Each method module registers its named configurations when it is imported below.
"""

from ._oracle_ensembles import DecorateClassifier, RandomLinearOracle, RotationForestClassifier
from ._registry import make, names, register

__all__ = [
    "DecorateClassifier",
    "RandomLinearOracle",
    "RotationForestClassifier",
    "make",
    "names",
    "register",
]
