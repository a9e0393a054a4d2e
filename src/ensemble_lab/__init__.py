"""ensemble-lab: classifier ensembles beyond bagging and boosting.

The public API (estimators, presets, datasets, statistics) is re-exported here.
"""

__version__ = "0.1.0"

from .methods import ProjectionBoostingClassifier

__all__ = ["ProjectionBoostingClassifier", "__version__"]
