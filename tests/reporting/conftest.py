import numpy as np
import pandas as pd
import pytest


@pytest.fixture
def small_results() -> pd.DataFrame:
    """Tidy results of four methods on four data sets, ten folds each."""
    rng = np.random.default_rng(0)
    rows = []
    for dataset in ["alpha", "beta", "gamma", "delta"]:
        for method, acc in [
            ("J48", 0.80),
            ("Bagging", 0.83),
            ("H-P-Bagging", 0.86),
            ("N-P-Bagging", 0.82),
        ]:
            for fold in range(10):
                rows.append(
                    {
                        "dataset": dataset,
                        "method": method,
                        "repetition": 0,
                        "fold": fold,
                        "n_train": 90,
                        "n_test": 10,
                        "accuracy": acc + rng.normal(0, 0.03),
                        "fit_cpu": rng.uniform(0.01, 0.1),
                        "fit_wall": 0.1,
                        "predict_cpu": 0.01,
                        "predict_wall": 0.01,
                        "ensemble_size": 10,
                    }
                )
    return pd.DataFrame(rows)


def member_prediction_rows(
    datasets=("alpha", "beta", "gamma", "delta"),
    members=None,
    folds=10,
    n_test=10,
    seed=0,
):
    """Stored predictions (``load_predictions``'s columns) of ensembles with members.

    ``members`` maps a method to its number of members (one per data set, or one for
    all); each member errs on about a fifth of its test rows.
    """
    rng = np.random.default_rng(seed)
    members = members or {"Bagging": 10, "H-P-Bagging": 5}
    rows = []
    for d, dataset in enumerate(datasets):
        for method, count in members.items():
            count = count[d] if isinstance(count, (list, tuple)) else count
            for fold in range(folds):
                y = rng.integers(0, 2, n_test)
                labels = np.where(rng.random((count, n_test)) < 0.2, 1 - y, y)
                for i in range(n_test):
                    rows.append(
                        {"dataset": dataset, "method": method, "repetition": 0, "fold": fold,
                         "test_index": fold * n_test + i, "y_true": y[i],
                         "y_pred": labels[0, i], "members": labels[:, i]}
                    )  # fmt: skip
    return pd.DataFrame(rows)


@pytest.fixture
def member_predictions() -> pd.DataFrame:
    """Members of Bagging (10) and H-P-Bagging (5, but 1 on 'alpha': no pair there)."""
    return member_prediction_rows(members={"Bagging": 10, "H-P-Bagging": [1, 5, 5, 5]})


@pytest.fixture
def make_member_predictions():
    """:func:`member_prediction_rows`, for a test that needs other sizes."""
    return member_prediction_rows
