"""Input checks shared by the learners of this package."""

from __future__ import annotations

__all__ = ["require_y"]


def require_y(estimator, y) -> None:
    """Raise the error scikit-learn's checks expect when ``fit`` gets ``y=None``."""
    if y is None:
        raise ValueError(
            f"{type(estimator).__name__} requires y to be passed, but the target y is None."
        )
