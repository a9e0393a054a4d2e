"""The observations of Kuncheva & Whitaker (2002), Section 4, and their tests on our curves.

Used by :mod:`ensemble_lab.experiments.boosting_variants`. The paper has no table: its
results are Figures 2-4 and the observations listed in ``PAPER_CLAIMS`` (quoted or
closely paraphrased from its text); each ``*_checks`` function turns one figure's
observations into a verdict with the numbers it rests on and the criterion used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

__all__ = ["PAPER_CLAIMS", "PAPER_NUMBERS", "Check", "check_claims"]

VARIANTS = ("aggressive", "conservative", "inverse")
DATASET_TITLES = {"cone-torus": "Cone-Torus", "pima": "Pima", "phoneme": "Phoneme"}

#: What the paper states in numbers or words (Section 4 and 5); it has no table, so these
#: are the claims its figures are read for. Keys are used by the page's checks.
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
        "and Conservative Boosting; on Pima with QDA it misses the best improvement"
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
    "conclusion": ("Conservative Boosting performed better than the other two and is recommended"),
}

#: The paper's only numbers (Section 4): the size after which Aggressive Boosting overtrains
#: on Cone-Torus (Fig. 2) and the largest improvements over the first member (Fig. 3).
PAPER_NUMBERS: dict[str, Any] = {
    "aggressive_overtrains_after": 13,
    "qda_max_improvement": (0.015, 0.03),
    "mlp_max_improvement": 0.15,
}


GROUP = ["study", "dataset", "base", "n_train", "variant"]


def pct(value: float) -> str:
    """A rate in percent with one decimal."""
    return f"{100 * value:.1f}"


@dataclass
class Check:
    """One claim of the paper tested on our curves."""

    claim: str
    verdict: str  # "holds", "partly", "does not hold" or "not run"
    evidence: str


def _has(means: pd.DataFrame, *prefix: Any) -> bool:
    index = means.index.droplevel("k")
    return all((*prefix, v) in index for v in VARIANTS)


def _verdict(flags: list[bool]) -> str:
    if all(flags):
        return "holds"
    return "partly" if any(flags) else "does not hold"


def _hard_points(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Training points a single QDA fitted on all of them misclassifies (the boundary)."""
    from ..learners import make_learner

    return make_learner("qda").fit(X, y).predict(X) != y


def _fig2_checks(
    means: pd.DataFrame, weights: pd.DataFrame, X: np.ndarray, y: np.ndarray
) -> list[Check]:
    if not _has(means, "fig2", "cone-torus", "qda", 0):
        return [Check(PAPER_CLAIMS[k], "not run", "") for k in PAPER_CLAIMS if k.startswith("fig2")]
    c = {v: means.loc[("fig2", "cone-torus", "qda", 0, v)] for v in VARIANTS}
    checks = []
    # Overtraining: the testing error rises after its minimum while training error falls.
    agg = c["aggressive"]
    k_min = int(agg["test_error"].idxmin())
    rise = agg["test_error"].iloc[-1] - agg["test_error"].min()
    train_falls = agg["train_error"].iloc[-1] <= agg["train_error"].loc[k_min]
    others = {
        v: (c[v]["test_error"].iloc[-1] < c[v]["test_error"].iloc[0])
        and (c[v]["train_error"].iloc[-1] < c[v]["train_error"].iloc[0])
        for v in ("conservative", "inverse")
    }
    checks.append(
        Check(
            PAPER_CLAIMS["fig2_aggressive_overtrains"],
            _verdict([rise >= 0.005 and train_falls, *others.values()]),
            f"Aggressive: lowest mean testing error {pct(agg['test_error'].min())} % at "
            f"k = {k_min}, {pct(agg['test_error'].iloc[-1])} % at k = L (a rise of "
            f"{pct(rise)} points; training error {pct(agg['train_error'].loc[k_min])} → "
            f"{pct(agg['train_error'].iloc[-1])} %). Both errors lower at L than at k = 1: "
            + ", ".join(f"{v} {'yes' if ok else 'no'}" for v, ok in others.items())
            + ".",
        )
    )
    gaps = {v: float((c[v]["train_q"] - c[v]["test_q"]).iloc[1:].abs().mean()) for v in VARIANTS}
    checks.append(
        Check(
            PAPER_CLAIMS["fig2_train_test_q"],
            _verdict([g < 0.05 for g in gaps.values()]),
            "mean |training Q − testing Q| over k ≥ 2: "
            + ", ".join(f"{v} {g:.3f}" for v, g in gaps.items())
            + " (criterion: below 0.05).",
        )
    )
    parts, flags = [], []
    for v in VARIANTS:
        q = c[v]["train_q"]
        k_star = int(q.iloc[1:].idxmin())
        tick = k_star < len(q) and q.iloc[-1] > q.loc[k_star] + 0.005
        good = c[v]["test_error"].loc[k_star] <= c[v]["test_error"].iloc[-1] + 0.0025
        flags += [tick, good]
        parts.append(
            f"{v}: min training Q {q.loc[k_star]:.3f} at k* = {k_star} (Q at L "
            f"{q.iloc[-1]:.3f}); testing error at k* {pct(c[v]['test_error'].loc[k_star])} % "
            f"vs {pct(c[v]['test_error'].iloc[-1])} % at L"
        )
    checks.append(
        Check(
            PAPER_CLAIMS["fig2_min_q_stop"],
            _verdict(flags),
            "; ".join(parts)
            + " (criteria: Q rises again after its minimum, and stopping there costs at most "
            "0.25 points of testing error).",
        )
    )
    finals = {v: c[v]["test_error"].iloc[-1] for v in VARIANTS}
    first = c["inverse"]["test_error"].iloc[0]
    checks.append(
        Check(
            PAPER_CLAIMS["fig2_inverse_best"],
            _verdict([min(finals, key=finals.__getitem__) == "inverse", finals["inverse"] < first]),
            "mean testing error at L: "
            + ", ".join(f"{v} {pct(e)} %" for v, e in finals.items())
            + f"; first member {pct(first)} %.",
        )
    )
    if not weights.empty:
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
        checks.append(
            Check(
                PAPER_CLAIMS["fig2_weights"],
                _verdict(
                    [
                        mass["aggressive"] > share,
                        mass["conservative"] > share,
                        mass["inverse"] < share,
                    ]
                ),
                f"the {int(hard.sum())} training points a single QDA misclassifies "
                f"({pct(share)} % of the points) hold, in the final weights (mean over runs): "
                + ", ".join(f"{v} {pct(m)} %" for v, m in mass.items())
                + " of the mass.",
            )
        )
    q_inv = c["inverse"]["test_q"].iloc[-1]
    checks.append(
        Check(
            PAPER_CLAIMS["fig2_inverse_q"],
            _verdict([q_inv > 0.9]),
            "testing Q at L: "
            + ", ".join(f"{v} {c[v]['test_q'].iloc[-1]:.3f}" for v in VARIANTS)
            + " (criterion for the inverse: above 0.9).",
        )
    )
    return checks


def _improvements(means: pd.DataFrame, prefix: tuple) -> dict[str, pd.DataFrame]:
    out = {}
    for v in VARIANTS:
        curve = means.loc[(*prefix, v)]
        out[v] = pd.DataFrame(
            {
                "q": curve["test_q"],
                "train_q": curve["train_q"],
                "gain": curve["test_error"].iloc[0] - curve["test_error"],
            }
        )
    return out


def _fig3_checks(
    means: pd.DataFrame, datasets: tuple[str, ...], bases: tuple[str, ...]
) -> list[Check]:
    cases = [(d, b) for b in bases for d in datasets if _has(means, "fig3", d, b, 0)]
    keys = ["fig3_conservative", "fig3_scale", "fig3_inverse", "fig3_min_q_mlp"]
    if not cases:
        return [Check(PAPER_CLAIMS[k], "not run", "") for k in keys]
    gains = {(d, b): _improvements(means, ("fig3", d, b, 0)) for d, b in cases}
    label = {(d, b): f"{DATASET_TITLES[d]}/{b.upper()}" for d, b in cases}
    checks = []
    final = {cb: {v: g[v]["gain"].iloc[-1] for v in VARIANTS} for cb, g in gains.items()}
    best = {cb: max(f, key=f.__getitem__) for cb, f in final.items()}
    checks.append(
        Check(
            PAPER_CLAIMS["fig3_conservative"],
            _verdict(
                [
                    all(g["conservative"]["gain"].max() > 0 for g in gains.values()),
                    sum(b == "conservative" for b in best.values()) > len(best) / 2,
                ]
            ),
            "mean improvement at L (points of accuracy), aggressive/conservative/inverse: "
            + "; ".join(
                f"{label[cb]} " + "/".join(f"{100 * f[v]:+.1f}" for v in VARIANTS)
                for cb, f in final.items()
            )
            + ". Best at L: "
            + ", ".join(f"{label[cb]} {b}" for cb, b in best.items())
            + ". Largest improvement of the conservative at any k: "
            + ", ".join(
                f"{label[cb]} {100 * g['conservative']['gain'].max():+.1f}"
                for cb, g in gains.items()
            )
            + ".",
        )
    )
    peak = {cb: max(g[v]["gain"].max() for v in VARIANTS) for cb, g in gains.items()}
    qda = [p for (d, b), p in peak.items() if b == "qda"]
    mlp = [p for (d, b), p in peak.items() if b == "mlp"]
    flags = [max(qda) <= 0.035] if qda else []
    if qda and mlp:
        flags.append(max(mlp) >= 2 * max(qda))
    elif flags:
        flags.append(False)  # the MLP half of the claim was not run: at most "partly"
    checks.append(
        Check(
            PAPER_CLAIMS["fig3_scale"],
            _verdict(flags) if flags else "not run",
            "largest mean improvement over k and variants: "
            + ", ".join(f"{label[cb]} {100 * p:+.1f}" for cb, p in peak.items())
            + " points (criteria: QDA at most 3.5, MLP at least twice the QDA's).",
        )
    )
    inverse = {cb: g["inverse"]["gain"].max() for cb, g in gains.items()}
    expected = {cb: cb == ("cone-torus", "qda") for cb in inverse}
    checks.append(
        Check(
            PAPER_CLAIMS["fig3_inverse"],
            _verdict([(inverse[cb] > 0.005) == expected[cb] for cb in inverse]),
            "largest mean improvement of the inverse at any k: "
            + ", ".join(f"{label[cb]} {100 * p:+.1f}" for cb, p in inverse.items())
            + " points (beneficial: above +0.5).",
        )
    )
    parts, flags = [], []
    for cb, g in gains.items():
        for v in ("aggressive", "conservative"):
            k_q = int(g[v]["q"].iloc[1:].idxmin())
            at_q, top = g[v]["gain"].loc[k_q], g[v]["gain"].max()
            hit = at_q >= top - 0.005
            if cb[1] == "mlp":
                flags.append(hit)
            elif cb[0] == "pima":
                flags.append(not hit)
            parts.append(
                f"{label[cb]} {v}: {100 * at_q:+.1f} at k = {k_q} vs best {100 * top:+.1f}"
            )
    checks.append(
        Check(
            PAPER_CLAIMS["fig3_min_q_mlp"],
            _verdict(flags) if flags else "not run",
            "improvement at the lowest testing Q vs the best improvement (points): "
            + "; ".join(parts)
            + " (found: within 0.5 points of the best).",
        )
    )
    return checks


def _fig4_checks(
    means: pd.DataFrame, sizes: tuple[int, ...], bases: tuple[str, ...]
) -> list[Check]:
    configs = [(b, n) for b in bases for n in sizes if _has(means, "fig4", "phoneme", b, n)]
    if not configs:
        return [Check(PAPER_CLAIMS[k], "not run", "") for k in ("fig4_diversity", "fig4_small_n")]
    parts, flags, small = [], [], []
    for b, n in configs:
        c = {v: means.loc[("fig4", "phoneme", b, n, v)] for v in VARIANTS}
        q = {v: c[v]["test_q"].iloc[-1] for v in VARIANTS}
        e = {v: c[v]["test_error"].iloc[-1] for v in VARIANTS}
        first = c["aggressive"]["test_error"].iloc[0]
        flags += [
            q["aggressive"] < q["conservative"],
            e["conservative"] < e["aggressive"],
            e["inverse"] > first and q["inverse"] > 0.95,
        ]
        if n == min(sizes):
            small += [e["aggressive"] < first, e["conservative"] < first]
        parts.append(
            f"{b.upper()} N = {n}: Q at L "
            + "/".join(f"{q[v]:.2f}" for v in VARIANTS)
            + ", error at L "
            + "/".join(pct(e[v]) for v in VARIANTS)
            + f" % (first member {pct(first)} %)"
        )
    evidence = "aggressive/conservative/inverse — " + "; ".join(parts) + "."
    return [
        Check(PAPER_CLAIMS["fig4_diversity"], _verdict(flags), evidence),
        Check(
            PAPER_CLAIMS["fig4_small_n"],
            _verdict(small) if small else "not run",
            f"N = {min(sizes)}: see the errors above (criterion: error at L below the first "
            "member's for both variants and both bases).",
        ),
    ]


def _conclusion_check(stops: pd.DataFrame) -> Check:
    finals = stops.groupby(GROUP)["error_last"].mean().unstack("variant")
    winners = finals.idxmin(axis=1)
    counts = winners.value_counts().reindex(list(VARIANTS), fill_value=0)
    top = counts[counts == counts.max()].index
    verdict = (
        "does not hold" if "conservative" not in top else "holds" if len(top) == 1 else "partly"
    )
    return Check(
        PAPER_CLAIMS["conclusion"],
        verdict,
        f"lowest mean testing error at L in {len(winners)} configurations: "
        + ", ".join(f"{v} {n}" for v, n in counts.items())
        + ".",
    )


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
) -> list[Check]:
    """Every claim of ``PAPER_CLAIMS`` tested on the mean curves and stopping points.

    Parts of the study that were not run give the verdict "not run".
    """
    return [
        *_fig2_checks(means, weights, X_train, y_train),
        *_fig3_checks(means, fig3_datasets, bases),
        *_fig4_checks(means, phoneme_sizes, bases),
        _conclusion_check(stops),
    ]
