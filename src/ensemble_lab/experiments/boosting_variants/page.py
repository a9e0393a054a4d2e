"""The page: its findings, its template's values, and the reproduction itself."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ...datasets import load
from ...reporting.claims import Claim, checked_notes, ledger_table, write_ledger, write_summary
from .._common import fill_template, save_figure, write_page
from .._reproduction import Part, Reproduction, RunContext
from .analysis import (
    cpu_minutes,
    fig2_resets,
    load_curves,
    load_weights,
    mean_curves,
    stopping_points,
)
from .claims import check_claims
from .configs import (
    CHECK_LABELS,
    CHECKS,
    CONE_TORUS_SEEDS,
    DATASETS,
    NAME,
    Protocol,
    experiments,
    protocol,
)
from .figures import figure_2, figure_3, figure_4
from .notes import check_notes, split_notes
from .paper import PAPER_NUMBERS
from .tables import conclusion_spread, config_label, final_error_table, stopping_table

__all__ = ["BoostingVariantsReproduction", "Findings"]

TITLE = "Boosting variants and diversity (paper 002)"
DESCRIPTION = (
    "Aggressive, conservative and inverse boosting: error and diversity Q against the "
    "ensemble size (paper 002, Figs. 2-4)"
)


def _splits_note(splits: pd.Series, quick: bool) -> str:
    """Whether every configuration has the paper's ten splits (from the store)."""
    if quick:
        return "The quick run is a smoke test: L = 5, two splits."
    few = [f"{config_label(d, n)} {b.upper()}" for (_, d, b, n), c in splits.items() if c < 10]
    if not few:
        return "Every configuration has the paper's ten splits."
    return f"Fewer splits than the paper's ten (an unfinished run): {', '.join(few)}."


@dataclass(frozen=True)
class Findings:
    """What the store says: the curves, their stopping points, the splits run, the claims."""

    quick: bool
    proto: Protocol
    curves: pd.DataFrame  # stored curves of the paper's bases (:func:`load_curves`)
    means: pd.DataFrame  # ... averaged over the splits (:func:`mean_curves`)
    stops: pd.DataFrame  # per split and variant (:func:`stopping_points`)
    check_stops: pd.DataFrame | None  # the same of the checks (None: none stored)
    weights: pd.DataFrame  # final sampling weights of the Figure 2 runs
    X_train: np.ndarray  # the Cone-Torus training set of Figure 2
    splits: pd.Series  # splits stored per (study, dataset, base, n_train)
    cpu: pd.Series  # CPU seconds of every stored case, per base learner
    resets: dict[str, float]  # mean weight resets per fit of Figure 2, per variant
    claims: tuple[Claim, ...]


def gather(db: Path, quick: bool = False) -> Findings:
    """Everything the page states, from the records stored in ``db`` (nothing is fitted)."""
    proto = protocol(quick)
    frame = load_curves(db, proto, quick)
    weights = load_weights(db, proto, quick)
    X_ct, y_ct = load(DATASETS["cone-torus"])
    X_train, y_train = X_ct.to_numpy(dtype=float)[:400], y_ct.to_numpy()[:400]

    def claims_of(frame: pd.DataFrame, weights: pd.DataFrame) -> list[Claim]:
        return check_claims(
            mean_curves(frame),
            stopping_points(frame),
            weights,
            X_train,
            y_train,
            fig3_datasets=proto.fig3_datasets,
            phoneme_sizes=proto.phoneme_sizes,
            bases=proto.bases,
        )

    paper = frame[frame["base"].isin(proto.bases)]
    per_split = [claims_of(part, weights.iloc[:0]) for _, part in paper.groupby("split")]
    claims = split_notes(claims_of(paper, weights), per_split)
    checked = frame[~frame["base"].isin(proto.bases)]
    for check in sorted(set(checked["base"])):
        replaced = CHECKS[check]
        swapped = frame[frame["base"] != replaced].replace({"base": {check: replaced}})
        claims = check_notes(claims, claims_of(swapped, weights), CHECK_LABELS[check])
    return Findings(
        quick=quick,
        proto=proto,
        curves=paper,
        means=mean_curves(paper),
        stops=stopping_points(paper),
        check_stops=stopping_points(checked) if len(checked) else None,
        weights=weights,
        X_train=X_train,
        splits=frame.groupby(["study", "dataset", "base", "n_train"])["key"].nunique(),
        cpu=cpu_minutes(db, quick),
        resets=fig2_resets(frame),
        claims=tuple(claims),
    )


def _figures(f: Findings, out_dir: Path) -> dict[str, str]:
    """Figures 2-4 (4 only when Phoneme is part of the run): key -> file name."""
    proto = f.proto
    figures = {
        "fig2": figure_2(f.means, f.weights, f.X_train),
        "fig3": figure_3(f.means, proto.fig3_datasets, proto.bases),
    }
    if proto.phoneme_sizes:
        figures["fig4"] = figure_4(f.means, proto.phoneme_sizes, proto.bases)
    return {k: save_figure(fig, out_dir, f"{NAME}-{k}.png", dpi=70) for k, fig in figures.items()}


def _splits_table(f: Findings) -> str:
    """The rows of the splits table: one per configuration stored."""
    return "\n".join(
        f"| {s} | {config_label(d, n)} | {b.upper()} | {count} |"
        for (s, d, b, n), count in f.splits.items()
    )


def _figure_4(f: Findings, names: dict[str, str]) -> str:
    """The Figure 4 section (template ``boosting-variants-fig4``), or why there is none."""
    if "fig4" not in names:
        return "Figure 4 (Phoneme) is not part of the quick run.\n"
    sizes = ", ".join(map(str, f.proto.phoneme_sizes))
    return fill_template(f"{NAME}-fig4", {"sizes": sizes, "figure": names["fig4"]}, __package__)


def _paper_values() -> dict[str, str]:
    """The paper's only numbers, as the protocol section quotes them."""
    low, high = PAPER_NUMBERS["qda_max_improvement"]
    return {
        "paper_overtrains_after": str(PAPER_NUMBERS["aggressive_overtrains_after"]),
        "paper_qda_gain": f"{low:.1%}-{high:.0%}",
        "paper_mlp_gain": f"{PAPER_NUMBERS['mlp_max_improvement']:.0%}",
    }


def _values(f: Findings, names: dict[str, str]) -> dict[str, str]:
    """The text of each placeholder of the page's template."""
    return {
        "name": NAME,
        "quick": "(quick run) " if f.quick else "",
        "n_members": str(f.proto.n_members),
        "train_seed": str(CONE_TORUS_SEEDS[0]),
        "test_seed": str(CONE_TORUS_SEEDS[1]),
        "fig2_runs": str(f.proto.fig2_runs),
        "splits_table": _splits_table(f),
        "splits_note": _splits_note(f.splits, f.quick),
        "cpu": ", ".join(f"{b.upper()} {t / 60:.1f}" for b, t in f.cpu.items()),
        "short": str(sum(n < f.proto.n_members for n in f.stops["n_kept"])),
        "n_fits": str(len(f.stops)),
        **_paper_values(),
        "final_errors": final_error_table(f.stops),
        "check_errors": _check_errors(f),
        "fig2": names["fig2"],
        "fig3": names["fig3"],
        "fig4": _figure_4(f, names),
        "stopping": stopping_table(f.curves, f.stops),
        "ledger": ledger_table(f.claims),
        "checked": checked_notes(f.claims),
        "conclusion_spread": conclusion_spread(f.stops),
        "resets": ", ".join(f"{v} {n:.1f}" for v, n in f.resets.items()),
    }


def _check_errors(f: Findings) -> str:
    """The final errors of the checks, or nothing when none is stored."""
    if f.check_stops is None:
        return ""
    labels = "; ".join(f"{k.upper()}: {CHECK_LABELS[k]}" for k in sorted(CHECKS))
    return (
        "\n\nThe same, for the check of the MLP cases (not the paper's setting, in no "
        f"verdict; the notes of the claims say what it changes) — {labels}:\n\n"
        + final_error_table(f.check_stops)
    )


def _write(f: Findings, out_dir: Path) -> Path:
    """The page, its figures and the claims ledger (nothing fitted)."""
    text = fill_template(NAME, _values(f, _figures(f, out_dir)), __package__)
    write_ledger(out_dir, NAME, TITLE, list(f.claims))
    write_summary(out_dir)
    return write_page(out_dir, NAME, text)


class BoostingVariantsReproduction(Reproduction):
    """Figures 2-4 of Kuncheva & Whitaker (2002): the three boosting variants and Q.

    Examples
    --------
    >>> from ensemble_lab.experiments import reproduction
    >>> page = reproduction("boosting-variants")
    >>> isinstance(page, BoostingVariantsReproduction)
    True
    >>> [part.config.name for part in page.parts(quick=True)]
    ['boosting-variants-fig2', 'boosting-variants-fig3']
    """

    name = NAME
    description = DESCRIPTION

    def parts(self, quick: bool = False) -> list[Part]:
        """Figure 2, Figure 3 and Figure 4 (one per training size), all in one store."""
        return [Part(config, NAME) for config in experiments(quick)]

    def findings(self, ctx: RunContext) -> Findings:
        """The curves, stopping points, splits and claims of the stored records."""
        db = ctx.store_path(NAME)
        if not db.is_file():
            raise FileNotFoundError(f"no results store {db} (reproduction {NAME})")
        return gather(db, ctx.quick)

    def write_report(self, findings: Findings, out_dir: Path) -> Path:
        """Figures 2-4, the page and its claims ledger (nothing fitted)."""
        return _write(findings, Path(out_dir))
