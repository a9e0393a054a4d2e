"""
The base learners: Weka's J48, SMO and naive Bayes, as scikit-learn estimators
==============================================================================

The papers ran their ensembles in Weka 3.6, with C4.5 (J48), SMO and naive Bayes as
base learners. ensemble-lab's presets make the same predictions as those Weka
learners (the tests in ``tests/weka`` compare them prediction by prediction with Weka
itself), and take what Weka takes: nominal attributes and missing values, in a pandas
DataFrame with ``category`` columns.
"""

# %%
# The presets
# -----------
# :func:`~ensemble_lab.learners.make_learner` builds a preset by name; keyword
# arguments set its parameters (Weka's options have their names in the docstrings).
import matplotlib.pyplot as plt
import pandas as pd
from sklearn.model_selection import StratifiedKFold, cross_val_score

from ensemble_lab.datasets import load
from ensemble_lab.learners import learner_names, make_learner

print(learner_names())
X, y = load("breast-cancer")  # nine nominal attributes, some values missing
print(
    X.dtypes.astype(str).value_counts().to_string(), "\nmissing values:", int(X.isna().sum().sum())
)

# %%
# Ten-fold accuracy of each preset on three data sets of mixed types
# ------------------------------------------------------------------
cv = StratifiedKFold(10, shuffle=True, random_state=0)
presets = ["j48", "j48-unpruned", "j48-binary", "nb", "smo"]
rows = {}
for name in ["breast-cancer", "heart-statlog", "vote"]:
    X, y = load(name)
    rows[name] = {p: cross_val_score(make_learner(p), X, y, cv=cv).mean() for p in presets}
accuracy = pd.DataFrame(rows).T
print((100 * accuracy).round(1).to_string())
ax = (100 * accuracy).plot.bar(figsize=(8, 3.5), rot=0, ylim=(60, 100), width=0.8)
ax.set(ylabel="10-fold CV accuracy, %")
ax.legend(ncol=5, fontsize=8, loc="upper left")
plt.tight_layout()

# %%
# Pruning: the size of J48's tree
# -------------------------------
# Error-based pruning at confidence 0.25 (Weka's default ``-C 0.25``) against the
# unpruned tree (``-U``), and how the tree shrinks as the confidence falls. The
# fitted tree reports Weka's "Size of the tree" and "Number of Leaves" as
# ``n_nodes_`` and ``n_leaves_``.
X, y = load("breast-cancer")
sizes = {
    c: make_learner("j48", confidence_factor=c).fit(X, y).n_nodes_ for c in (0.05, 0.1, 0.25, 0.5)
}
unpruned = make_learner("j48-unpruned").fit(X, y)
fig, ax = plt.subplots(figsize=(5, 3))
ax.plot(list(sizes), list(sizes.values()), "o-", label="pruned, by confidence factor")
ax.axhline(unpruned.n_nodes_, color="tab:red", ls="--", label="unpruned (-U)")
ax.set(xlabel="confidence factor (-C)", ylabel="nodes", title="J48 on breast-cancer")
ax.legend()
plt.tight_layout()
