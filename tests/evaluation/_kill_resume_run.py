"""Run the kill-and-resume experiment into the SQLite file given as first argument.

Used by ``test_kill_resume.py`` as a subprocess that is killed mid-run.
"""

import sys

from sklearn.datasets import make_classification
from sklearn.ensemble import BaggingClassifier
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.evaluation import ExperimentConfig, MethodSpec, RepeatedCV, run_experiment


def make_config() -> ExperimentConfig:
    return ExperimentConfig(
        name="kill-resume",
        datasets=("synthetic",),
        methods=(
            MethodSpec.from_estimator("tree", DecisionTreeClassifier()),
            MethodSpec.from_estimator("nb", GaussianNB()),
            MethodSpec.from_estimator(
                "bagging-10", BaggingClassifier(DecisionTreeClassifier(), n_estimators=10)
            ),
            MethodSpec.from_estimator(
                "bagging-20", BaggingClassifier(DecisionTreeClassifier(), n_estimators=20)
            ),
        ),
        protocol=RepeatedCV(n_folds=5, n_repetitions=2),
        seed=7,
        record_predictions=True,
    )


def make_data() -> dict:
    X, y = make_classification(
        n_samples=800, n_features=20, n_informative=6, n_classes=3, random_state=0
    )
    return {"synthetic": (X, y)}


if __name__ == "__main__":
    run_experiment(make_config(), sys.argv[1], data=make_data())
