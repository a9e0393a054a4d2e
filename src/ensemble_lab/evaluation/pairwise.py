"""Every pair of methods on every data set: the per-data-set tests, Weka's matrices.

:func:`per_dataset_test` runs the paired test a protocol calls for on the scores of two
methods over the splits of one data set. Over all pairs of methods it gives Weka's
Experimenter summaries (``PairedCorrectedTTester -s`` and ``-r``):

* :func:`summary_matrix` — for each pair (row, column), the number of data sets where the
  column's mean score is higher than the row's, and in parentheses where it is
  significantly higher;
* :func:`wins_losses_ranking` — for each method, its significant wins and losses over
  every other method on every data set, and their difference, by which it is ranked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from . import stats

__all__ = [
    "PairwiseTests",
    "TestName",
    "pairwise_tests",
    "per_dataset_test",
    "summary_matrix",
    "wins_losses_ranking",
]

TestName = Literal["corrected_t", "paired_t", "wilcoxon", "cv52_f"]
_SPLIT = ["repetition", "fold"]


def per_dataset_test(
    test: TestName,
    a: ArrayLike,
    b: ArrayLike,
    n_train: ArrayLike | None = None,
    n_test: ArrayLike | None = None,
    alpha: float = 0.05,
) -> tuple[int, float]:
    """(significance, p-value) of ``a`` against ``b``, paired over the splits of a data set.

    Parameters
    ----------
    test : {"corrected_t", "paired_t", "wilcoxon", "cv52_f"}
        :func:`~.stats.corrected_resampled_ttest` (Weka's Experimenter; needs the split
        sizes), :func:`~.stats.paired_ttest`, :func:`~.stats.wilcoxon` or
        :func:`~.stats.cv52_ftest` (the ten scores of a 5×2 CV).
    a, b : array-like
        Scores of the two methods on the same splits (higher is better).
    n_train, n_test : array-like, optional
        Split sizes, for the corrected t-test.
    alpha : float, default=0.05

    Returns
    -------
    significance : int
        +1 when ``a`` is significantly higher, −1 when lower, 0 otherwise (also when
        there are fewer splits than the test needs).
    p_value : float
        NaN when the test could not be run.
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.size < 2:
        return 0, np.nan  # a single split: nothing to test
    result: stats.PairedTestResult | stats.WilcoxonResult
    if test == "cv52_f":
        if a.size != 10:
            return 0, np.nan  # the F-test needs the ten scores of a complete 5×2 CV
        result = stats.cv52_ftest(a, b, alpha=alpha)
    elif test == "corrected_t":
        if n_train is None or n_test is None:
            raise ValueError("the corrected resampled t-test needs the split sizes")
        result = stats.corrected_resampled_ttest(a, b, n_train, n_test, alpha=alpha)
    elif test == "paired_t":
        result = stats.paired_ttest(a, b, alpha=alpha)
    elif test == "wilcoxon":
        result = stats.wilcoxon(a, b, alpha=alpha)
    else:
        raise ValueError(f"unknown test {test!r}")
    return result.significance, result.p_value


@dataclass(frozen=True)
class PairwiseTests:
    """The tests of every ordered pair of methods on every data set.

    Attributes
    ----------
    methods : list of str
        In order.
    higher_mean : ndarray of shape (n_methods, n_methods)
        ``[i, j]``: data sets where method j's mean score is higher than method i's.
    significant : ndarray of shape (n_methods, n_methods)
        ``[i, j]``: data sets where method j is significantly better than method i.
    n_datasets : int
    """

    methods: list[str]
    higher_mean: np.ndarray
    significant: np.ndarray
    n_datasets: int


def pairwise_tests(
    results: pd.DataFrame,
    *,
    metric: str = "accuracy",
    test: TestName = "corrected_t",
    alpha: float = 0.05,
    higher_is_better: bool = True,
    methods: list[str] | None = None,
) -> PairwiseTests:
    """Test every pair of methods on every data set (on the splits both have).

    Parameters
    ----------
    results : DataFrame
        Tidy results (``dataset, method, repetition, fold, n_train, n_test`` and
        ``metric``).
    metric : str, default="accuracy"
    test : str, default="corrected_t"
        See :func:`per_dataset_test`.
    alpha : float, default=0.05
    higher_is_better : bool, default=True
        False for a loss: a lower mean then counts as higher.
    methods : list of str, optional
        Default: in order of appearance.
    """
    methods = list(dict.fromkeys(results["method"])) if methods is None else list(methods)
    k = len(methods)
    higher, significant = np.zeros((k, k), dtype=int), np.zeros((k, k), dtype=int)
    sign = 1.0 if higher_is_better else -1.0
    datasets = list(dict.fromkeys(results["dataset"]))
    for dataset in datasets:
        sub = results[results["dataset"] == dataset]
        wide = sign * sub.pivot(index=_SPLIT, columns="method", values=metric)
        sizes = sub.groupby(_SPLIT)[["n_train", "n_test"]].first().reindex(wide.index)
        present = [m for m in methods if m in wide]
        if test in ("corrected_t", "paired_t") and not wide[present].isna().to_numpy().any():
            _all_pairs_at_once(wide, sizes, present, methods, test, alpha, higher, significant)
        else:
            _pair_by_pair(wide, sizes, methods, test, alpha, higher, significant)
    return PairwiseTests(methods, higher, significant, len(datasets))


def _all_pairs_at_once(
    wide: pd.DataFrame,
    sizes: pd.DataFrame,
    present: list[str],
    methods: list[str],
    test: TestName,
    alpha: float,
    higher: np.ndarray,
    significant: np.ndarray,
) -> None:
    """Every pair's t-test on one data set in one vectorised call (every split present).

    The same numbers as :func:`per_dataset_test`, pair by pair (the differences of each
    pair are reduced as one contiguous row, as a one-pair test reduces them).
    """
    scores = wide[present].to_numpy(dtype=float).T  # methods × splits
    index = [methods.index(m) for m in present]
    rows, cols = np.triu_indices(len(present), 1)
    diffs = scores[cols] - scores[rows]  # column against row
    factor = 1.0 / scores.shape[1]
    if test == "corrected_t":
        factor += float(sizes["n_test"].sum() / sizes["n_train"].sum())
    _, p, mean = stats.variance_ttests(diffs, factor)
    i, j = np.asarray(index)[rows], np.asarray(index)[cols]
    means = scores.mean(axis=1)
    np.add.at(higher, (i, j), means[cols] > means[rows])
    np.add.at(higher, (j, i), means[cols] < means[rows])
    hit = p <= alpha
    np.add.at(significant, (i, j), hit & (mean > 0))
    np.add.at(significant, (j, i), hit & (mean < 0))


def _pair_by_pair(
    wide: pd.DataFrame,
    sizes: pd.DataFrame,
    methods: list[str],
    test: TestName,
    alpha: float,
    higher: np.ndarray,
    significant: np.ndarray,
) -> None:
    """Each pair on the splits both methods have (missing splits, or a slower test)."""
    for i, row in enumerate(methods):
        for j in range(i + 1, len(methods)):
            col = methods[j]
            if row not in wide or col not in wide:
                continue
            both = (wide[row].notna() & wide[col].notna()).to_numpy()
            a, b = wide[col].to_numpy()[both], wide[row].to_numpy()[both]
            if a.size == 0:
                continue
            diff = a.mean() - b.mean()
            if diff > 0:
                higher[i, j] += 1
            elif diff < 0:
                higher[j, i] += 1
            size = sizes.to_numpy()[both]
            s, _ = per_dataset_test(test, a, b, size[:, 0], size[:, 1], alpha)
            if s > 0:
                significant[i, j] += 1
            elif s < 0:
                significant[j, i] += 1


def summary_matrix(tests: PairwiseTests) -> pd.DataFrame:
    """Weka's summary (``-s``): cell (row, column) ``"w (s)"``, the column against the row.

    ``w`` data sets where the column's mean is higher than the row's, ``s`` where it is
    significantly better ("No. of datasets where [col] >> [row]"); the diagonal is ``-``.
    """
    cells = [
        [
            "-" if i == j else f"{tests.higher_mean[i, j]} ({tests.significant[i, j]})"
            for j in range(len(tests.methods))
        ]
        for i in range(len(tests.methods))
    ]
    return pd.DataFrame(cells, index=tests.methods, columns=tests.methods, dtype=object)


def wins_losses_ranking(tests: PairwiseTests) -> pd.DataFrame:
    """Weka's ranking (``-r``): significant wins minus losses over all pairs and data sets.

    Returns
    -------
    DataFrame
        Indexed by method, best first (by ``wins − losses``, then by wins; the order of
        the methods breaks remaining ties), columns ``wins − losses``, ``wins``,
        ``losses``: Weka's ``>-<``, ``>``, ``<``.
    """
    wins = tests.significant.sum(axis=0)  # column j beat row i
    losses = tests.significant.sum(axis=1)
    frame = pd.DataFrame(
        {"wins − losses": wins - losses, "wins": wins, "losses": losses}, index=tests.methods
    )
    order = np.lexsort((np.arange(len(frame)), -frame["wins"], -frame["wins − losses"]))
    return frame.iloc[order].rename_axis("method")
