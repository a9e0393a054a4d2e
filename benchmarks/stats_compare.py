"""The whole analysis of the oracle's Table III store, against autorank on the same table.

Loads the committed store (35 data sets × 40 methods, 140,000 task rows), then times
on one core, process CPU: the data sets × methods table, :func:`stats.compare` (the
procedure, Friedman, every Nemenyi pair, effect sizes, intervals, the text), and the
report's tables over the splits (the metric with its markers, the ranks, Weka's summary
matrix and ranking: every pair of methods tested on every data set); then autorank on
the same means, side by side. Usage::

    nice python benchmarks/stats_compare.py [--store experiments/results/oracle.db.xz]
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import contextlib
import io
import time
from pathlib import Path

from _common import machine

from ensemble_lab.evaluation import load_results, stats
from ensemble_lab.reporting.tables import (
    accuracy_table,
    rank_table,
    ranking_table,
    summary_table,
)

STORE = Path(__file__).resolve().parents[1] / "experiments" / "results" / "oracle.db.xz"


def timed(label: str, fn, *args, **kwargs):
    start = time.process_time()
    out = fn(*args, **kwargs)
    seconds = time.process_time() - start
    print(f"{label:58s} {seconds:8.2f} s")
    return out, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, default=STORE)
    parser.add_argument("--experiment", default="oracle-paper")
    args = parser.parse_args()
    print(" ".join(f"{k}={v}" for k, v in machine().items()))
    results, load = timed(
        "load_results (the tidy table)", load_results, args.store, args.experiment
    )
    print(f"{len(results)} task rows, {results['dataset'].nunique()} data sets, "
          f"{results['method'].nunique()} methods")  # fmt: skip
    means, pivot = timed(
        "data sets × methods means",
        lambda: results.groupby(["dataset", "method"])["accuracy"].mean().unstack(),
    )
    result, ours = timed("stats.compare (procedure, tests, effect sizes, text)",
                         lambda: (c := stats.compare(means), c.text())[0])  # fmt: skip
    baseline = str(results["method"].iloc[0])
    _, acc = timed(
        "accuracy table (corrected t against a baseline)", accuracy_table, results, baseline
    )
    _, ranks = timed("rank table (Friedman, Nemenyi CD)", rank_table, results)
    _, weka = timed("Weka's summary matrix (every pair, every data set)", summary_table, results)
    _, wl = timed("Weka's wins − losses ranking", ranking_table, results)
    total = load + pivot + ours + acc + ranks + weka + wl
    print(f"{'the whole analysis':58s} {total:8.2f} s  (target ≤ 10 s)")
    try:
        import autorank
    except ImportError:
        print("autorank not installed: no side-by-side figure")
        return
    with contextlib.redirect_stdout(io.StringIO()):
        start = time.process_time()
        theirs = autorank.autorank(means, alpha=0.05)
        peer = time.process_time() - start
    print(f"{'autorank.autorank on the same means':58s} {peer:8.2f} s")
    print(f"ratio stats.compare / autorank: {ours / peer:.2f}; both chose "
          f"{result.procedure.omnibus} / {theirs.omnibus}")  # fmt: skip


if __name__ == "__main__":
    main()
