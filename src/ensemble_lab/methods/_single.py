"""The single base learners by the names the papers' tables give them."""

from __future__ import annotations

from sklearn.base import clone

from ..base import resolve_estimator
from ._registry import register


def _single_learner(preset: str):
    """Factory of one preset; ``base`` may replace the learner altogether."""

    def factory(base=None, random_state=None, **params):
        learner = clone(resolve_estimator(base, default=preset))
        if params:
            learner.set_params(**params)
        if random_state is not None:
            keys = [k for k in learner.get_params(deep=True) if k.split("__")[-1] == "random_state"]
            learner.set_params(**dict.fromkeys(keys, random_state))
        return learner

    return factory


# name in the tables, preset, aliases, paper that names it
_SINGLE = [
    ("J48", "j48", ("C4.5",), "003"),
    ("J48-unpruned", "j48-unpruned", ("J48 (unpruned)", "C4.5-unpruned"), None),
    ("SMO", "smo", ("SVM",), "000"),
    ("NB", "nb", ("NaiveBayes", "Naive Bayes"), "004"),
    ("QDA", "qda", (), "002"),
    ("MLP", "mlp", (), "002"),
    ("RBF-SVM", "rbf-svm", (), "003"),
]
for _name, _preset, _aliases, _paper in _SINGLE:
    register(_name, _single_learner(_preset), aliases=_aliases, paper=_paper)
