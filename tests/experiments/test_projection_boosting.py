"""The projection-boosting reproduction (paper 003, Table 1 and Figure 2)."""

import sqlite3

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from ensemble_lab.evaluation import FiveByTwoCV, load_results
from ensemble_lab.experiments import projection_boosting as pb
from ensemble_lab.experiments import reproduction, reproduction_names


def test_quick_run_writes_the_papers_numbers_ours_and_the_figure(tmp_path):
    page = pb.run(tmp_path, quick=True)
    text = page.read_text()
    assert page == tmp_path / "projection-boosting.md"
    assert (tmp_path / "projection-boosting-scatter.png").stat().st_size > 10_000
    # the paper's Table 1, transcribed
    for cell in ("31/14", "30/15", "29/16", "31/13", "0.0650", "0.0405", "0.0007"):
        assert cell in text
    # ours, recomputed here from the store: win/tie/loss and the Wilcoxon p-value
    db = tmp_path / "projection-boosting.db"
    for base in pb.BASES:
        frame = load_results(db, pb.experiment_name(base))
        assert set(frame["dataset"]) == set(pb.QUICK_DATASETS)
        assert set(frame["method"]) == set(pb.METHODS)
        assert (frame["ensemble_size"] <= pb.QUICK_N_ESTIMATORS).all()
        err = 1 - frame.pivot_table(index="dataset", columns="method", values="accuracy")
        for method in pb.PROPOSED:
            w = int((err[method] < err["AdaBoost"]).sum())
            t = int((err[method] == err["AdaBoost"]).sum())
            lo = int((err[method] > err["AdaBoost"]).sum())
            assert f"| {method} | " in text and f"{w}/{t}/{lo}" in text
    # a second call resumes from the store (nothing re-run) and rewrites the same page
    assert pb.run(tmp_path, quick=True).read_text() == text

    # an unfinished run: a dataset with a missing task is left out and named as missing
    with sqlite3.connect(db) as con:
        con.execute(
            "DELETE FROM results WHERE dataset = 'iris' AND method = 'PB-NDA' AND fold = 1"
            " AND experiment_id = (SELECT id FROM experiments WHERE name = ?)",
            (pb.experiment_name("mlp"),),
        )
    partial = pb.write_from_store(tmp_path, quick=True).read_text()
    assert "Neural nets (`mlp`), 1 datasets: heart-statlog. **Not finished** (left out): iris" in (
        partial
    )
    assert "C4.5 (`j48`), 2 datasets: heart-statlog, iris\n" in partial


def test_page_needs_a_store(tmp_path):
    with pytest.raises(FileNotFoundError, match="run the reproduction first"):
        pb.write_from_store(tmp_path)


def test_compare_counts_wins_and_matches_scipy_wilcoxon():
    rng = np.random.default_rng(0)
    ada = rng.uniform(0.05, 0.4, 20)
    pbh = ada + rng.normal(-0.02, 0.03, 20)
    pbh[3] = ada[3]  # one tie
    errors = pd.DataFrame({"AdaBoost": ada, "PB-HDA": pbh})
    out = pb.compare(errors, "PB-HDA")
    assert (out["wins"], out["ties"], out["losses"]) == (
        int(np.sum(pbh < ada)),
        1,
        int(np.sum(pbh > ada)),
    )
    assert out["wins"] + out["ties"] + out["losses"] == out["n"] == 20
    # one zero difference: Demšar drops it (odd count); no ties left, so the exact test
    keep = np.arange(20) != 3
    expected = stats.wilcoxon(pbh[keep], ada[keep], method="exact")
    assert out["p_value"] == pytest.approx(expected.pvalue)
    assert out["mean_difference"] == pytest.approx(np.mean(pbh - ada))


def test_mean_errors_average_the_folds():
    frame = pd.DataFrame(
        {
            "dataset": ["a", "a", "a", "a"],
            "method": ["AdaBoost", "AdaBoost", "PB-NDA", "PB-NDA"],
            "accuracy": [0.9, 0.7, 1.0, 0.8],
        }
    )
    errors = pb.mean_errors(frame)
    assert errors.loc["a", "AdaBoost"] == pytest.approx(0.2)
    assert errors.loc["a", "PB-NDA"] == pytest.approx(0.1)


def test_verdict_follows_wins_and_significance():
    base = {"ties": 0, "n": 30, "mean_difference": 0.0}
    assert pb._verdict({**base, "wins": 20, "losses": 10, "p_value": 0.04}).startswith("holds:")
    assert "direction only" in pb._verdict({**base, "wins": 20, "losses": 10, "p_value": 0.3})
    assert pb._verdict({**base, "wins": 8, "losses": 22, "p_value": 0.01}).startswith("reversed")
    assert "more losses" in pb._verdict({**base, "wins": 12, "losses": 18, "p_value": 0.5})


def test_committed_protocol_is_the_papers_5x2cv_with_the_three_bases():
    assert "projection-boosting" in reproduction_names()
    assert reproduction("projection-boosting") is pb
    cfgs = pb.configs()
    assert [c.name for c in cfgs] == [pb.experiment_name(b) for b in ("j48", "rbf-svm", "mlp")]
    for cfg in cfgs:
        base = cfg.name.removeprefix("projection-boosting-")
        assert isinstance(cfg.protocol, FiveByTwoCV)
        assert cfg.datasets == pb.DATASETS[base]
        assert [m.label for m in cfg.methods] == ["AdaBoost", "PB-HDA", "PB-NDA"]
        assert all(m.base == base and m.params == {"n_estimators": 10} for m in cfg.methods)
        assert cfg.baseline == "AdaBoost"
    for base in pb.BASES:
        assert sorted(pb.DATASETS[base]) == sorted(pb.ALL_DATASETS)  # every dataset
    with pytest.raises(ValueError, match="base must be one of"):
        pb.config(base="smo")


def test_slow_bases_run_every_dataset_smallest_first(shared_data_dir):
    manifest = pd.read_csv(shared_data_dir / "MANIFEST.csv").set_index("name")
    assert set(pb.ALL_DATASETS) == set(manifest.index)
    by_size = manifest.reset_index().sort_values(["instances", "name"])["name"]
    assert pb.BY_SIZE == tuple(by_size)
    assert pb.DATASETS["rbf-svm"] == pb.DATASETS["mlp"] == pb.BY_SIZE


def test_win_loss_split_by_attribute_type():
    errors = pd.DataFrame(
        {"AdaBoost": [0.2, 0.2, 0.2, 0.2], "PB-HDA": [0.1, 0.1, 0.3, 0.3]},
        index=["num1", "num2", "nom1", "nom2"],
    )
    nominal = {"num1": 0, "num2": 0, "nom1": 3, "nom2": 1}
    text = pb._by_attribute_type(errors, "PB-HDA", nominal)
    assert "2/0 on the 2 datasets with only numeric attributes" in text
    assert "0/2 on the 2 datasets with nominal attributes" in text
    assert pb._by_attribute_type(errors, "PB-HDA", {}) == ""
