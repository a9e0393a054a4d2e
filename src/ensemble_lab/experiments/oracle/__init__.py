"""The Random Linear Oracle paper (Kuncheva & Rodríguez 2007, paper 001), reproduced.

Two pages:

* ``oracle`` (:class:`OracleReproduction`): the 40 methods of Table III (each ensemble
  with the oracle, ``H-``, and without it, ``N-``; pruned and unpruned J48) on the 35
  data sets of Table I at the paper's protocol, ten 10-fold cross-validations — average
  ranks and win-tie-loss beside the paper's, the Friedman and Nemenyi tests, the
  kappa-error diagrams of a few H-/N- pairs, and Section V's claims; Table V (the same
  methods on the seven medical data sets of Table IV) and Section VI's claims; the
  reweighting boosting hosts with the oracle's points drawn uniformly (a reading the
  paper leaves open); and Section V's claim on what the oracle costs its host. Its
  stores are ``oracle.db`` (Table III and the kappa-error runs), ``oracle-medical.db``,
  ``oracle-readings.db`` and ``oracle-cost.db``; the two large ones are committed in
  their compact form (``.db.xz``), which every reading command takes as it is.
* ``oracle-2d`` (:class:`Oracle2DReproduction`): the 2-D example of Section IV
  (Figs. 3-4), bagging of linear classifiers with and without the oracle, over ten
  seeds; no store (the fits are small and run when the page is written).

``ensemble-lab reproduce oracle`` runs (or resumes) every part, then writes the page;
``--from-store`` writes it from the stores, ``--estimate`` says how long the parts take.
``ensemble-lab reproduce oracle-2d`` computes and writes the example's page.

The modules: :mod:`~ensemble_lab.experiments.oracle.paper` (the paper's tables),
:mod:`~ensemble_lab.experiments.oracle.configs` (the experiments),
:mod:`~ensemble_lab.experiments.oracle.analysis` (ranks and tests from the results),
:mod:`~ensemble_lab.experiments.oracle.claims`,
:mod:`~ensemble_lab.experiments.oracle.pruning`,
:mod:`~ensemble_lab.experiments.oracle.medical`,
:mod:`~ensemble_lab.experiments.oracle.readings` and
:mod:`~ensemble_lab.experiments.oracle.cost` (the claims ledger and the evidence of its
notes), :mod:`~ensemble_lab.experiments.oracle.figures`,
:mod:`~ensemble_lab.experiments.oracle.page` and
:mod:`~ensemble_lab.experiments.oracle.example_2d` (the pages).

References
----------
L. I. Kuncheva and J. J. Rodríguez, "Classifier ensembles with a random linear oracle",
IEEE Transactions on Knowledge and Data Engineering 19(4), 500–508, 2007.

Examples
--------
>>> from ensemble_lab.experiments.oracle import REPRODUCTIONS
>>> [item.name for item in REPRODUCTIONS]
['oracle', 'oracle-2d']
"""

from .analysis import paper_benefit, rank_benefit
from .configs import (
    METHODS,
    SEED,
    ZOO,
    config,
    dataset_names,
    kappa_config,
    medical_config,
    paper_parts,
    parts,
    readings_config,
    timing_config,
)
from .example_2d import Oracle2DReproduction
from .figures import plot_oracle_2d_example
from .medical import table_v
from .page import OracleReproduction
from .paper import (
    PAPER_DATASETS,
    PAPER_PROTOCOL,
    PAPER_SIZES,
    PAPER_TABLE_III,
    PAPER_TABLE_IV,
    PAPER_TABLE_V,
)

__all__ = [
    "METHODS",
    "PAPER_DATASETS",
    "PAPER_PROTOCOL",
    "PAPER_SIZES",
    "PAPER_TABLE_III",
    "PAPER_TABLE_IV",
    "PAPER_TABLE_V",
    "REPRODUCTIONS",
    "SEED",
    "ZOO",
    "Oracle2DReproduction",
    "OracleReproduction",
    "config",
    "dataset_names",
    "kappa_config",
    "medical_config",
    "paper_benefit",
    "paper_parts",
    "parts",
    "plot_oracle_2d_example",
    "rank_benefit",
    "readings_config",
    "table_v",
    "timing_config",
]

#: The paper's reproductions, found by :func:`ensemble_lab.experiments.reproduction`.
REPRODUCTIONS = (OracleReproduction(), Oracle2DReproduction())
