"""ARFF reading speed: ensemble-lab's reader vs liac-arff and ``scipy.io.arff``.

Run: ``nice -n 10 python benchmarks/arff.py [--mb 100] [--repeat 1]``

Part 1 generates a dense ARFF file of ``--mb`` megabytes in a temporary directory (12
numeric attributes with 1 % missing values, 4 nominal ones and a nominal class, fixed
seed) in two spellings -- bare nominal values, and the same values in single quotes as
Weka writes them -- and reads each with the three readers, printing process-CPU seconds,
MB/s and the ratios (peer time / our time: above 1 means we are faster). liac-arff
returns lists, scipy a record array, we a DataFrame with categories.

Part 2 shows the time is linear in the size: our reader on a quarter, a half and the
whole file (the same MB/s at every size), the general line scanner on a file a tenth
that size outside the fast subset (a comment after every row), and a quoted value followed by
10^4 ... 10^6 blanks on one line (the input that took quadratic time before).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pandas as pd
from scipy.io import arff as scipy_arff

from ensemble_lab.datasets import read_arff

try:
    from _common import machine
except ImportError:  # run from elsewhere than benchmarks/
    from benchmarks._common import machine


def _liac_arff() -> ModuleType:
    """liac-arff, whose module is named ``arff`` like this script: found past this folder."""
    here = Path(__file__).resolve().parent
    elsewhere = [p for p in sys.path if Path(p or ".").resolve() != here]
    spec = importlib.machinery.PathFinder.find_spec("arff", elsewhere)
    if spec is None or spec.loader is None:
        raise SystemExit("liac-arff is not installed: pip install -e '.[test]'")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


liac_arff = _liac_arff()
N_NUMERIC, N_NOMINAL = 12, 4
VALUES = ("a", "bb", "ccc", "dd-d")


def write_file(path: Path, megabytes: float, *, quoted: bool, suffix: str = "") -> int:
    """A dense ARFF file of about ``megabytes`` MB; returns its size in bytes."""
    rng = np.random.default_rng(0)
    header = ["@relation benchmark"]
    header += [f"@attribute x{i} numeric" for i in range(N_NUMERIC)]
    header += [f"@attribute n{i} {{{','.join(VALUES)}}}" for i in range(N_NOMINAL)]
    header += ["@attribute class {yes,no}", "@data", ""]
    size = 0
    with path.open("w", encoding="utf-8") as out:
        size += out.write("\n".join(header))
        while size < megabytes * 1e6:
            n = 2_000
            numbers = np.round(rng.normal(size=(n, N_NUMERIC)) * 100, 3).astype(str)
            numbers[rng.random(numbers.shape) < 0.01] = "?"
            nominal = np.array(VALUES)[rng.integers(0, len(VALUES), (n, N_NOMINAL))]
            if quoted:
                nominal = np.char.add(np.char.add("'", nominal), "'")
            labels = np.array(["yes", "no"])[rng.integers(0, 2, (n, 1))]
            rows = np.concatenate([numbers, nominal, labels], axis=1)
            size += out.write("".join(",".join(row) + suffix + "\n" for row in rows.tolist()))
    return size


def cpu_seconds(read: Callable[[], object], repeat: int) -> float:
    best = np.inf
    for _ in range(repeat):
        start = time.process_time()
        read()
        best = min(best, time.process_time() - start)
    return best


def _liac(path: Path) -> object:
    with path.open(encoding="utf-8") as fh:
        return liac_arff.load(fh)


def compare_with_peers(directory: Path, megabytes: float, repeat: int) -> None:
    print(f"\nPart 1. Reading a {megabytes:g} MB dense file (process CPU, best of {repeat})")
    print(f"{'file':<8}{'reader':<16}{'seconds':>9}{'MB/s':>8}{'peer / ours':>13}")
    for quoted in (False, True):
        path = directory / ("quoted.arff" if quoted else "bare.arff")
        size = write_file(path, megabytes, quoted=quoted) / 1e6
        ours = cpu_seconds(lambda p=path: read_arff(p), repeat)
        times = {
            "ensemble-lab": ours,
            "liac-arff": cpu_seconds(lambda p=path: _liac(p), repeat),
            "scipy.io.arff": cpu_seconds(lambda p=path: scipy_arff.loadarff(p), repeat),
        }
        for name, seconds in times.items():
            ratio = "" if name == "ensemble-lab" else f"{seconds / ours:.2f}"
            label = "quoted" if quoted else "bare"
            print(f"{label:<8}{name:<16}{seconds:>9.2f}{size / seconds:>8.1f}{ratio:>13}")
        path.unlink()


def _timed_line(label: str, path: Path, repeat: int) -> None:
    size = path.stat().st_size / 1e6
    seconds = cpu_seconds(lambda: read_arff(path), repeat)
    print(f"{label:<44}{size:>8.2f}{seconds:>9.3f}{size / seconds:>8.1f}")


def show_linearity(directory: Path, megabytes: float, repeat: int) -> None:
    print("\nPart 2. Time against size (our reader, process CPU)")
    print(f"{'input':<44}{'MB':>8}{'seconds':>9}{'MB/s':>8}")
    path = directory / "part.arff"
    for fraction in (0.25, 0.5, 1.0):
        write_file(path, megabytes * fraction, quoted=False)
        _timed_line("dense, fast reader", path, repeat)
    write_file(path, megabytes / 10, quoted=True, suffix=" % checked")
    _timed_line("dense + comments, general scanner", path, repeat)
    for blanks in (10_000, 100_000, 1_000_000):
        path.write_text(f"@relation r\n@attribute s string\n@data\n'a'{' ' * blanks}\n")
        _timed_line(f"'a' and {blanks:,} blanks on one line", path, repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=100.0, help="size of the generated file")
    parser.add_argument("--repeat", type=int, default=1, help="best of this many reads")
    args = parser.parse_args()
    print("Machine: " + "; ".join(f"{k} {v}" for k, v in machine().items()))
    print(f"pandas {pd.__version__}; liac-arff {liac_arff.__version__}")
    with tempfile.TemporaryDirectory() as directory:
        compare_with_peers(Path(directory), args.mb, args.repeat)
        show_linearity(Path(directory), args.mb, args.repeat)


if __name__ == "__main__":
    main()
