"""Figures for comparing classifiers; each takes ``ax=None`` and returns the Axes."""

from ensemble_lab.reporting._cd_diagram import cd_cliques, plot_critical_difference

__all__ = ["cd_cliques", "plot_critical_difference"]
