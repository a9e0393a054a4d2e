"""The claims ledger of the ELRC page: the paper's conclusions, each with its test.

Claims 1-6 are read from Table 2 (ours beside the paper's own), claim 7 from the levels
run (:mod:`.levels`), claim 8 from the fitted trees' nodes (:mod:`.nodes`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np
import pandas as pd
from scipy import stats as sps

from ...evaluation import stats
from ...reporting.claims import Claim, listed, verdict
from . import nodes as tree_nodes
from .analysis import claim_check, sign_tests
from .levels import levels_claim
from .paper import BASES, label

__all__ = ["EQUIVALENCE_MARGIN", "STABLE", "elrc_claims"]


#: The paper's stable base learners (Section 2), with which its benchmark ensembles
#: "failed to improve" on the single learner and ELRC "outperformed" them.
STABLE = ("SMO", "NB")

ENSEMBLES = ("Ada", "Bagging")


def _ensembles(groups: tuple[str, ...]) -> list[str]:
    return [f"{g} {k}" for g in groups for k in ENSEMBLES]


def _over_single(columns: list[str]) -> dict[str, tuple[str, str]]:
    return {c: (c, f"{c.split()[0]} Single") for c in columns}


def _elrc_over(columns: list[str]) -> dict[str, tuple[str, str]]:
    return {c: ("ELRC", c) for c in columns}


def _shown(tests: dict[str, stats.SignTestResult]) -> str:
    """``"SMO Ada 5-2-3, ..."`` (wins-ties-losses) and the critical value."""
    n_c = next(iter(tests.values())).critical_value
    counts = ", ".join(f"{name} {t.wins}-{t.ties}-{t.losses}" for name, t in tests.items())
    return f"{counts} (n_c = {n_c})"


def _beating_all(acc: pd.DataFrame) -> tuple[int, list[str]]:
    """Datasets on which ELRC beats all three single learners: how many, and the others."""
    beats = claim_check(acc)["beats all"]
    return int(beats.sum()), list(beats.index[~beats])


def _beats_singles(paper: pd.DataFrame, ours: pd.DataFrame) -> Claim:
    def shown(acc: pd.DataFrame) -> str:
        held, failing = _beating_all(acc)
        return f"{held} of {len(acc)}" + (f" (not: {listed(failing)})" if failing else "")

    held, _ = _beating_all(ours)
    text = shown(ours)
    comparable = ours.drop(index="Hypothyroid", errors="ignore")
    if len(comparable) < len(ours):
        text += f"; {_beating_all(comparable)[0]} of the {len(comparable)} that are the paper's"
    return Claim(
        key="beats-every-single-learner",
        quote=(
            "In comparison to single classifiers, ELRC always produced higher accuracy than "
            "single classifiers regardless of the base learning algorithm. This verifies "
            "the outstanding performance of ELRC."
        ),
        test=(
            "datasets on which ELRC is more accurate than all three single learners (SMO, "
            "naive Bayes, C4.5); holds: every dataset ('always'); partly: most of them"
        ),
        paper=shown(paper),
        ours=text,
        verdict=verdict(held == len(ours), held > len(ours) / 2),
        checked="" if held == len(ours) else _singles_note(paper, ours),
    )


def _ahead(
    paper: pd.DataFrame, ours: pd.DataFrame, rows: list[str], columns: list[str], word: str
) -> list[str]:
    """Per dataset of ``rows``: the best of ``columns`` against ELRC, ours and the paper's."""
    parts = []
    for d in rows:
        best = str(ours.loc[d, columns].astype(float).idxmax())
        there = (
            f" (paper: ELRC {paper.loc[d, 'ELRC']:.2f}, {best} {paper.loc[d, best]:.2f})"
            if d in paper.index
            else " (not in the paper's table)"
        )
        parts.append(
            f"{d}: {best} {ours.loc[d, best]:.2f} {word} ELRC {ours.loc[d, 'ELRC']:.2f}{there}"
        )
    return parts


def _singles_note(paper: pd.DataFrame, ours: pd.DataFrame) -> str:
    """Where ELRC is not above every single learner: the best one, its margin, the paper's."""
    singles = [label(b, "Single") for b in BASES]
    parts = _ahead(paper, ours, _beating_all(ours)[1], singles, "against")
    return (
        "Where ELRC is not above all three single learners, the most accurate one "
        f"(accuracy %): {'; '.join(parts)}. These are means of one 10-fold "
        "cross-validation, as in the paper."
    )


Judge = Callable[[dict[str, stats.SignTestResult]], tuple[bool, bool]]


def _mostly_help(tests: dict[str, stats.SignTestResult]) -> tuple[bool, bool]:
    general = all(t.wins >= t.losses for t in tests.values())
    some_poorer = any(t.losses for t in tests.values())
    return general and some_poorer, not any(t.worse for t in tests.values())


def _no_gain(tests: dict[str, stats.SignTestResult]) -> tuple[bool, bool]:
    no_gain = all(t.wins <= t.losses for t in tests.values())
    return no_gain, not any(t.better for t in tests.values())


def _outperforms(tests: dict[str, stats.SignTestResult]) -> tuple[bool, bool]:
    values = tests.values()
    return all(t.better for t in values), all(t.wins > t.losses for t in values)


#: The claims tested by sign tests over the datasets: key -> (the pairs of columns
#: tested, the judge giving (holds, partly), the paper's words, the test).
_SIGN_CLAIMS: dict[str, tuple[dict[str, tuple[str, str]], Judge, str, str]] = {
    "ensembles-generally-help": (
        _over_single(_ensembles(tuple(BASES.values()))),
        _mostly_help,
        "While bagging and Adaboost generally outperformed or were comparable to the "
        "single classifiers, they also produced poorer results for some data, as well.",
        "wins-ties-losses of each of the six ensembles against its single learner over the "
        "datasets; holds: every ensemble wins on at least as many datasets as it loses, and "
        "some ensemble loses on some dataset; partly: no ensemble significantly worse (sign "
        "test, α = 0.05)",
    ),
    "stable-ensembles-fail": (
        _over_single(_ensembles(STABLE)),
        _no_gain,
        "When either SMO or naive Bayes were used as the base learning algorithm, Adaboost "
        "and bagging failed to improve the performance of the single classifier.",
        "wins-ties-losses of AdaBoost and Bagging of SMO and of naive Bayes against the "
        "single learner over the datasets; holds: none of the four wins on more datasets "
        "than it loses; partly: none significantly better (sign test, α = 0.05)",
    ),
    "beats-stable-ensembles": (
        _elrc_over(_ensembles(STABLE)),
        _outperforms,
        "In the remaining cases [SMO and naive Bayes as the base learner], our method "
        "outperformed the benchmark methods [bagging and Adaboost] (abstract). ELRC was "
        "also generally more accurate than bagging and Adaboost with SMO or naive Bayes as "
        "the base learning algorithm (Section 4.2).",
        "wins-ties-losses of ELRC against AdaBoost and Bagging of SMO and of naive Bayes "
        "over the datasets; holds: significantly better than all four (sign test, "
        "α = 0.05); partly: more wins than losses against all four",
    ),
}


def _sign_claim(key: str, paper: pd.DataFrame, ours: pd.DataFrame) -> Claim:
    """The claim ``key`` of ``_SIGN_CLAIMS``.

    Where the paper's own Table 2 does not meet the claim's test, its value says so.
    """
    pairs, judge, quote, test = _SIGN_CLAIMS[key]
    p, o = sign_tests(paper, pairs), sign_tests(ours, pairs)
    own = verdict(*judge(p))
    note = "" if own == "holds" else f" — by this test the paper's own table: {own}"
    result = verdict(*judge(o))
    checked = "" if result == "holds" else _sign_note(ours, pairs, o)
    return Claim(key, quote, test, _shown(p) + note, _shown(o), result, checked)


def _sign_note(
    acc: pd.DataFrame, pairs: dict[str, tuple[str, str]], tests: dict[str, stats.SignTestResult]
) -> str:
    """How large the wins and losses behind a sign test are, and what significance needs."""
    parts = []
    for name, (a, b) in pairs.items():
        diff = (acc[a] - acc[b]).astype(float)
        t = tests[name]
        parts.append(
            f"{name} {t.wins}-{t.ties}-{t.losses}, mean difference {diff.mean():+.2f} points "
            f"(from {diff.min():+.2f} on {diff.idxmin()} to {diff.max():+.2f} on "
            f"{diff.idxmax()})"
        )
    n_c = next(iter(tests.values())).critical_value
    return (
        f"Checked the sizes of the wins and losses: {'; '.join(parts)}. Over {len(acc)} "
        f"datasets the sign test needs wins + ties/2 ≥ {n_c} to be significant at α = 0.05."
    )


#: "Comparable": mean accuracies within one point (the region of practical equivalence
#: for accuracy of Benavoli et al., JMLR 2017), fixed before the results were seen.
EQUIVALENCE_MARGIN = 1.0


def _equivalence(acc: pd.DataFrame) -> dict[str, stats.EquivalenceResult]:
    return {
        c: stats.paired_equivalence(acc["ELRC"], acc[c], EQUIVALENCE_MARGIN)
        for c in _ensembles(("C4.5",))
    }


def _shown_equivalence(acc: pd.DataFrame) -> str:
    if len(acc) < 2:
        return f"{len(acc)} dataset: an interval needs at least two"
    parts = []
    for name, r in _equivalence(acc).items():
        wins, ties, losses = stats.win_tie_loss(acc["ELRC"], acc[name])
        lo, hi = r.interval
        parts.append(
            f"{name} {wins}-{ties}-{losses}, mean difference {r.mean_difference:+.2f}, "
            f"90 % interval [{lo:+.2f}, {hi:+.2f}], TOST p = {r.p_value:.3f}"
        )
    return f"{'; '.join(parts)} ({len(acc)} datasets)"


def _comparable_claim(paper: pd.DataFrame, ours: pd.DataFrame) -> Claim:
    """Claim 6: ELRC and the C4.5 ensembles within the margin, by a test that can fail."""

    def judge(acc: pd.DataFrame) -> str:
        if len(acc) < 2:
            return "not run"
        tests = _equivalence(acc)
        ahead = all((acc[c] > acc["ELRC"]).any() for c in tests)
        equivalent = [r.equivalent for r in tests.values()]
        return verdict(all(equivalent) and ahead, any(equivalent))

    result = judge(ours)
    own = judge(paper)
    return Claim(
        key="comparable-with-c45-ensembles",
        quote=(
            "The performance of our method is comparable to that of Adaboost and bagging "
            "when the base learner is C4.5 (abstract; Section 5). Adaboost and bagging "
            "yielded more accurate results than ELRC in some datasets when C4.5 is used as "
            "the base learning algorithm (Section 4.2)."
        ),
        test=(
            "ELRC against C4.5 AdaBoost and C4.5 Bagging, accuracy (%) per dataset: "
            f"equivalent within ±{EQUIVALENCE_MARGIN:g} point (two one-sided paired t-tests "
            "over the datasets, α = 0.05, i.e. the 90 % interval of the mean difference "
            f"inside ±{EQUIVALENCE_MARGIN:g}; the margin is the region of practical "
            "equivalence of Benavoli et al. 2017); holds: equivalent to both, and each more "
            "accurate than ELRC on some dataset; partly: equivalent to one"
        ),
        paper=_shown_equivalence(paper)
        + ("" if own in ("holds", "not run") else f" — by this test the paper's own table: {own}"),
        ours=_shown_equivalence(ours),
        verdict=result,
        checked="" if result in ("holds", "not run") else _power_note(ours),
    )


def _power_note(acc: pd.DataFrame) -> str:
    """How precise the test could be: the interval's half-width, and the datasets needed."""
    parts = []
    for name, r in _equivalence(acc).items():
        sd = float((acc["ELRC"] - acc[name]).std(ddof=1))
        room = EQUIVALENCE_MARGIN - abs(r.mean_difference)
        sizes = np.arange(2, 10_001) if room > 0 else np.arange(0)
        fits = sps.t.ppf(0.95, sizes - 1) * sd / np.sqrt(sizes) < room
        needed = int(sizes[fits][0]) if fits.any() else None
        parts.append(
            f"{name}: the interval is ±{r.half_width:.2f} points wide; with this spread "
            f"(sd {sd:.2f}) and this mean difference, "
            + (
                f"about {needed} datasets would show equivalence"
                if needed
                else "no number of datasets would show equivalence within the margin"
            )
        )
    return (
        f"Checked how much the test could show with {len(acc)} datasets. "
        + "; ".join(parts)
        + ". The verdict reads: comparability is not shown, which is not a shown difference."
    )


def _stable_best_rows(acc: pd.DataFrame) -> tuple[list[str], list[str]]:
    """The datasets best classified by SMO or NB, and those where ELRC beats all six ensembles.

    A tie of single learners goes to the first of SMO, NB and C4.5 (ELRC's priority).
    """
    best = acc[[label(b, "Single") for b in BASES]].idxmax(axis=1)
    rows = [d for d in acc.index if best[d].split()[0] in STABLE]
    ensembles = _ensembles(tuple(BASES.values()))
    beaten = [d for d in rows if (acc.loc[d, "ELRC"] > acc.loc[d, ensembles]).all()]
    return rows, beaten


def _where_stable_is_best(paper: pd.DataFrame, ours: pd.DataFrame) -> Claim:
    def shown(acc: pd.DataFrame) -> str:
        rows, beaten = _stable_best_rows(acc)
        missed = [d for d in rows if d not in beaten]
        return f"{len(beaten)} of {len(rows)} ({listed(rows)})" + (
            f"; not on {listed(missed)}" if missed else ""
        )

    rows, beaten = _stable_best_rows(ours)
    result = verdict(len(beaten) == len(rows), len(beaten) > len(rows) / 2) if rows else "not run"
    return Claim(
        key="beats-ensembles-where-stable-is-best",
        quote=(
            "Therefore, ELRC is more accurate than Adaboost and bagging on datasets that "
            "are best classified by SMO or naive Bayes single classifiers."
        ),
        test=(
            "datasets whose most accurate single learner is SMO or naive Bayes, and on how "
            "many of them ELRC is more accurate than all six AdaBoost and Bagging "
            "ensembles; holds: all of them; partly: most of them"
        ),
        paper=shown(paper),
        ours=shown(ours) if rows else "no dataset is best classified by SMO or naive Bayes",
        verdict=result,
        checked=_stable_best_note(paper, ours) if result in ("partly", "does not hold") else "",
    )


def _stable_best_note(paper: pd.DataFrame, ours: pd.DataFrame) -> str:
    """Where ELRC misses: which ensemble is ahead, by how much, and what the paper has there."""
    rows, beaten = _stable_best_rows(ours)
    ensembles = _ensembles(tuple(BASES.values()))
    parts = _ahead(paper, ours, [d for d in rows if d not in beaten], ensembles, "vs")
    paper_rows = _stable_best_rows(paper.loc[paper.index.intersection(ours.index)])[0]
    return (
        "Where ELRC is not ahead of all six ensembles, the most accurate one and its margin "
        f"(accuracy %): {'; '.join(parts)}. Which datasets count also moves with the single "
        f"learners: SMO or naive Bayes is the best single learner on {listed(rows)} here and "
        f"on {listed(paper_rows)} in the paper (same datasets). The claim rests on "
        "differences of this size between means of one 10-fold cross-validation."
    )


_CLAIMS: tuple[Callable[[pd.DataFrame, pd.DataFrame], Claim], ...] = (
    _beats_singles,
    partial(_sign_claim, "ensembles-generally-help"),
    partial(_sign_claim, "stable-ensembles-fail"),
    partial(_sign_claim, "beats-stable-ensembles"),
    _where_stable_is_best,
    _comparable_claim,
)


def elrc_claims(
    paper: pd.DataFrame,
    ours: pd.DataFrame,
    levels: pd.DataFrame | None = None,
    level_splits: pd.DataFrame | None = None,
    nodes: tuple[pd.DataFrame, pd.DataFrame] | None = None,
) -> list[Claim]:
    """The ledger of the paper's conclusions (abstract, Section 4.2, Section 5).

    Parameters
    ----------
    paper : DataFrame
        The paper's Table 2 (:func:`.paper.paper_matrix`), rows as ``ours``.
    ours : DataFrame
        Our accuracies (:func:`.analysis.accuracy_matrix`); rows with a missing cell (datasets not
        finished) are left out of both sides.
    levels : DataFrame, optional
        ELRC's accuracy by number of levels (:func:`.levels.level_accuracy`), for
        claim 7.
    level_splits : DataFrame, optional
        The same per fold (:func:`.levels.level_folds`), for claim 7's held-out test.
    nodes : (DataFrame, DataFrame), optional
        The fitted trees' node records and the folds' accuracies
        (:func:`.nodes.stored_nodes`), for claim 8 (None: not run).

    Examples
    --------
    >>> from ensemble_lab.experiments.elrc.paper import PAPER_TABLE2, paper_matrix
    >>> table = paper_matrix(list(PAPER_TABLE2))
    >>> [c.verdict for c in elrc_claims(table, table)][:2]
    ['holds', 'holds']
    """
    complete = ours.dropna()
    if complete.empty:
        claims = [check(paper, paper) for check in _CLAIMS]
        reason = "no dataset has all its folds stored"
        return [
            *(c.not_run(reason) for c in claims),
            levels_claim(levels, level_splits),
            tree_nodes.claim(nodes),
        ]
    paper = paper.loc[complete.index]
    return [
        *(check(paper, complete) for check in _CLAIMS),
        levels_claim(levels, level_splits),
        tree_nodes.claim(nodes),
    ]
