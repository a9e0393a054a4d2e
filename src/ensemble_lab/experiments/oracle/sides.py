"""One side of the oracle paper's comparisons: the paper's table, or our run.

The claims of Sections V and VI (:mod:`~ensemble_lab.experiments.oracle.claims`,
:mod:`~ensemble_lab.experiments.oracle.medical`) compute each statistic the same way
from both sides: average ranks and the win-tie-loss of every H- method against its N-
version.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from ...evaluation import stats
from .readings import Evidence

__all__ = ["Side", "family", "host", "parse_wtl", "rank_gain", "ranked_places"]


def family(method: str) -> str:
    """``"P-Bagging"`` for ``"H-P-Bagging"`` / ``"N-P-Bagging"``."""
    return method[2:]


def host(fam: str) -> str:
    """``"Rand. Subs."`` for ``"U-Rand. Subs. (75%)"``: the ensemble without tree/variant."""
    return fam.split("-", 1)[1].split(" (")[0]


def rank_gain(ranks: Mapping[str, float]) -> pd.Series:
    """Rank of N- minus rank of H- for every pair (positive: the oracle helps)."""
    return pd.Series(
        {
            family(m): ranks["N-" + family(m)] - ranks[m]
            for m in ranks
            if m.startswith("H-") and "N-" + family(m) in ranks
        },
        dtype=float,
    )


def parse_wtl(cell: str) -> tuple[int, int, int]:
    """``(wins, ties, losses)`` of a Table III cell such as ``"• 26-2-7"``."""
    w, t, lo = (int(v) for v in cell.lstrip("• ").split("-"))
    return w, t, lo


def ranked_places(ranks: Mapping[str, float]) -> dict[str, int]:
    """Each method's place (1 = best) when sorted by its average rank."""
    order = sorted(ranks, key=lambda m: ranks[m])
    return {m: i + 1 for i, m in enumerate(order)}


class Side:
    """The statistics of one side (the paper's Table III, or our run)."""

    def __init__(
        self,
        ranks: Mapping[str, float],
        wtl: Mapping[str, tuple[int, int, int]],
        evidence: Evidence | None = None,
    ):
        self.ranks = dict(ranks)
        self.wtl = dict(wtl)
        self.evidence = Evidence() if evidence is None else evidence
        self.gain = rank_gain(self.ranks)
        self.n_datasets = sum(next(iter(self.wtl.values()))) if self.wtl else 0
        self.tests = {family(m): stats.sign_test(*c) for m, c in self.wtl.items()}

    def host_gain(self) -> pd.Series:
        """Mean rank gain per host ensemble, largest first."""
        return self.gain.groupby(host).mean().sort_values(ascending=False)
