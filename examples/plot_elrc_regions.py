"""
ELRC: regional classifiers and their regions
============================================

Lee, Na, Oh & Yang's *Ensemble Learning of Regional Classifiers* grows a tree of
regions. At each node the candidate learners (an SVM, naive Bayes and C4.5 in the
paper) are compared by cross-validation on the node's region and the best one is
fitted there; the region is then cut in two halves of nearly equal size on the
feature with the best balanced-entropy score. A new point is classified by the
weighted vote of the classifiers on its path from the root to its leaf, each weighted
by how much better it does on its region than its parent did.
"""

# %%
# A tree of three levels on Cone-Torus
# ------------------------------------
import matplotlib.pyplot as plt
import numpy as np

from ensemble_lab.datasets import make_cone_torus
from ensemble_lab.learners import make_learner
from ensemble_lab.methods import ELRCClassifier

X_train, y_train = make_cone_torus(400, random_state=0)
X_test, y_test = make_cone_torus(400, random_state=1)
elrc = ELRCClassifier(("smo", "nb", "j48"), max_depth=3, random_state=0).fit(X_train, y_train)
print(f"ELRC test accuracy: {elrc.score(X_test, y_test):.3f}")
for name in ("smo", "nb", "j48"):
    single = make_learner(name).fit(X_train, y_train)
    print(f"{name:>4} alone:        {single.score(X_test, y_test):.3f}")

# %%
# :meth:`~ensemble_lab.methods.ELRCClassifier.export_text` prints the tree: each
# region's rule, size and weight, the chosen learner and every candidate's
# cross-validated accuracy (the chosen one starred).
print(elrc.export_text(feature_names=["x1", "x2"]))

# %%
# The leaves and the decision
# ---------------------------
# Left: the plane coloured by the leaf a point falls in
# (:meth:`~ensemble_lab.methods.ELRCClassifier.apply`), each leaf labelled with the
# learner its region chose. Right: the ensemble's decision regions.
axis_x = np.linspace(X_train[:, 0].min() - 0.5, X_train[:, 0].max() + 0.5, 200)
axis_y = np.linspace(X_train[:, 1].min() - 0.5, X_train[:, 1].max() + 0.5, 200)
xx, yy = np.meshgrid(axis_x, axis_y)
grid = np.column_stack([xx.ravel(), yy.ravel()])
leaves = elrc.apply(grid)
leaf_ids = np.unique(leaves)

fig, axes = plt.subplots(1, 2, figsize=(11, 4.6), sharey=True)
axes[0].contourf(
    xx,
    yy,
    np.searchsorted(leaf_ids, leaves).reshape(xx.shape),
    levels=np.arange(len(leaf_ids) + 1) - 0.5,
    cmap="Pastel1",
)
for leaf in leaf_ids:
    inside = grid[leaves == leaf]
    node = elrc.nodes_[leaf]
    axes[0].annotate(node.learner, inside.mean(axis=0), ha="center", fontsize=9, weight="bold")
axes[0].scatter(*X_train.T, c=y_train, cmap="viridis", s=4)
axes[0].set_title(f"{len(leaf_ids)} regions and their learners")
axes[1].contourf(
    xx,
    yy,
    elrc.predict(grid).reshape(xx.shape),
    levels=[-0.5, 0.5, 1.5, 2.5],
    cmap="viridis",
    alpha=0.35,
)
axes[1].scatter(*X_test.T, c=y_test, cmap="viridis", s=4)
axes[1].set_title(f"ELRC's decision (test accuracy {elrc.score(X_test, y_test):.3f})")
plt.tight_layout()
