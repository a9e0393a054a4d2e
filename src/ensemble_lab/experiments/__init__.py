"""Named experiments shipped with the package: the main job and each paper reproduction.

* ``quick.toml`` is the main job of ``ensemble-lab run`` (format: docs/experiments.md).
* A *reproduction* (:class:`Reproduction`) rebuilds one paper's tables or figures and
  writes, into a results directory, a Markdown page ``NAME.md`` (our numbers beside
  the paper's), its figures ``NAME-*.png``, its claims ledger and the results stores
  of the experiments it runs. ``ensemble-lab reproduce NAME`` runs it; the committed
  copies are in the repository's ``experiments/results/``. Each paper has its own
  subpackage here, which lists its reproductions in ``REPRODUCTIONS``; they are
  found by :func:`reproduction` and :func:`reproduction_names`.

  Every page is written in two steps: :meth:`Reproduction.findings` gathers everything
  the page states (numbers, tables, the claims ledger) from the stores into a frozen
  dataclass, and :meth:`Reproduction.write_report` draws the figures and fills the
  page's Markdown template (``templates/NAME.md`` of the paper's subpackage) with text
  formatted from it.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path
from typing import Any

from ._reproduction import Part, Reproduction, RunContext

__all__ = [
    "Part",
    "Reproduction",
    "RunContext",
    "experiment_names",
    "experiment_path",
    "reproduction",
    "reproduction_names",
    "verify",
]

_DIR = Path(__file__).parent


def experiment_names() -> list[str]:
    """Names of the packaged TOML experiments."""
    return sorted(p.stem for p in _DIR.glob("*.toml"))


def experiment_path(name: str) -> Path:
    """Path of a packaged experiment's TOML file."""
    path = _DIR / f"{name}.toml"
    if not path.is_file():
        raise ValueError(f"no packaged experiment {name!r}; available: {experiment_names()}")
    return path


@cache
def _registry() -> dict[str, Reproduction]:
    """Every reproduction by name, from the ``REPRODUCTIONS`` of each paper's subpackage."""
    found: dict[str, Reproduction] = {}
    for info in pkgutil.iter_modules([str(_DIR)]):
        if info.ispkg and not info.name.startswith("_"):
            package = importlib.import_module(f"{__name__}.{info.name}")
            for item in getattr(package, "REPRODUCTIONS", ()):
                found[item.name] = item
    return dict(sorted(found.items()))


def reproduction_names() -> list[str]:
    """Names accepted by ``ensemble-lab reproduce``.

    Examples
    --------
    >>> "oracle" in reproduction_names()
    True
    """
    return list(_registry())


def reproduction(name: str) -> Reproduction:
    """The reproduction called ``name``.

    Raises
    ------
    ValueError
        When there is none, listing the names there are.

    Examples
    --------
    >>> reproduction("oracle").description.split(":")[0]
    '40 ensembles with/without the Random Linear Oracle on 35 UCI datasets'
    >>> reproduction("oracel")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: unknown reproduction 'oracel'; available: boosting-variants, elrc, oracle, ...
    """
    found = _registry()
    if name not in found:
        raise ValueError(f"unknown reproduction {name!r}; available: {', '.join(found)}")
    return found[name]


def verify(path: str | Path, **options: Any) -> Any:
    """Re-run a sample of a store's tasks and compare: any store a reproduction writes.

    Every reproduction keeps its results in stores of the experiment runner, so this is
    :func:`ensemble_lab.evaluation.verify.verify_store`; ``options`` are its own
    (``sample``, ``seed``, ``max_seconds``, ``data_dir``, ``n_jobs``, ``progress``,
    ``experiments``, ``methods``, ``datasets``).

    Returns
    -------
    VerifyReport
    """
    from ..evaluation.store import require_store_file
    from ..evaluation.verify import verify_store

    return verify_store(require_store_file(path), **options)
