"""Supervised linear projections as scikit-learn transformers: HDA, NDA, their scatters."""

from ._hda import HDA
from ._nda import NDA
from ._scatter import (
    class_scatter,
    discriminant_directions,
    needs_regularization,
    nonparametric_scatter,
    regularized_within_scatter,
)

__all__ = [
    "HDA",
    "NDA",
    "class_scatter",
    "discriminant_directions",
    "needs_regularization",
    "nonparametric_scatter",
    "regularized_within_scatter",
]
