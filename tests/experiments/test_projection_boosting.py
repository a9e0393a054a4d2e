"""The projection-boosting reproduction (paper 003, Table 1 and Figure 2)."""

import inspect
import sqlite3
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from sklearn.base import BaseEstimator, ClassifierMixin

from ensemble_lab.datasets import load, manifest
from ensemble_lab.evaluation import FiveByTwoCV, derive_seed, load_results
from ensemble_lab.evaluation.store import stored_configs
from ensemble_lab.experiments import RunContext, reproduction, reproduction_names, verify
from ensemble_lab.experiments.projection_boosting import (
    ProjectionBoostingReproduction,
    cells,
    configs,
    methods,
    nonlinear,
    sections,
    timing,
)
from ensemble_lab.experiments.projection_boosting import claims as ledger
from ensemble_lab.experiments.projection_boosting import noise as robustness
from ensemble_lab.experiments.projection_boosting.paper import PAPER_95_CELLS
from ensemble_lab.learners import make_learner
from ensemble_lab.methods import ProjectionBoostingClassifier, make
from ensemble_lab.reporting.claims import read_ledger

PB = reproduction("projection-boosting")

KEYS = [
    "j48-better",
    "mlp-better",
    "rbf-svm-better",
    "significant-at-95",
    "more-points-below",
    "points-below-farther",
    "linear-faster-than-nonlinear",
    "less-sensitive-to-noise",
    "less-affected-by-small-data",
]


def test_quick_run_writes_the_papers_numbers_ours_and_the_figure(tmp_path):
    page = PB.run(RunContext(tmp_path, quick=True))
    text = page.read_text()
    assert page == tmp_path / "projection-boosting.md"
    assert (tmp_path / "projection-boosting-scatter.png").stat().st_size > 10_000
    # the paper's Table 1, transcribed
    for cell in ("31/14", "30/15", "29/16", "31/13", "0.0650", "0.0405", "0.0007"):
        assert cell in text
    # ours, recomputed here from the store: win/tie/loss and the Wilcoxon p-value
    db = tmp_path / "projection-boosting.db"
    for base in configs.BASES:
        frame = load_results(db, configs.experiment_name(base))
        assert set(frame["dataset"]) == set(configs.QUICK_DATASETS)
        assert set(frame["method"]) == set(methods.METHODS)
        assert (frame["ensemble_size"] <= configs.QUICK_N_ESTIMATORS).all()
        err = 1 - frame.pivot_table(index="dataset", columns="method", values="accuracy")
        for method in methods.PROPOSED:
            w = int((err[method] < err["AdaBoost"]).sum())
            t = int((err[method] == err["AdaBoost"]).sum())
            lo = int((err[method] > err["AdaBoost"]).sum())
            assert f"| {method} | " in text and f"{w}/{t}/{lo}" in text
    # claim 7's experiment: the three projection ensembles, their CPU per member on the page
    speed = load_results(db, nonlinear.NAME)
    assert set(speed["method"]) == set(nonlinear.METHODS) and set(speed["dataset"]) == set(
        configs.QUICK_DATASETS
    )
    assert "## Linear against non-linear projections (claim 7)" in text
    per_member = nonlinear.cpu_per_member(speed).round(1)
    for dataset in configs.QUICK_DATASETS:
        row = " | ".join(f"{per_member.loc[dataset, m]:.1f}" for m in nonlinear.METHODS)
        assert f"| {dataset} | {row} | " in text
    # a second call resumes from the store (nothing re-run) and rewrites the same page
    assert PB.run(RunContext(tmp_path, quick=True)).read_text() == text
    # the claims ledger: on the page, stored beside it and in the summary; quick: not run
    assert "## Claims ledger" in text and "| **not run** |" in text
    _, _, ledger = read_ledger(tmp_path / "projection-boosting-claims.json")
    assert [c.key for c in ledger] == KEYS
    assert {c.verdict for c in ledger} == {"not run"}
    assert "projection-boosting.md" in (tmp_path / "README.md").read_text()

    # an unfinished run: a dataset with a missing task is left out and named as missing
    with sqlite3.connect(db) as con:
        con.execute(
            "DELETE FROM results WHERE dataset = 'iris' AND method = 'PB-NDA' AND fold = 1"
            " AND experiment_id = (SELECT id FROM experiments WHERE name = ?)",
            (configs.experiment_name("mlp"),),
        )
    partial = PB.write(RunContext(tmp_path, quick=True)).read_text()
    assert "Neural nets (`mlp`), 1 datasets: heart-statlog. **Not finished** (left out): iris" in (
        partial
    )
    assert "C4.5 (`j48`), 2 datasets: heart-statlog, iris\n" in partial


def test_page_needs_a_store(tmp_path):
    with pytest.raises(FileNotFoundError, match="run the reproduction first"):
        PB.write(RunContext(tmp_path))


def test_compare_counts_wins_and_matches_scipy_wilcoxon():
    rng = np.random.default_rng(0)
    ada = rng.uniform(0.05, 0.4, 20)
    pbh = ada + rng.normal(-0.02, 0.03, 20)
    pbh[3] = ada[3]  # one tie
    errors = pd.DataFrame({"AdaBoost": ada, "PB-HDA": pbh})
    out = cells.compare(errors, "PB-HDA")
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
    errors = cells.mean_errors(frame)
    assert errors.loc["a", "AdaBoost"] == pytest.approx(0.2)
    assert errors.loc["a", "PB-NDA"] == pytest.approx(0.1)


def test_verdict_follows_wins_and_significance():
    base = {"ties": 0, "n": 30, "mean_difference": 0.0}
    assert sections.verdict_text({**base, "wins": 20, "losses": 10, "p_value": 0.04}).startswith(
        "holds:"
    )
    assert "direction only" in sections.verdict_text(
        {**base, "wins": 20, "losses": 10, "p_value": 0.3}
    )
    assert sections.verdict_text({**base, "wins": 8, "losses": 22, "p_value": 0.01}).startswith(
        "reversed"
    )
    assert "more losses" in sections.verdict_text(
        {**base, "wins": 12, "losses": 18, "p_value": 0.5}
    )


def test_committed_protocol_is_the_papers_5x2cv_with_the_three_bases():
    assert "projection-boosting" in reproduction_names()
    assert isinstance(reproduction("projection-boosting"), ProjectionBoostingReproduction)
    *cfgs, check, svm_check, speed, large = configs.configs()
    assert [c.name for c in cfgs] == [configs.experiment_name(b) for b in ("j48", "rbf-svm", "mlp")]
    for cfg in cfgs:
        base = cfg.name.removeprefix("projection-boosting-")
        assert isinstance(cfg.protocol, FiveByTwoCV)
        assert cfg.datasets == configs.DATASETS[base]
        assert [m.label for m in cfg.methods] == ["AdaBoost", "PB-HDA", "PB-NDA"]
        assert all(m.base == base and m.params == {"n_estimators": 10} for m in cfg.methods)
        assert cfg.baseline == "AdaBoost"
    for base in configs.BASES:
        assert sorted(configs.DATASETS[base]) == sorted(configs.ALL_DATASETS)  # every dataset
    with pytest.raises(ValueError, match="base must be one of"):
        configs.config(base="smo")
    # the check: the Neural nets experiment again, the network trained by L-BFGS
    assert check.name == configs.experiment_name("mlp-lbfgs")
    assert check.datasets == configs.DATASETS["mlp"] and isinstance(check.protocol, FiveByTwoCV)
    assert [m.label for m in check.methods] == [
        "AdaBoost", "PB-HDA", "PB-NDA", "MLP, Adam", "MLP, L-BFGS"
    ]  # fmt: skip
    for m in check.methods[:3]:
        assert m.base.estimator.solver == "lbfgs" and m.base.estimator.hidden_layer_sizes == (15,)
    assert repr(check.methods[3].estimator) == repr(make_learner("mlp"))
    assert check.methods[4].estimator.estimator.solver == "lbfgs"
    # the check of the SVM column: LIBSVM's default kernel width, gamma = 1/d
    assert svm_check.name == configs.experiment_name("rbf-svm-auto")
    assert [m.label for m in svm_check.methods][3:] == ["SVM, γ scaled", "SVM, γ = 1/d"]
    for m in (*svm_check.methods[:3], svm_check.methods[4]):
        svc = (m.base if m.estimator is None else m.estimator).estimator
        assert (svc.gamma, svc.C, svc.kernel) == ("auto", 1.0, "rbf")
    assert svm_check.methods[3].estimator.estimator.gamma == "scale"
    # claim 7: the two linear ensembles and the non-linear one of [1], side by side
    assert speed.name == "projection-boosting-nonlinear"
    assert speed.datasets == configs.ALL_DATASETS and isinstance(speed.protocol, FiveByTwoCV)
    assert [m.label for m in speed.methods] == ["PB-HDA", "PB-NDA", "PB-MLP"]
    assert all(m.base == "j48" and m.params == {"n_estimators": 10} for m in speed.methods)
    assert make("PB-MLP").projection == "mlp"
    # the large ensembles: the C4.5 column again with 50 members each
    assert large.name == "projection-boosting-j48-t50" and large.datasets == configs.ALL_DATASETS
    assert [m.label for m in large.methods] == ["AdaBoost", "PB-HDA", "PB-NDA"]
    assert all(m.base == "j48" and m.params == {"n_estimators": 50} for m in large.methods)


def test_slow_bases_run_every_dataset_smallest_first():
    uci = manifest("uci")
    assert set(configs.ALL_DATASETS) == set(uci.index)
    by_size = uci.reset_index().sort_values(["instances", "name"])["name"]
    assert configs.BY_SIZE == tuple(by_size)
    assert configs.DATASETS["rbf-svm"] == configs.DATASETS["mlp"] == configs.BY_SIZE


def test_win_loss_split_by_attribute_type():
    errors = pd.DataFrame(
        {"AdaBoost": [0.2, 0.2, 0.2, 0.2], "PB-HDA": [0.1, 0.1, 0.3, 0.3]},
        index=["num1", "num2", "nom1", "nom2"],
    )
    nominal = {"num1": 0, "num2": 0, "nom1": 3, "nom2": 1}
    text = sections.by_attribute_type(errors, "PB-HDA", nominal)
    assert "2/0 on the 2 datasets with only numeric attributes" in text
    assert "0/2 on the 2 datasets with nominal attributes" in text
    assert sections.by_attribute_type(errors, "PB-HDA", {}) == ""


# ------------------------------------------------------------------------ claims ledger
def _everywhere(cell):
    return {base: dict.fromkeys(methods.PROPOSED, cell) for base in configs.BASES}


def _by_key(claims):
    return {c.key: c for c in claims}


def test_the_papers_table_passes_the_claims_it_makes():
    paper = cells.paper_cells()
    # the text's 95 % cells are exactly the cells of its Table 1 with p < 0.05
    assert {k for k, c in paper.items() if c.better(cells.ALPHA_SOME)} == set(PAPER_95_CELLS)
    ours = {b: {m: paper[(col, m)] for m in methods.PROPOSED} for b, col in configs.BASES.items()}
    claims = _by_key(ledger.claims(ours))
    for key in KEYS[:5]:
        assert claims[key].verdict == "holds", key
        assert not claims[key].checked
    assert claims["j48-better"].paper == "PB-HDA 31/14, p = 0.0650; PB-NDA 30/15, p = 0.0405"
    assert claims["more-points-below"].paper == "6 of 6 (Table 1's win/loss)"
    # Figure 2 is not in the text copy: the separation has no paper value to test
    assert "no numbers" in claims["points-below-farther"].paper
    assert claims["linear-faster-than-nonlinear"].verdict == "not run"


def test_claims_hold_when_the_projection_ensembles_clearly_win():
    win = cells.Cell(35, 1, 6, 0.001, ranks_favour=True, below=5.0, above=1.0)
    claims = ledger.claims(_everywhere(win))
    assert [c.key for c in claims] == KEYS
    assert [c.verdict for c in claims] == ["holds"] * 6 + ["not run"] * 3
    assert not any(c.checked for c in claims)
    assert _by_key(claims)["j48-better"].ours == (
        "PB-HDA 35/1/6, p = 0.0010; PB-NDA 35/1/6, p = 0.0010 (42 datasets)"
    )


def test_claims_fail_when_adaboost_wins_and_say_what_was_checked():
    lose = cells.Cell(10, 0, 32, 0.001, ranks_favour=False, below=1.0, above=5.0)
    now = ProjectionBoostingClassifier._results_revision
    claims = ledger.claims(_everywhere(lose), revisions={"j48": now})
    assert [c.verdict for c in claims] == ["does not hold"] * 6 + ["not run"] * 3
    assert all(c.checked for c in claims[:6]) and not any(c.checked for c in claims[6:])
    c45 = claims[0].checked
    assert "Algorithm 1" in c45 and "test_every_round_adds_a_member" in c45
    assert f"Every stored C4.5 result is of this code (results revision {now})" in c45
    assert "claim 1" in claims[1].checked and "claim 1" in claims[2].checked


def test_significance_needs_direction_and_a_strict_p():
    assert cells.Cell(30, 0, 12, 0.099).better(0.10)  # the paper's cells: no rank sums
    assert not cells.Cell(30, 0, 12, 0.10).better(0.10)  # p must be below alpha
    assert not cells.Cell(30, 0, 12, 0.01, ranks_favour=False).better(0.10)  # ranks for AdaBoost
    assert not cells.Cell(12, 0, 30, 0.01).better(0.10)  # more losses
    assert not cells.Cell(21, 0, 21, 0.01).better(0.10)  # as many wins as losses


def test_partly_verdicts():
    win = cells.Cell(30, 0, 12, 0.01, ranks_favour=True, below=3.0, above=1.0)
    ahead = cells.Cell(24, 0, 18, 0.40, ranks_favour=True, below=1.0, above=3.0)
    lose = cells.Cell(12, 0, 30, 0.40, ranks_favour=False, below=1.0, above=3.0)
    ours = _everywhere(win)
    ours["j48"] = {"PB-HDA": win, "PB-NDA": lose}  # one significantly better: partly
    ours["mlp"] = {"PB-HDA": ahead, "PB-NDA": ahead}  # both ahead, neither significant
    claims = _by_key(ledger.claims(ours))
    assert claims["j48-better"].verdict == "partly"
    assert claims["mlp-better"].verdict == "partly"
    assert claims["rbf-svm-better"].verdict == "holds"
    # 95 %: SVM PB-HDA and SVM PB-NDA are, Neural nets PB-HDA and C4.5 PB-NDA are not
    assert claims["significant-at-95"].verdict == "partly"
    assert claims["significant-at-95"].ours.endswith(": 2 of 4")
    # more points below in 5 of 6 panels, farther below in 3 of 6
    assert claims["more-points-below"].verdict == "partly"
    assert claims["more-points-below"].ours == "5 of 6 (not: C4.5 PB-NDA)"
    assert claims["points-below-farther"].verdict == "does not hold"
    assert claims["points-below-farther"].ours.endswith("larger below in 3 of 6")


def test_missing_base_learners_and_the_quick_version_are_not_run():
    win = cells.Cell(35, 1, 6, 0.001, ranks_favour=True, below=5.0, above=1.0)
    ours = _everywhere(win)
    del ours["mlp"]
    claims = _by_key(ledger.claims(ours))
    assert claims["mlp-better"].verdict == "not run"
    assert claims["j48-better"].verdict == "holds"
    for key in ("significant-at-95", "more-points-below", "points-below-farther"):
        assert claims[key].verdict == "not run"
        assert claims[key].ours == "needs every base learner; not run: Neural nets"
        assert claims[key].quote and claims[key].paper  # quoted and the paper's value
    quick = ledger.claims(_everywhere(win), quick=True)
    assert {c.verdict for c in quick} == {"not run"}
    assert all(c.ours.startswith("quick version, no test: ") for c in quick)


def test_cells_from_results_count_wins_ranks_and_distances():
    ada = [0.20, 0.20, 0.20, 0.20, 0.30]
    hda = [0.10, 0.16, 0.25, 0.20, 0.20]  # two wins (10, 4 points), one loss (5), tie, win
    frame = pd.DataFrame(
        {
            "dataset": list("abcde") * 3,
            "method": ["AdaBoost"] * 5 + ["PB-HDA"] * 5 + ["PB-NDA"] * 5,
            "accuracy": [1 - e for e in ada + hda + [0.3] * 5],
        }
    )
    ours = cells.ours_cells(frame)
    h = ours["PB-HDA"]
    assert (h.wins, h.ties, h.losses) == (3, 1, 1)
    assert h.below == pytest.approx((10 + 4 + 10) / 3)
    assert h.above == pytest.approx(5.0)
    assert h.ranks_favour
    n = ours["PB-NDA"]
    assert (n.wins, n.ties, n.losses) == (0, 1, 4)
    assert n.below == pytest.approx(0.0) and n.above == pytest.approx(10.0)
    assert n.ranks_favour is False


def test_notes_say_whether_the_stored_results_are_of_todays_code():
    now = ProjectionBoostingClassifier._results_revision
    old = ledger.provenance("mlp", {"mlp": now - 1})
    assert f"results revision {now - 1}, not of today's {now}" in old and "stale" in old
    assert "is of this code" in ledger.provenance("j48", {"j48": now})
    assert ledger.provenance("j48", {}) == ""


def test_what_the_papers_share_of_wins_would_need_is_counted_on_untied_datasets():
    # PB wins on a, b; ties on c; loses on d (+1 point), e (+3), f (+2)
    ada = pd.Series([0.20, 0.20, 0.20, 0.20, 0.20, 0.20], index=list("abcdef"))
    hda = pd.Series([0.10, 0.15, 0.20, 0.21, 0.23, 0.22], index=list("abcdef"))
    errors = pd.DataFrame({"AdaBoost": ada, "PB-HDA": hda})
    need = cells.paper_share_needs(errors, "PB-HDA", cells.Cell(31, 0, 14, 0.065))
    assert need["untied"] == 5 and need["wins"] == 2
    assert need["needed"] == 4  # ceil(31 / 45 × 5) = ceil(3.44)
    assert list(need["closest"].index) == ["d", "f"]  # the two closest losses
    assert need["closest"].to_numpy() == pytest.approx([1.0, 2.0])
    # d and f turned by their margins; Demšar's rule drops the one zero (c): exact test
    turned = np.array([-10.0, -5.0, -1.0, 3.0, -2.0])
    assert need["p_value"] == pytest.approx(stats.wilcoxon(turned, method="exact").pvalue)


def _check_errors(mlp_ada, check_ada, adam, lbfgs):
    """Mean-error frames of the ``mlp`` experiment and of the check, datasets a, b, c."""
    index = pd.Index(list("abc"), name="dataset")
    mlp = pd.DataFrame({"AdaBoost": mlp_ada}, index=index)
    check = pd.DataFrame(
        {"AdaBoost": check_ada, "MLP, Adam": adam, "MLP, L-BFGS": lbfgs}, index=index
    )
    return {"mlp": mlp, "mlp-lbfgs": check}


def test_the_check_is_noted_but_never_changes_a_verdict():
    lose = cells.Cell(10, 0, 32, 0.001, ranks_favour=False, below=1.0, above=5.0)
    win = cells.Cell(35, 1, 6, 0.001, ranks_favour=True, below=5.0, above=1.0)
    ours = _everywhere(lose)
    errors = _check_errors([0.2] * 3, [0.1] * 3, [0.40, 0.20, 0.10], [0.10, 0.25, 0.10])
    plain = _by_key(ledger.claims(ours, errors=errors))  # no check cells: no check note
    assert "L-BFGS" not in plain["mlp-better"].checked
    ours["mlp-lbfgs"] = {"PB-HDA": win, "PB-NDA": win}
    claims = _by_key(ledger.claims(ours, errors=errors))
    assert [c.verdict for c in claims.values()] == [c.verdict for c in plain.values()]
    note = claims["mlp-better"].checked
    # the networks alone: L-BFGS errs less on 1 of 3 (a), medians 10.0 against 20.0
    assert "errs less than `mlp` alone on 1 (median test error 10.0 % against 20.0 %)" in note
    assert "farthest apart: a (`mlp` 40.0 %, L-BFGS 10.0 %), b (`mlp` 20.0 %" in note
    assert (
        "PB-HDA 35/1/6, p = 0.0010; PB-NDA 35/1/6, p = 0.0010; by this claim's test, "
        "**holds**. The Neural nets verdict thus turns on how the network is trained" in note
    )
    # the claims across the panels, recomputed with the check's cells for Neural nets
    assert claims["more-points-below"].verdict == "does not hold"
    assert claims["more-points-below"].checked.endswith(
        "in place of `mlp`: 2 of 6 (not: C4.5 PB-HDA, C4.5 PB-NDA, SVM PB-HDA, SVM PB-NDA); "
        "**does not hold**."
    )
    assert "Neural nets PB-HDA 35/1/6" in claims["significant-at-95"].checked
    # the same verdict with both networks: said so
    ours["mlp-lbfgs"] = {"PB-HDA": lose, "PB-NDA": lose}
    same = _by_key(ledger.claims(ours, errors=errors))["mlp-better"].checked
    assert "**does not hold**. The verdict does not turn on how the network is trained." in same
    # a check of the SVM column notes the SVM claim, and the cross claims once more
    index = pd.Index(list("abc"), name="dataset")
    errors["rbf-svm"] = pd.DataFrame({"AdaBoost": [0.2] * 3}, index=index)
    errors["rbf-svm-auto"] = pd.DataFrame(
        {"AdaBoost": [0.1] * 3, "SVM, γ scaled": [0.3] * 3, "SVM, γ = 1/d": [0.2] * 3},
        index=index,
    )
    ours["rbf-svm-auto"] = {"PB-HDA": win, "PB-NDA": win}
    both = _by_key(ledger.claims(ours, errors=errors))
    svm = both["rbf-svm-better"].checked
    assert svm.startswith('Checked the base learner, which the paper gives only as "a Support')
    assert "errs less than `rbf-svm` alone on 3 (median test error 20.0 % against 30.0 %)" in svm
    assert "The SVM verdict thus turns on the kernel's width" in svm
    below = both["more-points-below"].checked
    assert "claim 2's check in place of `mlp`" in below
    assert "claim 3's check in place of `rbf-svm`: 2 of 6" in below


def _speed_results(cpu_ms, sizes=None):
    """Tidy results of the speed experiment: dataset -> method -> fit CPU ms per member."""
    rows = []
    for dataset, by_method in cpu_ms.items():
        for method, ms in by_method.items():
            size = (sizes or {}).get(method, 10)
            for fold in range(2):
                rows.append(
                    {"dataset": dataset, "method": method, "fold": fold, "accuracy": 0.8,
                     "fit_cpu": ms * size / 1000, "ensemble_size": size}
                )  # fmt: skip
    return pd.DataFrame(rows)


def test_cpu_per_member_divides_by_the_ensemble_size():
    results = _speed_results({"iris": {"PB-HDA": 2.0, "PB-MLP": 9.0}}, sizes={"PB-HDA": 4})
    results.loc[0, "fit_cpu"] = 0.016  # fold 0 of PB-HDA: 16 ms for 4 members
    cpu = nonlinear.cpu_per_member(results)
    assert cpu.loc["iris", "PB-HDA"] == pytest.approx((4.0 + 2.0) / 2)
    assert cpu.loc["iris", "PB-MLP"] == pytest.approx(9.0)


def test_linear_faster_claim_counts_datasets_per_linear_ensemble():
    fast = {"PB-HDA": 1.0, "PB-NDA": 2.0, "PB-MLP": 10.0}
    slow_nda = {"PB-HDA": 1.0, "PB-NDA": 20.0, "PB-MLP": 10.0}
    both_slow = {"PB-HDA": 30.0, "PB-NDA": 20.0, "PB-MLP": 10.0}
    everywhere = nonlinear.claim(_speed_results({"a": fast, "b": fast, "c": fast}))
    assert everywhere.verdict == "holds"
    assert "PB-HDA on 3 of 3, PB-NDA on 3 of 3" in everywhere.ours
    assert "median PB-MLP ÷ PB-HDA 10.0×" in everywhere.ours
    mostly = nonlinear.claim(_speed_results({"a": fast, "b": fast, "c": slow_nda}))
    assert mostly.verdict == "partly" and "PB-NDA on 2 of 3" in mostly.ours
    half = nonlinear.claim(_speed_results({"a": fast, "b": both_slow}))
    assert half.verdict == "does not hold"  # 1 of 2 is not more than half
    assert nonlinear.claim(None).verdict == "not run"
    # the ledger's claim 7 is now the projections' own times: the ensembles' do not decide
    found = ledger.claims(_everywhere(cells.Cell(35, 1, 6, 0.001, True, 5.0, 1.0)),
                          speed=_speed_results({"a": fast}))  # fmt: skip
    assert found[6].key == "linear-faster-than-nonlinear" and found[6].verdict == "not run"


def test_the_note_separates_no_projection_and_ensemble_size_from_projection_cost():
    fast = {"PB-HDA": 1.0, "PB-NDA": 2.0, "PB-MLP": 10.0}
    same_tree = {"PB-HDA": 5.1, "PB-NDA": 5.0, "PB-MLP": 5.0}
    grown = _speed_results({"a": fast, "d": fast, "e": fast}, sizes=dict.fromkeys(fast, 4))
    alone = _speed_results({"b": same_tree}, sizes=dict.fromkeys(fast, 1))
    # dataset c: C_0 costs 10 ms (the split where PB-HDA is C_0 alone); a projected
    # member 2 ms more with HDA, 7 with the network; PB-HDA has 1.5 members on average,
    # PB-MLP 9, so that per member PB-HDA (10 + 6) / 2 = 8 is above PB-MLP's 7.3
    rows = [
        ("PB-HDA", 0, 1, 0.010), ("PB-HDA", 1, 2, 0.012), ("PB-NDA", 0, 2, 0.013),
        ("PB-NDA", 1, 2, 0.013), ("PB-MLP", 0, 9, 0.066), ("PB-MLP", 1, 9, 0.066),
    ]  # fmt: skip
    c = pd.DataFrame(
        [
            {
                "dataset": "c",
                "method": m,
                "fold": f,
                "accuracy": 0.8,
                "ensemble_size": n,
                "fit_cpu": t,
            }
            for m, f, n, t in rows
        ]
    )
    claim = nonlinear.claim(pd.concat([grown, alone, c], ignore_index=True))
    assert claim.verdict == "partly"  # PB-HDA faster on 3 of 5, PB-NDA on 4 of 5
    assert "PB-HDA on 3 of 5, PB-NDA on 4 of 5" in claim.ours
    assert "b: every ensemble is C_0 alone on every split (no projection fitted)" in claim.checked
    assert "(mean PB-HDA 1.5, PB-NDA 2.0, PB-MLP 9.0)" in claim.checked
    # beyond C_0: HDA (12 − 10) / 1 = 2, NDA (13 − 10) / 1 = 3, MLP (66 − 10) / 8 = 7
    assert "CPU ms per projected member PB-HDA 2.0, PB-NDA 3.0, PB-MLP 7.0" in claim.checked
    assert "(4 remain)" in claim.checked and "PB-HDA on 3 and PB-NDA on 4" in claim.checked


# ------------------------------------------------------------ class noise and small data
def test_class_noise_changes_exactly_its_share_of_labels_each_to_another_class():
    y = np.repeat(np.array(["a", "b", "c"]), [50, 30, 20])
    rows, labels = robustness.corrupt_training(y, label_noise=0.2, rng=np.random.default_rng(3))
    assert rows.tolist() == list(range(100))  # nothing left out
    changed = labels != y
    assert changed.sum() == 20  # round(0.2 * 100)
    assert set(labels[changed]) <= {"a", "b", "c"}
    # the changed labels are spread over the other classes (uniform draw among them)
    for cls in "abc":
        mine = changed & (y == cls)
        assert not np.any(labels[mine] == cls)


def test_small_training_parts_keep_each_classes_share_and_at_least_one():
    y = np.repeat(np.array([0, 1, 2]), [40, 10, 1])
    rows, labels = robustness.corrupt_training(y, train_fraction=0.25, rng=np.random.default_rng(0))
    counts = np.bincount(labels, minlength=3)
    assert counts.tolist() == [10, 2, 1]  # round(0.25 n_c), at least one
    assert np.all(np.diff(rows) > 0) and np.array_equal(labels, y[rows])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"label_noise": 1.0}, r"label_noise must be in \[0, 1\), got 1.0"),
        ({"label_noise": -0.1}, r"label_noise must be in \[0, 1\)"),
        ({"train_fraction": 0.0}, r"train_fraction must be in \(0, 1\], got 0.0"),
        ({"train_fraction": 1.5}, r"train_fraction must be in \(0, 1\]"),
    ],
)
def test_corruption_parameters_out_of_range_are_named(kwargs, message):
    with pytest.raises(ValueError, match=message):
        robustness.corrupt_training([0, 1, 0, 1], rng=np.random.default_rng(0), **kwargs)


def test_noise_needs_two_classes():
    with pytest.raises(ValueError, match="needs a training part with two classes"):
        robustness.corrupt_training([1, 1, 1, 1], label_noise=0.5, rng=np.random.default_rng(0))


class _Seen(ClassifierMixin, BaseEstimator):
    """Records the labels it is fitted on."""

    def __init__(self, random_state=None):
        self.random_state = random_state

    def fit(self, X, y):
        self.seen_ = np.asarray(y)
        self.classes_ = np.unique(y)
        return self

    def predict(self, X):
        return np.full(len(X), self.classes_[0])


def test_every_method_on_a_training_part_sees_the_same_corruption():
    from sklearn.datasets import load_iris
    from sklearn.tree import DecisionTreeClassifier

    from ensemble_lab.evaluation.tasks import dataset_digest

    X, y = load_iris(return_X_y=True)
    a = robustness.CorruptedTraining(_Seen(random_state=1), label_noise=0.2).fit(X, y)
    b = robustness.CorruptedTraining(_Seen(random_state=2), label_noise=0.2).fit(X, y)
    assert a.n_corrupted_ == b.n_corrupted_ == 30
    assert np.array_equal(a.estimator_.seen_, b.estimator_.seen_)
    assert int(np.sum(a.estimator_.seen_ != y)) == 30
    # an independent draw: the same generator on the same digest gives the same labels
    rng = np.random.default_rng([0, int(dataset_digest(X, y)[:8], 16)])
    _, labels = robustness.corrupt_training(y, label_noise=0.2, rng=rng)
    assert np.array_equal(a.estimator_.seen_, labels)
    # another training part, another corruption
    c = robustness.CorruptedTraining(_Seen(), label_noise=0.2).fit(X[1:], y[1:])
    assert not np.array_equal(c.estimator_.seen_, a.estimator_.seen_[1:])
    # clean: the wrapper is the estimator itself
    clean = robustness.CorruptedTraining(DecisionTreeClassifier(random_state=0)).fit(X, y)
    direct = DecisionTreeClassifier(random_state=0).fit(X, y)
    assert np.array_equal(clean.predict_proba(X), direct.predict_proba(X))
    assert clean.n_members_ == 1 and clean.n_train_ == 150


def _condition_results(errors):
    """Tidy results: condition -> dataset -> method -> mean error (two folds)."""
    out = {}
    for cond, by_dataset in errors.items():
        rows = []
        for dataset, by_method in by_dataset.items():
            for method, err in by_method.items():
                for fold, shift in ((0, -0.01), (1, 0.01)):
                    rows.append({"dataset": dataset, "method": method, "fold": fold,
                                 "repetition": 0, "accuracy": 1 - err - shift,
                                 "ensemble_size": 10, "fit_cpu": 0.1,
                                 "predict_cpu": 0.0})  # fmt: skip
        out[cond] = pd.DataFrame(rows)
    return out


def _conditions(pb_loss, ada_loss, n=8):
    """Every condition: PB-HDA / PB-NDA lose ``pb_loss[i]`` points, AdaBoost ``ada_loss[i]``."""
    clean = {f"d{i}": {"AdaBoost": 0.20, "PB-HDA": 0.20, "PB-NDA": 0.20} for i in range(n)}
    errors = {"clean": clean}
    for cond in robustness.CONDITIONS:
        if cond != "clean":
            errors[cond] = {
                f"d{i}": {
                    "AdaBoost": 0.20 + ada_loss[i] / 100,
                    "PB-HDA": 0.20 + pb_loss[i] / 100,
                    "PB-NDA": 0.20 + pb_loss[i] / 100,
                }
                for i in range(n)
            }
    return _condition_results(errors)


def test_losses_are_condition_minus_clean_and_compared_by_wilcoxon():
    runs = _conditions([1, 2, 3, 4, 5, 6, 7, 8], [2, 4, 6, 8, 0.5, 12, 14, 16])
    losses = robustness.loss_table(runs)
    assert set(losses) == {"noise10", "noise20", "train50", "train25"}
    assert losses["noise10"].loc["d1", "PB-HDA"] == pytest.approx(2.0)
    assert losses["noise10"].loc["d1", "AdaBoost"] == pytest.approx(4.0)
    c = robustness.compare_losses(losses["noise10"], "PB-HDA")
    assert (c["smaller"], c["same"], c["larger"]) == (7, 0, 1)
    pb_l = np.array([1, 2, 3, 4, 5, 6, 7, 8.0])
    ada_l = np.array([2, 4, 6, 8, 0.5, 12, 14, 16.0])
    assert c["p_value"] == pytest.approx(stats.wilcoxon(pb_l, ada_l, method="exact").pvalue)
    assert c["favours"] and c["median_method"] == pytest.approx(4.5)


def test_noise_and_small_data_claims_need_smaller_losses_significantly():
    n = 12
    smaller = robustness.claims(_conditions([1.0] * n, [3.0 + i for i in range(n)], n))
    assert [c.verdict for c in smaller] == ["holds", "holds"]
    assert "significant in 4 of 4" in smaller[0].ours and "(12 datasets)" in smaller[0].ours
    # more smaller than larger, but by tiny and mixed margins: not significant
    mixed = [3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    ada = [3.1, 3.1, 3.1, 3.1, 3.1, 3.1, 3.1, 0.0, 0.0, 0.0, 0.0, 0.0]
    partly = robustness.claims(_conditions(mixed, ada, n))
    assert [c.verdict for c in partly] == ["partly", "partly"]
    assert partly[0].checked.startswith("Checked the reference and the sizes of the losses.")
    larger = robustness.claims(_conditions([3.0 + i for i in range(n)], [1.0] * n, n))
    assert [c.verdict for c in larger] == ["does not hold", "does not hold"]
    assert [c.verdict for c in robustness.claims(None)] == ["not run", "not run"]


def test_the_clean_run_is_compared_with_the_c45_column():
    runs = _conditions([1.0] * 3, [2.0] * 3, 3)
    table1 = runs["clean"].copy()
    table1.loc[0, "accuracy"] = 0.5
    assert "on 17 of 18 (dataset, method, split) tasks" in robustness.same_as_table1(runs, table1)
    assert "not stored" in robustness.same_as_table1(runs, None)


def test_noise_runs_are_the_c45_column_on_every_condition():
    cfgs = configs.noise_configs()
    assert [c.name for c in cfgs] == [
        f"projection-boosting-noise-{k}" for k in robustness.CONDITIONS
    ]
    for cfg in cfgs:
        assert cfg.protocol.n_splits() == 10 and cfg.datasets == configs.NOISE_DATASETS
        assert cfg.method_labels == list(methods.METHODS)
        for m in cfg.methods:
            assert m.estimator.estimator.n_estimators == configs.N_ESTIMATORS
    assert not set(configs.NOISE_DATASETS) & set(robustness.LEFT_OUT)
    assert len(configs.NOISE_DATASETS) + len(robustness.LEFT_OUT) == len(configs.ALL_DATASETS)


# ------------------------------------------------------------ the projections' times
def test_error_sets_are_each_members_training_errors_in_its_own_view():

    X, y = load("heart-statlog")
    y = np.asarray(y)
    ens = make("PB-HDA", base="j48", n_estimators=4, random_state=0).fit(X, y)
    masks = timing.error_sets(ens, X, y)
    assert len(masks) == len(ens.estimators_) - 1
    # an independent loop: member t sees the projection of step t of the encoded input
    Z = ens.encoder_.transform(X.to_numpy(dtype=float))
    for t, mask in enumerate(masks):
        view = X.to_numpy(dtype=float) if ens.projections_[t] is None else (
            ens.projections_[t].transform(Z)
        )  # fmt: skip
        assert np.array_equal(mask, ens.estimators_[t].predict(view) != y)
    with pytest.raises(ValueError, match="expected a fitted ProjectionBoostingClassifier"):
        timing.error_sets(make_learner("j48").fit(X, y), X, y)
    with pytest.raises(ValueError, match="do not give its recorded training errors"):
        timing.error_sets(ens, X, np.roll(y, 1))


def _times(ms):
    """Projection times: dataset -> list of (n_classes, hda, nda, mlp) per S'."""
    rows = []
    for dataset, fits in ms.items():
        for t, (k, h, n, m) in enumerate(fits, start=1):
            rows.append({"dataset": dataset, "repetition": 0, "fold": 0, "round": t,
                         "n_errors": 10, "n_classes": k, "n_features": 4,
                         "hda_ms": h, "nda_ms": n, "mlp_ms": m})  # fmt: skip
    return pd.DataFrame(rows)


def test_projection_times_are_averaged_over_s_prime_of_two_classes_or_more():
    times = _times({
        "a": [(2, 1.0, 2.0, 10.0), (3, 3.0, 2.0, 20.0), (1, 0.5, np.nan, np.nan)],
        "b": [(2, 1.0, 1.0, 4.0)],
    })  # fmt: skip
    ms = timing.per_dataset(times)
    assert ms.loc["a"].tolist() == pytest.approx([2.0, 2.0, 15.0])  # the one-class S' left out
    claim = timing.claim(times)
    assert claim.verdict == "holds"
    assert "HDA on 2 of 2 datasets, NDA on 2 of 2 datasets" in claim.ours
    assert "median MLP ÷ HDA 5.8×" in claim.ours  # median of 15 / 2 and 4 / 1
    assert "per S' HDA faster on 3 of 3, NDA faster on 3 of 3" in claim.ours
    slow = _times({"a": [(2, 1.0, 2.0, 10.0)], "b": [(2, 5.0, 1.0, 4.0)], "c": [(2, 1, 1, 3)]})
    partly = timing.claim(slow)
    assert partly.verdict == "partly" and "HDA on 2 of 3 datasets" in partly.ours
    assert partly.checked.startswith("Checked the datasets where a linear projection is not")
    assert "b (1 S', mean |S'| 10.0, 4 encoded features): HDA 5.00 ms" in partly.checked
    assert timing.claim(None).verdict == "not run"
    section = timing.section(times, planned=["a", "b", "mushroom"])
    assert "No S' of two classes (no projection to compare) on: mushroom." in section


def test_the_timed_ensembles_are_those_of_table_1s_c45_column():
    timed, table1 = configs.timing_config(), configs.config(base="j48")
    assert timed.name == timing.NAME and timed.probes == (timing.PROBE,)
    assert [m.to_dict() for m in timed.methods] == [
        m.to_dict() for m in table1.methods if m.label == "PB-HDA"
    ]
    assert (timed.seed, timed.datasets) == (table1.seed, table1.datasets)
    assert timed.protocol.to_dict() == table1.protocol.to_dict()
    # a task's seed is of its key, not of the experiment's name: the same ensembles
    assert list(inspect.signature(derive_seed).parameters)[:5] == [
        "experiment_seed", "dataset", "method", "repetition", "fold"
    ]  # fmt: skip
    assert "name" not in inspect.signature(derive_seed).parameters
    assert timed.common_seeds == table1.common_seeds


def test_parts_are_table_1_then_the_noise_conditions_then_the_projection_times():
    found = [(p.config.name, p.store) for p in PB.parts()]
    assert found == [
        *((c.name, "projection-boosting") for c in configs.configs()),
        *((c.name, "projection-boosting-noise") for c in configs.noise_configs()),
        ("projection-boosting-projections", "projection-boosting-projections"),
    ]


def test_projection_times_are_records_of_the_runner_that_verify_reruns(tmp_path):
    part = PB.parts(quick=True)[-1]
    RunContext(tmp_path, quick=True).run(part)
    db = tmp_path / "projection-boosting-projections.db"
    times = timing.load(db)
    assert list(times.columns) == ["dataset", "repetition", "fold", *timing.COLUMNS]
    # the S' of each round, recounted from the ensemble its task fits
    X, y = load("iris")
    y = np.asarray(y)
    split = next(iter(part.config.protocol.splits(y, seed=part.config.seed)))
    seed = derive_seed(part.config.seed, "iris", "PB-HDA", split.repetition, split.fold)
    ens = part.config.methods[0].build(seed).fit(X.iloc[split.train_idx], y[split.train_idx])
    rows = times[(times["dataset"] == "iris") & (times["fold"] == split.fold)]
    n_train = split.train_idx.size
    assert rows["n_errors"].tolist() == [round(e * n_train) for e in ens.train_errors_[:-1]]
    assert (rows["round"] == np.arange(1, len(rows) + 1)).all()
    timed = times["n_classes"] >= 2
    assert times.loc[timed, ["hda_ms", "nda_ms", "mlp_ms"]].gt(0).all().all()
    assert times.loc[~timed, ["hda_ms", "nda_ms", "mlp_ms"]].isna().all().all()
    assert verify(db, sample=4).ok
    assert timing.load(tmp_path / "none.db") is None


def test_committed_stores_hold_the_configurations_the_parts_run():
    # verify rebuilds methods from the stored configuration and a resumed run compares
    # it with today's: a moved class (CorruptedTraining) must be moved in the store too
    results = Path(__file__).resolve().parents[2] / "experiments" / "results"
    for part in PB.parts():
        stored = stored_configs(results / f"{part.store}.db")
        assert stored[part.config.name] == part.config.to_dict(), part.config.name
