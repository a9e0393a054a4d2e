"""The numbers of the Triskel page: Tables 1–2 from the stored results, and the ledger.

:func:`analyse` reads the tidy results of the page's experiments into
:class:`Findings`: mean accuracy and training time per data set and method over the
complete splits, each Triskel column's corrected resampled t-test markers against its
partner (as the paper marks its tables) and the claims ledger (:mod:`.ledger`). Nothing
is fitted here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ...evaluation import ExperimentConfig, RepeatedCV
from ...reporting import Table
from ...reporting.claims import Claim
from ...reporting.tables import accuracy_table, time_table
from .._common import complete_splits
from . import larger_c
from .claims import Side
from .ledger import ledger
from .paper import DATASETS, FIGURE_DATASETS, METHODS, PAIRS

__all__ = ["Findings", "analyse", "win_loss"]


def _pair_markers(results: pd.DataFrame, kind: str) -> pd.DataFrame:
    """Our markers for each Triskel column against its partner, as the paper tests."""
    out = {}
    for partner, triskel in PAIRS:
        sub = results[results["method"].isin([partner, triskel])]
        if sub["method"].nunique() < 2:
            continue
        if kind == "accuracy":
            table = accuracy_table(sub, baseline=partner, methods=[partner, triskel])
        else:
            table = time_table(
                sub, kind, baseline=partner, test="corrected_t", methods=[partner, triskel]
            )
        sign = table.data["significance"][triskel]  # +1 higher, −1 lower, 0 / NaN neither
        out[triskel] = sign.map({1.0: "◇", -1.0: "*"}).fillna("")
    return pd.DataFrame(out)


def win_loss(marks: pd.DataFrame, method: str) -> str:
    """Significant wins/ties/losses of ``method`` from its markers, as ``"w/t/l"``.

    Examples
    --------
    >>> win_loss(pd.DataFrame({"Triskel-W4": ["◇", "", "*", "◇"]}), "Triskel-W4")
    '2/1/1'
    """
    column = marks.get(method, pd.Series(dtype=object))
    wins, losses = int((column == "◇").sum()), int((column == "*").sum())
    return f"{wins}/{column.size - wins - losses}/{losses}"


@dataclass(frozen=True)
class Findings:
    """What the store says: means and markers of Tables 1–2 over the complete splits, claims."""

    cfg: ExperimentConfig
    results: pd.DataFrame  # the complete splits of the data sets analysed
    n_tasks: int  # tasks stored, complete splits or not
    missing: tuple[str, ...]  # planned data sets with fewer than 2 complete splits
    partial: dict[str, int]  # data set -> complete splits, where fewer than planned
    datasets: tuple[str, ...]  # analysed, in the paper's order
    methods: tuple[str, ...]  # run, in the paper's column order
    accuracy: Table  # our accuracy table against SMO
    acc_mean: pd.DataFrame  # accuracy %, data sets × methods
    time_mean: pd.DataFrame  # training CPU s, data sets × methods
    acc_marks: pd.DataFrame  # ◇ / * of each Triskel column against its partner
    time_marks: pd.DataFrame
    n_splits: pd.Series  # splits per (data set, method)
    figure_datasets: tuple[str, ...]  # the panels of our Figure 2
    claims: tuple[Claim, ...]
    reference: pd.DataFrame  # rows of SMO, SMO (C = 16), Triskel-W4, AdaBoost-50
    bases: pd.DataFrame  # results of Triskel-W4 and AdaBoost-50 on the other base learners
    concave: pd.Series  # ROC concavity per data set (empty if not computed)


def analyse(
    results: pd.DataFrame,
    cfg: ExperimentConfig,
    shapes: pd.DataFrame | None = None,
    *,
    bases_results: pd.DataFrame | None = None,
    concave: pd.Series | None = None,
) -> Findings:
    """Tables 1–2 and the claims from stored results (no fitting).

    Splits where some method is missing (an unfinished run) are left out, and so are
    the data sets with fewer than two complete splits. ``shapes`` are the stored
    datasets (:func:`~ensemble_lab.evaluation.load_datasets`), for the note on claim 7;
    ``bases_results`` the results of :mod:`.bases` and ``concave`` the ROC
    concavity of each data set (:mod:`.concavity`), for their claims.
    """
    n_tasks = len(results)
    reference = results[results["method"].isin(larger_c.COMPARED)]
    results = complete_splits(results[results["method"].isin(METHODS)])
    done = results.groupby("dataset")[["repetition", "fold"]].apply(
        lambda f: len(f.drop_duplicates())
    )
    planned = [d for d in cfg.datasets if isinstance(d, str)]
    missing = [d for d in planned if d not in done.index or done[d] < 2]
    results = results[~results["dataset"].isin(missing)]
    expected = cfg.protocol.n_splits()
    partial = {d: int(n) for d, n in done.items() if d not in missing and n < expected}
    methods = [m for m in METHODS if m in set(results["method"])]
    datasets = [d for d in DATASETS.values() if d in set(results["dataset"])]
    acc = accuracy_table(results, baseline="SMO", methods=methods)
    times = time_table(results, "fit_cpu", baseline="SMO", methods=methods)
    acc_mean = acc.data["mean"].reindex(index=datasets, columns=methods) * 100
    time_mean = times.data["mean"].reindex(index=datasets, columns=methods)
    acc_marks = _pair_markers(results, "accuracy").reindex(datasets).fillna("")
    time_marks = _pair_markers(results, "fit_cpu").reindex(datasets).fillna("")
    figure_datasets = [d for d in FIGURE_DATASETS if d in datasets] or datasets[:6]
    other = results.iloc[:0] if bases_results is None else bases_results
    concave = pd.Series(dtype=float) if concave is None else concave
    side = Side(acc_mean, time_mean, acc_marks, time_marks)
    repetitions = cfg.protocol.n_repetitions if isinstance(cfg.protocol, RepeatedCV) else 1
    claims = ledger(side, figure_datasets, repetitions, shapes, results, other, concave)
    return Findings(
        cfg=cfg,
        results=results,
        n_tasks=n_tasks,
        missing=tuple(missing),
        partial=partial,
        datasets=tuple(datasets),
        methods=tuple(methods),
        accuracy=acc,
        acc_mean=acc_mean,
        time_mean=time_mean,
        acc_marks=acc_marks,
        time_marks=time_marks,
        n_splits=results.groupby(["dataset", "method"]).size(),
        figure_datasets=tuple(figure_datasets),
        reference=reference[~reference["dataset"].isin(missing)],
        bases=other,
        concave=concave,
        claims=tuple(claims),
    )
