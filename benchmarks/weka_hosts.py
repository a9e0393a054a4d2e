"""The oracle paper's host ensembles against Weka 3.6 on the same folds.

For each dataset and host (10 members, J48 as in the paper, Weka's ``-S 1`` and our
``random_state=1``), both Weka and we cross-validate on the same stratified 10-fold
split (scikit-learn's, seed 1). Printed: the share of test predictions equal to Weka's,
our accuracy minus Weka's, and the ratio of our CPU time to Weka's. Then, ours only, the
fit time of each ``H-`` host (the random linear oracle around J48) over its ``N-`` host.

How the CPU times are taken, so that the ratio holds from run to run: ours is the
process CPU time of fitting and predicting the ten folds, the least of ``--repeat``
runs. Weka's is the CPU time of its whole JVM per pass over the ten folds (every
thread: the garbage collector and the JIT compiler work for the learner too), the mean
of ``--timed`` passes made after ``--warmup`` unreported passes over all the folds, by
which time the JIT has compiled what every fold runs (the JVM counts process time in
10 ms ticks, which the mean of several passes smooths). The ratio against the main
thread's CPU time alone (each fold's least over the timed passes) is printed beside it:
it leaves out the collector's work, which for the small data sets is as much again.

Run::

    python benchmarks/weka_hosts.py

It writes the tables into ``docs/performance.md`` between marker lines.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from datetime import date  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from ensemble_lab.datasets import load_arff  # noqa: E402
from ensemble_lab.evaluation import weka  # noqa: E402
from ensemble_lab.methods import make  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import geomean, machine  # noqa: E402
from weka_agreement import datasets, write  # noqa: E402

J48 = "-W weka.classifiers.trees.J48 -- -C 0.25 -M 2"
PCA = '"weka.filters.unsupervised.attribute.PrincipalComponents -R 1.0 -A 5 -M -1"'
HOSTS = {  # our name -> Weka class and options (10 members, seed 1)
    "N-P-Bagging": ("weka.classifiers.meta.Bagging", f"-P 100 -S 1 -I 10 {J48}"),
    "N-P-AdaBoostM1 (W)": ("weka.classifiers.meta.AdaBoostM1", f"-P 100 -S 1 -I 10 {J48}"),
    "N-P-AdaBoostM1 (S)": ("weka.classifiers.meta.AdaBoostM1", f"-P 100 -S 1 -I 10 -Q {J48}"),
    "N-P-MultiBoost (W)": ("weka.classifiers.meta.MultiBoostAB", f"-C 3 -P 100 -S 1 -I 10 {J48}"),
    "N-P-Rand. Subs. (50%)": ("weka.classifiers.meta.RandomSubSpace", f"-P 0.5 -S 1 -I 10 {J48}"),
    "N-P-Rand. Subs. (75%)": (
        "weka.classifiers.meta.RandomSubSpace", f"-P 0.75 -S 1 -I 10 {J48}"
    ),
    "N-P-Rotation Forest": (
        "weka.classifiers.meta.RotationForest", f"-G 3 -H 3 -P 50 -F {PCA} -S 1 -I 10 {J48}"
    ),
    "N-P-Decorate": ("weka.classifiers.meta.Decorate", f"-E 10 -R 1.0 -S 1 -I 50 {J48}"),
    "N-U-Random Forest": ("weka.classifiers.trees.RandomForest", "-I 10 -K 0 -S 1"),
}  # fmt: skip
PROBE = ["audiology", "autos", "credit-a", "diabetes", "glass", "ionosphere", "vehicle", "vote"]
OUT = Path(__file__).resolve().parents[1] / "docs" / "performance.md"
START, END = "<!-- weka-hosts: start -->", "<!-- weka-hosts: end -->"


def ours(host: str, X, y, folds, repeat: int) -> weka.OurFolds:
    runs = [
        weka.cross_predict(lambda: make(host, random_state=1), X, y, folds) for _ in range(repeat)
    ]
    return min(runs, key=lambda run: run.cpu)


def fit_cpu(host: str, X, y, folds) -> float:
    """CPU seconds of fitting ``host`` on the ten training sets."""
    total = 0.0
    for k in range(int(folds.max()) + 1):
        train = np.flatnonzero(folds != k)
        X_train, y_train = X.iloc[train], y.iloc[train]
        start = time.process_time()
        make(host, random_state=1).fit(X_train, y_train)
        total += time.process_time() - start
    return total


def measure(data_dir: Path, only, hosts, warmup: int, timed: int, repeat: int, oracle: bool):
    loaded, jobs = {}, []
    for name, path in datasets(data_dir, only):
        X, y = load_arff(path)
        folds = weka.fold_assignment(y, n_splits=10, random_state=1)
        loaded[name] = (X, y, folds)
        for host in hosts:
            cls, options = HOSTS[host]
            job = weka.WekaJob(path, folds, cls, options, warmup, timed_passes=timed)
            jobs.append((name, host, job))
    print(f"Weka: {len(jobs)} jobs in one JVM ...", flush=True)
    results = weka.run_weka([job for *_, job in jobs])
    rows = []
    for (name, host, _), theirs in zip(jobs, results):
        X, y, folds = loaded[name]
        labels, truth = y.cat.categories.to_numpy(), y.to_numpy()
        mine = ours(host, X, y, folds, repeat)
        row = {
            "dataset": name,
            "host": host,
            "agreement": float(np.mean(mine.predictions == labels[theirs.predictions])),
            "accuracy": float(np.mean(mine.predictions == truth)),
            "weka_accuracy": float(np.mean(labels[theirs.predictions] == truth)),
            "cpu": mine.cpu,
            "weka_cpu": float(theirs.process_cpu),
            "weka_thread_cpu": float(theirs.fit_cpu.sum() + theirs.predict_cpu.sum()),
            "h_over_n": None,
        }
        if oracle:
            h_host = "H-" + host[2:]
            row["h_over_n"] = fit_cpu(h_host, X, y, folds) / fit_cpu(host, X, y, folds)
        rows.append(row)
        print(_line(row), flush=True)
    return rows


def _line(r: dict) -> str:
    h = "" if r["h_over_n"] is None else f"  H-/N- fit {r['h_over_n']:5.2f}"
    return (
        f"{r['dataset']:14s} {r['host']:22s} agree {r['agreement']:7.2%}  "
        f"acc diff {100 * (r['accuracy'] - r['weka_accuracy']):+6.2f}  "
        f"cpu {r['cpu']:7.3f} s / Weka {r['weka_cpu']:7.3f} s = {r['cpu'] / r['weka_cpu']:5.2f}x "
        f"(main thread {r['weka_thread_cpu']:7.3f} s: {r['cpu'] / r['weka_thread_cpu']:5.2f}x){h}"
    )


def markdown(rows: list[dict], info: dict, warmup: int, timed: int, repeat: int) -> str:
    names = sorted({r["dataset"] for r in rows})
    lines = [
        START,
        "## The oracle paper's hosts against Weka 3.6",
        "",
        "Written by `python benchmarks/weka_hosts.py` on "
        f"{date.today().isoformat()} ({info['cpu']}, {info['cores']} cores, load "
        f"{info['load average']}), on {len(names)} datasets ({', '.join(names)}). "
        "10 members, J48 (`-C 0.25 -M 2`), Weka's `-S 1` and our `random_state=1`; "
        "stratified 10-fold CV, scikit-learn's split with seed 1, the same folds for Weka "
        "3.6.14 and us. Agreement: share of test predictions equal to Weka's. CPU: fit "
        "and predict of the ten folds; Weka's whole JVM (all threads) per pass, the mean "
        f"of {timed} passes after {warmup} unreported passes over all the folds in one "
        f"JVM; ours the least of {repeat} runs; in brackets the ratio against Weka's main "
        "thread alone (each fold's least over the timed passes). H-/N-: our fit time "
        "with the random linear oracle around each J48 over the fit time without it.",
        "",
        "| host | agreement: mean | min (dataset) | accuracy − Weka's: mean | min (dataset) "
        "| CPU ratio: geo. mean | max (dataset) | (main thread: geo. mean) | H-/N- fit: max |",
        "|---|---:|---|---:|---|---:|---|---:|---:|",
    ]
    for host in dict.fromkeys(r["host"] for r in rows):
        mine = [r for r in rows if r["host"] == host]
        worst = min(mine, key=lambda r: r["agreement"])
        low = min(mine, key=lambda r: r["accuracy"] - r["weka_accuracy"])
        slow = max(mine, key=lambda r: r["cpu"] / r["weka_cpu"])
        ratios = [r["h_over_n"] for r in mine if r["h_over_n"] is not None]
        lines.append(
            f"| {host} | {np.mean([r['agreement'] for r in mine]):.2%} "
            f"| {worst['agreement']:.2%} ({worst['dataset']}) "
            f"| {100 * np.mean([r['accuracy'] - r['weka_accuracy'] for r in mine]):+.2f} "
            f"| {100 * (low['accuracy'] - low['weka_accuracy']):+.2f} ({low['dataset']}) "
            f"| {geomean([r['cpu'] / r['weka_cpu'] for r in mine]):.2f}× "
            f"| {slow['cpu'] / slow['weka_cpu']:.2f}× ({slow['dataset']}) "
            f"| ({geomean([r['cpu'] / r['weka_thread_cpu'] for r in mine]):.2f}×) "
            f"| {f'{max(ratios):.2f}' if ratios else '—'} |"
        )
    lines += [
        "",
        "| dataset | host | agreement | accuracy − Weka's | CPU ours (s) | CPU Weka (s) "
        "| ratio | (main thread) | H-/N- fit |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        h = "—" if r["h_over_n"] is None else f"{r['h_over_n']:.2f}"
        lines.append(
            f"| {r['dataset']} | {r['host']} | {r['agreement']:.2%} "
            f"| {100 * (r['accuracy'] - r['weka_accuracy']):+.2f} | {r['cpu']:.3f} "
            f"| {r['weka_cpu']:.3f} | {r['cpu'] / r['weka_cpu']:.2f} "
            f"| ({r['cpu'] / r['weka_thread_cpu']:.2f}) | {h} |"
        )
    lines.append(END)
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, default=os.environ.get("ENSEMBLE_LAB_DATA"))
    parser.add_argument("--datasets", nargs="*", default=PROBE, help="default: the probe set")
    parser.add_argument("--all", action="store_true", help="every shared dataset under 800 KB")
    parser.add_argument("--hosts", nargs="*", default=list(HOSTS), choices=list(HOSTS))
    parser.add_argument("--warmup", type=int, default=3, help="unreported Weka passes")
    parser.add_argument("--timed", type=int, default=5, help="timed Weka passes (mean)")
    parser.add_argument("--repeat", type=int, default=5, help="our runs; the least counts")
    parser.add_argument("--no-oracle", action="store_true", help="skip the H-/N- timing")
    parser.add_argument("--out", type=Path, default=OUT, help="Markdown file to update")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    reason = weka.unavailable_reason()
    if reason is not None:
        sys.exit(f"Weka is not available: {reason}")
    warnings.filterwarnings("ignore", message="The least populated class")
    only = None if args.all else args.datasets
    rows = measure(
        args.data_dir, only, args.hosts, args.warmup, args.timed, args.repeat, not args.no_oracle
    )
    block = markdown(rows, machine(), args.warmup, args.timed, args.repeat)
    print(block)
    if not args.no_write:
        write(block, args.out, START, END)
        print(f"Written: {args.out}")


if __name__ == "__main__":
    main()
