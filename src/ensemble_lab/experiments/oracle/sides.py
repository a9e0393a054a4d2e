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
    """``"P-Bagging"`` for ``"H-P-Bagging"`` / ``"N-P-Bagging"``.

    Examples
    --------
    >>> family("H-U-Rand. Subs. (75%)")
    'U-Rand. Subs. (75%)'
    """
    return method[2:]


def host(fam: str) -> str:
    """``"Rand. Subs."`` for ``"U-Rand. Subs. (75%)"``: the ensemble without tree/variant.

    Examples
    --------
    >>> host("U-Rand. Subs. (75%)"), host("P-AdaBoostM1 (W)")
    ('Rand. Subs.', 'AdaBoostM1')
    """
    return fam.split("-", 1)[1].split(" (")[0]


def rank_gain(ranks: Mapping[str, float]) -> pd.Series:
    """Rank of N- minus rank of H- for every pair (positive: the oracle helps).

    Examples
    --------
    >>> rank_gain({"H-P-Bagging": 20.36, "N-P-Bagging": 26.96, "H-P-Ensemble": 24.66}).round(2)
    P-Bagging    6.6
    dtype: float64
    """
    return pd.Series(
        {
            family(m): ranks["N-" + family(m)] - ranks[m]
            for m in ranks
            if m.startswith("H-") and "N-" + family(m) in ranks
        },
        dtype=float,
    )


def parse_wtl(cell: str) -> tuple[int, int, int]:
    """``(wins, ties, losses)`` of a Table III cell such as ``"• 26-2-7"``.

    Examples
    --------
    >>> parse_wtl("• 26-2-7"), parse_wtl("15-2-18")
    ((26, 2, 7), (15, 2, 18))
    """
    w, t, lo = (int(v) for v in cell.lstrip("• ").split("-"))
    return w, t, lo


def ranked_places(ranks: Mapping[str, float]) -> dict[str, int]:
    """Each method's place (1 = best) when sorted by its average rank.

    Examples
    --------
    >>> ranked_places({"a": 2.5, "b": 1.0, "c": 3.0})
    {'b': 1, 'a': 2, 'c': 3}
    """
    order = sorted(ranks, key=lambda m: ranks[m])
    return {m: i + 1 for i, m in enumerate(order)}


class Side:
    """The statistics of one side (the paper's Table III, or our run).

    ``ranks``: average rank of each method; ``wtl``: ``(wins, ties, losses)`` of each H-
    method against its N- version over the data sets; ``evidence``: what the claims'
    notes are computed from (our run only).

    Examples
    --------
    >>> side = Side({"H-P-Bagging": 1.0, "N-P-Bagging": 2.0}, {"H-P-Bagging": (20, 1, 14)})
    >>> side.gain.to_dict(), side.n_datasets, side.tests["P-Bagging"].better
    ({'P-Bagging': 1.0}, 35, False)
    """

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
