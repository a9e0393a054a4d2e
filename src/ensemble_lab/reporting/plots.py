"""Figures for comparing classifiers; each takes ``ax=None`` and returns the Axes."""

from ensemble_lab.reporting._cd_diagram import cd_cliques, plot_critical_difference
from ensemble_lab.reporting._comparison_plots import plot_accuracy_vs_time, plot_error_vs_error

__all__ = [
    "cd_cliques",
    "plot_accuracy_vs_time",
    "plot_critical_difference",
    "plot_error_vs_error",
]
