"""Find every public estimator of the package (for the common tests and the docs)."""

from __future__ import annotations

import importlib
import inspect

from sklearn.base import BaseEstimator

_PUBLIC_MODULES = (
    "ensemble_lab",
    "ensemble_lab.learners",
    "ensemble_lab.methods",
    "ensemble_lab.projections",
)


def all_estimators() -> list[tuple[str, type]]:
    """Sorted ``(name, class)`` pairs of the public estimator classes.

    A class is public when a module of ``_PUBLIC_MODULES`` lists it in ``__all__``;
    parameter holders without ``fit`` (Triskel's biasing strategies) are not estimators.
    """
    found: dict[str, type] = {}
    for module_name in _PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if inspect.isclass(obj) and issubclass(obj, BaseEstimator) and hasattr(obj, "fit"):
                found[name] = obj
    return sorted(found.items())


def expected_failed_checks(estimator) -> dict[str, str]:
    """The checks an estimator documents as failing, each with its reason.

    An estimator lists them in a class attribute ``_expected_failed_checks``
    (check name -> reason); its docstring repeats them.
    """
    return dict(getattr(estimator, "_expected_failed_checks", {}))
