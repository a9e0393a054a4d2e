"""Triskel-W4 against SMO with a larger C: how much of its gain a larger C alone gives.

Triskel's soft covering (Khoussainov, Heß & Kushmerick, 2005) trains its arbiter with
instance weights that grow by a factor per round an instance stays hard. An instance
hard in all four rounds of Triskel-W4 weighs 2⁴ = 16 in the arbiter's SMO, whose C
multiplies each instance's weight: it is trained as if at C = 16 on those instances.
A reference column, SMO alone at C = 16 on the same splits, separates what the larger
C gives from what the separation of easy and hard instances adds. It is not a column of
the paper and enters no claim.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ...evaluation import MethodSpec
from ...learners import make_learner
from ...reporting.tables import accuracy_table
from .._common import complete_splits, count_range, markdown_table

__all__ = ["COMPARED", "LABEL", "C", "method_spec", "section"]

#: The reference SMO's complexity constant: the weight of an instance hard in all four
#: rounds of Triskel-W4.
C = 16.0
LABEL = "SMO (C = 16)"

#: The columns the section compares, all run on the same splits.
SMO, W4, ADABOOST = "SMO", "Triskel-W4", "AdaBoost-50"
COMPARED = (SMO, LABEL, W4, ADABOOST)


def method_spec() -> MethodSpec:
    """The reference column: the ``smo`` preset (Weka's SMO, C = 1) at C = 16."""
    return MethodSpec.from_estimator(LABEL, make_learner("smo", C=C))


def section(results: pd.DataFrame) -> str:
    """The page's section, from the rows of the splits where every compared column ran.

    Parameters
    ----------
    results : DataFrame
        Tidy results of the Triskel experiment (any methods; those compared are used).
    """
    shown = [m for m in COMPARED if m in set(results["method"])]
    if LABEL not in shown or W4 not in shown or SMO not in shown:
        return f"Not run: the experiment has no results of {LABEL} beside SMO and Triskel-W4."
    rows = complete_splits(results[results["method"].isin(shown)])
    mean = 100 * rows.groupby(["dataset", "method"])["accuracy"].mean().unstack("method")
    mean = mean[shown]
    test = accuracy_table(rows, baseline=LABEL, methods=[LABEL, W4])
    sign = test.data["significance"][W4].reindex(mean.index)
    w4_gain, c_gain = mean[W4] - mean[SMO], mean[LABEL] - mean[SMO]
    table = mean.copy()
    table[f"{W4} − SMO"] = w4_gain
    table[f"{LABEL} − SMO"] = c_gain
    table[f"{W4} vs {LABEL}"] = sign.map({1.0: "◇", -1.0: "*"}).fillna("")
    wins, losses = int((sign == 1).sum()), int((sign == -1).sum())
    r = (
        f"r = {np.corrcoef(w4_gain, c_gain)[0, 1]:.2f}"
        if len(mean) > 2
        else "not computed on fewer than three data sets"
    )
    splits = rows.groupby("dataset")[["repetition", "fold"]].apply(
        lambda f: len(f.drop_duplicates())
    )
    return (
        f"{len(mean)} data sets, {count_range(splits)} splits each. Mean over the data sets: "
        f"{W4} − SMO {w4_gain.mean():+.2f} points, {LABEL} − SMO {c_gain.mean():+.2f} "
        f"points; {W4} above {LABEL} on {int((mean[W4] > mean[LABEL]).sum())} data sets. "
        f"Corrected resampled t-test at 5 %, {W4} against {LABEL}: {wins} significantly "
        f"better (◇), {len(mean) - wins - losses} not significant, {losses} significantly "
        f"worse (*). Correlation over the data sets of the two gains over SMO: {r}.\n\n"
        + markdown_table(table.rename_axis("Dataset"))
    )
