"""The single base learners by the names the papers' tables give them."""

from __future__ import annotations

from sklearn.base import clone

from .._members import seed_random_states
from ..learners import resolve_estimator
from ._registry import register


def _single_learner(preset: str):
    """Factory of one preset; ``base`` may replace the learner altogether."""

    def factory(base=None, random_state=None, **params):
        learner = clone(resolve_estimator(base, default=preset))
        if params:
            learner.set_params(**params)
        if random_state is not None:
            seed_random_states(learner, random_state)
        return learner

    return factory


# name in the tables, preset, aliases, paper that names it, what it is
_SINGLE = [
    ("J48", "j48", ("C4.5",), "003", "A single C4.5 tree with error-based pruning (Weka's J48)"),
    ("J48-unpruned", "j48-unpruned", ("J48 (unpruned)", "C4.5-unpruned"), None,
     "A single unpruned C4.5 tree"),
    ("SMO", "smo", ("SVM",), "000", "A single linear SVM, one-vs-one (Weka's SMO)"),
    ("NB", "nb", ("NaiveBayes", "Naive Bayes"), "004", "Naive Bayes for mixed data"),
    ("QDA", "qda", (), "002", "Regularised quadratic discriminant analysis"),
    ("MLP", "mlp", (), "002", "A multilayer perceptron, one hidden layer of 15 units"),
    ("RBF-SVM", "rbf-svm", (), "003", "A single SVM with an RBF kernel"),
]  # fmt: skip
for _name, _preset, _aliases, _paper, _what in _SINGLE:
    register(_name, _single_learner(_preset), aliases=_aliases, paper=_paper, description=_what)
