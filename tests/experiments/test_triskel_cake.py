"""The layered-cake page of the Triskel paper (``ensemble-lab reproduce triskel-cake``)."""

from pathlib import Path

import numpy as np

from ensemble_lab.datasets import make_layered_cake
from ensemble_lab.experiments import reproduction, triskel_cake
from ensemble_lab.learners import make_learner
from ensemble_lab.methods import Oversample, TriskelClassifier

RESULTS = Path(__file__).resolve().parents[2] / "experiments" / "results"


def test_one_cake_against_direct_fits():
    run = triskel_cake.run_cake(0, biases=np.array([0.0, 0.4]))
    X, y = make_layered_cake(400, random_state=0)
    assert run.svm == make_learner("smo").fit(X, y).score(X, y)
    direct = TriskelClassifier(make_learner("smo"), 1, bias=Oversample((0.4, 0.0)), random_state=0)
    assert run.asymmetric.loc[0.4, 0.0] == direct.fit(X, y).score(X, y)
    assert run.triskel_strong == run.symmetric[0.4] == run.asymmetric.loc[0.4, 0.4]
    # the best asymmetric pair can only match or beat the best symmetric one
    assert run.best_asymmetric()[2] >= run.best_symmetric()[1]


def test_quick_page_has_figure_and_ledger(tmp_path):
    assert reproduction("triskel-cake") is triskel_cake
    text = triskel_cake.run(tmp_path, quick=True).read_text()
    assert "## Claims ledger" in text and text.count("| **") == 6
    assert (tmp_path / "triskel-cake.png").stat().st_size > 10_000
    assert (tmp_path / "triskel-cake-claims.json").is_file()


def test_committed_page_is_what_the_code_computes(tmp_path):
    """The page has no store: rerun it whole and compare it line by line."""
    written = triskel_cake.run(tmp_path).read_text().splitlines()
    committed = (RESULTS / "triskel-cake.md").read_text().splitlines()
    for number, (ours, theirs) in enumerate(zip(written, committed), start=1):
        assert ours == theirs, f"triskel-cake.md line {number} differs from a fresh run"
    assert len(written) == len(committed)
    ledger = "triskel-cake-claims.json"
    assert (tmp_path / ledger).read_text() == (RESULTS / ledger).read_text()
