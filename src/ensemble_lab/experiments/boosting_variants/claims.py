"""The claims ledger of Kuncheva & Whitaker (2002): Figure 4, the conclusions, and all.

:func:`check_claims` tests every claim of :data:`~.paper.PAPER_CLAIMS` on the mean curves
and stopping points (Figures 2 and 3 in :mod:`.claims_figures`) and returns the ledger's
rows.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pandas as pd

from ...reporting.claims import Claim, verdict
from .claims_figures import Gains, _at_lowest_q, _fig2_claims, _fig3_claims, _improvements, _label
from .criteria import (
    BENEFIT,
    DATASET_TITLES,
    GROUP,
    LATER,
    LATER_CLAIMS,
    NEAR_BEST,
    Q_ONE,
    QUICK,
    SIZE_GAIN,
    SIZE_Q,
    STEADY,
    VARIANTS,
    WIDER,
    _claim,
    _count,
    _figure_keys,
    _has,
    _not_run,
    _points,
    configurations,
    pct,
)
from .paper import PAPER_CLAIMS, PAPER_NUMBERS

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
