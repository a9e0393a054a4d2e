"""Typer application; each command is a thin layer over the library."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..datasets import list_datasets
from ._commands import register_experiment_commands

app = typer.Typer(
    name="ensemble-lab",
    help="Classifier ensembles beyond bagging and boosting, compared as the literature does.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        console.print(f"ensemble-lab {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Classifier ensembles beyond bagging and boosting, compared as the literature does."""


DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        envvar="ENSEMBLE_LAB_DATA",
        help="Directory of ARFF files (default: $ENSEMBLE_LAB_DATA).",
    ),
]


@app.command()
def datasets(data_dir: DataDir = None) -> None:
    """List the datasets available: instances, attributes, classes, missing values."""
    frame = list_datasets(data_dir)
    table = Table(title="Datasets")
    for column, justify in [
        ("name", "left"),
        ("instances", "right"),
        ("nominal", "right"),
        ("numeric", "right"),
        ("classes", "right"),
        ("missing", "center"),
        ("source", "left"),
        ("note", "left"),
    ]:
        table.add_column(column, justify=justify, no_wrap=column in {"name", "source"})  # type: ignore[arg-type]
    for row in frame.itertuples(index=False):
        table.add_row(
            row.name,
            str(row.instances),
            str(row.nominal),
            str(row.numeric),
            str(row.classes),
            "yes" if row.missing else "no",
            row.source,
            row.note,
        )
    console.print(table)


register_experiment_commands(app, console)


def main() -> None:
    """Entry point of the console script."""
    app()
