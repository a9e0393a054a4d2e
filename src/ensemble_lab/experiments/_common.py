"""What every reproduction shares: run a config into a store, write a page and figures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from ..evaluation import ExperimentConfig, load_results, run_experiment

__all__ = [
    "complete_splits",
    "count_range",
    "fill_template",
    "markdown_table",
    "run_and_load",
    "save_figure",
    "write_page",
]


def run_and_load(
    config: ExperimentConfig,
    out_dir: Path,
    *,
    data_dir: Path | None = None,
    n_jobs: int = 1,
    backend: Any = None,
    progress: Callable[[Any], None] | None = None,
) -> pd.DataFrame:
    """Run (or resume) ``config`` into ``out_dir/<config.name>.db``; return its tidy results.

    Raises ``KeyboardInterrupt`` when the run was interrupted (finished tasks are kept,
    the next call resumes) and ``RuntimeError`` naming the first failure when a task
    failed, so a page is never written from incomplete results.
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    db = out_dir / f"{config.name}.db"
    run_into(config, db, n_jobs=n_jobs, backend=backend, data_dir=data_dir, progress=progress)
    return load_results(db, config.name)


def run_into(config: ExperimentConfig, db: Path, **options: Any) -> None:
    """Run (or resume) ``config`` into the store ``db``; ``options`` go to ``run_experiment``.

    Raises ``KeyboardInterrupt`` when the run was interrupted and ``RuntimeError`` naming
    the first failure when a task failed (finished tasks stay stored either way).
    """
    summary = run_experiment(config, db, **options)
    if summary.interrupted:
        raise KeyboardInterrupt
    if summary.failures:
        key, message = summary.failures[0]
        raise RuntimeError(f"{summary.failed} task(s) failed; first: {key}: {message}")


def complete_splits(results: pd.DataFrame) -> pd.DataFrame:
    """The rows of the splits on which every method of the data set was evaluated.

    An interrupted run leaves some (data set, split) cells with only some methods; the
    paired tests need the same splits for every method, so those splits are dropped.
    """
    keys = ["dataset", "repetition", "fold"]
    n_methods = results["method"].nunique()
    per_split = results.groupby(keys)["method"].transform("nunique")
    return results[per_split == n_methods]


def count_range(counts: pd.Series) -> str:
    """A range of counts for a page: "30" when all are 30, else "10–30"."""
    low, high = int(counts.min()), int(counts.max())
    return str(low) if low == high else f"{low}–{high}"


def markdown_table(frame: pd.DataFrame, *, decimals: int = 2, index: bool = True) -> str:
    """A DataFrame as a GitHub Markdown table (floats rounded, NaN blank)."""
    shown = frame.reset_index() if index else frame
    header = [str(c) for c in shown.columns]

    def cell(value: object) -> str:
        if isinstance(value, float):
            return "" if pd.isna(value) else f"{value:.{decimals}f}"
        return str(value)

    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in shown.to_numpy()]
    return "\n".join(lines)


def save_figure(fig: Figure, out_dir: Path, filename: str, *, dpi: int = 80) -> str:
    """Save ``fig`` as ``out_dir/filename`` and return the name to link from the page."""
    fig.savefig(Path(out_dir) / filename, dpi=dpi, bbox_inches="tight")
    return filename


def write_page(out_dir: Path, name: str, text: str) -> Path:
    """Write the reproduction's Markdown page ``out_dir/name.md``."""
    path = Path(out_dir) / f"{name}.md"
    path.write_text(text.rstrip() + "\n", encoding="utf-8")
    return path


def fill_template(name: str, values: Mapping[str, str], package: str) -> str:
    """The page template ``templates/NAME.md`` with its placeholders replaced by ``values``.

    The template is read from the ``templates`` folder of ``package`` (the paper's
    subpackage, its ``__package__``). A template is Markdown with
    :class:`string.Template` placeholders (``$name`` or ``${name}``; ``$$`` is a dollar
    sign); ``values`` maps each placeholder to its text, already formatted.

    Raises
    ------
    ValueError
        When the template has a placeholder that ``values`` gives no text for, or
        ``values`` has an entry the template does not use (both are named).
    """
    source = resources.files(package).joinpath("templates", f"{name}.md")
    template = Template(source.read_text(encoding="utf-8"))
    wanted = set(template.get_identifiers())
    missing = sorted(wanted - set(values))
    if missing:
        raise ValueError(f"template {name}.md: no value for placeholder(s) ${', $'.join(missing)}")
    unused = sorted(set(values) - wanted)
    if unused:
        raise ValueError(f"template {name}.md has no placeholder(s) ${', $'.join(unused)}")
    return template.substitute(values)
