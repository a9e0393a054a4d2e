"""The committed reproduction pages are what the code writes from the committed stores.

``experiments/results/NAME.md`` is written by ``reproduce NAME`` from ``NAME.db``; a
change to a report's code or to a store that is not followed by rewriting the page
(``ensemble-lab reproduce NAME --from-store``) fails here, so the numbers on a page are
always the ones its store holds.
"""

import json
import lzma
import shutil
from pathlib import Path

import pytest

from ensemble_lab.experiments import RunContext, reproduction, reproduction_names
from ensemble_lab.reporting.claims import write_summary

RESULTS = Path(__file__).resolve().parents[2] / "experiments" / "results"

#: reproductions whose page reads datasets (to describe them), not only the store
READS_DATASETS = {"projection-boosting"}

STORED = [name for name in reproduction_names() if reproduction(name).keeps_store]
STORELESS = [name for name in reproduction_names() if name not in STORED]


def test_every_store_backed_reproduction_has_its_stores_committed():
    assert STORED, "no reproduction keeps a store"
    for name in STORED:
        for part in reproduction(name).parts():
            stores = [RESULTS / f"{part.store}.db", RESULTS / f"{part.store}.db.xz"]
            assert any(p.is_file() for p in stores), f"{part.store}.db ({name}) is not committed"
        assert (RESULTS / f"{name}.md").is_file(), f"{name}.md is not in experiments/results"


def test_every_committed_store_is_a_results_store_verify_can_rerun():
    """No page keeps numbers outside the runner's store (its tasks, or their records)."""
    from ensemble_lab.evaluation.store import read_connection

    stores = sorted([*RESULTS.glob("*.db"), *RESULTS.glob("*.db.xz")])
    assert stores
    for db in stores:
        con = read_connection(db)  # refuses a file without the runner's tables
        try:
            (n,) = con.execute("SELECT COUNT(*) FROM results").fetchone()
        finally:
            con.close()
        assert n > 0, f"{db.name} holds no task"


@pytest.mark.parametrize("name", STORED)
def test_committed_page_is_written_from_the_committed_store(name, tmp_path, request):
    data_dir = request.getfixturevalue("arff_dir") if name in READS_DATASETS else None
    for db in [*RESULTS.glob(f"{name}*.db"), *RESULTS.glob(f"{name}*.db.xz")]:
        shutil.copy(db, tmp_path / db.name)
    page = reproduction(name).write(RunContext(tmp_path, data_dir))
    assert_same_page(name, page, tmp_path, "what the store gives")


@pytest.mark.parametrize("name", STORELESS)
def test_committed_storeless_page_is_what_a_fresh_run_computes(name, tmp_path):
    """Pages without a store (synthetic data, seconds to compute) are rerun whole."""
    assert_same_page(name, reproduction(name).run(RunContext(tmp_path)), tmp_path, "a fresh run")


def assert_same_page(name, page, tmp_path, source):
    """``page`` and its ledger, written into ``tmp_path``, equal the committed ones."""
    assert page == tmp_path / f"{name}.md"
    committed = (RESULTS / f"{name}.md").read_text().splitlines()
    written = page.read_text().splitlines()
    # Compare line by line so that a failure names the first line that differs.
    for number, (ours, theirs) in enumerate(zip(written, committed), start=1):
        assert ours == theirs, f"{name}.md line {number} differs from {source}"
    assert len(written) == len(committed)
    ledger = tmp_path / f"{name}-claims.json"
    assert ledger.is_file(), f"{name} writes no claims ledger"
    assert ledger.read_text() == (RESULTS / ledger.name).read_text(), f"{ledger.name} is stale"


def test_committed_summary_gathers_the_committed_ledgers(tmp_path):
    for ledger in RESULTS.glob("*-claims.json"):
        shutil.copy(ledger, tmp_path / ledger.name)
    # every reproduction keeps a ledger, with a store or without one
    expected = sorted(f"{n}-claims.json" for n in reproduction_names())
    assert sorted(p.name for p in tmp_path.iterdir()) == expected
    written = write_summary(tmp_path).read_text()
    assert written == (RESULTS / "README.md").read_text(), "experiments/results/README.md is stale"


COMMITTED_STORES = sorted([*RESULTS.glob("*.db"), *RESULTS.glob("*.db.xz")])

#: Above this size a store is committed in its compact form (``ensemble-lab pack``).
COMPACT_ABOVE = 5_000_000


@pytest.mark.parametrize("store", COMMITTED_STORES, ids=lambda p: p.name)
def test_committed_stores_are_at_rest_in_rollback_journal_mode(store):
    # A store left in WAL mode makes every reader, even a read-only one, create -wal and
    # -shm files beside it in a clean checkout; ResultsStore.close() switches back.
    if store.suffix == ".xz":
        with lzma.open(store) as packed:
            header = packed.read(20)
    else:
        header = store.read_bytes()[:20]
    assert (header[18], header[19]) == (1, 1), f"{store.name} is in WAL mode"


@pytest.mark.parametrize("store", COMMITTED_STORES, ids=lambda p: p.name)
def test_committed_stores_over_5_mb_are_compact(store):
    # Each rerun of a large store adds its whole size to the history: commit it packed.
    assert store.suffix == ".xz" or store.stat().st_size <= COMPACT_ABOVE, (
        f"{store.name} is over 5 MB: commit it packed (ensemble-lab pack {store.name})"
    )


#: Verdicts short of "holds" whose investigation is not yet on their page, by ledger and
#: key: each must still lack its note (so that the list shrinks as notes are written).
UNCHECKED: set[tuple[str, str]] = set()


@pytest.mark.parametrize("ledger", sorted(RESULTS.glob("*-claims.json")), ids=lambda p: p.name)
def test_every_verdict_short_of_holds_says_what_was_checked(ledger):
    page = ledger.name.removesuffix("-claims.json")
    for claim in json.loads(ledger.read_text())["claims"]:
        if claim["verdict"] not in ("partly", "does not hold"):
            continue
        if (page, claim["key"]) in UNCHECKED:
            assert not claim["checked"], (
                f"{page} {claim['key']} has its note: drop it from UNCHECKED"
            )
        else:
            assert claim["checked"], f"{page} {claim['key']} ({claim['verdict']}) has no note"
