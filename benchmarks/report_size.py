"""Size of the README's example report, with its members' predictions recorded.

Runs ``experiments/example.toml`` (8 data sets × 4 methods, 10×10 CV, member
predictions recorded: about 9 minutes on two cores) into a temporary folder, or reads
a store already run, then writes its HTML report and prints its size, the share of its
figures, and the time to write it. Exits with status 1 when the report exceeds 2 MB.
Usage::

    nice python benchmarks/report_size.py [--store ensemble-lab-results/results.db]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import machine

EXAMPLE = Path(__file__).resolve().parents[1] / "experiments" / "example.toml"
LIMIT = 2_000_000


def _store(given: Path | None, folder: Path) -> Path:
    """The store to report: ``given``, or the example run into ``folder``."""
    if given is not None:
        return given
    db = folder / "results.db"
    command = [sys.executable, "-m", "ensemble_lab", "run", str(EXAMPLE), "--results", str(db)]
    subprocess.run([*command, "--n-jobs", "2"], check=True, stdout=subprocess.DEVNULL)
    return db


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, help="a store of the example already run")
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory() as folder:
        db = _store(args.store, Path(folder))
        report = Path(folder) / "report.html"
        start = time.perf_counter()
        command = [sys.executable, "-m", "ensemble_lab", "report", str(db), "-f", "html"]
        subprocess.run([*command, "-o", str(report)], check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - start
        page = report.read_text(encoding="utf-8")
    size = len(page.encode())
    figures = sum(len(f.encode()) for f in re.findall(r"<figure.*?</figure>", page, re.DOTALL))
    print(f"report: {size / 1e6:.2f} MB ({figures / size:.0%} figures), written in {seconds:.1f} s")
    print(f"limit {LIMIT / 1e6:.0f} MB: {'within' if size <= LIMIT else 'EXCEEDED'}")
    return 0 if size <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
