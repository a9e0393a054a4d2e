"""
Triskel on the layered cake, round by round
===========================================

The "layered cake" of Khoussainov, Heß & Kushmerick (2005, Figure 1) is four
horizontal bands of alternating class. A linear SVM misclassifies a whole band, and
boosting it does not help: every round keeps failing on the two middle bands.

Triskel trains, in each round, a *pair* of biased classifiers: h⁺ with high precision
on the positive class, h⁻ on the negative one. Where the two agree the round decides;
the rest (the *hard* instances) goes on to the next round, and after the last round
an unbiased *arbiter* decides what is left. Three lines can cut the cake.
"""

# %%
# The cake and three learners
# ---------------------------
import matplotlib.pyplot as plt
import numpy as np

from ensemble_lab.datasets import make_layered_cake
from ensemble_lab.learners import make_learner
from ensemble_lab.methods import TriskelClassifier, make

X, y = make_layered_cake(400, random_state=0)
svm = make_learner("smo").fit(X, y)  # Weka's SMO: a linear SVM
boosted = make("AdaBoost-50", random_state=0).fit(X, y)  # the paper's AdaBoost of SMO
# two rounds; each round's bias pair is read from the training-set bias curves
triskel = TriskelClassifier("smo", n_rounds=2, bias="auto", random_state=0).fit(X, y)
for name, model in [("linear SVM", svm), ("AdaBoost-50 of the SVM", boosted), ("Triskel", triskel)]:
    print(f"{name:>22}: training accuracy {model.score(X, y):.3f}")

# %%
# Who decides where
# -----------------
# :meth:`~ensemble_lab.methods.TriskelClassifier.round_votes` gives what each round's
# pair and the arbiter say about any point. A round decides the points where its pair
# agrees and no earlier pair did (white: passed on to the next stage).
axis = np.linspace(0, 1, 150)
xx, yy = np.meshgrid(axis, axis)
grid = np.column_stack([xx.ravel(), yy.ravel()])
pairs, arbiter = triskel.round_votes(grid)
open_ = np.ones(len(grid), dtype=bool)
stages = []
for plus, minus in pairs:
    decides = open_ & (plus == minus)
    stages.append(np.where(decides, plus, np.nan))
    open_ &= ~decides
stages.append(np.where(open_, arbiter, np.nan))
titles = [f"round {t}: h⁺ and h⁻ agree" for t in range(1, len(pairs) + 1)] + ["arbiter"]


def paint(ax, labels, title):
    """The grid coloured by ``labels`` (NaN left white), the training points on top."""
    z = np.asarray(labels, dtype=float).reshape(xx.shape)
    ax.contourf(xx, yy, z, levels=[-0.5, 0.5, 1.5], colors=["#d6e4f0", "#f6dcc8"])
    ax.scatter(*X.T, c=np.where(y == 1, "#c0504d", "#1f5f9f"), s=4)
    ax.set(xticks=[], yticks=[], title=title)


fig, axes = plt.subplots(1, len(stages) + 2, figsize=(3 * (len(stages) + 2), 3.4))
paint(axes[0], svm.predict(grid), f"linear SVM\n{svm.score(X, y):.3f}")
for ax, stage, title in zip(axes[1:], stages, titles):
    paint(ax, stage, title)
paint(axes[-1], triskel.predict(grid), f"Triskel, all stages\n{triskel.score(X, y):.3f}")
plt.tight_layout()

# %%
# The bias pairs each round chose are kept on the fitted cascade:
print("bias pair (h⁺, h⁻) of each round:", triskel.estimators_[0].biases)
#
# A pair of (0, 0) is the unbiased learner twice: its two members agree everywhere,
# so that round decides everything still open and leaves nothing to the arbiter.
