"""Ensemble methods of the five papers, and the registry of their table names.

The names are the rows of the catalogue (``_catalogue``), registered by ``_registry``:
``make("Triskel-W4")`` builds the estimator a paper's table calls so. Triskel's ROC
analysis (:func:`bias_curves`, :func:`best_bias_pair`) is public too, for drawing its
bias curves.
"""

# Names imported as themselves (``x as x``) and left out of __all__ are not public API:
# the figures of ensemble_lab.reporting and the reproductions take them from here
# (oracle_2d_example, Oracle2DResult and ORACLE_2D_PAPER_NUMBERS: the worked example of
# the random linear oracle and the paper's figures of it; accuracy_line, embed_point
# hard_roc_point, pair_scores and roc_points: the ROC geometry of Triskel's analysis).

from ._bagging import WekaBaggingClassifier
from ._biasing import Oversample, Threshold, Undersample
from ._boosting import BoostingClassifier
from ._decorate import DecorateClassifier
from ._elrc import ELRCClassifier
from ._multiboost import MultiBoostClassifier
from ._oracle import RandomLinearOracle
from ._oracle_example import ORACLE_2D_PAPER_NUMBERS as ORACLE_2D_PAPER_NUMBERS
from ._oracle_example import Oracle2DResult as Oracle2DResult
from ._oracle_example import oracle_2d_example as oracle_2d_example
from ._projection_boosting import ProjectionBoostingClassifier
from ._random_subspace import RandomSubspaceClassifier
from ._registry import PAPERS, MethodInfo, describe_methods, make, names, register
from ._rotation_forest import RotationForestClassifier
from ._triskel import TriskelClassifier
from ._triskel_roc import BiasCurves, BiasPair, best_bias_pair, bias_curves
from ._triskel_roc import accuracy_line as accuracy_line
from ._triskel_roc import embed_point as embed_point
from ._triskel_roc import hard_roc_point as hard_roc_point
from ._triskel_roc import pair_scores as pair_scores
from ._triskel_roc import roc_points as roc_points
from ._weka_hosts import WekaAdaBoostM1, WekaMultiBoostAB

__all__ = [
    "PAPERS",
    "BiasCurves",
    "BiasPair",
    "BoostingClassifier",
    "DecorateClassifier",
    "ELRCClassifier",
    "MethodInfo",
    "MultiBoostClassifier",
    "Oversample",
    "ProjectionBoostingClassifier",
    "RandomLinearOracle",
    "RandomSubspaceClassifier",
    "RotationForestClassifier",
    "Threshold",
    "TriskelClassifier",
    "Undersample",
    "WekaAdaBoostM1",
    "WekaBaggingClassifier",
    "WekaMultiBoostAB",
    "best_bias_pair",
    "bias_curves",
    "describe_methods",
    "make",
    "names",
    "register",
]
