"""Triskel (paper 000, Khoussainov, Heß & Kushmerick, 2005): its three reproductions.

* ``triskel`` (:class:`TriskelReproduction`) — Tables 1–2 and Figure 2: SMO,
  AdaBoost-3/10/50 of SMO and Triskel-M1, -1, -W2, -W4 on the paper's fifteen UCI data
  sets at its 10 × 10-fold CV (store ``triskel.db``, with a reference column SMO at
  C = 16), and Triskel-W4 against AdaBoost-50 with an RBF-kernel SVM and naive Bayes
  as the base learner (store ``triskel-bases.db``). The page ``triskel.md`` sets our
  accuracy and training time beside the paper's with the corrected resampled t-test
  markers, draws Figure 2 from our runs and from the paper's tables, and ends in the
  claims ledger. The ROC concavity of each data set (one SMO per pair of classes, on
  the whole data set) is kept by a probe of a third experiment (store
  ``triskel-concavity.db``).
* ``triskel-bias`` (:class:`TriskelBiasReproduction`) — Triskel-W4 with each biasing
  strategy (undersampling, oversampling, SMOTE, thresholding, the bias read from the
  ROC curves) on the same data sets (store ``triskel-bias.db``), against the paper's
  Section 3.2.
* ``triskel-cake`` (:class:`TriskelCakeReproduction`) — the layered cake of Figures 1,
  3(c) and 4 and the ROC analysis of Section 5, on synthetic cakes; no store, the
  fits take seconds.

Each is run with ``ensemble-lab reproduce NAME --results experiments/results``; a
page is rewritten from its stores with ``--from-store``, and ``--estimate`` times
every experiment a page runs. The paper's own numbers are in :mod:`.paper`.

Examples
--------
>>> [item.name for item in REPRODUCTIONS]
['triskel', 'triskel-bias', 'triskel-cake']
"""

from .bias import TriskelBiasReproduction
from .cake import TriskelCakeReproduction
from .page import TriskelReproduction

__all__ = [
    "REPRODUCTIONS",
    "TriskelBiasReproduction",
    "TriskelCakeReproduction",
    "TriskelReproduction",
]

#: The paper's reproductions, found by :func:`ensemble_lab.experiments.reproduction`.
REPRODUCTIONS = (TriskelReproduction(), TriskelBiasReproduction(), TriskelCakeReproduction())
