"""
Aggressive, conservative and inverse boosting: error and diversity
==================================================================

Kuncheva & Whitaker (2002) run AdaBoost by resampling with three weight updates:
*aggressive* (AdaBoost.M1: raise the weights of the errors, lower the others),
*conservative* (raise the errors only) and *inverse* (lower the errors: the ensemble
concentrates on the easy points). They follow the ensemble as it grows, member by
member, with its error and the diversity measure Q averaged over pairs of members
(Q = 1: the members are right and wrong together), hoping to see where adding members
stops helping.
"""

# %%
# Three variants on Cone-Torus with a quadratic classifier
# --------------------------------------------------------
# :class:`~ensemble_lab.methods.BoostingClassifier` records the training curves while it
# fits (``train_error_``, ``train_q_``) and computes the same curves on any other data
# with :meth:`~ensemble_lab.methods.BoostingClassifier.stage_curves`.
import matplotlib.pyplot as plt

from ensemble_lab.datasets import make_cone_torus
from ensemble_lab.learners import make_learner
from ensemble_lab.methods import BoostingClassifier
from ensemble_lab.reporting.plots import plot_error_q_curves, plot_weight_scatter

X_train, y_train = make_cone_torus(400, random_state=0)
X_test, y_test = make_cone_torus(400, random_state=1)
variants = {}
for update in ("aggressive", "conservative", "inverse"):
    variants[update] = BoostingClassifier(
        make_learner("qda"), 25, update=update, store_weights=True, random_state=0
    ).fit(X_train, y_train)

fig, axes = plt.subplots(2, 3, figsize=(12, 6), sharex=True, sharey="row")
for column, (update, model) in enumerate(variants.items()):
    test = model.stage_curves(X_test, y_test)
    plot_error_q_curves(
        model.train_error_,
        test.error,
        model.train_q_,
        test.q,
        axes=axes[:, column],
        title=f"{update} boosting",
    )
    print(
        f"{update:>12}: {len(model.estimators_)} members, test error {test.error[-1]:.3f}, "
        f"test Q {test.q[-1]:.3f}"
    )
plt.tight_layout()

# %%
# The dotted line marks the k ≥ 2 of lowest training Q: the stopping point the paper
# suggests (``BoostingClassifier(early_stopping=True)`` keeps only those members).
#
# Where the weight goes
# ---------------------
# The final sampling weights, light for heavy points. Aggressive and conservative
# boosting pile the weight on the points near the class boundaries; inverse boosting
# takes it away from them, which is why its members all look alike (Q near 1).
fig, axes = plt.subplots(1, 3, figsize=(12, 4), sharey=True)
for ax, (update, model) in zip(axes, variants.items()):
    plot_weight_scatter(X_train, model.sample_weights_history_[-1], ax=ax, title=update)
plt.tight_layout()
