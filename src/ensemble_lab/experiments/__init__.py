"""Named experiments shipped with the package: the main job and each paper reproduction.

* ``quick.toml`` is the main job of ``ensemble-lab run`` (format: docs/experiments.md).
* A *reproduction* is a module of this package listed in ``REPRODUCTIONS``; it rebuilds
  one paper's table or figure and writes, into an output directory, a Markdown page
  ``NAME.md`` (our numbers beside the paper's), its figures ``NAME-*.png`` and, when it
  uses the runner, the results store ``NAME.db``. ``ensemble-lab reproduce NAME`` runs
  it; the committed copies are in the repository's ``experiments/results/``. Each module
  provides::

      DESCRIPTION: str
      def run(out_dir: Path, *, data_dir=None, n_jobs=1, backend=None,
              progress=None, quick=False) -> Path   # the Markdown page written

  and, when it runs an experiment through the runner, ``config(quick=False)`` returning
  its :class:`~ensemble_lab.evaluation.ExperimentConfig` (used by ``--estimate``).
  A reproduction that keeps a results store also provides::

      def write_from_store(out_dir: Path, *, data_dir=None, quick=False) -> Path

  which rewrites the page and figures from what ``out_dir`` already holds, fitting
  nothing (``ensemble-lab reproduce NAME --from-store``; a stopped run's page lists
  what is missing).

  Every page is written in two steps: ``findings(...)`` gathers everything the page
  states (numbers, tables, the claims ledger) into a frozen ``Findings`` dataclass,
  and ``write_report(f, out_dir)`` draws the figures and fills the page's Markdown
  template ``templates/NAME.md`` (a section shown only in some runs has its own
  ``templates/NAME-SECTION.md``) with text formatted from ``f``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = [
    "REPRODUCTIONS",
    "experiment_names",
    "experiment_path",
    "reproduction",
    "reproduction_names",
    "verify",
]

_DIR = Path(__file__).parent

#: reproduction name -> module of this package
REPRODUCTIONS: dict[str, str] = {
    "boosting-variants": "boosting_variants",
    "elrc": "elrc",
    "oracle": "oracle",
    "oracle-2d": "oracle_2d",
    "projection-boosting": "projection_boosting",
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


def reproduction_names() -> list[str]:
    """Names accepted by ``ensemble-lab reproduce``."""
    return sorted(REPRODUCTIONS)


def reproduction(name: str) -> ModuleType:
    """The module of a reproduction."""
    if name not in REPRODUCTIONS:
        raise ValueError(f"unknown reproduction {name!r}; available: {reproduction_names()}")
    return importlib.import_module(f"{__name__}.{REPRODUCTIONS[name]}")


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
