"""Ensemble methods of the five papers, and the registry of their table names.

Each method module registers its named configurations when it is imported below.
"""

from ._elrc import ELRCClassifier
from ._registry import make, names, register

__all__ = ["ELRCClassifier", "make", "names", "register"]
