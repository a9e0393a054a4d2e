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
