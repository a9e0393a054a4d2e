"""The layered-cake page of the Triskel paper (``ensemble-lab reproduce triskel-cake``)."""

import numpy as np

from ensemble_lab.datasets import make_layered_cake
from ensemble_lab.experiments import RunContext, reproduction
from ensemble_lab.experiments.triskel import TriskelCakeReproduction
from ensemble_lab.experiments.triskel.cake_runs import run_cake
from ensemble_lab.learners import make_learner
from ensemble_lab.methods import Oversample, TriskelClassifier


def test_one_cake_against_direct_fits():
    run = run_cake(0, biases=np.array([0.0, 0.4]))
    X, y = make_layered_cake(400, random_state=0)
    assert run.svm == make_learner("smo").fit(X, y).score(X, y)
    direct = TriskelClassifier(make_learner("smo"), 1, bias=Oversample((0.4, 0.0)), random_state=0)
    assert run.asymmetric.loc[0.4, 0.0] == direct.fit(X, y).score(X, y)
    assert run.triskel_strong == run.symmetric[0.4] == run.asymmetric.loc[0.4, 0.4]
    # the best asymmetric pair can only match or beat the best symmetric one
    assert run.best_asymmetric()[2] >= run.best_symmetric()[1]


def test_quick_page_has_figure_and_ledger(tmp_path):
    item = reproduction("triskel-cake")
    assert isinstance(item, TriskelCakeReproduction) and not item.keeps_store
    text = item.run(RunContext(tmp_path, quick=True)).read_text()
    assert "## Claims ledger" in text and text.count("| **") == 9
    assert (tmp_path / "triskel-cake.png").stat().st_size > 10_000
    assert (tmp_path / "triskel-cake-rounds.png").stat().st_size > 10_000
    assert (tmp_path / "triskel-cake-claims.json").is_file()
