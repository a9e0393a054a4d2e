"""Commands on a results store: ``verify``, ``backfill``, ``pack`` and ``unpack``.

``verify`` re-runs a sample of a store's tasks and compares them with the stored ones;
``backfill`` computes the metrics of tasks stored before they were recorded; ``pack``
writes a store's compact, read-only form (``NAME.db.xz``) and ``unpack`` turns it back
into the plain file a run writes to.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ._commands import DataDir, check_data_dir
from ._errors import user_errors
from ._tables import print_table

Store = Annotated[
    Path, typer.Argument(help="A results store (.db, or its compact form .db.xz) written by a run.")
]
Keep = Annotated[bool, typer.Option("--keep", "-k", help="Keep the input file (as xz -k).")]
Sample = Annotated[
    int, typer.Option("--sample", "-n", min=1, help="Tasks to re-run, drawn at random.")
]
Seed = Annotated[int, typer.Option("--seed", help="Seed of the random draw.")]
MaxSeconds = Annotated[
    float | None,
    typer.Option(
        "--max-seconds",
        metavar="S",
        help="Draw only among tasks whose stored fit + predict CPU is at most S seconds.",
    ),
]
Experiments = Annotated[
    list[str] | None,
    typer.Option("--experiment", "-e", help="Only this experiment (repeatable)."),
]
NJobs = Annotated[int, typer.Option("--n-jobs", "-j", min=1, help="Local worker processes.")]
Methods = Annotated[
    list[str] | None,
    typer.Option("--method", "-m", help="Only this method, by its label (repeatable)."),
]
Datasets = Annotated[
    list[str] | None,
    typer.Option("--dataset", "-d", help="Only this data set (repeatable)."),
]


def _percent(value: float | None) -> str:
    return "" if value is None else f"{100 * value:.4f}"


def _show(console: Console, report: Any) -> None:
    """The checked tasks as a table, the failures' details; exit 1 if any failed."""
    several = len({c.experiment for c in report.checks}) > 1
    header = [*(["experiment"] if several else []), "dataset", "method", "split"]
    header += ["stored %", "rerun %", "status"]
    rows = [
        [
            *([c.experiment] if several else []),
            c.key.dataset,
            c.key.method,
            f"{c.key.repetition}/{c.key.fold}",
            _percent(c.stored),
            _percent(c.rerun),
            c.status,
        ]
        for c in report.checks
    ]
    title = f"{len(report.checks)} of {report.n_tasks} stored tasks re-run"
    print_table(console, header, rows, title=title)
    if not report.checks:
        console.print("[yellow]No task to re-run[/] (none finished, or none that fast).")
        return
    bad = report.failures
    for c in bad:
        split = f"{c.key.repetition}/{c.key.fold}"
        console.print(
            f"{c.status}: {c.key.dataset}, {c.key.method}, split {split}: {c.detail}",
            markup=False,
        )
    if bad:
        console.print(
            f"[red]{len(bad)} of {len(report.checks)} task(s) did not give the stored numbers.[/]"
        )
        raise typer.Exit(1)
    console.print(f"All {len(report.checks)} task(s) gave the stored numbers.")


def register_store_commands(app: typer.Typer, console: Console) -> None:
    """Add ``verify``, ``backfill``, ``pack`` and ``unpack`` to ``app``."""
    _register_checks(app, console)
    _register_packing(app, console)


def _register_packing(app: typer.Typer, console: Console) -> None:
    """``pack`` and ``unpack``: a store's compact form and back."""

    @app.command()
    @user_errors(console)
    def pack(store: Store, keep: Keep = False) -> None:
        """Write the compact form of a store, STORE.xz: vacuumed and xz-compressed, read-only.

        Pages (reproduce --from-store), verify, report and export read it as they read
        the plain file; a run refuses it until it is unpacked. Like xz, the plain file
        is removed unless --keep.
        """
        from ..evaluation.store import pack_store

        before = store.stat().st_size if store.is_file() else 0
        packed = pack_store(store, keep=keep)
        size = packed.stat().st_size
        console.print(f"Written: {packed} ({before / 1e6:.1f} MB -> {size / 1e6:.1f} MB)")

    @app.command()
    @user_errors(console)
    def unpack(store: Store, keep: Keep = False) -> None:
        """Turn a compact store (.db.xz) back into the plain file a run writes to.

        The same as ``xz -d``; like it, the compact file is removed unless --keep.
        """
        from ..evaluation.store import unpack_store

        console.print(f"Written: {unpack_store(store, keep=keep)}")


def _register_checks(app: typer.Typer, console: Console) -> None:
    """``backfill`` and ``verify``."""

    @app.command()
    @user_errors(console)
    def backfill(store: Store, experiment: Experiments = None) -> None:
        """Fill in the metrics of tasks stored before they were recorded, from predictions.

        Balanced accuracy, kappa and macro-F1 come from a task's recorded predictions;
        AUC, log loss and Brier score need probabilities, which are not recorded.
        """
        from ..evaluation import ResultsStore

        with ResultsStore(store, create=False) as db:
            names: list[str | None] = list(experiment) if experiment else [None]
            filled = sum(int(db.backfill_metrics(name)) for name in names)
        console.print(f"{filled} task(s) filled in from their recorded predictions.")

    @app.command()
    @user_errors(console)
    def verify(
        store: Store,
        sample: Sample = 20,
        seed: Seed = 0,
        max_seconds: MaxSeconds = None,
        experiment: Experiments = None,
        method: Methods = None,
        dataset: Datasets = None,
        n_jobs: NJobs = 1,
        data_dir: DataDir = None,
    ) -> None:
        """Re-run a random sample of a store's tasks from its stored configuration and seeds.

        Each task's accuracy (and its predictions, where the store recorded them) must
        come out exactly as stored. Exits with status 1 if any task differs, was stored
        by another results revision of its method, or cannot be run. With --method or
        --dataset the sample is drawn among those tasks only: with a --sample as large as
        their number, every one of them is re-run (an audit of one method's results).
        """
        from ..experiments import verify as verify_any

        check_data_dir(data_dir)

        with console.status(f"re-running {sample} task(s) of {store} ..."):
            report = verify_any(
                store,
                sample=sample,
                seed=seed,
                max_seconds=max_seconds,
                experiments=experiment,
                methods=method,
                datasets=dataset,
                data_dir=data_dir,
                n_jobs=n_jobs,
            )
        _show(console, report)
