"""The oracle pages' figures: the critical-difference and kappa-error diagrams, the 2-D example.

Kuncheva & Rodríguez (2007), *Classifier ensembles with a random linear oracle*: the
Nemenyi diagram of Table III's ranks, the kappa-error diagrams of H- against N-
ensembles, and Figures 3 and 4 (the 2-D example, drawn).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ...datasets import oracle_2d_boundary
from ...methods import Oracle2DResult
from .._common import save_figure
from .sides import family

__all__ = ["cd_figure", "kappa_figures", "plot_oracle_2d_example"]


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

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from ensemble_lab.experiments import RunContext, reproduction
    >>> quick = RunContext(Path("."), quick=True)  # three seeds, nothing written
    >>> result = reproduction("oracle-2d").findings(quick).runs[0]
    >>> axes = plot_oracle_2d_example(result, axes=Figure().subplots(1, 4))
    >>> [ax.get_title() for ax in axes[:2]]
    ['(a) training data', '(b) test data labelled by bagging']
    """
    from ...reporting.plots import plot_kappa_error

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


def cd_figure(average: pd.Series, cd: float, out_dir: Path, stem: str) -> str:
    """Draw the critical-difference diagram of ``average`` ranks; the file's name.

    The diagram goes to ``out_dir/STEM-cd.png``, with the Nemenyi critical difference
    ``cd`` in its title.

    Examples
    --------
    >>> import tempfile
    >>> out = Path(tempfile.mkdtemp())
    >>> cd_figure(pd.Series({"H-P-Bagging": 1.2, "N-P-Bagging": 1.8}), 0.5, out, "demo")
    'demo-cd.png'
    """
    from matplotlib.figure import Figure

    from ...reporting.plots import plot_critical_difference

    fig = Figure(figsize=(16, 9))
    ax = fig.subplots()
    plot_critical_difference(average.to_dict(), cd, ax=ax, title=f"Nemenyi CD = {cd:.2f}")
    return save_figure(fig, out_dir, f"{stem}-cd.png")


def kappa_figures(kappa: dict[str, dict[str, np.ndarray]], out_dir: Path, stem: str) -> list[str]:
    """Draw one row of kappa-error diagrams per data set, H- beside N-; the files' names.

    ``kappa``: data set -> method -> its kappa-error points (one row per pair of
    members: kappa, mean error); a panel for each H- method whose N- version is there.

    Examples
    --------
    >>> import tempfile
    >>> rng = np.random.default_rng(0)
    >>> points = {"H-P-Bagging": rng.random((45, 2)), "N-P-Bagging": rng.random((45, 2))}
    >>> kappa_figures({"iris": points}, Path(tempfile.mkdtemp()), "demo")
    ['demo-kappa-iris.png']
    """
    from matplotlib.figure import Figure

    from ...reporting.plots import plot_kappa_error

    names = []
    for dataset, points in kappa.items():
        pairs = [(m, "N-" + family(m)) for m in points if m.startswith("H-")]
        pairs = [p for p in pairs if p[1] in points]
        fig = Figure(figsize=(5 * len(pairs), 4))
        axes = np.atleast_1d(fig.subplots(1, len(pairs)))
        for ax, (h, n) in zip(axes, pairs):
            plot_kappa_error({n: points[n], h: points[h]}, ax=ax)
            ax.set_title(f"{dataset}: {family(h)}")
        fig.tight_layout()
        names.append(save_figure(fig, out_dir, f"{stem}-kappa-{dataset}.png"))
    return names
