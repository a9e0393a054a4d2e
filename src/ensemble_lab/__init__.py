"""ensemble-lab: classifier ensembles beyond bagging and boosting.

The public API (estimators, presets, datasets, statistics) is re-exported here.
"""

from .methods import (
    BoostingClassifier,
    DecorateClassifier,
    ELRCClassifier,
    MultiBoostClassifier,
    ProjectionBoostingClassifier,
    RandomLinearOracle,
    RotationForestClassifier,
    TriskelClassifier,
)

__version__ = "0.1.0"

__all__ = [
    "BoostingClassifier",
    "DecorateClassifier",
    "ELRCClassifier",
    "MultiBoostClassifier",
    "ProjectionBoostingClassifier",
    "RandomLinearOracle",
    "RotationForestClassifier",
    "TriskelClassifier",
    "__version__",
]
