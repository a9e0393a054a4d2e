"""ELRC — ensemble learning of regional classifiers (Lee, Na, Oh & Yang, paper 004).

One page, ``elrc``: Table 2 of the paper (single SMO, naive Bayes and C4.5, AdaBoost.M1
and Bagging of 21 members of each, and ELRC, by 10-fold cross-validation on ten UCI
datasets) beside ours, ELRC's accuracy against its number of levels, the training
errors before and after each split of its fitted trees, and the claims ledger of the
paper's conclusions. ``ensemble-lab reproduce elrc`` runs the experiments
(:func:`~.configs.parts`) and writes ``elrc.md``, ``elrc-accuracy.png``,
``elrc-vs-single.png`` and ``elrc-claims.json``; ``--from-store`` writes them from the
stores alone. The stores:

* ``elrc.db`` — the ten methods on the five smaller datasets (:func:`config`);
* ``elrc-large.db`` — the same on the five large ones (:func:`large_config`);
* ``elrc-levels.db`` — ELRC alone with 1 to 6 levels (:func:`levels_config`);
* ``elrc-nodes.db`` — ELRC of the first two again, with every fitted tree's nodes kept
  as per-task records (:func:`nodes_config`, the probe :func:`node_records`).

The paper's comparison ensembles are Weka's ``AdaBoostM1`` and ``Bagging`` with 21
iterations around SMO, naive Bayes and C4.5 (Section 4.1): the registered names
``"AdaBoostM1-21"`` and ``"Bagging-21"``.

Modules: :mod:`.paper` (the typed-in Table 2), :mod:`.configs` (the experiments),
:mod:`.analysis` (numbers from the results), :mod:`.levels` and :mod:`.nodes` (the
levels run and the trees' nodes, each with its claim), :mod:`.claims` (the ledger),
:mod:`.findings`, :mod:`.text`, :mod:`.figures` and :mod:`.page` (the page).

Examples
--------
>>> from ensemble_lab.experiments import reproduction
>>> isinstance(reproduction("elrc"), ElrcReproduction)
True
"""

from __future__ import annotations

from .analysis import accuracy_matrix, claim_check
from .claims import elrc_claims
from .configs import config, large_config, levels_config, nodes_config
from .findings import Findings
from .nodes import node_records
from .page import ElrcReproduction
from .paper import COLUMNS, DATASETS, PAPER_TABLE2, paper_matrix

__all__ = [
    "COLUMNS",
    "DATASETS",
    "PAPER_TABLE2",
    "REPRODUCTIONS",
    "ElrcReproduction",
    "Findings",
    "accuracy_matrix",
    "claim_check",
    "config",
    "elrc_claims",
    "large_config",
    "levels_config",
    "node_records",
    "nodes_config",
    "paper_matrix",
]

REPRODUCTIONS = (ElrcReproduction(),)
