"""Claim 7 of the oracle paper: no pattern as to pruned or unpruned trees, as an equivalence test.

An absence of difference is shown, not assumed from a non-significant test: the oracle's
accuracy gain with pruned trees against unpruned, per data set, must be equivalent
within :data:`PRUNING_MARGIN` (two one-sided tests), a margin fixed before our numbers
were computed.
"""

from __future__ import annotations

import math

import pandas as pd
from scipy import stats as sps

from ...evaluation import stats
from ...reporting.claims import Claim, verdict
from .sides import Side, family

__all__ = ["PRUNING_MARGIN", "pruning_claim", "pruning_gains"]

#: Claim 7's equivalence margin, in accuracy points: the region of practical
#: equivalence of Benavoli et al. (2017), fixed before our numbers were computed.
PRUNING_MARGIN = 1.0


def pruning_gains(means: pd.DataFrame) -> pd.DataFrame | None:
    """Per data set, the oracle's mean accuracy gain (points) with pruned and unpruned trees.

    The gain of an ensemble is accuracy(H-) − accuracy(N-); each column averages it over
    the ensembles run with both trees. None without such an ensemble.

    Examples
    --------
    >>> means = pd.DataFrame({"H-P-Bagging": [0.80, 0.90], "N-P-Bagging": [0.79, 0.90],
    ...                       "H-U-Bagging": [0.81, 0.92], "N-U-Bagging": [0.79, 0.90]})
    >>> pruning_gains(means).round(2).to_dict("list")
    {'pruned': [1.0, 0.0], 'unpruned': [2.0, 2.0]}
    """
    both = sorted(
        f[2:]
        for f in (family(m) for m in means.columns if m.startswith("H-P-"))
        if all(f"{h}-{t}-{f[2:]}" in means.columns for h in "HN" for t in "PU")
    )
    if not both:
        return None

    def gain(tree: str) -> pd.Series:
        return pd.concat(
            [100 * (means[f"H-{tree}-{f}"] - means[f"N-{tree}-{f}"]) for f in both], axis=1
        ).mean(axis=1)

    return pd.DataFrame({"pruned": gain("P"), "unpruned": gain("U")})


def _datasets_needed(sd: float, mean: float, margin: float) -> int | None:
    """The fewest data sets whose 90 % interval, at this spread and mean, fits the margin."""
    room = margin - abs(mean)
    if room <= 0:
        return None
    if sd == 0:
        return 2
    return next(
        (n for n in range(2, 100_001) if sps.t.ppf(0.95, n - 1) * sd / math.sqrt(n) < room),
        None,
    )


def pruning_claim(paper: Side, ours: Side) -> Claim:
    """Claim 7: the oracle's gain with pruned and unpruned trees is equivalent.

    Tested on ``ours.evidence.means`` (per-dataset accuracies); the paper's side gives
    ranks only, so its column shows the sign test of the rank gains.

    Examples
    --------
    Without our per-dataset accuracies the test is not run:

    >>> side = Side({"H-P-Bagging": 1.0, "N-P-Bagging": 2.0}, {"H-P-Bagging": (20, 1, 14)})
    >>> claim = pruning_claim(side, side)
    >>> claim.key, claim.verdict
    ('no-pruning-pattern', 'not run')
    """

    def signs(side: Side) -> str:
        g = side.gain
        both = [f[2:] for f in g.index if f.startswith("U-") and "P-" + f[2:] in g]
        if not both:
            return "no ensemble run with both trees"
        counts = stats.win_tie_loss([g["P-" + f] for f in both], [g["U-" + f] for f in both])
        t = stats.sign_test(*counts)
        return (
            f"rank gain larger with pruned trees for {t.wins}, equal {t.ties}, smaller "
            f"{t.losses} of {len(both)} (sign test n_c = {t.critical_value}: "
            + ("significant, a pattern)" if t.better or t.worse else "not significant)")
        )

    gains = None if ours.evidence.means is None else pruning_gains(ours.evidence.means)
    margin = PRUNING_MARGIN
    if gains is None or len(gains) < 2:
        shown, result, note = "no per-dataset accuracies of both trees", "not run", ""
    else:
        r = stats.paired_equivalence(gains["pruned"], gains["unpruned"], margin)
        sd = float((gains["pruned"] - gains["unpruned"]).std(ddof=1))
        needed = _datasets_needed(sd, r.mean_difference, margin)
        lo, hi = r.interval
        shown = (
            f"pruned − unpruned gain {r.mean_difference:+.2f} points, 90 % interval "
            f"[{lo:+.2f}, {hi:+.2f}] (±{r.half_width:.2f}), TOST p = {r.p_value:.3g} "
            f"({len(gains)} datasets, sd {sd:.2f}; "
            + (
                f"at this spread {needed} datasets would show equivalence)"
                if needed
                else "no number of datasets would show equivalence at this mean)"
            )
        )
        result = verdict(r.equivalent)
        note = _pruning_note(r, len(gains))
    return Claim(
        key="no-pruning-pattern",
        quote=(
            "There is no clear pattern as to whether the oracle favours pruned or unpruned trees."
        ),
        test=(
            "per dataset, the oracle's accuracy gain (H- − N-, points) averaged over the 9 "
            "ensembles run with both trees, pruned against unpruned: equivalent within "
            f"±{margin:g} point (two one-sided paired t-tests over the datasets, α = 0.05, "
            f"i.e. the 90 % interval of the mean difference inside ±{margin:g}; the margin "
            "is the region of practical equivalence for accuracy of Benavoli et al. 2017, "
            "the smallest difference of accuracy taken to matter); holds: equivalent"
        ),
        paper="Table III gives ranks, not accuracies: no interval; its " + signs(paper),
        ours=shown,
        verdict=result,
        checked=note,
    )


def _pruning_note(r: stats.EquivalenceResult, n: int) -> str:
    """What the interval says beyond the verdict (nothing when it holds zero and fits)."""
    lo, hi = r.interval
    width = f"The 90 % interval over {n} datasets is ±{r.half_width:.2f} points around "
    width += f"{r.mean_difference:+.2f}"
    favoured = "pruned" if r.mean_difference > 0 else "unpruned"
    if r.equivalent:
        if lo <= 0 <= hi:
            return ""
        return (
            f"{width}: it excludes zero, so the {favoured} trees do gain more from the "
            f"oracle, by {abs(r.mean_difference):.2f} points on average, a difference "
            f"inside the ±{r.margin:g} point margin fixed in advance."
        )
    if lo <= 0 <= hi:
        return (
            f"{width}: it holds zero, so no pattern is shown either; the verdict reads: "
            "the absence of a pattern is not shown."
        )
    return f"{width}: it excludes zero, a pattern: the {favoured} trees gain more."
