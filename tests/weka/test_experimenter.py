"""Weka's Experimenter summaries of a stored study: ours against Weka 3.6's own.

A small study is run into a store, exported as Weka's results ARFF (``ensemble-lab
export --format arff``), and analysed by Weka's ``PairedCorrectedTTester`` with ``-s``
(the summary matrix) and ``-r`` (the wins − losses ranking); our tables must say the
same, cell for cell. Skipped, with the reason, where Java or the Weka jar is missing.
"""

import re
import shutil
import subprocess

import numpy as np
import pytest
from typer.testing import CliRunner

from ensemble_lab.cli import app
from ensemble_lab.evaluation import (
    ExperimentConfig,
    MethodSpec,
    RepeatedCV,
    load_results,
    run_experiment,
    weka,
)
from ensemble_lab.reporting.tables import ranking_table, summary_table

pytestmark = pytest.mark.weka

METHODS = ("J48", "NB", "SMO", "N-P-Bagging")
DATASETS = ("iris", "glass", "diabetes", "vote", "breast-cancer")


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    if shutil.which("java") is None or not weka.weka_jar().is_file():
        pytest.skip(f"Weka is not available: {weka.unavailable_reason()}")
    tmp = tmp_path_factory.mktemp("experimenter")
    config = ExperimentConfig(
        name="weka-check",
        datasets=DATASETS,
        methods=tuple(
            MethodSpec(label=m, name=m, params={"n_estimators": 5} if "Bag" in m else {})
            for m in METHODS
        ),
        protocol=RepeatedCV(n_folds=5, n_repetitions=2),
        seed=7,
    )
    assert run_experiment(config, tmp / "r.db", n_jobs=2).complete
    arff = tmp / "r.arff"
    out = CliRunner().invoke(app, ["export", str(tmp / "r.db"), "-o", str(arff)])
    assert out.exit_code == 0, out.output
    return load_results(tmp / "r.db"), arff


def _weka(arff, flag, column):
    command = [
        "java", "-cp", str(weka.weka_jar()), "weka.experiment.PairedCorrectedTTester",
        "-t", str(arff), "-D", "1", "-R", "2", "-F", "3", "-G", "4", "-c", str(column), flag,
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    return done.stdout


def _weka_summary(text):
    """Rows of the matrix: scheme -> [cell text per column]."""
    rows = {}
    for line in text.splitlines():
        match = re.match(r"^(.*)\| \w+ = \(\d+\) (.+)$", line)
        if match:
            rows[match.group(2).strip()] = re.findall(r"-|\d+ \(\d+\)", match.group(1))
    return rows


def _weka_ranking(text):
    """scheme -> (wins − losses, wins, losses)."""
    rows = {}
    for line in text.splitlines():
        match = re.match(r"^\s*(-?\d+)\s+(\d+)\s+(\d+) (.+)$", line)
        if match:
            rows[match.group(4).strip()] = tuple(int(match.group(i)) for i in (1, 2, 3))
    return rows


@pytest.mark.parametrize(("metric", "column"), [("accuracy", 7), ("kappa", 9)])
def test_the_summary_matrix_is_wekas(study, metric, column):
    results, arff = study
    theirs = _weka_summary(_weka(arff, "-s", column))
    ours = summary_table(results, metric=metric).frame
    assert set(theirs) == set(METHODS)
    for method in METHODS:
        assert theirs[method] == list(ours.loc[method]), method
    assert (ours.to_numpy() != "0 (0)").sum() > len(METHODS)  # the check has content


@pytest.mark.parametrize(("metric", "column"), [("accuracy", 7), ("kappa", 9)])
def test_the_wins_losses_ranking_is_wekas(study, metric, column):
    results, arff = study
    theirs = _weka_ranking(_weka(arff, "-r", column))
    ours = ranking_table(results, metric=metric).data["tests"]
    wins = ours.significant.sum(axis=0)
    losses = ours.significant.sum(axis=1)
    expected = zip(ours.methods, wins, losses)
    assert theirs == {m: (int(w - lo), int(w), int(lo)) for m, w, lo in expected}
    assert np.any(wins > 0)
