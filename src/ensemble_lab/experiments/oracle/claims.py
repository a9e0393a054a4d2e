"""The conclusions of Kuncheva & Rodríguez (Random Linear Oracle), Section V, as tests.

Each claim is quoted from the paper; its statistic is computed the same way from the
paper's Table III (transcribed in
:data:`~ensemble_lab.experiments.oracle.paper.PAPER_TABLE_III`) and from our average
ranks and win-tie-loss counts, and its criterion is as strict as the paper's wording.
Claim 7, an absence of difference, is an equivalence test on our per-dataset accuracies
with a margin fixed in advance (:mod:`~ensemble_lab.experiments.oracle.pruning`). The
notes of the verdicts short of "holds" are computed from the evidence of
:mod:`~ensemble_lab.experiments.oracle.readings`. Section VI (seven medical datasets,
Table V) is tested by :mod:`~ensemble_lab.experiments.oracle.medical`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import pandas as pd

from ...evaluation import stats
from ...reporting.claims import Claim, listed, verdict
from .paper import PAPER_ZOO_DISCRETE
from .pruning import pruning_claim
from .readings import Evidence, s_against_w
from .sides import Side, family, host, parse_wtl, ranked_places

__all__ = ["oracle_claims"]

#: Host ensembles of the paper's "benefit" discussion, by the name of their family.
BAGGING_LIKE = ("Bagging", "Rand. Subs.")
BOOSTING = ("AdaBoostM1", "MultiBoost")


def _no_exception(paper: Side, ours: Side) -> Claim:
    helped, n = int((ours.gain > 0).sum()), len(ours.gain)
    hurt = sorted(ours.gain.index[ours.gain <= 0])
    return Claim(
        key="rank-better-with-oracle",
        quote=(
            "With no exception, the ensemble method with the Random Linear Oracle has a "
            "total rank better than the total rank without the oracle."
        ),
        test=(
            "number of the 19 ensembles whose H- version has the better (lower) average "
            "rank than its N- version; holds: all 19; partly: a majority"
        ),
        paper=f"{int((paper.gain > 0).sum())} of {len(paper.gain)}",
        ours=f"{helped} of {n}" + (f" (not: {', '.join(hurt)})" if hurt else ""),
        verdict=verdict(helped == n, helped > n / 2),
        checked=_rank_note(paper, ours, hurt) if hurt else "",
    )


def _rank_note(paper: Side, ours: Side, hurt: list[str]) -> str:
    """Which ensembles miss and by how much, and the readings checked."""
    means = ours.evidence.means
    misses = []
    for fam in hurt:
        h, n = "H-" + fam, "N-" + fam
        gain = (
            f", accuracy gain {100 * float((means[h] - means[n]).mean()):+.2f} points"
            if means is not None and {h, n} <= set(means.columns)
            else ""
        )
        w, t, lo = ours.wtl.get(h, (0, 0, 0))
        misses.append(
            f"{fam} (average rank H- {ours.ranks[h]:.2f}, N- {ours.ranks[n]:.2f}; "
            f"{w}-{t}-{lo}{gain})"
        )
    return " ".join(
        [
            f"The oracle's version ranks worse for {'; '.join(misses)}.",
            _uniform_text(ours),
            _s_and_w_text(paper, ours),
            _zoo_text(ours),
        ]
    )


def _uniform_text(ours: Side) -> str:
    """Reading (a): the oracle's points drawn uniformly for the reweighting hosts."""
    readings = ours.evidence.readings
    if readings is None or readings.table.empty:
        return "(a) The uniform reading of the oracle's points was not run (no oracle-readings.db)."
    t = readings.table
    by_host = "; ".join(
        f"{fam} {r['by weight: rank gain']:+.2f} → {r['uniform: rank gain']:+.2f} "
        f"(uniform against by weight {r['uniform vs by weight: W-T-L']})"
        for fam, r in t.iterrows()
    )
    by_weight, uniform, n = readings.helped
    return (
        "(a) Reading: the hyperplane's two points drawn uniformly from the member's rows "
        "instead of in proportion to the boosting weights (ours). Only the reweighting "
        "(W) hosts differ: resampling hands the oracle unit weights. Experiment "
        f"`oracle-readings` ran their {len(t)} H- methods so on {readings.n_datasets} of "
        f"the datasets with Table III's folds ({readings.cpu_minutes:.1f} CPU-minutes; "
        f"table below); the rank gain over those datasets, by weight → uniform: {by_host}. "
        f"Over those datasets the claim's count is {by_weight} of {n} with the points by "
        f"weight and {uniform} of {n} with the uniform reading."
    )


def _s_and_w_text(paper: Side, ours: Side) -> str:
    """Reading (b): the resampling hosts against the reweighting ones."""
    if ours.evidence.means is None:
        return ""
    worse = s_against_w(ours.evidence.means)
    if worse.empty:
        return ""

    def gaps(side: Side) -> pd.Series:
        return pd.Series(
            {m: side.ranks[m] - side.ranks[m.replace("(S)", "(W)")] for m in worse.index}
        )

    ours_gap, paper_gap = gaps(ours), gaps(paper)
    s_methods = list(worse.index)
    above = {
        side: [sum(r.ranks[m] < r.ranks[s] for s in s_methods) for m in _ALONE if m in r.ranks]
        for side, r in (("ours", ours), ("paper", paper))
    }
    weaker = "weaker" if ours_gap.mean() > 0 else "not weaker"
    lifted = sum(above["ours"]) > sum(above["paper"])
    return (
        f"(b) Reading: the resampling (S) hosts are {weaker} here than the reweighting (W) "
        f"ones. Each of the {len(worse)} S methods is less accurate than its W version on "
        f"{worse['S worse'].min()}–{worse['S worse'].max()} of {worse['of'].iloc[0]} "
        f"datasets; average rank S − W {ours_gap.min():+.2f} to {ours_gap.max():+.2f} "
        f"(mean {ours_gap.mean():+.2f}) here, {paper_gap.min():+.2f} to "
        f"{paper_gap.max():+.2f} (mean {paper_gap.mean():+.2f}) in the paper's Table III. "
        f"{' and '.join(_ALONE)} rank above {' and '.join(map(str, above['ours']))} of "
        f"the {len(s_methods)} S methods here, {' and '.join(map(str, above['paper']))} in "
        + (
            "the paper: the S hosts' standing lifts the oracle-only ensembles (claim 4)"
            if lifted
            else "the paper"
        )
        + "; the H- and N- versions of a host are both S or both W, so the rank gains of "
        "claim 1 compare like with like."
    )


def _zoo_text(ours: Side) -> str:
    """Which zoo the store used, and the paper's."""
    n = ours.evidence.zoo_features
    if n is None:
        return ""
    return (
        f"Table I counts {PAPER_ZOO_DISCRETE} discrete attributes for zoo, which takes "
        "the animal's name as one; zoo is run so, as Weka ships it (the registry's "
        f"`zoo-named`, {n} attributes: the {PAPER_ZOO_DISCRETE} and the number of legs)."
    )


def _significant(paper: Side, ours: Side) -> Claim:
    def count(side: Side) -> tuple[list[str], list[str]]:
        better = sorted(f for f, t in side.tests.items() if t.better)
        worse = sorted(f for f, t in side.tests.items() if t.worse)
        return better, worse

    p_better, p_worse = count(paper)
    o_better, o_worse = count(ours)
    n_c = next(iter(ours.tests.values())).critical_value if ours.tests else 0
    return Claim(
        key="sign-test",
        quote=(
            "The methods for which the random oracle approach leads to statistically "
            "significant improvement are marked with a bullet. There is no "
            "method where the random oracle led to significantly worse results."
        ),
        test=(
            "sign test of H- against N- over the datasets (wins + ties/2 ≥ n_c, α = 0.05); "
            "holds: at least as many significant improvements as the paper and none "
            "significantly worse; partly: at least one improvement and none worse"
        ),
        paper=f"{len(p_better)} better, {len(p_worse)} worse (n_c = 24 of 35)",
        ours=(
            f"{len(o_better)} better ({listed(o_better)}), {len(o_worse)} worse"
            f"{' (' + listed(o_worse) + ')' if o_worse else ''} "
            f"(n_c = {n_c} of {ours.n_datasets})"
        ),
        verdict=verdict(
            len(o_better) >= len(p_better) and not o_worse, bool(o_better) and not o_worse
        ),
        checked=(
            ""
            if len(o_better) >= len(p_better) and not o_worse
            else _bullet_note(ours, sorted(set(p_better) - set(o_better)), o_worse)
        ),
    )


def _bullet_note(ours: Side, missed: list[str], worse: list[str]) -> str:
    """How far each of the paper's significant ensembles is from n_c here."""
    missed = [f for f in missed if f in ours.tests]  # ``--quick`` runs a few only
    if not ours.tests:
        return ""
    reps = ours.evidence.repetitions or {}
    shown = []
    for fam in missed:
        t = ours.tests[fam]
        alone = reps.get(fam, [])
        on_reps = (
            f", significant on {sum(stats.sign_test(*c).better for c in alone)} of "
            f"{len(alone)} repetitions alone"
            if alone
            else ""
        )
        shown.append(
            f"{fam} {t.wins}-{t.ties}-{t.losses} (wins + ties/2 = {t.wins + t.ties / 2:g}{on_reps})"
        )
    n_c = next(iter(ours.tests.values())).critical_value
    worse_text = f"Significantly worse here: {listed(worse)}. " if worse else ""
    return (
        worse_text
        + f"Of the paper's significant improvements, not significant here (n_c = {n_c} of "
        f"{ours.n_datasets}): "
        + ("; ".join(shown) or "none")
        + ". "
        + _uniform_signs(ours)
        + " Reading (b), the resampling hosts' standing, and the zoo used: note 1."
    )


def _uniform_signs(ours: Side) -> str:
    """Reading (a) for the sign test: the uniform reading's counts against N-."""
    readings = ours.evidence.readings
    if readings is None or readings.table.empty:
        return "Reading (a), the oracle's points drawn uniformly, was not run."
    parts = []
    for fam, r in readings.table.iterrows():
        weight = stats.sign_test(*parse_wtl(r["by weight: W-T-L"]))
        uniform = stats.sign_test(*parse_wtl(r["uniform: W-T-L"]))
        parts.append(
            f"{fam} {'• ' if weight.better else ''}{r['by weight: W-T-L']} → "
            f"{'• ' if uniform.better else ''}{r['uniform: W-T-L']}"
        )
    n_c = stats.sign_test(readings.n_datasets, 0, 0).critical_value
    return (
        "Reading (a), the oracle's points drawn uniformly (note 1), over its "
        f"{readings.n_datasets} datasets (n_c = {n_c}; • significant), H- against N- by "
        f"weight → uniformly: {'; '.join(parts)}."
    )


def _rotation_forest_only(paper: Side, ours: Side) -> Claim:
    def losing(side: Side) -> list[str]:
        return sorted(
            f for f, (w, _, lo) in ((family(m), c) for m, c in side.wtl.items()) if w < lo
        )

    p_losing, o_losing = losing(paper), losing(ours)
    others = [f for f in o_losing if host(f) != "Rotation Forest"]
    return Claim(
        key="only-rotation-forest-loses",
        quote=(
            "Of the 19 ensemble methods in total, only Rotation Forest has the number of "
            "wins with oracle lower than the number of losses."
        ),
        test=(
            "ensembles whose H- version has fewer wins than losses against N-; holds: "
            "exactly the two Rotation Forests; partly: no ensemble other than Rotation "
            "Forest"
        ),
        paper=listed(p_losing),
        ours=listed(o_losing),
        verdict=verdict(o_losing == p_losing, not others),
        checked=_losing_note(ours, others) if others else "",
    )


def _losing_note(ours: Side, others: list[str]) -> str:
    """How far the other losing hosts are from a tie, and what their hosts are."""
    shown = []
    for fam in others:
        t = ours.tests[fam]
        h, n = ours.ranks["H-" + fam], ours.ranks["N-" + fam]
        shown.append(
            f"{fam} {t.wins}-{t.ties}-{t.losses} (significantly worse: "
            f"{'yes' if t.worse else 'no'}; average rank H- {h:.2f}, N- {n:.2f})"
        )
    margin = min(ours.tests[f].losses - ours.tests[f].wins for f in others)
    return (
        f"Besides Rotation Forest: {'; '.join(shown)}; the sign test's n_c is "
        f"{ours.tests[others[0]].critical_value} of {ours.n_datasets}. The verdict rests on "
        f"a margin of {margin} dataset{'s' if margin != 1 else ''}: "
        + _losing_spread(ours, others)
        + " These hosts are "
        "Weka's own, prediction for prediction, with and without resampling "
        "(tests/weka/test_hosts.py), and so is the oracle's J48; the run is the paper's "
        "protocol (35 datasets, 10×10 CV). No defect was found: the oracle's effect on "
        "boosted trees is smaller here than in the paper, which claims 5 and 6 also show."
    )


def _verdict_of(losing: tuple[str, ...] | list[str]) -> str:
    """Claim 3's verdict for the families with fewer wins than losses."""
    if sorted(map(host, losing)) == ["Rotation Forest"] * 2:
        return "holds"
    return "partly" if all(host(f) == "Rotation Forest" for f in losing) else "does not hold"


def _losing_spread(ours: Side, others: list[str]) -> str:
    """The verdict and the losing families over the splits (repetitions, bootstrap)."""
    reps, boot = ours.evidence.repetitions, ours.evidence.bootstrap
    if not reps or not boot:
        return "no per-repetition results to show its spread."
    n_reps = len(next(iter(reps.values())))
    per_rep = [[f for f, c in reps.items() if c[i][0] < c[i][2]] for i in range(n_reps)]
    verdicts = [_verdict_of(losing) for losing in per_rep]
    n_others = [sum(host(f) != "Rotation Forest" for f in losing) for losing in per_rep]

    def tally(values: list[str]) -> str:
        return ", ".join(f"{v} on {values.count(v)}" for v in ("holds", "partly", "does not hold"))

    def family_spread(fam: str) -> str:
        diffs = [w - lo for w, _, lo in reps[fam]]
        share = sum(fam in b for b in boot) / len(boot)
        return (
            f"{fam} has fewer wins than losses on {sum(d < 0 for d in diffs)} of {n_reps} "
            f"repetitions (wins − losses {min(diffs):+d} to {max(diffs):+d}) and in "
            f"{share:.0%} of the bootstrap replicates"
        )

    boot_verdicts = [_verdict_of(b) for b in boot]
    return (
        f"on each of the {n_reps} repetitions of the cross-validation alone (the means over "
        f"its folds compared) the test's verdict is {tally(verdicts)}, with "
        f"{min(n_others)}–{max(n_others)} ensembles besides Rotation Forest losing; drawing "
        f"the {n_reps} repetitions with replacement ({len(boot)} bootstrap replicates of "
        f"the means over their folds) it is {tally(boot_verdicts)}. "
        + "; ".join(family_spread(f) for f in others)
        + "."
    )


_ALONE = ("H-P-Ensemble", "H-U-Ensemble")


def _oracle_alone(paper: Side, ours: Side) -> Claim:
    alone = _ALONE

    def where(side: Side) -> str:
        places = ranked_places(side.ranks)
        return ", ".join(f"{m} {places[m]}" for m in alone if m in places)

    places, k = ranked_places(ours.ranks), len(ours.ranks)
    low = [m for m in alone if m in places and places[m] > 2 * k / 3]
    lower_half = [m for m in alone if m in places and places[m] > k / 2]
    return Claim(
        key="oracle-alone-is-weak",
        quote=(
            "The Random Linear Oracle by itself is not a sufficiently viable ensemble "
            "heuristic. The two ensembles based solely on the oracle, H-P-Ensemble and "
            "H-U-Ensemble, have low total ranks."
        ),
        test=(
            f"places of the two oracle-only ensembles among the {k} methods; holds: both "
            "in the bottom third; partly: both in the bottom half"
        ),
        paper=f"places {where(paper)} of {len(paper.ranks)}",
        ours=f"places {where(ours)} of {k}",
        verdict=verdict(len(low) == 2, len(lower_half) == 2),
        checked="" if len(lower_half) == 2 else _alone_note(paper, ours, alone),
    )


def _alone_note(paper: Side, ours: Side, alone: tuple[str, ...]) -> str:
    """Which ensembles the oracle-only ones rank above, here and in the paper."""
    present = [m for m in alone if m in ours.ranks]
    if not present:
        return ""
    best = min(present, key=lambda m: ours.ranks[m])

    def below(side: Side) -> list[str]:
        return sorted(m for m in side.ranks if side.ranks[m] > side.ranks[best])

    ours_below, paper_below = below(ours), below(paper)
    n_plain = sum(m.startswith("N-") for m in ours_below)
    return (
        f"{best} (average rank {ours.ranks[best]:.2f}) ranks above {len(ours_below)} "
        f"methods here, {n_plain} of them without the oracle; in the paper above "
        f"{len(paper_below)}. Here, not in the paper: "
        f"{listed(sorted(set(ours_below) - set(paper_below)))}. The oracle-only ensembles "
        "are the paper's: ten members, each a random linear oracle over all rows and "
        "attributes (`RandomSubspaceClassifier(subspace_size=1.0)` of the oracle, "
        "tests/methods/test_oracle_ensembles.py); the hosts they are ranked against are "
        "Weka's (tests/weka/test_hosts.py). The difference is in the hosts' standing: "
        "several of them rank lower here than in the paper."
    )


def _bagging_and_subspace(paper: Side, ours: Side) -> Claim:
    def top(side: Side) -> list[str]:
        return side.host_gain().index[:2].tolist()

    def shown(side: Side) -> str:
        gains = side.host_gain()
        return "; ".join(f"{h} {g:+.2f}" for h, g in gains.items())

    o_top = top(ours)
    hits = len(set(o_top) & set(BAGGING_LIKE))
    return Claim(
        key="bagging-and-subspace-benefit-most",
        quote=(
            "The two ensemble approaches which benefit the most are random subspace and bagging."
        ),
        test=(
            "rank gain (N- rank − H- rank) averaged over each host's versions (pruned / "
            "unpruned, S / W, 50 % / 75 %); holds: Random Subspace and Bagging are the "
            "two largest; partly: one of them is"
        ),
        paper=shown(paper),
        ours=shown(ours),
        verdict=verdict(hits == 2, hits == 1),
    )


def _boosting_benefits_less(paper: Side, ours: Side) -> Claim:
    def means(side: Side) -> tuple[float, float]:
        hosts = side.gain.index.map(host)
        boosting = float(side.gain[hosts.isin(BOOSTING)].mean())
        bagging = float(side.gain[hosts.isin(BAGGING_LIKE)].mean())
        return boosting, bagging

    (p_boost, p_bag), (o_boost, o_bag) = means(paper), means(ours)
    return Claim(
        key="boosting-benefits-less",
        quote=(
            "Ensemble approaches that are based on engineered diversity, e.g., boosting, "
            "benefit less."
        ),
        test=(
            "mean rank gain of the 8 AdaBoostM1 / MultiBoost versions against that of the "
            "6 Bagging / Random Subspace versions; holds: smaller"
        ),
        paper=f"boosting {p_boost:+.2f}, bagging / subspace {p_bag:+.2f}",
        ours=f"boosting {o_boost:+.2f}, bagging / subspace {o_bag:+.2f}",
        verdict=verdict(o_boost < o_bag),
    )


def oracle_claims(
    paper_table: Mapping[str, tuple[float, str | None]],
    average_ranks: Mapping[str, float],
    win_tie_loss: Mapping[str, tuple[int, int, int]],
    evidence: Evidence | None = None,
) -> list[Claim]:
    """The ledger of the paper's Section V conclusions (Section VI's: ``medical``).

    Parameters
    ----------
    paper_table : mapping
        Table III: method -> (total rank, win-tie-loss cell or None / "N/A").
    average_ranks : mapping
        Our average rank of every method.
    win_tie_loss : mapping
        Our ``(wins, ties, losses)`` of every H- method against its N- version.
    evidence : Evidence, optional
        Our per-dataset accuracies (claim 7's equivalence test), the counts on each
        repetition (claim 3's spread) and the readings checked (claims 1 and 2's notes);
        without it claim 7 is not run and the notes say less.

    Examples
    --------
    The paper's own Table III, fed as our numbers:

    >>> from ensemble_lab.experiments.oracle import PAPER_TABLE_III
    >>> from ensemble_lab.experiments.oracle.sides import parse_wtl
    >>> ranks = {m: r for m, (r, _) in PAPER_TABLE_III.items()}
    >>> wtl = {m: parse_wtl(c) for m, (_, c) in PAPER_TABLE_III.items() if c and c != "N/A"}
    >>> claims = oracle_claims(PAPER_TABLE_III, ranks, wtl)
    >>> claims[0].key, claims[0].verdict, claims[0].ours
    ('rank-better-with-oracle', 'holds', '19 of 19')
    """
    paper = Side(
        {m: r for m, (r, _) in paper_table.items()},
        {m: parse_wtl(c) for m, (_, c) in paper_table.items() if c and c != "N/A"},
    )
    ours = Side(average_ranks, win_tie_loss, evidence)
    claims = [check(paper, ours) for check in _CHECKS]
    if set(ours.ranks) != set(paper.ranks):  # ``--quick``: a few methods only
        reason = f"only {len(ours.gain)} of {len(paper.gain)} ensembles run"
        claims = [replace(c, ours=reason, verdict="not run") for c in claims]
    return claims


_CHECKS = (
    _no_exception,
    _significant,
    _rotation_forest_only,
    _oracle_alone,
    _bagging_and_subspace,
    _boosting_benefits_less,
    pruning_claim,
)
