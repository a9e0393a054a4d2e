"""The conclusions of Khoussainov, Heß & Kushmerick (Triskel), Sections 4–6, as tests on Tables 1–2.

The claims about the layered cake (Figures 1 and 4) are tested on their own page,
:mod:`.cake_claims`.

Used by the Triskel page's ledger (:mod:`.ledger`). Every claim is computed in the same
way from the paper's Tables 1–2 (accuracy, training time and the corrected resampled
t-test markers printed beside each Triskel column) and from ours, so the ``paper``
column shows what the paper's own numbers give under the test. Markers: ``"◇"``
Triskel significantly higher (accuracy) or slower (time) than its partner, ``"*"``
lower / faster, ``""`` neither, ``"?"`` garbled in the paper's text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...evaluation import stats
from ...reporting.claims import Claim, listed, verdict

__all__ = ["Side", "best_of", "triskel_claims"]

TRISKEL_LINE = ("Triskel-M1", "Triskel-1", "Triskel-W2", "Triskel-W4")
ADABOOST_LINE = ("AdaBoost-3", "AdaBoost-10", "AdaBoost-50")
ENSEMBLES = (*TRISKEL_LINE, *ADABOOST_LINE)


@dataclass(frozen=True)
class Side:
    """One side's Tables 1–2: datasets × methods, with the Triskel columns' markers."""

    accuracy: pd.DataFrame
    time: pd.DataFrame
    accuracy_marks: pd.DataFrame
    time_marks: pd.DataFrame

    def marks(self, kind: str, method: str, datasets: Sequence[str] | None = None) -> pd.Series:
        """The markers of ``method`` (``kind`` "accuracy" or "time"), "" where none."""
        table = self.accuracy_marks if kind == "accuracy" else self.time_marks
        column = table.get(method, pd.Series(dtype=object)).fillna("")
        return column if datasets is None else column.reindex(list(datasets)).fillna("")


def _count(marks: pd.Series) -> tuple[int, int, int]:
    """(◇, neither, *) counts; garbled ("?") markers count as neither."""
    up, down = int((marks == "◇").sum()), int((marks == "*").sum())
    return up, int(marks.size) - up - down, down


def _wtl(marks: pd.Series) -> str:
    up, tie, down = _count(marks)
    return f"{up} wins, {tie} ties, {down} losses"


def _w4_beats_adaboost50(paper: Side, ours: Side) -> Claim:
    p, o = paper.marks("accuracy", "Triskel-W4"), ours.marks("accuracy", "Triskel-W4")
    (p_win, _, _), (o_win, _, o_loss) = _count(p), _count(o)
    return Claim(
        key="w4-outperforms-adaboost50",
        quote=(
            "Triskel-W4 outperforms AdaBoost-50 with 3 significant wins out of the 15 datasets used"
        ),
        test=(
            "significant wins / ties / losses of Triskel-W4 against AdaBoost-50 "
            "(corrected resampled t-test, 0.05); holds: at least the paper's number of "
            "wins and no loss; partly: more wins than losses"
        ),
        paper=_wtl(p),
        ours=_wtl(o),
        verdict=verdict(o_win >= p_win and o_loss == 0, o_win > o_loss),
    )


def _faster(paper: Side, ours: Side, triskel: str, partner: str, key: str, quote: str) -> Claim:
    def shown(side: Side) -> str:
        faster = _count(side.marks("time", triskel))[2]
        ratio = float(np.nanmedian(side.time[triskel] / side.time[partner]))
        return (
            f"significantly faster on {faster} of {len(side.time)}; median time ratio {ratio:.2f}"
        )

    o = ours.marks("time", triskel)
    faster = _count(o)[2]
    ratio = float(np.nanmedian(ours.time[triskel] / ours.time[partner]))
    return Claim(
        key=key,
        quote=quote,
        test=(
            f"{triskel}'s training time against {partner}'s (corrected resampled t-test on "
            "the per-fold CPU times); holds: significantly faster on a majority of the "
            "datasets; partly: median time ratio below 1"
        ),
        paper=shown(paper),
        ours=shown(ours),
        verdict=verdict(faster > o.size / 2, ratio < 1),
    )


def _w2_comparable(paper: Side, ours: Side) -> Claim:
    o_win, _, o_loss = _count(ours.marks("accuracy", "Triskel-W2"))
    return Claim(
        key="w2-comparable-to-adaboost10",
        quote=(
            "Triskel-W2 achieves a performance that is comparable to AdaBoost-10 (2 wins, 2 losses)"
        ),
        test=(
            "significant wins / ties / losses of Triskel-W2 against AdaBoost-10; holds: "
            "no more losses than wins; partly: at most 3 losses (a fifth of 15 datasets)"
        ),
        paper=_wtl(paper.marks("accuracy", "Triskel-W2")),
        ours=_wtl(ours.marks("accuracy", "Triskel-W2")),
        verdict=verdict(o_loss <= o_win, o_loss <= 3),
    )


def _m1_least_accurate_fastest(paper: Side, ours: Side) -> Claim:
    def stats(side: Side) -> tuple[str, str]:
        acc = side.accuracy[list(ENSEMBLES)].mean()
        time = side.time[list(ENSEMBLES)].median()
        return str(acc.idxmin()), str(time.idxmin())

    def shown(side: Side) -> str:
        least, fastest = stats(side)
        return f"least accurate: {least}; fastest: {fastest}"

    least, fastest = stats(ours)
    hits = (least == "Triskel-M1") + (fastest == "Triskel-M1")
    return Claim(
        key="m1-least-accurate-and-fastest",
        quote=(
            "As expected, Triskel-M1 is both the least accurate but also the fastest "
            "ensemble method."
        ),
        test=(
            "among the seven ensembles, the lowest mean accuracy over the datasets and "
            "the lowest median training time; holds: Triskel-M1 is both; partly: one"
        ),
        paper=shown(paper),
        ours=shown(ours),
        verdict=verdict(hits == 2, hits == 1),
    )


def _m1_beats_smo(paper: Side, ours: Side) -> Claim:
    def better(side: Side) -> list[str]:
        marks = side.marks("accuracy", "Triskel-M1")
        return sorted(str(d) for d in marks.index[marks == "◇"])

    named = better(paper)
    found = [d for d in named if d in better(ours)]
    return Claim(
        key="m1-beats-smo",
        quote=(
            "The ensemble can still significantly outperform the base SMO in one-vs-one "
            "mode on the anneal.ORIG, hypothyroid and segment datasets."
        ),
        test=(
            "datasets where Triskel-M1 is significantly more accurate than SMO; holds: "
            "all three the paper names; partly: at least one of them"
        ),
        paper=", ".join(named),
        ours=listed(better(ours)),
        verdict=verdict(len(found) == len(named), bool(found)),
    )


def _m1_faster_than_smo(paper: Side, ours: Side) -> Claim:
    named = ("audiology", "hypothyroid", "soybean")

    def shown(side: Side) -> str:
        time = side.marks("time", "Triskel-M1", named)
        acc = side.marks("accuracy", "Triskel-M1", named)
        faster = [d for d in named if time[d] == "*"]
        worse = [d for d in named if acc[d] == "*"]
        return f"faster on {listed(faster)}; less accurate on {listed(worse)}"

    time = ours.marks("time", "Triskel-M1", named)
    acc = ours.marks("accuracy", "Triskel-M1", named)
    faster = [d for d in named if time[d] == "*"]
    return Claim(
        key="m1-faster-than-smo",
        quote=(
            "Triskel can be faster than one-vs-one plain SMO, especially on large "
            "datasets (here on the audiology, hypothyroid and soybean datasets), while "
            "not hurting accuracy."
        ),
        test=(
            "on those three datasets, Triskel-M1 against SMO: significantly faster, and "
            "not significantly less accurate; holds: both on all three; partly: faster "
            "on at least one"
        ),
        paper=shown(paper),
        ours=shown(ours),
        verdict=verdict(len(faster) == len(named) and not (acc == "*").any(), bool(faster)),
    )


def _line_gap(side: Side, dataset: str) -> float:
    """Mean accuracy of the Triskel line minus the AdaBoost line at the same times.

    Each Triskel point within the AdaBoost line's time range is compared with the
    AdaBoost line interpolated linearly in log time (the figure's x axis is log time);
    NaN if no Triskel point falls within that range.
    """
    ada_t = np.log(side.time.loc[dataset, list(ADABOOST_LINE)].to_numpy(float))
    ada_a = side.accuracy.loc[dataset, list(ADABOOST_LINE)].to_numpy(float)
    order = np.argsort(ada_t)
    tri_t = np.log(side.time.loc[dataset, list(TRISKEL_LINE)].to_numpy(float))
    tri_a = side.accuracy.loc[dataset, list(TRISKEL_LINE)].to_numpy(float)
    inside = (tri_t >= ada_t.min()) & (tri_t <= ada_t.max())
    if not inside.any():
        return float("nan")
    line = np.interp(tri_t[inside], ada_t[order], ada_a[order])
    return float(np.mean(tri_a[inside] - line))


def _figure2_trade_off(paper: Side, ours: Side, datasets: Sequence[str]) -> Claim:
    def above(side: Side) -> tuple[int, int]:
        gaps = [_line_gap(side, d) for d in datasets if d in side.accuracy.index]
        gaps = [g for g in gaps if not np.isnan(g)]
        return sum(g > 0 for g in gaps), len(gaps)

    (p_up, p_n), (o_up, o_n) = above(paper), above(ours)
    return Claim(
        key="figure2-triskel-line-above",
        quote=(
            "Note that in most cases the line for Triskel is above the AdaBoost line, "
            "indicating that Triskel offers a better trade-off between accuracy and speed."
        ),
        test=(
            "on Figure 2's six datasets, the Triskel points against the AdaBoost line "
            "interpolated in log training time, where their times overlap; the line is "
            "above when the mean difference is positive; holds: on most (more than half) "
            "of the datasets compared"
        ),
        paper=f"above on {p_up} of {p_n}",
        ours=f"above on {o_up} of {o_n}",
        verdict=verdict(o_n > 0 and o_up > o_n / 2),
    )


def _figure2_best(paper: Side, ours: Side, datasets: Sequence[str]) -> Claim:
    def best(side: Side) -> tuple[int, int]:
        rows = side.accuracy.reindex([d for d in datasets if d in side.accuracy.index])
        won = rows[list(TRISKEL_LINE)].max(axis=1) > rows[list(ADABOOST_LINE)].max(axis=1)
        return int(won.sum()), len(rows)

    (p_up, p_n), (o_up, o_n) = best(paper), best(ours)
    return Claim(
        key="figure2-best-triskel-above-best-adaboost",
        quote=(
            "The highest accuracy for Triskel is usually above the highest accuracy for "
            "AdaBoost, indicating that, given enough time, Triskel can typically "
            "outperform any setting of AdaBoost."
        ),
        test=(
            "on Figure 2's six datasets, the best of Triskel-M1/-1/-W2/-W4 against the "
            "best of AdaBoost-3/-10/-50 (mean accuracy); holds: higher on most (more than "
            "half)"
        ),
        paper=f"higher on {p_up} of {p_n}",
        ours=f"higher on {o_up} of {o_n}",
        verdict=verdict(o_n > 0 and o_up > o_n / 2),
    )


def _soft_covering(paper: Side, ours: Side) -> Claim:
    def shown(side: Side) -> tuple[str, bool, bool]:
        acc = side.accuracy
        means = acc[list(TRISKEL_LINE)].mean()
        w2 = int((acc["Triskel-W2"] > acc["Triskel-1"]).sum())
        w4 = int((acc["Triskel-W4"] > acc["Triskel-1"]).sum())
        n = len(acc)
        text = (
            f"mean accuracy {' → '.join(f'{means[m]:.1f}' for m in TRISKEL_LINE)}; "
            f"W2 above Triskel-1 on {w2} of {n}, W4 on {w4} of {n}"
        )
        return text, w2 > n / 2 and w4 > n / 2, w2 > n / 2 or w4 > n / 2

    p_text, _, _ = shown(paper)
    o_text, holds, partly = shown(ours)
    return Claim(
        key="soft-covering-better",
        quote=(
            "It does seem from our experiments that soft covering works better than W_easy = 0."
        ),
        test=(
            "mean accuracy of the soft-covering Triskels (W2, W4) against Triskel-1 "
            "(hard instances only) per dataset; holds: both above Triskel-1 on most "
            "datasets; partly: one of them"
        ),
        paper=p_text,
        ours=o_text,
        verdict=verdict(holds, partly),
    )


#: SMO and the AdaBoost configurations the paper ranks AdaBoost-50 among.
SMO_AND_ADABOOST = ("SMO", *ADABOOST_LINE)


def best_of(accuracy: pd.DataFrame) -> tuple[str, str, pd.Series, pd.Series]:
    """(highest mean accuracy, best average rank, means, average ranks) of SMO and AdaBoost.

    Ranks per data set as Demšar (2006): 1 the most accurate, ties sharing their ranks.
    """
    table = accuracy[list(SMO_AND_ADABOOST)]
    means = table.mean()
    ranks = stats.average_ranks(table).average
    return str(means.idxmax()), str(ranks.idxmin()), means, ranks


def _adaboost50_best(paper: Side, ours: Side) -> Claim:
    def shown(side: Side) -> str:
        _, _, means, ranks = best_of(side.accuracy)
        return "; ".join(f"{m} {means[m]:.2f} % (rank {ranks[m]:.2f})" for m in SMO_AND_ADABOOST)

    top, first, _, _ = best_of(ours.accuracy)
    hits = (top == "AdaBoost-50") + (first == "AdaBoost-50")
    return Claim(
        key="adaboost50-best-of-adaboost-and-smo",
        quote=(
            "AdaBoost-50 shows the best performance compared to SMO and the other "
            "configurations of AdaBoost."
        ),
        test=(
            "among SMO, AdaBoost-3, -10 and -50: the highest mean accuracy over the "
            "datasets and the best average rank (1 the most accurate on a dataset, ties "
            "shared); holds: AdaBoost-50 has both; partly: one"
        ),
        paper=shown(paper),
        ours=shown(ours),
        verdict=verdict(hits == 2, hits == 1),
    )


def triskel_claims(paper: Side, ours: Side, figure_datasets: Sequence[str]) -> list[Claim]:
    """The ledger of the paper's conclusions (Sections 4–6).

    Parameters
    ----------
    paper, ours : Side
        The paper's Tables 1–2 and ours, over the same datasets.
    figure_datasets : sequence of str
        The datasets of Figure 2 (those run).
    """
    missing = [m for m in (*ENSEMBLES, "SMO") if m not in ours.accuracy.columns]
    if missing:  # ``--quick``: a few methods only
        why = f"not run: {', '.join(missing)}"
        return [c.not_run(why) for c in triskel_claims(paper, paper, figure_datasets)]
    return [
        _w4_beats_adaboost50(paper, ours),
        _faster(
            paper,
            ours,
            "Triskel-W4",
            "AdaBoost-50",
            "w4-faster-than-adaboost50",
            "[Triskel-W4 outperforms AdaBoost-50] while being considerably faster due to "
            "the smaller ensemble.",
        ),
        _w2_comparable(paper, ours),
        _faster(
            paper,
            ours,
            "Triskel-W2",
            "AdaBoost-10",
            "w2-faster-than-adaboost10",
            "[Triskel-W2] is significantly faster [than AdaBoost-10] most of the time "
            "because of the smaller ensemble size.",
        ),
        _m1_least_accurate_fastest(paper, ours),
        _m1_beats_smo(paper, ours),
        _m1_faster_than_smo(paper, ours),
        _figure2_trade_off(paper, ours, figure_datasets),
        _figure2_best(paper, ours, figure_datasets),
        _soft_covering(paper, ours),
        _adaboost50_best(paper, ours),
    ]
