"""The Triskel reproduction (paper 000, Tables 1–2, Figure 2) in its quick version."""

import numpy as np

from ensemble_lab.evaluation import load_results
from ensemble_lab.evaluation.records import load_records
from ensemble_lab.experiments import RunContext, reproduction, reproduction_names
from ensemble_lab.experiments.triskel import (
    TriskelReproduction,
    analysis,
    concavity,
    configs,
    larger_c,
)
from ensemble_lab.experiments.triskel import paper as tables
from ensemble_lab.experiments.triskel.claims import Side, triskel_claims


def test_paper_tables_transcribed():
    # spot checks against the paper's text, and its own counts of significant results
    assert tables.PAPER_ACCURACY.loc["balance-scale", "Triskel-W4"] == 91.65
    assert tables.PAPER_ACCURACY.loc["vowel", "AdaBoost-3"] == 89.91
    assert tables.PAPER_TIME.loc["primary-tumor", "AdaBoost-50"] == 1683.63
    assert tables.PAPER_TIME.loc["zoo-named", "Triskel-W4"] == 88.39
    assert tables.PAPER_ACCURACY.shape == (15, 8)
    marks = tables.PAPER_ACCURACY_MARKERS
    # "Triskel-W4 outperforms AdaBoost-50 with 3 significant wins" (Section 4)
    assert (marks["Triskel-W4"] == "◇").sum() == 3 and (marks["Triskel-W4"] == "*").sum() == 0
    # "Triskel-W2 ... comparable to AdaBoost-10 (2 wins, 2 losses)"
    assert (marks["Triskel-W2"] == "◇").sum() == 2 and (marks["Triskel-W2"] == "*").sum() == 2
    # Triskel-M1 beats SMO on anneal.ORIG, hypothyroid and segment
    assert set(marks.index[marks["Triskel-M1"] == "◇"]) == {"anneal.orig", "hypothyroid", "segment"}
    assert np.isfinite(tables.PAPER_TIME.to_numpy()).all()


def test_registered():
    assert "triskel" in reproduction_names()
    item = reproduction("triskel")
    assert isinstance(item, TriskelReproduction)
    full = configs.config()
    assert full.method_labels == [*tables.METHODS, larger_c.LABEL]
    # --estimate times every experiment the page runs: Tables 1-2, then the other bases
    assert [(p.config.name, p.store) for p in item.parts()] == [
        ("triskel", "triskel"),
        ("triskel-bases", "triskel-bases"),
        ("triskel-concavity", "triskel-concavity"),
    ]
    reference = full.methods[-1].estimator
    assert reference.estimator.C == 16.0 and reference.encoding == "weka"  # Weka's SMO
    assert len(full.datasets) == 15 - len(configs.LEFT_OUT) == 15


def test_quick_run_writes_page_and_figures(tmp_path, arff_dir):
    item = reproduction("triskel")
    ctx = RunContext(tmp_path, arff_dir, quick=True)
    page = item.run(ctx)
    text = page.read_text()
    assert page.name == "triskel.md"
    for store in ("triskel", "triskel-bases", "triskel-concavity"):
        assert (tmp_path / f"{store}.db").is_file()
    # the probe's record of each data set is its ROC concavity, computed here directly
    stored = load_records(tmp_path / "triskel-concavity.db", "triskel-concavity")
    direct = concavity.concavities(["zoo-named", "glass"], arff_dir)
    assert stored.set_index("dataset")["concavity"].to_dict() == direct.to_dict()
    assert f"| glass | {direct['glass']:.5f} |" in text
    for fig in ("triskel-fig2.png", "triskel-fig2-paper.png"):
        assert (tmp_path / fig).stat().st_size > 1000
    # the paper's numbers beside ours: "paper / ours" cells for glass and zoo
    assert "| glass | 57.36 / " in text and "| zoo-named | 96.05 / " in text
    assert "61.95 / " in text  # Triskel-1 on glass in the paper
    assert "3 × stratified" not in text and "1 × stratified 3-fold" in text
    # our accuracies are real numbers between 0 and 100 in the SMO-baseline table
    row = next(line for line in text.splitlines() if line.startswith("| glass | 57.36 / "))
    ours = [float(c.split("/")[1].strip().rstrip("◇*")) for c in row.strip("|").split("|")[1:]]
    assert all(30 < v < 90 for v in ours)
    # the reference column SMO (C = 16): not in Table 1, in its own section, recomputed
    assert "| SMO (C = 16) |" not in text.split("## Triskel-W4 against SMO with a larger C")[0]
    results = load_results(tmp_path / "triskel.db", "triskel")
    mean = 100 * results.pivot_table(index="dataset", columns="method", values="accuracy")
    glass = mean.loc["glass"]
    cells = [glass[m] for m in ("SMO", larger_c.LABEL, "Triskel-W4")]
    cells += [glass["Triskel-W4"] - glass["SMO"], glass[larger_c.LABEL] - glass["SMO"]]
    assert "| glass | " + " | ".join(f"{v:.2f}" for v in cells) + " | " in text
    assert "not computed on fewer than three data sets" in text
    # a rerun resumes from the store and gives the same page
    assert item.run(ctx).read_text() == text
    # a run stopped half-way: zoo-named complete, glass with only the first fold of SMO
    partial = results[(results["dataset"] == "zoo-named") | (results["method"] == "SMO")]
    partial = partial[(partial["dataset"] == "zoo-named") | (partial["fold"] == 0)]
    f = analysis.analyse(partial, configs.config(quick=True))
    assert f.missing == ("glass",)
    page = item.write_report(f, tmp_path / "partial")
    text = page.read_text()
    assert "**Unfinished run**" in text and "glass" in text.split("Not run")[1]
    assert "| zoo-named | 96.05 / " in text and "| glass | 57.36 / " not in text


def _paper_side(flip_w4=False):
    acc_marks = tables.PAPER_ACCURACY_MARKERS.copy()
    if flip_w4:  # every significant win of W4 over AdaBoost-50 becomes a loss
        acc_marks["Triskel-W4"] = acc_marks["Triskel-W4"].replace({"◇": "*"})
    return Side(tables.PAPER_ACCURACY, tables.PAPER_TIME, acc_marks, tables.PAPER_TIME_MARKERS)


def test_the_papers_own_tables_pass_the_tests_of_its_conclusions():
    paper = _paper_side()
    claims = triskel_claims(paper, paper, tables.FIGURE_DATASETS)
    run = [c for c in claims if c.verdict != "not run"]
    assert len(run) == 11
    for c in run:
        assert c.verdict == "holds", c.key
        assert c.ours == c.paper, c.key
    by_key = {c.key: c for c in claims}
    assert by_key["w4-outperforms-adaboost50"].paper == "3 wins, 12 ties, 0 losses"
    assert by_key["m1-beats-smo"].paper == "anneal.orig, hypothyroid, segment"


def test_claims_fail_on_contrary_results():
    paper = _paper_side()
    acc = tables.PAPER_ACCURACY.copy()
    # the Triskel line 5 points below AdaBoost-3 everywhere: never above, never best
    for m in ("Triskel-M1", "Triskel-1", "Triskel-W2", "Triskel-W4"):
        acc[m] = acc["AdaBoost-3"] - 5
    ours = _paper_side(flip_w4=True)
    ours = Side(acc, ours.time, ours.accuracy_marks, ours.time_marks)
    by_key = {c.key: c for c in triskel_claims(paper, ours, tables.FIGURE_DATASETS)}
    assert by_key["w4-outperforms-adaboost50"].verdict == "does not hold"
    assert by_key["w4-outperforms-adaboost50"].ours == "0 wins, 12 ties, 3 losses"
    assert by_key["figure2-triskel-line-above"].verdict == "does not hold"
    assert by_key["figure2-best-triskel-above-best-adaboost"].ours == "higher on 0 of 6"
    assert by_key["soft-covering-better"].verdict == "does not hold"
