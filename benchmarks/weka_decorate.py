"""Our DECORATE against Weka 3.6's on the same folds: agreement, accuracy, CPU.

Weka runs ``weka.classifiers.meta.Decorate -E 10 -R 1.0 -S 1 -I 50 -W
weka.classifiers.trees.J48 -- -C 0.25 -M 2``; we run ``make("N-P-Decorate",
random_state=1)`` (10 members, pruned J48, Weka's seed 1). Both cross-validate on the
same stratified 10-fold split (scikit-learn's ``StratifiedKFold(10, shuffle=True,
random_state=1)``) of each shared dataset with a nominal class under 800 KB (or those
named). Printed per dataset: the share of test predictions that agree with Weka's, our
accuracy minus Weka's, and the ratio of our CPU time to Weka's; then a summary.

CPU time is what fitting and predicting the ten folds costs, measured inside each
process: Weka's ``buildClassifier`` plus ``classifyInstance`` on every test instance
(thread CPU time, after ``--warmup`` unreported fits of every fold in the same JVM),
against our ``fit`` plus ``predict`` on the fold's DataFrame (process CPU time, best of
``--repeat``).

Run::

    python benchmarks/weka_decorate.py [--datasets glass vote]
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import sys  # noqa: E402
import warnings  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from ensemble_lab.datasets import load_arff  # noqa: E402
from ensemble_lab.evaluation import weka  # noqa: E402
from ensemble_lab.methods import make  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import geomean, machine  # noqa: E402
from _data import uci_files  # noqa: E402

WEKA = (
    "weka.classifiers.meta.Decorate",
    "-E 10 -R 1.0 -S 1 -I 50 -W weka.classifiers.trees.J48 -- -C 0.25 -M 2",
)
OURS = "N-P-Decorate"
SEED = 1
MAX_BYTES = 800_000
DEFAULT = ["audiology", "autos", "credit-a", "diabetes", "glass", "ionosphere", "vehicle", "vote"]


def datasets(data_dir: Path, only: list[str] | None) -> list[tuple[str, Path]]:
    """Shared datasets with a nominal class under ``MAX_BYTES`` (or the ones named)."""
    chosen = []
    for name, path, _ in uci_files(data_dir):
        if only is not None and name not in only:
            continue
        if only is None and (path.stat().st_size > MAX_BYTES or name == "abalone"):
            continue  # abalone's class is numeric in spirit (28 ages)
        chosen.append((name, path))
    return chosen


def ours(X, y, folds: np.ndarray, repeat: int) -> weka.OurFolds:
    """Our folds, with the best CPU time of ``repeat`` runs."""
    runs = [
        weka.cross_predict(lambda: make(OURS, random_state=SEED), X, y, folds)
        for _ in range(repeat)
    ]
    return min(runs, key=lambda run: run.cpu)


def measure(data_dir: Path, only, warmup: int, repeat: int) -> list[dict]:
    loaded, jobs = {}, []
    for name, path in datasets(data_dir, only):
        X, y = load_arff(path)
        folds = weka.fold_assignment(y, n_splits=10, random_state=1)
        loaded[name] = (X, y, folds)
        jobs.append((name, weka.WekaJob(path, folds, *WEKA, repetitions=warmup + 1)))
    print(f"Weka: {len(jobs)} jobs in one JVM ...", flush=True)
    results = weka.run_weka([job for _, job in jobs])
    rows = []
    for (name, _), theirs in zip(jobs, results):
        X, y, folds = loaded[name]
        labels = y.cat.categories.to_numpy()
        mine = ours(X, y, folds, repeat)
        truth = y.to_numpy()
        row = {
            "dataset": name,
            "agreement": float(np.mean(mine.predictions == labels[theirs.predictions])),
            "accuracy": float(np.mean(mine.predictions == truth)),
            "weka_accuracy": float(np.mean(labels[theirs.predictions] == truth)),
            "cpu": mine.cpu,
            "weka_cpu": float(theirs.fit_cpu.sum() + theirs.predict_cpu.sum()),
        }
        rows.append(row)
        print(_line(row), flush=True)
    return rows


def _line(row: dict) -> str:
    return (
        f"{row['dataset']:16s} agree {row['agreement']:7.2%}  "
        f"acc {100 * row['accuracy']:6.2f} Weka {100 * row['weka_accuracy']:6.2f} "
        f"diff {100 * (row['accuracy'] - row['weka_accuracy']):+6.2f}  "
        f"cpu {row['cpu']:7.3f} s / Weka {row['weka_cpu']:7.3f} s = "
        f"{row['cpu'] / row['weka_cpu']:5.2f}x"
    )


def summary(rows: list[dict]) -> str:
    diffs = np.array([100 * (r["accuracy"] - r["weka_accuracy"]) for r in rows])
    ratios = np.array([r["cpu"] / r["weka_cpu"] for r in rows])
    worst = rows[int(np.argmin([r["agreement"] for r in rows]))]
    slow = rows[int(np.argmax(ratios))]
    low = rows[int(np.argmin(diffs))]
    return "\n".join(
        [
            f"datasets: {len(rows)}",
            f"agreement: mean {np.mean([r['agreement'] for r in rows]):.2%}, "
            f"min {worst['agreement']:.2%} ({worst['dataset']}); "
            f"all predictions equal on {sum(r['agreement'] == 1 for r in rows)} datasets",
            f"accuracy - Weka's: mean {diffs.mean():+.2f} points, "
            f"min {diffs.min():+.2f} ({low['dataset']}), max {diffs.max():+.2f}",
            f"CPU ratio: geometric mean {geomean(ratios.tolist()):.2f}x, "
            f"max {ratios.max():.2f}x ({slow['dataset']})",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, default=os.environ.get("ENSEMBLE_LAB_DATA"))
    parser.add_argument(
        "--datasets", nargs="*", help=f"only these (default: all that fit; the eight: {DEFAULT})"
    )
    parser.add_argument("--warmup", type=int, default=1, help="unreported Weka fits per fold")
    parser.add_argument("--repeat", type=int, default=2, help="our runs; the best counts")
    args = parser.parse_args()
    reason = weka.unavailable_reason()
    if reason is not None:
        sys.exit(f"Weka cannot be run: {reason}.")
    print(" | ".join(f"{k} {v}" for k, v in machine().items()))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rows = measure(args.data_dir, args.datasets, args.warmup, args.repeat)
    print()
    print(summary(rows))


if __name__ == "__main__":
    main()
