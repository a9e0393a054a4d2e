"""The Table III reproduction of paper 001 (``ensemble-lab reproduce oracle``)."""

import math

import numpy as np
import pandas as pd
import pytest

from ensemble_lab import datasets, methods
from ensemble_lab.evaluation import load_results, stats
from ensemble_lab.experiments import oracle, reproduction, reproduction_names
from ensemble_lab.methods._reframe import FrameRestorer


def test_registered_as_a_reproduction():
    assert "oracle" in reproduction_names()
    assert reproduction("oracle") is oracle


def test_transcribed_table_names_every_registered_method_once():
    assert sorted(oracle.PAPER_TABLE_III) == sorted(methods.names(paper="001"))
    ranks = [rank for rank, _ in oracle.PAPER_TABLE_III.values()]
    assert ranks == sorted(ranks)  # the paper sorts Table III by total rank
    # 40 methods ranked on each dataset: the average rank of all of them is 20.5
    assert np.mean(ranks) == pytest.approx(20.5, abs=0.05)


def test_transcribed_bullets_follow_the_papers_sign_test():
    """A bullet exactly where wins + ties/2 >= n_c = 24 for 35 datasets (Section V)."""
    pairs = {m: w for m, (_, w) in oracle.PAPER_TABLE_III.items() if w and w != "N/A"}
    assert len(pairs) == 19 and all(m.startswith("H-") for m in pairs)
    for method, cell in pairs.items():
        w, t, lo = (int(v) for v in cell.lstrip("• ").split("-"))
        assert w + t + lo == 35, method
        assert stats.sign_test(w, t, lo).better == cell.startswith("•"), method
        assert (w + t / 2 >= 24) == cell.startswith("•"), method


def test_paper_benefit_recomputes_the_rank_gains():
    benefit = oracle.paper_benefit()
    assert len(benefit) == 19
    assert benefit["P-Bagging"] == pytest.approx(26.96 - 20.36)
    # "With no exception" the oracle version ranks better
    assert (benefit > 0).all()
    assert benefit.idxmax() == "U-Rand. Subs. (75%)"


def test_stratified_subsample_keeps_class_shares():
    y = np.array(["a"] * 700 + ["b"] * 290 + ["c"] * 10 + ["d"] * 1)
    rows = oracle.stratified_subsample(y, 100, seed=3)
    counts = pd.Series(y[rows]).value_counts().to_dict()
    assert counts == {"a": 70, "b": 29, "c": 1, "d": 1}
    assert np.all(np.diff(rows) > 0)
    assert np.array_equal(rows, oracle.stratified_subsample(y, 100, seed=3))
    assert np.array_equal(oracle.stratified_subsample(y, 5000), np.arange(y.size))


def test_every_table_i_dataset_is_in_the_collection(shared_data_dir):
    from ensemble_lab.datasets._registry import _spec

    names = oracle.dataset_names()
    assert len(names) == len(set(names)) == 35
    for paper, ours in oracle.PAPER_DATASETS.items():
        assert (shared_data_dir / f"{ours}.arff").is_file(), (paper, ours)
        # where the registry knows the paper's name as an alias, it means the same file
        resolved = _spec(paper).name
        assert resolved in {ours, paper}, (paper, resolved)
    sizes = pd.read_csv(shared_data_dir / "MANIFEST.csv").set_index("name")["instances"]
    for paper, ours in oracle.PAPER_DATASETS.items():
        assert sizes[ours] == oracle.PAPER_SIZES[paper], paper


def test_subsampled_loader_caps_the_large_datasets(shared_data_dir):
    load = oracle._loader(shared_data_dir)
    _, y = load(oracle.subsample_name("segment"))
    assert abs(len(y) - oracle.MAX_INSTANCES) <= 7  # one rounding per class
    full = datasets.load("segment", data_dir=shared_data_dir)[1]
    shares = y.value_counts(normalize=True).sort_index()
    np.testing.assert_allclose(shares, full.value_counts(normalize=True).sort_index(), atol=0.01)


def test_frame_restorer_maps_values_like_the_pandas_reference():
    """The vectorised restore equals a per-value pandas construction (and unseen → NaN)."""
    train = np.array(
        [["a", 1.5, 3], ["b", np.nan, "x"], [np.nan, 2.0, 3], ["a", 0.5, "x"]], dtype=object
    )
    test = np.array([["b", 1.0, 3], ["z", 2.0, "y"], [np.nan, np.nan, "x"]], dtype=object)
    fr = FrameRestorer(datasets_free_learner()).fit(train, ["p", "q", "p", "q"])
    assert [c is None for c in fr.categories_] == [False, True, False]
    assert list(fr.categories_[2]) == ["3", "x"]
    got = fr._restore(test)
    assert list(got.columns) == ["x0", "x1", "x2"]
    for j in (0, 2):
        expected = [
            str(v) if not pd.isna(v) and str(v) in fr.categories_[j] else np.nan for v in test[:, j]
        ]
        assert got.iloc[:, j].dtype == "category"
        assert [v if isinstance(v, str) else np.nan for v in got.iloc[:, j]] == pytest.approx(
            expected, nan_ok=True
        )
    np.testing.assert_array_equal(got["x1"].to_numpy(), [1.0, 2.0, np.nan])


def datasets_free_learner():
    from ensemble_lab.learners import make_learner

    return make_learner("j48")


def test_quick_run_writes_page_with_paper_and_our_numbers(tmp_path):
    page = oracle.run(tmp_path, quick=True)
    text = page.read_text()
    # the paper's numbers (transcribed) and ours side by side
    assert "15.40" in text and "• 26-2-7" in text and "28.63" in text
    results = load_results(tmp_path / "oracle.db", "oracle")
    assert set(results["dataset"]) == set(oracle._QUICK_DATASETS)
    # one half split: one task per dataset and method, tested on half of the data
    assert len(results) == len(oracle._QUICK_DATASETS) * len(oracle._QUICK_METHODS)
    assert (results["n_test"] - results["n_train"]).abs().max() <= 3
    means = results.groupby(["dataset", "method"])["accuracy"].mean().unstack()
    ranks = means.rank(axis=1, ascending=False).mean()
    assert f"{ranks['H-P-Bagging']:.2f}" in text
    assert "Friedman test" in text and "Nemenyi critical difference" in text
    for png in ("oracle-cd.png", "oracle-kappa-iris.png"):
        assert (tmp_path / png).stat().st_size > 1000
        assert f"]({png})" in text
    assert math.isfinite(float(text.split("Spearman")[1].split("**")[1]))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_oracle_category_code_space_equals_mixed_encoder(seed):
    """The oracle's fast space for category frames is MixedEncoder(scale="minmax")'s matrix."""
    from ensemble_lab.learners import MixedEncoder
    from ensemble_lab.methods._oracle import _CategoryCodesSpace

    rng = np.random.default_rng(seed)
    n = 40
    declared = ["b", "a", "c", "unused", "10", "9"]
    frame = pd.DataFrame(
        {
            "num": np.where(rng.random(n) < 0.2, np.nan, rng.normal(size=n)),
            # ties for the mode are likely with 6 categories on 40 rows
            "cat": pd.Categorical(rng.choice(["b", "a", "c", "10", "9", None], n), declared),
            "const": rng.normal(size=n).round(0) * 0 + 3.0,
            "empty": pd.Categorical([None] * n, categories=["q", "p"]),
            "ints": pd.Categorical(rng.choice([3, 1, 2], n)),
        }
    )
    space = _CategoryCodesSpace().fit(frame.iloc[:30])
    reference = MixedEncoder(scale="minmax").fit(frame.iloc[:30])
    np.testing.assert_allclose(space.transform(frame), reference.transform(frame))
    assert space.n_features_out_ == reference.n_features_out_
    # a test frame whose category column declares other categories: matched by value
    other = frame.iloc[30:].copy()
    other["cat"] = pd.Categorical(other["cat"].astype(object).fillna("new"))
    np.testing.assert_allclose(space.transform(other), reference.transform(other))


def test_paper_config_is_table_iii_at_the_papers_protocol():
    from ensemble_lab.evaluation import RepeatedCV
    from ensemble_lab.experiments import oracle

    cfg = oracle.paper_config()
    assert len(cfg.datasets) == len(set(cfg.datasets)) == 35
    assert not any(name.endswith(f"-{oracle.MAX_INSTANCES}") for name in cfg.datasets)
    assert [m.name for m in cfg.methods] == list(oracle.METHODS) and len(cfg.methods) == 40
    assert cfg.protocol == RepeatedCV(n_folds=10, n_repetitions=10)
    assert cfg.name != oracle.config().name  # its own store, never mixed with the scaled run
