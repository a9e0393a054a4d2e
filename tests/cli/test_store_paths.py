"""Paths around a store: what each names, and a one-line error when it cannot be used."""

import os
import shutil
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ensemble_lab.cli import app
from ensemble_lab.cli._commands import report_file
from ensemble_lab.evaluation.store import StoreInUseError, exclusive_writer
from ensemble_lab.reporting._render import Table

runner = CliRunner()

CONFIG = """
name = "{name}"
datasets = ["iris"]
[protocol]
kind = "cv"
folds = {folds}
[[methods]]
name = "NB"
[[methods]]
name = "J48"
label = "{label}"
"""


def _config(tmp_path, name="tiny", folds=2, label="J48"):
    path = tmp_path / "tiny.toml"
    path.write_text(textwrap.dedent(CONFIG.format(name=name, folds=folds, label=label)))
    return path


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("paths")
    db = tmp_path / "results.db"
    result = runner.invoke(app, ["run", str(_config(tmp_path)), "--results", str(db), "-j", "1"])
    assert result.exit_code == 0, result.output
    return db


def test_a_symbolic_link_to_a_store_takes_the_store_s_lock(tmp_path, lock_holder):
    db = tmp_path / "results.db"
    link = tmp_path / "link.db"
    link.symlink_to(db)
    holder = lock_holder(db)
    try:
        with pytest.raises(StoreInUseError, match=f"process {holder.pid}"):
            with exclusive_writer(link):
                pass
    finally:
        holder.stdin.close()
        holder.wait()
    with exclusive_writer(link):  # free again once the holder has ended
        pass


def test_a_protocol_the_data_cannot_follow_leaves_nothing_to_overwrite(tmp_path, one_line_error):
    db = tmp_path / "r.db"
    args = ["run", str(_config(tmp_path, folds=1000)), "--results", str(db), "-j", "1"]
    one_line_error(runner.invoke(app, args), "dataset 'iris': cannot make 1000 folds from 150")
    args = ["run", str(_config(tmp_path, folds=3)), "--results", str(db), "-j", "1"]
    assert runner.invoke(app, args).exit_code == 0  # no --new needed


def test_an_absurd_plan_is_one_line(tmp_path, one_line_error):
    config = _config(tmp_path)
    repeated = 'kind = "repeated-cv"\nrepetitions = 100000000'
    config.write_text(config.read_text().replace('kind = "cv"', repeated))
    result = runner.invoke(app, ["run", str(config), "--results", str(tmp_path / "r.db")])
    one_line_error(
        result, "plans 400,000,000 tasks (1 data set(s) × 2 method(s)", "more than the 1,000,000"
    )
    assert not (tmp_path / "r.db").exists()


@pytest.mark.parametrize("name", ["../../x", "/tmp/elsewhere/x", "a/b"])
def test_an_experiment_name_is_a_label_not_a_path(tmp_path, name):
    out = tmp_path / "out"
    args = ["run", str(_config(tmp_path, name=name)), "--results", str(out), "-j", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    written = list(out.rglob("*-report.html"))
    assert written == [report_file(out, name)] and written[0].parent == out
    html = runner.invoke(app, ["report", str(out / "results.db"), "-f", "html"])
    assert html.exit_code == 0, html.output
    assert sorted(p.parent for p in tmp_path.rglob("*-report.html")) == [out]
    assert not (tmp_path.parent / "x-report.html").exists()


def test_export_refuses_a_suffix_it_does_not_write(store, tmp_path, one_line_error):
    result = runner.invoke(app, ["export", str(store), "-o", str(tmp_path / "x.xlsx")])
    one_line_error(result, "cannot tell the format of", "x.xlsx", ".csv, .parquet or .arff")
    assert not (tmp_path / "x.xlsx").exists()


def test_a_directory_as_the_store_is_named(store, tmp_path, one_line_error):
    folder = tmp_path / "dir.db"
    folder.mkdir()
    for args in (
        ["run", str(_config(tmp_path)), "--results", str(folder)],
        ["report", str(folder)],
        ["export", str(folder)],
        ["verify", str(folder)],
        ["backfill", str(folder)],
    ):
        one_line_error(runner.invoke(app, args), f"the results store {folder} is a directory")


def test_a_toml_file_that_is_not_utf8_is_named(tmp_path, one_line_error):
    config = tmp_path / "latin1.toml"
    config.write_bytes(_config(tmp_path).read_text().replace("tiny", "caf\xe9").encode("latin-1"))
    result = runner.invoke(app, ["run", str(config), "--results", str(tmp_path / "r.db")])
    one_line_error(result, f"{config}: not UTF-8 text (byte 0xe9 at position")


def test_zero_jobs_is_refused_before_anything_is_written(tmp_path, one_line_error):
    out = tmp_path / "out"
    result = runner.invoke(app, ["run", str(_config(tmp_path)), "--results", str(out), "-j", "0"])
    one_line_error(result, "-j/--n-jobs must be at least 1 worker process, got 0")
    assert not out.exists()
    result = runner.invoke(app, ["reproduce", "oracle-2d", "--results", str(out), "-j", "0"])
    one_line_error(result, "-j/--n-jobs must be at least 1")


@pytest.mark.parametrize("fmt", ["md", "latex", "html", "csv"])
def test_an_output_that_cannot_be_written_is_named_before_any_work(
    store, tmp_path, fmt, one_line_error
):
    afile = tmp_path / "afile"
    afile.write_text("x")
    target = afile / f"r.{fmt}"
    result = runner.invoke(app, ["report", str(store), "-f", fmt, "-o", str(target)])
    one_line_error(result, f"-o {target}: {afile} is not a directory")
    if fmt != "html":  # the HTML report creates its directory
        missing = tmp_path / "no" / f"r.{fmt}"
        result = runner.invoke(app, ["report", str(store), "-f", fmt, "-o", str(missing)])
        one_line_error(result, f"-o {missing}: there is no directory {missing.parent}")
    result = runner.invoke(app, ["export", str(store), "-o", str(afile / "r.csv")])
    one_line_error(result, f"{afile} is not a directory")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_an_output_without_permission_is_named(store, tmp_path, one_line_error):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    result = runner.invoke(app, ["report", str(store), "-o", str(locked / "r.md")])
    one_line_error(result, "not allowed to write there")


def test_method_and_dataset_names_are_escaped_in_markdown(tmp_path):
    import pandas as pd

    frame = pd.DataFrame({"a|b_<i>c</i>": ["1"]}, index=pd.Index(["[x](y) *z*"], name="data"))
    text = Table(frame, "").to_markdown()
    assert r"a\|b\_&lt;i>c&lt;/i>" in text and r"\[x\](y) \*z\*" in text
    assert text.splitlines()[2].count("|") == 3  # one row of two cells: no cell split


def test_the_markdown_report_escapes_a_method_label(tmp_path):
    db = tmp_path / "r.db"
    config = _config(tmp_path, label="J48|<b>_x_</b>")
    assert runner.invoke(app, ["run", str(config), "--results", str(db), "-j", "1"]).exit_code == 0
    result = runner.invoke(app, ["report", str(db)], terminal_width=300)
    assert result.exit_code == 0, result.output
    assert r"| J48\|&lt;b>\_x\_&lt;/b> | NB |" in result.output  # the table's header
    assert "<b>" not in result.output  # nor raw HTML in the captions


def test_reading_a_store_of_an_earlier_version_leaves_its_file_as_it_was(tmp_path):
    # report used to add the columns the store lacked (opening it as a writer would)
    committed = Path(__file__).resolve().parents[2] / "experiments" / "results" / "elrc.db"
    db = tmp_path / "elrc.db"
    shutil.copy(committed, db)
    before = db.read_bytes()
    for args in (
        ["report", str(db)],
        ["report", str(db), "-f", "html", "-o", str(tmp_path / "r.html")],
        ["export", str(db), "-o", str(tmp_path / "r.csv")],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
    assert db.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elrc.db", "r.csv", "r.html"]
