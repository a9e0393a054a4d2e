"""A reproduction as an object: its experiments, what its page states, its page.

A :class:`Reproduction` rebuilds one paper's tables or figures. It names the
experiments it runs (:meth:`Reproduction.parts`: each an
:class:`~ensemble_lab.evaluation.ExperimentConfig` and the results store it goes to),
gathers from their stores everything its page states (:meth:`Reproduction.findings`,
a frozen dataclass) and draws its figures and fills its Markdown template
(:meth:`Reproduction.write_report`). Running one is always the same two steps —
run (or resume) every part through the experiment runner, then write the page from
the stores — so ``ensemble-lab reproduce NAME``, ``--from-store``, ``--estimate`` and
the tests all drive a reproduction through this one interface, with one
:class:`RunContext` saying where the stores and the data are, how to run tasks and
whether to run the quick version.
"""

from __future__ import annotations

import importlib
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar

import pandas as pd

from ..evaluation import ExperimentConfig, load_results
from ..evaluation.store import find_store
from ._common import run_into

__all__ = ["Part", "Reproduction", "RunContext"]


@dataclass(frozen=True)
class RunContext:
    """Where a reproduction reads and writes, and how it runs its tasks.

    Parameters
    ----------
    out_dir : Path
        The results directory: the stores (``NAME.db`` or ``NAME.db.xz``), the page
        ``NAME.md``, its figures and its claims ledger.
    data_dir : Path, optional
        Extra data sets (ARFF files) besides the packaged ones.
    n_jobs : int, default=1
        Worker processes of the default backend.
    backend : Backend, optional
        Where tasks run (:func:`~ensemble_lab.evaluation.make_backend`); overrides
        ``n_jobs``.
    progress : callable, optional
        Called with the runner's :class:`~ensemble_lab.evaluation.Progress` after
        each task.
    quick : bool, default=False
        The reproduction's small version (a few data sets, few folds): the tests'.

    Examples
    --------
    >>> ctx = RunContext(Path("results"), quick=True)
    >>> ctx.store_path("triskel")
    PosixPath('results/triskel.db')
    """

    out_dir: Path
    data_dir: Path | None = None
    n_jobs: int = 1
    backend: Any = None
    progress: Callable[[Any], None] | None = None
    quick: bool = False

    def __post_init__(self) -> None:
        """Hold the directories as paths."""
        object.__setattr__(self, "out_dir", Path(self.out_dir))
        if self.data_dir is not None:
            object.__setattr__(self, "data_dir", Path(self.data_dir))

    def with_quick(self, quick: bool) -> RunContext:
        """The same context, quick or not."""
        return replace(self, quick=quick)

    def store_path(self, store: str) -> Path:
        """The store ``store`` of the results directory: plain, or its compact ``.xz``."""
        return find_store(self.out_dir, store)

    def run(self, part: Part) -> None:
        """Run (or resume) one part into its store; every task finished, or it raises.

        Raises ``KeyboardInterrupt`` when the run was interrupted (finished tasks are
        kept: the next call resumes) and ``RuntimeError`` naming the first failed task.
        """
        self.out_dir.mkdir(parents=True, exist_ok=True)
        run_into(
            part.config,
            self.store_path(part.store),  # a compact store is refused, saying how to unpack it
            n_jobs=self.n_jobs,
            backend=self.backend,
            data_dir=self.data_dir,
            progress=self.progress,
        )

    def results(self, part: Part) -> pd.DataFrame:
        """The stored results of one part (:func:`~ensemble_lab.evaluation.load_results`).

        Raises
        ------
        FileNotFoundError
            When the results directory has no store of the part (naming it).
        """
        db = self.store_path(part.store)
        if not db.is_file():
            raise FileNotFoundError(f"no results store {db} (experiment {part.config.name})")
        return load_results(db, part.config.name)


@dataclass(frozen=True)
class Part:
    """One experiment of a reproduction and the store (file stem) it is kept in.

    Examples
    --------
    >>> from ensemble_lab.evaluation import MethodSpec
    >>> config = ExperimentConfig("study", ["iris"], [MethodSpec("J48", name="J48")])
    >>> Part(config).store
    'study'
    """

    config: ExperimentConfig
    store: str = ""

    def __post_init__(self) -> None:
        """A part's store is named after its experiment unless another is given."""
        if not self.store:
            object.__setattr__(self, "store", self.config.name)


class Reproduction(ABC):
    """One paper's tables or figures, rebuilt: experiments, findings, figures and page.

    A subclass sets :attr:`name` (what ``ensemble-lab reproduce`` accepts),
    :attr:`description` (one line for ``--list``) and implements :meth:`findings` and
    :meth:`write_report`; one that runs experiments through the runner lists them in
    :meth:`parts`. A paper's subpackage of :mod:`ensemble_lab.experiments` lists its
    reproductions in ``REPRODUCTIONS``, which is how they are found
    (:func:`ensemble_lab.experiments.reproduction`).

    Examples
    --------
    >>> from ensemble_lab.experiments import reproduction
    >>> oracle = reproduction("oracle")
    >>> oracle.name, oracle.keeps_store
    ('oracle', True)
    >>> [part.store for part in oracle.parts(quick=True)]
    ['oracle', 'oracle']
    """

    #: The name ``ensemble-lab reproduce`` accepts (also the page's file stem).
    name: ClassVar[str]
    #: One line for ``ensemble-lab reproduce --list``.
    description: ClassVar[str]

    def parts(self, quick: bool = False) -> list[Part]:
        """The experiments this reproduction runs through the runner, in their order."""
        return []

    def paper_parts(self) -> list[Part] | None:
        """The parts at the paper's own protocol, when the committed run used a lighter one.

        None when :meth:`parts` already follows the paper (``reproduce --paper-protocol``
        then refuses, saying so).
        """
        return None

    @property
    def package(self) -> str:
        """The subpackage of the paper this reproduction belongs to."""
        return str(sys.modules[type(self).__module__].__package__)

    def templates(self) -> Traversable:
        """The folder of the page's Markdown templates (``NAME.md``, ``NAME-SECTION.md``)."""
        return resources.files(self.package).joinpath("templates")

    def paper_values(self) -> dict[str, Any]:
        """The paper's typed-in figures: every ``PAPER_*`` constant the page compares with.

        Those of the paper's module ``paper`` (every paper's subpackage has one) and of
        the module that defines this class. The template tests allow a page's text no
        other number (besides set-up constants) than these.
        """
        paper = importlib.import_module(f"{self.package}.paper")
        modules = [sys.modules[type(self).__module__], paper]
        return {
            name: value
            for module in modules
            for name, value in vars(module).items()
            if name.startswith("PAPER_")
        }

    @property
    def keeps_store(self) -> bool:
        """Whether the page is written from results stores (``--from-store`` works)."""
        return bool(self.parts(quick=False))

    @abstractmethod
    def findings(self, ctx: RunContext) -> Any:
        """Everything the page states, gathered from the stores of ``ctx.out_dir``.

        A reproduction with no store computes here what it shows (its fits are small).
        """

    @abstractmethod
    def write_report(self, findings: Any, out_dir: Path) -> Path:
        """Draw the figures and write the page and its claims ledger; the page's path."""

    def write(self, ctx: RunContext) -> Path:
        """The page from what ``ctx.out_dir`` holds: :meth:`findings`, then the report.

        Nothing is run: a part missing from the stores is left out of the page, which
        says so.
        """
        return self.write_report(self.findings(ctx), ctx.out_dir)

    def run(self, ctx: RunContext) -> Path:
        """Run (or resume) every part, then write the page; the page's path."""
        for part in self.parts(quick=ctx.quick):
            ctx.run(part)
        return self.write(ctx)
