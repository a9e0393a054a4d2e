"""The performance suite: every side-by-side ratio against a named peer, in one command.

Usage::

    ENSEMBLE_LAB_DATA=/path/to/arff nice -n 10 python benchmarks/run_all.py [--quick]
        [--markdown FILE]

Sections (each row: ours, the peer, a measure, both values and ours/peer):

1. ``BoostingClassifier(update="aggressive", mode="reweight")`` vs scikit-learn's
   ``AdaBoostClassifier`` (SAMME), same base learner (depth-3 tree), 50 rounds;
2. ``make("N-P-Bagging")`` vs a bare ``sklearn.ensemble.BaggingClassifier`` of the same
   J48 preset, 10 members;
3. H- (Random Linear Oracle) vs N- ensembles: Bagging and Random Subspace 50 %;
4. ``Triskel-W4`` vs ``AdaBoost-50`` (one-vs-one AdaBoost of SMO), as registered;
5. the runner vs a plain fit/predict loop (overhead), and 1 -> 2 workers (joblib and a
   Dask ``LocalCluster``; cluster start-up timed apart);
6. peak resident memory of a 10×10 CV run of J48 on ``letter`` with two joblib workers
   (coordinator and workers, sampled with psutil, cross-checked with ``getrusage``).

Times of sections 1–4 are process-CPU seconds of fit + predict summed over the CV folds
(one thread per process), so that other load on a shared machine does not count; the
speedups of section 5 are wall-time ratios and do depend on it — the load average is
printed beside them. ``--quick`` runs fewer datasets and folds (about 2 minutes instead
of about 10 on two idle cores).
"""

from __future__ import annotations

import os

# One thread per process: CPU times stay comparable and the workers do not oversubscribe.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from _common import Row, geomean, load, machine, table, timed_cv  # noqa: E402
from sklearn.ensemble import AdaBoostClassifier, BaggingClassifier  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

from ensemble_lab import BoostingClassifier  # noqa: E402
from ensemble_lab.datasets import load as load_dataset  # noqa: E402
from ensemble_lab.learners import make_learner  # noqa: E402
from ensemble_lab.methods import make  # noqa: E402

HERE = Path(__file__).resolve().parent


def _numeric(name: str) -> tuple[object, np.ndarray]:
    X, y = load_dataset(name)
    if X.select_dtypes("number").shape[1] == X.shape[1]:
        return X.to_numpy(dtype=float), y.to_numpy()
    return X, y.to_numpy()


def _data_available(name: str) -> bool:
    try:
        load_dataset(name)
    except (FileNotFoundError, KeyError, ValueError):
        return False
    return True


def _pairs(
    section: str,
    datasets: list[str],
    ours_label: str,
    peer_label: str,
    ours,
    peer,
    folds: int,
) -> list[Row]:
    rows, ratios = [], []
    for name in datasets:
        X, y = _numeric(name)
        a, b = timed_cv(ours, X, y, folds), timed_cv(peer, X, y, folds)
        rows.append(Row(section, name, ours_label, peer_label, "fit+predict CPU", a.total, b.total))
        rows.append(
            Row(section, name, ours_label, peer_label, "accuracy", a.accuracy, b.accuracy, "%")
        )
        ratios.append(rows[-2].ratio)
        print(f"  {section} {name}: {a.total:.2f} s vs {b.total:.2f} s", flush=True)
    if len(datasets) > 1:
        rows.append(
            Row(
                section,
                "geometric mean",
                ours_label,
                peer_label,
                "time ratio",
                geomean(ratios),
                1.0,
                "x",
            )
        )
    return rows


def bench_boosting(datasets: list[str], folds: int) -> list[Row]:
    base = DecisionTreeClassifier(max_depth=3, random_state=0)
    return _pairs(
        "AdaBoost",
        datasets,
        "BoostingClassifier(aggressive, reweight)",
        "sklearn AdaBoostClassifier",
        lambda: BoostingClassifier(
            base, n_estimators=50, update="aggressive", mode="reweight", random_state=0
        ),
        lambda: AdaBoostClassifier(base, n_estimators=50, random_state=0),
        folds,
    )


def bench_bagging(datasets: list[str], folds: int) -> list[Row]:
    base = make_learner("j48")
    return _pairs(
        "Bagging",
        datasets,
        "make('N-P-Bagging')",
        "sklearn BaggingClassifier(J48)",
        lambda: make("N-P-Bagging", base=base, random_state=0),
        lambda: BaggingClassifier(base, n_estimators=10, random_state=0),
        folds,
    )


def bench_oracle(datasets: list[str], folds: int) -> list[Row]:
    rows = []
    for label, (h, n) in {
        "H vs N Bagging": ("H-P-Bagging", "N-P-Bagging"),
        "H vs N RS-50%": ("H-P-Rand. Subs. (50%)", "N-P-Rand. Subs. (50%)"),
    }.items():
        rows += _pairs(
            label,
            datasets,
            h,
            n,
            lambda h=h: make(h, random_state=0),
            lambda n=n: make(n, random_state=0),
            folds,
        )
    return rows


def bench_triskel(datasets: list[str], folds: int) -> list[Row]:
    return _pairs(
        "Triskel",
        datasets,
        "Triskel-W4",
        "AdaBoost-50 (1-vs-1, SMO)",
        lambda: make("Triskel-W4", random_state=0),
        lambda: make("AdaBoost-50", random_state=0),
        folds,
    )


def bench_runner(quick: bool) -> tuple[list[Row], dict[str, str]]:
    import harness

    from ensemble_lab.evaluation import DaskBackend, ExperimentConfig, RepeatedCV

    config = harness.CONFIG
    if quick:
        config = ExperimentConfig(
            name="bench",
            datasets=config.datasets,
            methods=config.methods,
            protocol=RepeatedCV(n_folds=5, n_repetitions=1),
        )
    data = harness._data(0.5 if quick else 1.0)
    notes = {}
    loop = harness.plain_loop(data, config)
    notes["load before joblib"] = load()
    one = harness.runner(data, 1, config)
    t0 = time.perf_counter()
    cold = harness.runner(data, 2, config)  # starts the loky workers
    notes["joblib n_jobs=2 first run (workers start)"] = f"{time.perf_counter() - t0:.1f} s"
    two = harness.runner(data, 2, config)  # the same workers, reused
    del cold
    notes["load after joblib"] = load()
    n = int(one["tasks"])
    rows = [
        Row(
            "Runner",
            f"{n} tasks",
            "run_experiment(n_jobs=1)",
            "plain fit/predict loop",
            "wall",
            one["elapsed"],
            loop,
        ),
        Row(
            "Runner",
            f"{n} tasks",
            "task wall",
            "fit+predict wall inside it",
            "per-task overhead",
            one["task_wall"],
            one["fit_predict"],
        ),
        Row(
            "Speedup",
            f"{n} tasks",
            "joblib n_jobs=1",
            "n_jobs=2 (warm workers)",
            "wall; ratio = speedup",
            one["elapsed"],
            two["elapsed"],
        ),
    ]
    try:
        t0 = time.perf_counter()
        with DaskBackend.local(1) as b1:
            start1 = time.perf_counter() - t0
            d1 = harness.runner(data, 1, config, backend=b1)
        t0 = time.perf_counter()
        with DaskBackend.local(2) as b2:
            start2 = time.perf_counter() - t0
            d2 = harness.runner(data, 1, config, backend=b2)
        notes["load after dask"] = load()
        notes["LocalCluster start-up (1 / 2 workers)"] = f"{start1:.1f} s / {start2:.1f} s"
        rows += [
            Row(
                "Speedup",
                f"{n} tasks",
                "Dask LocalCluster 1 worker",
                "2 workers",
                "wall; ratio = speedup",
                d1["elapsed"],
                d2["elapsed"],
            ),
            Row(
                "Runner",
                f"{n} tasks",
                "Dask LocalCluster 1 worker",
                "joblib n_jobs=1",
                "wall",
                d1["elapsed"],
                one["elapsed"],
            ),
        ]
    except ImportError:
        notes["dask"] = "distributed not installed: Dask rows left out"
    return rows, notes


# -- peak memory ------------------------------------------------------------------------


def _memory_child(repetitions: int) -> None:
    """Run 10-fold × ``repetitions`` CV of J48 on letter with 2 joblib workers; print rusage."""
    import resource

    from joblib.externals.loky import get_reusable_executor

    from ensemble_lab.evaluation import ExperimentConfig, MethodSpec, RepeatedCV, run_experiment

    config = ExperimentConfig(
        name="memory",
        datasets=("letter",),
        methods=(MethodSpec("J48", name="J48"),),
        protocol=RepeatedCV(n_folds=10, n_repetitions=repetitions),
    )
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        summary = run_experiment(config, Path(tmp) / "m.db", n_jobs=2)
        elapsed = time.perf_counter() - start
    get_reusable_executor().shutdown(wait=True)  # workers exit and are reaped
    self_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    child_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(
        json.dumps(
            {"tasks": summary.done, "elapsed": elapsed, "self_kb": self_kb, "child_kb": child_kb}
        )
    )


def _plain_memory_child() -> None:
    """The peer: 10-fold CV of J48 on letter in a plain loop in one process; print rusage."""
    import resource

    from sklearn.model_selection import StratifiedKFold

    X, y = load_dataset("letter")
    y = y.to_numpy()
    start = time.perf_counter()
    for train, test in StratifiedKFold(10, shuffle=True, random_state=0).split(X, y):
        est = make("J48", random_state=0).fit(X.iloc[train], y[train])
        est.predict(X.iloc[test])
    elapsed = time.perf_counter() - start
    self_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"tasks": 10, "elapsed": elapsed, "self_kb": self_kb, "child_kb": 0}))


def _child(flag: str, *extra: str) -> dict[str, float]:
    cmd = [sys.executable, str(Path(__file__).resolve()), flag, *extra]
    out = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, check=True, env=os.environ.copy())
    return json.loads(out.stdout.strip().splitlines()[-1])


def bench_memory(repetitions: int) -> tuple[list[Row], dict[str, str]]:
    if not _data_available("letter"):
        return [], {"memory": "letter not found (set ENSEMBLE_LAB_DATA): memory rows left out"}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--memory-child", str(repetitions)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=os.environ.copy())
    peak = {"coordinator": 0, "worker": 0, "total": 0}
    stop = threading.Event()

    def sample() -> None:
        try:
            import psutil
        except ImportError:
            return
        root = psutil.Process(proc.pid)
        while not stop.is_set():
            try:
                coord = root.memory_info().rss
                workers = []
                for child in root.children(recursive=True):
                    try:
                        workers.append(child.memory_info().rss)
                    except psutil.Error:
                        pass
            except psutil.Error:
                break
            peak["coordinator"] = max(peak["coordinator"], coord)
            peak["worker"] = max(peak["worker"], max(workers, default=0))
            peak["total"] = max(peak["total"], coord + sum(workers))
            time.sleep(0.05)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    out, _ = proc.communicate()
    stop.set()
    thread.join()
    if proc.returncode:
        raise RuntimeError(f"memory run failed with exit code {proc.returncode}")
    info = json.loads(out.strip().splitlines()[-1])
    mib = 2**20
    plain = _child("--plain-memory-child")
    plain_mib = plain["self_kb"] / 1024
    peer = "plain 10-fold loop, 1 process"
    case = f"letter {repetitions}x10 CV, J48, 2 workers"
    rows = [
        Row(
            "Memory",
            case,
            "coordinator peak RSS (getrusage)",
            peer,
            "peak RSS",
            info["self_kb"] / 1024,
            plain_mib,
            "MiB",
        ),
        Row(
            "Memory",
            case,
            "largest worker peak RSS (getrusage)",
            peer,
            "peak RSS",
            info["child_kb"] / 1024,
            plain_mib,
            "MiB",
        ),
    ]
    if peak["total"]:
        rows.append(
            Row(
                "Memory",
                case,
                "coordinator+workers peak RSS (psutil)",
                peer,
                "peak RSS",
                peak["total"] / mib,
                plain_mib,
                "MiB",
            )
        )
    notes = {"memory run": f"{info['tasks']} tasks in {info['elapsed']:.1f} s wall"}
    if peak["total"]:
        notes["psutil peaks"] = (
            f"coordinator {peak['coordinator'] / mib:.0f} MiB, "
            f"largest worker {peak['worker'] / mib:.0f} MiB"
        )
    return rows, notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer datasets and folds (~2 min)")
    parser.add_argument("--markdown", type=Path, help="also write the table as Markdown here")
    parser.add_argument("--memory-child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--plain-memory-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child is not None:
        _memory_child(args.memory_child)
        return
    if args.plain_memory_child:
        _plain_memory_child()
        return

    start = time.perf_counter()
    info = machine()
    print("machine: " + "; ".join(f"{k} {v}" for k, v in info.items()), flush=True)
    quick = args.quick
    folds = 3 if quick else 5
    small = ["diabetes", "glass"] if quick else ["diabetes", "ionosphere", "glass"]
    arff = [d for d in (["vehicle"] if quick else ["vehicle", "segment"]) if _data_available(d)]
    tri = [
        d
        for d in (["glass", "balance-scale"] if quick else ["glass", "balance-scale", "vehicle"])
        if _data_available(d)
    ]
    rows: list[Row] = []
    notes: dict[str, str] = {}
    sections = [
        ("AdaBoost", lambda: bench_boosting(small, folds)),
        ("Bagging", lambda: bench_bagging(small + arff, folds)),
        ("H vs N", lambda: bench_oracle(small + arff, folds)),
        ("Triskel", lambda: bench_triskel(tri, folds)),
    ]
    for name, run in sections:
        t0 = time.perf_counter()
        print(f"[{name}] load {load()}", flush=True)
        rows += run()
        notes[f"{name} section"] = f"{time.perf_counter() - t0:.0f} s wall"
    print(f"[runner] load {load()}", flush=True)
    runner_rows, runner_notes = bench_runner(quick)
    rows += runner_rows
    notes.update(runner_notes)
    print(f"[memory] load {load()}", flush=True)
    memory_rows, memory_notes = bench_memory(2 if quick else 10)
    rows += memory_rows
    notes.update(memory_notes)
    notes["load at end"] = load()
    notes["total"] = f"{time.perf_counter() - start:.0f} s wall"

    print()
    print(table(rows))
    print()
    for key, value in notes.items():
        print(f"{key}: {value}")
    if args.markdown:
        lines = [
            "Machine: " + "; ".join(f"{k} {v}" for k, v in info.items()),
            "",
            table(rows, markdown=True),
            "",
        ]
        lines += [f"- {k}: {v}" for k, v in notes.items()]
        args.markdown.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
