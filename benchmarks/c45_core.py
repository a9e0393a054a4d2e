"""Time of the compiled C4.5 core alone: ``grow_tree`` and ``tree_probs``, ms per call.

Per dataset, on the whole encoded data (no validation, no encoding, no pandas):

* ``pruned``: J48's defaults (collapse, error-based pruning with subtree raising);
* ``unpruned``: J48 -U (collapse only);
* ``bootstrap``: pruned, on a bootstrap sample of the rows (repeated row indices), as
  bagging calls it;
* ``weighted``: pruned, with random non-integer weights, as boosting calls it;
* ``probs``: ``tree_probs`` of the pruned tree on every row.

Each time is the best thread CPU time of ``--repeat`` calls. With ``--baseline FILE``
(another build of the core, e.g. of an older commit) both are timed side by side in
this process, calls interleaved, and the ratio baseline / current is printed: > 1 means
the current build is faster. The baseline must grow the same trees; the script checks
that they are identical, array by array.

Run::

    python benchmarks/c45_core.py
    python benchmarks/c45_core.py --baseline old/_c45_core.so
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import importlib.machinery  # noqa: E402
import importlib.util  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from types import ModuleType  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from scipy.special import ndtri  # noqa: E402

from ensemble_lab.datasets import load_arff  # noqa: E402
from ensemble_lab.encoding import fit_mixed_codes  # noqa: E402
from ensemble_lab.learners import _c45_core  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import geomean, machine  # noqa: E402
from _data import arff_dir  # noqa: E402

DATASETS = [
    "iris",
    "breast-cancer",
    "sonar",
    "ionosphere",
    "credit-a",
    "diabetes",
    "vehicle",
    "soybean",
    "segment",
    "kr-vs-kp",
    "splice",
    "sick",
    "waveform-5000",
    "letter",
]
CASES = ["pruned", "unpruned", "bootstrap", "weighted", "probs"]
CF = 0.25


def encoded(path: Path) -> dict[str, Any]:
    """The arguments ``grow_tree`` takes for the whole dataset at ``path``."""
    X, y = load_arff(path)
    codes = fit_mixed_codes(X)
    rng = np.random.default_rng(0)
    n = len(y)
    return {
        "X": codes.matrix(X),
        "n_values": codes.n_values,
        "y": y.cat.codes.to_numpy().astype(np.int32),
        "n_classes": len(y.cat.categories),
        "rows": np.arange(n, dtype=np.int32),
        "bootstrap": np.sort(rng.integers(0, n, n)).astype(np.int32),
        "weights": rng.uniform(0.1, 2.0, n),
    }


def calls(core: ModuleType, data: dict[str, Any]) -> dict[str, Callable[[], Any]]:
    """One zero-argument call of ``core`` per case."""
    X, nv, y, C = data["X"], data["n_values"], data["y"], data["n_classes"]
    ones = np.ones(len(y))
    rows = data["rows"]
    z = float(ndtri(1 - CF))

    def grow(weight: np.ndarray, rows: np.ndarray, prune: bool = True) -> dict:
        return core.grow_tree(X, nv, y, weight, rows, C, cf=CF, z=z, prune=prune)

    tree = grow(ones, rows)
    return {
        "pruned": lambda: grow(ones, rows),
        "unpruned": lambda: grow(ones, rows, prune=False),
        "bootstrap": lambda: grow(ones, data["bootstrap"]),
        "weighted": lambda: grow(data["weights"], rows),
        "probs": lambda: core.tree_probs(tree, X),
    }


def same(a: Any, b: Any) -> bool:
    """Whether two results are identical, bit for bit."""
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def best_ms(fns: list[Callable[[], Any]], repeat: int, budget: float) -> list[float]:
    """Best CPU time of each function in ms, calls interleaved; at most ~``budget`` s.

    Thread CPU time rather than wall time: on a shared machine the wall time of a call
    mostly says how long others kept the core.
    """
    best = [float("inf")] * len(fns)
    start = time.perf_counter()
    for i in range(repeat):
        for j, fn in enumerate(fns):
            t0 = time.thread_time()
            fn()
            best[j] = min(best[j], time.thread_time() - t0)
        if i >= 2 and time.perf_counter() - start > budget:
            break
    return [1000 * t for t in best]


def load_module(path: Path) -> ModuleType:
    """A build of the core from its shared-library file (under any file name)."""
    found = re.search(rb"PyInit_(\w+)", path.read_bytes())
    if found is None:
        sys.exit(f"{path}: not a Python extension module")
    name = found.group(1).decode()
    loader = importlib.machinery.ExtensionFileLoader(name, str(path))
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=os.environ.get("ENSEMBLE_LAB_DATA"))
    parser.add_argument("--datasets", nargs="*", default=DATASETS)
    parser.add_argument("--cases", nargs="*", default=CASES, choices=CASES)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per dataset/case")
    parser.add_argument("--baseline", type=Path, help="another build of the core to compare")
    args = parser.parse_args()
    args.data_dir = arff_dir(args.data_dir)
    cores = [_c45_core]
    if args.baseline is not None:
        cores.insert(0, load_module(args.baseline))
    print(" ".join(f"{k}={v}" for k, v in machine().items()))
    label = "ms (baseline -> current, ratio)" if args.baseline else "ms per call"
    print(f"{'dataset':14s} {'n':>6s} " + " ".join(f"{c:>24s}" for c in args.cases))
    print(f"{'':21s}{label}")
    ratios: dict[str, list[float]] = {c: [] for c in args.cases}
    for name in args.datasets:
        data = encoded(args.data_dir / f"{name}.arff")
        per_core = [calls(core, data) for core in cores]
        cells = []
        for case in args.cases:
            fns = [c[case] for c in per_core]
            if len(fns) == 2 and not same(fns[0](), fns[1]()):
                sys.exit(f"{name} {case}: the baseline gives a different result")
            ms = best_ms(fns, args.repeat, args.budget)
            if len(ms) == 2:
                ratios[case].append(ms[0] / ms[1])
                cells.append(f"{ms[0]:8.2f} -> {ms[1]:7.2f} {ms[0] / ms[1]:5.2f}")
            else:
                cells.append(f"{ms[0]:24.2f}")
        print(f"{name:14s} {len(data['y']):6d} " + " ".join(cells), flush=True)
    if args.baseline:
        print(
            f"{'geomean ratio':21s}" + " ".join(f"{geomean(ratios[c]):24.2f}" for c in args.cases)
        )


if __name__ == "__main__":
    main()
