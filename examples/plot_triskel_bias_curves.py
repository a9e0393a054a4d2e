"""
Triskel's ROC bias curves
=========================

Khoussainov, Heß & Kushmerick (2005, Section 5) read Triskel in ROC space. Biasing a
classifier towards high precision on the positive class moves it from the unbiased
point *h* towards (0, 0); biasing it towards the negative class moves it towards
(1, 1). The two paths are the *bias curves*. A pair (h⁺, h⁻) leaves the instances
they disagree on to the later rounds, and those instances' ROC space is the rectangle
with corners h⁺ and h⁻, nested inside the outer one. Triskel gains where the curves
bend away from *h*'s accuracy line — where the ROC curve has a concavity.
"""

# %%
# Bias curves of a linear SVM on the layered cake
# -----------------------------------------------
# :func:`~ensemble_lab.methods.bias_curves` trains h⁺ and h⁻ at each bias value (here
# by oversampling the other class) and places them in the training ROC space;
# :func:`~ensemble_lab.methods.best_bias_pair` picks the pair whose single-round Triskel
# is most accurate on the training set.
import matplotlib.pyplot as plt
import numpy as np

from ensemble_lab.datasets import load, make_layered_cake
from ensemble_lab.learners import make_learner
from ensemble_lab.methods import Oversample, Threshold, best_bias_pair, bias_curves
from ensemble_lab.reporting.plots import plot_bias_curves

X, y = make_layered_cake(400, random_state=0)
biases = np.round(np.arange(0.0, 0.91, 0.1), 2)
cake = bias_curves(make_learner("smo"), X, y, biases=biases, strategy=Oversample(), random_state=0)
pair = best_bias_pair(cake)
print(
    f"best pair on the cake: h+ at {pair.bias_plus}, h- at {pair.bias_minus}, "
    f"training accuracy {pair.accuracy:.3f} (the SVM alone: {cake.h_accuracy:.3f})"
)

# %%
# The same on a convex problem
# ----------------------------
# On the two classes of ``diabetes`` (Pima) the SVM's ROC curve has no deep concavity:
# biasing by moving the SVM's threshold (:class:`~ensemble_lab.methods.Threshold`)
# slides it along its curve, and no pair beats its accuracy line by much.
X_pima, y_pima = load("diabetes")
pima = bias_curves(make_learner("smo"), X_pima, y_pima, biases=biases, strategy=Threshold())
pima_pair = best_bias_pair(pima)
print(
    f"best pair on diabetes: ({pima_pair.bias_plus}, {pima_pair.bias_minus}), "
    f"accuracy {pima_pair.accuracy:.3f} (the SVM alone: {pima.h_accuracy:.3f})"
)

fig, axes = plt.subplots(1, 2, figsize=(10, 5))
plot_bias_curves(cake, pair=(pair.bias_plus, pair.bias_minus), ax=axes[0])
axes[0].set_title("layered cake, oversampling")
plot_bias_curves(pima, pair=(pima_pair.bias_plus, pima_pair.bias_minus), ax=axes[1])
axes[1].set_title("diabetes, threshold")
plt.tight_layout()
