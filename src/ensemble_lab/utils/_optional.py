"""Optional dependencies: imported where a feature needs them, named when missing."""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["MissingExtraError", "optional_import"]


class MissingExtraError(ImportError):
    """An optional package a feature needs is not installed; the message says how to get it."""


def optional_import(module: str, *, feature: str, extra: str = "", package: str = "") -> ModuleType:
    """Import ``module``, or raise :class:`MissingExtraError` saying how to install it.

    Parameters
    ----------
    module : str
        The module to import (``"distributed"``).
    feature : str
        What needs it, for the message (``"running on Dask"``).
    extra : str, optional
        The extra of ensemble-lab that installs it (``"dask"``).
    package : str, optional
        Else the package that does (``"imbalanced-learn"``), a dependency a partial
        install may lack.

    Examples
    --------
    >>> optional_import("json", extra="none", feature="reading JSON").__name__
    'json'
    >>> try:
    ...     optional_import("no_such_module", extra="dask", feature="Running on Dask")
    ... except ImportError as error:
    ...     print(error)
    Running on Dask needs the optional package 'no_such_module': pip install 'ensemble-lab[dask]'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".")[0]
        install = f"'ensemble-lab[{extra}]'" if extra else package or top
        raise MissingExtraError(
            f"{feature} needs the optional package {top!r}: pip install {install}"
        ) from None
