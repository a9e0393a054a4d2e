"""Our Weka-like learners against Weka 3.6 on the same folds: agreement, accuracy, CPU.

For each shared dataset (nominal class, file under 800 KB) and each learner (J48, J48 -U,
NaiveBayes, SMO), both Weka and we cross-validate on the same stratified 10-fold split
(scikit-learn's ``StratifiedKFold(10, shuffle=True, random_state=1)``). Printed per
dataset and learner: the share of test predictions that agree, our accuracy minus
Weka's, for the trees how many folds give the same number of leaves, and the ratio of
our CPU time to Weka's.

CPU time is what fitting and predicting the ten folds costs, measured inside each
process: Weka's ``buildClassifier`` plus ``classifyInstance`` on every test instance
(thread CPU time, in one JVM for all jobs, after ``--warmup`` unreported fits of every
fold so that the JIT compiler has done its work), against our ``fit`` plus ``predict``
on the fold's DataFrame (process CPU time, best of ``--repeat``). Slicing the folds and
reading the files are left out on both sides.

Run::

    python benchmarks/weka_agreement.py

It writes the table into ``experiments/results/learners.md`` (between marker lines,
leaving the accuracy table alone).
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import sys  # noqa: E402
import warnings  # noqa: E402
from datetime import date  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

from ensemble_lab.datasets import load_arff  # noqa: E402
from ensemble_lab.evaluation import weka  # noqa: E402
from ensemble_lab.learners import make_learner  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import geomean, machine  # noqa: E402
from _data import uci_files  # noqa: E402

LEARNERS = {  # preset -> Weka class and options
    "j48": ("weka.classifiers.trees.J48", "-C 0.25 -M 2"),
    "j48-unpruned": ("weka.classifiers.trees.J48", "-U -M 2"),
    "nb": ("weka.classifiers.bayes.NaiveBayes", ""),
    "smo": ("weka.classifiers.functions.SMO", ""),
}
MAX_BYTES = 800_000
OUT = Path(__file__).resolve().parents[1] / "experiments" / "results" / "learners.md"
START, END = "<!-- weka-agreement: start -->", "<!-- weka-agreement: end -->"


def datasets(data_dir: Path, only: list[str] | None) -> list[tuple[str, Path]]:
    chosen = []
    for name, path, _ in uci_files(data_dir):
        if only is not None and name not in only:
            continue
        if path.stat().st_size > MAX_BYTES or name == "abalone":  # numeric class
            continue
        chosen.append((name, path))
    return chosen


def ours(preset: str, X, y, folds: np.ndarray, repeat: int) -> weka.OurFolds:
    """Our folds, with the best CPU time of ``repeat`` runs."""
    runs = [weka.cross_predict(lambda: make_learner(preset), X, y, folds) for _ in range(repeat)]
    return min(runs, key=lambda run: run.cpu)


def measure(data_dir: Path, only, learners, warmup: int, repeat: int) -> list[dict]:
    loaded, jobs = {}, []
    for name, path in datasets(data_dir, only):
        X, y = load_arff(path)
        folds = weka.fold_assignment(y, n_splits=10, random_state=1)
        loaded[name] = (X, y, folds)
        for preset in learners:
            cls, options = LEARNERS[preset]
            jobs.append((name, preset, weka.WekaJob(path, folds, cls, options, warmup + 1)))
    print(f"Weka: {len(jobs)} jobs in one JVM ...", flush=True)
    results = weka.run_weka([job for *_, job in jobs])
    rows = []
    for (name, preset, _), theirs in zip(jobs, results):
        X, y, folds = loaded[name]
        labels = y.cat.categories.to_numpy()
        mine = ours(preset, X, y, folds, repeat)
        predictions, cpu, leaves = mine.predictions, mine.cpu, mine.leaves
        truth = y.to_numpy()
        weka_cpu = float(theirs.fit_cpu.sum() + theirs.predict_cpu.sum())
        row = {
            "dataset": name,
            "learner": preset,
            "agreement": float(np.mean(predictions == labels[theirs.predictions])),
            "accuracy": float(np.mean(predictions == truth)),
            "weka_accuracy": float(np.mean(labels[theirs.predictions] == truth)),
            "cpu": cpu,
            "weka_cpu": weka_cpu,
            "same_leaves": (
                float(np.mean(np.array(leaves) == theirs.leaves))
                if preset.startswith("j48")
                else None
            ),
        }
        rows.append(row)
        print(_line(row), flush=True)
    return rows


def _line(row: dict) -> str:
    leaves = "" if row["same_leaves"] is None else f"  same leaves {row['same_leaves']:6.1%}"
    return (
        f"{row['dataset']:16s} {row['learner']:13s} agree {row['agreement']:7.2%}  "
        f"acc diff {100 * (row['accuracy'] - row['weka_accuracy']):+6.2f}  "
        f"cpu {row['cpu']:7.3f} s / Weka {row['weka_cpu']:7.3f} s = "
        f"{row['cpu'] / row['weka_cpu']:5.2f}x{leaves}"
    )


def summary(rows: list[dict]) -> list[str]:
    lines = [
        "| learner | datasets | agreement: mean | min (dataset) | all folds same leaves "
        "| mean accuracy diff | CPU ratio: geo. mean | max (dataset) |",
        "|---|---:|---:|---|---:|---:|---:|---|",
    ]
    for learner in dict.fromkeys(r["learner"] for r in rows):
        mine = [r for r in rows if r["learner"] == learner]
        worst = min(mine, key=lambda r: r["agreement"])
        slow = max(mine, key=lambda r: r["cpu"] / r["weka_cpu"])
        same = [r["same_leaves"] for r in mine if r["same_leaves"] is not None]
        lines.append(
            f"| {learner} | {len(mine)} | {np.mean([r['agreement'] for r in mine]):.2%} "
            f"| {worst['agreement']:.2%} ({worst['dataset']}) "
            f"| {f'{np.mean(np.array(same) == 1):.0%} of datasets' if same else '—'} "
            f"| {100 * np.mean([r['accuracy'] - r['weka_accuracy'] for r in mine]):+.2f} "
            f"| {geomean([r['cpu'] / r['weka_cpu'] for r in mine]):.2f}× "
            f"| {slow['cpu'] / slow['weka_cpu']:.2f}× ({slow['dataset']}) |"
        )
    return lines


def markdown(rows: list[dict], info: dict, warmup: int, repeat: int) -> str:
    lines = [
        START,
        "## Agreement with Weka 3.6 on the same folds",
        "",
        "Written by `python benchmarks/weka_agreement.py` on "
        f"{date.today().isoformat()} ({info['cpu']}, {info['cores']} cores, load "
        f"{info['load average']}). Stratified 10-fold CV, scikit-learn's shuffled split with "
        "seed 1, the same folds for Weka (3.6.14) and us; datasets with a nominal class "
        "under 800 KB. Agreement: share of test predictions equal to Weka's. CPU: fitting "
        f"and predicting the ten folds; Weka after {warmup} warm-up fit(s) of every fold "
        f"in one JVM, ours best of {repeat}.",
        "",
        *summary(rows),
        "",
        "| dataset | learner | agreement | accuracy − Weka's (points) | folds with Weka's "
        "number of leaves | CPU ours (s) | CPU Weka (s) | ratio |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        same = "—" if r["same_leaves"] is None else f"{r['same_leaves']:.0%}"
        lines.append(
            f"| {r['dataset']} | {r['learner']} | {r['agreement']:.2%} "
            f"| {100 * (r['accuracy'] - r['weka_accuracy']):+.2f} | {same} "
            f"| {r['cpu']:.3f} | {r['weka_cpu']:.3f} | {r['cpu'] / r['weka_cpu']:.2f} |"
        )
    lines.append(END)
    return "\n".join(lines) + "\n"


def write(block: str, out: Path, start: str = START, end: str = END) -> None:
    """Put ``block`` between the marker lines ``start`` and ``end`` of ``out`` (appended
    when they are not there yet)."""
    text = out.read_text() if out.exists() else ""
    if start in text and end in text:
        head, rest = text.split(start, 1)
        text = head + block.rstrip("\n") + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + block
    out.write_text(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", type=Path, default=os.environ.get("ENSEMBLE_LAB_DATA"))
    parser.add_argument("--datasets", nargs="*", help="only these (default: all that fit)")
    parser.add_argument("--learners", nargs="*", default=list(LEARNERS), choices=list(LEARNERS))
    parser.add_argument("--warmup", type=int, default=1, help="unreported Weka fits per fold")
    parser.add_argument("--repeat", type=int, default=2, help="our runs; the best counts")
    parser.add_argument("--out", type=Path, default=OUT, help="Markdown file to update")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args()
    reason = weka.unavailable_reason()
    if reason is not None:
        sys.exit(f"Weka cannot be run: {reason}.")
    info = machine()
    print(" | ".join(f"{k} {v}" for k, v in info.items()))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # small classes in 10 folds, SVM convergence
        rows = measure(args.data_dir, args.datasets, args.learners, args.warmup, args.repeat)
    print("\n".join(summary(rows)))
    if not args.no_write:
        write(markdown(rows, info, args.warmup, args.repeat), args.out)
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
