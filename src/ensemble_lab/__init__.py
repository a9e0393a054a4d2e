"""ensemble-lab: classifier ensembles beyond bagging and boosting.

The everyday names are re-exported here: the paper's estimators, ``make`` (a method of
the papers' tables by name), ``make_learner`` (a base-learner preset), ``load`` and
``load_arff`` (data sets), ``run_experiment``. They are imported on first use, so that
``import ensemble_lab`` (and the command line's ``--help``) does not pay for
scikit-learn.

Examples
--------
>>> from ensemble_lab import load, make
>>> X, y = load("iris")
>>> make("Triskel-W2", random_state=0).fit(X, y).score(X, y) > 0.9
True
"""

import importlib
from typing import Any

from ._version import __version__ as __version__

#: name -> the subpackage it comes from
_EXPORTS: dict[str, str] = {
    "BoostingClassifier": "methods",
    "DecorateClassifier": "methods",
    "ELRCClassifier": "methods",
    "MultiBoostClassifier": "methods",
    "ProjectionBoostingClassifier": "methods",
    "RandomLinearOracle": "methods",
    "RotationForestClassifier": "methods",
    "TriskelClassifier": "methods",
    "load": "datasets",
    "load_arff": "datasets",
    "load_csv": "datasets",
    "load_openml": "datasets",
    "make": "methods",
    "make_learner": "learners",
    "run_experiment": "evaluation",
}

__all__ = sorted([*_EXPORTS, "__version__"])


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    raise AttributeError(f"module 'ensemble_lab' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
