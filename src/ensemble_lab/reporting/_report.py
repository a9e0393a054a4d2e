"""The report a person reads: one self-contained HTML page for a results frame."""

from __future__ import annotations

import platform
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from ensemble_lab.evaluation import stats
from ensemble_lab.evaluation.metrics import METRICS, get_metric
from ensemble_lab.reporting._comparison import cd_figure, comparison_of, comparison_tables
from ensemble_lab.reporting._comparison_plots import (
    plot_accuracy_vs_time,
    plot_error_vs_error,
)
from ensemble_lab.reporting._html import HtmlReport
from ensemble_lab.reporting._render import Table
from ensemble_lab.reporting.tables import (
    accuracy_table,
    failure_table,
    paired_by_prefix,
    rank_table,
    ranking_table,
    summary_table,
    time_table,
)

__all__ = ["build_report", "kappa_error_figures", "run_notes", "software_settings"]

#: The libraries whose versions change the numbers or the figures of a report.
_LIBRARIES = ("numpy", "scipy", "pandas", "scikit-learn", "matplotlib")


def software_settings(now: datetime | None = None) -> dict[str, str]:
    """What wrote a report and when: the package, the date, Python and the libraries.

    Parameters
    ----------
    now : datetime, optional
        The date to state (default: now, in UTC).

    Returns
    -------
    dict of str to str
        ``ensemble-lab`` (its version), ``written`` (the date, UTC) and ``libraries``
        (Python and the versions of :data:`_LIBRARIES` installed).

    Examples
    --------
    >>> from datetime import UTC, datetime
    >>> info = software_settings(datetime(2026, 1, 2, 3, 4, tzinfo=UTC))
    >>> info["written"], info["libraries"].startswith("Python 3.")
    ('2026-01-02 03:04 UTC', True)
    """
    from importlib.metadata import PackageNotFoundError, version

    from ensemble_lab._version import __version__

    now = now or datetime.now(UTC)
    found = [f"Python {platform.python_version()}"]
    for name in _LIBRARIES:
        try:
            found.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            continue
    return {
        "ensemble-lab": __version__,
        "written": now.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "libraries": ", ".join(found),
    }


def run_notes(
    datasets: pd.DataFrame, warnings: pd.DataFrame, folds: int | None = None
) -> list[str]:
    """What a reader should know about a run that its tables do not show, said once.

    Parameters
    ----------
    datasets : DataFrame
        :func:`~ensemble_lab.evaluation.load_datasets` of the experiment.
    warnings : DataFrame
        :func:`~ensemble_lab.evaluation.load_warnings` of the experiment.
    folds : int, optional
        Folds of the protocol's cross-validation (classes smaller than that are named).

    Returns
    -------
    list of str
        One sentence per note: classes smaller than the folds (some test folds lack
        them, as Weka's Experimenter allows); each warning a method raised, with the
        number of tasks that raised it.
    """
    notes = []
    if folds:
        small = []
        for row in datasets.itertuples():
            counts = row.class_counts or {}
            few = [f"{c} {n}" for c, n in counts.items() if n < folds]
            if few:
                small.append(f"{row.dataset} ({', '.join(few)})")
        if small:
            notes.append(
                f"Classes with fewer instances than the {folds} folds, so that some test "
                f"folds lack them (allowed, as in Weka's Experimenter): {'; '.join(small)}."
            )
    for row in warnings.itertuples():
        where = ", ".join(row.datasets[:5]) + (", ..." if len(row.datasets) > 5 else "")
        notes.append(
            f"{row.method} warned in {row.tasks} task(s) ({where}): {row.warning} "
            "(kept in the store, not printed during the run)."
        )
    return notes


def member_counts(predictions: pd.DataFrame) -> pd.DataFrame:
    """Members recorded per data set and method: the fewest and most over the splits.

    Parameters
    ----------
    predictions : DataFrame
        As returned by :func:`ensemble_lab.evaluation.load_predictions`.

    Returns
    -------
    DataFrame
        Data sets × methods (those whose members were recorded), each cell ``"50"`` or
        ``"4–50"``.

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> rows = [("d", "Bagging", 0, f, np.zeros(n)) for f, n in enumerate([50, 50])]
    >>> rows += [("d", "Boost", 0, f, np.zeros(n)) for f, n in enumerate([4, 9])]
    >>> frame = pd.DataFrame(rows, columns=["dataset", "method", "repetition", "fold",
    ...                                     "members"])
    >>> member_counts(frame).loc["d"].to_dict()
    {'Bagging': '50', 'Boost': '4–9'}
    """
    with_members = predictions[predictions["members"].notna()]
    per_split = (
        with_members.groupby(["dataset", "method", "repetition", "fold"], sort=False)["members"]
        .first()
        .map(len)
    )
    span = per_split.groupby(level=["dataset", "method"], sort=False).agg(["min", "max"])
    text = [f"{lo}" if lo == hi else f"{lo}–{hi}" for lo, hi in span.to_numpy()]
    cells = pd.Series(text, index=span.index).unstack("method")
    return cells.reindex(
        index=list(dict.fromkeys(span.index.get_level_values(0))),
        columns=list(dict.fromkeys(span.index.get_level_values(1))),
    )


def _kappa_error_points(rows: pd.DataFrame) -> dict[str, np.ndarray]:
    """Kappa-error points of each method on one data set, its folds' pairs pooled."""
    from ensemble_lab.diversity import kappa_error_points

    points = {}
    for method, by_method in rows.groupby("method", sort=False):
        per_fold = []
        for _, fold in by_method.groupby("fold"):
            members = np.stack(fold["members"].to_list(), axis=1)
            if members.shape[0] >= 2:
                per_fold.append(kappa_error_points(members, y=fold["y_true"].to_numpy()))
        if per_fold:
            points[str(method)] = np.vstack(per_fold)
    return points


def kappa_error_figures(
    predictions: pd.DataFrame, *, max_datasets: int | None = None
) -> list[tuple[Figure, str]]:
    """Kappa-error diagrams from stored member predictions, one figure per data set.

    Every method whose members' predictions were recorded is drawn on the same axes;
    the points of each fold of the first repetition are pooled (each fold's ensemble
    contributes its own L(L−1)/2 pairs, on its own test set). The clouds are
    rasterised, so a diagram of many thousands of pairs stays small. A method with
    fewer than two members on a data set has no pair: the caption names it.

    Parameters
    ----------
    predictions : DataFrame
        As returned by :func:`ensemble_lab.evaluation.load_predictions`.
    max_datasets : int, optional
        At most this many data sets (the first ones, in order) get a diagram; default
        every data set.

    Returns
    -------
    list of (Figure, str)
        Each data set's figure and its caption, which starts with
        ``"Kappa-error diagram on {data set}"``.
    """
    return [(fig, caption) for _, fig, caption in _kappa_error_diagrams(predictions, max_datasets)]


def _kappa_error_diagrams(
    predictions: pd.DataFrame, max_datasets: int | None
) -> list[tuple[str, Figure, str]]:
    """(data set, figure, caption) of :func:`kappa_error_figures`."""
    from ensemble_lab.reporting._kappa_error_plot import plot_kappa_error

    with_members = predictions[predictions["members"].notna()]
    methods = list(dict.fromkeys(with_members["method"]))
    figures: list[tuple[str, Figure, str]] = []
    for dataset in list(dict.fromkeys(with_members["dataset"]))[:max_datasets]:
        rows = with_members[
            (with_members["dataset"] == dataset)
            & (with_members["repetition"] == with_members["repetition"].min())
        ]
        points = _kappa_error_points(rows)
        caption = (
            f"Kappa-error diagram on {dataset}: one point per pair of members (κ of their "
            "labels, mean error of the two); left is more diverse, lower is more accurate; "
            "the large markers are the centroids."
        )
        absent = [m for m in methods if m not in points]
        if absent:
            caption += f" Not drawn (fewer than two members, so no pair): {', '.join(absent)}."
        if not points:
            continue
        fig = Figure(figsize=(5.5, 4.2))
        ax = fig.subplots()
        plot_kappa_error(points, ax=ax)
        ax.set_title(f"Kappa-error diagram, {dataset}")
        figures.append((str(dataset), fig, caption))
    return figures


def _add_diversity(report: HtmlReport, predictions: pd.DataFrame, max_datasets: int | None) -> None:
    """Members per method and data set, then a kappa-error diagram per data set."""
    counts = member_counts(predictions)
    if counts.empty:
        return
    report.add_heading("Diversity")
    caption = (
        "Members recorded per data set and method (the fewest–most over the splits), as "
        "each ensemble counts them: boosting stops early when a member is perfect or too "
        "weak; Triskel's members are its cascades, one per pair of classes, so a single "
        "one on two-class data. A method with fewer than two members on a data set has "
        "no pair to draw in that data set's diagram."
    )
    report.add_table(Table(counts.fillna("–").rename_axis("Dataset"), caption))
    figures = _kappa_error_diagrams(predictions, max_datasets)
    drawn = {name for name, _, _ in figures}
    left = [str(d) for d in counts.index if d not in drawn]
    if left:
        report.add_text(
            f"No kappa-error diagram for {len(left)} of the {len(counts)} data sets "
            f"({'beyond the first ' + str(max_datasets) if max_datasets else 'no pairs'}): "
            f"{', '.join(left)}.",
            note=True,
        )
    if figures:
        report.add_figure_choice(figures, "Kappa-error diagram of the data set")


def _setting_text(value: object) -> object:
    """A setting as a person reads it: ``{'kind': 'cv', 'folds': 5}`` -> ``cv, folds 5``."""
    if isinstance(value, dict):
        items = list(value.items())
        if items and items[0][0] == "kind":
            head, items = str(items[0][1]), items[1:]
            return ", ".join([head, *(f"{k} {v}" for k, v in items)])
        return ", ".join(f"{k} {v}" for k, v in items)
    return value


def _rankable(results: pd.DataFrame, methods: list[str]) -> pd.DataFrame:
    """The results of the data sets on which every method has results (ranks need it)."""
    counts = results.groupby(["dataset", "method"]).size().unstack("method")
    counts = counts.reindex(columns=methods)
    complete = counts.index[counts.notna().all(axis=1)]
    return results[results["dataset"].isin(complete)]


def _add_ranks(
    report: HtmlReport,
    results: pd.DataFrame,
    methods: list[str],
    baseline: str,
    alpha: float,
    metric: str = "accuracy",
    mode: str = "auto",
) -> None:
    """Ranks, then the comparison over data sets (its procedure chosen or forced)."""
    higher = get_metric(metric).higher_is_better if metric in METRICS else True
    ranks = rank_table(
        results,
        baseline_pairs=paired_by_prefix(methods),
        alpha=alpha,
        metric=metric,
        higher_is_better=higher,
    )
    report.add_table(ranks.to_html(), ranks.caption or "Average ranks")
    comparison = comparison_of(results, metric=metric, alpha=alpha, mode=mode)
    if comparison is None:
        report.add_text(
            "No test over data sets: it needs at least three data sets on which every "
            "method has results.",
            note=True,
        )
        return
    report.add_text(comparison.text())
    for table in comparison_tables(comparison):
        report.add_table(table.to_html(), table.caption or "")
    figure = cd_figure(comparison)
    if figure is not None:
        report.add_figure(*figure)
    if comparison.significant and not comparison.procedure.parametric:
        _add_holm_against(report, comparison, baseline)


def _add_holm_against(report: HtmlReport, comparison: stats.Comparison, baseline: str) -> None:
    """Each method against the baseline on average ranks, Holm-corrected (Demšar 2006)."""
    ranks = comparison.summary["average_rank"]
    holm = stats.pairwise_rank_tests(
        ranks, comparison.n_datasets, method="holm", control=baseline, alpha=comparison.alpha
    ).set_index("method")
    rows = pd.DataFrame(
        {
            "Average rank": ranks[holm.index].map("{:.2f}".format),
            "z": holm["z"].map("{:.2f}".format),
            "p": holm["p_value"].map("{:.3g}".format),
            "p (Holm)": holm["p_adjusted"].map("{:.3g}".format),
            "Significant": holm["significant"].map({True: "yes", False: "no"}),
        }
    ).rename_axis("Method")
    report.add_table(
        Table(
            rows,
            f"Each method against {baseline} (average rank {ranks[baseline]:.2f}) over the data "
            f"sets, after a significant Friedman test: z of the difference in average rank, "
            f"two-sided p, Holm-corrected at α = {comparison.alpha:g} (Demšar 2006, Section "
            "3.2.2). Positive z: a worse average rank.",
        )
    )


def build_report(
    results: pd.DataFrame,
    *,
    title: str = "ensemble-lab results",
    settings: Mapping[str, object] | None = None,
    baseline: str | None = None,
    test: str = "corrected_t",
    extra_figures: Sequence[tuple[Figure, str]] = (),
    failures: pd.DataFrame | None = None,
    alpha: float = 0.05,
    method_key: Table | None = None,
    metric: str = "accuracy",
    expected_splits: int | None = None,
    notes: Sequence[str] = (),
    procedure: str = "auto",
    member_predictions: pd.DataFrame | None = None,
    max_diagrams: int | None = None,
) -> HtmlReport:
    """Compose the report of one experiment.

    Sections: settings; the failed tasks (when there are any); accuracy with ◇/*
    markers against ``baseline``, failed cells marked; training time;
    average ranks with win-tie-loss and a critical-difference diagram (when there are
    at least two data sets and every method ran on each); accuracy against training
    time; error against error of each method versus the baseline; diversity (when
    members' predictions were recorded: the members per method and data set, and a
    kappa-error diagram per data set, one shown at a time); then ``extra_figures``
    (figures only some experiments can draw).

    Parameters
    ----------
    results : DataFrame
        Tidy results, one row per task (see ``ensemble_lab.reporting.tables``).
    title : str
        Page title.
    settings : mapping, optional
        Experiment settings shown at the top.
    baseline : str, optional
        Reference method of the markers (default: the first method).
    test : str, default="corrected_t"
        Per-data-set significance test of the markers (see
        :func:`~ensemble_lab.reporting.tables.default_test`).
    extra_figures : sequence of (Figure, caption)
        Further figures to embed.
    failures : DataFrame, optional
        The failed tasks (:func:`~ensemble_lab.evaluation.load_failures`): listed in
        their own section and marked in the tables; a method that failed everywhere
        keeps its column.
    alpha : float, default=0.05
        Significance level of the markers, the Friedman test and the post-hoc tests
        (run only when the Friedman test rejects).
    method_key : Table, optional
        The key of the methods with their full parameters
        (:func:`~ensemble_lab.reporting.tables.method_key`), shown after the settings.
    metric : str, default="accuracy"
        The metric tabulated, ranked and tested (see
        :data:`~ensemble_lab.evaluation.metrics.METRICS`).
    expected_splits : int, optional
        Splits every cell should have; cells with fewer (a stopped or running
        experiment) are marked, and ranks use the data sets every method has.
    notes : sequence of str
        Sentences shown under the settings (:func:`run_notes`).
    procedure : {"auto", "parametric", "nonparametric"}, default="auto"
        The branch of the comparison over data sets (see
        :func:`~ensemble_lab.evaluation.stats.compare`): chosen by the normality and
        variance tests, or forced.
    member_predictions : DataFrame, optional
        :func:`~ensemble_lab.evaluation.load_predictions` of the experiment; the rows
        with ``members`` make the diversity section.
    max_diagrams : int, optional
        At most this many data sets get a kappa-error diagram (the others are named);
        default every data set.

    Returns
    -------
    HtmlReport
        The report; ``write(path)`` writes it.

    Examples
    --------
    >>> import pandas as pd
    >>> results = pd.DataFrame({
    ...     "dataset": "d", "method": ["A", "A", "B", "B"], "repetition": 0,
    ...     "fold": [0, 1, 0, 1], "n_train": 8, "n_test": 2,
    ...     "accuracy": [0.8, 0.9, 0.7, 0.6], "fit_cpu": [0.002, 0.003, 0.1, 0.12]})
    >>> page = build_report(results, baseline="A").render()
    >>> "ensemble-lab</dt>" in page and "0.00250" in page
    True
    """
    if results.empty:
        raise ValueError("no results to report")
    methods = list(dict.fromkeys(results["method"]))
    baseline = baseline if baseline is not None else methods[0]
    if baseline not in methods:
        raise ValueError(f"baseline {baseline!r} has no results; methods: {methods}")
    if failures is not None and failures.empty:
        failures = None
    report = HtmlReport(title)
    _add_settings(report, results, settings, failures, methods)
    for note in notes:
        report.add_text(note, note=True)
    if method_key is not None:
        report.add_heading("Methods")
        report.add_table(method_key.to_html(), method_key.caption)
    if failures is not None:
        report.add_heading("Failures")
        failed = failure_table(failures, results)
        report.add_table(failed.to_html(), failed.caption)
    _add_tables(report, results, baseline, test, alpha, failures, metric, expected_splits)
    ranked = _rankable(results, methods)
    if ranked["dataset"].nunique() >= 2 and len(methods) >= 2:
        report.add_heading("Ranks")
        if ranked["dataset"].nunique() < results["dataset"].nunique():
            left = sorted(set(results["dataset"]) - set(ranked["dataset"]))
            report.add_text(
                f"Ranks use the {ranked['dataset'].nunique()} data sets on which every method "
                f"has results; left out: {', '.join(left)}."
            )
        never = list(dict.fromkeys([] if failures is None else failures["method"]))
        never = [m for m in never if m not in methods]
        if never:
            report.add_text(f"Not ranked (no task finished): {', '.join(map(str, never))}.")
        _add_ranks(report, ranked, methods, baseline, alpha, metric, procedure)
    if len(methods) >= 2:
        _add_weka_summaries(report, results, metric, test, alpha)
    _add_figures(report, results, methods, baseline)
    if member_predictions is not None and not member_predictions.empty:
        _add_diversity(report, member_predictions, max_diagrams)
    for figure, caption in extra_figures:
        report.add_figure(figure, caption)
    return report


def _add_settings(
    report: HtmlReport,
    results: pd.DataFrame,
    settings: Mapping[str, object] | None,
    failures: pd.DataFrame | None,
    methods: list[str],
) -> None:
    """The experiment's settings, then the counts of data sets, methods and tasks."""
    failed_methods = [] if failures is None else list(pd.unique(failures["method"]))
    report.add_heading("Settings")
    counts: dict[str, object] = {
        "data sets": len(
            set(results["dataset"]) | set([] if failures is None else failures["dataset"])
        ),
        "methods": len(dict.fromkeys([*methods, *failed_methods])),
        "tasks": len(results),
    }
    if failures is not None:
        counts["failed tasks"] = len(failures)
    report.add_settings(
        {
            **{k: _setting_text(v) for k, v in dict(settings or {}).items()},
            **counts,
            **software_settings(),
        }
    )


def _add_tables(
    report: HtmlReport,
    results: pd.DataFrame,
    baseline: str,
    test: str,
    alpha: float,
    failures: pd.DataFrame | None,
    metric: str = "accuracy",
    expected_splits: int | None = None,
) -> None:
    """The metric with markers against ``baseline``, then training time."""
    report.add_heading(METRICS[metric].label.capitalize() if metric in METRICS else metric)
    table = accuracy_table(
        results,
        baseline=baseline,
        test=test,  # type: ignore[arg-type]
        alpha=alpha,
        failures=failures,
        metric=metric,
        expected_splits=expected_splits,
    )
    report.add_table(table.to_html(), table.caption or f"Mean {metric}")
    report.add_heading("Training time")
    times = time_table(results, kind="fit_cpu", baseline=baseline, alpha=alpha, failures=failures)
    report.add_table(times.to_html(), times.caption or "Mean training time (CPU s)")


def _add_weka_summaries(
    report: HtmlReport, results: pd.DataFrame, metric: str, test: str, alpha: float
) -> None:
    """Weka's summary matrix and wins − losses ranking over every pair of methods."""
    report.add_heading("Every pair of methods")
    for make in (summary_table, ranking_table):
        table = make(results, metric=metric, test=test, alpha=alpha)  # type: ignore[arg-type]
        report.add_table(table.to_html(), table.caption or "", index=False)


def _add_figures(
    report: HtmlReport, results: pd.DataFrame, methods: list[str], baseline: str
) -> None:
    """Accuracy against training time; error against error of each method versus ``baseline``."""
    report.add_heading("Figures")
    fig = Figure(figsize=(6, 4.5))
    ax = fig.subplots()
    plot_accuracy_vs_time(results, ax=ax, labels="legend")
    report.add_figure(
        fig,
        "Mean accuracy against mean training time (log scale), one marker per method "
        "(the legend names them).",
    )
    others = [m for m in methods if m != baseline]
    if results["dataset"].nunique() < 2 or not others:
        return
    errors = 100 * (1.0 - results.groupby(["dataset", "method"])["accuracy"].mean())
    limit = float(max(errors.max(), 1e-9)) * 1.05
    cols = min(3, len(others))
    rows = -(-len(others) // cols)
    fig = Figure(figsize=(3.6 * cols, 3.9 * rows))
    axes = fig.subplots(rows, cols, squeeze=False)
    for ax, method in zip(axes.flat, others):
        plot_error_vs_error(results, baseline, method, ax=ax, limit=limit)
    for ax in list(axes.flat)[len(others) :]:
        ax.set_visible(False)
    fig.tight_layout()
    report.add_figure(
        fig,
        f"Error of each method against {baseline}, one point per data set, every panel on "
        f"the same range (0 to {limit:.3g} %): points below the diagonal are data sets "
        "where the method errs less; each title counts the data sets below, on and above.",
    )
