"""
Accuracy against training time, from a committed results store
==============================================================

Khoussainov, Heß & Kushmerick (2005, Figure 2) compare Triskel with AdaBoost of SMO
not only by accuracy but by what the accuracy costs: the mean accuracy of each
ensemble against its mean training time. This example draws that plot from the
results store the repository's Triskel reproduction committed
(``experiments/results/triskel.db``: 15 data sets, ten 10-fold cross-validations,
the paper's protocol), without fitting anything.
"""

# %%
# The committed store
# -------------------
# The gallery runs from the repository's ``examples/`` folder; the stores are in
# ``experiments/results/`` beside it.
import shutil
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt

from ensemble_lab.evaluation import ResultsStore, load_results
from ensemble_lab.reporting.plots import plot_accuracy_vs_time

# Reading opens the store as a results store (which may set its journal mode), so
# the example reads a copy and leaves the committed file untouched.
store = Path(tempfile.mkdtemp()) / "triskel.db"
shutil.copyfile(Path("..", "experiments", "results", "triskel.db"), store)
print(ResultsStore(store).experiments()[["name", "tasks", "failed"]].to_string(index=False))
results = load_results(store, "triskel")
print(
    f"{len(results)} tasks, {results.dataset.nunique()} data sets, methods: "
    f"{', '.join(sorted(results.method.unique()))}"
)

# %%
# The trade-off
# -------------
# One point per method: mean accuracy over the data sets (of the per-data-set means)
# against the mean fit CPU time per fold, on a log scale. Up and to the left is
# better. The paper's claim is that the Triskel points lie above the line through the
# AdaBoost points.
paper_methods = [
    "SMO",
    "AdaBoost-3",
    "AdaBoost-10",
    "AdaBoost-50",
    "Triskel-M1",
    "Triskel-1",
    "Triskel-W2",
    "Triskel-W4",
]
shown = results[results.method.isin(paper_methods)]
fig, ax = plt.subplots(figsize=(7, 5))
plot_accuracy_vs_time(shown, ax=ax)
per_method = (
    shown.groupby(["method", "dataset"])[["accuracy", "fit_cpu"]].mean().groupby("method").mean()
)
boosting = per_method.loc[["AdaBoost-3", "AdaBoost-10", "AdaBoost-50"]].sort_values("fit_cpu")
ax.plot(boosting.fit_cpu, 100 * boosting.accuracy, color="tab:red", lw=1, label="AdaBoost line")
ax.legend()
plt.tight_layout()

# %%
# The same numbers as a table (accuracy in %, time in seconds):
print(per_method.assign(accuracy=lambda t: 100 * t.accuracy).round(3).sort_values("fit_cpu"))
