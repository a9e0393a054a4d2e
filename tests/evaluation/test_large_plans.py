"""Plans: an absurd one is refused at once, a large one starts storing at once, and a
protocol a dataset cannot follow is found before the experiment is registered."""

import time

import numpy as np
import pytest
from sklearn.datasets import load_iris
from sklearn.naive_bayes import GaussianNB

from ensemble_lab.evaluation import (
    ExperimentConfig,
    FiveByTwoCV,
    MethodSpec,
    RandomHalfSplits,
    RepeatedCV,
    ResultsStore,
    StratifiedKFold,
    run_experiment,
)
from ensemble_lab.evaluation import protocols as protocols_module
from ensemble_lab.evaluation.runner import MAX_TASKS

X, Y = load_iris(return_X_y=True)
NB = MethodSpec.from_estimator("nb", GaussianNB())


def _config(protocol, name="plan"):
    return ExperimentConfig(name=name, datasets=("iris",), methods=(NB,), protocol=protocol)


def test_an_absurd_plan_is_refused_at_once_with_its_count_and_the_limit(tmp_path):
    db = tmp_path / "r.db"
    start = time.perf_counter()
    with pytest.raises(ValueError) as caught:
        run_experiment(
            _config(RepeatedCV(n_folds=10, n_repetitions=10**8)), db, data={"iris": (X, Y)}
        )
    assert time.perf_counter() - start < 5  # counted, not listed (listing took minutes)
    message = str(caught.value)
    assert (
        "plans 1,000,000,000 tasks (1 data set(s) × 1 method(s) × 1,000,000,000 splits)" in message
    )
    assert f"more than the {MAX_TASKS:,}" in message
    assert not db.exists()


def test_a_large_plan_stores_its_first_result_before_making_most_splits(tmp_path, monkeypatch):
    made = []
    original = protocols_module._stratified_folds

    def counted(*args):
        made.append(args[-1])  # the repetition
        return original(*args)

    monkeypatch.setattr(protocols_module, "_stratified_folds", counted)
    config = _config(RepeatedCV(n_folds=10, n_repetitions=20_000))  # 200,000 tasks
    at_first = {}

    def progress(p):
        if p.done:
            at_first["repetitions split"] = len(made)
            at_first["total"] = p.total
            raise KeyboardInterrupt  # the run stops cleanly, keeping what it stored

    summary = run_experiment(config, tmp_path / "r.db", data={"iris": (X, Y)}, progress=progress)
    assert summary.interrupted and summary.done == 1
    assert at_first["total"] == 200_000
    assert at_first["repetitions split"] <= 3  # not 20,000 before the first task
    with ResultsStore(tmp_path / "r.db", create=False) as db:
        assert db.experiments()["tasks"].tolist() == [1]


def test_more_folds_than_instances_is_found_before_the_experiment_is_registered(tmp_path):
    db = tmp_path / "r.db"
    data = {"iris": (X, Y)}
    with pytest.raises(ValueError, match="dataset 'iris': cannot make 1000 folds from 150"):
        run_experiment(_config(StratifiedKFold(n_folds=1000)), db, data=data)
    with ResultsStore(db, create=False) as store:
        assert store.experiments().empty
    # so the corrected experiment runs under the same name without overwriting
    assert run_experiment(_config(StratifiedKFold(n_folds=5)), db, data=data).complete


@pytest.mark.parametrize(
    "protocol",
    [RepeatedCV(3, 4), StratifiedKFold(7), FiveByTwoCV(), RandomHalfSplits(6, 0.7)],
    ids=repr,
)
def test_splits_one_at_a_time_are_the_splits_and_their_count(protocol):
    y = np.repeat(["a", "b", "c"], 10)
    lazy, eager = list(protocol.iter_splits(y, seed=3)), protocol.splits(y, seed=3)
    assert lazy == eager
    assert protocol.n_splits() == len(protocol.split_ids()) == len(eager)
