"""A user's mistake is one line and exit status 2; ``--debug`` shows the traceback."""

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from typer.testing import CliRunner

from ensemble_lab.cli import app

runner = CliRunner()

CONFIG = """
name = "tiny"
datasets = ["{dataset}"]
baseline = "J48"
[protocol]
kind = "cv"
folds = 2
[[methods]]
name = "J48"
[[methods]]
name = "NB"
"""


def _config(tmp_path, dataset="iris"):
    path = tmp_path / "tiny.toml"
    path.write_text(textwrap.dedent(CONFIG.format(dataset=dataset)))
    return path


def test_a_dataset_neither_packaged_nor_in_the_data_dir_is_named(
    tmp_path, monkeypatch, one_line_error
):
    monkeypatch.delenv("ENSEMBLE_LAB_DATA", raising=False)
    args = ["run", str(_config(tmp_path, "heart-z")), "--results", str(tmp_path / "out")]
    result = runner.invoke(app, args)
    one_line_error(result, "datasets[0] ('heart-z')", "no file heart-z.arff", "Did you mean")
    assert not (tmp_path / "out" / "results.db").exists()


def test_unknown_method_and_unknown_paper(tmp_path, one_line_error):
    path = _config(tmp_path)
    path.write_text(path.read_text().replace('name = "NB"', 'name = "Bagging"'))
    result = runner.invoke(app, ["run", str(path), "--results", str(tmp_path / "out")])
    one_line_error(result, "methods[1] ('Bagging'): Unknown method 'Bagging'", "N-P-Bagging")
    one_line_error(runner.invoke(app, ["methods", "--paper", "7"]), "Unknown paper '7'")


def test_debug_shows_the_traceback(tmp_path):
    path = _config(tmp_path, "irsi")
    result = runner.invoke(app, ["--debug", "run", str(path), "--results", str(tmp_path / "o")])
    assert result.exit_code == 1
    assert isinstance(result.exception, ValueError)
    assert "Did you mean 'iris'?" in str(result.exception)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("store")
    db = tmp_path / "results.db"
    result = runner.invoke(app, ["run", str(_config(tmp_path)), "--results", str(db), "-j", "1"])
    assert result.exit_code == 0, result.output
    return db


def test_bad_baseline_and_unknown_experiment(store, one_line_error):
    result = runner.invoke(app, ["report", str(store), "--baseline", "C4.5"])
    one_line_error(result, "--baseline 'C4.5' is not a method of 'tiny': J48, NB")
    result = runner.invoke(app, ["report", str(store), "-e", "other"])
    one_line_error(result, "No experiment 'other'", "tiny")


def test_corrupt_and_foreign_files_are_not_stores(tmp_path, one_line_error):
    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"this is not SQLite" * 100)
    for command in (["report", str(corrupt)], ["run", "--results", str(corrupt)]):
        one_line_error(runner.invoke(app, command), f"{corrupt} is not a results store")
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as con:
        con.execute("CREATE TABLE birds (name TEXT)")
    one_line_error(
        runner.invoke(app, ["report", str(foreign)]),
        "is an SQLite database but not a results store",
    )
    with sqlite3.connect(foreign) as con:  # nothing was written into it
        tables = {row[0] for row in con.execute("SELECT name FROM sqlite_master")}
    assert tables == {"birds"}


def test_a_malformed_dataset_file_is_reported_and_the_listing_goes_on(tmp_path, one_line_error):
    (tmp_path / "broken.arff").write_text(
        "@relation broken\n@attribute a numeric\n@attribute class {x,y}\n@data\n1,x\n2\n"
    )
    (tmp_path / "fine.arff").write_text(
        "@relation fine\n@attribute a numeric\n@attribute class {x,y}\n@data\n1,x\n2,y\n"
    )
    result = runner.invoke(app, ["datasets", "--data-dir", str(tmp_path)], terminal_width=250)
    assert result.exit_code == 0, result.output
    said = "".join(result.output.split())  # the note column wraps
    unwrapped = said.replace("│", "")  # the other cells of the broken row are empty
    assert "cannotberead:" in unwrapped and "broken.arff,line6" in unwrapped
    assert "1file(s)couldnotberead" in said
    assert "│fine│2│0│1│2│no│" in said  # no count is cut or lost
    missing = runner.invoke(app, ["datasets", "--data-dir", str(tmp_path / "nope")])
    one_line_error(missing, "is not a directory")


def test_a_second_run_on_a_store_in_use_names_the_holder(tmp_path, one_line_error, lock_holder):
    db = tmp_path / "results.db"
    holder = lock_holder(db)
    args = ["run", str(_config(tmp_path)), "--results", str(db), "-j", "1"]
    busy = runner.invoke(app, args)
    one_line_error(busy, f"is in use by another run (process {holder.pid} on")
    os.kill(holder.pid, signal.SIGKILL)  # the lock dies with its process
    holder.wait()
    assert runner.invoke(app, args).exit_code == 0


def test_help_does_not_import_the_library():
    code = (
        "import sys, ensemble_lab.cli\n"
        "heavy = [m for m in ('sklearn', 'pandas', 'matplotlib', 'scipy') if m in sys.modules]\n"
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_methods_lists_the_names_of_a_paper():
    result = runner.invoke(app, ["methods", "--paper", "3"], terminal_width=250)
    assert result.exit_code == 0, result.output
    said = "".join(result.output.split())  # the text columns wrap
    # one table per paper, titled with its key; each row the name and what it builds
    assert "[garciaosorio2008projections]" in said
    assert "│PB-HDA│" in said and "ProjectionBoostingClassifier,basej48" in said
    assert "Triskel" not in said and "RBF-SVM" in said


def test_alpha_on_the_command_line(store, tmp_path, one_line_error):
    result = runner.invoke(app, ["report", str(store), "--alpha", "0.01"])
    assert result.exit_code == 0 and "at the 0.01 level" in result.output
    one_line_error(runner.invoke(app, ["report", str(store), "--alpha", "5"]), "--alpha must be")
    page = tmp_path / "r.html"
    html = runner.invoke(
        app, ["report", str(store), "-f", "html", "-o", str(page), "--alpha", "0.1"]
    )
    assert html.exit_code == 0, html.output
    text = page.read_text()
    assert "<dt>α</dt><dd>0.1</dd>" in text and ">Methods</h2>" in text
    assert "MixedNaiveBayes(" in text  # the key of the methods, with their parameters


def test_paper_protocol_is_for_estimates_of_scaled_reproductions(tmp_path, one_line_error):
    out = ["--results", str(tmp_path)]
    result = runner.invoke(app, ["reproduce", "triskel", "--estimate", "--paper-protocol", *out])
    one_line_error(result, "'triskel' runs at the paper's protocol already")
    result = runner.invoke(app, ["reproduce", "oracle", "--paper-protocol", *out])
    one_line_error(result, "--paper-protocol goes with --estimate only")


def test_a_data_dir_that_is_not_a_directory_is_refused_by_every_command(tmp_path, one_line_error):
    # run used to fall back on the packaged data in silence
    afile = tmp_path / "f.txt"
    afile.write_text("x")
    for bad in (tmp_path / "missing", afile):
        for args in (
            ["run", str(_config(tmp_path)), "--results", str(tmp_path / "out")],
            ["datasets"],
            ["reproduce", "oracle-2d", "--results", str(tmp_path / "out")],
            ["verify", str(tmp_path / "x.db")],
        ):
            result = runner.invoke(app, [*args, "--data-dir", str(bad)])
            one_line_error(result, f"--data-dir {bad} is not a directory")
    assert not (tmp_path / "out").exists()
