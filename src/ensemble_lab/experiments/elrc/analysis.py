"""Numbers of Table 2 from the stored results: accuracies, margins, counts, ranks."""

from __future__ import annotations

import pandas as pd

from ...evaluation import stats
from .paper import BASES, COLUMNS, DATASETS, label

__all__ = [
    "MEMBER_COLUMNS",
    "accuracy_matrix",
    "claim_check",
    "ensemble_counts",
    "mean_ranks",
    "per_dataset",
    "sign_tests",
    "singles_table",
    "stored_elrc_accuracy",
]


def accuracy_matrix(results: pd.DataFrame, folds: dict[str, int]) -> pd.DataFrame:
    """Mean accuracy (percent) per dataset (paper's row names) and method (``COLUMNS``).

    ``folds`` maps each dataset to its number of folds; a cell whose folds are not all
    stored is NaN (a mean over some folds would not be the protocol's number).
    """
    grouped = results.groupby(["dataset", "method"])["accuracy"]
    expected = grouped.count().index.get_level_values("dataset").map(folds)
    mean = grouped.mean().where(grouped.count().to_numpy() == expected.to_numpy())
    mean = mean.unstack().reindex(index=list(folds), columns=COLUMNS) * 100
    mean.index = [DATASETS[d] for d in mean.index]
    return mean


def claim_check(acc: pd.DataFrame) -> pd.DataFrame:
    """Per dataset: ELRC minus each single learner (points) and whether ELRC beats all."""
    singles = [label(b, "Single") for b in BASES]
    diff = pd.DataFrame({c.split()[0]: acc["ELRC"] - acc[c] for c in singles})
    diff["beats all"] = (diff > 0).all(axis=1)
    return diff


def sign_tests(
    acc: pd.DataFrame, pairs: dict[str, tuple[str, str]]
) -> dict[str, stats.SignTestResult]:
    """Sign test of column ``a`` against column ``b`` over the datasets, per ``name: (a, b)``.

    Returns the :class:`~ensemble_lab.evaluation.stats.SignTestResult` of each name:
    wins, ties and losses of ``a`` (exactly equal accuracies tie) and whether they are
    significant (``wins + ties/2 ≥ n_c``, α = 0.05, the test of paper 001).
    """
    return {
        name: stats.sign_test(*stats.win_tie_loss(acc[a], acc[b])) for name, (a, b) in pairs.items()
    }


def stored_elrc_accuracy(results: pd.DataFrame) -> pd.Series:
    """ELRC's stored test accuracy per (dataset, fold)."""
    rows = results[results["method"] == "ELRC"]
    return rows.set_index(["dataset", "fold"])["accuracy"]


MEMBER_COLUMNS = [*(f"{g} Ada" for g in BASES.values()), "ELRC"]


def singles_table(paper: pd.DataFrame, ours: pd.DataFrame) -> pd.DataFrame:
    """ELRC minus each single learner per dataset, the paper's and ours, and who wins."""
    ours_claim, paper_claim = claim_check(ours), claim_check(paper)
    table = pd.DataFrame(
        {
            "paper: ELRC − SMO": paper_claim["SMO"],
            "paper: ELRC − NB": paper_claim["NB"],
            "paper: ELRC − C4.5": paper_claim["C4.5"],
            "ours: ELRC − SMO": ours_claim["SMO"],
            "ours: ELRC − NB": ours_claim["NB"],
            "ours: ELRC − C4.5": ours_claim["C4.5"],
            "ours: beats all three": ours_claim["beats all"].map({True: "yes", False: "**no**"}),
        }
    )
    table.index.name = "dataset"
    return table


def ensemble_counts(paper: pd.DataFrame, ours: pd.DataFrame) -> pd.DataFrame:
    """Per base: datasets where AdaBoost / Bagging beat the single learner and ELRC beats them.

    The paper's second claim: with SMO and NB, AdaBoost and Bagging do not improve on the
    single learner while ELRC beats them; with C4.5 ELRC is "comparable".
    """
    rows = []
    for source, acc in (("paper", paper), ("ours", ours)):
        for group in ("SMO", "NB", "C4.5"):
            single = acc[f"{group} Single"]
            ada, bag = acc[f"{group} Ada"], acc[f"{group} Bagging"]
            rows.append(
                {
                    "source": source,
                    "base": group,
                    "Ada > Single": int((ada > single).sum()),
                    "Bagging > Single": int((bag > single).sum()),
                    "ELRC > Ada": int((acc["ELRC"] > ada).sum()),
                    "ELRC > Bagging": int((acc["ELRC"] > bag).sum()),
                    "mean Ada − Single": float((ada - single).mean()),
                    "mean Bagging − Single": float((bag - single).mean()),
                    "mean ELRC − Bagging": float((acc["ELRC"] - bag).mean()),
                }
            )
    return pd.DataFrame(rows).set_index("source")


def mean_ranks(paper: pd.DataFrame, ours: pd.DataFrame) -> pd.DataFrame:
    """Mean rank of each column over the datasets (1 = most accurate), the paper's and ours."""
    ranks = pd.DataFrame(
        {
            "paper": paper.rank(axis=1, ascending=False).mean(),
            "ours": ours.rank(axis=1, ascending=False).mean(),
        }
    )
    ranks.index.name = "method"
    return ranks


def per_dataset(
    results: pd.DataFrame, column: str, methods: list[str], rows: list[str], how: str = "mean"
) -> pd.DataFrame:
    """``column`` over the folds (``how``: mean or std), datasets ``rows`` (paper's names)."""
    frame = results.groupby(["dataset", "method"])[column].agg(how).unstack()
    frame = frame.reindex(index=list(DATASETS), columns=methods)
    frame.index = [DATASETS[d] for d in frame.index]
    frame = frame.loc[rows]
    frame.index.name = "dataset"
    return frame
