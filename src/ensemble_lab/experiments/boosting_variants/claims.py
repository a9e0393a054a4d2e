"""The observations of Kuncheva & Whitaker (2002), Sections 4-5, as a claims ledger.

Used by :mod:`ensemble_lab.experiments.boosting_variants`. The paper has no table: its
results are Figures 2-4 and the observations listed in ``PAPER_CLAIMS`` (quoted or
closely paraphrased from its text); its only numbers are in ``PAPER_NUMBERS``. Each
claim is tested on our mean curves by the statistic and the criteria its ``test`` states;
the criteria (the constants below) were fixed from the paper's wording, as strict as it
is, and :func:`check_claims` returns the ledger's rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd

from ..reporting.claims import Claim, verdict

__all__ = ["PAPER_CLAIMS", "PAPER_NUMBERS", "check_claims"]

VARIANTS = ("aggressive", "conservative", "inverse")
DATASET_TITLES = {"cone-torus": "Cone-Torus", "pima": "Pima", "phoneme": "Phoneme"}

#: What the paper states in numbers or words (Sections 4 and 5, and the abstract); it has
#: no table, so these are the claims its figures are read for, in the ledger's order.
PAPER_CLAIMS: dict[str, str] = {
    "fig2_aggressive_overtrains": (
        "Fig. 2 (Cone-Torus, QDA): Aggressive Boosting shows overtraining after L = 13, "
        "while the other two decrease both training and testing errors together"
    ),
    "fig2_train_test_q": "Training and testing diversities are approximately identical",
    "fig2_min_q_stop": (
        "Q has a 'tick' shape with a minimum at a small L, indicating a good place to "
        "stop (especially for Aggressive Boosting)"
    ),
    "fig2_inverse_best": (
        "On Cone-Torus with QDA, Inverse Boosting gave the lowest error rates, though not "
        "much lower than the starting error rate"
    ),
    "fig2_weights": (
        "Aggressive and Conservative Boosting concentrate the weights on the boundary "
        "points; Inverse Boosting does the opposite"
    ),
    "fig2_inverse_q": "The diversity of Inverse Boosting is nonexistent (Q close to 1)",
    "fig3_conservative": (
        "Conservative Boosting manages some improvement in all four cases and is the best "
        "overall, notably on Pima with QDA"
    ),
    "fig3_scale": (
        "Boosting QDA improves on the first classifier by at most 1.5-3 %; boosting the "
        "MLP by up to 15 %"
    ),
    "fig3_inverse": "Inverse Boosting was beneficial only for Cone-Torus with QDA",
    "fig3_min_q_mlp": (
        "With MLPs, stopping at the lowest Q gives the highest improvement for Aggressive "
        "and Conservative Boosting; on Pima with QDA it misses the best improvement on "
        "all three Boosting methods"
    ),
    "fig4_diversity": (
        "Phoneme: Aggressive Boosting gives the most diverse members, Conservative "
        "Boosting reaches lower testing errors with less diverse ones, Inverse Boosting "
        "raises the testing error with Q about 1"
    ),
    "fig4_small_n": (
        "With small training sets, Aggressive and Conservative Boosting drive the testing "
        "error down for both base classifiers"
    ),
    "inverse_declines": "Inverse Boosting quickly leads to a decline in the ensemble accuracy",
    "conclusion": (
        "The three variants show different behavior, favoring in most cases the "
        "Conservative Boosting (abstract); Conservative Boosting exhibited better "
        "performance than the other two, and we recommend it (Section 5)"
    ),
    "fig3_min_q_inverse": (
        "The lowest Q (highest diversity) will fail to detect the highest improvement for "
        "the Inverse Boosting in all cases except the Cone-Torus data and the quadratic "
        "base classifier"
    ),
    "fig3_q_span": (
        "[When the ensembles consist of neural networks] the span of the diversity is much "
        "wider than for boosting quadratic classifiers"
    ),
    "fig4_qda_erratic": (
        "Phoneme: for larger data sets, the quadratic classifier behaves erratically"
    ),
    "fig4_mlp_sizes": (
        "Phoneme: we did not find big differences for the different sample sizes with the "
        "NN classifiers"
    ),
    "mlp_no_paralysis": (
        "Paralysis was not induced in our experiments with the neural network classifiers "
        "(Section 5; paralysed: 'adding more classifiers does not lead to further "
        "improvement of the performance', Section 1)"
    ),
}

#: The paper's only numbers (Section 4): the size after which Aggressive Boosting overtrains
#: on Cone-Torus (Fig. 2), the largest improvements over the first member (Fig. 3), and
#: the runs or splits of every configuration ("10 runs", "ten random splits", "ten
#: experiments").
PAPER_NUMBERS: dict[str, Any] = {
    "aggressive_overtrains_after": 13,
    "qda_max_improvement": (0.015, 0.03),
    "mlp_max_improvement": 0.15,
    "splits": 10,
}

# The criteria, from the paper's wording (errors and improvements are fractions).
#: "overtraining": the testing error rises by this much from its minimum to k = L
RISE = 0.005
#: "approximately identical" training and testing Q: mean absolute gap below this
Q_GAP = 0.05
#: the "tick": Q at L above its minimum by more than this ...
Q_TICK = 0.005
#: ... with the minimum at "a small L": in this first fraction of the members
SMALL_K = 1 / 3
#: "a good place to stop": the testing error at the stop at most this above that at L
STOP_COST = 0.0025
#: "Q close to 1", "Q about 1", "diversity nonexistent"
Q_ONE = 0.95
#: "concentrate the weights": at least this many times the points' share of the weight
CONCENTRATE = 2.0
#: "beneficial": an improvement over the first member above this
BENEFIT = 0.005
#: "gives the highest improvement": within this of the largest improvement
NEAR_BEST = 0.005
#: "up to 15 %": the largest MLP improvement reaches the paper's to within this fraction
REACH = 0.1
#: "quickly": the lowest error of the curve within this first fraction of the members
QUICK = 1 / 5
#: "much wider" span of Q: at least this many times the other's (read as double)
WIDER = 2.0
#: "erratically": a curve whose net fall (k = 1 to L) is below this fraction of its
#: total variation (the sum of its ups and downs) rises by more than a third of what
#: it falls; a steady descent scores 1, a curve that ends where it began 0
STEADY = 0.5
#: "no big differences" across sample sizes: the spread over N of a variant's
#: improvement at L within this, the order of the QDA improvements that the paper
#: calls its whole "maximum 1.5 to 3 %" ...
SIZE_GAIN = 0.02
#: ... and of its testing Q at L within this, a tenth of the [0, 1] range of Fig. 4's Q
SIZE_Q = 0.1
#: "paralysis" (Introduction): "adding more classifiers does not lead to further
#: improvement"; the later members are those after this fraction of L, and they bring
#: no further improvement when they lower the lowest testing error by less than
#: BENEFIT
LATER = 1 / 2

GROUP = ["study", "dataset", "base", "n_train", "variant"]
FIG2 = ("fig2", "cone-torus", "qda", 0)
#: The claims that follow the paper's conclusion in the ledger (added after the first
#: fourteen, whose numbers they keep); the others are grouped by figure.
LATER_CLAIMS = (
    "fig3_min_q_inverse",
    "fig3_q_span",
    "fig4_qda_erratic",
    "fig4_mlp_sizes",
    "mlp_no_paralysis",
)


def _figure_keys(prefix: str) -> list[str]:
    """The keys of a figure's claims in the ledger's first part."""
    return [k for k in PAPER_CLAIMS if k.startswith(prefix) and k not in LATER_CLAIMS]


def pct(value: float) -> str:
    """A rate in percent with one decimal."""
    return f"{100 * value:.1f}"


def _points(threshold: float) -> str:
    """A criterion's threshold in points of percent, as short as it is exact."""
    return f"{100 * threshold:g}"


def _paper_value(key: str) -> str:
    """The paper's value of a claim's statistic: its numbers, or where it reads the claim."""
    low, high = PAPER_NUMBERS["qda_max_improvement"]
    numbers = {
        "fig2_aggressive_overtrains": (
            f"overtraining after L = {PAPER_NUMBERS['aggressive_overtrains_after']}; "
            "the other two fall (Fig. 2)"
        ),
        "fig3_scale": (
            f"QDA at most {low:.1%}-{high:.0%}, MLP up to "
            f"{PAPER_NUMBERS['mlp_max_improvement']:.0%} (Fig. 3)"
        ),
    }
    numbers["mlp_no_paralysis"] = "stated in its Section 5 of Figs. 3-4; no numbers given"
    figure = {"fig2": "Fig. 2", "fig3": "Fig. 3", "fig4": "Fig. 4"}.get(key[:4], "Figs. 2-4")
    return numbers.get(key, f"read from its {figure}; no numbers given")


def _claim(key: str, test: str, ours: str, result: str) -> Claim:
    return Claim(key, PAPER_CLAIMS[key], test, _paper_value(key), ours, result)


def _not_run(keys: list[str], reason: str) -> list[Claim]:
    return [_claim(k, "", reason, "not run") for k in keys]


def _has(means: pd.DataFrame, *prefix: Any) -> bool:
    index = means.index.droplevel("k")
    return all((*prefix, v) in index for v in VARIANTS)


def configurations(n: int) -> str:
    """``"1 configuration"``, ``"2 configurations"``.

    Examples
    --------
    >>> configurations(1), configurations(0)
    ('1 configuration', '0 configurations')
    """
    return f"{n} configuration{'' if n == 1 else 's'}"


def _count(flags: list[bool]) -> str:
    return f"{sum(flags)} of {len(flags)}"


def _hard_points(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Training points a single QDA fitted on all of them misclassifies (the boundary)."""
    from ..learners import make_learner

    return make_learner("qda").fit(X, y).predict(X) != y


# ---------------------------------------------------------------- Figure 2
def _falls(curve: pd.DataFrame) -> bool:
    """Both the training and the testing error lower at k = L than at k = 1."""
    errors = curve[["train_error", "test_error"]]
    return bool((errors.iloc[-1] < errors.iloc[0]).all())


def _overtraining(c: Mapping[str, pd.DataFrame]) -> Claim:
    test, train = c["aggressive"]["test_error"], c["aggressive"]["train_error"]
    k_min = int(test.idxmin())
    rise = test.iloc[-1] - test.min()
    overtrains = bool(rise >= RISE and train.iloc[-1] <= train.loc[k_min])
    others = {v: _falls(c[v]) for v in ("conservative", "inverse")}
    return _claim(
        "fig2_aggressive_overtrains",
        "mean testing error of Aggressive Boosting from its minimum to k = L, with its "
        "training error; both errors of the other two at L against k = 1; holds: "
        f"Aggressive's testing error rises by at least {_points(RISE)} points after its "
        "minimum while its training error does not rise, and both errors of the other "
        "two are lower at L; partly: the Aggressive part only. Where the minimum lies is "
        "shown, not tested (our Cone-Torus points are generated)",
        f"Aggressive: lowest testing error {pct(test.min())} % at k = {k_min}, "
        f"{pct(test.iloc[-1])} % at L (a rise of {pct(rise)} points; training error "
        f"{pct(train.loc[k_min])} → {pct(train.iloc[-1])} %); both errors lower at L: "
        + ", ".join(f"{v} {'yes' if ok else 'no'}" for v, ok in others.items()),
        verdict(overtrains and all(others.values()), overtrains),
    )


def _q_gap(c: Mapping[str, pd.DataFrame]) -> Claim:
    gaps = {v: float((c[v]["train_q"] - c[v]["test_q"]).iloc[1:].abs().mean()) for v in VARIANTS}
    close = [g < Q_GAP for g in gaps.values()]
    return _claim(
        "fig2_train_test_q",
        f"mean |training Q − testing Q| over k ≥ 2, per variant; holds: below {Q_GAP} "
        "for all three; partly: for one or two",
        ", ".join(f"{v} {g:.3f}" for v, g in gaps.items()),
        verdict(all(close), any(close)),
    )


def _tick(curve: pd.DataFrame) -> tuple[int, bool, bool]:
    """k* of minimum training Q (k ≥ 2), whether Q is tick-shaped there, whether k* is good."""
    q, error = curve["train_q"], curve["test_error"]
    k_star = int(q.iloc[1:].idxmin())
    tick = k_star <= SMALL_K * len(q) and q.iloc[-1] > q.loc[k_star] + Q_TICK
    good = error.loc[k_star] <= error.iloc[-1] + STOP_COST
    return k_star, bool(tick), bool(good)


def _stop_at_min_q(c: Mapping[str, pd.DataFrame]) -> Claim:
    found = {v: _tick(c[v]) for v in VARIANTS}
    ticks = [t for _, t, _ in found.values()]
    goods = [g for _, _, g in found.values()]
    parts = [
        f"{v}: k* = {k}, Q {c[v]['train_q'].loc[k]:.3f} → {c[v]['train_q'].iloc[-1]:.3f} at "
        f"L, error {pct(c[v]['test_error'].loc[k])} vs {pct(c[v]['test_error'].iloc[-1])} % "
        "at L"
        for v, (k, _, _) in found.items()
    ]
    return _claim(
        "fig2_min_q_stop",
        "per variant, k* = the k ≥ 2 of minimum mean training Q; holds, for all three "
        f"variants: a 'tick' at a small L (k* ≤ L/{round(1 / SMALL_K)} and Q at L above "
        f"Q at k* by more than {Q_TICK}) and a good place to stop (testing error at k* at "
        f"most {_points(STOP_COST)} points above that at L); partly: one of the two for all "
        "three",
        "; ".join(parts),
        verdict(all(ticks) and all(goods), all(ticks) or all(goods)),
    )


def _inverse_best(c: Mapping[str, pd.DataFrame]) -> Claim:
    finals = {v: c[v]["test_error"].iloc[-1] for v in VARIANTS}
    first = c["inverse"]["test_error"].iloc[0]
    below = finals["inverse"] < first
    lowest = min(finals, key=finals.__getitem__) == "inverse"
    return _claim(
        "fig2_inverse_best",
        "mean testing error at k = L per variant, and the first member's; holds: Inverse "
        "the lowest of the three and below the first member; partly: Inverse below the "
        "first member only",
        ", ".join(f"{v} {pct(e)} %" for v, e in finals.items()) + f"; first member {pct(first)} %",
        verdict(lowest and below, below),
    )


def _weights(weights: pd.DataFrame, X: np.ndarray, y: np.ndarray) -> Claim:
    if weights.empty:
        return _not_run(["fig2_weights"], "no final weights stored")[0]
    hard = _hard_points(X, y)
    mass = {
        v: float(
            weights[weights["variant"] == v]
            .groupby("point")["weight"]
            .mean()
            .sort_index()
            .to_numpy()[hard]
            .sum()
        )
        for v in VARIANTS
    }
    share = float(hard.mean())
    boosted = (mass["aggressive"], mass["conservative"])
    return _claim(
        "fig2_weights",
        "share of the final sampling weight (mean over the runs) on the training points "
        "a single QDA misclassifies (the boundary), against their share of the points; "
        f"holds: at least {CONCENTRATE:g}× that share for Aggressive and Conservative and "
        f"at most 1/{CONCENTRATE:g} of it for Inverse; partly: above it for the first two "
        "and below it for Inverse",
        f"the {int(hard.sum())} boundary points ({pct(share)} % of the points) hold "
        + ", ".join(f"{v} {pct(m)} %" for v, m in mass.items())
        + " of the weight",
        verdict(
            min(boosted) >= CONCENTRATE * share and mass["inverse"] <= share / CONCENTRATE,
            min(boosted) > share > mass["inverse"],
        ),
    )


def _inverse_q(c: Mapping[str, pd.DataFrame]) -> Claim:
    q = {v: c[v]["test_q"].iloc[-1] for v in VARIANTS}
    return _claim(
        "fig2_inverse_q",
        f"mean testing Q at k = L; holds: Inverse's above {Q_ONE}",
        ", ".join(f"{v} {value:.3f}" for v, value in q.items()),
        verdict(bool(q["inverse"] > Q_ONE)),
    )


def _fig2_claims(
    means: pd.DataFrame, weights: pd.DataFrame, X: np.ndarray, y: np.ndarray
) -> list[Claim]:
    if not _has(means, *FIG2):
        return _not_run(_figure_keys("fig2"), "Figure 2 not run")
    c = {v: means.loc[(*FIG2, v)] for v in VARIANTS}
    return [
        _overtraining(c),
        _q_gap(c),
        _stop_at_min_q(c),
        _inverse_best(c),
        _weights(weights, X, y),
        _inverse_q(c),
    ]


# ---------------------------------------------------------------- Figure 3
Gains = dict[tuple[str, str], dict[str, pd.DataFrame]]


def _label(case: tuple[str, str]) -> str:
    return f"{DATASET_TITLES[case[0]]}/{case[1].upper()}"


def _improvements(means: pd.DataFrame, prefix: tuple) -> dict[str, pd.DataFrame]:
    out = {}
    for v in VARIANTS:
        curve = means.loc[(*prefix, v)]
        gain = curve["test_error"].iloc[0] - curve["test_error"]
        out[v] = pd.DataFrame({"q": curve["test_q"], "gain": gain})
    return out


def _conservative_best(gains: Gains) -> Claim:
    final = {cb: {v: g[v]["gain"].iloc[-1] for v in VARIANTS} for cb, g in gains.items()}
    best = {cb: max(f, key=f.__getitem__) for cb, f in final.items()}
    wins = {v: sum(b == v for b in best.values()) for v in VARIANTS}
    improves = all(f["conservative"] > 0 for f in final.values())
    overall = wins["conservative"] > len(best) / 2
    pima = best.get(("pima", "qda")) == "conservative"
    return _claim(
        "fig3_conservative",
        "mean improvement over the first member at k = L, per case and variant; holds: "
        "Conservative improves in every case, is the best variant in most (more than half) of "
        "the cases, and the best on Pima/QDA; partly: it improves in every case",
        "improvement at L (points), aggressive/conservative/inverse: "
        + "; ".join(
            f"{_label(cb)} " + "/".join(f"{100 * f[v]:+.1f}" for v in VARIANTS)
            for cb, f in final.items()
        )
        + "; best in: "
        + ", ".join(f"{v} {n}" for v, n in wins.items()),
        verdict(improves and overall and pima, improves),
    )


def _scale(gains: Gains) -> Claim:
    peak = {cb: max(g[v]["gain"].max() for v in VARIANTS) for cb, g in gains.items()}
    low, high = PAPER_NUMBERS["qda_max_improvement"]
    reach = (1 - REACH) * PAPER_NUMBERS["mlp_max_improvement"]
    test = (
        "largest mean improvement over the first member, over k and the three variants, "
        f"per case; holds: at most {_points(high)} points in every QDA case ('maximum "
        f"{low:.1%} to {high:.0%}') and at least {_points(reach)} points in an MLP case "
        f"('up to {PAPER_NUMBERS['mlp_max_improvement']:.0%}', to within {REACH:.0%} of "
        f"it); partly: the QDA part holds and the largest MLP improvement exceeds "
        f"{_points(high)} points"
    )
    shown = ", ".join(f"{_label(cb)} {100 * p:+.1f}" for cb, p in peak.items()) + " points"
    by_base = {b: [p for (_, base), p in peak.items() if base == b] for b in ("qda", "mlp")}
    missing = [b.upper() for b, values in by_base.items() if not values]
    if missing:
        return _claim("fig3_scale", test, f"{', '.join(missing)} not run; {shown}", "not run")
    qda_small, mlp_top = max(by_base["qda"]) <= high, max(by_base["mlp"])
    return _claim(
        "fig3_scale",
        test,
        shown,
        verdict(qda_small and mlp_top >= reach, qda_small and mlp_top > high),
    )


def _inverse_benefit(gains: Gains) -> Claim:
    top = {cb: g["inverse"]["gain"].max() for cb, g in gains.items()}
    target = ("cone-torus", "qda")
    elsewhere = [cb for cb, t in top.items() if cb != target and t > BENEFIT]
    return _claim(
        "fig3_inverse",
        "largest mean improvement of Inverse Boosting over the first member at any k, "
        f"per case (beneficial: above {_points(BENEFIT)} points); holds: beneficial on "
        "Cone-Torus/QDA and in no other case; partly: in no case other than "
        "Cone-Torus/QDA",
        ", ".join(f"{_label(cb)} {100 * t:+.1f}" for cb, t in top.items()) + " points",
        verdict(top.get(target, 0.0) > BENEFIT and not elsewhere, not elsewhere),
    )


def _at_lowest_q(gain: pd.DataFrame) -> tuple[int, float, float, bool]:
    """K ≥ 2 of lowest testing Q, the improvement there, the best one, and whether they meet."""
    k_q = int(gain["q"].iloc[1:].idxmin())
    at_q, best = float(gain["gain"].loc[k_q]), float(gain["gain"].max())
    return k_q, at_q, best, at_q >= best - NEAR_BEST


def _min_q_stop(gains: Gains) -> Claim:
    tested = {
        (cb, v): _at_lowest_q(g[v])
        for cb, g in gains.items()
        for v in VARIANTS
        if (cb[1] == "mlp" and v != "inverse") or cb == ("pima", "qda")
    }
    mlp = [hit for (cb, _), (*_, hit) in tested.items() if cb[1] == "mlp"]
    pima = [not hit for (cb, _), (*_, hit) in tested.items() if cb[1] == "qda"]
    test = (
        "improvement at the k ≥ 2 of lowest mean testing Q against the largest "
        f"improvement (a hit: within {_points(NEAR_BEST)} points of it); holds: a hit for "
        "Aggressive and Conservative in every MLP case, and a miss for all three "
        "variants on Pima/QDA; partly: one of the two"
    )
    shown = "; ".join(
        f"{_label(cb)} {v}: {100 * at_q:+.1f} at k = {k} vs best {100 * best:+.1f}"
        for (cb, v), (k, at_q, best, _) in tested.items()
    )
    if not mlp:
        return _claim("fig3_min_q_mlp", test, "MLP not run", "not run")
    pima_misses = bool(pima) and all(pima)
    return _claim(
        "fig3_min_q_mlp",
        test,
        shown,
        verdict(all(mlp) and pima_misses, all(mlp) or pima_misses),
    )


def _fig3_claims(
    means: pd.DataFrame, datasets: tuple[str, ...], bases: tuple[str, ...]
) -> list[Claim]:
    cases = [(d, b) for b in bases for d in datasets if _has(means, "fig3", d, b, 0)]
    if not cases:
        return _not_run(_figure_keys("fig3"), "Figure 3 not run")
    gains = {cb: _improvements(means, ("fig3", *cb, 0)) for cb in cases}
    return [_conservative_best(gains), _scale(gains), _inverse_benefit(gains), _min_q_stop(gains)]


# ---------------------------------------------------------------- Figure 4
#: (base, N) -> (testing Q at L, testing error at L, per variant; the first member's error)
Finals = dict[tuple[str, int], tuple[dict[str, float], dict[str, float], float]]


def _phoneme_finals(means: pd.DataFrame, base: str, n: int) -> tuple[dict, dict, float]:
    c = {v: means.loc[("fig4", "phoneme", base, n, v)] for v in VARIANTS}
    q = {v: float(c[v]["test_q"].iloc[-1]) for v in VARIANTS}
    error = {v: float(c[v]["test_error"].iloc[-1]) for v in VARIANTS}
    return q, error, float(c["aggressive"]["test_error"].iloc[0])


def _fewer_splits(stops: pd.DataFrame) -> str:
    """The Phoneme configurations run on fewer splits than the paper's."""
    splits = stops[stops["study"] == "fig4"].groupby(["base", "n_train"])["key"].nunique()
    paper = PAPER_NUMBERS["splits"]
    few = [f"{b.upper()} N = {n}: {s}" for (b, n), s in splits.items() if s < paper]
    return f" Fewer splits than the paper's {paper}: {', '.join(few)}." if few else ""


def _phoneme_diversity(finals: Finals, stops: pd.DataFrame) -> Claim:
    values = finals.values()
    observed = {
        "Aggressive's Q below Conservative's": [
            q["aggressive"] < q["conservative"] for q, _, _ in values
        ],
        "Conservative's error below Aggressive's": [
            e["conservative"] < e["aggressive"] for _, e, _ in values
        ],
        f"Inverse's error above the first member's with Q above {Q_ONE}": [
            e["inverse"] > first and q["inverse"] > Q_ONE for q, e, first in values
        ],
    }
    details = "; ".join(
        f"{b.upper()} N = {n}: Q "
        + "/".join(f"{q[v]:.2f}" for v in VARIANTS)
        + ", error "
        + "/".join(pct(e[v]) for v in VARIANTS)
        + f" % (first {pct(first)} %)"
        for (b, n), (q, e, first) in finals.items()
    )
    return _claim(
        "fig4_diversity",
        "per Phoneme configuration (base, N), mean testing Q and error at k = L; holds: "
        "in every configuration, Aggressive's Q below Conservative's, Conservative's "
        "error below Aggressive's, and Inverse's error above the first member's with "
        f"its Q above {Q_ONE}; partly: each of the three in most configurations",
        "; ".join(f"{name} in {_count(flags)}" for name, flags in observed.items())
        + f". Aggressive/conservative/inverse at L — {details}.{_fewer_splits(stops)}",
        verdict(
            all(all(f) for f in observed.values()),
            all(sum(f) > len(f) / 2 for f in observed.values()),
        ),
    )


def _small_n(finals: Finals, n_small: int) -> Claim:
    down = {
        b: e["aggressive"] < first and e["conservative"] < first
        for (b, n), (_, e, first) in finals.items()
        if n == n_small
    }
    test = (
        "mean testing error at k = L of Aggressive and Conservative Boosting against the "
        f"first member's, at the smallest N ({n_small}); holds: below it for both "
        "variants with both base classifiers; partly: with one"
    )
    if not down:
        return _claim("fig4_small_n", test, f"N = {n_small} not run", "not run")
    shown = "; ".join(
        f"{b.upper()}: " + "/".join(pct(e[v]) for v in VARIANTS[:2]) + f" vs {pct(first)} %"
        for (b, n), (_, e, first) in finals.items()
        if n == n_small
    )
    return _claim(
        "fig4_small_n",
        test,
        f"aggressive/conservative at L vs the first member — {shown}",
        verdict(all(down.values()), any(down.values())),
    )


def _fig4_claims(
    means: pd.DataFrame, stops: pd.DataFrame, sizes: tuple[int, ...], bases: tuple[str, ...]
) -> list[Claim]:
    configs = [(b, n) for b in bases for n in sizes if _has(means, "fig4", "phoneme", b, n)]
    if not configs:
        return _not_run(_figure_keys("fig4"), "Figure 4 not run")
    finals = {cfg: _phoneme_finals(means, *cfg) for cfg in configs}
    return [_phoneme_diversity(finals, stops), _small_n(finals, min(sizes))]


# ---------------------------------------------------------------- conclusions
def _inverse_declines(means: pd.DataFrame) -> Claim:
    inverse = means.xs("inverse", level="variant")["test_error"].unstack("k")
    decline = (inverse.iloc[:, -1] > inverse.iloc[:, 0]).tolist()
    best_k = inverse.idxmin(axis=1).astype(int).tolist()
    quick = [k <= QUICK * int(inverse.columns.max()) for k in best_k]
    return _claim(
        "inverse_declines",
        "per configuration (study, data, base, N), the mean testing error of Inverse "
        "Boosting at k = L against the first member's, and the k of its lowest point; "
        "holds: above the first member's in every configuration, with the lowest point "
        f"at k ≤ L/{round(1 / QUICK)} ('quickly'); partly: above it in most configurations",
        f"above the first member's in {_count(decline)}; lowest point at k ≤ "
        f"L/{round(1 / QUICK)} in {_count(quick)} (at k = {max(best_k)} at the latest)",
        verdict(all(decline) and all(quick), sum(decline) > len(decline) / 2),
    )


def winners_per_split(stops: pd.DataFrame) -> pd.DataFrame:
    """Per split, in how many configurations each variant has the lowest testing error at L.

    ``stops`` is :func:`~ensemble_lab.experiments.boosting_variants.stopping_points`
    (its ``key`` ends in the split index); a configuration where two variants tie for
    the lowest error is counted under ``tie``, not given to either.

    Examples
    --------
    >>> import pandas as pd
    >>> stops = pd.DataFrame({
    ...     "study": "fig3", "dataset": "pima", "base": "qda", "n_train": 0,
    ...     "key": ["a/split0"] * 3 + ["a/split1"] * 3,
    ...     "variant": ["aggressive", "conservative", "inverse"] * 2,
    ...     "error_last": [0.2, 0.1, 0.3, 0.2, 0.2, 0.3]})
    >>> winners_per_split(stops).to_dict("index")
    {0: {'aggressive': 0, 'conservative': 1, 'inverse': 0, 'tie': 0}, \
1: {'aggressive': 0, 'conservative': 0, 'inverse': 0, 'tie': 1}}
    """
    lowest = lowest_variants(stops)
    counts = pd.crosstab(lowest.index.get_level_values("split"), lowest)
    counts = counts.reindex(columns=[*VARIANTS, "tie"], fill_value=0)
    return counts.rename_axis(index="split", columns=None)


def lowest_variants(stops: pd.DataFrame) -> pd.Series:
    """Per split and configuration, the variant of lowest testing error at L (or ``tie``)."""
    split = stops["key"].str.extract(r"split(\d+)$")[0].astype(int).rename("split")
    errors = stops.assign(split=split).pivot_table(
        index=["split", *GROUP[:-1]], columns="variant", values="error_last"
    )[list(VARIANTS)]
    lowest = errors.eq(errors.min(axis=1), axis=0)
    return errors.idxmin(axis=1).where(lowest.sum(axis=1) == 1, "tie")


def _winner_spread(stops: pd.DataFrame) -> str:
    """How the count of the conclusion comes out on each split alone ("" for one split)."""
    per_split = winners_per_split(stops)
    if len(per_split) < 2:
        return ""
    rows = "; ".join(
        f"{s}: " + "/".join(str(row[v]) for v in (*VARIANTS, "tie"))
        for s, row in per_split.iterrows()
    )
    most = per_split[list(VARIANTS)].idxmax(axis=1)
    clear = per_split[list(VARIANTS)].max(axis=1) > per_split[list(VARIANTS)].apply(
        lambda r: r.nlargest(2).iloc[-1], axis=1
    )
    ranges = ", ".join(f"{v} {per_split[v].min()}-{per_split[v].max()}" for v in VARIANTS)
    return (
        "The count on each split (Figure 2: each run) alone, configurations with the lowest "
        f"testing error at L, aggressive/conservative/inverse/tied — {rows}. Conservative "
        f"leads outright on {int(((most == 'conservative') & clear).sum())} of "
        f"{len(per_split)} splits, Aggressive on {int(((most == 'aggressive') & clear).sum())}; "
        f"the counts range over {ranges}."
    )


def _conservative_recommended(stops: pd.DataFrame) -> Claim:
    finals = stops.groupby(GROUP)["error_last"].mean().unstack("variant")
    winners = finals.idxmin(axis=1)
    counts = winners.value_counts().reindex(list(VARIANTS), fill_value=0)
    top, second = sorted(counts, reverse=True)[:2]
    claim = _claim(
        "conclusion",
        "variant of lowest mean testing error at k = L, counted over the configurations "
        "(study, data, base, N); holds: Conservative in most (more than half) of them; "
        "partly: Conservative in at least as many as either other variant",
        f"lowest in {len(winners)} configurations: "
        + ", ".join(f"{v} {n}" for v, n in counts.items())
        + f" (the first two {configurations(top - second)} apart)",
        verdict(counts["conservative"] > len(winners) / 2, counts["conservative"] == counts.max()),
    )
    return replace(claim, checked=_winner_spread(stops))


# ---------------------------------------------------------------- later claims
def _min_q_inverse(gains: Gains) -> Claim:
    found = {cb: _at_lowest_q(g["inverse"]) for cb, g in gains.items()}
    target = ("cone-torus", "qda")
    misses = [not hit for cb, (*_, hit) in found.items() if cb != target]
    test = (
        "Inverse Boosting's mean improvement over the first member at the k ≥ 2 of lowest "
        "mean testing Q against its largest improvement over k = 1..L, per case (a hit: "
        f"within {_points(NEAR_BEST)} points of it); holds: a miss in every case but "
        "Cone-Torus/QDA and a hit there; partly: a miss in every case but Cone-Torus/QDA"
    )
    if target not in found or not misses:
        return _claim(
            "fig3_min_q_inverse",
            test,
            "Figure 3 cases other than Cone-Torus/QDA not run",
            "not run",
        )
    shown = "; ".join(
        f"{_label(cb)}: {100 * at_q:+.1f} at k = {k} vs best {100 * best:+.1f}"
        for cb, (k, at_q, best, _) in found.items()
    )
    return _claim(
        "fig3_min_q_inverse",
        test,
        shown + " points",
        verdict(all(misses) and found[target][3], all(misses)),
    )


def _q_span(gains: Gains) -> Claim:
    span = {
        cb: max(g[v]["q"].max() for v in VARIANTS) - min(g[v]["q"].min() for v in VARIANTS)
        for cb, g in gains.items()
    }
    pairs = {
        d: (span[(d, "mlp")], span[(d, "qda")])
        for d, b in span
        if b == "mlp" and (d, "qda") in span
    }
    test = (
        "span of the mean testing Q (largest minus smallest over k = 1..L and the three "
        "variants: the width of a Figure 3 panel), MLP against QDA on the same data; "
        f"holds: MLP's at least {WIDER:g}× QDA's on every data set ('much wider'); "
        "partly: wider on every data set"
    )
    if not pairs:
        return _claim("fig3_q_span", test, "MLP not run", "not run")
    shown = "; ".join(
        f"{DATASET_TITLES[d]}: MLP {m:.2f} vs QDA {q:.2f} ({m / q:.1f}×)"
        for d, (m, q) in pairs.items()
    )
    return _claim(
        "fig3_q_span",
        test,
        shown,
        verdict(
            all(m >= WIDER * q for m, q in pairs.values()), all(m > q for m, q in pairs.values())
        ),
    )


def steadiness(error: pd.Series) -> float:
    """Net fall of an error curve over its total variation: 1 steady descent, ≤ 0 no fall.

    Examples
    --------
    >>> import pandas as pd
    >>> steadiness(pd.Series([0.3, 0.2, 0.1]))
    1.0
    >>> round(steadiness(pd.Series([0.3, 0.2, 0.25, 0.2])), 2)
    0.5
    """
    variation = float(error.diff().abs().sum())
    return float(error.iloc[0] - error.iloc[-1]) / variation if variation > 0 else 0.0


def _phoneme_curve(means: pd.DataFrame, base: str, n: int, variant: str) -> pd.Series:
    return means.loc[("fig4", "phoneme", base, n, variant), "test_error"]


def _qda_erratic(means: pd.DataFrame, sizes: list[int]) -> Claim:
    score = {
        (b, n, v): steadiness(_phoneme_curve(means, b, n, v))
        for b in ("qda", "mlp")
        for n in sizes
        for v in VARIANTS[:2]
        if _has(means, "fig4", "phoneme", b, n)
    }
    larger = [s < STEADY for (b, n, _), s in score.items() if b == "qda" and n > sizes[0]]
    test = (
        "steadiness of the mean testing error curve of Aggressive and Conservative "
        "Boosting on Phoneme (its fall from k = 1 to L over its total variation: 1 for a "
        "steady descent, 0 or less for no fall), per N; erratic: below "
        f"{STEADY:g}; holds: QDA erratic at every N above the smallest ({sizes[0]}) for "
        "both variants; partly: in most of these curves. MLP shown, not tested"
    )
    if not larger:
        return _claim("fig4_qda_erratic", test, "QDA at N above the smallest not run", "not run")
    shown = "; ".join(
        f"{b.upper()} N = {n}: "
        + "/".join(f"{score[(b, n, v)]:.2f}" for v in VARIANTS[:2] if (b, n, v) in score)
        for b in ("qda", "mlp")
        for n in sizes
        if (b, n, VARIANTS[0]) in score
    )
    elsewhere = {
        label: [s < STEADY for (b, n, _), s in score.items() if b == base and keep(n)]
        for label, base, keep in (
            (f"QDA at N = {sizes[0]}", "qda", lambda n: n == sizes[0]),
            ("MLP at any N", "mlp", lambda n: True),
        )
    }
    claim = _claim(
        "fig4_qda_erratic",
        test,
        f"steadiness, aggressive/conservative — {shown}; erratic QDA curves above N = "
        f"{sizes[0]}: {_count(larger)}",
        verdict(all(larger), sum(larger) > len(larger) / 2),
    )
    note = "; ".join(f"{label} {_count(flags)}" for label, flags in elsewhere.items() if flags)
    return replace(claim, checked=f"Erratic by the same measure: {note}." if note else "")


def _size_spread(means: pd.DataFrame, base: str, sizes: list[int]) -> dict[str, tuple]:
    """Per variant, the spread over N of the improvement at L and of the testing Q at L."""
    out = {}
    for v in VARIANTS:
        curves = [means.loc[("fig4", "phoneme", base, n, v)] for n in sizes]
        gain = [c["test_error"].iloc[0] - c["test_error"].iloc[-1] for c in curves]
        q = [c["test_q"].iloc[-1] for c in curves]
        out[v] = (max(gain) - min(gain), max(q) - min(q))
    return out


def _mlp_sizes(means: pd.DataFrame, sizes: list[int]) -> Claim:
    runs = {b: [n for n in sizes if _has(means, "fig4", "phoneme", b, n)] for b in ("mlp", "qda")}
    test = (
        "per variant, on Phoneme, the spread over N (largest minus smallest) of the mean "
        "improvement of the ensemble at L over the first member and of the mean testing Q "
        f"at L; holds: with the MLP, within {_points(SIZE_GAIN)} points and {SIZE_Q:g} "
        "for every variant; partly: one of the two for every variant. QDA shown, not tested"
    )
    if len(runs["mlp"]) < 2:
        return _claim("fig4_mlp_sizes", test, "MLP at two or more N not run", "not run")
    spread = {b: _size_spread(means, b, ns) for b, ns in runs.items() if len(ns) >= 2}
    gains = [g <= SIZE_GAIN for g, _ in spread["mlp"].values()]
    qs = [q <= SIZE_Q for _, q in spread["mlp"].values()]
    shown = "; ".join(
        f"{b.upper()} (N = {', '.join(map(str, runs[b]))}): improvement "
        + "/".join(f"{100 * g:.1f}" for g, _ in sp.values())
        + " points, Q "
        + "/".join(f"{q:.2f}" for _, q in sp.values())
        for b, sp in spread.items()
    )
    return _claim(
        "fig4_mlp_sizes",
        test,
        f"spread over N, aggressive/conservative/inverse — {shown}",
        verdict(all(gains) and all(qs), all(gains) or all(qs)),
    )


def _curve_label(key: tuple) -> str:
    _, dataset, _, n, variant = key
    return f"{DATASET_TITLES[dataset]}{f' N = {n}' if n else ''} {variant}"


def _no_paralysis(means: pd.DataFrame) -> Claim:
    curves = [
        key
        for key in means.index.droplevel("k").unique()
        if key[2] == "mlp" and key[4] in VARIANTS[:2]
    ]
    test = (
        "per MLP configuration (Figures 3 and 4) and boosting variant (Aggressive, "
        "Conservative: Inverse Boosting is the opposite of boosting, claim "
        f"{list(PAPER_CLAIMS).index('inverse_declines') + 1}), how much "
        f"the members after the first {LATER:.0%} of L lower the lowest mean testing "
        f"error; paralysed: by less than {_points(BENEFIT)} points; holds: no curve "
        "paralysed; partly: fewer than half"
    )
    if not curves:
        return _claim("mlp_no_paralysis", test, "MLP not run", "not run")
    later = {}
    for key in curves:
        error = means.loc[key, "test_error"]
        cut = int(LATER * len(error))
        later[key] = float(error.iloc[:cut].min() - error.iloc[cut:].min())
    paralysed = [g < BENEFIT for g in later.values()]
    return _claim(
        "mlp_no_paralysis",
        test,
        f"paralysed in {_count(paralysed)}; lowest testing error lowered by the later "
        "members (points): "
        + "; ".join(f"{_curve_label(key)} {100 * g:+.1f}" for key, g in later.items()),
        verdict(not any(paralysed), sum(paralysed) < len(paralysed) / 2),
    )


def _later_claims(
    means: pd.DataFrame, sizes: tuple[int, ...], datasets: tuple[str, ...], bases: tuple
) -> list[Claim]:
    """The claims that follow the conclusion in the ledger (:data:`LATER_CLAIMS`)."""
    cases = [(d, b) for b in bases for d in datasets if _has(means, "fig3", d, b, 0)]
    gains = {cb: _improvements(means, ("fig3", *cb, 0)) for cb in cases}
    if gains:
        fig3 = [_min_q_inverse(gains), _q_span(gains)]
    else:
        fig3 = _not_run(list(LATER_CLAIMS[:2]), "Figure 3 not run")
    ordered = sorted(sizes)
    if any(_has(means, "fig4", "phoneme", b, n) for b in bases for n in ordered):
        fig4 = [_qda_erratic(means, ordered), _mlp_sizes(means, ordered)]
    else:
        fig4 = _not_run(list(LATER_CLAIMS[2:4]), "Figure 4 not run")
    return [*fig3, *fig4, _no_paralysis(means)]


def check_claims(
    means: pd.DataFrame,
    stops: pd.DataFrame,
    weights: pd.DataFrame,
    X_train: np.ndarray,
    y_train: np.ndarray,
    *,
    fig3_datasets: tuple[str, ...],
    phoneme_sizes: tuple[int, ...],
    bases: tuple[str, ...],
) -> list[Claim]:
    """The ledger: every claim of ``PAPER_CLAIMS`` tested on the mean curves and stops.

    Parameters
    ----------
    means : DataFrame
        Mean curves, indexed by (study, dataset, base, n_train, variant, k).
    stops : DataFrame
        Per split and variant, the errors at k = 1, k* and L (``stopping_points``).
    weights : DataFrame
        Final sampling weights of the Figure 2 runs (may be empty).
    X_train, y_train : ndarray
        The Cone-Torus training set of Figure 2.
    fig3_datasets, phoneme_sizes, bases : tuple
        What the protocol runs; parts that were not run give the verdict "not run".
    """
    return [
        *_fig2_claims(means, weights, X_train, y_train),
        *_fig3_claims(means, fig3_datasets, bases),
        *_fig4_claims(means, stops, phoneme_sizes, bases),
        _inverse_declines(means),
        _conservative_recommended(stops),
        *_later_claims(means, phoneme_sizes, fig3_datasets, bases),
    ]


# ---------------------------------------------------------------- investigation
def split_notes(claims: list[Claim], per_split: list[list[Claim]]) -> list[Claim]:
    """Claims that do not (fully) hold, with the same test applied to each split alone.

    ``per_split[s]`` is :func:`check_claims` on split ``s`` only (run ``s`` of Figure 2,
    split ``s`` of Figures 3-4). A claim the mean curves reject may still show on single
    splits, if averaging washes it out; counting the splits on which the claim's own
    test passes tells the two apart.
    """
    out = []
    for i, claim in enumerate(claims):
        if claim.verdict not in ("partly", "does not hold"):
            out.append(claim)
            continue
        found = [c[i].verdict for c in per_split if c[i].verdict != "not run"]
        counts = {v: found.count(v) for v in ("holds", "partly", "does not hold")}
        note = _split_note(claim.key, counts, len(found))
        out.append(replace(claim, checked=f"{note} {claim.checked}".strip()))
    return out


def _split_note(key: str, counts: dict[str, int], n: int) -> str:
    tally = ", ".join(f"{v} on {c}" for v, c in counts.items())
    if counts["holds"] == 0:
        reading = "so no single split shows what the paper describes either"
    elif counts["holds"] <= n / 2:
        reading = "so a minority of single splits show it; the mean over splits does not"
    else:
        reading = "so most single splits show it and the mean over splits hides it"
    cone = " Our Cone-Torus is generated, not the paper's points." if key.startswith("fig2") else ""
    return (
        f"The claim's test applied to each split (Figure 2: each run) alone, instead of "
        f"to the mean over the splits: {tally} of {n}, {reading}. The three weight "
        "updates are checked against hand computations of the paper's rules "
        f"(tests/methods/test_boosting.py).{cone}"
    )


def check_notes(claims: list[Claim], checked: list[Claim], learner: str) -> list[Claim]:
    """Claims with what a check found, where its learner changes the claim's statistic.

    ``checked`` is :func:`check_claims` with a check's cases in place of those of the
    base learner it replaces (same order as ``claims``). A claim whose statistic does
    not change does not involve that base learner and gets no note; one that holds
    gets none either. The verdict is never changed: the check is not the paper's setting.
    """
    out = []
    for claim, other in zip(claims, checked, strict=True):
        if claim.verdict in ("holds", "not run") or other.ours == claim.ours:
            out.append(claim)
            continue
        ours = other.ours.rstrip(".")
        note = f"Checked with {learner}, which enters no verdict: {other.verdict}, with {ours}."
        out.append(replace(claim, checked=f"{claim.checked} {note}".strip()))
    return out
