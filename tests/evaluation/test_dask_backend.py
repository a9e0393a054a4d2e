"""The Dask backend on a two-worker LocalCluster (loopback) gives the sequential numbers."""

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.evaluation import (
    DaskBackend,
    ExperimentConfig,
    MethodSpec,
    RepeatedCV,
    load_predictions,
    load_results,
    run_experiment,
)

distributed = pytest.importorskip("distributed")

X, Y = make_classification(
    n_samples=150, n_features=5, n_classes=3, n_informative=3, random_state=2
)
DATA = {"syn": (X, np.array(["x", "y", "z"])[Y])}
CONFIG = ExperimentConfig(
    name="dask",
    datasets=("syn",),
    methods=(
        MethodSpec.from_estimator("tree", DecisionTreeClassifier()),
        MethodSpec.from_estimator("nb", GaussianNB()),
    ),
    protocol=RepeatedCV(n_folds=3, n_repetitions=2),
    record_predictions=True,
)


@pytest.mark.slow
def test_dask_local_cluster_matches_sequential_run(tmp_path):
    cols = ["dataset", "method", "repetition", "fold", "accuracy", "n_train", "n_test"]
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        backend = DaskBackend(client=client)
        summary = run_experiment(CONFIG, tmp_path / "dask.db", data=DATA, backend=backend)
        backend.close()  # leaves the given client open
        assert client.status == "running"
    assert summary.complete and summary.done == 12
    run_experiment(CONFIG, tmp_path / "seq.db", data=DATA)
    dask_rows = load_results(tmp_path / "dask.db")[cols]
    assert dask_rows.equals(load_results(tmp_path / "seq.db")[cols])
    assert load_predictions(tmp_path / "dask.db", "dask").equals(
        load_predictions(tmp_path / "seq.db", "dask")
    )


def test_dask_backend_needs_an_address_or_a_client():
    with pytest.raises(ValueError, match="exactly one of address or client"):
        DaskBackend()
