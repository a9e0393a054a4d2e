"""Supervised projections as scikit-learn transformers: HDA, NDA (linear), MLPProjection."""

from ._hda import HDA
from ._mlp import MLPProjection
from ._nda import NDA
from ._scatter import (
    canonical_order,
    class_scatter,
    discriminant_directions,
    needs_regularization,
    nonparametric_scatter,
    regularized_within_scatter,
)

__all__ = [
    "HDA",
    "NDA",
    "MLPProjection",
    "canonical_order",
    "class_scatter",
    "discriminant_directions",
    "needs_regularization",
    "nonparametric_scatter",
    "regularized_within_scatter",
]
