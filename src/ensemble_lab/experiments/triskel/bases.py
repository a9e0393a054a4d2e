"""Triskel-W4 against AdaBoost-50 with other base learners (paper 000, Section 4).

The paper ran its experiments with a linear SMO and says that "additional experiments
conducted with nonlinear SMO kernels and Naive Bayes classifiers suggest that our
claims are valid regardless of the base classifier", with no figures. Its first claim
on Tables 1–2 is that Triskel-W4 outperforms AdaBoost-50 (3 significant wins, no loss
on the 15 data sets). This module runs that comparison again with an SVM with a
Gaussian kernel (the ``rbf-svm`` preset: libsvm, C = 1, ``gamma="scale"``, on the
[0, 1]-encoded data; Weka's SMO has no such kernel here) and with naive Bayes (the
``nb`` preset), on the same data sets, into its own store ``triskel-bases.db``, and
gives the Triskel page its section and its claim. Both methods are built by name
(``make("Triskel-W4", base=...)``, ``make("AdaBoost-50", base=...)``), so every pair
of classes is boosted separately and Triskel biases by undersampling 0.9, as with SMO.
"""

from __future__ import annotations

import pandas as pd

from ...evaluation import ExperimentConfig, MethodSpec, RepeatedCV
from ...reporting.claims import Claim, verdict
from ...reporting.tables import accuracy_table
from .._common import complete_splits, count_range, markdown_table
from .paper import PAPER_WINS

__all__ = [
    "BASES",
    "LEFT_OUT",
    "NAME",
    "bases_claim",
    "bases_note",
    "config",
    "label",
    "section",
    "win_loss",
]

NAME = "triskel-bases"
DESCRIPTION = (
    "Triskel-W4 against AdaBoost-50 with an RBF-kernel SVM and with naive Bayes as the "
    "base learner, on the data sets of paper 000"
)
#: Base-learner presets and how the page names them.
BASES = {"rbf-svm": "RBF SVM", "nb": "naive Bayes"}
TRISKEL, ADABOOST = "Triskel-W4", "AdaBoost-50"
#: Protocol of the committed run: three 10-fold CVs. The paper's 10 × 10 would take
#: more than three times the CPU time (AdaBoost-50 of the RBF SVM alone about an hour
#: on the data sets run); the corrected resampled t-test holds for any r × k.
FOLDS, REPETITIONS = 10, 3
#: Data sets of Tables 1–2 left out of this run: AdaBoost-50 of the RBF SVM (and of
#: naive Bayes, on the many-class ones) costs 20 s to over a minute of CPU per split on
#: each, together about 30 CPU-minutes per 10 splits on a machine shared by other runs.
LEFT_OUT = ("audiology", "primary-tumor", "hypothyroid", "waveform-5000")


def label(method: str, base: str) -> str:
    """The stored label of ``method`` (``"Triskel-W4"``, ``"AdaBoost-50"``) on ``base``.

    Examples
    --------
    >>> label("Triskel-W4", "nb")
    'Triskel-W4 (nb)'
    """
    return f"{method} ({base})"


def config(datasets: tuple[str, ...], quick: bool = False) -> ExperimentConfig:
    """AdaBoost-50 and Triskel-W4 of each base of :data:`BASES` on ``datasets``.

    Those of :data:`LEFT_OUT` are dropped. ``quick``: two small data sets, one 3-fold CV.
    """
    methods = tuple(
        MethodSpec(label=label(m, base), name=m, base=base)
        for base in BASES
        for m in (ADABOOST, TRISKEL)
    )
    return ExperimentConfig(
        name=NAME,
        datasets=("zoo-named", "glass")
        if quick
        else tuple(d for d in datasets if d not in LEFT_OUT),
        methods=methods,
        protocol=RepeatedCV(3, 1) if quick else RepeatedCV(FOLDS, REPETITIONS),
        seed=1,
        baseline=label(ADABOOST, next(iter(BASES))),
        description=DESCRIPTION,
    )


def win_loss(results: pd.DataFrame, base: str) -> tuple[pd.DataFrame, pd.Series]:
    """Mean accuracy (%) of the pair on ``base`` and Triskel-W4's markers (◇ / * / "").

    Over the splits where both ran; the marker is the corrected resampled t-test at
    0.05 of Triskel-W4 against AdaBoost-50, data set by data set.
    """
    pair = [label(ADABOOST, base), label(TRISKEL, base)]
    rows = complete_splits(results[results["method"].isin(pair)])
    table = accuracy_table(rows, baseline=pair[0], methods=pair)
    sign = table.data["significance"][pair[1]]
    return 100 * table.data["mean"][pair], sign.map({1.0: "◇", -1.0: "*"}).fillna("")


def _counts(marks: pd.Series) -> tuple[int, int, int]:
    wins, losses = int((marks == "◇").sum()), int((marks == "*").sum())
    return wins, int(marks.size) - wins - losses, losses


def bases_claim(results: pd.DataFrame) -> Claim:
    """The ledger entry: the first claim of Tables 1–2 with each other base learner."""
    shown, holds, partly = [], True, True
    for base, name in BASES.items():
        present = {label(m, base) for m in (ADABOOST, TRISKEL)} <= set(results["method"])
        if not present:
            shown.append(f"{name}: not run")
            holds = partly = False
            continue
        wins, ties, losses = _counts(win_loss(results, base)[1])
        shown.append(f"{name}: {wins} wins, {ties} ties, {losses} losses")
        holds &= wins >= PAPER_WINS and losses == 0
        partly &= wins > losses
    return Claim(
        key="claims-hold-for-other-bases",
        quote=(
            "additional experiments conducted with nonlinear SMO kernels and Naive Bayes "
            "classifiers suggest that our claims are valid regardless of the base "
            "classifier"
        ),
        test=(
            "claim 1 (Triskel-W4 against AdaBoost-50, significant wins / ties / losses by "
            "the corrected resampled t-test at 0.05) with an RBF-kernel SVM and with naive "
            f"Bayes as the base learner, on the data sets run (all but {len(LEFT_OUT)} of "
            f"the 15, see below); holds: with both, at least {PAPER_WINS} wins and no "
            "loss; partly: with both, more wins than losses"
        ),
        paper="no figures",
        ours="; ".join(shown),
        verdict=verdict(holds, partly),
    )


def bases_note(results: pd.DataFrame, linear: pd.DataFrame) -> str:
    """What was checked when the claim falls short: each base's gaps and the linear SMO.

    ``linear`` holds the Triskel page's own results (the ``smo`` base, 10 × 10 CV);
    its first repetitions, as many as this run has, on the same data sets, are the same
    protocol, so they show what the claim's test finds with the linear SMO at this
    run's power.
    """
    parts = []
    for base, name in BASES.items():
        mean, marks = win_loss(results, base)
        gap = mean[label(TRISKEL, base)] - mean[label(ADABOOST, base)]
        lower = [str(d) for d in marks.index[marks == "*"]]
        parts.append(
            f"{name}: Triskel-W4 − AdaBoost-50 {gap.mean():+.2f} points on average, higher "
            f"on {int((gap > 0).sum())} of {len(gap)}"
            + (f", significantly lower on {', '.join(lower)}" if lower else "")
        )
    run = set(results["dataset"])
    repetitions = results["repetition"].nunique()
    first = linear[(linear["repetition"] < repetitions) & linear["dataset"].isin(run)]
    first = first[first["method"].isin([ADABOOST, TRISKEL])].assign(
        method=lambda f: f["method"].map(lambda m: label(m, "smo"))
    )
    if first["method"].nunique() < 2:
        return "Checked: " + "; ".join(parts) + " (the linear SMO's AdaBoost-50 was not run)."
    wins, ties, losses = _counts(win_loss(first, "smo")[1])
    return (
        "Checked: " + "; ".join(parts) + ". The linear SMO of Tables 1–2 on the same "
        f"data sets and the same protocol (the first {repetitions} × 10-fold CV of the "
        f"page's run) gives {wins} wins, {ties} ties, {losses} losses by the same test, "
        f"so {repetitions * 10} splits "
        + (
            "find the paper's wins with the linear SMO."
            if wins >= PAPER_WINS
            else "are short of the power to find the paper's wins even with the linear SMO; the "
            "counts of the other bases are to be read with that in mind."
        )
    )


def section(results: pd.DataFrame) -> str:
    """The page's section: each base's pair side by side, data set by data set."""
    if results.empty:
        return "Not run: the store `triskel-bases.db` is missing or empty."
    columns, counts = {}, []
    for base, name in BASES.items():
        if not {label(m, base) for m in (ADABOOST, TRISKEL)} <= set(results["method"]):
            counts.append(f"{name}: not run")
            continue
        mean, marks = win_loss(results, base)
        columns[f"{ADABOOST} ({name})"] = mean[label(ADABOOST, base)]
        columns[f"{TRISKEL} ({name})"] = mean[label(TRISKEL, base)].map(
            lambda v: f"{v:.2f}"
        ) + marks.reindex(mean.index)
        wins, ties, losses = _counts(marks)
        counts.append(f"{name} {wins}/{ties}/{losses}")
    splits = (
        complete_splits(results)
        .groupby("dataset")[["repetition", "fold"]]
        .apply(lambda f: len(f.drop_duplicates()))
    )
    table = pd.DataFrame(columns).rename_axis("Dataset")
    return (
        f"{len(table)} data sets, {count_range(splits)} splits each (left out: "
        f"{', '.join(LEFT_OUT)}). Significant wins / "
        f"ties / losses of {TRISKEL} against {ADABOOST}: {'; '.join(counts)}.\n\n"
        + markdown_table(table)
    )
