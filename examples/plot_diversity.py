"""
Diversity with and without the oracle: kappa-error diagrams and the ten measures
================================================================================

Kuncheva & Rodríguez (2007) explain the random linear oracle's gain by diversity:
with the oracle, the members of an ensemble disagree more while each stays as
accurate. Two tools show it. The *kappa-error diagram* (Margineantu & Dietterich)
plots a point per pair of members, their agreement κ against their mean error. The
*diversity measures* of Kuncheva & Whitaker (2003) summarise the whole ensemble in a
number each, from the *oracle output* matrix: which member is right on which sample.
"""

# %%
# Bagging of C4.5 on ``sonar``, with and without the oracle
# ---------------------------------------------------------
# ``N-P-Bagging`` and ``H-P-Bagging`` are the oracle paper's names: *N* no oracle, *H*
# hyperplane oracle, *P* pruned trees.
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

from ensemble_lab import diversity
from ensemble_lab.datasets import load
from ensemble_lab.methods import make
from ensemble_lab.reporting.plots import plot_kappa_error

X, y = load("sonar")
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, stratify=y, random_state=0)
ensembles = {
    name: make(name, n_estimators=25, random_state=0).fit(X_train, y_train)
    for name in ("N-P-Bagging", "H-P-Bagging")
}
for name, model in ensembles.items():
    print(f"{name}: test accuracy {model.score(X_test, y_test):.3f}")

# %%
# The kappa-error diagram
# -----------------------
points = {name: diversity.kappa_error_points(m, X_test, y_test) for name, m in ensembles.items()}
ax = plot_kappa_error(points)
ax.set_title("sonar, 25 members, test half")
ax.figure.set_size_inches(5.5, 4.5)
plt.tight_layout()

# %%
# The measures
# ------------
# :func:`~ensemble_lab.diversity.oracle_outputs` gives the (members × samples) matrix
# of right (1) and wrong (0); each measure reads it. For the pairwise measures (Q,
# correlation, disagreement, double fault, κ) the value is the mean over pairs. Q,
# correlation and κ fall with diversity; disagreement, entropy and Kohavi–Wolpert
# variance rise with it.
measures = [
    "q_statistic",
    "correlation",
    "disagreement",
    "double_fault",
    "kappa",
    "entropy",
    "kohavi_wolpert_variance",
    "interrater_agreement",
    "difficulty",
    "generalized_diversity",
    "coincident_failure_diversity",
]
table = pd.DataFrame(
    {
        name: {
            m: getattr(diversity, m)(diversity.oracle_outputs(model, X_test, y_test))
            for m in measures
        }
        for name, model in ensembles.items()
    }
)
print(table.round(3).to_string())

# %%
# Pair by pair
# ------------
# :func:`~ensemble_lab.diversity.pairwise_matrix` gives a measure for every pair of
# members: here Q, darker where a pair is more alike.
fig, axes = plt.subplots(1, 2, figsize=(9, 4))
for ax, (name, model) in zip(axes, ensembles.items()):
    q = diversity.pairwise_matrix("q_statistic", diversity.oracle_outputs(model, X_test, y_test))
    image = ax.imshow(q, vmin=-1, vmax=1, cmap="RdBu_r")
    ax.set(
        title=f"{name}: mean Q {np.nanmean(q[np.triu_indices_from(q, 1)]):.2f}",
        xlabel="member",
        ylabel="member",
    )
fig.colorbar(image, ax=axes, shrink=0.8)
