"""The 2-D example of the Random Linear Oracle paper (Section IV, Figs. 3-4).

``ensemble-lab reproduce oracle-2d`` writes ``oracle-2d.md`` and ``oracle-2d.png`` (about
ten seconds); the committed copy is in the repository's experiments/results/. The page
keeps no store: its fits are small and synthetic, and :meth:`Oracle2DReproduction.findings`
makes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ...methods import ORACLE_2D_PAPER_NUMBERS as PAPER_NUMBERS
from ...methods import oracle_2d_example
from ...reporting.claims import Claim, ledger_table, verdict, write_ledger, write_summary
from .._common import fill_template, write_page
from .._reproduction import Reproduction, RunContext
from .figures import plot_oracle_2d_example

__all__ = ["Findings", "Oracle2DReproduction", "findings_from"]

DESCRIPTION = "Bagging vs bagging + oracle of linear classifiers on a 2-D task (paper 001, Fig. 3)"
NAME = "oracle-2d"
TITLE = "Random Linear Oracle — the 2-D example (paper 001)"
SEEDS = range(10)
KEYS = ("individual_error", "ensemble_error", "mean_kappa")
ENSEMBLES = ("bagging", "bagging+oracle")


# --------------------------------------------------------------------------- findings
@dataclass(frozen=True)
class Findings:
    """What the runs say: each quantity of each ensemble, seed by seed, and the claims.

    Examples
    --------
    >>> f = findings_from([oracle_2d_example(0)])
    >>> len(f.runs), sorted(f.values), len(f.claims)
    (1, ['bagging', 'bagging+oracle'], 3)
    """

    runs: tuple[Any, ...]  # one Oracle2DResult per seed; the first is plotted
    values: dict[str, dict[str, np.ndarray]]  # ensemble -> quantity -> one value per seed
    claims: tuple[Claim, ...]

    def mean(self, ensemble: str, key: str) -> float:
        """Mean of ``key`` of ``ensemble`` over the seeds."""
        return float(np.mean(self.values[ensemble][key]))


def findings_from(runs: list[Any]) -> Findings:
    """The quantities of the two ensembles over the seeds, and the ledger.

    ``runs``: one :func:`~ensemble_lab.methods.oracle_2d_example` result
    per seed (the first is the one plotted); see :class:`Findings` for an example.
    """
    values = {
        name: {k: np.array([r.summary[name][k] for r in runs]) for k in KEYS} for name in ENSEMBLES
    }
    return Findings(runs=tuple(runs), values=values, claims=tuple(_claims(runs)))


# --------------------------------------------------------------------------- page
def _table(f: Findings) -> str:
    """Paper, seed 0 and mean ± sd over the seeds of each quantity, one row per ensemble."""
    header = " | ".join(f"{k}: paper | ours seed 0 | ours mean ± sd" for k in KEYS)
    lines = [f"| ensemble | {header} |", f"|---|{'---|' * 3 * len(KEYS)}"]
    for name in ENSEMBLES:
        values, first = f.values[name], f.runs[0].summary[name]
        cells = [
            f"{PAPER_NUMBERS[name][k]:.4f} | {first[k]:.4f} | "
            f"{values[k].mean():.4f} ± {values[k].std(ddof=1):.4f}"
            for k in KEYS
        ]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _figure(f: Findings, out_dir: Path) -> str:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(16, 4))
    plot_oracle_2d_example(f.runs[0], axes=fig.subplots(1, 4))
    fig.tight_layout()
    name = f"{NAME}.png"
    fig.savefig(out_dir / name, dpi=55)
    return name


def _values(f: Findings, figure: str) -> dict[str, str]:
    """The text of each placeholder of the page's template."""
    return {
        "bagging_error": f"{f.mean('bagging', 'individual_error'):.3f}",
        "paper_bagging_error": str(PAPER_NUMBERS["bagging"]["individual_error"]),
        "oracle_error": f"{f.mean('bagging+oracle', 'individual_error'):.3f}",
        "paper_oracle_error": str(PAPER_NUMBERS["bagging+oracle"]["individual_error"]),
        "name": NAME,
        "n_seeds": str(len(f.runs)),
        "table": _table(f),
        "figure": figure,
        "ledger": ledger_table(f.claims),
    }


# --------------------------------------------------------------------------- claims
_QUOTES = {
    "individual_error": (
        "The individual accuracy of the members is markedly better for the ensemble with "
        "the oracle."
    ),
    "mean_kappa": (
        "As expected, the cluster for the ensemble with the oracle is more to the left, "
        "showing lower kappa, hence better diversity."
    ),
    "ensemble_error": (
        "[Diversity combined with high individual accuracy] is likely to fetch noticeable "
        "improvement on the ensemble performance."
    ),
}


def _claims(runs: list[Any]) -> list[Claim]:
    """One claim per quantity: lower with the oracle than without, seed by seed."""
    out = []
    for key, quote in _QUOTES.items():
        lower = sum(r.summary["bagging+oracle"][key] < r.summary["bagging"][key] for r in runs)
        paper = PAPER_NUMBERS
        out.append(
            Claim(
                key=key.replace("_", "-"),
                quote=quote,
                test=(
                    f"{key.replace('_', ' ')} of bagging + oracle against bagging on the "
                    "4000 test points of each seed; holds: lower on every seed; partly: on "
                    "most (more than half)"
                ),
                paper=(f"{paper['bagging+oracle'][key]} against {paper['bagging'][key]} (one run)"),
                ours=f"lower on {lower} of {len(runs)} seeds",
                verdict=verdict(lower == len(runs), lower > len(runs) / 2),
            )
        )
    return out


class Oracle2DReproduction(Reproduction):
    """Bagging of linear classifiers with and without the oracle on the paper's 2-D task.

    No store: :meth:`findings` fits the example over ten seeds (three with ``quick``),
    in this process (the data are synthetic and the fits small).

    Examples
    --------
    >>> from ensemble_lab.experiments import reproduction
    >>> example = reproduction("oracle-2d")
    >>> isinstance(example, Oracle2DReproduction), example.keeps_store
    (True, False)
    """

    name = NAME
    description = DESCRIPTION

    def findings(self, ctx: RunContext) -> Findings:
        """The example over the seeds, and its claims."""
        seeds = range(3) if ctx.quick else SEEDS
        return findings_from([oracle_2d_example(seed) for seed in seeds])

    def write_report(self, findings: Findings, out_dir: Path) -> Path:
        """The page, its figure and the claims ledger; the page's path."""
        out_dir = Path(out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        figure = _figure(findings, out_dir)
        write_ledger(out_dir, NAME, TITLE, list(findings.claims))
        write_summary(out_dir)
        text = fill_template(NAME, _values(findings, figure), __package__)
        return write_page(out_dir, NAME, text)
