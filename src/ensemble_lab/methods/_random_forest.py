"""The member of the oracle paper's Random Forest: Weka's RandomTree.

The tree itself is a base learner, :class:`~ensemble_lab.learners.RandomTreeClassifier`;
it is re-exported here for the modules that build the forest from it.
"""

from ..learners import RandomTreeClassifier, random_tree_k

__all__ = ["RandomTreeClassifier", "random_tree_k"]
