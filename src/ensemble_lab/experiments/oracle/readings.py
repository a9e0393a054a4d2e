"""What the oracle page checks behind its verdicts short of "holds", from the stores.

Used by the oracle page and its claims (:mod:`~ensemble_lab.experiments.oracle.claims`):

* the win-tie-loss of every H- method against its N- version on each repetition of the
  10×10 cross-validation taken alone (how firm a count over the data sets is);
* the uniform reading of the oracle's two points for the reweighting boosting hosts
  (``oracle-readings.db``), against the stored reading by weight and the N- version on
  the same folds, and the ranks Table III would give with it;
* the resampling (S) boosting hosts against the reweighting (W) ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import pandas as pd

from ...evaluation import stats

__all__ = [
    "BOOTSTRAP_REPLICATES",
    "Evidence",
    "Readings",
    "bootstrap_losing",
    "repetition_counts",
    "s_against_w",
    "uniform_reading",
]

#: Win-tie-loss of a pair of methods over the data sets.
Counts = tuple[int, int, int]
#: Resamples of the repetitions drawn by :func:`bootstrap_losing`, and their seed.
BOOTSTRAP_REPLICATES = 1000
BOOTSTRAP_SEED = 0


@dataclass(frozen=True)
class Readings:
    """The uniform reading of the oracle's points beside the stored one (by weight).

    ``table`` has one row per host (``P-AdaBoostM1 (W)`` ...) and the columns of
    :func:`uniform_reading`; ``n_datasets`` is the number of data sets both readings
    finished, ``cpu_minutes`` the uniform run's fitting and prediction time;
    ``helped`` the number of ensembles whose H- method ranks better than its N- version
    over those data sets, with the points by weight and uniformly, and of how many.

    Examples
    --------
    >>> Readings(pd.DataFrame(), n_datasets=33, cpu_minutes=12.5).helped
    (0, 0, 0)
    """

    table: pd.DataFrame
    n_datasets: int
    cpu_minutes: float
    helped: tuple[int, int, int] = (0, 0, 0)


@dataclass(frozen=True)
class Evidence:
    """What the claims' notes are computed from, beside the ranks and counts.

    ``means``: mean accuracy (fraction) of each method (columns) on each data set;
    ``repetitions``: family -> its H- against N- counts on each repetition alone;
    ``bootstrap``: the families with fewer wins than losses in each bootstrap replicate
    of the repetitions (:func:`bootstrap_losing`);
    ``readings``: the uniform reading (None: ``oracle-readings.db`` not there);
    ``zoo_features``: the number of attributes of the stored zoo (None: not run).

    Examples
    --------
    >>> Evidence().means is None, Evidence(zoo_features=17).zoo_features
    (True, 17)
    """

    means: pd.DataFrame | None = None
    repetitions: Mapping[str, list[Counts]] | None = None
    bootstrap: list[tuple[str, ...]] | None = None
    readings: Readings | None = None
    zoo_features: int | None = None


def _pairs(methods: list[str]) -> list[tuple[str, str]]:
    """``(H-x, N-x)`` for every H- method whose N- version is there."""
    return [(m, "N-" + m[2:]) for m in methods if m.startswith("H-") and "N-" + m[2:] in methods]


def repetition_counts(results: pd.DataFrame) -> dict[str, list[Counts]]:
    """Win-tie-loss of each H- method against its N- version on each repetition alone.

    Each repetition is one 10-fold cross-validation of every data set: the means over
    its folds are compared as Table III compares the means over all folds.

    Examples
    --------
    >>> rows = [("d1", m, r, f, a) for r in range(2) for f in range(2)
    ...         for m, a in (("H-x", 0.9 - 0.3 * r), ("N-x", 0.8))]
    >>> frame = pd.DataFrame(rows, columns=["dataset", "method", "repetition", "fold",
    ...                                     "accuracy"])
    >>> repetition_counts(frame)
    {'x': [(1, 0, 0), (0, 0, 1)]}
    """
    out: dict[str, list[Counts]] = {}
    grouped = results.groupby(["repetition", "dataset", "method"])["accuracy"].mean()
    for _, means in grouped.groupby(level="repetition"):
        table = means.droplevel("repetition").unstack()
        for h, n in _pairs(list(table.columns)):
            out.setdefault(h[2:], []).append(stats.win_tie_loss(table[h], table[n]))
    return out


def bootstrap_losing(
    results: pd.DataFrame, replicates: int = BOOTSTRAP_REPLICATES, seed: int = BOOTSTRAP_SEED
) -> list[tuple[str, ...]]:
    """The families whose H- method has fewer wins than losses, in each bootstrap replicate.

    A replicate draws the repetitions of the cross-validation with replacement (as many
    as there are) and compares the H- and N- means over the folds of the drawn
    repetitions on every data set, as Table III compares the means over all folds.

    Examples
    --------
    >>> rows = [("d1", m, r, 0, a) for r in range(2)
    ...         for m, a in (("H-x", 0.9 - 0.3 * r), ("N-x", 0.8))]
    >>> frame = pd.DataFrame(rows, columns=["dataset", "method", "repetition", "fold",
    ...                                     "accuracy"])
    >>> sorted(set(bootstrap_losing(frame, replicates=50)))
    [(), ('x',)]
    """
    table = results.groupby(["repetition", "dataset", "method"])["accuracy"].mean().unstack()
    reps = table.index.get_level_values("repetition").unique()
    datasets = table.index.get_level_values("dataset").unique()
    cube = table.reindex(pd.MultiIndex.from_product([reps, datasets])).to_numpy()
    cube = cube.reshape(len(reps), len(datasets), -1)
    pairs = [(table.columns.get_loc(h), table.columns.get_loc(n), h[2:])
             for h, n in _pairs(list(table.columns))]  # fmt: skip
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(replicates):
        means = cube[rng.integers(0, len(reps), len(reps))].mean(axis=0)
        out.append(
            tuple(
                fam
                for h, n, fam in pairs
                if (means[:, h] > means[:, n]).sum() < (means[:, h] < means[:, n]).sum()
            )
        )
    return out


def uniform_reading(
    uniform: pd.DataFrame, stored: pd.DataFrame, suffix: str
) -> tuple[pd.DataFrame, int, tuple[int, int, int]]:
    """Each host's H- by weight and H- uniform against its N- version, on the same folds.

    ``uniform``: the readings run's results (labels the H- method's with ``suffix``);
    ``stored``: Table III's results. Only data sets the uniform run finished (every
    method, every fold) are compared. Returns the table, the number of data sets and
    ``Readings.helped``.

    Columns: win-tie-loss against N- and the mean accuracy gain over N- (points) of each
    reading, the uniform reading's win-tie-loss against the reading by weight, and the
    rank gain (N- rank − H- rank) each reading gives among all of Table III's methods
    over these data sets (the uniform H- methods in place of those by weight).

    Examples
    --------
    >>> h, n = "H-P-AdaBoostM1 (W)", "N-P-AdaBoostM1 (W)"
    >>> columns = ["dataset", "method", "repetition", "fold", "accuracy"]
    >>> stored = pd.DataFrame([(d, m, 0, 0, a) for d in "ab" for m, a in ((h, 0.7), (n, 0.8))],
    ...                       columns=columns)
    >>> uniform = pd.DataFrame([(d, h + " uniform", 0, 0, 0.9) for d in "ab"], columns=columns)
    >>> table, n_datasets, helped = uniform_reading(uniform, stored, " uniform")
    >>> table.loc["P-AdaBoostM1 (W)", ["by weight: W-T-L", "uniform: W-T-L"]].tolist()
    ['0-0-2', '2-0-0']
    >>> n_datasets, helped
    (2, (0, 1, 1))
    """
    size = uniform.groupby("dataset").size()
    done = sorted(size.index[size == size.max()])
    u = uniform[uniform["dataset"].isin(done)]
    u = u.groupby(["dataset", "method"])["accuracy"].mean().unstack()
    s = stored[stored["dataset"].isin(done)]
    s = s.groupby(["dataset", "method"])["accuracy"].mean().unstack()
    swapped = s.copy()
    for label in u.columns:
        swapped[label.removesuffix(suffix)] = u[label]
    ranks, swapped_ranks = _ranks(s), _ranks(swapped)
    rows = []
    for label in u.columns:
        h = label.removesuffix(suffix)
        n = "N-" + h[2:]
        rows.append(
            {
                "host": h[2:],
                "by weight: W-T-L": "-".join(map(str, stats.win_tie_loss(s[h], s[n]))),
                "by weight: gain (points)": 100 * float((s[h] - s[n]).mean()),
                "by weight: rank gain": float(ranks[n] - ranks[h]),
                "uniform: W-T-L": "-".join(map(str, stats.win_tie_loss(u[label], s[n]))),
                "uniform: gain (points)": 100 * float((u[label] - s[n]).mean()),
                "uniform: rank gain": float(swapped_ranks[n] - swapped_ranks[h]),
                "uniform vs by weight: W-T-L": "-".join(
                    map(str, stats.win_tie_loss(u[label], s[h]))
                ),
            }
        )
    pairs = _pairs(list(s.columns))
    weight, uniform_helped = (
        int(sum(r[n] > r[h] for h, n in pairs)) for r in (ranks, swapped_ranks)
    )
    return pd.DataFrame(rows).set_index("host"), len(done), (weight, uniform_helped, len(pairs))


def _ranks(means: pd.DataFrame) -> pd.Series:
    return stats.average_ranks(means).average


def s_against_w(means: pd.DataFrame) -> pd.DataFrame:
    """Each boosting method by resampling (S) against its version by reweighting (W).

    One row per S method: on how many data sets it is less accurate than the W version
    (``S worse``), of how many (``of``).

    Examples
    --------
    >>> means = pd.DataFrame({"N-P-AdaBoostM1 (S)": [0.8, 0.9, 0.7],
    ...                       "N-P-AdaBoostM1 (W)": [0.85, 0.9, 0.6]})
    >>> s_against_w(means).to_dict("index")
    {'N-P-AdaBoostM1 (S)': {'S worse': 1, 'of': 3}}
    """
    rows = {}
    for m in means.columns:
        w = m.replace("(S)", "(W)")
        if m.endswith("(S)") and w in means.columns:
            rows[m] = {"S worse": int((means[m] < means[w]).sum()), "of": len(means)}
    return pd.DataFrame.from_dict(rows, orient="index")
