"""Figures 3 and 4 of the oracle paper: the 2-d example, drawn.

Kuncheva & Rodríguez (2007), *Classifier ensembles with a random linear oracle*.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..datasets import oracle_2d_boundary
from ..methods._oracle_example import Oracle2DResult
from ._kappa_error_plot import plot_kappa_error

__all__ = ["plot_oracle_2d_example"]


def plot_oracle_2d_example(result: Oracle2DResult, axes: Any = None) -> Any:
    """Figures 3 and 4 of the paper.

    Training data, the test set as each ensemble labels it (with the optimal boundary
    dashed), and the kappa-error diagram.

    Parameters
    ----------
    result : Oracle2DResult
    axes : sequence of 4 matplotlib Axes, default=None
        New figure when None.

    Returns
    -------
    axes : ndarray of Axes
    """
    if axes is None:
        import matplotlib.pyplot as plt

        _, axes = plt.subplots(1, 4, figsize=(17, 4))
    axes = np.ravel(axes)
    grid = np.linspace(0, 1, 200)
    optimal = oracle_2d_boundary(grid)
    panels = [
        ("(a) training data", result.X_train, result.y_train),
        *(
            (f"({c}) test data labelled by {name}", result.X_test, ens.predict(result.X_test))
            for c, (name, ens) in zip("bc", result.ensembles.items())
        ),
    ]
    for ax, (title, X, labels) in zip(axes, panels):
        ax.scatter(X[:, 0], X[:, 1], c=labels, cmap="coolwarm", s=3, alpha=0.7)
        ax.plot(grid, optimal, "k--", lw=1.2)
        ax.set_title(title, fontsize=9)
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_aspect("equal")
    plot_kappa_error(result.kappa_error, ax=axes[3])
    return axes
