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
    from rich.markup import escape

    from ..methods import PAPERS, describe_methods

    # One table per paper, titled with it, and two columns (the name; what it builds,
    # then the estimator and base learner), so that the descriptions keep the width of
    # the terminal and wrap instead of being squeezed out by the other columns.
    infos = describe_methods(paper)
    order = [*PAPERS, ""]
    console.print(
        "[bold]Methods[/] by the names of the papers' tables: ensemble_lab.methods.make(name)"
    )
    for key in sorted({m.paper for m in infos}, key=order.index):
        rows = [
            [m.name, f"{m.what}\n{m.estimator}" + (f", base {m.base}" if m.base else "")]
            for m in infos
            if m.paper == key
        ]
        title = escape(f"{PAPERS[key]} [{key}]") if key else "Other names"
        print_table(console, ["name", "what it builds"], rows, title=title)


register_experiment_commands(app, console)
register_store_commands(app, console)


def main() -> None:
    """Entry point of the console script."""
    app()
