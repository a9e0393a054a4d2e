"""Reproduction of paper 004's Table 2: its ensembles, the transcription, the page."""

import json
from dataclasses import replace

import numpy as np
import pytest
from numpy.testing import assert_array_equal
from sklearn.base import clone
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.datasets import load
from ensemble_lab.evaluation import ExperimentConfig, MethodSpec, derive_seed, load_results
from ensemble_lab.evaluation.protocols import StratifiedKFold as EvalStratifiedKFold
from ensemble_lab.evaluation.records import load_records
from ensemble_lab.experiments import RunContext, reproduction, reproduction_names
from ensemble_lab.experiments.elrc import (
    COLUMNS,
    DATASETS,
    PAPER_TABLE2,
    ElrcReproduction,
    claim_check,
    config,
    elrc_claims,
    large_config,
    levels_config,
    nodes_config,
    paper_matrix,
)
from ensemble_lab.experiments.elrc import nodes as tree_nodes
from ensemble_lab.experiments.elrc.claims import _comparable_claim
from ensemble_lab.experiments.elrc.configs import NODES_PROBE, parts
from ensemble_lab.experiments.elrc.levels import (
    held_out_drops,
    level_accuracy,
    level_folds,
    levels_claim,
)
from ensemble_lab.learners import make_learner
from ensemble_lab.methods import BoostingClassifier, WekaBaggingClassifier, make, names
from ensemble_lab.methods._weka_hosts import WekaAdaBoostM1

STUMP = DecisionTreeClassifier(max_depth=1, random_state=0)


def weka_adaboost_m1_reference(X, y, n_rounds):
    """AdaBoost.M1 by reweighting, written out as Weka's loop: stop at the first member
    with weighted error 0 or >= 0.5 (keep it only if it is the first)."""
    w = np.full(y.shape[0], 1.0 / y.shape[0])
    members, alphas = [], []
    for _ in range(n_rounds):
        member = clone(STUMP).fit(X, y, sample_weight=w * y.shape[0])
        wrong = member.predict(X) != y
        error = w[wrong].sum()
        if error >= 0.5 or error == 0:
            if not members:
                members, alphas = [member], [1.0]
            break
        beta = error / (1 - error)
        members.append(member)
        alphas.append(np.log(1 / beta))
        w = np.where(wrong, w, w * beta)
        w /= w.sum()
    classes = np.unique(y)
    votes = np.zeros((X.shape[0], classes.size))
    for member, alpha in zip(members, alphas):
        votes[np.arange(X.shape[0]), np.searchsorted(classes, member.predict(X))] += alpha
    return len(members), classes[votes.argmax(axis=1)]


def three_class_task(seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(300, 2))
    y = np.digitize(X[:, 0] + 0.5 * X[:, 1] + rng.normal(scale=0.6, size=300), [-0.5, 0.5])
    return X, y


def test_weka_adaboost_matches_a_loop_reference():
    X, y = three_class_task()
    est = WekaAdaBoostM1(STUMP, 21, mode="reweight", random_state=0).fit(X, y)
    n_members, prediction = weka_adaboost_m1_reference(X, y, 21)
    assert len(est.estimators_) == n_members
    assert_array_equal(est.predict(X), prediction)


def test_weka_adaboost_stops_where_the_package_boosting_resets():
    # Three stumps split off one class each; a fourth round on the reweighted data
    # errs on half the weight or more, so Weka's loop ends while BoostingClassifier
    # resets the weights and goes on.
    X, y = three_class_task()
    weka = WekaAdaBoostM1(STUMP, 21, mode="reweight", random_state=0).fit(X, y)
    ours = BoostingClassifier(STUMP, 21, mode="reweight", random_state=0).fit(X, y)
    assert len(weka.estimators_) < 21
    assert weka.n_attempts_ == len(weka.estimators_) + 1  # the failed round ends it
    assert len(ours.estimators_) > len(weka.estimators_)


def test_first_member_above_half_error_is_the_whole_ensemble():
    # Eight balanced classes: a stump gets at most two of them right (error >= 0.75).
    rng = np.random.default_rng(1)
    X = rng.normal(size=(400, 3))
    y = np.repeat(np.arange(8), 50)
    X[:, 0] += y
    est = WekaAdaBoostM1(STUMP, 21, mode="reweight").fit(X, y)
    assert len(est.estimators_) == 1
    assert_array_equal(est.predict(X), clone(STUMP).fit(X, y).predict(X))


def test_paper_names_are_registered_apart_from_paper_000s_adaboost():
    assert {"AdaBoostM1-21", "Bagging-21"} <= set(names(paper="004"))
    ada = make("AdaBoost-21", base="nb", random_state=3)
    assert isinstance(ada, WekaAdaBoostM1)
    assert (ada.n_estimators, ada.mode, ada.update) == (21, "reweight", "aggressive")
    bag = make("Bagging-21", base="smo")
    assert bag.n_estimators == 21 and isinstance(bag, WekaBaggingClassifier)
    # paper 000's AdaBoost-10 stays its one-vs-one SMO boosting
    assert not isinstance(make("AdaBoost-10"), WekaAdaBoostM1)


@pytest.mark.parametrize("name", ["Bagging-21", "N-P-Bagging"])
def test_bagging_members_see_drawn_rows_not_count_weights(arff_dir, name):
    """scikit-learn's Bagging passes a bag as count weights (0 for rows not drawn) to a
    learner whose fit takes sample_weight; the one-vs-one SVM of the smo preset then
    loses 15-20 points on ecoli (classes of 2 and 5 instances). The bag must reach the
    member as rows, as Weka's Bagging passes it."""
    X, y = load("ecoli", data_dir=arff_dir)
    cv = StratifiedKFold(3, shuffle=True, random_state=1)
    single = cross_val_score(make_learner("smo"), X, y, cv=cv).mean()
    bag = make(name, base="smo", random_state=0)
    bagged = cross_val_score(bag, X, y, cv=cv).mean()
    assert bagged > single - 0.03
    seen = []

    class Spy(type(make_learner("smo"))):
        def fit(self, X, y, sample_weight=None):
            rows = np.asarray(X, dtype=float)
            seen.append((len(rows), sample_weight, len(rows) - len(np.unique(rows, axis=0))))
            return super().fit(X, y, sample_weight)

    spy = make_learner("smo")
    spy.__class__ = Spy
    make(name, base=spy, random_state=0, n_estimators=3).fit(X, y)
    assert [(n, w) for n, w, _ in seen] == [(len(y), None)] * 3
    assert all(dups > 0 for *_, dups in seen)  # drawn rows, duplicates included


def test_paper_table_transcription_and_its_own_claim():
    assert len(PAPER_TABLE2) == 10 and all(len(v) == len(COLUMNS) for v in PAPER_TABLE2.values())
    paper = paper_matrix(list(PAPER_TABLE2))
    # spot checks against the text of Table 2
    assert paper.loc["Abalone", "ELRC"] == 27.10
    assert paper.loc["Glass", "C4.5 Ada"] == 77.42
    assert paper.loc["Vehicle", "NB Bagging"] == 46.52
    # where AdaBoost.M1 stops at its first member, Single and Ada coincide
    assert paper.loc["Abalone", "SMO Ada"] == paper.loc["Abalone", "SMO Single"]
    # the claim under test holds in the paper's own table on every row
    assert claim_check(paper)["beats all"].all()


SINGLES = ["SMO Single", "NB Single", "C4.5 Single"]


def ledger(ours, paper=None):
    paper = paper_matrix(list(PAPER_TABLE2)) if paper is None else paper
    return {c.key: c for c in elrc_claims(paper, ours)}


def test_the_papers_table_meets_the_claims_it_makes_about_itself():
    paper = paper_matrix(list(PAPER_TABLE2))
    claims = ledger(paper)
    assert len(claims) == 8
    for key in (
        "beats-every-single-learner",
        "ensembles-generally-help",
        "beats-stable-ensembles",
        "beats-ensembles-where-stable-is-best",
    ):
        assert claims[key].verdict == "holds", key
        assert claims[key].ours.startswith(claims[key].paper), key
    assert claims["beats-every-single-learner"].paper == "10 of 10"
    assert claims["beats-stable-ensembles"].paper.startswith("SMO Ada 10-0-0, SMO Bagging 10-0-0")
    assert claims["beats-ensembles-where-stable-is-best"].paper.startswith(
        "4 of 4 (Abalone, Ecoli, Hypothyroid, SPECTF)"
    )
    # "Comparable" tested for equivalence within a point: the paper's own ten datasets
    # cannot show it (90 % intervals [-0.82, +2.20] and [+0.02, +2.19]), and the page says so
    comparable = claims["comparable-with-c45-ensembles"]
    assert comparable.paper.startswith("C4.5 Ada 5-1-4, mean difference +0.69, 90 % interval")
    assert comparable.paper.endswith("by this test the paper's own table: does not hold")
    # The paper's own table contradicts "failed to improve": its SMO / NB ensembles win
    # on more datasets than they lose. The strict test stays, and says so.
    failing = claims["stable-ensembles-fail"]
    assert failing.verdict == "partly"
    assert "SMO Ada 5-2-3" in failing.paper
    assert failing.paper.endswith("by this test the paper's own table: partly")
    assert claims["accuracy-drops-past-a-level"].verdict == "not run"
    assert claims["errors-increase-after-split"].verdict == "not run"


def test_elrc_below_the_best_single_learner_fails_always_higher():
    ours = paper_matrix(list(PAPER_TABLE2))
    below = ours[SINGLES].max(axis=1) - 0.5
    ours.loc[ours.index[:2], "ELRC"] = below[:2]
    claim = ledger(ours)["beats-every-single-learner"]
    assert claim.verdict == "partly" and claim.ours.startswith("8 of 10 (not: Abalone, Ecoli)")
    assert "; 7 of the 9 that are the paper's" in claim.ours  # Hypothyroid is not
    ours["ELRC"] = below
    assert ledger(ours)["beats-every-single-learner"].verdict == "does not hold"


def test_an_elrc_far_ahead_is_not_comparable_and_far_behind_outperforms_nothing():
    ours = paper_matrix(list(PAPER_TABLE2))
    ours["ELRC"] = 100.0
    ahead = ledger(ours)
    assert ahead["beats-stable-ensembles"].verdict == "holds"
    assert ahead["beats-ensembles-where-stable-is-best"].verdict == "holds"
    # significantly better than the C4.5 ensembles is not "comparable" to them
    assert ahead["comparable-with-c45-ensembles"].verdict == "does not hold"
    assert ahead["comparable-with-c45-ensembles"].ours.startswith("C4.5 Ada 10-0-0")
    ours["ELRC"] = 0.0
    behind = ledger(ours)
    for key in ("beats-stable-ensembles", "beats-ensembles-where-stable-is-best"):
        assert behind[key].verdict == "does not hold", key
    assert behind["comparable-with-c45-ensembles"].verdict == "does not hold"


def shift_ensembles(points):
    """The paper's table with every ensemble ``points`` above its single learner."""
    ours = paper_matrix(list(PAPER_TABLE2))
    for column in COLUMNS:
        if column.split()[-1] in ("Ada", "Bagging"):
            ours[column] = ours[column.split()[0] + " Single"] + points
    return ours


def test_ensembles_of_stable_learners_that_always_gain_fail_the_claim():
    claims = ledger(shift_ensembles(+1))
    assert claims["stable-ensembles-fail"].verdict == "does not hold"
    assert claims["stable-ensembles-fail"].ours.startswith("SMO Ada 10-0-0")
    # no ensemble ever loses: "poorer results for some data" is not seen
    assert claims["ensembles-generally-help"].verdict == "partly"
    claims = ledger(shift_ensembles(-1))
    assert claims["stable-ensembles-fail"].verdict == "holds"
    assert claims["ensembles-generally-help"].verdict == "does not hold"


def test_unfinished_datasets_are_left_out_and_none_finished_is_not_run():
    ours = paper_matrix(list(PAPER_TABLE2))
    ours.loc["Glass", "ELRC"] = np.nan
    assert ledger(ours)["beats-every-single-learner"].ours.startswith("9 of 9")
    ours[:] = np.nan
    claims = ledger(ours).values()
    assert {c.verdict for c in claims} == {"not run"}
    assert all(c.paper for c in claims)


def test_configs_cover_the_ten_datasets_with_the_papers_methods():
    small, large = config(), large_config()
    assert small.protocol.n_splits() == 10 and large.protocol.n_splits() == 10
    assert sorted(small.datasets + large.datasets) == sorted(DATASETS)
    for cfg in (small, large):
        assert cfg.method_labels == COLUMNS
        assert {m.estimator.n_estimators for m in cfg.methods if m.estimator is not None} == {21}
    assert small.name == "elrc" and large.name == "elrc-large"
    levels = levels_config()
    assert levels.name == "elrc-levels" and sorted(levels.datasets) == sorted(DATASETS)
    assert levels.protocol.n_splits() == 10
    assert [m.params for m in levels.methods] == [{"max_depth": k} for k in range(1, 7)]
    assert {m.name for m in levels.methods} == {"ELRC"}


def test_parts_run_table_2_the_levels_then_the_nodes_of_table_2s_models():
    elrc = reproduction("elrc")
    assert isinstance(elrc, ElrcReproduction) and elrc.keeps_store
    full = [(p.config.name, p.store) for p in elrc.parts()]
    assert full == [
        ("elrc", "elrc"),
        ("elrc-large", "elrc-large"),
        ("elrc-levels", "elrc-levels"),
        ("elrc-nodes", "elrc-nodes"),
        ("elrc-large-nodes", "elrc-nodes"),
    ]
    assert [p.config.name for p in parts(quick=True)] == ["elrc", "elrc-levels", "elrc-nodes"]
    for main in (config(), large_config(), config(quick=True)):
        nodes = nodes_config(main)
        (spec,) = nodes.methods
        assert spec == next(m for m in main.methods if m.label == "ELRC")
        assert (nodes.datasets, nodes.protocol, nodes.seed) == (
            main.datasets,
            main.protocol,
            main.seed,
        )
        assert nodes.probes == (NODES_PROBE,) and nodes.name != main.name


def test_the_nodes_experiment_fits_the_models_of_table_2(arff_dir, tmp_path):
    """Same folds and task seeds although the experiment's name differs: the same
    predictions, fold by fold, and the probe's records are the nodes of those models."""
    from ensemble_lab.evaluation import load_predictions, run_experiment

    main = ExperimentConfig(
        "main",
        ["glass"],
        [MethodSpec("J48", name="J48"), MethodSpec(label="ELRC", name="ELRC", params={"cv": 2})],
        protocol=EvalStratifiedKFold(n_folds=2),
        seed=7,
        record_predictions=True,
    )
    nodes = replace(nodes_config(main), record_predictions=True)
    for cfg in (main, nodes):
        run_experiment(cfg, tmp_path / f"{cfg.name}.db", data_dir=arff_dir)
    ours = load_predictions(tmp_path / "main.db", "main")
    ours = ours[ours["method"] == "ELRC"].reset_index(drop=True)
    again = load_predictions(tmp_path / "main-nodes.db", "main-nodes")
    assert_array_equal(ours["y_pred"], again["y_pred"])
    records = load_records(tmp_path / "main-nodes.db", "main-nodes")
    assert records.groupby("fold")["node_id"].min().tolist() == [0, 0]
    X, y = load("glass", data_dir=arff_dir)
    y = np.asarray(y)
    split = next(iter(main.protocol.splits(y, main.seed)))
    seed = derive_seed(main.seed, "glass", "ELRC", split.repetition, split.fold)
    model = make("ELRC", cv=2, random_state=seed).fit(X.iloc[split.train_idx], y[split.train_idx])
    first = records[records["fold"] == split.fold].drop(
        columns=["dataset", "method", "repetition", "fold"]
    )
    assert first.reset_index(drop=True).equals(tree_nodes.node_records(model))


def _level_results(acc):
    """Tidy results whose every fold of ``dataset`` at ``levels`` has accuracy ``acc``."""
    import pandas as pd

    labels = [m.label for m in levels_config().methods]
    return pd.DataFrame(
        [
            {"dataset": d, "method": labels[k], "fold": f, "accuracy": a}
            for d, row in acc.items()
            for k, a in enumerate(row)
            for f in range(10)
        ]
    )


def test_accuracy_by_level_is_read_per_dataset_and_per_fold():
    rows = {
        "ecoli": [0.80, 0.85, 0.84, 0.84, 0.83, 0.82],
        "glass": [0.60, 0.65, 0.70, 0.70, 0.70, 0.70],
        "vehicle": [0.70, 0.71, 0.72, 0.73, 0.74, 0.75],
    }
    results = _level_results(rows)
    acc = level_accuracy(results)
    assert list(acc.index) == ["ecoli", "glass", "vehicle"]  # the config's order
    assert acc.loc["ecoli"].tolist() == pytest.approx([80, 85, 84, 84, 83, 82])
    folds = level_folds(results)
    assert folds.shape == (30, 6) and folds.loc[("ecoli", 7), 2] == pytest.approx(85)
    # per dataset: the level chosen on folds 0-4 (fewer than 6), the drop on folds 5-9
    drops = held_out_drops(folds)
    assert drops["chosen"].tolist() == [2, 3, 5]
    assert drops["drop"].tolist() == pytest.approx([-3, 0, 1])
    claim = elrc_claims(paper_matrix(["Ecoli"]), paper_matrix(["Ecoli"]), acc, folds)[-2]
    assert claim.key == "accuracy-drops-past-a-level"
    assert claim.verdict == "does not hold"  # one drops, one rises, one flat: not more drops
    assert claim.ours.startswith("held-out drop below zero on 1, above on 1, none on 1 of 3")
    assert "ecoli 2 (-3.00), glass 3 (+0.00), vehicle 5 (+1.00)" in claim.checked
    # a dataset missing a fold is left out; none finished: not run
    partial = results[~((results["dataset"] == "glass") & (results["fold"] == 3))]
    assert list(level_accuracy(partial).index) == ["ecoli", "vehicle"]
    assert elrc_claims(paper_matrix(["Ecoli"]), paper_matrix(["Ecoli"]))[-2].verdict == "not run"


@pytest.fixture(scope="module")
def quick_dir(tmp_path_factory, arff_dir):
    out = tmp_path_factory.mktemp("elrc-quick")
    reproduction("elrc").run(RunContext(out, arff_dir, quick=True))
    return out


def test_quick_run_writes_page_with_paper_and_our_numbers(quick_dir):
    assert "elrc" in reproduction_names()
    tmp_path = quick_dir
    text = (tmp_path / "elrc.md").read_text()
    assert (tmp_path / "elrc-accuracy.png").stat().st_size > 0
    assert (tmp_path / "elrc-vs-single.png").stat().st_size > 0
    results = load_results(tmp_path / "elrc.db", "elrc")
    assert len(results) == 2 * 3 * len(COLUMNS)
    for dataset, row in (("glass", "Glass"), ("ecoli", "Ecoli")):
        for column in ("SMO Single", "C4.5 Bagging", "ELRC"):
            paper_value = PAPER_TABLE2[row][COLUMNS.index(column)]
            cell = (results["dataset"] == dataset) & (results["method"] == column)
            ours = results.loc[cell, "accuracy"].mean()
            assert f"{paper_value:.2f} / {100 * ours:.2f}" in text
    assert "new-thyroid" in text and "Quick run" in text
    assert "Incomplete run" not in text
    # the ledger is on the page, stored beside it and gathered into the summary
    assert "## Claims ledger" in text and "beats-every-single-learner" not in text
    assert "*In comparison to single classifiers, ELRC always produced" in text
    stored = json.loads((tmp_path / "elrc-claims.json").read_text())
    assert stored["title"] == "ELRC — regional classifiers (paper 004)"
    assert len(stored["claims"]) == 8
    # the levels run (1 to 3 levels in the quick version) is on the page and tested
    levels = load_results(tmp_path / "elrc-levels.db", "elrc-levels")
    assert len(levels) == 2 * 3 * 3
    assert "## ELRC's accuracy against its number of levels" in text
    assert " of 2" in stored["claims"][-2]["ours"]  # claim 7 from the two quick datasets
    # claim 8 from the quick models refitted by the runner, which give the stored
    # accuracies: the node records are kept with the tasks of the nodes experiment
    nodes = load_records(tmp_path / "elrc-nodes.db", "elrc-nodes", NODES_PROBE)
    assert set(nodes["dataset"]) == {"glass", "ecoli"} and set(nodes["method"]) == {"ELRC"}
    assert len(nodes.groupby(["dataset", "fold"])) == 2 * 3
    assert (nodes.groupby(["dataset", "fold"])["parent"].min() == -1).all()  # one root each
    assert "6 of 6 give the stored test accuracy" in text
    assert stored["claims"][-1]["key"] == "errors-increase-after-split"
    assert "## Errors before and after each split, and the learners chosen" in text
    assert "## [ELRC — regional classifiers (paper 004)](elrc.md)" in (
        (tmp_path / "README.md").read_text()
    )


def test_page_from_a_partial_store_leaves_unfinished_datasets_out(tmp_path, quick_dir):
    import shutil
    import sqlite3

    tmp_path = tmp_path / "partial"
    shutil.copytree(quick_dir, tmp_path)
    with sqlite3.connect(tmp_path / "elrc.db") as db:
        db.execute("DELETE FROM results WHERE dataset = 'glass' AND fold = 0")
    text = reproduction("elrc").write(RunContext(tmp_path, quick=True)).read_text()
    assert (
        "Incomplete run" in text
        and "out of our columns and of every comparison below: Glass" in text
    )
    assert "| Glass | 53.94 / – |" in text


@pytest.mark.parametrize("bad", ["AdaBoost-21x", "Bagging-22"])
def test_unknown_names_are_rejected(bad):
    with pytest.raises(ValueError, match="Unknown method"):
        make(bad)


def _level_folds(rng, trend):
    """10 datasets × 10 folds × 6 levels of accuracy: noise plus ``trend`` by level."""
    import pandas as pd

    index = pd.MultiIndex.from_product(
        [[f"d{i}" for i in range(10)], range(10)], names=["dataset", "fold"]
    )
    base = rng.uniform(60, 95, size=(10, 1, 1))
    noise = rng.normal(0, 3, size=(10, 10, 6))
    acc = (base + noise + np.asarray(trend)).reshape(100, 6)
    return pd.DataFrame(acc, index=index, columns=range(1, 7))


def test_levels_claim_holds_on_a_real_drop_and_rarely_on_noise():
    rng = np.random.default_rng(0)
    verdicts, same_fold_drops = [], []
    for _ in range(200):
        folds = _level_folds(rng, np.zeros(6))
        acc = folds.groupby(level=0).mean()
        verdicts.append(levels_claim(acc, folds).verdict)
        same_fold_drops.append((acc[6] < acc.max(axis=1)).mean())
    # the reading that chooses and measures on the same folds sees a drop on most
    # datasets of pure noise; the held-out test says "holds" about as often as α
    assert np.mean(same_fold_drops) > 0.75
    assert verdicts.count("holds") / len(verdicts) <= 0.10
    drop = _level_folds(rng, [0, 2, 4, 4, 1, -2])  # accuracy peaks at 3-4 levels
    assert levels_claim(drop.groupby(level=0).mean(), drop).verdict == "holds"


def test_comparable_claim_needs_equivalence_within_a_point_and_can_fail():
    paper = paper_matrix(["Abalone", "Ecoli", "Glass", "Ionosphere", "Vehicle", "Segment"])
    rng = np.random.default_rng(1)
    close = paper.copy()
    close["C4.5 Ada"] = close["ELRC"] + rng.normal(0, 0.3, size=len(close))
    close["C4.5 Bagging"] = close["ELRC"] + rng.normal(0, 0.3, size=len(close))
    assert _comparable_claim(paper, close).verdict == "holds"
    spread = close.copy()
    spread["C4.5 Ada"] = spread["ELRC"] + [4, -4, 3, -3, 5, -5]  # mean 0, but wide
    claim = _comparable_claim(paper, spread)
    assert claim.verdict == "partly" and "datasets would show equivalence" in claim.checked


# ------------------------------------------------------- the fitted trees' nodes (claim 8)
def test_node_errors_are_recounted_from_the_nodes_learners():
    X, y = three_class_task(1)
    model = make("ELRC", max_depth=3, random_state=0).fit(X, y)
    regions = model.apply(X)  # the deepest node of each sample; walk up for the others
    parent = {n.node_id: n.parent for n in model.nodes_}
    for node in model.nodes_:
        inside = np.zeros(len(y), dtype=bool)
        for i, leaf in enumerate(regions):
            while leaf is not None and leaf != node.node_id:
                leaf = parent[leaf]
            inside[i] = leaf == node.node_id
        assert inside.sum() == node.n_samples
        wrong = node.estimator.predict(X[inside]) != y[inside]
        assert node.n_errors == int(wrong.sum())
        if node.parent is None:
            assert node.n_parent_errors is None
        else:
            above = model.nodes_[node.parent].estimator.predict(X[inside]) != y[inside]
            assert node.n_parent_errors == int(above.sum())
    records = tree_nodes.node_records(model)
    assert records["n_errors"].tolist() == [n.n_errors for n in model.nodes_]
    with pytest.raises(ValueError, match="expected a fitted ELRCClassifier"):
        tree_nodes.node_records(make_learner("j48"))


def _nodes(trees):
    """Node records: one tree per fold, each a list of (node_id, parent, depth, learner,
    n_errors, n_parent_errors)."""
    import pandas as pd

    rows = []
    for (dataset, fold), tree in trees.items():
        for node_id, parent, depth, learner, errors, parent_errors in tree:
            rows.append({"dataset": dataset, "repetition": 0, "fold": fold,
                         "node_id": node_id, "parent": parent, "depth": depth,
                         "learner": learner, "n_samples": 20, "n_errors": errors,
                         "n_parent_errors": parent_errors, "is_leaf": False})  # fmt: skip
    return pd.DataFrame(rows)


# a root with 6 errors split into children with 2 + 5 = 7 (up), the left one split again
# into 1 + 0 (down); a second tree whose only split goes 4 -> 1 + 1 (down)
UP_DOWN = {
    ("a", 0): [(0, -1, 1, "smo", 6, -1), (1, 0, 2, "nb", 2, 3), (2, 1, 3, "j48", 1, 1),
               (3, 1, 3, "j48", 0, 1), (4, 0, 2, "smo", 5, 3)],
    ("b", 0): [(0, -1, 1, "j48", 4, -1), (1, 0, 2, "j48", 1, 2), (2, 0, 2, "j48", 1, 2)],
}  # fmt: skip


def test_splits_compare_the_childrens_errors_with_the_parents():
    splits = tree_nodes.split_errors(_nodes(UP_DOWN))
    got = {(r.dataset, r.parent): (r.before, r.after, r.increased) for r in splits.itertuples()}
    assert got == {("a", 0): (6, 7, True), ("a", 1): (2, 1, False), ("b", 0): (4, 2, False)}
    counts = tree_nodes.learner_counts(_nodes(UP_DOWN))
    assert counts.loc[("a", 2)].to_dict() == {"j48": 0, "nb": 1, "smo": 1}
    assert counts.loc[("b", 2), "j48"] == 2


def test_errors_increasing_in_a_quarter_of_the_splits_is_often():
    claim = tree_nodes.claim((_nodes(UP_DOWN), None))
    assert claim.verdict == "holds"  # 1 of 3 splits
    assert claim.ours.startswith("errors increased in 1 of 3 splits (33.3%); on 1 of 2 datasets")
    assert "per child node, more errors than its parent made on the same instances in 1 of 6" in (
        claim.ours
    )
    rare = dict(UP_DOWN)
    for fold in range(1, 4):  # three more trees of b, each with one split that helps
        rare[("b", fold)] = UP_DOWN[("b", 0)]
    claim = tree_nodes.claim((_nodes(rare), None))
    assert claim.verdict == "does not hold"  # 1 of 6 splits, on 1 of 2 datasets
    assert "level 1: 1 of 5, level 2: 0 of 1" in claim.checked
    # the smo root's smo child (5 errors where the root made 3) kept its parent's learner
    assert "1 of 9 that chose their parent's learner, 0 of 3 that chose another" in claim.checked
    assert tree_nodes.claim(None).verdict == "not run"


def test_refitting_needs_the_elrc_method():
    with pytest.raises(ValueError, match="has no method labelled 'ELRC'"):
        nodes_config(levels_config(quick=True))
