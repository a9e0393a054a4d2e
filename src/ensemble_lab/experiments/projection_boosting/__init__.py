"""Projection boosting against AdaBoost (paper 003, Table 1 and Figure 2).

García-Osorio & García-Pedrajas (ESANN 2008) compare two projection-boosting ensembles
(PB-HDA, PB-NDA: each member learns on a linear projection fitted to the instances the
previous member misclassified) with AdaBoost, for three base learners (C4.5, an MLP, an
RBF-kernel SVM), by 5×2 cross-validation on 45 UCI datasets: win/loss counts over the
datasets and a Wilcoxon signed-rank test on the paired errors (Table 1), and a scatter
of each dataset's error under AdaBoost (x) and the projection ensemble (y) (Figure 2).

``ensemble-lab reproduce projection-boosting`` runs every part (:func:`parts`) and
writes ``projection-boosting.md``, ``projection-boosting-scatter.png`` and the claims
ledger; ``--from-store`` writes them from the stores alone (with ``--data-dir``, where
the ARFF files are: the page counts the datasets' nominal attributes). Its stores:

* ``projection-boosting.db``: one experiment per base learner
  (``projection-boosting-j48``, ``-rbf-svm``, ``-mlp``; the slow base learners run the
  datasets smallest first, :data:`~.configs.BY_SIZE`), two checks of a column with its
  base learner set otherwise (``-mlp-lbfgs``, ``-rbf-svm-auto``,
  :data:`~.configs.CHECKS`; they enter no verdict), PB-HDA and PB-NDA beside the
  non-linear projections of the paper's reference [1] (``-nonlinear``,
  :mod:`.nonlinear`) and the C4.5 column with 50 members (``-j48-t50``);
* ``projection-boosting-noise.db``: the C4.5 column with class noise and with small
  training parts (:mod:`.noise`);
* ``projection-boosting-projections.db``: PB-HDA of the C4.5 column with a probe that
  times HDA, NDA and the MLP projection on each S' (:mod:`.timing`).

The page ends with a claims ledger (:func:`.claims.claims`): per base learner, both projection
ensembles significantly better than AdaBoost at 90 %; four named cells at 95 %; more
points below the diagonal of Figure 2, and farther from it; linear projections faster
to obtain than non-linear ones; less sensitivity to class noise and to small data —
each with its statistic, the paper's value computed from :data:`PAPER_TABLE1`, ours,
and a verdict.
"""

from .cells import Cell, paper_cells
from .configs import ALL_DATASETS, parts
from .noise import CorruptedTraining, corrupt_training
from .page import Findings, ProjectionBoostingReproduction
from .paper import PAPER_TABLE1
from .timing import error_sets, projection_times

__all__ = [
    "ALL_DATASETS",
    "PAPER_TABLE1",
    "REPRODUCTIONS",
    "Cell",
    "CorruptedTraining",
    "Findings",
    "ProjectionBoostingReproduction",
    "corrupt_training",
    "error_sets",
    "paper_cells",
    "parts",
    "projection_times",
]

REPRODUCTIONS = (ProjectionBoostingReproduction(),)
