"""Concavities of the ROC curves against Triskel's gain (paper 000, Sections 5 and 6).

The paper's ROC analysis "predicts that Triskel works best when there are concavities
in the ROC curve; this prediction agrees with our empirical results". Thresholding the
base learner's score is the biasing for which the paper's inclusion assumption holds
exactly, and then the bias curves of h⁺ and h⁻ together are the ROC curve of that score
on the training set: h⁺ runs along it from h to (0, 0), h⁻ from h to (1, 1). A
concavity is where the curve runs below its convex hull; its size is the area between
the two (Flach & Wu, 2005, whom the paper cites), zero for a convex curve.

For each data set of Tables 1–2 and each pair of its classes (Triskel's one-vs-one
decomposition), the ``smo`` preset is fitted on the pair's instances of the whole data
set and its training ROC curve scored; the data set's concavity is the mean over the
pairs weighted by their numbers of instances. Deterministic: SMO has no randomness and
the whole data set is the training set.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats as sps

from ...reporting.claims import Claim, verdict

__all__ = [
    "concavities",
    "concavity",
    "concavity_claim",
    "concavity_note",
    "concavity_probe",
    "dataset_concavity",
    "hull_area_gap",
]

#: The one-sided level of the rank correlation.
ALPHA = 0.05


def _hull_upper(fpr: np.ndarray, tpr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The upper convex hull of the ROC points (monotone chain), from (0, 0) to (1, 1)."""
    points = sorted(set(zip(fpr.tolist(), tpr.tolist())) | {(0.0, 0.0), (1.0, 1.0)})
    hull: list[tuple[float, float]] = []
    for p in points:  # a loop over the curve's distinct points, not over samples
        while len(hull) >= 2:
            (x1, y1), (x2, y2) = hull[-2], hull[-1]
            if (x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1) >= 0:
                hull.pop()  # hull[-1] lies on or below the chord: not on the upper hull
            else:
                break
        hull.append(p)
    xs, ys = zip(*hull)
    return np.asarray(xs), np.asarray(ys)


def hull_area_gap(fpr, tpr) -> float:
    """Area between the convex hull of an ROC curve and the curve itself.

    Parameters
    ----------
    fpr, tpr : array-like
        The curve's points in threshold order (as :func:`sklearn.metrics.roc_curve`
        gives them), from (0, 0) to (1, 1).

    Returns
    -------
    float
        AUC of the hull minus AUC of the curve: 0 for a convex curve.

    Examples
    --------
    >>> round(hull_area_gap([0, 0.5, 0.5, 1], [0, 0, 1, 1]), 3)  # a step below the diagonal
    0.25
    >>> hull_area_gap([0, 0, 1], [0, 1, 1])
    0.0
    """
    fpr, tpr = np.asarray(fpr, float), np.asarray(tpr, float)
    hx, hy = _hull_upper(fpr, tpr)
    return max(float(np.trapezoid(hy, hx) - np.trapezoid(tpr, fpr)), 0.0)


def concavity(estimator, X, y) -> float:
    """Concavity of a binary learner's training ROC curve (:func:`hull_area_gap`).

    ``estimator`` (cloned) is fitted on ``(X, y)`` and scored with its
    ``decision_function`` on the same data; the larger label is the positive class.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.linear_model import LogisticRegression
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> concavity(LogisticRegression(), X, np.array([0, 0, 1, 1]))
    0.0
    """
    from sklearn.base import clone
    from sklearn.metrics import roc_curve

    model = clone(estimator).fit(X, y)
    score = np.asarray(model.decision_function(X), float)
    fpr, tpr, _ = roc_curve(np.asarray(y) == model.classes_[-1], score)
    return hull_area_gap(fpr, tpr)


def dataset_concavity(X: pd.DataFrame, y: pd.Series) -> float:
    """Mean concavity over the pairs of classes, weighted by the pair's instances.

    Each pair is scored by :func:`concavity` with the ``smo`` preset; pairs of which a
    class has a single instance are left out (no curve to speak of).

    Examples
    --------
    >>> import pandas as pd
    >>> X = pd.DataFrame({"a": [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]})
    >>> dataset_concavity(X, pd.Series(["u", "u", "v", "v", "w", "w"]))
    0.0
    """
    from ...learners import make_learner

    counts = y.value_counts()
    total, weight = 0.0, 0.0
    for a, b in combinations(sorted(counts.index[counts >= 2]), 2):
        rows = (y == a) | (y == b)
        n = float(rows.sum())
        total += n * concavity(make_learner("smo"), X[rows.to_numpy()], y[rows].to_numpy())
        weight += n
    return total / weight if weight else float("nan")


def concavities(datasets: list[str], data_dir: Path | None = None) -> pd.Series:
    """:func:`dataset_concavity` of each named data set (loaded whole).

    Examples
    --------
    >>> concavities(["iris"]).round(4).to_dict()
    {'iris': 0.0003}
    """
    from ...datasets import load

    return pd.Series(
        {d: dataset_concavity(*load(d, data_dir=data_dir)) for d in datasets}, name="concavity"
    )


def concavity_probe(estimator, X_train, y_train, X_test, y_test) -> pd.DataFrame:
    """The whole data set's :func:`dataset_concavity`, one row: a probe of the runner.

    The task's split is undone: its training and test rows, put back in the data set's
    order (the index the runner keeps), are the whole data set, on which the concavity
    is measured, as :func:`concavities` does. ``estimator`` (the task's fitted model)
    is not used.

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> X, y = load("iris")
    >>> y = y.to_numpy()
    >>> probe = concavity_probe(None, X[1::2], y[1::2], X[::2], y[::2])
    >>> bool(probe["concavity"].iloc[0] == concavities(["iris"])["iris"])  # to the last bit
    True
    """
    X = pd.concat([X_train, X_test])
    y = np.concatenate([np.asarray(y_train), np.asarray(y_test)])
    order = np.argsort(X.index.to_numpy(), kind="stable")
    X, y = X.iloc[order].reset_index(drop=True), pd.Series(y[order])
    return pd.DataFrame({"concavity": [dataset_concavity(X, y)]})


_QUOTE = (
    "[The analysis] predicts that Triskel works best when there are concavities in the "
    "ROC curve; this prediction agrees with our empirical results."
)
_TEST = (
    "per data set, the area between the training ROC curve of SMO (the bias curves "
    "under thresholding) and its convex hull, averaged over the pairs of classes, "
    "against Triskel-W4's mean accuracy minus SMO's; Spearman's rank correlation over "
    f"the data sets; holds: positive, one-sided p < {ALPHA}; partly: positive"
)


def _spearman(x: pd.Series, y: pd.Series) -> tuple[float, float]:
    """Spearman's ρ and its one-sided p-value for ρ > 0."""
    result = sps.spearmanr(x, y, alternative="greater")
    return float(result.statistic), float(result.pvalue)


def concavity_note(concave: pd.Series, gains: pd.DataFrame) -> str:
    """What was checked when the correlation falls short: other gains, the furthest data set.

    ``gains``: mean accuracy minus SMO's per data set (%), one column per ensemble, with
    ``"Triskel-W4"`` and ``"AdaBoost-50"`` among them.
    """
    common = concave.index.intersection(gains.index)
    concave, gains = concave[common], gains.loc[common]
    rho_ada, p_ada = _spearman(concave, gains["AdaBoost-50"])
    gap = (concave.rank() - gains["Triskel-W4"].rank()).abs()
    worst = str(gap.idxmax())
    rho_without, p_without = _spearman(concave.drop(worst), gains["Triskel-W4"].drop(worst))
    below = [m for m in gains.columns if gains.at[worst, m] < 0]
    return (
        f"Checked: the same concavities against AdaBoost-50's gain over SMO give ρ = "
        f"{rho_ada:+.2f} (one-sided p = {p_ada:.3f}), so what the concavity foretells is "
        f"not peculiar to Triskel. The data set furthest from the ranking is {worst} "
        f"(ranks from 1 the smallest: concavity {concave.rank()[worst]:.0f} of "
        f"{len(concave)}, Triskel-W4's gain {gains.at[worst, 'Triskel-W4']:+.2f} points, "
        f"rank {gains['Triskel-W4'].rank()[worst]:.0f}), where {len(below)} of the "
        f"{gains.shape[1]} ensembles are below SMO; without it ρ = {rho_without:+.2f} "
        f"(p = {p_without:.3f}). The concavity is measured on the whole data set (the "
        "training ROC curve), the gain on held-out folds."
    )


def concavity_claim(concave: pd.Series, ours: pd.Series, paper: pd.Series) -> Claim:
    """The ledger entry: rank correlation of the concavity with Triskel-W4's gain over SMO.

    Parameters
    ----------
    concave : Series
        Concavity per data set (:func:`concavities`).
    ours, paper : Series
        Triskel-W4's mean accuracy minus SMO's per data set, ours and the paper's (%).
    """
    common = concave.index.intersection(ours.index)
    if len(common) < 3:
        return Claim(
            key="concavities-predict-gain",
            quote=_QUOTE,
            test=_TEST,
            paper="no figures",
            ours=f"not run: {len(common)} data set(s)",
            verdict="not run",
        )
    rho, p = _spearman(concave[common], ours[common])
    p_rho, p_p = _spearman(concave[common], paper.reindex(common))
    return Claim(
        key="concavities-predict-gain",
        quote=_QUOTE,
        test=_TEST,
        paper=(
            f"no figures; with the paper's Table 1 gains and our concavities ρ = "
            f"{p_rho:+.2f} (p = {p_p:.3f})"
        ),
        ours=f"ρ = {rho:+.2f} (one-sided p = {p:.3f}) over {len(common)} data sets",
        verdict=verdict(rho > 0 and p < ALPHA, rho > 0),
    )
