"""The oracle's cost claim: its ratios against a direct computation, its verdicts."""

import numpy as np
import pandas as pd
import pytest

from ensemble_lab.experiments import oracle
from ensemble_lab.experiments.oracle.cost import (
    COST_LIMIT,
    cost_claim,
    cost_config,
    cost_table,
)


def _results(fit_ratio: dict[str, float], seed: int = 0) -> pd.DataFrame:
    """Ten folds of two data sets per version; H- fit CPU = ratio × N-'s, fold by fold."""
    rng = np.random.default_rng(seed)
    rows = []
    for host, ratio in fit_ratio.items():
        for dataset, n in (("small", 100), ("large", 5000)):
            for fold in range(10):
                base = rng.uniform(0.5, 2.0)
                for version, factor in (("H", ratio), ("N", 1.0)):
                    rows.append(
                        {
                            "dataset": dataset,
                            "method": f"{version}-{host}",
                            "fold": fold,
                            "fit_cpu": base * factor,
                            "predict_cpu": base / 10,
                            "n_train": n * 9 // 10,
                            "n_test": n // 10,
                            "error": None,
                        }
                    )
    return pd.DataFrame(rows)


def test_ratios_match_a_direct_computation():
    results = _results({"P-Bagging": 1.1, "U-Bagging": 0.9}, seed=3)
    results.loc[0, "fit_cpu"] *= 7  # one fold of H-P-Bagging on 'small' slower
    table = cost_table(results)
    for host in ("P-Bagging", "U-Bagging"):
        h = results[results["method"] == f"H-{host}"]
        n = results[results["method"] == f"N-{host}"]
        assert table.loc[host, "fit"] == pytest.approx(h["fit_cpu"].sum() / n["fit_cpu"].sum())
        per = [
            h.loc[h["dataset"] == d, "fit_cpu"].sum() / n.loc[n["dataset"] == d, "fit_cpu"].sum()
            for d in ("small", "large")
        ]
        assert table.loc[host, "fit_median"] == pytest.approx(np.median(per))
        assert table.loc[host, "faster"] == sum(r < 1 for r in per)
    assert table.loc["U-Bagging", "predict"] == pytest.approx(1.0)


def test_a_data_set_with_a_failed_or_missing_fold_is_left_out():
    results = _results({"P-Bagging": 1.1})
    failed = (results["method"] == "N-P-Bagging") & (results["dataset"] == "small")
    results.loc[failed & (results["fold"] == 0), "error"] = "MemoryError"
    assert cost_table(results).loc["P-Bagging", "n_datasets"] == 1
    results = results[~(failed & (results["fold"] == 1))]
    assert cost_table(results).loc["P-Bagging", "n_datasets"] == 1


@pytest.mark.parametrize(
    ("ratios", "expected"),
    [
        ({"A": 1.0, "B": 0.9, "C": COST_LIMIT}, "holds"),
        ({"A": 1.1, "B": 1.2, "C": 1.2}, "partly"),  # not faster anywhere
        ({"A": 0.9, "B": 1.1, "C": 1.3}, "partly"),
        ({"A": 0.9, "B": 1.3, "C": 1.4}, "does not hold"),
    ],
)
def test_verdicts_follow_the_stated_criterion(ratios, expected):
    claim = cost_claim(_results({f"P-{k}": v for k, v in ratios.items()}))
    assert claim.verdict == expected
    assert bool(claim.checked) == (expected != "holds")
    if claim.checked:
        assert "under 300 instances" in claim.checked and "3000 or more" in claim.checked


def test_the_timing_run_covers_every_host_with_both_versions():
    cfg = cost_config(oracle.dataset_names(), oracle.METHODS, oracle.SEED)
    assert len(cfg.methods) == 38
    assert {m.label[2:] for m in cfg.methods} == {
        m[2:] for m in oracle.METHODS if m.startswith("H-") and not m.endswith("Ensemble")
    }
    assert cfg.protocol.n_repetitions == 1 and cfg.protocol.n_folds == 10
