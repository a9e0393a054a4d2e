"""
A paper method inside a scikit-learn Pipeline and GridSearchCV
==============================================================

Every estimator of ensemble-lab is a scikit-learn classifier, so the usual tools work:
pipelines, cross-validation, grid search. Its parameters, including those of the base
learner inside the ensemble (and inside the oracle inside the ensemble), are reached
with scikit-learn's double-underscore names.
"""

# %%
# The nested parameters
# ---------------------
# ``make("H-P-Bagging")`` is the oracle paper's bagging of pruned C4.5 trees, each
# member a random linear oracle: Bagging → RandomLinearOracle → C4.5. The tree's
# pruning confidence is three levels down.
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.pipeline import Pipeline

from ensemble_lab.datasets import load
from ensemble_lab.learners import MixedEncoder
from ensemble_lab.methods import make

ensemble = make("H-P-Bagging", random_state=0)
print(ensemble)
print([name for name in ensemble.get_params() if name.startswith("estimator__estimator__")])

# %%
# A grid search over the ensemble and its trees
# ---------------------------------------------
# On ``heart-statlog`` (270 patients, 13 attributes): the number of members, and C4.5's
# pruning confidence (Weka's ``-C``; smaller prunes more), with a nested 5-fold CV.
X, y = load("heart-statlog")
grid = GridSearchCV(
    ensemble,
    {
        "n_estimators": [5, 10, 20],
        "estimator__estimator__confidence_factor": [0.05, 0.25, 0.5],
    },
    cv=StratifiedKFold(5, shuffle=True, random_state=0),
)
grid.fit(X, y)
print("best:", grid.best_params_, f"CV accuracy {grid.best_score_:.3f}")

scores = pd.DataFrame(grid.cv_results_["params"]).assign(
    accuracy=grid.cv_results_["mean_test_score"]
)
pivot = scores.pivot(
    index="estimator__estimator__confidence_factor", columns="n_estimators", values="accuracy"
)
fig, ax = plt.subplots(figsize=(5, 3.5))
image = ax.imshow(pivot.to_numpy(), cmap="viridis", origin="lower")
ax.set(
    xticks=range(3),
    xticklabels=pivot.columns,
    yticks=range(3),
    yticklabels=pivot.index,
    xlabel="n_estimators",
    ylabel="C4.5 confidence factor",
    title="mean CV accuracy",
)
for (i, j), value in np.ndenumerate(pivot.to_numpy()):
    ax.text(j, i, f"{value:.3f}", ha="center", va="center", color="w", fontsize=9)
fig.colorbar(image)
plt.tight_layout()

# %%
# In a Pipeline
# -------------
# The paper methods take nominal attributes and missing values as they come. A step
# in front of them is still possible: here :class:`~ensemble_lab.learners.MixedEncoder`
# imputes and one-hot encodes ``vote`` (16 yes/no attributes with missing values)
# before Triskel-W2, whose parameters are then ``triskel__...``.
X_vote, y_vote = load("vote")
pipe = Pipeline([("encode", MixedEncoder()), ("triskel", make("Triskel-W2", random_state=0))])
search = GridSearchCV(pipe, {"triskel__n_rounds": [1, 2, 3]}, cv=5).fit(X_vote, y_vote)
for rounds, score in zip(
    search.cv_results_["param_triskel__n_rounds"], search.cv_results_["mean_test_score"]
):
    print(f"Triskel with {rounds} round(s): CV accuracy {score:.3f}")
