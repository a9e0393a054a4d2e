"""The Triskel page (paper 000, Tables 1–2 and Figure 2): its reproduction and text.

:class:`TriskelReproduction` runs the three experiments of :mod:`.configs`, gathers
the page's numbers from their stores (:func:`.analysis.analyse`; the ROC concavity of
each data set, :mod:`.concavity`, is a probe's record of the third) and fills the
template ``templates/triskel.md``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ...evaluation import ExperimentConfig, RepeatedCV, load_datasets
from ...evaluation.records import load_records
from ...reporting.claims import checked_notes, ledger_table, write_ledger, write_summary
from .._common import count_range, fill_template, markdown_table, save_figure, write_page
from .._reproduction import Part, Reproduction, RunContext
from . import bases, configs, larger_c
from .analysis import Findings, analyse, win_loss
from .configs import DESCRIPTION, LEFT_OUT, NAME, TITLE
from .figures import figure2
from .ledger import accuracy_gaps
from .paper import (
    DATASETS,
    FIGURE_DATASETS,
    PAIRS,
    PAPER_ACCURACY,
    PAPER_ACCURACY_MARKERS,
    PAPER_TIME,
    PAPER_TIME_MARKERS,
)

__all__ = ["TriskelReproduction"]


class TriskelReproduction(Reproduction):
    """Triskel against one-vs-one AdaBoost of SMO: Tables 1–2, Figure 2 and the claims.

    Its parts (:func:`.configs.parts`) go into ``triskel.db``, ``triskel-bases.db`` and
    ``triskel-concavity.db``; the page is ``triskel.md`` with ``triskel-fig2.png`` (our runs) and
    ``triskel-fig2-paper.png`` (the paper's Tables 1–2 drawn the same way).

    Examples
    --------
    >>> item = TriskelReproduction()
    >>> item.name, [part.store for part in item.parts()]
    ('triskel', ['triskel', 'triskel-bases', 'triskel-concavity'])
    """

    name = NAME
    description = DESCRIPTION

    def parts(self, quick: bool = False) -> list[Part]:
        """Tables 1–2, the other base learners and the ROC concavities, in that order."""
        return configs.parts(quick)

    def findings(self, ctx: RunContext) -> Findings:
        """The page's numbers from the stores, whatever has finished (no stored task refitted).

        A missing ``triskel-bases.db`` or ``triskel-concavity.db`` leaves its section
        and claim out.
        """
        main, other, concave = self.parts(ctx.quick)
        results = ctx.results(main)
        stored = ctx.store_path(other.store).is_file()
        bases_results = ctx.results(other) if stored else results.iloc[:0]
        analysed = [d for d in DATASETS.values() if d in set(results["dataset"])]
        return analyse(
            results,
            main.config,
            load_datasets(ctx.store_path(main.store), main.config.name),
            bases_results=bases_results,
            concave=_stored_concavities(ctx, concave, analysed),
        )

    def write_report(self, findings: Findings, out_dir: Path) -> Path:
        """The page, its figures and the claims ledger (no fitting)."""
        out_dir = Path(out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        text = fill_template(NAME, _values(findings, out_dir), package=__package__)
        write_ledger(out_dir, NAME, TITLE, list(findings.claims))
        write_summary(out_dir)
        return write_page(out_dir, NAME, text)


def _stored_concavities(ctx: RunContext, part: Part, datasets: list[str]) -> pd.Series:
    """ROC concavity of each of ``datasets`` the probe recorded (:mod:`.concavity`)."""
    db = ctx.store_path(part.store)
    if not db.is_file():
        return pd.Series(dtype=float, name="concavity")
    held = load_records(db, part.config.name).set_index("dataset")["concavity"]
    found = {d: float(held[d]) for d in datasets if d in held.index}
    return pd.Series(found, dtype=float, name="concavity")


def _side_by_side(
    paper: pd.DataFrame,
    paper_marks: pd.DataFrame,
    ours: pd.DataFrame,
    our_marks: pd.DataFrame,
    decimals: int,
) -> pd.DataFrame:
    """Cells "paper / ours" with each side's marker after its number."""
    rows = {}
    for dataset in ours.index:
        row = {}
        for method in ours.columns:
            p = paper.at[dataset, method] if dataset in paper.index else np.nan
            o = ours.at[dataset, method]
            pm = paper_marks.at[dataset, method] if method in paper_marks.columns else ""
            om = our_marks.at[dataset, method] if method in our_marks.columns else ""
            p_txt = "" if pd.isna(p) else f"{p:.{decimals}f}{pm if isinstance(pm, str) else ''}"
            o_txt = "–" if pd.isna(o) else f"{o:.{decimals}f}{om}"
            row[method] = f"{p_txt} / {o_txt}"
        rows[dataset] = row
    frame = pd.DataFrame.from_dict(rows, orient="index")
    frame.index.name = "Dataset"
    return frame


def _ours(acc_mean: pd.DataFrame, dataset: str, method: str = "Triskel-W4") -> str:
    """Our mean accuracy (%) of ``method`` on ``dataset`` for the text, "n/a" if not run."""
    if dataset not in acc_mean.index or method not in acc_mean.columns:
        return "n/a"
    return f"{acc_mean.loc[dataset, method]:.1f}"


def _unfinished(f: Findings) -> str:
    """The bullet on an unfinished run: what is missing or short of splits."""
    if not (f.missing or f.partial):
        return ""
    expected = f.cfg.protocol.n_splits()
    planned = len([d for d in f.cfg.datasets if isinstance(d, str)])
    text = (
        "\n* **Unfinished run** — this page was written from the tasks that finished "
        f"({f.n_tasks} of {planned * expected * len(f.cfg.methods)}). "
    )
    if f.missing:
        text += f"Not run (or fewer than 2 complete splits): {', '.join(f.missing)}. "
    if f.partial:
        shorter = ", ".join(f"{d} ({n} of {expected})" for d, n in f.partial.items())
        text += f"Fewer splits than planned: {shorter}."
    return text


def _left_out(f: Findings) -> str:
    planned = [d for d in f.cfg.datasets if isinstance(d, str)]
    return "".join(
        f"\n* **{d}** left out: {why}." for d, why in LEFT_OUT.items() if d not in planned
    )


def _pair_counts(f: Findings) -> str:
    """Significant wins/ties/losses of each Triskel column against its partner."""
    paper_marks = PAPER_ACCURACY_MARKERS.reindex(list(f.datasets))
    return " · ".join(
        f"{t} vs {p}: paper {win_loss(paper_marks, t)}, ours {win_loss(f.acc_marks, t)}"
        for p, t in PAIRS
        if t in f.methods and p in f.methods
    )


def _tables(f: Findings) -> dict[str, str]:
    """Tables 1–2 beside the paper's, ours minus the paper's, and ours against SMO."""
    acc_side = _side_by_side(PAPER_ACCURACY, PAPER_ACCURACY_MARKERS, f.acc_mean, f.acc_marks, 2)
    time_side = _side_by_side(PAPER_TIME, PAPER_TIME_MARKERS, f.time_mean, f.time_marks, 2)
    paper_on_ours = PAPER_ACCURACY.reindex(index=list(f.datasets), columns=list(f.methods))
    diff = (f.acc_mean - paper_on_ours).round(2)
    diff.index.name = "Dataset"
    return {
        "accuracy_side": markdown_table(acc_side),
        "difference": markdown_table(diff),
        "accuracy_vs_smo": f.accuracy.to_markdown(),
        "time_side": markdown_table(time_side),
    }


def _figures(f: Findings, out_dir: Path) -> dict[str, str]:
    """Figure 2 from our runs and from the paper's tables."""
    ours = figure2(f.results, list(f.figure_datasets))
    paper = figure2(None, list(FIGURE_DATASETS))
    return {
        "figure": save_figure(ours, out_dir, f"{NAME}-fig2.png"),
        "paper_figure": save_figure(paper, out_dir, f"{NAME}-fig2-paper.png"),
    }


def _values(f: Findings, out_dir: Path) -> dict[str, str]:
    """The text of each placeholder of the page's template (the figures are drawn here)."""
    protocol = f.cfg.protocol
    if not isinstance(protocol, RepeatedCV):
        raise TypeError(f"the Triskel page describes repeated CV, not {protocol!r}")
    return {
        "name": NAME,
        "quick": " (quick version)" if len(f.datasets) < 5 else "",
        "n_datasets": str(len(f.datasets)),
        "datasets": ", ".join(f.datasets),
        "left_out": _left_out(f),
        "unfinished": _unfinished(f),
        "repetitions": str(protocol.n_repetitions),
        "folds": str(protocol.n_folds),
        "splits": count_range(f.n_splits),
        "pair_counts": _pair_counts(f),
        **_tables(f),
        **_figures(f, out_dir),
        "ledger": ledger_table(f.claims),
        "checked": checked_notes(f.claims),
        "w4_summary": _claim_summary(f),
        "larger_c": larger_c.section(f.reference),
        "bases": bases.section(f.bases),
        "bases_folds": str(bases.FOLDS),
        "bases_repetitions": str(bases.REPETITIONS),
        "concavity": _concavity_table(f),
        **_protocol_texts(f.cfg),
        "vowel_ada50": _ours(f.acc_mean, "vowel", "AdaBoost-50"),
        "paper_vowel_ada50": f"{PAPER_ACCURACY.loc['vowel', 'AdaBoost-50']:.1f}",
        "vowel_w4": _ours(f.acc_mean, "vowel"),
        "paper_vowel_w4": f"{PAPER_ACCURACY.loc['vowel', 'Triskel-W4']:.1f}",
        **_closeness(f.acc_mean),
    }


def _concavity_table(f: Findings) -> str:
    """ROC concavity per data set beside Triskel-W4's and AdaBoost-50's gains over SMO."""
    if f.concave.empty or "SMO" not in f.acc_mean.columns:
        return "Not computed."
    table = pd.DataFrame({"ROC concavity": f.concave.reindex(list(f.datasets))})
    for method in ("Triskel-W4", "AdaBoost-50"):
        if method in f.acc_mean.columns:
            table[f"{method} − SMO"] = f.acc_mean[method] - f.acc_mean["SMO"]
    table["ROC concavity"] = table["ROC concavity"].map(lambda v: f"{v:.5f}")
    return markdown_table(table.rename_axis("Dataset"))


def _protocol_texts(cfg: ExperimentConfig) -> dict[str, str]:
    """What the page says of the protocol: the paper's 10 × 10 CV, or how it falls short."""
    repetitions = cfg.protocol.n_repetitions if isinstance(cfg.protocol, RepeatedCV) else 1
    if repetitions >= 10:
        return {"protocol_note": ", the paper's protocol", "protocol_difference": ""}
    return {
        "protocol_note": (
            " instead of the paper's 10 × 10, which lowers the power of the test: a "
            "difference of the same size is less often marked significant"
        ),
        "protocol_difference": (
            "\n* **Protocol**: fewer repetitions than the paper's ten (see above); the mean "
            "of so few CVs moves by a point or more on the small data sets (glass, zoo, "
            "lymph, autos)."
        ),
    }


def _closeness(acc_mean: pd.DataFrame) -> dict[str, str]:
    """The page's mean |ours − paper| of the partner and the Triskel columns."""
    if acc_mean.empty:
        return {"partner_gap": "n/a", "triskel_gap": "n/a"}
    partners, triskel, _ = accuracy_gaps(acc_mean, list(acc_mean.index))
    return {"partner_gap": f"{partners:.1f}", "triskel_gap": f"{triskel:.1f}"}


def _claim_summary(f: Findings) -> str:
    """Triskel-W4 against AdaBoost-50, data set by data set (section ``triskel-w4``)."""
    time_mean, acc_mean, datasets = f.time_mean, f.acc_mean, list(f.datasets)
    if "AdaBoost-50" not in time_mean.columns or "Triskel-W4" not in time_mean.columns:
        return "AdaBoost-50 or Triskel-W4 was not run; the claim is not checked."
    ratio = (time_mean["Triskel-W4"] / time_mean["AdaBoost-50"]).reindex(datasets)
    paper_ratio = (PAPER_TIME["Triskel-W4"] / PAPER_TIME["AdaBoost-50"]).reindex(datasets)
    delta = (acc_mean["Triskel-W4"] - acc_mean["AdaBoost-50"]).reindex(datasets)
    paper_delta = (PAPER_ACCURACY["Triskel-W4"] - PAPER_ACCURACY["AdaBoost-50"]).reindex(datasets)
    marks = f.acc_marks.get("Triskel-W4", pd.Series(dtype=object))
    lines = pd.DataFrame(
        {
            "W4 − Ada-50 acc (paper)": paper_delta,
            "W4 − Ada-50 acc (ours)": delta,
            "W4 / Ada-50 time (paper)": paper_ratio,
            "W4 / Ada-50 time (ours)": ratio,
            "our marker": marks.reindex(datasets),
        }
    )
    lines.index.name = "Dataset"
    means = pd.DataFrame(
        {
            "paper": PAPER_ACCURACY.reindex(index=datasets, columns=acc_mean.columns).mean(),
            "ours": acc_mean.reindex(datasets).mean(),
        }
    ).T
    means.index.name = "mean accuracy over these data sets, %"
    values = {
        "better": str(int((delta > 0).sum())),
        "n_datasets": str(len(datasets)),
        "win_loss": win_loss(f.acc_marks, "Triskel-W4"),
        "ratio": f"{np.nanmedian(ratio):.2f}",
        "paper_ratio": f"{np.nanmedian(paper_ratio):.2f}",
        "table": markdown_table(lines),
        "means": markdown_table(means),
    }
    return fill_template(f"{NAME}-w4", values, package=__package__).rstrip("\n")
