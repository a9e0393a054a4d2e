"""Our Rotation Forest against Weka 3.6's on the same folds: agreement, accuracy, CPU.

Weka runs ``weka.classifiers.meta.RotationForest -G 3 -H 3 -P 50 -F "weka.filters.
unsupervised.attribute.PrincipalComponents -R 1.0 -A 5 -M -1" -S 1 -I 10 -W
weka.classifiers.trees.J48 -- -C 0.25 -M 2`` (the oracle paper's Rotation Forest), we run
``RotationForestClassifier("j48", n_estimators=10, random_state=1)``, both on the same
stratified 10-fold split (scikit-learn's ``StratifiedKFold(10, shuffle=True,
random_state=1)``) of each shared dataset with a nominal class and a file under 800 KB.
Printed per dataset: the share of test predictions that agree, our accuracy minus Weka's
(points), and the ratio of our CPU time to Weka's; then a summary.

CPU time is what fitting and predicting the ten folds costs, measured inside each
process: Weka's ``buildClassifier`` plus ``classifyInstance`` on every test instance
(thread CPU time, in one JVM for all jobs, after ``--warmup`` unreported fits of every
fold), against our ``fit`` plus ``predict`` on the fold's DataFrame (process CPU time,
best of ``--repeat``). Slicing the folds and reading the files are left out on both sides.

Run::

    python benchmarks/weka_rotation_forest.py
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from ensemble_lab.datasets import load_arff  # noqa: E402
from ensemble_lab.evaluation import weka  # noqa: E402
from ensemble_lab.methods import RotationForestClassifier  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import geomean, machine  # noqa: E402
from _data import uci_files  # noqa: E402

WEKA_CLASS = "weka.classifiers.meta.RotationForest"
WEKA_OPTIONS = (
    '-G 3 -H 3 -P 50 -F "weka.filters.unsupervised.attribute.PrincipalComponents '
    '-R 1.0 -A 5 -M -1" -S {seed} -I {members} -W weka.classifiers.trees.J48 -- -C 0.25 -M 2'
)
MAX_BYTES = 800_000


def datasets(data_dir: Path, only: list[str] | None) -> list[tuple[str, Path]]:
    """Shared datasets with a nominal class and a file under 800 KB (or ``only``)."""
    chosen = []
    for name, path, _ in uci_files(data_dir):
        if only is not None:
            if name in only:
                chosen.append((name, path))
        elif path.stat().st_size <= MAX_BYTES and name != "abalone":  # numeric class
            chosen.append((name, path))
    return chosen


def ours(X, y, folds: np.ndarray, members: int, seed: int, repeat: int) -> weka.OurFolds:
    """Our folds, with the best CPU time of ``repeat`` runs."""

    def make():
        return RotationForestClassifier("j48", n_estimators=members, random_state=seed)

    runs = [weka.cross_predict(make, X, y, folds) for _ in range(repeat)]
    return min(runs, key=lambda run: run.cpu)


def measure(data_dir: Path, only, members: int, seed: int, warmup: int, repeat: int):
    loaded, jobs = {}, []
    options = WEKA_OPTIONS.format(seed=seed, members=members)
    for name, path in datasets(data_dir, only):
        X, y = load_arff(path)
        folds = weka.fold_assignment(y, n_splits=10, random_state=1)
        loaded[name] = (X, y, folds)
        jobs.append((name, weka.WekaJob(path, folds, WEKA_CLASS, options, warmup + 1)))
    print(f"Weka: {len(jobs)} jobs in one JVM ...", flush=True)
    results = weka.run_weka([job for _, job in jobs])
    rows = []
    for (name, _), theirs in zip(jobs, results):
        X, y, folds = loaded[name]
        labels = y.cat.categories.to_numpy()
        mine = ours(X, y, folds, members, seed, repeat)
        truth, weka_pred = y.to_numpy(), labels[theirs.predictions]
        row = {
            "dataset": name,
            "agreement": float(np.mean(mine.predictions == weka_pred)),
            "accuracy": float(np.mean(mine.predictions == truth)),
            "weka_accuracy": float(np.mean(weka_pred == truth)),
            "cpu": mine.cpu,
            "weka_cpu": float(theirs.fit_cpu.sum() + theirs.predict_cpu.sum()),
        }
        rows.append(row)
        print(_line(row), flush=True)
    return rows


def _line(row: dict) -> str:
    return (
        f"{row['dataset']:16s} agree {row['agreement']:7.2%}  acc {100 * row['accuracy']:6.2f} "
        f"Weka {100 * row['weka_accuracy']:6.2f} diff "
        f"{100 * (row['accuracy'] - row['weka_accuracy']):+6.2f}  cpu {row['cpu']:7.3f} s / "
        f"Weka {row['weka_cpu']:7.3f} s = {row['cpu'] / row['weka_cpu']:5.2f}x"
    )


def summary(rows: list[dict]) -> list[str]:
    diffs = [100 * (r["accuracy"] - r["weka_accuracy"]) for r in rows]
    ratios = [r["cpu"] / r["weka_cpu"] for r in rows]
    worst = int(np.argmin(diffs))
    least = min(rows, key=lambda r: r["agreement"])
    slowest = int(np.argmax(ratios))
    return [
        f"datasets: {len(rows)}",
        f"agreement: mean {np.mean([r['agreement'] for r in rows]):.2%}, "
        f"min {least['agreement']:.2%} ({least['dataset']}), "
        f"{sum(r['agreement'] == 1.0 for r in rows)} datasets at 100%",
        f"accuracy ours - Weka: mean {np.mean(diffs):+.2f} points, "
        f"min {diffs[worst]:+.2f} ({rows[worst]['dataset']})",
        f"CPU ours / Weka: geometric mean {geomean(ratios):.2f}x, "
        f"max {ratios[slowest]:.2f}x ({rows[slowest]['dataset']})",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, default=os.environ.get("ENSEMBLE_LAB_DATA"))
    parser.add_argument("--datasets", nargs="*", help="only these (default: all that fit)")
    parser.add_argument("--members", type=int, default=10, help="Weka's -I")
    parser.add_argument("--seed", type=int, default=1, help="Weka's -S, our random_state")
    parser.add_argument("--warmup", type=int, default=1, help="unreported Weka fits per fold")
    parser.add_argument("--repeat", type=int, default=2, help="our runs; the best counts")
    parser.add_argument("--json", type=Path, help="also write the rows to this file")
    args = parser.parse_args()
    reason = weka.unavailable_reason()
    if reason is not None:
        sys.exit(f"Weka cannot be run: {reason}.")
    print(" | ".join(f"{k} {v}" for k, v in machine().items()))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # classes smaller than the number of folds
        rows = measure(
            args.data_dir, args.datasets, args.members, args.seed, args.warmup, args.repeat
        )
    print("\n".join(summary(rows)))
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
