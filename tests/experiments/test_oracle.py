"""The Table III reproduction of paper 001 (``ensemble-lab reproduce oracle``)."""

import math

import numpy as np
import pandas as pd
import pytest

from ensemble_lab import methods
from ensemble_lab.datasets import manifest, packaged_names
from ensemble_lab.evaluation import load_predictions, load_results, stats
from ensemble_lab.experiments import Part, RunContext, oracle, reproduction, reproduction_names
from ensemble_lab.experiments.oracle import analysis, configs, page
from ensemble_lab.methods._reframe import FrameRestorer
from ensemble_lab.reporting.claims import read_ledger


def test_registered_as_a_reproduction():
    assert "oracle" in reproduction_names()
    assert isinstance(reproduction("oracle"), oracle.OracleReproduction)
    assert isinstance(reproduction("oracle-2d"), oracle.Oracle2DReproduction)


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


def test_every_table_i_dataset_is_in_the_collection():
    from ensemble_lab.datasets._registry import _spec

    names = oracle.dataset_names()
    assert len(names) == len(set(names)) == 35
    files = {ours: _spec(ours).file or ours for ours in oracle.PAPER_DATASETS.values()}
    for paper, ours in oracle.PAPER_DATASETS.items():
        assert files[ours] in packaged_names(), (paper, ours)
        # where the registry knows the paper's name as an alias, it means the same file
        resolved = _spec(paper).name
        assert resolved in {ours, paper}, (paper, resolved)
    sizes = manifest()["instances"]
    for paper, ours in oracle.PAPER_DATASETS.items():
        assert sizes[files[ours]] == oracle.PAPER_SIZES[paper], paper


def test_zoo_keeps_the_animal_s_name_as_table_i_counts_it(arff_dir):
    from ensemble_lab.datasets import load
    from ensemble_lab.experiments.oracle.paper import PAPER_ZOO_DISCRETE

    assert oracle.ZOO == "zoo-named" and oracle.ZOO in oracle.readings_config().datasets
    X, _ = load(oracle.ZOO, data_dir=arff_dir)
    # Table I: 16 discrete attributes (15 booleans and the name) and 1 continuous (legs)
    assert X.shape == (101, PAPER_ZOO_DISCRETE + 1)
    assert "animal" in X.columns


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


def _quick_run(out_dir):
    """``reproduce oracle --quick`` into ``out_dir``: the page's path."""
    return reproduction("oracle").run(RunContext(out_dir, quick=True))


def datasets_free_learner():
    from ensemble_lab.learners import make_learner

    return make_learner("j48")


def test_quick_run_writes_page_with_paper_and_our_numbers(tmp_path):
    page = _quick_run(tmp_path)
    text = page.read_text()
    # the paper's numbers (transcribed) and ours side by side
    assert "15.40" in text and "• 26-2-7" in text and "28.63" in text
    results = load_results(tmp_path / "oracle.db", "oracle")
    assert set(results["dataset"]) == set(configs.QUICK_DATASETS)
    # one 2-fold cross-validation: two tasks per dataset and method
    assert len(results) == 2 * len(configs.QUICK_DATASETS) * len(configs.QUICK_METHODS)
    means = results.groupby(["dataset", "method"])["accuracy"].mean().unstack()
    ranks = means.rank(axis=1, ascending=False).mean()
    assert f"{ranks['H-P-Bagging']:.2f}" in text
    assert "Friedman test" in text and "Nemenyi critical difference" in text
    assert "The run is complete" in text
    for png in ("oracle-cd.png", "oracle-kappa-iris.png"):
        assert (tmp_path / png).stat().st_size > 1000
        assert f"]({png})" in text
    assert math.isfinite(float(text.split("Spearman")[1].split("**")[1]))
    # the ledger is on the page and gathered into the summary
    assert "## Claims ledger" in text
    summary = (tmp_path / "README.md").read_text()
    assert "(oracle.md)" in summary and "With no exception" in summary


def test_a_partial_run_is_reported_over_the_finished_datasets_only(tmp_path):
    """Tasks of an unfinished dataset are stored but never enter the ranks."""
    _quick_run(tmp_path)
    results = load_results(tmp_path / "oracle.db", "oracle")
    cfg, kcfg = oracle.config(quick=True), oracle.kappa_config(quick=True)
    last = cfg.datasets[-1]
    partial = results[~((results["dataset"] == last) & (results["fold"] == 1))]
    complete, missing = analysis.complete_results(partial, cfg)
    assert missing == [last] and last not in set(complete["dataset"])
    predictions = load_predictions(tmp_path / "oracle.db", configs.KAPPA_NAME)
    f = page.findings_from(cfg, kcfg, partial, predictions, quick=True)
    text = reproduction("oracle").write_report(f, tmp_path).read_text()
    assert f"{len(partial)} of {len(results)} tasks are stored" in text
    assert "over the 2 datasets on which all" in text and f"largest: {last}." in text
    means = complete.groupby(["dataset", "method"])["accuracy"].mean().unstack()
    ranks = means.rank(axis=1, ascending=False).mean()
    assert f"{ranks['H-P-Bagging']:.2f}" in text
    ledger = read_ledger(tmp_path / "oracle-claims.json")[2]
    # five of the 40 methods: no claim can be tested, and the ledger says why
    assert {c.verdict for c in ledger} == {"not run"}
    assert ledger[0].ours == "only 2 of 19 ensembles run"
    # with fewer than two finished datasets there is nothing to rank: every claim not run
    one = partial[partial["dataset"] == cfg.datasets[0]]
    f = page.findings_from(cfg, kcfg, one, predictions, quick=True)
    assert f.ranks is None
    text = reproduction("oracle").write_report(f, tmp_path).read_text()
    assert "No ranks yet" in text and "**holds**" not in text
    assert text.count("**not run**") == 7 + 1 + 5  # Section V's, its cost claim, Section VI's
    assert "Not run: `--quick` does not run it." in text


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


def test_config_is_table_iii_at_the_papers_protocol():
    from ensemble_lab.evaluation import RepeatedCV

    cfg = oracle.config()
    assert oracle.paper_parts() == [Part(cfg, "oracle")]  # into the store of Table III
    assert list(cfg.datasets) == oracle.dataset_names()
    assert sorted(cfg.datasets) == sorted(oracle.PAPER_DATASETS.values())
    sizes = [oracle.PAPER_SIZES[p] for p in oracle.PAPER_DATASETS]
    by_name = dict(zip(oracle.PAPER_DATASETS.values(), sizes, strict=True))
    assert [by_name[d] for d in cfg.datasets] == sorted(sizes)  # smallest first
    assert [m.name for m in cfg.methods] == list(oracle.METHODS) and len(cfg.methods) == 40
    assert all(not m.params for m in cfg.methods)  # the registered 10-member ensembles
    assert cfg.protocol == RepeatedCV(n_folds=10, n_repetitions=10)
    # the committed store's experiment: changing the config would orphan its results
    assert cfg.name == "oracle-paper"


def _paper_side():
    from ensemble_lab.experiments.oracle.sides import parse_wtl

    ranks = {m: r for m, (r, _) in oracle.PAPER_TABLE_III.items()}
    wtl = {m: parse_wtl(c) for m, (_, c) in oracle.PAPER_TABLE_III.items() if c and c != "N/A"}
    return ranks, wtl


def test_the_papers_own_table_passes_the_tests_of_its_conclusions():
    """Fed the paper's Table III as our numbers, each test gives the verdict its wording
    implies on the paper's own data (claim 7 is the paper's own exception)."""
    from ensemble_lab.experiments.oracle.claims import oracle_claims

    ranks, wtl = _paper_side()
    claims = {c.key: c for c in oracle_claims(oracle.PAPER_TABLE_III, ranks, wtl)}
    for key in (
        "rank-better-with-oracle",
        "sign-test",
        "only-rotation-forest-loses",
        "oracle-alone-is-weak",
        "bagging-and-subspace-benefit-most",
        "boosting-benefits-less",
    ):
        assert claims[key].verdict == "holds", key
        if key != "sign-test":  # ours names the significant ensembles
            assert claims[key].ours == claims[key].paper, key
    assert claims["sign-test"].ours.startswith("10 better (P-Bagging, ")
    assert ", 0 worse (n_c = 24 of 35)" in claims["sign-test"].ours
    # claim 7 compares accuracies, which Table III does not give; its ranks show every
    # unpruned version gaining more rank than its pruned one, a pattern after all
    assert claims["no-pruning-pattern"].verdict == "not run"
    assert "0, equal 0, smaller 9 of 9 (sign test n_c = 8: significant" in (
        claims["no-pruning-pattern"].paper
    )
    assert "medical-data" not in claims  # Section VI: oracle.medical


def _means_with_gains(pruned, unpruned):
    """Per-dataset accuracies of the 40 methods, the oracle gaining ``pruned`` points
    (one per dataset) with pruned trees and ``unpruned`` with unpruned ones."""
    rng = np.random.default_rng(0)
    n = len(pruned)
    base = {m: rng.uniform(0.6, 0.9, n) for m in oracle.METHODS if not m.startswith("H-")}
    means = dict(base)
    for m in oracle.METHODS:
        if m.startswith("H-"):
            n_version = "N-" + m[2:]
            gain = np.asarray(pruned if m.startswith("H-P-") else unpruned) / 100
            means[m] = base[n_version] + gain if n_version in base else rng.uniform(0.6, 0.9, n)
    return pd.DataFrame(means)


@pytest.mark.parametrize(
    ("spread", "shift", "expected"),
    [(0.2, 0.0, "holds"), (6.0, 0.0, "does not hold"), (0.2, 3.0, "does not hold")],
)
def test_no_pruning_pattern_is_an_equivalence_test_that_can_fail(spread, shift, expected):
    """Claim 7 holds only when the interval of the pruned − unpruned gain fits ±1 point:
    a wide spread over 35 datasets, or a clear shift, fails it."""
    from ensemble_lab.experiments.oracle.claims import oracle_claims
    from ensemble_lab.experiments.oracle.readings import Evidence

    rng = np.random.default_rng(1)
    unpruned = rng.normal(0.5, 1.0, 35)
    pruned = unpruned + shift + rng.normal(0.0, spread, 35)
    ranks, wtl = _paper_side()
    evidence = Evidence(means=_means_with_gains(pruned, unpruned))
    claim = {c.key: c for c in oracle_claims(oracle.PAPER_TABLE_III, ranks, wtl, evidence)}[
        "no-pruning-pattern"
    ]
    assert claim.verdict == expected
    diff = pruned - unpruned
    r = stats.paired_equivalence(pruned, unpruned, 1.0)
    assert f"pruned − unpruned gain {diff.mean():+.2f} points" in claim.ours
    assert f"(±{r.half_width:.2f})" in claim.ours and "35 datasets" in claim.ours
    if expected == "does not hold":
        assert claim.checked  # what the interval says, and why the verdict
    if shift:
        assert "it excludes zero, a pattern: the pruned trees gain more" in claim.checked


def test_claims_fail_when_the_oracle_does_not_help():
    """Swap H- and N- ranks: the oracle now hurts every ensemble."""
    from ensemble_lab.experiments.oracle.claims import oracle_claims

    ranks, wtl = _paper_side()
    swapped = {}
    for m, r in ranks.items():
        other = ("N-" if m.startswith("H-") else "H-") + m[2:]
        swapped[m] = ranks.get(other, r)
    losing = {m: (lo, t, w) for m, (w, t, lo) in wtl.items()}
    claims = {c.key: c for c in oracle_claims(oracle.PAPER_TABLE_III, swapped, losing)}
    assert claims["rank-better-with-oracle"].verdict == "does not hold"
    assert claims["rank-better-with-oracle"].ours.startswith("0 of 19")
    assert claims["sign-test"].verdict == "does not hold"
    assert claims["only-rotation-forest-loses"].verdict == "does not hold"


# --------------------------------------------------------------------------- Table V
def test_readings_config_reruns_the_reweighting_hosts_with_uniform_points():
    from ensemble_lab.evaluation import RepeatedCV

    cfg = oracle.readings_config()
    assert cfg.name == "oracle-readings"  # the committed store's experiment
    assert cfg.protocol == RepeatedCV(n_folds=10, n_repetitions=10) and cfg.seed == oracle.SEED
    assert list(cfg.datasets) == [
        d for d in oracle.dataset_names() if d not in ("letter", "waveform-5000")
    ]
    assert sorted(m.name for m in cfg.methods) == sorted(
        m for m in oracle.METHODS if m.startswith("H-") and m.endswith("(W)")
    )
    for spec in cfg.methods:
        assert spec.label == spec.name + " uniform"
        assert spec.build(0).estimator.point_draw == "uniform"
    # Table III's: the points drawn by weight
    assert oracle.config().methods[0].build(0).estimator.point_draw == "weight"


def test_transcribed_table_v_names_every_method_once_with_19_patterns():
    assert sorted(oracle.PAPER_TABLE_V) == sorted(oracle.PAPER_TABLE_III)
    ranks = [rank for rank, _ in oracle.PAPER_TABLE_V.values()]
    assert ranks == sorted(ranks)  # sorted by average rank, as Table V
    assert np.mean(ranks) == pytest.approx(20.5, abs=0.05)
    cells = {m: c for m, (_, c) in oracle.PAPER_TABLE_V.items() if c and c != "–"}
    assert len(cells) == 19 and all(m.startswith("H-") for m in cells)
    assert all(sum(int(v) for v in c.split("-")) == 7 for c in cells.values())


def test_medical_config_runs_table_iv_at_the_papers_protocol():
    cfg = oracle.medical_config()
    sizes = manifest("medical")["instances"]
    assert cfg.name == "oracle-medical"  # the committed store's experiment
    assert sorted(cfg.datasets) == sorted(ours for ours, _ in oracle.PAPER_TABLE_IV.values())
    for paper, (ours, n) in oracle.PAPER_TABLE_IV.items():
        assert sizes[ours] == n, paper  # every count of Table IV matches
    assert [sizes[d] for d in cfg.datasets] == sorted(sizes[d] for d in cfg.datasets)
    assert [m.name for m in cfg.methods] == list(oracle.METHODS)
    assert cfg.protocol == oracle.config().protocol and cfg.seed == oracle.config().seed


def _paper_v():
    from ensemble_lab.experiments.oracle.medical import friedman_from_ranks, paper_patterns

    ranks = {m: r for m, (r, _) in oracle.PAPER_TABLE_V.items()}
    uci = {m: r for m, (r, _) in oracle.PAPER_TABLE_III.items()}
    return ranks, paper_patterns(oracle.PAPER_TABLE_V), friedman_from_ranks(ranks, 7), uci


def test_the_papers_table_v_passes_the_tests_of_section_vi():
    from ensemble_lab.experiments.oracle.medical import medical_claims

    ranks, wtl, friedman, uci = _paper_v()
    tables = (oracle.PAPER_TABLE_V, oracle.PAPER_TABLE_III)
    claims = {c.key: c for c in medical_claims(*tables, ranks, wtl, friedman, uci)}
    for key in (
        "medical-data",
        "medical-friedman",
        "medical-most-better",
        "medical-benefit-larger",
    ):
        assert claims[key].verdict == "holds", key
        assert claims[key].ours == claims[key].paper, key
    assert claims["medical-data"].paper.startswith("17 of 19 (not: P-AdaBoostM1 (W), P-Decorate)")
    assert claims["medical-most-better"].paper == "15 of 19"  # 3-0-4 three times, 3-1-3 once
    assert claims["medical-benefit-larger"].paper == "14 of 19"
    # 6-0-1 reaches n_c at 0.1 only by the normal approximation (exact p = 0.125)
    assert claims["medical-sign-patterns"].verdict == "partly"
    assert "exact p = 0.125" in claims["medical-sign-patterns"].paper
    assert "3 × 7-0-0, 6 × 6-0-1" in claims["medical-sign-patterns"].paper


def test_section_vi_claims_fail_when_the_oracle_does_not_help():
    from ensemble_lab.experiments.oracle.medical import medical_claims

    ranks, wtl, _, uci = _paper_v()
    swapped = {m: ranks[("N-" if m.startswith("H-") else "H-") + m[2:]] for m in ranks
               if not m.endswith("Ensemble")}  # fmt: skip
    swapped |= {m: ranks[m] for m in ranks if m.endswith("Ensemble")}
    losing = {m: (lo, t, w) for m, (w, t, lo) in wtl.items()}
    flat = dict.fromkeys(ranks, 20.5)  # every method tied: Friedman's chi2 = 0
    tables = (oracle.PAPER_TABLE_V, oracle.PAPER_TABLE_III)
    claims = {c.key: c for c in medical_claims(*tables, swapped, losing, (0.0, 1.0), uci)}
    assert claims["medical-data"].verdict == "does not hold"
    assert claims["medical-friedman"].verdict == "does not hold"
    assert claims["medical-most-better"].verdict == "does not hold"
    assert claims["medical-benefit-larger"].verdict == "does not hold"
    claims = {c.key: c for c in medical_claims(*tables, flat, wtl, (0.0, 1.0), None)}
    assert claims["medical-benefit-larger"].verdict == "not run"


def _synthetic_medical(seed=0):
    """Results of every method on every fold of the medical data sets, made up."""
    cfg = oracle.medical_config()
    rng = np.random.default_rng(seed)
    rows = [
        {"dataset": d, "method": m.label, "repetition": r, "fold": k, "n_train": 9, "n_test": 1,
         "accuracy": rng.random(), "fit_cpu": 0.01, "predict_cpu": 0.0}
        for d in cfg.datasets for m in cfg.methods for r in range(10) for k in range(10)
    ]  # fmt: skip
    return pd.DataFrame(rows)


def test_table_v_section_shows_ranks_patterns_and_claims_from_the_store(tmp_path):
    results = _synthetic_medical()
    table, claims = oracle.table_v(results, None)
    means = results.groupby(["dataset", "method"])["accuracy"].mean().unstack()
    ranks = means.rank(axis=1, ascending=False).mean()
    assert table.n_datasets == 7 and not table.missing
    assert table.friedman.chi2 == pytest.approx(stats.friedman(means).chi2)
    best = ranks.idxmin()
    row = table.comparison.iloc[0]
    assert row["Method"] == best and row["ours: rank"] == pytest.approx(ranks[best])
    h, n = means["H-P-Bagging"], means["N-P-Bagging"]
    wdl = f"{int((h > n).sum())}-{int((h == n).sum())}-{int((h < n).sum())}"
    patterns = table.patterns.set_index("ensemble (H- vs N-)")
    assert patterns.loc["P-Bagging", "ours: W-D-L"] == wdl
    assert claims[0].key == "medical-data"
    assert claims[-1].verdict == "not run"  # no Table III ranks given
    # the same results, one data set short: the page says so and scopes every verdict
    last = oracle.medical_config().datasets[-1]
    partial = results[~((results["dataset"] == last) & (results["fold"] == 3))]
    table, claims = oracle.table_v(partial, None)
    assert table.missing == (last,) and table.n_datasets == 6
    assert claims[0].ours.startswith("on 6 of 7 medical data sets (run unfinished): ")


def test_page_says_table_v_was_not_run_without_its_store(tmp_path):
    _quick_run(tmp_path)
    cfg, kcfg = oracle.config(quick=True), oracle.kappa_config(quick=True)
    results = load_results(tmp_path / "oracle.db", "oracle")
    predictions = load_predictions(tmp_path / "oracle.db", configs.KAPPA_NAME)
    f = page.findings_from(cfg, kcfg, results, predictions)
    text = reproduction("oracle").write_report(f, tmp_path).read_text()
    assert "Not run: `oracle-medical.db` is not in the results directory" in text
    ledger = {c.key: c for c in read_ledger(tmp_path / "oracle-claims.json")[2]}
    assert ledger["medical-data"].verdict == "not run"
    assert "no oracle-medical.db" in ledger["medical-data"].ours
    # with the medical results the section and its claims are there
    f = page.findings_from(cfg, kcfg, results, predictions, medical=_synthetic_medical())
    text = reproduction("oracle").write_report(f, tmp_path).read_text()
    assert "### Average ranks, the paper's beside ours" in text
    assert "The run is complete: all 7 data sets" in text


def test_uniform_reading_pairs_the_uniform_run_with_the_stored_folds():
    from ensemble_lab.experiments.oracle.readings import uniform_reading

    def frame(rows):
        return pd.DataFrame(rows, columns=["dataset", "method", "repetition", "fold", "accuracy"])

    h, n = "H-P-AdaBoostM1 (W)", "N-P-AdaBoostM1 (W)"
    stored = frame(
        [(d, m, 0, f, a) for d in ("a", "b", "c") for f in (0, 1)
         for m, a in ((h, 0.7), (n, 0.8), ("H-P-Bagging", 0.9), ("N-P-Bagging", 0.6))]
    )  # fmt: skip
    # the uniform run beats N- on two finished datasets; "c" is unfinished (one fold)
    uniform = frame(
        [(d, h + " uniform", 0, f, 0.85) for d in ("a", "b") for f in (0, 1)]
        + [("c", h + " uniform", 0, 0, 0.1)]
    )
    table, n_datasets, helped = uniform_reading(uniform, stored, " uniform")
    assert n_datasets == 2
    row = table.loc["P-AdaBoostM1 (W)"]
    assert row["by weight: W-T-L"] == "0-0-2" and row["uniform: W-T-L"] == "2-0-0"
    assert row["uniform vs by weight: W-T-L"] == "2-0-0"
    assert row["uniform: gain (points)"] == pytest.approx(5.0)
    # ranks among the four methods: by weight H- is third and N- second, uniformly H- second
    assert row["by weight: rank gain"] == pytest.approx(-1.0)
    assert row["uniform: rank gain"] == pytest.approx(1.0)
    assert helped == (1, 2, 2)  # Bagging either way; AdaBoost only uniformly
