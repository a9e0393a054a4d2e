"""
Your own data: CSV files, data frames and ARFF
==============================================

The methods take a pandas DataFrame whose nominal attributes are ``category`` columns
and whose missing values are NaN, as Weka takes an ARFF file. The readers of
:mod:`ensemble_lab.datasets` produce exactly that from a CSV file
(:func:`~ensemble_lab.datasets.load_csv`), an ARFF file
(:func:`~ensemble_lab.datasets.load_arff`), any data frame
(:func:`~ensemble_lab.datasets.as_frame`) or OpenML
(:func:`~ensemble_lab.datasets.load_openml`, through scikit-learn, when online).
"""

# %%
# A CSV file with a nominal column written as numbers
# ---------------------------------------------------
# ``grade`` holds the numbers 1–3 but means three categories: ``nominal`` says so.
# ``?`` and empty cells are missing values.
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.model_selection import cross_val_score

from ensemble_lab.datasets import load_arff, load_csv, save_arff
from ensemble_lab.methods import make

rng = np.random.default_rng(0)
n = 300
frame = pd.DataFrame(
    {
        "size": rng.normal(10, 3, n).round(2),
        "grade": rng.integers(1, 4, n),
        "colour": rng.choice(["red", "green", "blue"], n),
    }
)
frame["label"] = np.where((frame["size"] > 10) ^ (frame["grade"] == 2), "yes", "no")
frame.loc[rng.choice(n, 20, replace=False), "colour"] = "?"
folder = Path(tempfile.mkdtemp())
frame.to_csv(folder / "mine.csv", index=False)

X, y = load_csv(folder / "mine.csv", target="label", nominal=["grade"])
print(X.dtypes.astype(str).to_string())
print("missing colours:", int(X["colour"].isna().sum()))

# %%
# Any method of the papers, as it is
# ----------------------------------
scores = {
    name: cross_val_score(make(name, random_state=0), X, y, cv=5).mean()
    for name in ("J48", "NB", "Triskel-W2", "H-P-Bagging", "ELRC")
}
fig, ax = plt.subplots(figsize=(6, 3))
ax.barh(list(scores), [100 * s for s in scores.values()], color="tab:blue")
ax.set(xlabel="5-fold CV accuracy, %", xlim=(50, 100), title="mine.csv")
plt.tight_layout()

# %%
# Saved as ARFF, read back the same
# ---------------------------------
# :func:`~ensemble_lab.datasets.save_arff` writes a file Weka reads, with the nominal
# attributes declared; :func:`~ensemble_lab.datasets.load_arff` reads it back
# identical.
save_arff(X.assign(label=y.astype("category")), folder / "mine.arff", relation="mine")
X2, y2 = load_arff(folder / "mine.arff")
print((folder / "mine.arff").read_text().splitlines()[:6])
print("identical:", X2.equals(X) and (y2 == y).all())
