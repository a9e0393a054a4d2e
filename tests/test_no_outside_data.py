"""Nothing the package, its tests or its benchmarks run needs files from outside the project.

The data sets ship with the package; a folder beside the checkout (where the collection
was first gathered) exists only on some machines. CI runs the suite where it is absent,
and the built wheel's check runs from an empty folder; this test keeps references to it
from coming back.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCANNED = [
    *(ROOT / "src").rglob("*.py"),
    *(ROOT / "tests").rglob("*.py"),
    *(ROOT / "benchmarks").rglob("*.py"),
    *(ROOT / "experiments").glob("*.py"),
    *(ROOT / "experiments").glob("*.toml"),
    ROOT / ".ci" / "run",
]
OUTSIDE = re.compile(r"\.\./shared|shared/datasets")


@pytest.mark.parametrize("path", SCANNED, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_file_reads_data_from_beside_the_checkout(path):
    if path == Path(__file__).resolve():
        return
    hits = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if OUTSIDE.search(line)
    ]
    assert not hits, "\n".join(hits)
