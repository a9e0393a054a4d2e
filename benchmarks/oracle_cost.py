"""What the random linear oracle adds to each host of Table III: H-/N- fit and predict CPU.

For every data set of the oracle paper's Table III and every host that has both an
``H-`` (each member a random linear oracle around its tree) and an ``N-`` version (19
pairs), both are cross-validated on the same stratified 10-fold split (scikit-learn's,
seed 1, as ``weka_hosts.py``), ``random_state=1``; the first ``--folds`` folds are timed.
Fit and predict are timed apart, in process CPU seconds with one BLAS thread, summed over
the folds; each is the minimum over ``--repeat`` runs, H- and N- runs taken in turn so
that both see the same load. Printed: each pair's H-/N- fit and predict ratios, per host
their geometric means and worst data sets, and for every pair over the targets (fit >
``--fit-target``, predict > ``--predict-target``) where the extra time goes, from one more
run with the parts timed:

* ``oracle``: the oracle's own work (its ``_fit_encoded`` less the trees it grows; at
  prediction its ``_encoded_distribution`` less the trees' distributions);
* ``trees``: the two trees of each H- member against the one tree of each N- member;
* ``host``: everything else (validation, encoding, the host's own rounds and sums).

The summary counts, per host, the pairs whose fit ratio the trees alone put over the
target (1 + the trees' share above ``--fit-target``): the two trees of a member on the
halves of its data against the one tree on the whole, which no saving in the oracle's
own code removes.

Each part is given as a share of the N- time, so the three add up to the ratio minus 1
(up to the timing of the instrumented run).

Run::

    nice -n 10 python benchmarks/oracle_cost.py [--folds 10] [--repeat 3]
        [--datasets labor vote ...] [--hosts "P-Bagging" ...] [--markdown out.md]
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from collections import Counter  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from datetime import date  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from ensemble_lab.datasets import load  # noqa: E402
from ensemble_lab.evaluation import weka  # noqa: E402
from ensemble_lab.experiments import oracle as oracle_experiment  # noqa: E402
from ensemble_lab.learners import C45TreeClassifier, RandomTreeClassifier  # noqa: E402
from ensemble_lab.methods import (  # noqa: E402
    _oracle,
    make,
    names,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _common  # noqa: E402
from _common import geomean, machine  # noqa: E402

load_average = _common.load

#: The hosts with both versions, named without their ``H-``/``N-`` prefix.
PAIRS = [name[2:] for name in names() if name.startswith("H-") and "N-" + name[2:] in names()]


def timed_folds(host: str, X, y, folds: np.ndarray, n_folds: int) -> tuple[float, float]:
    """Fit and predict CPU seconds of ``host`` over the first ``n_folds`` folds."""
    fit = predict = 0.0
    for k in range(n_folds):
        train, test = np.flatnonzero(folds != k), np.flatnonzero(folds == k)
        X_train, y_train, X_test = X.iloc[train], y.iloc[train], X.iloc[test]
        start = time.process_time()
        model = make(host, random_state=1).fit(X_train, y_train)
        middle = time.process_time()
        model.predict(X_test)
        fit += middle - start
        predict += time.process_time() - middle
    return fit, predict


def measure_pair(pair: str, X, y, folds, n_folds: int, repeat: int) -> dict:
    """Minimum fit and predict CPU of ``H-pair`` and ``N-pair``, runs taken in turn."""
    best = dict.fromkeys(("h_fit", "h_predict", "n_fit", "n_predict"), np.inf)
    for _ in range(repeat):
        for prefix in ("H", "N"):
            fit, predict = timed_folds(f"{prefix}-{pair}", X, y, folds, n_folds)
            low = prefix.lower()
            best[f"{low}_fit"] = min(best[f"{low}_fit"], fit)
            best[f"{low}_predict"] = min(best[f"{low}_predict"], predict)
    return best


@contextmanager
def parts():
    """CPU seconds spent in the oracle and in the trees while the block runs."""
    spent: Counter = Counter()
    patched = []

    def timing(owner, name, label, static=False):
        original = owner.__dict__[name]
        function = original.__func__ if static else original

        def wrapper(*args, **kwargs):
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[label] += time.process_time() - start

        setattr(owner, name, staticmethod(wrapper) if static else wrapper)
        patched.append((owner, name, original))

    oracle = _oracle.RandomLinearOracle
    timing(oracle, "_fit_encoded", "oracle fit")
    timing(oracle, "_encoded_distribution", "oracle predict")
    for tree in (C45TreeClassifier, RandomTreeClassifier):
        timing(tree, "_fit_encoded", "tree fit")
        timing(tree, "_tree_distribution", "tree predict", static=True)
    try:
        yield spent
    finally:
        for owner, name, original in reversed(patched):
            setattr(owner, name, original)


def where_time_goes(pair: str, X, y, folds, n_folds: int) -> dict:
    """The extra H- time split into oracle, trees and host, as shares of the N- time."""
    totals, inside = {}, {}
    for prefix in ("H", "N"):
        with parts() as spent:
            totals[prefix] = timed_folds(f"{prefix}-{pair}", X, y, folds, n_folds)
        inside[prefix] = dict(spent)
    out = {}
    for step, index in (("fit", 0), ("predict", 1)):
        h, n = inside["H"], inside["N"]
        h_trees, n_trees = h.get(f"tree {step}", 0.0), n.get(f"tree {step}", 0.0)
        h_oracle = h.get(f"oracle {step}", 0.0) - h_trees
        h_rest = totals["H"][index] - h.get(f"oracle {step}", 0.0)
        n_rest = totals["N"][index] - n_trees
        base = totals["N"][index]
        out[step] = {
            "oracle": h_oracle / base,
            "trees": (h_trees - n_trees) / base,
            "host": (h_rest - n_rest) / base,
        }
    return out


def run(datasets, pairs, n_folds, repeat, fit_target, predict_target) -> list[dict]:
    rows = []
    for name in datasets:
        X, y = load(name)
        folds = weka.fold_assignment(y, n_splits=10, random_state=1)
        for pair in pairs:
            best = measure_pair(pair, X, y, folds, n_folds, repeat)
            row = {"dataset": name, "n": len(y), "pair": pair, **best, "load": load_average()}
            row["fit"] = best["h_fit"] / best["n_fit"]
            row["predict"] = best["h_predict"] / best["n_predict"]
            if row["fit"] > fit_target or row["predict"] > predict_target:
                row["parts"] = where_time_goes(pair, X, y, folds, n_folds)
            rows.append(row)
            print(line(row), flush=True)
    return rows


def _parts_text(parts: dict, step: str) -> str:
    p = parts[step]
    return f"oracle {p['oracle']:+.2f}, trees {p['trees']:+.2f}, host {p['host']:+.2f}"


def line(r: dict) -> str:
    text = (
        f"{r['dataset']:15s} {r['n']:6d} {r['pair']:24s} "
        f"fit {r['h_fit']:7.3f} / {r['n_fit']:7.3f} s = {r['fit']:5.2f}   "
        f"predict {r['h_predict']:6.4f} / {r['n_predict']:6.4f} s = {r['predict']:5.2f}"
        f"   load {r['load']}"
    )
    if "parts" in r:
        text += (
            f"\n{'':22s} extra fit: {_parts_text(r['parts'], 'fit')}; "
            f"extra predict: {_parts_text(r['parts'], 'predict')}"
        )
    return text


def summary(rows: list[dict], fit_target: float, predict_target: float) -> list[str]:
    """Per host: geometric means and worst data sets; then the whole collection."""
    out = [
        "| host | data sets | fit H-/N-: geo. mean | max (data set) | predict H-/N-: geo. "
        "mean | max (data set) | over a target | fit over its target by the trees alone |",
        "|---|---:|---:|---|---:|---|---:|---:|",
    ]
    for pair in dict.fromkeys(r["pair"] for r in rows):
        mine = [r for r in rows if r["pair"] == pair]
        out.append(_summary_row(pair, mine, fit_target, predict_target))
    out.append(_summary_row("all hosts", rows, fit_target, predict_target))
    return out


def _summary_row(label: str, rows: list[dict], fit_target: float, predict_target: float):
    fit = max(rows, key=lambda r: r["fit"])
    predict = max(rows, key=lambda r: r["predict"])
    over = sum(r["fit"] > fit_target or r["predict"] > predict_target for r in rows)
    # 1 + the trees' share: the ratio if the oracle and the host added nothing.
    trees = sum("parts" in r and 1 + r["parts"]["fit"]["trees"] > fit_target for r in rows)
    return (
        f"| {label} | {len({r['dataset'] for r in rows})} "
        f"| {geomean([r['fit'] for r in rows]):.2f} | {fit['fit']:.2f} ({fit['dataset']}) "
        f"| {geomean([r['predict'] for r in rows]):.2f} "
        f"| {predict['predict']:.2f} ({predict['dataset']}) | {over} of {len(rows)} "
        f"| {trees} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--datasets", nargs="*", default=oracle_experiment.dataset_names())
    parser.add_argument("--hosts", nargs="*", default=PAIRS, choices=PAIRS, metavar="HOST")
    parser.add_argument("--folds", type=int, default=10, help="folds timed, of the 10")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the minimum counts")
    parser.add_argument("--fit-target", type=float, default=1.15)
    parser.add_argument("--predict-target", type=float, default=1.3)
    parser.add_argument("--markdown", type=Path, help="also write the summary here")
    args = parser.parse_args()
    warnings.filterwarnings("ignore", message="The least populated class")
    info = machine()
    print("Machine: " + "; ".join(f"{k} {v}" for k, v in info.items()), flush=True)
    start = time.perf_counter()
    rows = run(
        args.datasets, args.hosts, args.folds, args.repeat, args.fit_target, args.predict_target
    )
    table = summary(rows, args.fit_target, args.predict_target)
    footer = (
        f"{date.today().isoformat()}: {len(rows)} pairs, {args.folds} of 10 folds, "
        f"minimum of {args.repeat} runs; {time.perf_counter() - start:.0f} s wall; "
        f"load at start {info['load average']}, at end {load_average()}"
    )
    print("\n".join(["", *table, "", footer]))
    if args.markdown is not None:
        args.markdown.write_text("\n".join([*table, "", footer, ""]), encoding="utf-8")


if __name__ == "__main__":
    main()
