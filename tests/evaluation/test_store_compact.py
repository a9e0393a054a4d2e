"""The compact store (``NAME.db.xz``): every reader sees the rows of the plain file, no writer
touches it, and ``unpack`` gives back a store a run resumes."""

import lzma
import os
import sqlite3
import time

import pandas as pd
import pytest

from ensemble_lab.evaluation import (
    ExperimentConfig,
    MethodSpec,
    RepeatedCV,
    ResultsStore,
    load_results,
    run_experiment,
)
from ensemble_lab.evaluation.store import (
    CompactStoreError,
    NotAStoreError,
    experiment_names,
    export_results,
    find_store,
    load_datasets,
    load_failures,
    load_predictions,
    pack_store,
    read_connection,
    stored_configs,
    unpack_store,
)
from ensemble_lab.evaluation.verify import verify_store

CONFIG = ExperimentConfig(
    name="c",
    datasets=("iris", "breast-cancer"),
    methods=(
        MethodSpec(label="J48", name="J48"),
        MethodSpec(label="Bag", name="N-P-Bagging", params={"n_estimators": 3}),
    ),
    protocol=RepeatedCV(n_folds=3, n_repetitions=2),
    seed=5,
    record_predictions=True,
    record_members=True,
)


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    db = tmp_path_factory.mktemp("compact") / "c.db"
    run_experiment(CONFIG, db)
    return db


@pytest.fixture
def pair(plain, tmp_path):
    """(plain copy, compact form of another copy) in ``tmp_path``."""
    copy = tmp_path / "plain" / "c.db"
    copy.parent.mkdir()
    copy.write_bytes(plain.read_bytes())
    source = tmp_path / "c.db"
    source.write_bytes(plain.read_bytes())
    return copy, pack_store(source)


def _members(labels):
    return None if labels is None else tuple(labels)


def _table_rows(con, table):
    return sorted(con.execute(f"SELECT * FROM {table}").fetchall(), key=repr)


def test_pack_then_open_gives_every_row_of_every_table(pair):
    plain, compact = pair
    assert compact.name == "c.db.xz" and not compact.with_suffix("").exists()
    a = sqlite3.connect(f"{plain.as_uri()}?mode=ro", uri=True)
    b = read_connection(compact)
    try:
        for table in ("experiments", "datasets", "results", "predictions"):
            rows = _table_rows(a, table)
            assert rows and rows == _table_rows(b, table), table
    finally:
        a.close()
        b.close()


@pytest.mark.parametrize(
    "read",
    [
        lambda db: load_results(db, "c"),
        lambda db: load_predictions(db, "c").drop(columns="members"),
        lambda db: pd.DataFrame({"m": [_members(m) for m in load_predictions(db, "c")["members"]]}),
        lambda db: load_datasets(db),
        lambda db: load_failures(db),
        lambda db: pd.DataFrame({"names": experiment_names(db)}),
        lambda db: pd.DataFrame(stored_configs(db)).astype(str),
    ],
    ids=["results", "predictions", "members", "datasets", "failures", "names", "configs"],
)
def test_every_reader_reads_the_compact_form_as_the_plain_file(pair, read):
    plain, compact = pair
    pd.testing.assert_frame_equal(read(compact), read(plain))


def test_export_of_the_compact_form_is_the_plain_export(pair, tmp_path):
    plain, compact = pair
    export_results(plain, tmp_path / "a.csv")
    export_results(compact, tmp_path / "b.csv")
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()


def test_the_compact_file_is_the_vacuumed_store_in_rollback_journal_mode(pair):
    _, compact = pair
    data = lzma.decompress(compact.read_bytes())
    assert data[:16] == b"SQLite format 3\x00"
    assert (data[18], data[19]) == (1, 1)  # not WAL: a reader needs no -wal file
    con = sqlite3.connect(":memory:")
    con.deserialize(data)
    assert con.execute("PRAGMA freelist_count").fetchone() == (0,)
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_reading_changes_nothing_and_creates_nothing(pair):
    _, compact = pair
    before = (compact.read_bytes(), sorted(os.listdir(compact.parent)))
    load_results(compact)
    con = read_connection(compact)
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        con.execute("DELETE FROM results")
    con.close()
    assert (compact.read_bytes(), sorted(os.listdir(compact.parent))) == before


def test_a_store_writer_refuses_it_with_one_line_saying_how_to_unpack(pair):
    _, compact = pair
    before = compact.read_bytes()
    with pytest.raises(CompactStoreError) as info:
        ResultsStore(compact)
    message = str(info.value)
    assert "\n" not in message
    assert f"ensemble-lab unpack {compact}" in message and f"xz -dk {compact}" in message
    with pytest.raises(CompactStoreError, match="compact results store"):
        run_experiment(CONFIG, compact)
    assert compact.read_bytes() == before
    assert sorted(p.name for p in compact.parent.iterdir()) == ["c.db.xz", "plain"]


def test_unpack_gives_back_a_store_a_run_resumes(pair):
    plain, compact = pair
    unpacked = unpack_store(compact)
    assert unpacked == compact.with_name("c.db") and not compact.exists()
    summary = run_experiment(CONFIG, unpacked)
    assert summary.done == 0 and summary.skipped == len(load_results(plain))
    pd.testing.assert_frame_equal(load_results(unpacked), load_results(plain))


def test_keep_keeps_the_input_and_neither_overwrites_a_file(plain, tmp_path):
    db = tmp_path / "c.db"
    db.write_bytes(plain.read_bytes())
    packed = pack_store(db, keep=True)
    assert db.is_file() and packed.is_file()
    with pytest.raises(FileExistsError, match="remove it first"):
        pack_store(db)
    with pytest.raises(FileExistsError, match="move it away first"):
        unpack_store(packed, keep=True)
    with pytest.raises(ValueError, match="compact store already"):
        pack_store(packed)
    with pytest.raises(ValueError, match="not a compact store"):
        unpack_store(db)


def test_a_file_named_xz_that_is_not_a_store_is_refused(tmp_path):
    bogus = tmp_path / "x.db.xz"
    bogus.write_bytes(b"not xz at all")
    with pytest.raises(NotAStoreError, match=r"x\.db\.xz"):
        load_results(bogus)
    other = tmp_path / "y.db.xz"
    other.write_bytes(lzma.compress(b"plain text, not SQLite" * 100))
    with pytest.raises(NotAStoreError, match=r"y\.db\.xz"):
        load_results(other)
    with pytest.raises(NotAStoreError):
        unpack_store(bogus)
    assert not (tmp_path / "x.db").exists()


def test_a_changed_compact_file_is_read_again(plain, tmp_path):
    db = tmp_path / "c.db"
    db.write_bytes(plain.read_bytes())
    packed = pack_store(db)
    n = len(load_results(packed))
    unpack_store(packed)
    with ResultsStore(db) as store:
        store.discard_datasets("c", ["iris"])
    pack_store(db)
    stamp = time.time() + 5  # a new modification time even on a coarse clock
    os.utime(packed, (stamp, stamp))
    assert 0 < len(load_results(packed)) < n


def test_verify_reruns_tasks_of_the_compact_form(pair):
    _, compact = pair
    report = verify_store(compact, sample=6, seed=1)
    assert report.ok and len(report.checks) == 6
    assert {c.status for c in report.checks} == {"same"}


def test_find_store_prefers_the_plain_file_a_run_writes(tmp_path):
    assert find_store(tmp_path, "s") == tmp_path / "s.db"
    (tmp_path / "s.db.xz").write_bytes(b"")
    assert find_store(tmp_path, "s") == tmp_path / "s.db.xz"
    (tmp_path / "s.db").write_bytes(b"")
    assert find_store(tmp_path, "s") == tmp_path / "s.db"


def test_discard_datasets_leaves_the_other_datasets_whole(plain, tmp_path):
    db = tmp_path / "c.db"
    db.write_bytes(plain.read_bytes())
    before = load_results(db)
    with ResultsStore(db) as store:
        removed = store.discard_datasets("c", ["iris"])
    after = load_results(db)
    assert removed == (before["dataset"] == "iris").sum() > 0
    pd.testing.assert_frame_equal(after, before[before["dataset"] != "iris"].reset_index(drop=True))
    assert list(load_datasets(db)["dataset"]) == ["breast-cancer"]
    assert set(load_predictions(db, "c")["dataset"]) == {"breast-cancer"}
