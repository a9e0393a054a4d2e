"""Figures for comparing classifiers and for the papers' pictures.

Each function draws on ``ax=None`` (or ``axes=None``: a new figure when None) and
returns what it drew on, so a figure can be composed of several:

* comparing methods over data sets: :func:`plot_critical_difference` (Demšar's
  critical-difference diagram, with :func:`cd_cliques`), :func:`plot_error_vs_error`,
  :func:`plot_accuracy_vs_time`;
* diversity: :func:`plot_kappa_error` (kappa-error diagrams, Margineantu & Dietterich);
* Triskel's ROC analysis: :func:`plot_bias_curves`, :func:`plot_embedded_roc_space`;
* boosting as it grows: :func:`plot_error_q_curves`, :func:`plot_q_trajectories`,
  :func:`plot_weight_scatter`.
"""

from ensemble_lab.reporting._boosting_plots import (
    plot_error_q_curves,
    plot_q_trajectories,
    plot_weight_scatter,
)
from ensemble_lab.reporting._cd_diagram import cd_cliques, plot_critical_difference
from ensemble_lab.reporting._comparison_plots import plot_accuracy_vs_time, plot_error_vs_error
from ensemble_lab.reporting._kappa_error_plot import plot_kappa_error
from ensemble_lab.reporting._roc_plots import plot_bias_curves, plot_embedded_roc_space

__all__ = [
    "cd_cliques",
    "plot_accuracy_vs_time",
    "plot_bias_curves",
    "plot_critical_difference",
    "plot_embedded_roc_space",
    "plot_error_q_curves",
    "plot_error_vs_error",
    "plot_kappa_error",
    "plot_q_trajectories",
    "plot_weight_scatter",
]
