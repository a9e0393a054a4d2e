"""ensemble-lab: classifier ensembles beyond bagging and boosting.

The public API (estimators, presets, datasets, statistics) is re-exported here. The
estimators are imported on first use, so that ``import ensemble_lab`` (and the command
line's ``--help``) does not pay for scikit-learn.
"""

from typing import Any

from ._version import __version__

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


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import methods

        return getattr(methods, name)
    raise AttributeError(f"module 'ensemble_lab' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
