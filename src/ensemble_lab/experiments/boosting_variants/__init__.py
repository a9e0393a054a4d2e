"""Aggressive, conservative and inverse boosting with the Q statistic (paper 002, Figs. 2-4).

Kuncheva & Whitaker (2002) boost a quadratic classifier and a small neural network with
three weight updates and follow the ensemble's error and diversity (Yule's Q) as it
grows. ``ensemble-lab reproduce boosting-variants`` runs the study through the
experiment runner into the store ``boosting-variants.db`` (about a quarter of an hour of
CPU) and writes the page ``boosting-variants.md``, its figures
``boosting-variants-fig{2,3,4}.png`` and its claims ledger; ``--from-store`` writes them
from the committed store (experiments/results/) and ``ensemble-lab verify`` refits a
sample of its tasks and compares their records.

Each study is one runner experiment (:func:`~.configs.experiments`): the three variants
per base learner are its methods, each split a repetition. The figures need the error
and Q of every prefix of an ensemble, which one fit gives
(:meth:`~ensemble_lab.methods.BoostingClassifier.stage_curves`): every task records
them, and Figure 2's runs their final sampling weights, as per-task records of the
probes in :mod:`.probes`. Every MLP case is also run with the network trained by L-BFGS
(:data:`~.configs.CHECKS`): a check, in no verdict, which the notes report.
"""

from __future__ import annotations

from .configs import CHECKS, Case, Protocol, experiments, protocol
from .page import BoostingVariantsReproduction, Findings
from .paper import PAPER_CLAIMS, PAPER_NUMBERS
from .probes import boosting_curves, final_weights

__all__ = [
    "CHECKS",
    "PAPER_CLAIMS",
    "PAPER_NUMBERS",
    "REPRODUCTIONS",
    "BoostingVariantsReproduction",
    "Case",
    "Findings",
    "Protocol",
    "boosting_curves",
    "experiments",
    "final_weights",
    "protocol",
]

REPRODUCTIONS = (BoostingVariantsReproduction(),)
