"""Every pair of methods on every data set: the vectorised path equals pair by pair."""

import numpy as np
import pandas as pd
import pytest

from ensemble_lab.evaluation import pairwise


def _results(seed, k=6, datasets=5, splits=10):
    rng = np.random.default_rng(seed)
    rows = []
    for d in range(datasets):
        level = rng.uniform(0.6, 0.9)
        for m in range(k):
            for s in range(splits):
                rows.append(
                    {
                        "dataset": f"d{d}",
                        "method": f"m{m}",
                        "repetition": s // 2,
                        "fold": s % 2,
                        "n_train": 90,
                        "n_test": 10,
                        "accuracy": level + 0.01 * m * rng.uniform() + rng.normal(0, 0.02),
                    }
                )
    return pd.DataFrame(rows)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("test", ["corrected_t", "paired_t"])
def test_all_pairs_at_once_equals_pair_by_pair(seed, test):
    results = _results(seed)
    fast = pairwise.pairwise_tests(results, test=test)
    methods = fast.methods
    k = len(methods)
    higher, significant = np.zeros((k, k), int), np.zeros((k, k), int)
    for _, sub in results.groupby("dataset"):
        wide = sub.pivot(index=["repetition", "fold"], columns="method", values="accuracy")
        sizes = sub.groupby(["repetition", "fold"])[["n_train", "n_test"]].first()
        pairwise._pair_by_pair(wide, sizes, methods, test, 0.05, higher, significant)
    np.testing.assert_array_equal(fast.higher_mean, higher)
    np.testing.assert_array_equal(fast.significant, significant)
    assert fast.significant.sum() > 0


def test_a_missing_split_falls_back_to_the_splits_both_methods_have():
    results = _results(0).iloc[1:]  # one split of m0 on d0 is missing
    tests = pairwise.pairwise_tests(results)
    assert tests.n_datasets == 5 and tests.higher_mean.sum() > 0
