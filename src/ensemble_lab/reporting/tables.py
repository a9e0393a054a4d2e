"""Paper-style tables from a tidy results frame.

* :func:`accuracy_table` — mean accuracy (± sd) per data set × method, with ◇/*
  markers against a baseline column and a last row counting (better/equal/worse),
  as Weka's Experimenter and Tables 1 of papers 000 and 003.
* :func:`time_table` — mean training (or testing) time per data set × method,
  optionally relative to the baseline and with markers (Table 2 of paper 000).
* :func:`rank_table` — average ranks over data sets and win-tie-loss of method
  pairs with the sign-test bullet (Table III of paper 001).
* :func:`failure_table` — the failed tasks per method and data set, with the first
  error.
* :func:`method_key` — each method's label with the estimator and all its parameters
  (the key Weka's Experimenter prints).

Given the failed tasks (``failures=``, as
:func:`~ensemble_lab.evaluation.load_failures` returns them), the accuracy and time
tables mark their cells: ``failed`` where every task of the cell failed (a method that
failed everywhere still has its column), ``†`` after a mean that leaves failed tasks out.

Each returns a :class:`Table` with ``.frame`` and ``.to_markdown()``,
``.to_csv()``, ``.to_html()``, ``.to_latex()``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ensemble_lab.evaluation import stats
from ensemble_lab.evaluation.metrics import METRICS
from ensemble_lab.evaluation.pairwise import (
    PairwiseTests,
    TestName,
    pairwise_tests,
    per_dataset_test,
    summary_matrix,
    wins_losses_ranking,
)
from ensemble_lab.evaluation.store import RESULT_COLUMNS
from ensemble_lab.reporting._render import Table

__all__ = [
    "FAILED",
    "PARTLY_FAILED",
    "RESULT_COLUMNS",
    "Table",
    "accuracy_table",
    "default_test",
    "failure_table",
    "method_key",
    "paired_by_prefix",
    "rank_table",
    "ranking_table",
    "significant",
    "summary_table",
    "test_label",
    "time_table",
]

_SPLIT = ["repetition", "fold"]


def significant(value: float, digits: int = 3) -> str:
    """``value`` with ``digits`` significant digits in fixed notation (no exponent).

    Times span milliseconds to hours, so a fixed number of decimals shows the fast
    methods as ``0.00``; significant digits show each as precisely as the slow ones.

    Parameters
    ----------
    value : float
        The number.
    digits : int, default=3
        Significant digits; whole numbers of more digits keep every digit.

    Returns
    -------
    str

    Examples
    --------
    >>> [significant(v) for v in (0.000123456, 0.0421, 1.0, 12.345, 4321.0, 0.0)]
    ['0.000123', '0.0421', '1.00', '12.3', '4321', '0']
    """
    if value == 0 or not np.isfinite(value):
        return f"{value:g}"
    decimals = max(0, digits - 1 - int(np.floor(np.log10(abs(value)))))
    text = f"{value:.{decimals}f}"
    if decimals and len(text.lstrip("-").replace(".", "").lstrip("0")) > digits:
        text = f"{value:.{decimals - 1}f}"  # rounding carried into a new digit: 9.996 -> 10.0
    return text


TEST_LABELS = {
    "corrected_t": "corrected resampled t-test",
    "paired_t": "paired t-test",
    "wilcoxon": "Wilcoxon signed-rank test",
    "cv52_f": "5×2cv F-test (Alpaydin)",
}
#: The per-data-set test of each protocol kind (:func:`default_test`).
_PROTOCOL_TESTS: dict[str, TestName] = {"5x2cv": "cv52_f"}


def default_test(protocol: Mapping[str, Any] | str | None) -> TestName:
    """The per-data-set test a protocol calls for.

    The corrected resampled t-test (Nadeau & Bengio, Weka's Experimenter) for repeated
    cross-validation, random splits and the like; Alpaydin's combined 5×2cv F-test for
    Dietterich's 5×2 cross-validation, whose ten scores it was made for.

    Parameters
    ----------
    protocol : mapping, str or None
        The protocol's declarative form (``{"kind": "5x2cv"}``) or its kind.

    Examples
    --------
    >>> default_test({"kind": "5x2cv"}), default_test("repeated-cv")
    ('cv52_f', 'corrected_t')
    """
    kind = protocol.get("kind") if isinstance(protocol, Mapping) else protocol
    return _PROTOCOL_TESTS.get(str(kind), "corrected_t")


def test_label(test: str) -> str:
    """How a table names the test ``test`` (``"corrected_t"`` -> its authors' name)."""
    return TEST_LABELS[test]


_TIME_KINDS = ("fit_cpu", "fit_wall", "predict_cpu", "predict_wall")
_MISSING = "–"
FAILED = "failed"
PARTLY_FAILED = "†"
_FAILURE_NOTE = (
    f" {FAILED}: every task of the cell failed; {PARTLY_FAILED}: some of its tasks failed "
    "and the mean leaves them out."
)


# --------------------------------------------------------------------------- helpers
def _check_results(results: pd.DataFrame, needed: Iterable[str]) -> None:
    if not isinstance(results, pd.DataFrame):
        raise TypeError(f"results must be a pandas DataFrame, got {type(results).__name__}.")
    missing = [c for c in needed if c not in results.columns]
    if missing:
        raise ValueError(f"results lack the column(s) {missing}; expected {list(RESULT_COLUMNS)}.")
    if results.empty:
        raise ValueError("results is empty.")


def _failed_counts(failures: pd.DataFrame | None) -> pd.Series | None:
    """Failed tasks per ``(dataset, method)``, or None when there are none."""
    if failures is None or failures.empty:
        return None
    missing = [c for c in ("dataset", "method") if c not in failures.columns]
    if missing:
        raise ValueError(f"failures lack the column(s) {missing}; pass load_failures()'s frame.")
    return failures.groupby(["dataset", "method"], sort=False).size()


def _with_failed(names: list[str], failed: pd.Series | None, level: str) -> list[str]:
    """``names`` followed by those only the failures know (a method that always failed)."""
    if failed is None:
        return names
    extra = pd.unique(failed.index.get_level_values(level))
    return [*names, *(n for n in extra if n not in names)]


def _method_order(
    results: pd.DataFrame,
    methods: Sequence[str] | None,
    baseline: str | None,
    failed: pd.Series | None = None,
) -> list[str]:
    present = _with_failed(list(pd.unique(results["method"])), failed, "method")
    order = list(methods) if methods is not None else present
    unknown = [m for m in order if m not in present]
    if baseline is not None:
        if baseline not in present:
            raise ValueError(f"baseline {baseline!r} is not among the methods {present}.")
        order = [baseline, *(m for m in order if m != baseline)]
    if unknown:
        raise ValueError(f"method(s) {unknown} not in results; available: {present}.")
    return order


def _compare_to_baseline(
    results: pd.DataFrame,
    metric: str,
    baseline: str | None,
    test: TestName | None,
    alpha: float,
    methods: list[str],
    failed: pd.Series | None = None,
    higher_is_better: bool = True,
) -> dict[str, pd.DataFrame]:
    """Per data set × method: mean, sd, significance and p-value against the baseline.

    With ``failed`` (see :func:`_failed_counts`), ``"failed"`` holds the number of failed
    tasks of each cell. A method and the baseline are compared on the splits both have
    (a stopped run, a failed task), and ``"paired"`` holds how many there were.
    """
    keys = ["dataset", "method", *_SPLIT]
    if results.duplicated(keys).any():
        raise ValueError("results hold more than one row for the same (repetition, fold).")
    datasets = _with_failed(list(pd.unique(results["dataset"])), failed, "dataset")
    grouped = results.groupby(["dataset", "method"], sort=False)[metric]
    agg = grouped.agg(["mean", "std", "count"])

    def frame(column: str) -> pd.DataFrame:
        wide = agg[column].unstack("method").reindex(index=datasets, columns=methods)
        return wide.astype(float)

    out = {"mean": frame("mean"), "sd": frame("std"), "n": frame("count")}
    if failed is not None:
        wide_failed = failed.unstack("method").reindex(index=datasets, columns=methods)
        out["failed"] = wide_failed.fillna(0).astype(int)
    shape = (len(datasets), len(methods))
    sig, pval, paired = np.full(shape, np.nan), np.full(shape, np.nan), np.full(shape, np.nan)
    if test is not None and baseline is not None:
        sign = 1.0 if higher_is_better else -1.0
        for dataset, sub in results.groupby("dataset", sort=False):
            i = datasets.index(str(dataset))
            wide = sub.pivot(index=_SPLIT, columns="method", values=metric)
            if baseline not in wide.columns:
                continue
            sizes = sub[sub["method"] == baseline].set_index(_SPLIT).reindex(wide.index)
            for j, method in enumerate(methods):
                if method == baseline or method not in wide.columns:
                    continue
                both = (wide[method].notna() & wide[baseline].notna()).to_numpy()
                a = sign * wide[method].to_numpy(dtype=float)[both]
                b = sign * wide[baseline].to_numpy(dtype=float)[both]
                n_train = sizes["n_train"].to_numpy(dtype=float)[both]
                n_test = sizes["n_test"].to_numpy(dtype=float)[both]
                sig[i, j], pval[i, j] = per_dataset_test(test, a, b, n_train, n_test, alpha)
                paired[i, j] = both.sum()
    out["significance"] = pd.DataFrame(sig, index=datasets, columns=methods)
    out["p_value"] = pd.DataFrame(pval, index=datasets, columns=methods)
    out["paired"] = pd.DataFrame(paired, index=datasets, columns=methods)
    return out


def _format_cells(
    numbers: Mapping[str, pd.DataFrame],
    fmt: Callable[[float], str],
    show_sd: bool,
    markers: bool,
    expected_splits: int | None = None,
) -> pd.DataFrame:
    mean = numbers["mean"].to_numpy()
    sd = numbers["sd"].to_numpy()
    sig = numbers["significance"].to_numpy()
    failed = numbers["failed"].to_numpy() if "failed" in numbers else np.zeros(mean.shape)
    count = numbers["n"].to_numpy()
    rows = []
    for i in range(mean.shape[0]):
        row = []
        for j in range(mean.shape[1]):
            if np.isnan(mean[i, j]):
                row.append(FAILED if failed[i, j] else _MISSING)
                continue
            text = fmt(mean[i, j])
            if show_sd and not np.isnan(sd[i, j]):
                text += " ± " + fmt(sd[i, j])
            marker = (
                stats.significance_marker(int(sig[i, j]))
                if markers and not np.isnan(sig[i, j])
                else ""
            )
            if failed[i, j]:
                marker = f"{marker} {PARTLY_FAILED}" if marker else PARTLY_FAILED
            if expected_splits and count[i, j] < expected_splits:
                marker = f"{marker} [{count[i, j]:.0f}/{expected_splits}]".strip()
            row.append(f"{text} {marker}" if marker else text)
        rows.append(row)
    index, columns = numbers["mean"].index, numbers["mean"].columns
    return pd.DataFrame(rows, index=index, columns=columns, dtype=object)


def _counts_row(sig: pd.DataFrame, baseline: str) -> dict[str, str]:
    row = {}
    for method in sig.columns:
        if method == baseline:
            row[method] = ""
            continue
        col = sig[method].dropna()
        row[method] = f"({int((col > 0).sum())}/{int((col == 0).sum())}/{int((col < 0).sum())})"
    return row


def _check_test(test: str | None, alpha: float) -> None:
    if test is not None and test not in TEST_LABELS:
        raise ValueError(f"test must be one of {sorted(TEST_LABELS)}, got {test!r}.")
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must be in (0, 1), got {alpha!r}.")


def _with_index_name(frame: pd.DataFrame, name: str) -> pd.DataFrame:
    frame.index.name = name
    frame.columns.name = None
    return frame


# --------------------------------------------------------------------------- tables
def accuracy_table(
    results: pd.DataFrame,
    baseline: str,
    test: TestName = "corrected_t",
    alpha: float = 0.05,
    methods: Sequence[str] | None = None,
    *,
    metric: str = "accuracy",
    percent: bool | None = None,
    decimals: int = 2,
    show_sd: bool = True,
    failures: pd.DataFrame | None = None,
    higher_is_better: bool | None = None,
    expected_splits: int | None = None,
) -> Table:
    """Mean accuracy (or another metric) per data set × method, ◇/* against a baseline.

    Parameters
    ----------
    results : DataFrame
        Tidy results with the columns of :data:`RESULT_COLUMNS`.
    baseline : str
        The method every other column is tested against (shown first).
    test : {"corrected_t", "cv52_f", "paired_t", "wilcoxon"}, default="corrected_t"
        Paired test over the splits of each data set:
        :func:`~ensemble_lab.evaluation.stats.corrected_resampled_ttest` (Weka's
        Experimenter default, for repeated cross-validation),
        :func:`~ensemble_lab.evaluation.stats.cv52_ftest` (for 5×2 CV; see
        :func:`default_test`), :func:`~ensemble_lab.evaluation.stats.paired_ttest`
        or :func:`~ensemble_lab.evaluation.stats.wilcoxon`.
    alpha : float, default=0.05
        Significance level of the markers.
    methods : sequence of str, optional
        Columns to show, in order (default: all, in order of appearance).
    metric : str, default="accuracy"
        Column of ``results`` to tabulate: a metric of
        :data:`~ensemble_lab.evaluation.metrics.METRICS` or any numeric column.
    percent : bool, optional
        Show the metric × 100, as the papers show accuracy (default: as the metric's
        registry entry says; False for a column it does not know).
    decimals : int, default=2
        Digits after the decimal point.
    show_sd : bool, default=True
        Append ``± sd`` (sample standard deviation over the splits).
    failures : DataFrame, optional
        The failed tasks (:func:`~ensemble_lab.evaluation.load_failures`); their cells
        are marked ``failed`` or ``†`` (see the module docstring).
    higher_is_better : bool, optional
        Direction of ``metric`` (default: the registry's; a loss such as ``log_loss``
        is better lower, and its ◇ then marks a significantly lower value).
    expected_splits : int, optional
        Splits every cell should have (the protocol's); a cell with fewer (a stopped
        run, failed tasks) shows ``[k/n]``.

    Returns
    -------
    Table
        Rows are data sets plus a last row ``(◇/ /*)`` with, per method, the
        number of data sets where it is significantly better / not
        significantly different / significantly worse than the baseline (Weka's
        ``(v/ /*)``). ``data`` holds ``mean``, ``sd``, ``significance``,
        ``p_value`` and ``n`` (number of splits) as data sets × methods frames.

    Notes
    -----
    ◇ marks a method significantly *better* (higher) than the baseline and * one
    significantly *worse*, as in Tables 1–2 of paper 000 (Weka itself prints
    ``v`` and ``*``). A method evaluated on a single split gets no marker; a
    method missing on a data set shows ``–``. Splits are paired by
    ``(repetition, fold)``; a method and the baseline are tested on the splits both
    have, and a mean over fewer splits than ``expected_splits`` is marked.
    """
    _check_test(test, alpha)
    _check_results(results, ["dataset", "method", *_SPLIT, "n_train", "n_test", metric])
    known = METRICS.get(metric)
    if higher_is_better is None:
        higher_is_better = known.higher_is_better if known else True
    if percent is None:
        percent = known.percent if known else False
    failed = _failed_counts(failures)
    order = _method_order(results, methods, baseline, failed)
    numbers = _compare_to_baseline(
        results, metric, baseline, test, alpha, order, failed, higher_is_better
    )
    scale = 100.0 if percent else 1.0
    shown = {k: v * scale if k in ("mean", "sd") else v for k, v in numbers.items()}
    cells = _format_cells(
        shown, lambda v: f"{v:.{decimals}f}", show_sd, markers=True, expected_splits=expected_splits
    )
    marks = f"{stats.BETTER_MARKER}/ /{stats.WORSE_MARKER}"
    cells.loc[f"({marks})"] = pd.Series(_counts_row(numbers["significance"], baseline))
    name = known.label if known else metric
    direction = "" if higher_is_better else ", lower is better"
    caption = (
        f"Mean {name}{' (%)' if percent else ''}{direction}"
        f"{' ± standard deviation' if show_sd else ''}. "
        f"{stats.BETTER_MARKER} / {stats.WORSE_MARKER}: significantly better / worse than "
        f"{baseline} at the {alpha:g} level ({TEST_LABELS[test]})."
    )
    if expected_splits and (numbers["n"] < expected_splits).to_numpy().any():
        caption += (
            f" [k/{expected_splits}]: the mean of the k splits finished; a method and "
            f"{baseline} are tested on the splits both have."
        )
    if failed is not None:
        caption += _FAILURE_NOTE
    return Table(_with_index_name(cells, "Dataset"), caption, numbers)


def time_table(
    results: pd.DataFrame,
    kind: str = "fit_cpu",
    baseline: str | None = None,
    *,
    relative: bool = False,
    test: TestName | None = None,
    alpha: float = 0.05,
    methods: Sequence[str] | None = None,
    decimals: int | None = None,
    digits: int = 3,
    show_sd: bool = False,
    failures: pd.DataFrame | None = None,
) -> Table:
    """Mean training (or testing) time per data set × method.

    Parameters
    ----------
    results : DataFrame
        Tidy results with the columns of :data:`RESULT_COLUMNS`.
    kind : {"fit_cpu", "fit_wall", "predict_cpu", "predict_wall"}, default="fit_cpu"
        Which time to tabulate (any other numeric column works too, e.g.
        ``"ensemble_size"``).
    baseline : str, optional
        Reference method, shown first; needed for ``relative`` and ``test``.
    relative : bool, default=False
        Show each mean divided by the baseline's mean on the same data set.
    test : {"corrected_t", "paired_t", "wilcoxon"}, optional
        If given, mark times significantly higher (◇) or lower (*) than the
        baseline's, as Table 2 of paper 000 does.
    alpha : float, default=0.05
        Significance level of the markers.
    methods : sequence of str, optional
        Columns to show, in order.
    decimals : int, optional
        Digits after the decimal point; by default each cell shows ``digits``
        significant digits, so that milliseconds and hours are both legible.
    digits : int, default=3
        Significant digits of each cell when ``decimals`` is not given.
    show_sd : bool, default=False
        Append ``± sd`` over the splits (relative to the baseline mean when
        ``relative``).
    failures : DataFrame, optional
        The failed tasks, marked as in :func:`accuracy_table`.

    Returns
    -------
    Table
        Rows are data sets (plus a counts row when ``test`` is given); ``data``
        holds the absolute ``mean``, ``sd``, ``significance``, ``p_value``, ``n``
        and, when ``relative``, the ``ratio`` frame.

    Notes
    -----
    For times ◇ means *significantly larger* (slower): the marker records the
    direction of the difference, as in paper 000, not a verdict.
    """
    _check_test(test, alpha)
    if (relative or test is not None) and baseline is None:
        raise ValueError("relative times and significance markers need a baseline.")
    needed = ["dataset", "method", *_SPLIT, kind]
    if test == "corrected_t":
        needed += ["n_train", "n_test"]
    _check_results(results, needed)
    if not pd.api.types.is_numeric_dtype(results[kind]):
        raise ValueError(f"column {kind!r} is not numeric.")
    failed = _failed_counts(failures)
    order = _method_order(results, methods, baseline, failed)
    numbers = _compare_to_baseline(results, kind, baseline, test, alpha, order, failed)
    shown = dict(numbers)
    if relative:
        assert baseline is not None
        base_mean = numbers["mean"][baseline]
        ratio = numbers["mean"].div(base_mean, axis=0)
        numbers = {**numbers, "ratio": ratio}
        shown = {**shown, "mean": ratio, "sd": numbers["sd"].div(base_mean, axis=0)}
    fmt = (
        (lambda v: significant(v, digits)) if decimals is None else (lambda v: f"{v:.{decimals}f}")
    )
    cells = _format_cells(shown, fmt, show_sd, markers=test is not None)
    if test is not None:
        assert baseline is not None
        marks = f"{stats.BETTER_MARKER}/ /{stats.WORSE_MARKER}"
        cells.loc[f"({marks})"] = pd.Series(_counts_row(numbers["significance"], baseline))
    what = "training" if kind.startswith("fit") else "testing" if kind.startswith("predict") else ""
    unit = "CPU" if kind.endswith("cpu") else "wall-clock" if kind.endswith("wall") else ""
    label = f"{what} time ({unit} seconds)" if kind in _TIME_KINDS else kind
    caption = f"Mean {label}"
    if relative:
        caption += f", relative to {baseline}"
    caption += "."
    if test is not None:
        caption += (
            f" {stats.BETTER_MARKER} / {stats.WORSE_MARKER}: significantly larger / smaller than "
            f"{baseline} at the {alpha:g} level ({TEST_LABELS[test]})."
        )
    if failed is not None:
        caption += _FAILURE_NOTE
    return Table(_with_index_name(cells, "Dataset"), caption, numbers)


def failure_table(failures: pd.DataFrame, results: pd.DataFrame | None = None) -> Table:
    r"""The failed tasks: one row per method and data set, with the first error.

    Parameters
    ----------
    failures : DataFrame
        As :func:`~ensemble_lab.evaluation.load_failures` returns it (columns
        ``dataset, method, repetition, fold, error``).
    results : DataFrame, optional
        The successful tasks; when given, the count reads ``k of n`` tasks.

    Returns
    -------
    Table
        Columns ``Data set``, ``Failed`` and ``First error`` (the first line of the
        first failed task's error, ``Type: message``), rows indexed by method in the
        order of ``failures``.

    Examples
    --------
    >>> import pandas as pd
    >>> failures = pd.DataFrame({"dataset": ["iris"] * 2, "method": ["SMO"] * 2,
    ...     "repetition": [0, 0], "fold": [0, 1], "error": ["ValueError: no\n..."] * 2})
    >>> failure_table(failures).frame.to_dict("records")
    [{'Data set': 'iris', 'Failed': '2', 'First error': 'ValueError: no'}]
    """
    _check_results(failures, ["dataset", "method", "error"])
    done = results.groupby(["dataset", "method"]).size() if results is not None else None
    rows = []
    for (method, dataset), group in failures.groupby(["method", "dataset"], sort=False):
        count = str(len(group))
        if done is not None:
            count += f" of {len(group) + int(done.get((dataset, method), 0))}"
        first = str(group["error"].iloc[0]).strip().splitlines()
        rows.append((method, dataset, count, first[0] if first else ""))
    frame = pd.DataFrame(
        [r[1:] for r in rows],
        index=pd.Index([r[0] for r in rows], name="Method"),
        columns=["Data set", "Failed", "First error"],
        dtype=object,
    )
    caption = (
        f"{len(failures)} failed task(s), per method and data set, with the first error; "
        "load_failures() gives every traceback."
    )
    return Table(frame, caption, {"failures": failures})


def _described(description: Any) -> str:
    """``Class(param=value, ...)`` from a stored estimator description."""
    if isinstance(description, dict) and set(description) == {"class", "params"}:
        name = str(description["class"]).rsplit(".", 1)[-1]
        params = dict(description["params"])
        return f"{name}({', '.join(f'{k}={_described(v)}' for k, v in params.items())})"
    if isinstance(description, list):
        return "[" + ", ".join(_described(v) for v in description) + "]"
    return repr(description)


def _full_repr(entry: Mapping[str, Any]) -> str:
    """The estimator of a stored method entry, with every parameter."""
    from sklearn import config_context

    from ensemble_lab.methods import make

    if "estimator" in entry:
        return _described(entry["estimator"])
    params = dict(entry.get("params") or {})
    estimator = make(str(entry["name"]), base=entry.get("base"), **params)
    with config_context(print_changed_only=False):
        return estimator.__repr__(N_CHAR_MAX=100_000)


def method_key(methods: Sequence[Mapping[str, Any]]) -> Table:
    """The key of an experiment's methods: each label with its estimator in full.

    Parameters
    ----------
    methods : sequence of mapping
        The ``methods`` of a stored configuration (``ResultsStore.config(name)``):
        ``label`` with ``name``, ``base`` and ``params``, or with an ``estimator``
        description.

    Returns
    -------
    Table
        Rows indexed by label, columns ``Name``, ``Base``, ``Parameters`` (as given in
        the configuration) and ``Estimator`` (every parameter, as scikit-learn prints it
        with ``print_changed_only=False``).
    """
    rows = []
    for entry in methods:
        params = entry.get("params") or {}
        given = ", ".join(f"{k}={v!r}" for k, v in dict(params).items())
        rows.append(
            (
                str(entry["label"]),
                str(entry.get("name", "")),
                "" if entry.get("base") is None else str(entry["base"]),
                given,
                _full_repr(entry),
            )
        )
    frame = pd.DataFrame(
        [r[1:] for r in rows],
        index=pd.Index([r[0] for r in rows], name="Method"),
        columns=["Name", "Base", "Parameters", "Estimator"],
        dtype=object,
    )
    caption = (
        "Key of the methods: the registered name, base learner and parameters each label "
        "stands for, and the estimator built from them with every parameter; random_state "
        "is set for each task from the experiment seed."
    )
    return Table(frame, caption)


def paired_by_prefix(
    methods: Iterable[str], treated: str = "H-", reference: str = "N-"
) -> list[tuple[str, str]]:
    """Pair each ``treated + x`` method with ``reference + x`` when both exist.

    Parameters
    ----------
    methods : iterable of str
        Method names.
    treated, reference : str
        Prefixes; paper 001 names methods with the oracle ``H-…`` and without it
        ``N-…``.

    Returns
    -------
    list of (str, str)
        ``(treated method, reference method)`` pairs, in the order of ``methods``.

    Examples
    --------
    >>> paired_by_prefix(["N-P-Bagging", "H-P-Bagging", "H-U-Ensemble"])
    [('H-P-Bagging', 'N-P-Bagging')]
    """
    names = list(methods)
    present = set(names)
    return [
        (m, reference + m[len(treated) :])
        for m in names
        if m.startswith(treated) and reference + m[len(treated) :] in present
    ]


def _mean_table(results: pd.DataFrame, metric: str, methods: list[str]) -> pd.DataFrame:
    means = results.groupby(["dataset", "method"], sort=False)[metric].mean().unstack("method")
    means = means.reindex(columns=methods)
    incomplete = means.columns[means.isna().any()].tolist()
    if incomplete:
        raise ValueError(
            f"method(s) {incomplete} have no results on some data sets; ranks need every "
            "method on every data set."
        )
    return means


def rank_table(
    results: pd.DataFrame,
    baseline_pairs: Mapping[str, str] | Sequence[tuple[str, str]] | None = None,
    *,
    metric: str = "accuracy",
    higher_is_better: bool = True,
    alpha: float = 0.05,
    methods: Sequence[str] | None = None,
    decimals: int = 2,
    tie_tolerance: float = 0.0,
) -> Table:
    """Average ranks over data sets and win-tie-loss of method pairs.

    Parameters
    ----------
    results : DataFrame
        Tidy results with the columns of :data:`RESULT_COLUMNS`.
    baseline_pairs : mapping or sequence of (method, reference), optional
        Pairs whose win-tie-loss over the data sets is reported on the row of
        ``method``, e.g. each ``"H-x"`` against ``"N-x"``
        (see :func:`paired_by_prefix`).
    metric : str, default="accuracy"
        Column ranked (its mean over the splits of each data set).
    higher_is_better : bool, default=True
        Direction of ``metric``.
    alpha : float, default=0.05
        Significance level of the sign test.
    methods : sequence of str, optional
        Methods to rank (default: all).
    decimals : int, default=2
        Digits of the average ranks.
    tie_tolerance : float, default=0.0
        Mean scores differing by at most this much count as a tie in win-tie-loss.

    Returns
    -------
    Table
        One row per method, sorted by average rank (best first), with columns
        ``Average rank`` and, if pairs are given, ``Win-tie-loss``: ``w-t-l`` of
        the method against its reference, preceded by ``•`` when the sign test
        finds it significantly better (``wins + ties/2 >= n_c``), ``–`` for
        methods without a reference. The caption reports the Friedman /
        Iman–Davenport test and the Nemenyi critical difference; ``data`` holds
        ``means`` (data sets × methods), ``ranks``, ``average_ranks`` and
        ``win_tie_loss``.

    Notes
    -----
    As in paper 001, ranks are computed on the mean score of each method on
    each data set; rank 1 is the best and tied methods share the average rank.
    """
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"alpha must be in (0, 1), got {alpha!r}.")
    _check_results(results, ["dataset", "method", metric])
    order = _method_order(results, methods, None)
    pairs = _rank_pairs(baseline_pairs, order)
    means = _mean_table(results, metric, order)
    ranked = stats.average_ranks(means, higher_is_better=higher_is_better)
    average = ranked.average.sort_values(kind="stable")
    cells = pd.DataFrame(
        {"Average rank": [f"{r:.{decimals}f}" for r in average]}, index=average.index, dtype=object
    )
    wtl = _pair_tests(means if higher_is_better else -means, pairs, alpha, tie_tolerance)
    if pairs:
        cells["Win-tie-loss"] = _MISSING
        for row in wtl.itertuples(index=False):
            bullet = "• " if row.better else ""
            cells.loc[row.method, "Win-tie-loss"] = f"{bullet}{row.wins}-{row.ties}-{row.losses}"
    data: dict[str, pd.DataFrame | pd.Series] = {
        "means": means,
        "ranks": ranked.ranks,
        "average_ranks": average,
        "win_tie_loss": wtl,
    }
    caption = _rank_caption(means, higher_is_better, alpha, bool(pairs))
    return Table(_with_index_name(cells, "Method"), caption, data)


def _pairwise(
    results: pd.DataFrame, metric: str, test: TestName, alpha: float
) -> tuple[PairwiseTests, str]:
    _check_test(test, alpha)
    _check_results(results, ["dataset", "method", *_SPLIT, "n_train", "n_test", metric])
    known = METRICS.get(metric)
    higher = known.higher_is_better if known else True
    tests = pairwise_tests(results, metric=metric, test=test, alpha=alpha, higher_is_better=higher)
    what = (
        f"{known.label if known else metric}{'' if higher else ', lower is better'}; "
        f"{TEST_LABELS[test]} at the {alpha:g} level on each data set"
    )
    return tests, what


def summary_table(
    results: pd.DataFrame,
    *,
    metric: str = "accuracy",
    test: TestName = "corrected_t",
    alpha: float = 0.05,
) -> Table:
    """Weka's summary matrix: how often each column beats each row, over the data sets.

    Cell (row, column) is ``w (s)``: the number of data sets where the column's mean is
    better than the row's, and in parentheses where it is significantly better —
    ``PairedCorrectedTTester -s`` of Weka's Experimenter. See
    :func:`~ensemble_lab.evaluation.pairwise.summary_matrix`.
    """
    tests, what = _pairwise(results, metric, test, alpha)
    frame = summary_matrix(tests)
    caption = (
        f"Summary over {tests.n_datasets} data sets ({what}): cell (row, column) counts the "
        "data sets where the column is better than the row, in parentheses significantly "
        "better (Weka's Experimenter summary)."
    )
    return Table(_with_index_name(frame, "Method"), caption, {"tests": tests})


def ranking_table(
    results: pd.DataFrame,
    *,
    metric: str = "accuracy",
    test: TestName = "corrected_t",
    alpha: float = 0.05,
) -> Table:
    """Weka's ranking: each method's significant wins minus losses over all others.

    ``PairedCorrectedTTester -r`` of Weka's Experimenter: over every other method and
    every data set, the number of significant wins and losses, ranked by their
    difference. See :func:`~ensemble_lab.evaluation.pairwise.wins_losses_ranking`.
    """
    tests, what = _pairwise(results, metric, test, alpha)
    frame = wins_losses_ranking(tests).astype(object)
    caption = (
        f"Ranking over {tests.n_datasets} data sets and every pair of methods ({what}): "
        "significant wins, losses and their difference (Weka's Experimenter ranking)."
    )
    return Table(_with_index_name(frame, "Method"), caption, {"tests": tests})


def _rank_pairs(
    baseline_pairs: Mapping[str, str] | Sequence[tuple[str, str]] | None, order: list[str]
) -> list[tuple[str, str]]:
    """The (method, reference) pairs of :func:`rank_table`, each of them among ``order``."""
    if baseline_pairs is None:
        pairs: list[tuple[str, str]] = []
    elif isinstance(baseline_pairs, Mapping):
        pairs = list(baseline_pairs.items())
    else:
        pairs = [(method, reference) for method, reference in baseline_pairs]
    for method, reference in pairs:
        for name in (method, reference):
            if name not in order:
                raise ValueError(f"paired method {name!r} is not among the ranked methods.")
    return pairs


def _pair_tests(
    signed: pd.DataFrame, pairs: list[tuple[str, str]], alpha: float, tie_tolerance: float
) -> pd.DataFrame:
    """Win-tie-loss and sign test of each pair over the data sets (higher ``signed`` wins)."""
    rows = []
    for method, reference in pairs:
        w, t, lo = stats.win_tie_loss(signed[method], signed[reference], tolerance=tie_tolerance)
        test = stats.sign_test(w, t, lo, alpha=alpha)
        rows.append(
            {
                "method": method,
                "reference": reference,
                "wins": w,
                "ties": t,
                "losses": lo,
                "critical_value": test.critical_value,
                "better": test.better,
                "worse": test.worse,
                "p_value": test.p_value,
            }
        )
    return pd.DataFrame(rows)


def _rank_caption(
    means: pd.DataFrame, higher_is_better: bool, alpha: float, with_pairs: bool
) -> str:
    caption = "Average ranks over data sets (1 = best; ties share the average rank)."
    if means.shape[0] >= 2:
        fr = stats.friedman(means, higher_is_better=higher_is_better)
        cd = stats.nemenyi_cd(means.shape[1], means.shape[0], alpha)
        caption += (
            f" Friedman χ² = {fr.chi2:.2f}, Iman–Davenport F = {fr.f_statistic:.2f} "
            f"(p = {fr.f_p_value:.3g}); Nemenyi CD at {alpha:g} = {cd.cd:.2f}."
        )
    if with_pairs:
        caption += (
            f" Win-tie-loss of each method against its reference; • marks a significant "
            f"sign test at the {alpha:g} level."
        )
    return caption
