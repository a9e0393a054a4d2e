"""The "layered cake" of the Triskel paper (paper 000, Figures 1, 3(c) and 4, Section 5).

``ensemble-lab reproduce triskel-cake`` fits, on several random layered cakes
(:func:`ensemble_lab.datasets.make_layered_cake`, 400 points, four bands), a linear
SVM (the ``smo`` preset), AdaBoost-50 of it, and single-round Triskel (three members)
with the paper's biases, and writes ``triskel-cake.md`` (training accuracies and the
claims ledger), ``triskel-cake.png`` (decision regions of each model and the bias
curves of Figure 4) and ``triskel-cake-rounds.png`` (the region each round of a Triskel
decides, Figure 1(b), and the ROC spaces the rounds leave, Figure 3(c)). Everything is
computed when the page is written (:meth:`TriskelCakeReproduction.findings`); nothing
is stored (the whole run takes seconds).

The paper's Figure 4 biases by oversampling, so the bias sweeps use
:class:`~ensemble_lab.methods.Oversample` (and, for the paper's default setting,
:class:`~ensemble_lab.methods.Undersample` with bias 0.9).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ...reporting.claims import Claim, checked_notes, ledger_table, write_ledger, write_summary
from .._common import fill_template, markdown_table, write_page
from .._reproduction import Reproduction, RunContext
from .cake_claims import cake_claims
from .cake_figures import ROUNDS, WEIGHTING, cake_figure, rounds_figure
from .cake_runs import BIASES, N_SAMPLES, SEEDS, STRONG_BIAS, CakeRun, run_cake

__all__ = ["Findings", "TriskelCakeReproduction", "analyse"]

DESCRIPTION = (
    "The layered cake: linear SVM, boosted SVMs and Triskel with the paper's biases "
    "(paper 000, Figures 1, 3(c) and 4)"
)
NAME = "triskel-cake"
TITLE = "Triskel — the layered cake (paper 000, Figures 1, 3(c) and 4)"


@dataclass(frozen=True)
class Findings:
    """What the cakes say: each cake's accuracies, the sweep, and the claims ledger."""

    runs: tuple[CakeRun, ...]
    biases: np.ndarray  # oversampling biases swept
    best_pair: tuple[float, float]  # best asymmetric (h⁺, h⁻) pair of the first cake
    claims: tuple[Claim, ...]


def analyse(runs: list[CakeRun], biases: np.ndarray = BIASES) -> Findings:
    """The claims over the cakes and the pair the figures draw (the first cake's best)."""
    plus, minus, _ = runs[0].best_asymmetric()
    return Findings(tuple(runs), biases, (plus, minus), tuple(cake_claims(runs)))


def _table(runs: list[CakeRun]) -> pd.DataFrame:
    rows = []
    for r in runs:
        b_sym, a_sym = r.best_symmetric()
        plus, minus, a_asym = r.best_asymmetric()
        rows.append(
            {
                "seed": r.seed,
                "SVM": r.svm,
                "AdaBoost-50": r.adaboost,
                "Triskel, under 0.9": r.triskel_paper,
                f"Triskel, over {STRONG_BIAS}": r.triskel_strong,
                "best symmetric (bias)": f"{a_sym:.3f} ({b_sym:.2f})",
                "best asymmetric (h+, h-)": f"{a_asym:.3f} ({plus:.2f}, {minus:.2f})",
                "Triskel, bias from curves": r.triskel_auto,
            }
        )
    return pd.DataFrame(rows)


def _values(f: Findings, figure: str, rounds_figure: str) -> dict[str, str]:
    """The text of each placeholder of the page's template."""
    return {
        "title": TITLE,
        "name": NAME,
        "n_cakes": str(len(f.runs)),
        "n_samples": str(N_SAMPLES),
        "biases": ", ".join(f"{b:.2f}" for b in f.biases),
        "table": markdown_table(_table(list(f.runs)), decimals=3, index=False),
        "seed": str(SEEDS[0]),
        "figure": figure,
        "rounds_figure": rounds_figure,
        "rounds": str(ROUNDS),
        "weighting": WEIGHTING,
        "ledger": ledger_table(f.claims),
        "checked": checked_notes(f.claims),
    }


class TriskelCakeReproduction(Reproduction):
    """The layered cake: linear SVM, AdaBoost-50 of it and Triskel, on synthetic cakes.

    No store: :meth:`findings` fits every model on each cake (:func:`.cake_runs.run_cake`;
    the quick version two cakes and a coarser sweep), :meth:`write_report` draws the
    figures from the first cake and writes ``triskel-cake.md`` and its ledger.

    Examples
    --------
    >>> item = TriskelCakeReproduction()
    >>> item.name, item.parts(), item.keeps_store
    ('triskel-cake', [], False)
    """

    name = NAME
    description = DESCRIPTION

    def findings(self, ctx: RunContext) -> Findings:
        """Fit every model on each cake and test the claims (synthetic data, seconds)."""
        seeds = SEEDS[:2] if ctx.quick else SEEDS
        biases = BIASES[::3] if ctx.quick else BIASES
        return analyse([run_cake(seed, biases) for seed in seeds], biases)

    def write_report(self, findings: Findings, out_dir: Path) -> Path:
        """The page, its two figures (the first cake, refitted) and the claims ledger."""
        out_dir = Path(out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        figure = cake_figure(out_dir, findings.best_pair, NAME)
        rounds = rounds_figure(out_dir, findings.best_pair, NAME)
        write_ledger(out_dir, NAME, TITLE, list(findings.claims))
        write_summary(out_dir)
        text = fill_template(NAME, _values(findings, figure, rounds), package=__package__)
        return write_page(out_dir, NAME, text)
