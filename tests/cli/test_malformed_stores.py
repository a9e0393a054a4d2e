"""A store edited by hand or damaged on disk is refused when opened, in one line.

Each mutation is an SQL statement (or a file operation) on a copy of a store a run
wrote; ``report``, ``export``, ``verify`` and the library's readers all say which store
and what is wrong, with no traceback and no number shown as if it were sound.
"""

import lzma
import shutil
import sqlite3
import textwrap
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ensemble_lab.cli import app
from ensemble_lab.evaluation import ResultsStore, load_predictions, load_results
from ensemble_lab.evaluation.store import NotAStoreError
from ensemble_lab.evaluation.verify import verify_store

runner = CliRunner()

CONFIG = """
name = "tiny"
datasets = ["iris"]
baseline = "NB"
[protocol]
kind = "cv"
folds = 2
[[methods]]
name = "N-P-Bagging"
params = {n_estimators = 3}
[[methods]]
name = "NB"
[record]
predictions = true
members = true
"""

#: name -> (SQL run on a copy of the store, what the one-line error says).
MUTATIONS = {
    "prediction code": (
        "UPDATE predictions SET y_pred = 999",
        "hold the code y_pred = 999, outside the data set's 3 classes",
    ),
    "accuracy above 1": (
        "UPDATE results SET accuracy = 5.0",
        "has accuracy = 5.0, not a fraction in [0, 1] (4 tasks like it)",
    ),
    "accuracy below 0": ("UPDATE results SET accuracy = -0.5", "has accuracy = -0.5"),
    "accuracy as text": ("UPDATE results SET accuracy = 'high'", "has accuracy = 'high'"),
    "negative time": (
        "UPDATE results SET predict_wall = -3 WHERE method = 'NB'",
        "method 'NB', repetition 0, fold 0 has predict_wall = -3.0, not a number of seconds",
    ),
    "no test instances": ("UPDATE results SET n_test = 0", "has n_test = 0, not a count >= 1"),
    "kappa above 1": ("UPDATE results SET kappa = 1.5", "has kappa = 1.5, not in [-1, 1]"),
    "task without accuracy": (
        "UPDATE results SET accuracy = NULL WHERE fold = 1",
        "has no accuracy and no error",
    ),
    "missing table": ("DROP TABLE results", "table 'results' is missing"),
    "missing column": (
        "ALTER TABLE results DROP COLUMN accuracy",
        "table 'results' has no column 'accuracy'",
    ),
    "configuration not JSON": (
        "UPDATE experiments SET config = '{not json'",
        "the configuration of experiment 'tiny' is not JSON",
    ),
    "protocol not an object": (
        "UPDATE experiments SET config = json_set(config, '$.protocol', 'cv')",
        "has a 'protocol' that is not an object",
    ),
    "fewer classes": (
        """UPDATE datasets SET classes = '["Iris-setosa"]', class_counts = '[150]'""",
        "hold the code y_true = 2, outside the data set's 1 classes",
    ),
    "class counts": (
        "UPDATE datasets SET class_counts = '[50, 50]'",
        "its 3 classes have 2 counts summing to 100 for 150 instances",
    ),
    "classes not JSON": (
        "UPDATE datasets SET classes = 'setosa'",
        "its classes are not a JSON list of labels ('setosa')",
    ),
    "predictions of an unknown data set": (
        "UPDATE predictions SET dataset = 'irsi'",
        "are of a data set the store does not record",
    ),
}

COMMANDS = {
    "report html": ["report", "{db}", "--format", "html", "-o", "{tmp}/r.html"],
    "report md": ["report", "{db}"],
    "export": ["export", "{db}", "-o", "{tmp}/x.csv"],
    "verify": ["verify", "{db}", "-n", "2"],
}


@pytest.fixture(scope="module")
def sound(tmp_path_factory):
    """A store a run wrote, with predictions and members' predictions."""
    tmp_path = tmp_path_factory.mktemp("sound")
    config = tmp_path / "tiny.toml"
    config.write_text(textwrap.dedent(CONFIG))
    db = tmp_path / "results.db"
    result = runner.invoke(app, ["run", str(config), "--results", str(db), "-j", "1"])
    assert result.exit_code == 0, result.output
    return db


def _mutated(sound, tmp_path, sql):
    db = tmp_path / "edited.db"
    shutil.copy(sound, db)
    con = sqlite3.connect(db)
    con.executescript(sql)
    con.close()
    return db


@pytest.mark.parametrize("mutation", MUTATIONS)
@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_refuses_an_edited_store_in_one_line(
    sound, tmp_path, mutation, command, one_line_error
):
    sql, said = MUTATIONS[mutation]
    db = _mutated(sound, tmp_path, sql)
    args = [a.format(db=db, tmp=tmp_path) for a in COMMANDS[command]]
    one_line_error(runner.invoke(app, args), f"{db} is a malformed results store", said)
    assert not (tmp_path / "r.html").exists() and not (tmp_path / "x.csv").exists()


@pytest.mark.parametrize("mutation", ["prediction code", "missing table", "accuracy above 1"])
def test_the_library_refuses_it_too_and_writes_nothing(sound, tmp_path, mutation):
    sql, said = MUTATIONS[mutation]
    db = _mutated(sound, tmp_path, sql)
    before = db.read_bytes()
    for open_it in (
        lambda: ResultsStore(db, create=False),
        lambda: ResultsStore(db),
        lambda: load_results(db),
        lambda: load_predictions(db, "tiny"),
        lambda: verify_store(db, sample=1),
    ):
        with pytest.raises(NotAStoreError, match="malformed results store") as caught:
            open_it()
        assert said in str(caught.value)
    assert db.read_bytes() == before  # not even the missing table was created


def test_members_codes_are_checked_as_they_are_decoded(sound, tmp_path, one_line_error):
    for blob, said in ((b"\xe7\x03\x00\x00", "hold the code 999"), (b"\x01", "odd number")):
        db = _mutated(sound, tmp_path, "SELECT 1")
        con = sqlite3.connect(db)
        con.execute("UPDATE predictions SET members = ? WHERE members IS NOT NULL", (blob,))
        con.commit()
        con.close()
        result = runner.invoke(app, ["report", str(db), "-f", "html", "-o", str(tmp_path / "r")])
        one_line_error(result, f"{db} is a malformed results store", said)


def test_damaged_files_are_not_stores(sound, tmp_path, one_line_error):
    size = sound.stat().st_size
    truncated = tmp_path / "truncated.db"
    truncated.write_bytes(sound.read_bytes()[: size // 2])
    text = tmp_path / "notes.db"
    text.write_text("results of Tuesday\n" * 100)
    for db in (truncated, text):
        for command in COMMANDS.values():
            args = [a.format(db=db, tmp=tmp_path) for a in command]
            one_line_error(runner.invoke(app, args), f"{db} is not a results store")


def test_a_sound_store_is_checked_once_and_again_when_it_changes(sound, tmp_path):
    db = _mutated(sound, tmp_path, "SELECT 1")
    assert len(load_results(db)) == 4
    con = sqlite3.connect(db)
    con.execute("UPDATE results SET accuracy = 2 WHERE method = 'NB'")
    con.commit()
    con.close()
    with pytest.raises(NotAStoreError, match=r"accuracy = 2\.0"):
        load_results(db)


def test_opening_the_largest_committed_store_stays_fast():
    from ensemble_lab.evaluation import _store_check

    oracle = Path(__file__).resolve().parents[2] / "experiments" / "results" / "oracle.db.xz"
    con = sqlite3.connect(":memory:")
    con.deserialize(lzma.decompress(oracle.read_bytes()))  # the committed compact store
    try:
        assert con.execute("SELECT COUNT(*) FROM results").fetchone()[0] > 100_000
        start = time.perf_counter()
        assert _store_check.store_problem(con) is None
        elapsed = time.perf_counter() - start
    finally:
        con.close()
    assert elapsed < 2.0  # about 0.1 s on one core: one scan of results, no Python loop
