"""Claim 7 of paper 003: linear projections are "faster to obtain" than non-linear ones.

García-Osorio & García-Pedrajas (2008) replace the non-linear boosting projections of
their reference [1] (García-Pedrajas, García-Osorio & Fyfe, JMLR 2007: the hidden layer
of a multilayer perceptron trained on the misclassified instances) by HDA and NDA, "with
the advantage of being simpler, more interpretable and faster to obtain". The paper
reports no times. The experiment :data:`NAME` runs the three projection ensembles side
by side in one experiment (same base learner, C4.5, the same size and splits), so that
their fit times are measured on the same machine in the same run.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from ..evaluation import ExperimentConfig, MethodSpec, Protocol
from ..evaluation.stats import wilcoxon
from ..reporting.claims import Claim, verdict
from ._common import markdown_table

__all__ = ["LINEAR", "METHODS", "NAME", "NONLINEAR", "claim", "config", "cpu_per_member"]

NAME = "projection-boosting-nonlinear"

#: The ensembles, by their registered names: the paper's two, then the one of [1].
LINEAR = ("PB-HDA", "PB-NDA")
NONLINEAR = "PB-MLP"
METHODS = (*LINEAR, NONLINEAR)

#: Base learner of all three: C4.5, the paper's first and the cheapest, so that the
#: projections' share of the fit time shows.
BASE = "j48"

QUOTE = (
    "In this work we show that linear projections can be used as well, with the advantage "
    "of being simpler, more interpretable and faster to obtain."
)
TEST = (
    "Fit CPU time per member (fit CPU ÷ ensemble size, mean over the 5×2 CV splits) of "
    f"PB-HDA and of PB-NDA against {NONLINEAR}, the same ensemble with the non-linear "
    "projections of the paper's reference [1] (the hidden layer of a network fitted to "
    "S'), all three with C4.5 and the same size, side by side in one experiment; holds: "
    "both linear ensembles take less on every dataset; partly: each takes less on more "
    "than half of them; does not hold: otherwise"
)
PAPER = "stated; the paper reports no times"


def config(
    datasets: Sequence[str], n_estimators: int, protocol: Protocol, description: str
) -> ExperimentConfig:
    """The three projection ensembles with C4.5, side by side.

    Parameters
    ----------
    datasets : sequence of str
    n_estimators : int
        Size of every ensemble.
    protocol : Protocol
    description : str
        The reproduction's description, which this experiment's extends.
    """
    return ExperimentConfig(
        name=NAME,
        description=f"{description}; linear against non-linear projections, base {BASE}",
        datasets=tuple(datasets),
        methods=tuple(
            MethodSpec(label=m, name=m, base=BASE, params={"n_estimators": n_estimators})
            for m in METHODS
        ),
        protocol=protocol,
        seed=1,
    )


def cpu_per_member(results: pd.DataFrame) -> pd.DataFrame:
    """Fit CPU milliseconds per member, mean over the splits: datasets × methods."""
    per_member = 1000 * results["fit_cpu"] / results["ensemble_size"]
    return per_member.groupby([results["dataset"], results["method"]]).mean().unstack("method")


def _faster(cpu: pd.DataFrame, method: str) -> int:
    """Datasets where ``method`` takes less CPU per member than the non-linear ensemble."""
    return int((cpu[method] < cpu[NONLINEAR]).sum())


def claim(results: pd.DataFrame | None) -> Claim:
    """Claim 7 of the ledger, from the experiment's complete datasets (None: not run)."""
    if results is None or results.empty:
        return Claim(
            key="linear-faster-than-nonlinear",
            quote=QUOTE,
            test=TEST,
            paper=PAPER,
            ours=f"not run: the experiment {NAME} has no finished dataset",
            verdict="not run",
        )
    cpu = cpu_per_member(results)
    n = len(cpu)
    faster = {m: _faster(cpu, m) for m in LINEAR}
    ratios = "; ".join(
        f"median {NONLINEAR} ÷ {m} {np.median(cpu[NONLINEAR] / cpu[m]):.1f}×" for m in LINEAR
    )
    counts = ", ".join(f"{m} on {k} of {n}" for m, k in faster.items())
    return Claim(
        key="linear-faster-than-nonlinear",
        quote=QUOTE,
        test=TEST,
        paper=PAPER,
        ours=f"less CPU per member than {NONLINEAR}: {counts}; {ratios}",
        verdict=verdict(
            all(k == n for k in faster.values()), all(2 * k > n for k in faster.values())
        ),
    )


def section(results: pd.DataFrame | None) -> str:
    """The page's section: per-dataset CPU per member and errors of the three ensembles."""
    if results is None or results.empty:
        return f"Not run: the experiment `{NAME}` has no finished dataset."
    cpu = cpu_per_member(results)
    errors = 100 * (1 - results.groupby(["dataset", "method"])["accuracy"].mean().unstack("method"))
    sizes = results.groupby("method")["ensemble_size"].mean()
    ratio = cpu[NONLINEAR] / cpu[list(LINEAR)].max(axis=1)
    table = pd.concat(
        [
            cpu[list(METHODS)].map("{:.1f}".format).add_suffix(", ms/member"),
            ratio.map("{:.1f}".format).rename(f"{NONLINEAR} ÷ slower linear"),
            errors[list(METHODS)].add_suffix(" error, %"),
        ],
        axis=1,
    )
    accuracy = "; ".join(_accuracy_line(errors, m) for m in LINEAR)
    size_line = ", ".join(f"{m} {sizes[m]:.1f}" for m in METHODS)
    return (
        f"{len(cpu)} datasets; mean ensemble size {size_line}.\n\n"
        f"Accuracy, not part of the claim: {accuracy}.\n\n"
        + markdown_table(table.rename_axis("dataset"))
    )


def _accuracy_line(errors: pd.DataFrame, method: str) -> str:
    """Win/tie/loss of a linear ensemble against the non-linear one, and Wilcoxon's p."""
    a, b = errors[method].to_numpy(), errors[NONLINEAR].to_numpy()
    test = wilcoxon(a, b)
    return (
        f"{method} against {NONLINEAR} {int(np.sum(a < b))}/{int(np.sum(a == b))}/"
        f"{int(np.sum(a > b))} (win/tie/loss on mean error), Wilcoxon p = {test.p_value:.3f}"
    )
