"""Probes any experiment can record (``[record] probes``; see :mod:`.records`)."""

from __future__ import annotations

from typing import Any

import pandas as pd

from .tasks import ensemble_size

__all__ = ["member_count"]


def member_count(
    estimator: Any, X_train: Any, y_train: Any, X_test: Any, y_test: Any
) -> pd.DataFrame:
    """The number of members a fitted ensemble holds (1 for a single model), one row.

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.methods import make
    >>> X, y = load("iris")
    >>> model = make("Bagging-21", random_state=0).fit(X, y)
    >>> member_count(model, X, y, X, y)
       n_members
    0         21
    """
    return pd.DataFrame({"n_members": [ensemble_size(estimator)]})
