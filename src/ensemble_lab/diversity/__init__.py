"""Diversity of classifier ensembles.

The ten measures of Kuncheva & Whitaker (2003) over an oracle matrix (which member is
right on which sample), plus the pairwise κ of the oracle outputs:

* pairwise, averaged over pairs: :func:`q_statistic`, :func:`correlation`,
  :func:`disagreement`, :func:`double_fault`, :func:`kappa` (and :func:`pairwise_matrix`
  for the full ``(L, L)`` matrix);
* non-pairwise: :func:`entropy`, :func:`kohavi_wolpert_variance`,
  :func:`interrater_agreement`, :func:`difficulty`, :func:`generalized_diversity`,
  :func:`coincident_failure_diversity`.

:func:`member_predictions` gives what each member of a fitted ensemble predicts (each
on its own view of ``X``); :func:`oracle_outputs` builds the oracle matrix from it;
:func:`kappa_error_points` gives the points of a kappa-error diagram (multi-class κ of
the members' labels against their mean error).
"""

from ..base import member_predictions
from ._kappa_error import kappa_error_points
from ._nonpairwise import (
    coincident_failure_diversity,
    difficulty,
    entropy,
    generalized_diversity,
    interrater_agreement,
    kohavi_wolpert_variance,
)
from ._oracle import oracle_outputs, pair_tables
from ._pairwise import (
    correlation,
    disagreement,
    double_fault,
    kappa,
    pairwise_matrix,
    q_statistic,
)

__all__ = [
    "coincident_failure_diversity",
    "correlation",
    "difficulty",
    "disagreement",
    "double_fault",
    "entropy",
    "generalized_diversity",
    "interrater_agreement",
    "kappa",
    "kappa_error_points",
    "kohavi_wolpert_variance",
    "member_predictions",
    "oracle_outputs",
    "pair_tables",
    "pairwise_matrix",
    "q_statistic",
]
