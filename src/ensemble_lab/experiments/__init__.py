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
from types import ModuleType
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

#: Reproductions still kept as one module each (name -> module of this package); a
#: paper's subpackage replaces its entries.
_MODULES: dict[str, str] = {
    "boosting-variants": "boosting_variants",
    "elrc": "elrc",
    "oracle": "oracle",
    "oracle-2d": "oracle_2d",
    "triskel": "triskel",
    "triskel-bias": "triskel_bias",
    "triskel-cake": "triskel_cake",
}


def experiment_names() -> list[str]:
    """Names of the packaged TOML experiments."""
    return sorted(p.stem for p in _DIR.glob("*.toml"))


def experiment_path(name: str) -> Path:
    """Path of a packaged experiment's TOML file."""
    path = _DIR / f"{name}.toml"
    if not path.is_file():
        raise ValueError(f"no packaged experiment {name!r}; available: {experiment_names()}")
    return path


class _ModuleReproduction(Reproduction):
    """A reproduction kept as one module (``run``, ``write_from_store``, ``config``...)."""

    def __init__(self, name: str, module: ModuleType) -> None:
        self.name = name  # type: ignore[misc]
        self.description = module.DESCRIPTION  # type: ignore[misc]
        self.module = module

    def parts(self, quick: bool = False) -> list[Part]:
        module = self.module
        if hasattr(module, "estimate_parts"):
            return [Part(c, stem) for c, stem in module.estimate_parts(quick=quick)]
        if hasattr(module, "config"):
            return [Part(module.config(quick=quick))]
        return []

    def paper_parts(self) -> list[Part] | None:
        paper = getattr(self.module, "paper_config", None)
        return None if paper is None else [Part(paper())]

    @property
    def keeps_store(self) -> bool:
        return hasattr(self.module, "write_from_store")

    @property
    def package(self) -> str:
        return __name__

    def paper_values(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self.module).items() if k.startswith("PAPER_")}

    def findings(self, ctx: RunContext) -> Any:
        raise TypeError(f"{self.name} writes its page in one step: call write(ctx)")

    def write_report(self, findings: Any, out_dir: Path) -> Path:
        raise TypeError(f"{self.name} writes its page in one step: call write(ctx)")

    def write(self, ctx: RunContext) -> Path:
        options = {"data_dir": ctx.data_dir, "quick": ctx.quick}
        return Path(self.module.write_from_store(ctx.out_dir, **options))

    def run(self, ctx: RunContext) -> Path:
        options = {"n_jobs": ctx.n_jobs, "backend": ctx.backend, "progress": ctx.progress}
        options |= {"data_dir": ctx.data_dir, "quick": ctx.quick}
        return Path(self.module.run(ctx.out_dir, **options))


@cache
def _registry() -> dict[str, Reproduction]:
    """Every reproduction by name: those of the papers' subpackages, then the modules."""
    found: dict[str, Reproduction] = {}
    for info in pkgutil.iter_modules([str(_DIR)]):
        if info.ispkg and not info.name.startswith("_") and info.name != "templates":
            package = importlib.import_module(f"{__name__}.{info.name}")
            for item in getattr(package, "REPRODUCTIONS", ()):
                found[item.name] = item
    for name, module in _MODULES.items():
        found.setdefault(
            name, _ModuleReproduction(name, importlib.import_module(f"{__name__}.{module}"))
        )
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

    A results store of the experiment runner goes to
    :func:`ensemble_lab.evaluation.verify.verify_store`; the boosting-variants store (its
    own schema of per-case curves) to
    :func:`ensemble_lab.experiments.boosting_variants.verify_cases`. ``options`` are
    theirs (``sample``, ``seed``, ``max_seconds``, ``data_dir``, ``n_jobs``,
    ``progress``; ``experiments``, ``methods`` and ``datasets`` for a results store
    only).

    Returns
    -------
    VerifyReport
    """
    import sqlite3

    from ..evaluation.store import require_store_file
    from ..evaluation.verify import verify_store

    path = require_store_file(path)
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as con:
            tables = {row[0] for row in con.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError:
        tables = set()
    if {"cases", "curves"} <= tables and "experiments" not in tables:
        from .boosting_variants import verify_cases

        for key in ("experiments", "methods", "datasets"):
            if options.pop(key, None) is not None:
                raise ValueError(
                    f"the boosting-variants store has no {key} to choose; drop --{key[:-1]}"
                )
        return verify_cases(path, **options)
    return verify_store(path, **options)
