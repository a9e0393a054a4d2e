"""
Projection boosting: what each member sees
==========================================

García-Osorio & García-Pedrajas (2008) keep boosting's idea — put the effort where the
previous member failed — but instead of reweighting the data they *project* it. At step
t, the instances S' that member t − 1 misclassifies are used to fit a supervised linear
projection (HDA or NDA); member t is trained on all the data, seen through that
projection. Each member therefore looks at the data from the angle that best separates
its predecessor's mistakes.
"""

# %%
# An ensemble on ``vehicle``
# --------------------------
# Four classes of vehicle silhouettes, 18 numeric features. The default projection is
# :class:`~ensemble_lab.projections.HDA` and the default member is C4.5 (``"j48"``).
import matplotlib.pyplot as plt
import numpy as np
from sklearn.model_selection import train_test_split

from ensemble_lab.datasets import load
from ensemble_lab.methods import ProjectionBoostingClassifier, WekaAdaBoostM1

X, y = load("vehicle")
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, stratify=y, random_state=0)
pb = ProjectionBoostingClassifier(n_estimators=10, projection="hda", random_state=0)
pb.fit(X_train, y_train)
ada = WekaAdaBoostM1("j48", n_estimators=10, random_state=0).fit(X_train, y_train)
print(f"projection boosting (HDA, 10 C4.5): test accuracy {pb.score(X_test, y_test):.3f}")
print(f"AdaBoost.M1 (10 C4.5):              test accuracy {ada.score(X_test, y_test):.3f}")
print("projections:", pb.projections_used_)

# %%
# Each member's view
# ------------------
# The training set through the first two directions of each step's projection,
# coloured by class; circled: S', the instances the previous member got wrong, which
# the projection was fitted on. The first member sees the original features (the two
# first columns are shown).
members = pb.member_predictions(X_train)
Z = pb.encoder_.transform(X_train.to_numpy())  # the space the projections were fitted in
classes = np.unique(y_train)
colour = np.searchsorted(classes, np.asarray(y_train))
fig, axes = plt.subplots(1, 4, figsize=(14, 3.8))
for t, ax in enumerate(axes):
    view = Z if pb.projections_[t] is None else pb.projections_[t].transform(Z)
    ax.scatter(view[:, 0], view[:, 1], c=colour, cmap="tab10", s=5, vmin=0, vmax=9)
    if t > 0:
        wrong = members[t - 1] != np.asarray(y_train)
        ax.scatter(view[wrong, 0], view[wrong, 1], facecolors="none", edgecolors="k", s=25, lw=0.5)
        title = (
            f"member {t}: {pb.projections_used_[t]} of S' ({wrong.sum()} errors of member {t - 1})"
        )
    else:
        title = "member 0: the original features"
    ax.set(title=title, xticks=[], yticks=[])
    ax.title.set_fontsize(8)
plt.tight_layout()

# %%
# Training error of each member on the whole training set (``train_errors_``): each
# member is a full classifier, not a weak one, and the vote is unweighted.
fig, ax = plt.subplots(figsize=(5, 3))
ax.bar(np.arange(len(pb.train_errors_)), pb.train_errors_, color="tab:blue")
ax.set(xlabel="member t", ylabel="training error", title="members of projection boosting")
plt.tight_layout()
