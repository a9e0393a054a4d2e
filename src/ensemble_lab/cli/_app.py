"""Typer application; each command is a thin layer over the library.

The library (scikit-learn, pandas, matplotlib) is imported inside the commands, so that
``ensemble-lab --help`` answers at once.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from ._commands import DataDir, check_data_dir, register_experiment_commands
from ._errors import STATE, user_errors
from ._stores import register_store_commands
from ._tables import print_table

app = typer.Typer(
    name="ensemble-lab",
    help="Classifier ensembles beyond bagging and boosting, compared as the literature does.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


def _version(value: bool) -> None:
    if value:
        from .._version import __version__

        console.print(f"ensemble-lab {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
    debug: Annotated[
        bool,
        typer.Option("--debug", help="Show the full traceback of an error, not only its message."),
    ] = False,
) -> None:
    """Classifier ensembles beyond bagging and boosting, compared as the literature does."""
    STATE.debug = debug


@app.command()
@user_errors(console)
def datasets(data_dir: DataDir = None) -> None:
    """List the datasets available: instances, attributes, classes, missing values."""
    from ..datasets import list_datasets

    check_data_dir(data_dir)
    frame = list_datasets(data_dir)
    header = ["name", "instances", "nominal", "numeric", "classes", "missing", "source", "note"]
    rows = []
    for row in frame.itertuples(index=False):
        if row.error:
            rows.append([row.name, "", "", "", "", "", row.source, f"cannot be read: {row.error}"])
            continue
        counts = [str(row.instances), str(row.nominal), str(row.numeric), str(row.classes)]
        rows.append([row.name, *counts, "yes" if row.missing else "no", row.source, row.note])
    print_table(console, header, rows, title="Datasets")
    unreadable = int((frame["error"] != "").sum())
    if unreadable:
        console.print(f"[yellow]{unreadable} file(s) could not be read[/] (see the note column).")


@app.command()
@user_errors(console)
def methods(
    paper: Annotated[
        str | None,
        typer.Option(
            "--paper",
            help="Only the names of one paper: its citation key (kuncheva2007oracle) or "
            "its number, 0 ... 4.",
        ),
    ] = None,
) -> None:
    """List the registered method names, with what each builds and its paper."""
    from ..methods import describe_methods

    rows = [[m.name, m.paper, m.estimator, m.base, m.what] for m in describe_methods(paper)]
    header = ["name", "paper", "estimator", "base", "what"]
    print_table(console, header, rows, title="Methods (ensemble_lab.methods.make(name))")


register_experiment_commands(app, console)
register_store_commands(app, console)


def main() -> None:
    """Entry point of the console script."""
    app()
