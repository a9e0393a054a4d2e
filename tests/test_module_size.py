"""Modules a reader can take in: none over 1,000 lines, no reproduction module over 600.

And the pages read their stores through the evaluation package's readers
(``load_results``, ``load_predictions``, ``load_records``), never with SQL of their own,
so a store's layout can change in one place.
"""

from pathlib import Path

import pytest

import ensemble_lab

PACKAGE = Path(ensemble_lab.__file__).parent
SOURCES = sorted(PACKAGE.rglob("*.py"))
EXPERIMENTS = [p for p in SOURCES if p.relative_to(PACKAGE).parts[0] == "experiments"]

#: Lines of a module anywhere in the package, and of a module of a reproduction.
LIMIT, REPRODUCTION_LIMIT = 1000, 600


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_is_over_the_limit(path):
    limit = REPRODUCTION_LIMIT if path in EXPERIMENTS else LIMIT
    assert _lines(path) <= limit, f"{path.relative_to(PACKAGE)}: {_lines(path)} > {limit} lines"


@pytest.mark.parametrize("path", EXPERIMENTS, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_page_reads_sql(path):
    text = path.read_text(encoding="utf-8")
    assert "sqlite3" not in text and "SELECT " not in text, f"{path.name} reads SQL"
