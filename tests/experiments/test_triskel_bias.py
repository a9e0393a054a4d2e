"""The biasing-strategy page of the Triskel paper (``ensemble-lab reproduce triskel-bias``)."""

import json

import pandas as pd

from ensemble_lab.experiments import RunContext, reproduction
from ensemble_lab.experiments.triskel import TriskelBiasReproduction
from ensemble_lab.experiments.triskel import bias as triskel_bias
from ensemble_lab.methods import Oversample, Threshold, Undersample

UNDER, OVER = triskel_bias.PAPER_STRATEGY, triskel_bias.OVERSAMPLING


def test_each_strategy_is_triskel_w4_with_its_biasing_object():
    cfg = triskel_bias.config()
    specs = {m.label: m for m in cfg.methods}
    assert list(specs) == ["SMO", *triskel_bias.STRATEGIES]
    assert {m.name for m in cfg.methods[1:]} == {"Triskel-W4"}
    assert specs[UNDER].params["bias"].get_params() == Undersample(0.9).get_params()
    assert specs[OVER].params["bias"].get_params() == Oversample(0.9).get_params()
    assert specs["SMOTE 0.9"].params["bias"].method == "smote"
    assert isinstance(specs["threshold 0.9"].params["bias"], Threshold)
    assert specs["auto"].params["bias"] == "auto"
    assert len(cfg.datasets) == 15  # the data sets of Tables 1-2


def _findings(under, over, marks_over=None, cpu_under=None, cpu_over=None):
    index = [f"d{i}" for i in range(len(under))]
    columns = list(triskel_bias.STRATEGIES[:2])
    frame = pd.DataFrame({UNDER: under, OVER: over}, index=index)[columns]
    marks = pd.DataFrame("", index=index, columns=columns)
    if marks_over is not None:
        marks[OVER] = marks_over
    cpu = pd.DataFrame(
        {UNDER: cpu_under or [1.0] * len(index), OVER: cpu_over or [2.0] * len(index)},
        index=index,
    )
    return triskel_bias.Findings(
        cfg=triskel_bias.config(),
        accuracy=frame,
        marks=marks,
        fit_cpu=cpu,
        splits=pd.Series(10, index=index),
        n_tasks=0,
    )


def test_claims_are_judged_by_their_written_criteria():
    verdicts = [c.verdict for c in triskel_bias.claims(_findings([80, 90, 70], [79, 89.8, 70]))]
    assert verdicts == ["holds", "holds", "holds"]
    # one data set significantly better with oversampling: "does not hurt" only partly
    hurt = _findings([80, 90, 70], [79, 89.8, 70], marks_over=["", "◇", ""])
    assert triskel_bias.claims(hurt)[0].verdict == "partly"
    # mean 1 point lower and a significant loss: does not hold
    worse = _findings([78, 88, 70], [79, 89, 71], marks_over=["◇", "", ""])
    assert triskel_bias.claims(worse)[0].verdict == "does not hold"
    assert triskel_bias.claims(worse)[1].verdict == "does not hold"
    # equal to two decimals is not "better"; one data set above is "partly"
    tied = _findings([80.001, 90, 70.5], [80.0, 90, 70])
    assert triskel_bias.claims(tied)[1].verdict == "partly"
    slower = _findings([80, 90, 70], [80, 90, 70], cpu_under=[1, 3, 1], cpu_over=[2, 2, 2])
    assert triskel_bias.claims(slower)[2].verdict == "partly"


def test_quick_run_writes_page_and_ledger(tmp_path):
    item = reproduction("triskel-bias")
    assert isinstance(item, TriskelBiasReproduction)
    ctx = RunContext(tmp_path, quick=True)
    text = item.run(ctx).read_text()
    assert "| glass |" in text and "| vote |" in text and "Claims ledger" in text
    ledger = json.loads((tmp_path / "triskel-bias-claims.json").read_text())
    assert len(ledger["claims"]) == 3
    again = item.write(ctx).read_text()
    assert again == text


def test_page_of_an_empty_store_marks_every_claim_not_run(tmp_path):
    empty = triskel_bias.Findings(
        cfg=triskel_bias.config(),
        accuracy=pd.DataFrame(),
        marks=pd.DataFrame(),
        fit_cpu=pd.DataFrame(),
        splits=pd.Series(dtype=int),
        n_tasks=0,
    )
    text = TriskelBiasReproduction().write_report(empty, tmp_path).read_text()
    assert "Unfinished run" in text
    assert [c.verdict for c in triskel_bias.claims(empty)] == ["not run"] * 3
