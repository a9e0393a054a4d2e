"""``run``, ``reproduce`` and ``report``: run experiments and show their results.

The library is imported inside the commands (see ``_app``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from ._errors import user_errors
from ._tables import print_table

if TYPE_CHECKING:
    from ..experiments import Reproduction
    from ..reporting import Table

DEFAULT_RESULTS = Path("ensemble-lab-results")


@dataclass(frozen=True)
class _View:
    """What the tables of a stored experiment show: the metric, the test, the level."""

    metric: str
    test: str
    alpha: float
    expected_splits: int | None
    procedure: str = "auto"

    @classmethod
    def of(
        cls,
        config: dict[str, Any],
        metric: str,
        test: str | None,
        alpha: float,
        procedure: str = "auto",
    ) -> _View:
        """The view for ``config`` (as stored): the protocol's test unless one is chosen."""
        from ..evaluation import protocol_from_dict
        from ..evaluation.metrics import get_metric
        from ..reporting.tables import TEST_LABELS, default_test

        _check_alpha(alpha)
        get_metric(metric)
        if test is not None and test not in TEST_LABELS:
            raise ValueError(f"--test must be one of {', '.join(TEST_LABELS)}, got {test!r}")
        try:
            expected = protocol_from_dict(dict(config["protocol"])).n_splits()
        except (KeyError, TypeError, ValueError):
            expected = None
        if procedure not in ("auto", "parametric", "nonparametric"):
            raise ValueError(
                f"--procedure must be auto, parametric or nonparametric, got {procedure!r}"
            )
        chosen = test or default_test(config.get("protocol"))
        return cls(metric, chosen, alpha, expected, procedure)

    @property
    def title(self) -> str:
        """The heading of the metric's table: ``Accuracy (%)``, ``Log loss``."""
        from ..evaluation.metrics import get_metric

        metric = get_metric(self.metric)
        return metric.label[0].upper() + metric.label[1:] + (" (%)" if metric.percent else "")


def _show(console: Console, table: Table, title: str) -> None:
    """Print a paper-style table in the terminal (in blocks of columns if it is wide)."""
    frame = table.frame
    header = [str(frame.index.name or ""), *map(str, frame.columns)]
    rows = [
        [str(label), *("" if v is None else str(v) for v in row)]
        for label, row in zip(frame.index, frame.to_numpy())
    ]
    print_table(console, header, rows, title=title, caption=table.caption)


def _experiment(db: Path, experiment: str | None) -> tuple[str, dict[str, Any]]:
    """The experiment of ``db`` to show (``experiment``, or the only one) and its config."""
    from ..evaluation.store import stored_configs

    if db.is_dir():
        raise IsADirectoryError(f"the results store {db} is a directory; give a file")
    if not db.is_file():
        raise FileNotFoundError(f"No results database at {db}")
    configs = stored_configs(db)  # read only: a report leaves the store's file as it was
    names = list(configs)
    if not names:
        raise ValueError(f"{db} holds no experiment yet")
    if experiment is None:
        if len(names) != 1:
            raise ValueError(f"Choose an experiment with -e: {', '.join(names)}")
        experiment = names[0]
    if experiment not in names:
        raise ValueError(f"No experiment {experiment!r} in {db}: {', '.join(names)}")
    return experiment, configs[experiment]


def _export(
    console: Console,
    db: Path,
    experiment: str | None,
    output: Path | None,
    fmt: str | None,
    *,
    include_failures: bool,
    metric: str | None = None,
) -> None:
    """Write the per-split table to ``output``, or as CSV to the standard output."""
    import sys

    from ..evaluation import export_results, load_failures

    if output is None and fmt in ("parquet", "arff"):
        raise ValueError(f"{fmt} is written to a file: give it with -o FILE.{fmt}")
    if output is not None and output.is_dir():
        raise IsADirectoryError(f"-o {output} is a directory; give the file to write")
    target = sys.stdout if output is None else output
    frame = export_results(
        db, target, experiment, fmt=fmt, include_failures=include_failures, metric=metric
    )
    if output is not None:
        console.print(f"Written: {escape(str(output))} ({len(frame)} rows)", soft_wrap=True)
    failed = len(load_failures(db, experiment))
    if failed and not include_failures:
        typer.echo(f"{failed} failed task(s) left out (--failures to include them).", err=True)


def _results_paths(results: Path | None) -> tuple[Path, Path]:
    """(database, report directory) from ``--results`` (a .db file or a directory)."""
    target = results or DEFAULT_RESULTS
    stores = {".db", ".sqlite", ".sqlite3"}
    if target.suffix in stores or (target.suffix == ".xz" and Path(target.stem).suffix in stores):
        return target, target.parent  # a compact store (.db.xz) is refused by the run
    return target / "results.db", target


def _run(
    console: Console,
    config_path: Path,
    *,
    results: Path | None,
    data_dir: Path | None,
    n_jobs: int,
    scheduler: str | None,
    dask_local: int | None,
    new: bool,
    alpha: float,
) -> None:
    from ..evaluation import load_config, run_experiment
    from ._progress import ProgressBar

    _check_alpha(alpha)
    check_jobs(n_jobs)
    check_data_dir(data_dir)
    config = load_config(config_path)
    db, out_dir = _results_paths(results)
    db.parent.mkdir(parents=True, exist_ok=True)
    backend = _backend(console, n_jobs, scheduler, dask_local)
    header = (
        f"[bold]{escape(config.name)}[/]: {escape(config.description or '')}\n"
        f"results: {escape(str(db))}  (stop with Ctrl-C; running again resumes)"
    )
    try:
        with ProgressBar(console, config.name, header=header) as bar:
            summary = run_experiment(
                config,
                db,
                backend=backend,
                data_dir=data_dir,
                progress=bar.update,
                overwrite=new,
            )
    finally:
        _close(backend)
    _print_summary(console, summary)
    stored = config.to_dict()
    _show_run(console, db, out_dir, stored, _View.of(stored, "accuracy", None, alpha))
    if summary.failed:
        raise typer.Exit(1)


def _close(backend: Any) -> None:
    """Close ``backend`` if it holds resources (a Dask cluster or client)."""
    close = getattr(backend, "close", None)
    if close is not None:
        close()


def _print_summary(console: Console, summary: Any) -> None:
    """What the run did besides running tasks; exit 130 if it was stopped."""
    if summary.extended:
        console.print(
            "The stored experiment was extended (more datasets, methods or repetitions): "
            "its results are kept, only the new tasks were run."
        )
    if summary.skipped:
        console.print(f"{summary.skipped} task(s) were already in the store and were skipped.")
    if summary.failed:
        console.print(f"[red]{summary.failed} task(s) failed in this run[/] (see Failures).")
    if summary.interrupted:
        console.print(
            "[yellow]Stopped.[/] Finished tasks are saved; run the same command to resume."
        )
        raise typer.Exit(130)


def _show_run(
    console: Console, db: Path, out_dir: Path, config: dict[str, Any], view: _View
) -> None:
    """The failures and accuracy table of a finished run, and its HTML report."""
    from ..evaluation import load_failures, load_results
    from ..reporting.tables import accuracy_table, failure_table

    name = str(config["name"])
    frame = load_results(db, name)
    failures = load_failures(db, name)
    if len(failures):
        _show(console, failure_table(failures, frame), "Failures")
    if frame.empty:
        console.print("[red]No task finished successfully.[/]")
        raise typer.Exit(1)
    baseline = _baseline(console, config.get("baseline"), frame)
    table = accuracy_table(
        frame,
        baseline=baseline,
        alpha=view.alpha,
        failures=failures,
        test=view.test,  # type: ignore[arg-type]
        metric=view.metric,
        expected_splits=view.expected_splits,
    )
    _show(console, table, view.title)
    report = _html_report(db, config, frame, failures, baseline, view)
    path = report.write(report_file(out_dir, name))
    console.print(f"Report: [bold]{path.resolve()}[/]")


def report_file(directory: Path, name: str) -> Path:
    """``NAME-report.html`` in ``directory``: an experiment's name is a label, not a path.

    >>> report_file(Path("out"), "../../etc/x y")
    PosixPath('out/_.._etc_x_y-report.html')
    """
    safe = re.sub(r"[^\w.+-]", "_", name).lstrip(".") or "experiment"
    return directory / f"{safe}-report.html"


def check_jobs(n_jobs: int) -> None:
    """``-j`` must be a number of worker processes (0 would fail after the run starts)."""
    if n_jobs < 1:
        raise ValueError(f"-j/--n-jobs must be at least 1 worker process, got {n_jobs}")


def check_output(output: Path | None, *, created: bool = False) -> None:
    """Refuse an ``-o`` that cannot be written, before any work, naming it.

    ``created``: a missing directory of ``output`` is created (the HTML report).
    """
    if output is None:
        return
    if output.is_dir():
        raise IsADirectoryError(f"-o {output} is a directory; give the file to write")
    folder = next(p for p in (output.parent, *output.parent.parents) if p.exists())
    if folder != output.parent and not created:
        raise FileNotFoundError(f"-o {output}: there is no directory {output.parent}")
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(f"-o {output}: {folder} is not a directory")
    writable = os.access(output if output.exists() else folder, os.W_OK)
    if not writable:
        raise PermissionError(f"-o {output}: not allowed to write there")


def _check_alpha(alpha: float) -> None:
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"--alpha must be between 0 and 1 (e.g. 0.05), got {alpha:g}")


def _baseline(console: Console, wanted: str | None, frame: Any) -> str:
    """The baseline of the tables: ``wanted`` if it has results, else the first method."""
    methods = list(dict.fromkeys(frame["method"]))
    if wanted is None or wanted in methods:
        return wanted or methods[0]
    console.print(
        f"[yellow]The baseline {wanted!r} has no successful task[/]; "
        f"the tables compare against {methods[0]!r} instead."
    )
    return str(methods[0])


def _html_report(
    db: Path,
    config: dict[str, Any],
    frame: Any,
    failures: Any,
    baseline: str,
    view: _View,
    max_diagrams: int | None = None,
) -> Any:
    """The HTML report of a stored experiment (``config`` as the store holds it)."""
    from ..evaluation import load_datasets, load_predictions, load_warnings
    from ..evaluation.metrics import METRICS
    from ..reporting import build_report, run_notes
    from ..reporting.tables import method_key, test_label

    settings = {
        "experiment": config.get("name"),
        "description": config.get("description", ""),
        "protocol": config.get("protocol"),
        "seed": config.get("seed"),
        "baseline": baseline,
        "metric": METRICS[view.metric].label,
        "per-data-set test": test_label(view.test),
        "α": view.alpha,
    }
    return build_report(
        frame,
        title=f"ensemble-lab: {config.get('name')}",
        settings=settings,
        baseline=baseline,
        test=view.test,
        member_predictions=load_predictions(db, str(config.get("name"))),
        max_diagrams=max_diagrams,
        failures=failures,
        alpha=view.alpha,
        method_key=method_key(config.get("methods", [])),
        metric=view.metric,
        expected_splits=view.expected_splits,
        procedure=view.procedure,
        notes=run_notes(
            load_datasets(db, str(config.get("name"))),
            load_warnings(db, str(config.get("name"))),
            config.get("protocol", {}).get("folds"),
        ),
    )


def _backend(console: Console, n_jobs: int, scheduler: str | None, dask_local: int | None) -> Any:
    """The backend of the command line options, or exit 2 with the reason."""
    if scheduler is not None and dask_local is not None:
        raise ValueError("Give either --scheduler or --dask-local, not both.")
    if dask_local is not None and dask_local < 1:
        raise ValueError(f"--dask-local needs at least 1 worker, got {dask_local}.")
    from ..evaluation import make_backend
    from ..evaluation.backends import require_dask

    if scheduler is not None or dask_local is not None:
        require_dask()
    if dask_local is not None:
        console.print(f"Starting a local Dask cluster of {dask_local} worker process(es)...")
    return make_backend(n_jobs, scheduler, dask_local)


def _write_from_store(
    console: Console,
    item: Reproduction,
    out_dir: Path,
    *,
    data_dir: Path | None,
    quick: bool,
) -> None:
    """``reproduce NAME --from-store``: the page from the stored results, nothing fitted."""
    from ..experiments import RunContext

    name = item.name
    if not item.keeps_store:
        raise ValueError(
            f"{name} keeps no results store: it is rebuilt in full by "
            f"`ensemble-lab reproduce {name}`."
        )
    ctx = RunContext(out_dir, data_dir, quick=quick)
    db = ctx.store_path(name)  # NAME.db, or its compact form NAME.db.xz
    if not db.is_file():
        raise FileNotFoundError(
            f"No results store {db}: run `ensemble-lab reproduce {name}` first, "
            "or point --results at the directory that holds it."
        )
    page = item.write(ctx)
    console.print(f"Written from {db}: [bold]{Path(page).resolve()}[/]", soft_wrap=True)


def _estimate(
    console: Console,
    item: Reproduction,
    out_dir: Path,
    *,
    data_dir: Path | None,
    quick: bool,
    max_datasets: int | None,
    paper_protocol: bool = False,
) -> None:
    """Print how long a reproduction takes on 1, 2 and 16 workers (nothing is stored).

    Every experiment the reproduction runs (its parts), each from the times its store
    holds, then their total.
    """
    from ..evaluation import load_results
    from ..evaluation.estimate import combine_estimates, estimate_runtime
    from ..evaluation.store import find_store

    estimates = []
    for part in _estimate_parts(item, quick=quick, paper_protocol=paper_protocol):
        config, db = part.config, find_store(out_dir, part.store)
        results = None
        if db.is_file():
            try:
                results = load_results(db, config.name)
            except KeyError:  # the store holds other experiments only
                results = None
        source = f"{len(results)} stored task(s) in {db}" if results is not None else "no store"
        console.print(f"Estimating {config.name} ({source}; timing one fold per untimed cell)...")
        estimates.append(
            estimate_runtime(config, results=results, data_dir=data_dir, max_datasets=max_datasets)
        )
    typer.echo("\n\n".join(e.summary() for e in estimates))
    if len(estimates) > 1:
        typer.echo(f"\nAll {len(estimates)} experiments of {item.name}:")
        typer.echo(combine_estimates(estimates, item.name).summary())


def _estimate_parts(item: Reproduction, *, quick: bool, paper_protocol: bool) -> list[Any]:
    """The parts ``reproduce NAME`` runs (or would at the paper's protocol), in order."""
    parts = item.parts(quick=quick)
    if not parts:
        raise ValueError(
            f"Reproduction {item.name!r} runs no experiment through the runner, "
            "so there are no task times to estimate from."
        )
    if not paper_protocol:
        return parts
    paper = item.paper_parts()
    if paper is None:
        raise ValueError(
            f"Reproduction {item.name!r} runs at the paper's protocol already "
            "(it has no separate paper protocol); drop --paper-protocol."
        )
    return paper


Results = Annotated[
    Path | None,
    typer.Option(
        "--results", help="Results directory or .db file \\[default: ./ensemble-lab-results]."
    ),
]


def check_data_dir(value: Path | None) -> None:
    """``--data-dir`` must name a directory (a typo would silently use only the packaged data)."""
    if value is not None and not value.is_dir():
        raise NotADirectoryError(f"--data-dir {value} is not a directory")


DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        envvar="ENSEMBLE_LAB_DATA",
        help="Directory of ARFF files, read before the packaged data sets "
        "(default: $ENSEMBLE_LAB_DATA).",
    ),
]
NJobs = Annotated[int, typer.Option("--n-jobs", "-j", help="Local worker processes.")]
Scheduler = Annotated[
    str | None,
    typer.Option("--scheduler", help="Address of a Dask scheduler (tcp://HOST:PORT)."),
]
DaskLocal = Annotated[
    int | None,
    typer.Option(
        "--dask-local",
        metavar="N",
        help="Run on a Dask LocalCluster of N worker processes (loopback), closed after.",
    ),
]
New = Annotated[bool, typer.Option("--new", help="Replace a stored experiment of the same name.")]
Alpha = Annotated[
    float,
    typer.Option(
        "--alpha",
        help="Significance level of the table markers, the Friedman test and the post-hoc tests.",
    ),
]
Database = Annotated[Path, typer.Argument(help="A results database (.db).")]
Experiment = Annotated[
    str | None,
    typer.Option("--experiment", "-e", help="Experiment name \\[default: the only one]."),
]
ConfigFile = Annotated[
    Path | None,
    typer.Argument(help="Experiment TOML file \\[default: the quick comparison]."),
]
ReproductionName = Annotated[str, typer.Argument(help="A paper reproduction: see --list.")]
ListReproductions = Annotated[bool, typer.Option("--list", help="List the reproductions.")]
OutputDir = Annotated[
    Path | None,
    typer.Option("--results", help="Output directory \\[default: ./ensemble-lab-results]."),
]
Quick = Annotated[bool, typer.Option("--quick", help="A reduced run (fewer repetitions/datasets).")]
EstimateOnly = Annotated[
    bool,
    typer.Option(
        "--estimate",
        help="Only estimate the run's CPU and wall time on 1, 2 and 16 workers.",
    ),
]
EstimateDatasets = Annotated[
    int | None,
    typer.Option(
        "--estimate-datasets",
        metavar="N",
        help="With --estimate: time tasks on at most N datasets, extrapolate the rest.",
    ),
]
PaperProtocol = Annotated[
    bool,
    typer.Option(
        "--paper-protocol",
        help="With --estimate: estimate the paper's own protocol (full datasets, "
        "its cross-validation) where the default run is scaled down (oracle).",
    ),
]
FromStore = Annotated[
    bool,
    typer.Option(
        "--from-store",
        help="Only rewrite the page and figures from the results already stored "
        "in --results; nothing is fitted.",
    ),
]
Format = Annotated[str, typer.Option("--format", "-f", help="md, csv, html or latex.")]
Baseline = Annotated[
    str | None, typer.Option("--baseline", help="Reference method of the markers.")
]
Output = Annotated[Path | None, typer.Option("--output", "-o")]
ExportOutput = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="File to write \\[default: CSV on stdout]."),
]
ExportFormat = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        help="csv, parquet or arff (Weka's Experimenter layout) \\[default: from -o's suffix].",
    ),
]
Failures = Annotated[
    bool, typer.Option("--failures", help="Also write the failed tasks, with their error.")
]
MetricOption = Annotated[
    str,
    typer.Option(
        "--metric",
        "-m",
        help="accuracy, balanced_accuracy, kappa, f1_macro, auc, log_loss or brier "
        "(losses: lower is better).",
    ),
]
MaxDiagrams = Annotated[
    int | None,
    typer.Option(
        "--max-diagrams",
        min=0,
        help="HTML: kappa-error diagrams for at most this many data sets (the others "
        "are named); about 90 KB each \\[default: every data set].",
    ),
]
ProcedureOption = Annotated[
    str,
    typer.Option(
        "--procedure",
        help="The comparison over data sets: auto (normality and variance tests choose), "
        "parametric (ANOVA, Tukey) or nonparametric (Friedman, Nemenyi).",
    ),
]
ExportMetric = Annotated[
    str | None,
    typer.Option("--metric", "-m", help="Only this metric's column \\[default: every metric]."),
]
TestOption = Annotated[
    str | None,
    typer.Option(
        "--test",
        help="Per-data-set test: corrected_t, cv52_f, paired_t or wilcoxon "
        "\\[default: the protocol's, cv52_f for 5x2 CV].",
    ),
]


def _reproduce(
    console: Console,
    item: Reproduction,
    out_dir: Path,
    *,
    data_dir: Path | None,
    n_jobs: int,
    scheduler: str | None,
    dask_local: int | None,
    quick: bool,
) -> None:
    """``reproduce NAME``: run (or resume) the reproduction and write its page."""
    from ..experiments import RunContext
    from ._progress import ProgressBar

    backend = _backend(console, n_jobs, scheduler, dask_local)
    console.print(f"[bold]{item.name}[/]: {item.description}\noutput: {out_dir}")
    try:
        with ProgressBar(console, item.name) as bar:
            ctx = RunContext(out_dir, data_dir, n_jobs, backend, bar.update, quick)
            page = item.run(ctx)
    except KeyboardInterrupt:
        console.print("[yellow]Stopped.[/] Finished tasks are saved; run again to resume.")
        raise typer.Exit(130) from None
    finally:
        _close(backend)
    console.print(f"Written: [bold]{Path(page).resolve()}[/]", soft_wrap=True)


def _list_reproductions(console: Console) -> None:
    from ..experiments import reproduction, reproduction_names

    for entry in reproduction_names():
        console.print(f"[bold]{entry}[/]: {reproduction(entry).description}")


def _report_tables(
    console: Console,
    frame: Any,
    failures: Any,
    *,
    baseline: str,
    view: _View,
    fmt: str,
    output: Path | None,
) -> None:
    """``report --format md|latex``: the metric, time, ranks and failures, to a file or stdout."""
    from ..evaluation.metrics import get_metric
    from ..reporting import Table
    from ..reporting.tables import (
        accuracy_table,
        failure_table,
        rank_table,
        ranking_table,
        summary_table,
        time_table,
    )

    tables = [
        accuracy_table(
            frame,
            baseline=baseline,
            alpha=view.alpha,
            failures=failures,
            test=view.test,  # type: ignore[arg-type]
            metric=view.metric,
            expected_splits=view.expected_splits,
        ),
        time_table(frame, baseline=baseline, alpha=view.alpha, failures=failures),
    ]
    if frame["dataset"].nunique() >= 2:
        higher = get_metric(view.metric).higher_is_better
        try:
            tables.append(
                rank_table(frame, alpha=view.alpha, metric=view.metric, higher_is_better=higher)
            )
        except ValueError as exc:  # incomplete results: ranks need every cell
            console.print(f"[yellow]No rank table: {exc}[/]")
    if frame["method"].nunique() >= 2:
        for weka_table in (summary_table, ranking_table):
            tables.append(
                weka_table(frame, metric=view.metric, test=view.test, alpha=view.alpha)  # type: ignore[arg-type]
            )
    render = {"md": Table.to_markdown, "latex": Table.to_latex}[fmt]
    if len(failures):
        tables.append(failure_table(failures, frame))
    blocks = [render(t) for t in tables] + _comparison_blocks(console, frame, view, fmt, output)
    text = "\n\n".join(blocks)
    if fmt == "latex":
        text = LATEX_PREAMBLE_NOTE + text
    if output:
        output.write_text(text + "\n", encoding="utf-8")
        console.print(f"Written: {output}", soft_wrap=True)
    else:
        typer.echo(text)


#: What a LaTeX report needs, said at its top.
LATEX_PREAMBLE_NOTE = (
    "% Written by ensemble-lab report: needs \\usepackage{booktabs} (tables) and\n"
    "% \\usepackage{graphicx} (the critical-difference diagram) in the preamble.\n\n"
)


def _comparison_blocks(
    console: Console, frame: Any, view: _View, fmt: str, output: Path | None
) -> list[str]:
    """The comparison over data sets: its paragraph, tables and CD diagram (a file)."""
    from ..reporting import (
        Table,
        cd_figure,
        comparison_of,
        comparison_tables,
        latex_text,
        markdown_text,
    )

    comparison = comparison_of(frame, metric=view.metric, alpha=view.alpha, mode=view.procedure)
    if comparison is None:
        return []
    paragraph = comparison.text()
    blocks = [latex_text(paragraph) if fmt == "latex" else markdown_text(paragraph)]
    blocks += [(Table.to_latex if fmt == "latex" else Table.to_markdown)(t)
               for t in comparison_tables(comparison)]  # fmt: skip
    figure = cd_figure(comparison)
    if figure is None:
        return blocks
    fig, caption = figure
    if output is None:
        console.print("[yellow]The critical-difference diagram is written beside -o FILE only.[/]")
        return blocks
    name = f"{output.stem}-cd.{'pdf' if fmt == 'latex' else 'svg'}"
    fig.savefig(output.with_name(name), bbox_inches="tight")
    if fmt == "latex":
        blocks.append(
            "\\begin{figure}[ht]\\centering\n\\includegraphics[width=\\linewidth]{"
            + name + "}\n\\caption{" + latex_text(caption) + "}\n\\end{figure}"
        )  # fmt: skip
    else:
        blocks.append(f"![{markdown_text(caption)}]({name})")
    return blocks


def _check_baseline(baseline: str | None, experiment: str, frame: Any, failures: Any) -> None:
    if baseline is None:
        return
    known = dict.fromkeys([*frame["method"], *failures["method"]])
    if baseline not in known:
        raise ValueError(
            f"--baseline {baseline!r} is not a method of {experiment!r}: {', '.join(known)}"
        )


def _run_command(console: Console) -> Callable[..., None]:
    def run(
        config: ConfigFile = None,
        results: Results = None,
        data_dir: DataDir = None,
        n_jobs: NJobs = 2,
        scheduler: Scheduler = None,
        dask_local: DaskLocal = None,
        new: New = False,
        alpha: Alpha = 0.05,
    ) -> None:
        """Run an experiment (default: a quick comparison on the embedded datasets)."""
        from ..experiments import experiment_path

        path = config if config is not None else experiment_path("quick")
        if not path.is_file():
            raise FileNotFoundError(f"No experiment file {path}")
        _run(
            console,
            path,
            results=results,
            data_dir=data_dir,
            n_jobs=n_jobs,
            scheduler=scheduler,
            dask_local=dask_local,
            new=new,
            alpha=alpha,
        )

    return run


def _reproduce_command(console: Console) -> Callable[..., None]:
    def reproduce(
        name: ReproductionName = "",
        list_: ListReproductions = False,
        results: OutputDir = None,
        data_dir: DataDir = None,
        n_jobs: NJobs = 2,
        scheduler: Scheduler = None,
        dask_local: DaskLocal = None,
        quick: Quick = False,
        estimate: EstimateOnly = False,
        estimate_datasets: EstimateDatasets = None,
        paper_protocol: PaperProtocol = False,
        from_store: FromStore = False,
    ) -> None:
        """Rebuild one of the papers' tables or figures, our numbers beside the paper's."""
        from ..experiments import reproduction, reproduction_names

        if list_ or not name:
            _list_reproductions(console)
            return
        names = reproduction_names()
        if name not in names:
            raise ValueError(f"Unknown reproduction {name!r}; available: {', '.join(names)}")
        item = reproduction(name)
        check_data_dir(data_dir)
        check_jobs(n_jobs)
        out_dir = results or DEFAULT_RESULTS
        if estimate:
            _estimate(
                console,
                item,
                out_dir,
                data_dir=data_dir,
                quick=quick,
                max_datasets=estimate_datasets,
                paper_protocol=paper_protocol,
            )
        elif paper_protocol:
            raise ValueError("--paper-protocol goes with --estimate only.")
        elif from_store:
            _write_from_store(console, item, out_dir, data_dir=data_dir, quick=quick)
        else:
            _reproduce(
                console,
                item,
                out_dir,
                data_dir=data_dir,
                n_jobs=n_jobs,
                scheduler=scheduler,
                dask_local=dask_local,
                quick=quick,
            )

    return reproduce


def _report_command(console: Console) -> Callable[..., None]:
    def report(
        db: Database,
        experiment: Experiment = None,
        fmt: Format = "md",
        baseline: Baseline = None,
        alpha: Alpha = 0.05,
        output: Output = None,
        metric: MetricOption = "accuracy",
        test: TestOption = None,
        procedure: ProcedureOption = "auto",
        max_diagrams: MaxDiagrams = None,
    ) -> None:
        """Tables (md, latex), the full HTML report, or the per-split table (csv).

        Any metric the tasks recorded (--metric), on a finished, stopped or running
        experiment: cells are compared on the splits they have, and those with fewer
        than the protocol's are marked. The csv format is ``ensemble-lab export
        --failures``: one row per task with plain numbers, failed tasks with their error.
        """
        from ..evaluation import load_failures, load_results
        from ..reporting.tables import failure_table

        if fmt not in {"md", "csv", "html", "latex"}:
            raise ValueError(f"Unknown format {fmt!r}; use md, csv, html or latex.")
        check_output(output, created=fmt == "html")
        experiment, config = _experiment(db, experiment)
        view = _View.of(config, metric, test, alpha, procedure)
        if fmt == "csv":  # numbers for other tools (failed tasks with their error)
            _export(console, db, experiment, output, "csv", include_failures=True)
            return
        frame = load_results(db, experiment)
        failures = load_failures(db, experiment)
        _check_baseline(baseline, experiment, frame, failures)
        if frame.empty:
            if len(failures):
                _show(console, failure_table(failures, frame), "Failures")
            console.print(f"[red]Experiment {escape(experiment)!r} has no finished task.[/]")
            raise typer.Exit(1)
        baseline = _baseline(console, baseline or config.get("baseline"), frame)
        if fmt == "html":
            path = output or report_file(db.parent, experiment)
            report = _html_report(db, config, frame, failures, baseline, view, max_diagrams)
            report.write(path)
            console.print(f"Report: {path.resolve()}")
            return
        _report_tables(
            console, frame, failures, baseline=baseline, view=view, fmt=fmt, output=output
        )

    return report


def _export_command(console: Console) -> Callable[..., None]:
    def export(
        db: Database,
        experiment: Experiment = None,
        output: ExportOutput = None,
        fmt: ExportFormat = None,
        failures: Failures = False,
        metric: ExportMetric = None,
    ) -> None:
        """The per-split results table (one row per task, plain numbers) as CSV or Parquet.

        The long format other tools read: dataset, method, repetition, fold, sizes,
        accuracy, times and ensemble size (e.g. scikit-posthocs' melted input, or
        pivoted for autorank).
        """
        check_output(output)
        experiment, _ = _experiment(db, experiment)
        _export(console, db, experiment, output, fmt, include_failures=failures, metric=metric)

    return export


def register_experiment_commands(app: typer.Typer, console: Console) -> None:
    """Add ``run``, ``reproduce``, ``report`` and ``export`` to ``app``."""
    for command in (_run_command, _reproduce_command, _report_command, _export_command):
        app.command()(user_errors(console)(command(console)))
