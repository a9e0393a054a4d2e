"""The Triskel claims on ROC concavity, other base learners, AdaBoost-50 and Prop. 1.

Each statistic is recomputed here another way on a small input.
"""

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps
from sklearn.metrics import auc, roc_curve

from ensemble_lab.datasets import make_layered_cake
from ensemble_lab.evaluation import stats
from ensemble_lab.experiments.triskel import bases, cake_roc, concavity, configs
from ensemble_lab.experiments.triskel.claims import best_of
from ensemble_lab.learners import make_learner
from ensemble_lab.methods._triskel_roc import bias_curves, pair_scores


def _brute_hull_auc(fpr, tpr):
    """AUC of the least concave majorant, by the maximum over every chord."""
    pts = np.unique(np.column_stack([np.r_[0, fpr, 1], np.r_[0, tpr, 1]]), axis=0)
    xs = np.linspace(0, 1, 2001)
    top = np.interp(xs, pts[:, 0], pts[:, 1])
    for i in range(len(pts)):
        for j in range(i + 1, len(pts)):
            (x1, y1), (x2, y2) = pts[i], pts[j]
            if x2 > x1:
                inside = (xs >= x1) & (xs <= x2)
                chord = y1 + (y2 - y1) * (xs[inside] - x1) / (x2 - x1)
                top[inside] = np.maximum(top[inside], chord)
    return np.trapezoid(top, xs)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hull_area_gap_against_the_largest_chord(seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, 60)
    score = rng.normal(size=60) + 0.8 * y
    fpr, tpr, _ = roc_curve(y, score)
    expected = _brute_hull_auc(fpr, tpr) - auc(fpr, tpr)
    assert concavity.hull_area_gap(fpr, tpr) == pytest.approx(expected, abs=2e-4)


def test_hull_area_gap_of_a_hand_drawn_curve():
    # the curve (0,0) -> (0.25,0.5) -> (0.5,0.5) -> (0.75,1) -> (1,1);
    # its hull (0,0) -> (0.25,0.5) -> (0.75,1) -> (1,1)
    fpr, tpr = [0, 0.25, 0.5, 0.75, 1], [0, 0.5, 0.5, 1, 1]
    # the triangle (0.25,0.5), (0.5,0.5), (0.75,1) lies between them: area 1/2 · 0.5 · 0.5
    assert concavity.hull_area_gap(fpr, tpr) == pytest.approx(0.0625)


def test_concavity_claim_is_spearman_one_sided():
    names = [f"d{i}" for i in range(8)]
    concave = pd.Series([0.0, 0.01, 0.002, 0.03, 0.004, 0.02, 0.005, 0.001], index=names)
    gain = pd.Series([-1.0, 2.0, 0.5, 6.0, 1.0, 3.0, -0.5, 0.0], index=names)
    claim = concavity.concavity_claim(concave, gain, gain)
    rho, p = sps.spearmanr(concave, gain)
    assert p / 2 < 0.05 and rho > 0  # two-sided halved: the one-sided p for ρ > 0
    assert claim.verdict == "holds"
    assert claim.ours == f"ρ = {rho:+.2f} (one-sided p = {p / 2:.3f}) over 8 data sets"
    assert concavity.concavity_claim(concave, -gain, gain).verdict == "does not hold"
    assert concavity.concavity_claim(concave[:2], gain, gain).verdict == "not run"


def test_dataset_concavity_weights_the_pairs_by_their_instances():
    X, y = make_layered_cake(90, random_state=3)
    labels = pd.Series(np.where(y == 1, "b", "a"))
    labels[:30] = "c"
    frame = pd.DataFrame(X, columns=["u", "v"])
    pairs = [("a", "b"), ("a", "c"), ("b", "c")]
    values, sizes = [], []
    for a, b in pairs:
        rows = labels.isin([a, b]).to_numpy()
        values.append(concavity.concavity(make_learner("smo"), X[rows], labels[rows].to_numpy()))
        sizes.append(rows.sum())
    expected = np.average(values, weights=sizes)
    assert concavity.dataset_concavity(frame, labels) == pytest.approx(expected, rel=1e-12)


def test_adaboost50_best_by_mean_and_rank():
    acc = pd.DataFrame(
        {
            "SMO": [80, 70, 90],
            "AdaBoost-3": [81, 72, 90],
            "AdaBoost-10": [82, 71, 89],
            "AdaBoost-50": [85, 71, 88],
        },
        index=["a", "b", "c"],
        dtype=float,
    )
    top, first, means, ranks = best_of(acc)
    assert top == "AdaBoost-50" and means["AdaBoost-50"] == pytest.approx(244 / 3)
    # ranks by hand: a 4,3,2,1; b 4,1,2.5,2.5; c 1.5,1.5,3,4
    assert ranks.tolist() == pytest.approx([9.5 / 3, 5.5 / 3, 7.5 / 3, 7.5 / 3])
    assert first == "AdaBoost-3"


def _tidy(acc_a, acc_b, base):
    rows = []
    for d, (a, b) in enumerate(zip(acc_a, acc_b)):
        for fold, (x, z) in enumerate(zip(a, b)):
            for method, value in ((bases.ADABOOST, x), (bases.TRISKEL, z)):
                rows.append(
                    {
                        "dataset": f"d{d}",
                        "method": bases.label(method, base),
                        "repetition": 0,
                        "fold": fold,
                        "accuracy": value,
                        "n_train": 90,
                        "n_test": 10,
                        "fit_cpu": 0.1,
                    }
                )
    return pd.DataFrame(rows)


def test_bases_claim_counts_corrected_t_markers():
    rng = np.random.default_rng(0)
    noise = rng.normal(0, 0.01, size=(3, 10))
    ada = 0.8 + noise
    tri = np.vstack([ada[0] + 0.05, ada[1] + rng.normal(0, 0.01, 10), ada[2] - 0.05])
    frames = [_tidy(ada, tri, base) for base in bases.BASES]
    claim = bases.bases_claim(pd.concat(frames))
    signs = []
    for a, t in zip(ada, tri):
        r = stats.corrected_resampled_ttest(t, a, 90, 10)
        signs.append(int(np.sign(r.mean_difference)) if r.p_value < 0.05 else 0)
    wins, losses = signs.count(1), signs.count(-1)
    assert (wins, losses) == (1, 1)
    for name in bases.BASES.values():
        assert f"{name}: {wins} wins, {3 - wins - losses} ties, {losses} losses" in claim.ours
    assert claim.verdict == "does not hold"
    assert "not run" in bases.bases_claim(frames[0]).ours


def test_bases_config_runs_the_named_pair_on_each_base():
    cfg = bases.config(tuple(configs.RUN_ORDER))
    assert len(cfg.datasets) == 15 - len(bases.LEFT_OUT) and cfg.name == "triskel-bases"
    assert not set(bases.LEFT_OUT) & set(cfg.datasets)
    built = {m.label: (m.name, m.base) for m in cfg.methods}
    assert built[bases.label("Triskel-W4", "rbf-svm")] == ("Triskel-W4", "rbf-svm")
    assert built[bases.label("AdaBoost-50", "nb")] == ("AdaBoost-50", "nb")


def test_mcnemar_against_the_binomial_tail():
    a = np.array([1, 1, 1, 0, 1, 1, 0, 1, 1, 1], bool)
    b = np.array([0, 0, 1, 0, 0, 1, 1, 0, 1, 0], bool)
    # discordant: a alone right 5 times, b alone once: P(X >= 5), X ~ Bin(6, 1/2)
    assert cake_roc.mcnemar_greater(a, b) == pytest.approx(7 / 64)
    assert cake_roc.mcnemar_greater(a, a) == 1.0


def test_proposition1_holds_exactly_with_thresholding():
    X, y = make_layered_cake(200, random_state=1)
    result = cake_roc.proposition1(X, y, np.array([0.0, 0.2, 0.5]), seed=1)
    assert result.n_pairs == 9
    assert result.threshold_gap < 1e-12


def test_deepest_concavity_against_the_pair_scores():
    X, y = make_layered_cake(200, random_state=2)
    biases = np.array([0.0, 0.3, 0.5])
    found = cake_roc.deepest_concavity(X, y, biases, seed=2)
    curves = bias_curves(
        make_learner("smo"), X, y, biases=biases, strategy=_oversample(), random_state=2
    )
    scores = pair_scores(curves)
    i = list(biases).index(found.pair[0])
    j = list(biases).index(found.pair[1])
    mid = scores[:, :, 2:].mean(axis=2)
    assert mid[i, j] == mid.max()
    # the reversal's accuracy is pair_scores' "reversed h" arbiter; h's is bias 0
    assert found.reversed_accuracy == pytest.approx(scores[i, j, 1])
    assert found.base_accuracy == pytest.approx(scores[0, 0, 0])
    h, t = curves.pred_plus[0], curves.y
    hard = curves.pred_plus[i] != curves.pred_minus[j]
    fpr = np.mean(h[hard & (t == -1)] == 1)
    tpr = np.mean(h[hard & (t == 1)] == 1)
    assert found.distance == pytest.approx(np.hypot(1 - fpr, tpr))


def _oversample():
    from ensemble_lab.methods import Oversample

    return Oversample()


def test_bases_note_reads_the_first_repetition_of_the_linear_run():
    rng = np.random.default_rng(1)
    ada = 0.8 + rng.normal(0, 0.01, size=(3, 10))
    tri = ada + np.array([[0.05], [0.0], [-0.05]]) + rng.normal(0, 0.001, size=(3, 10))
    others = pd.concat([_tidy(ada, tri, base) for base in bases.BASES])
    first = _tidy(ada, tri, "smo")
    later = _tidy(ada, ada - 0.1, "smo").assign(repetition=1)  # not read
    linear = pd.concat([first, later])
    linear["method"] = linear["method"].str.removesuffix(" (smo)")
    note = bases.bases_note(others, linear)
    assert "gives 1 wins, 1 ties, 1 losses by the same test" in note
    assert "significantly lower on d2" in note and "higher on 1 of 3" in note
