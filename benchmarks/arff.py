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

Part 3 reads a sparse file of 10,000 rows and 4,000 attributes, two values a row (the
issue's case; the reader used to expand every row to full width: 10.4 s and 1.16 GB),
with our reader (sparse numeric columns), liac-arff (expanded lists, and its COO form)
and Weka 3.6's ``ArffLoader`` (a JVM of its own, when ``java`` and
``/usr/share/java/weka.jar`` are there): seconds and peak memory side by side -- traced
Python allocations for the Python readers, the JVM's resident set for Weka.
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


def write_sparse(path: Path, n_rows: int = 10_000, n_attributes: int = 4_000) -> int:
    """Numeric attributes and a nominal class, each row one numeric value and its class."""
    rng = np.random.default_rng(0)
    header = ["@relation sparse"]
    header += [f"@attribute x{j} numeric" for j in range(n_attributes - 1)]
    header += ["@attribute class {a,b}", "@data"]
    columns = rng.integers(0, n_attributes - 1, n_rows)
    rows = [
        f"{{{j} {value:.4f},{n_attributes - 1} {'ab'[i % 2]}}}"
        for i, (j, value) in enumerate(zip(columns.tolist(), rng.random(n_rows).tolist()))
    ]
    return path.write_text("\n".join([*header, *rows, ""]))


def _seconds_and_peak(read: Callable[[], object]) -> tuple[float, float]:
    """Process-CPU seconds of one read, then the peak of its traced allocations in MB."""
    import tracemalloc

    start = time.process_time()
    read()
    seconds = time.process_time() - start
    tracemalloc.start()
    try:
        read()
        return seconds, tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def _weka_loader(path: Path) -> tuple[float, float] | None:
    """Wall seconds and resident MB of Weka's ArffLoader on ``path`` (None without Weka).

    Measured by GNU time (``/usr/bin/time``): the resident size of a child of this
    process, as ``getrusage`` gives it, would count this process's own pages copied at
    the fork. NaN MB when GNU time is missing.
    """
    import shutil
    import subprocess

    jar = Path("/usr/share/java/weka.jar")
    if shutil.which("java") is None or not jar.is_file():
        return None
    command = ["java", "-cp", str(jar), "weka.core.converters.ArffLoader", str(path)]
    gnu_time = Path("/usr/bin/time")
    start = time.perf_counter()
    if not gnu_time.is_file():
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - start, float("nan")
    done = subprocess.run(
        [str(gnu_time), "-f", "%M", *command],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    seconds = time.perf_counter() - start
    return seconds, int(done.stderr.strip().splitlines()[-1]) / 1e3


def compare_sparse(directory: Path) -> None:
    path = directory / "sparse.arff"
    size = write_sparse(path) / 1e3
    print(
        f"\nPart 3. A sparse file: 10,000 rows x 4,000 attributes, two values a row ({size:.0f} KB)"
    )
    print(f"{'reader':<34}{'seconds':>9}{'peak MB':>9}{'secs / ours':>13}")
    readers = {
        "ensemble-lab (sparse columns)": lambda: read_arff(path),
        "liac-arff, dense (rows expanded)": lambda: _liac(path),
        "liac-arff, COO": lambda: liac_arff.load(
            path.open(encoding="utf-8"), return_type=liac_arff.COO
        ),
    }
    ours = None
    for name, read in readers.items():
        seconds, peak = _seconds_and_peak(read)
        ours = seconds if ours is None else ours
        print(f"{name:<34}{seconds:>9.2f}{peak:>9.0f}{seconds / ours:>13.1f}")
    weka = _weka_loader(path)
    if weka is None:
        print("Weka 3.6 ArffLoader: not installed (apt-get install -y weka)")
    else:
        seconds, megabytes = weka
        row = f"{'Weka 3.6 ArffLoader':<34}{seconds:>9.2f}{megabytes:>9.0f}{seconds / ours:>13.1f}"
        print(row + "  (wall, JVM start included; resident MB)")


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
        compare_sparse(Path(directory))


if __name__ == "__main__":
    main()
