"""diversity."""

from ._kappa_error import kappa_error_points as kappa_error_points
