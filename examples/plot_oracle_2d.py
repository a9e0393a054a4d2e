"""
The random linear oracle in two dimensions
==========================================

Kuncheva & Rodríguez (2007) replace each member of an ensemble by a *mini-ensemble*: a
random hyperplane splits the input space in two, and one classifier is trained on
each side. This example repeats their 2-D illustration (Section IV, Figs. 3 and 4):
bagging of a linear classifier, with and without the oracle, on a task whose optimal
boundary is a wave.

Without the oracle every member is a line, and so is their vote. With it, each member
is two lines glued along a random cut, so the ensemble can follow the wave.
"""

# %%
# Data: 400 training and 4000 test points
# ---------------------------------------
import matplotlib.pyplot as plt
import numpy as np
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.ensemble import BaggingClassifier

from ensemble_lab.datasets import make_oracle_2d, oracle_2d_boundary
from ensemble_lab.diversity import kappa_error_points
from ensemble_lab.methods import RandomLinearOracle
from ensemble_lab.reporting.plots import plot_kappa_error

X_train, y_train = make_oracle_2d(400, random_state=0)
X_test, y_test = make_oracle_2d(4000, random_state=1)

# %%
# Two bagging ensembles of 11 linear discriminants
# ------------------------------------------------
# The same bootstrap samples (the same ``random_state``) for both; in the second each
# member is a :class:`~ensemble_lab.methods.RandomLinearOracle` around the
# discriminant.
lda = LinearDiscriminantAnalysis()
ensembles = {
    "bagging": BaggingClassifier(lda, n_estimators=11, random_state=0),
    "bagging + oracle": BaggingClassifier(RandomLinearOracle(lda), n_estimators=11, random_state=0),
}
for name, ensemble in ensembles.items():
    ensemble.fit(X_train, y_train)
    print(f"{name:>17}: test error {1 - ensemble.score(X_test, y_test):.3f}")

# %%
# Decision regions
# ----------------
# The dashed curve is the optimal boundary. The third panel is a single member of the
# oracle ensemble: two discriminants, each used on its side of a random cut, so its
# regions bend where the cut runs.
grid = np.linspace(0, 1, 200)
xx, yy = np.meshgrid(grid, grid)
cells = np.column_stack([xx.ravel(), yy.ravel()])
one_member = ensembles["bagging + oracle"].estimators_[0]
panels = [*ensembles.items(), ("one oracle member", one_member)]

fig, axes = plt.subplots(1, 3, figsize=(12, 4.2), sharey=True)
for ax, (name, model) in zip(axes, panels):
    regions = model.predict(cells).reshape(xx.shape)
    ax.contourf(xx, yy, regions, levels=[-0.5, 0.5, 1.5], colors=["#d6e4f0", "#f6dcc8"])
    ax.scatter(*X_train.T, c=y_train, cmap="coolwarm", s=6)
    ax.plot(grid, oracle_2d_boundary(grid), "k--", lw=1.2)
    ax.set(xlim=(0, 1), ylim=(0, 1), aspect="equal")
    ax.set_title(f"{name}\ntest error {1 - model.score(X_test, y_test):.3f}")
plt.tight_layout()

# %%
# The kappa-error diagram
# -----------------------
# One point per pair of members: their agreement κ on the test set (left is more
# diverse) against their mean error. The oracle moves the cloud down *and* left —
# members that are more accurate and more diverse at once, the paper's Fig. 4.
points = {name: kappa_error_points(e, X_test, y_test) for name, e in ensembles.items()}
ax = plot_kappa_error(points)
ax.figure.set_size_inches(5, 4)
for name, p in points.items():
    print(f"{name:>17}: mean kappa {np.nanmean(p[:, 0]):.3f}, mean error {p[:, 1].mean():.3f}")
