"""
Running an experiment from Python, and reading its store with pandas
====================================================================

An *experiment* is data sets × methods × a resampling protocol, with a seed. Each
(data set, method, repetition, fold) is a *task*; every finished task is committed at
once to a SQLite *results store*, so a stopped run resumes where it stopped. This
example builds a small experiment in Python (the same thing a TOML file describes),
runs it, and reads the store back as a tidy pandas table.
"""

# %%
# The experiment
# --------------
# Four methods by the names of the papers' tables (``ensemble-lab methods`` lists
# them) and one scikit-learn pipeline, on four small data sets shipped with the
# package, with one stratified 5-fold cross-validation. Two of the data sets have
# nominal attributes and missing values: the paper methods take them as they are,
# and :class:`~ensemble_lab.learners.MixedEncoder` (imputation and one-hot encoding)
# lets any scikit-learn estimator take them too.
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.pipeline import make_pipeline

from ensemble_lab.evaluation import (
    ExperimentConfig,
    MethodSpec,
    StratifiedKFold,
    load_results,
    run_experiment,
)
from ensemble_lab.learners import MixedEncoder

pd.set_option("display.width", 120)

config = ExperimentConfig(
    name="small",
    datasets=("breast-cancer", "heart-statlog", "iris", "vote"),
    methods=(
        MethodSpec("J48", name="J48"),
        MethodSpec("Bagging", name="N-P-Bagging"),  # ten bagged C4.5 trees
        MethodSpec("Bagging + oracle", name="H-P-Bagging"),
        MethodSpec("AdaBoost.M1", name="N-P-AdaBoostM1 (W)"),
        MethodSpec.from_estimator(
            "sklearn forest", make_pipeline(MixedEncoder(), RandomForestClassifier(50))
        ),
    ),
    protocol=StratifiedKFold(n_folds=5),
    seed=1,
    baseline="J48",
)
store = Path(tempfile.mkdtemp()) / "results.db"
summary = run_experiment(config, store, n_jobs=1)
print(f"{summary.done} tasks run, {summary.failed} failed, {summary.elapsed:.1f} s")

# %%
# Running it again runs nothing: every task is already stored. (Adding a data set or
# a method to the configuration would run only the new tasks.)
again = run_experiment(config, store)
print(f"{again.skipped} tasks already stored, {again.done} run")

# %%
# The tidy table
# --------------
# :func:`~ensemble_lab.evaluation.load_results` gives one row per task: accuracy, CPU
# and wall times of fit and predict, ensemble size.
results = load_results(store, "small")
print(results.columns.tolist())
print(results[["dataset", "method", "fold", "accuracy", "fit_cpu", "ensemble_size"]].head())

# %%
# From there it is pandas: the mean accuracy per data set and method ...
table = results.pivot_table(index="dataset", columns="method", values="accuracy")
print((100 * table).round(1))

# %%
# ... or the store read with plain SQL, since it is an ordinary SQLite file.
import sqlite3

with sqlite3.connect(store) as connection:
    per_method = pd.read_sql(
        "SELECT method, AVG(fit_cpu) AS fit_cpu, AVG(ensemble_size) AS members "
        "FROM results GROUP BY method ORDER BY fit_cpu",
        connection,
    )
print(per_method)

# %%
# Accuracy fold by fold
# ---------------------
ax = results.boxplot(column="accuracy", by="method", rot=20, figsize=(8, 4))
ax.set(title="accuracy per fold, all four data sets", xlabel="", ylabel="accuracy")
plt.suptitle("")
plt.tight_layout()
