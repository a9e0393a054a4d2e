"""The experiment commands end to end on tiny experiments."""

import shutil
import textwrap
from pathlib import Path

import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from typer.testing import CliRunner

from ensemble_lab.cli import app
from ensemble_lab.evaluation import load_results
from ensemble_lab.methods import register

runner = CliRunner()

CONFIG = """
name = "tiny"
seed = 3
datasets = ["iris", "heart-statlog"]
baseline = "J48"

[protocol]
kind = "cv"
folds = 3

[[methods]]
name = "J48"

[[methods]]
name = "NB"
"""


def _config(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(textwrap.dedent(CONFIG))
    return path


def test_run_prints_table_writes_store_and_report_then_resumes(tmp_path):
    results = tmp_path / "out"
    args = ["run", str(_config(tmp_path)), "--results", str(results), "--n-jobs", "1"]
    first = runner.invoke(app, args, terminal_width=160)
    assert first.exit_code == 0, first.output
    assert "Accuracy" in first.output and "heart-statlog" in first.output
    report = results / "tiny-report.html"
    assert report.is_file() and "<svg" in report.read_text()
    frame = load_results(results / "results.db", "tiny")
    assert len(frame) == 2 * 2 * 3
    again = runner.invoke(app, args, terminal_width=160)
    assert again.exit_code == 0, again.output
    assert "12 task(s) were already in the store" in again.output
    assert len(load_results(results / "results.db", "tiny")) == 12


def test_a_run_in_a_batch_log_prints_progress_lines(tmp_path, monkeypatch):
    from ensemble_lab.cli import _progress

    monkeypatch.setattr(_progress, "LOG_INTERVAL", 0.0)  # a line per task
    results = tmp_path / "out"
    args = ["run", str(_config(tmp_path)), "--results", str(results), "--n-jobs", "1"]
    out = runner.invoke(app, args, terminal_width=160)  # not a terminal, as a log
    assert out.exit_code == 0, out.output
    lines = [x for x in out.output.splitlines() if x.startswith("tiny: ") and " tasks" in x]
    assert lines[0].startswith("tiny: 0/12 tasks, 0:00:0") and lines[0].endswith("? left")
    assert lines[-1].startswith("tiny: 12/12 tasks") and lines[-1].endswith("0:00:00 left")
    assert len(lines) == 13  # the start, then every task


def test_run_extends_a_stored_study_and_refuses_a_changed_one(tmp_path):
    results = tmp_path / "out"
    path = _config(tmp_path)
    args = ["run", str(path), "--results", str(results), "--n-jobs", "1"]
    assert runner.invoke(app, args, terminal_width=160).exit_code == 0
    # One more method: the 12 stored tasks stay, the 6 of the new method run.
    path.write_text(textwrap.dedent(CONFIG) + '\n[[methods]]\nname = "N-P-Bagging"\n')
    grown = runner.invoke(app, args, terminal_width=160)
    assert grown.exit_code == 0, grown.output
    assert "extended" in grown.output and "12 task(s) were already in the store" in grown.output
    assert len(load_results(results / "results.db", "tiny")) == 18
    # Another seed is not an extension: refused, with what differs, nothing touched.
    path.write_text(textwrap.dedent(CONFIG).replace("seed = 3", "seed = 4"))
    changed = runner.invoke(app, args, terminal_width=300)
    assert changed.exit_code == 2
    assert "seed: 3 became 4" in changed.output.replace("\n", "")
    assert len(load_results(results / "results.db", "tiny")) == 18


def test_report_formats(tmp_path):
    results = tmp_path / "out"
    runner.invoke(app, ["run", str(_config(tmp_path)), "--results", str(results), "-j", "1"])
    db = str(results / "results.db")
    md = runner.invoke(app, ["report", db, "--format", "md"])
    assert md.exit_code == 0 and "\\n" not in md.output
    assert md.output.count("\n|:---|") >= 3  # accuracy, time and rank tables
    latex = runner.invoke(app, ["report", db, "--format", "latex"])
    assert "\\begin{tabular}" in latex.output
    csv = runner.invoke(app, ["report", db, "-f", "csv"])
    assert "iris" in csv.output
    html = runner.invoke(app, ["report", db, "-f", "html", "-o", str(tmp_path / "r.html")])
    assert html.exit_code == 0 and (tmp_path / "r.html").is_file()
    bad = runner.invoke(app, ["report", db, "-f", "pdf"])
    assert bad.exit_code == 2 and "Unknown format" in bad.output


def test_bad_inputs_are_reported(tmp_path):
    missing = runner.invoke(app, ["run", str(tmp_path / "nope.toml")])
    assert missing.exit_code == 2 and "No experiment file" in missing.output
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\ndatasets = ["iris"]\nmethods = ["NoSuchMethod"]\n')
    result = runner.invoke(app, ["run", str(bad), "--results", str(tmp_path / "o")])
    assert result.exit_code != 0
    assert "Unknown method" in str(result.exception) + result.output
    nodb = runner.invoke(app, ["report", str(tmp_path / "none.db")])
    assert nodb.exit_code == 2 and "No results database" in nodb.output


def test_reproduce_lists_and_runs_the_oracle_example(tmp_path):
    listing = runner.invoke(app, ["reproduce", "--list"])
    assert "oracle-2d" in listing.output
    result = runner.invoke(
        app, ["reproduce", "oracle-2d", "--quick", "--results", str(tmp_path)], terminal_width=160
    )
    assert result.exit_code == 0, result.output
    page = (tmp_path / "oracle-2d.md").read_text()
    assert "0.2167" in page and (tmp_path / "oracle-2d.png").stat().st_size > 10_000
    unknown = runner.invoke(app, ["reproduce", "nosuch"])
    assert unknown.exit_code == 2


def test_report_draws_kappa_error_diagrams_when_members_are_recorded(tmp_path):
    config = tmp_path / "members.toml"
    config.write_text(
        textwrap.dedent(
            """
            name = "members"
            datasets = ["iris"]
            baseline = "J48"
            [protocol]
            kind = "cv"
            folds = 3
            [record]
            predictions = true
            members = true
            [[methods]]
            name = "J48"
            [[methods]]
            name = "N-P-Bagging"
            label = "Bagging"
            [[methods]]
            name = "H-P-Bagging"
            label = "Bagging+RLO"
            """
        )
    )
    result = runner.invoke(app, ["run", str(config), "--results", str(tmp_path), "-j", "1"])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "members-report.html").read_text()
    assert "Kappa-error diagram on iris" in page
    assert page.count("<svg") == 2  # accuracy vs time, kappa-error (one data set: no ranks)
    # --max-diagrams keeps a report of many data sets small and names what it leaves out
    out = tmp_path / "none.html"
    db = str(tmp_path / "results.db")
    args = ["report", db, "--format", "html", "-o", str(out), "--max-diagrams", "0"]
    assert runner.invoke(app, args).exit_code == 0
    limited = out.read_text()
    assert "Kappa-error diagram on iris" not in limited
    assert "No kappa-error diagram for 1 of the 1 data sets" in limited and "iris" in limited


def test_reproduce_from_store_rewrites_the_page_without_fitting(tmp_path):
    results = Path(__file__).resolve().parents[2] / "experiments" / "results"
    for db in results.glob("triskel*.db"):  # the page reads triskel-bases.db as well
        shutil.copy(db, tmp_path / db.name)
    result = runner.invoke(
        app,
        ["reproduce", "triskel", "--from-store", "--results", str(tmp_path), "-j", "1"],
        terminal_width=200,
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "triskel.md").read_text() == (results / "triskel.md").read_text()
    # Nothing was fitted: the store holds exactly the committed rows.
    assert len(load_results(tmp_path / "triskel.db", "triskel")) == len(
        load_results(results / "triskel.db", "triskel")
    )


def test_reproduce_from_store_names_a_missing_store(tmp_path):
    missing = runner.invoke(
        app, ["reproduce", "oracle", "--from-store", "--results", str(tmp_path)], terminal_width=200
    )
    assert missing.exit_code == 2
    said = missing.output.replace("\n", "")  # the console wraps long paths
    assert "No results store" in said and "oracle.db" in said
    assert not (tmp_path / "oracle.md").exists()
    storeless = runner.invoke(
        app, ["reproduce", "oracle-2d", "--from-store", "--results", str(tmp_path)]
    )
    assert storeless.exit_code == 2 and "keeps no results store" in storeless.output


class _AlwaysFails(ClassifierMixin, BaseEstimator):
    def fit(self, X, y):
        raise ValueError("this learner never learns")


@pytest.fixture
def failing_method(monkeypatch):
    """Register "Test-Fails" for one test only (the registry is global)."""
    from ensemble_lab.methods import _registry

    monkeypatch.setattr(_registry, "_REGISTRY", dict(_registry._REGISTRY))
    monkeypatch.setattr(_registry, "_ALIASES", dict(_registry._ALIASES))
    register("Test-Fails", lambda base=None, random_state=None: _AlwaysFails())


def test_failures_are_listed_and_marked_in_every_format(tmp_path, failing_method):
    path = _config(tmp_path)
    path.write_text(textwrap.dedent(CONFIG) + '\n[[methods]]\nname = "Test-Fails"\n')
    results = tmp_path / "out"
    run = runner.invoke(app, ["run", str(path), "--results", str(results), "-j", "1"],
                        terminal_width=200)  # fmt: skip
    assert run.exit_code == 1, run.output
    said = " ".join(run.output.split())
    assert "6 task(s) failed in this run" in said
    assert "│ Test-Fails │ heart-statlog │ 3 of 3 │ ValueError: this learner never learns" in said
    page = (results / "tiny-report.html").read_text()
    assert ">Failures</h2>" in page and "<dt>methods</dt><dd>3</dd>" in page
    assert "<th>Test-Fails</th><td>iris</td><td>3 of 3</td>" in page
    db = str(results / "results.db")
    failed_cells = [("md", "| failed |"), ("csv", ",,ValueError: this"), ("latex", "& failed")]
    for fmt, failed_cell in failed_cells:
        out = runner.invoke(app, ["report", db, "-f", fmt], terminal_width=200)
        assert out.exit_code == 0, out.output
        assert failed_cell in out.output and "this learner never learns" in out.output


def test_export_writes_the_per_split_table_other_tools_read(tmp_path, monkeypatch):
    import importlib.util
    import io

    import pandas as pd
    from pandas.testing import assert_frame_equal

    results = tmp_path / "out"
    runner.invoke(app, ["run", str(_config(tmp_path)), "--results", str(results), "-j", "1"])
    db = results / "results.db"
    stored = load_results(db, "tiny")
    out = runner.invoke(app, ["export", str(db)])
    assert out.exit_code == 0, out.output
    table = pd.read_csv(io.StringIO(out.output))
    assert list(table.columns) == [
        "experiment", "dataset", "method", "repetition", "fold", "n_train", "n_test",
        "accuracy", "fit_cpu", "fit_wall", "predict_cpu", "predict_wall", "ensemble_size",
        "balanced_accuracy", "kappa", "f1_macro", "auc", "log_loss", "brier",
    ]  # fmt: skip
    assert len(table) == 12 and table["accuracy"].dtype == float
    assert_frame_equal(table[stored.columns], stored, check_exact=False, rtol=1e-12)
    # Wide for autorank: one row per dataset, one column per method (the mean over splits).
    wide = table.pivot_table(index="dataset", columns="method", values="accuracy")
    expected = stored.groupby(["dataset", "method"])["accuracy"].mean().unstack()
    assert_frame_equal(wide, expected, check_names=False)
    # `report --format csv` is the same table, with an error column for failed tasks.
    report = pd.read_csv(io.StringIO(runner.invoke(app, ["report", str(db), "-f", "csv"]).output))
    assert_frame_equal(report.drop(columns="error"), table)
    parquet = tmp_path / "runs.parquet"
    written = runner.invoke(app, ["export", str(db), "-o", str(parquet)])
    assert written.exit_code == 0 and "(12 rows)" in written.output
    assert_frame_equal(pd.read_parquet(parquet), table)
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *a: None if name == "pyarrow" else real_find_spec(name, *a),
    )
    missing = runner.invoke(app, ["export", str(db), "-o", str(tmp_path / "x.parquet")])
    assert missing.exit_code == 2
    assert "pip install 'ensemble-lab[parquet]'" in missing.output


def test_export_with_failures_keeps_their_rows_and_errors(tmp_path, failing_method):
    import io

    import pandas as pd

    path = _config(tmp_path)
    path.write_text(textwrap.dedent(CONFIG) + '\n[[methods]]\nname = "Test-Fails"\n')
    results = tmp_path / "out"
    runner.invoke(app, ["run", str(path), "--results", str(results), "-j", "1"])
    db = str(results / "results.db")
    plain = runner.invoke(app, ["export", db])
    assert "6 failed task(s) left out" in plain.output  # on stderr, mixed in by the runner
    out = runner.invoke(app, ["export", db, "--failures"])
    table = pd.read_csv(io.StringIO(out.output))
    failed = table[table["method"] == "Test-Fails"]
    assert len(failed) == 6 and failed["accuracy"].isna().all()
    assert (failed["error"] == "ValueError: this learner never learns").all()
    assert table.loc[table["method"] != "Test-Fails", "error"].isna().all()


def test_report_compares_over_data_sets_with_a_cd_diagram_beside_the_file(tmp_path):
    config = tmp_path / "three.toml"
    config.write_text(
        textwrap.dedent(CONFIG).replace(
            '"iris", "heart-statlog"', '"iris", "heart-statlog", "vote", "glass", "breast-cancer"'
        )
        + '\n[[methods]]\nlabel = "Majority"\nestimator = "sklearn.dummy:DummyClassifier"\n'
    )
    results = tmp_path / "out"
    ran = runner.invoke(app, ["run", str(config), "--results", str(results), "-j", "1"])
    assert ran.exit_code == 0, ran.output
    db = str(results / "results.db")
    args = ["report", db, "--procedure", "nonparametric"]
    md = runner.invoke(app, [*args, "-f", "md", "-o", str(tmp_path / "r.md")])
    assert md.exit_code == 0, md.output
    text = (tmp_path / "r.md").read_text()
    assert "Friedman" in text and "Average rank" in text
    assert "](r-cd.svg)" in text and (tmp_path / "r-cd.svg").read_text().startswith("<?xml")
    latex = runner.invoke(app, [*args, "-f", "latex", "-o", str(tmp_path / "r.tex")])
    assert latex.exit_code == 0, latex.output
    tex = (tmp_path / "r.tex").read_text()
    assert "\\includegraphics[width=\\linewidth]{r-cd.pdf}" in tex and "booktabs" in tex
    assert (tmp_path / "r-cd.pdf").read_bytes().startswith(b"%PDF")
    assert "\\usepackage{booktabs}" in tex.split("\n", 1)[0]  # stated at the top
    # The parametric branch tests with repeated-measures ANOVA: no CD diagram.
    anova = runner.invoke(app, ["report", db, "--procedure", "parametric", "-f", "md"])
    assert anova.exit_code == 0 and "ANOVA" in anova.output
    bad = runner.invoke(app, ["report", db, "--procedure", "bayes"])
    assert bad.exit_code == 2 and "--procedure must be" in bad.output


def test_latex_report_compiles_with_the_packages_it_states(tmp_path, compile_latex):
    config = tmp_path / "three.toml"
    config.write_text(
        textwrap.dedent(CONFIG).replace(
            '"iris", "heart-statlog"', '"iris", "heart-statlog", "vote", "glass", "breast-cancer"'
        )
        + '\n[[methods]]\nlabel = "Naïve κ-Majority → 1"\n'
        + 'estimator = "sklearn.dummy:DummyClassifier"\n'
    )
    results = tmp_path / "out"
    ran = runner.invoke(app, ["run", str(config), "--results", str(results), "-j", "1"])
    assert ran.exit_code == 0, ran.output
    for procedure in ("nonparametric", "parametric"):
        out = tmp_path / procedure
        out.mkdir()
        args = ["report", str(results / "results.db"), "-f", "latex", "--procedure", procedure]
        written = runner.invoke(app, [*args, "-o", str(out / "r.tex")])
        assert written.exit_code == 0, written.output
        tex = (out / "r.tex").read_text(encoding="utf-8")
        assert "χ" not in tex and "κ" not in tex and "→" not in tex
        assert compile_latex(tex, out).stat().st_size > 1000
