"""ELRC: Ensemble Learning of Regional Classifiers (Lee, Na, Oh & Yang).

A binary tree of regions of the feature space. Every node holds the candidate learner
that cross-validates best on its region; a sample is classified by the weighted sum of
the class probabilities of the nodes on its root-to-leaf path.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from numbers import Integral
from typing import Any

import numpy as np
from joblib import Parallel, delayed
from sklearn.base import clone
from sklearn.dummy import DummyClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import Pipeline
from sklearn.utils import get_tags

from ..base import (
    align_proba,
    nominal_columns,
    safe_rows,
)
from ..learners import resolve_estimator
from ..utils import Interval, check_is_fitted, draw_seeds, fit_context, seed_random_states
from ._elrc_tree import ELRCNode, best_split, split_categories, split_matrix
from ._ensemble import Ensemble

__all__ = ["ELRCClassifier", "elrc_candidates"]

DEFAULT_ESTIMATORS = ("smo", "nb", "j48")


def accepts_nan(estimator) -> bool:
    """Whether a learner takes missing values.

    For a Pipeline: whether its first step does, since the later steps see its output.
    """
    if isinstance(estimator, Pipeline):
        steps = [step for _, step in estimator.steps if step not in (None, "passthrough")]
        if steps:
            return accepts_nan(steps[0])
    return bool(get_tags(estimator).input_tags.allow_nan)


def _fit_learner(estimator, X, y, seed: int):
    """Fit a seeded clone; a training set with one class gets a constant predictor of it.

    That is what any learner would answer, and many sklearn classifiers refuse one class.
    """
    if np.unique(y).size < 2:
        return DummyClassifier(strategy="prior").fit(X, y)
    return seed_random_states(clone(estimator), seed).fit(X, y)


def member_proba(estimator, X, classes: np.ndarray) -> np.ndarray:
    """Class probabilities of a fitted learner aligned onto ``classes``.

    A learner without ``predict_proba`` contributes the one-hot vector of its prediction
    (what Weka's SMO without logistic models returns as its distribution).
    """
    if hasattr(estimator, "predict_proba"):
        return align_proba(estimator.predict_proba(X), estimator.classes_, classes)
    prediction = estimator.predict(X)
    return (prediction[:, None] == classes[None, :]).astype(float)


def _run_fold(learners, X, y, train, test, seed, classes, want_proba):
    """Fit every candidate on ``train`` and score it on ``test``.

    Per candidate, return (correct count on ``test``, test probabilities or None).
    """
    X_train, y_train, X_test = safe_rows(X, train), y[train], safe_rows(X, test)
    out = []
    for learner in learners:
        model = _fit_learner(learner, X_train, y_train, seed)
        correct = int((model.predict(X_test) == y[test]).sum())
        out.append((correct, member_proba(model, X_test, classes) if want_proba else None))
    return out


def _run_full(estimator, X, y, seed):
    """Fit on the whole region; return the model and its training predictions."""
    model = _fit_learner(estimator, X, y, seed)
    return model, model.predict(X)


def _node_folds(y: np.ndarray, cv: int, seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Stratified folds of a region, clamped to what its class counts allow.

    The number of folds is ``min(cv, smallest class count)``, the count taken over the
    classes with at least two instances (a class with one instance cannot be in a training
    and a test fold; it lands in one test fold). No folds when no class has two instances.
    """
    counts = np.unique(y, return_counts=True)[1]
    eligible = counts[counts >= 2]
    if eligible.size == 0:
        return []
    n_folds = int(min(cv, eligible.min()))
    splitter = StratifiedKFold(n_splits=n_folds, shuffle=True, random_state=seed)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="The least populated class", category=Warning)
        return list(splitter.split(np.zeros((y.shape[0], 1)), y))


def rank_candidates(cv_correct, train_correct, ancestor_counts) -> list[int]:
    """Candidate indices best first.

    Order: more correct out-of-fold predictions, then more correct training predictions,
    then chosen more often by the ancestors, then earlier in the priority list.

    >>> rank_candidates([9, 9, 8], [10, 10, 10], [0, 1, 2])
    [1, 0, 2]
    """
    cv_correct, train_correct = np.asarray(cv_correct), np.asarray(train_correct)
    ancestor_counts = np.asarray(ancestor_counts)
    priority = np.arange(cv_correct.shape[0])
    order = np.lexsort((priority, -ancestor_counts, -train_correct, -cv_correct))
    return [int(i) for i in order]


@dataclass
class _Region:
    """Scratch state of a node during fit (training indices, predictions)."""

    node: ELRCNode
    indices: np.ndarray
    correct: np.ndarray
    held_out: np.ndarray | None
    position: int = 0


class ELRCClassifier(Ensemble):
    """Ensemble of regional classifiers: a tree of regions, each with its best learner.

    At each node the candidate learners are compared by stratified cross-validation on
    the node's region and the best is fitted there; the region is then split in two
    halves of nearly equal size on the feature with the best split score, down to
    ``max_depth`` levels. A sample is classified by the weighted sum of the class
    probabilities of the nodes on its root-to-leaf path (Eqs. 4–6 of Lee et al.).

    Parameters
    ----------
    estimators : tuple or list of (str or estimator), default=("smo", "nb", "j48")
        Candidate learners in priority order: preset names of
        :func:`ensemble_lab.learners.make_learner` or classifier objects (cloned, never
        mutated).
    max_depth : int, default=3
        Levels of the tree (3 levels = at most 7 regional classifiers).
    cv : int, default=10
        Folds of the per-node cross-validation (clamped per node, see Notes).
    min_samples : int, default=10
        No region with fewer instances is created (the inner CV needs them).
    n_jobs : int or None, default=None
        Parallel jobs (joblib) for the per-node cross-validation: every (region, fold)
        of a tree level is a task. The result does not depend on ``n_jobs``.
    prune : bool, default=False
        Remove the nodes whose held-out accuracy is worse than that of the path above
        them (see Notes).
    random_state : int, RandomState instance or None, default=None
        Seeds the fold assignment and the candidates' own ``random_state``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        Class labels.
    n_features_in_ : int
        Number of features seen in fit.
    feature_names_in_ : ndarray of str
        Column names, when fit on a DataFrame with string column names.
    learner_names_ : list of str
        Names of the candidates (preset name, or class name; repeated names get ``#k``).
    nodes_ : list of ELRCNode
        The tree in pre-order (``nodes_[0]`` is the root); each node records its region
        rule, chosen learner and fitted estimator, CV and training accuracy of every
        candidate, weight, size and children. See :class:`ELRCNode`.
    estimators_ : list of estimator
        The fitted regional classifiers, ``estimators_[i]`` belonging to ``nodes_[i]``.
    n_pruned_ : int
        Nodes removed by pruning (0 unless ``prune=True``).

    See Also
    --------
    ensemble_lab.methods.make : ``make("ELRC")`` builds the paper's configuration.

    Notes
    -----
    Readings of the paper we chose:

    * **Learner choice.** Candidates are ranked by the number of correct out-of-fold
      predictions (all candidates share the same folds), then by training accuracy, then
      by how often the ancestors chose them, then by the order of ``estimators``.
    * **Folds.** ``min(cv, smallest class count)`` stratified folds, the smallest count
      taken over classes with at least two instances in the region (a singleton class is
      only ever in a test fold). If no class of the region has two instances, the
      candidates are compared by training accuracy (``n_folds = 0``). A fold whose
      training part holds one class predicts that class; a region with a single class
      gets a constant predictor and counts every candidate as perfect.
    * **Split.** For each feature, the binary split closest to halves: numeric features
      at the cut between consecutive distinct values closest to the median (threshold at
      the midpoint; ``x <= t`` goes left); nominal features (the raw values of a
      ``category``/``object`` column) by the grouping of values closest to half — all
      groupings are tried for up to 12 distinct values, above that values are placed in
      decreasing frequency on the side holding fewer instances (greedy). Ties in balance
      go to the higher gain. Missing values, and nominal values not seen in the region,
      go to the side with more non-missing training instances. The feature with the
      highest ``Score = Gain - ||D1| - |D2|| / |D|`` (entropy in bits) wins; ties go to
      the first column.
    * **Stopping.** A node is not split when it is at level ``max_depth``, its region is
      pure (entropy 0), its learner makes no training error, or a split would create a
      region with fewer than ``min_samples`` instances (features whose balanced split
      would are skipped; ``"no_split"`` when no feature divides the region).
    * **Weights.** ``Weight(N) = |I| / |PI| * PW`` (Eq. 4) with training predictions;
      when the parent gets none of the region right (``|PI| = 0``) the denominator is
      taken as 1.
    * **Probabilities.** ``predict_proba`` is the weighted vote of Eq. 5 divided by the
      sum of the path's weights. A learner without ``predict_proba`` votes with the
      one-hot vector of its prediction, which is what Weka's SMO (used by the paper)
      returns without logistic models.
    * **Pruning** (the paper's future work). Held-out predictions come from the inner
      cross-validation: each node's out-of-fold probabilities on its region. Bottom-up,
      a node (with what remains of its subtree) is removed when the vote of the path
      including it is less accurate on its region's out-of-fold predictions than the
      vote of the path above it. Samples routed to a removed child stop at its parent.
    * **Missing values** are accepted when every candidate takes them (its tags, or for
      a Pipeline its first step's); otherwise NaN is a ``ValueError``. The presets
      ``smo``, ``nb`` and ``j48`` all take them.
    * **Presets.** ``smo`` has no ``predict_proba`` unless built with
      ``make_learner("smo", probability=True)`` (pass that object as a candidate for
      Platt-calibrated votes); by default its vote is one-hot, as in Weka.
    * ``n_jobs``: the tree is grown level by level, and the cross-validation of all
      regions of a level is one joblib call, with one task per (region, fold) (all
      candidates) and one per (region, candidate) full fit. A region's folds and its
      learners' seeds come from ``random_state`` and the region's position in the tree
      (root 0, children of ``p`` at ``2p + 1`` and ``2p + 2``), so the tree does not
      depend on ``n_jobs``. On small regions process start-up and data transfer can
      outweigh the gain (see ``benchmarks/elrc.py``).
    * ``sample_weight`` is not supported: the paper's method has no instance weights.

    References
    ----------
    B. Lee, Y. Na, B. Oh and J. Yang. Ensemble learning of regional classifiers (the
    copy this implementation follows gives no venue or year).

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.methods import ELRCClassifier
    >>> X, y = load("iris")
    >>> elrc = ELRCClassifier(("nb", "j48"), max_depth=2, random_state=0).fit(X, y)
    >>> [node.learner for node in elrc.nodes_]
    ['nb', 'nb', 'j48']
    >>> elrc.predict(X.iloc[[0, 50, 100]]).tolist()
    ['Iris-setosa', 'Iris-versicolor', 'Iris-virginica']
    """

    _parameter_constraints: dict = {
        "estimators": [list, tuple],
        "max_depth": [Interval(Integral, 1, None, closed="left")],
        "cv": [Interval(Integral, 2, None, closed="left")],
        "min_samples": [Interval(Integral, 1, None, closed="left")],
        "n_jobs": [Integral, None],
        "prune": ["boolean"],
        "random_state": ["random_state"],
    }

    def __init__(
        self,
        estimators=DEFAULT_ESTIMATORS,
        *,
        max_depth=3,
        cv=10,
        min_samples=10,
        n_jobs=None,
        prune=False,
        random_state=None,
    ):
        self.estimators = estimators
        self.max_depth = max_depth
        self.cv = cv
        self.min_samples = min_samples
        self.n_jobs = n_jobs
        self.prune = prune
        self.random_state = random_state

    def _candidates(self) -> tuple[list[str], list]:
        if len(self.estimators) == 0:
            raise ValueError("estimators must name at least one candidate learner.")
        names: list[str] = []
        learners = []
        for est in self.estimators:
            learner = resolve_estimator(est)
            if not hasattr(learner, "fit") or not hasattr(learner, "predict"):
                raise TypeError(f"Candidate {est!r} is not a classifier (no fit/predict).")
            name = est if isinstance(est, str) else type(est).__name__
            if name in names:
                name = f"{name}#{sum(n.split('#')[0] == name for n in names) + 1}"
            names.append(name)
            learners.append(learner)
        return names, learners

    def _accepts_nan(self) -> bool:
        """NaN is accepted when every candidate learner takes it."""
        _, learners = self._candidates()
        return all(accepts_nan(est) for est in learners)

    @fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y):
        """Grow the tree of regional classifiers.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data; a DataFrame may hold nominal (``category``/``object``)
            columns and NaN.
        y : array-like of shape (n_samples,)
            Class labels (any hashable; at least two classes).

        Returns
        -------
        self : ELRCClassifier
        """
        names, learners = self._candidates()
        X, y_codes, _ = self._training_data(X, y, min_classes=2)
        y = self.classes_[y_codes]
        self.learner_names_ = names
        self._categories = split_categories(X)
        Z = split_matrix(X, self._categories)
        grower = _Grower(self, learners, X, y, y_codes, Z, int(draw_seeds(self.random_state, 1)[0]))
        with Parallel(n_jobs=self.n_jobs) as parallel:
            regions = grower.grow(parallel)
        self.n_pruned_ = _prune(regions, self.classes_, y) if self.prune else 0
        self.nodes_ = _renumber(regions)
        self.estimators_ = [node.estimator for node in self.nodes_]
        return self

    def _route(self, X):
        """Yield ``(node, rows, X)`` for every node and the rows of ``X`` in its region.

        Parents come before children (boolean masks per node, no loop over samples).
        """
        X = self._test_input(X)
        Z = split_matrix(X, self._categories)
        stack = [(0, np.arange(Z.shape[0]))]
        while stack:
            node_id, rows = stack.pop()
            node = self.nodes_[node_id]
            yield node, rows, X
            if node.split is None:
                continue
            left = node.split.goes_left(Z[rows])
            for child, sub in ((node.right, rows[~left]), (node.left, rows[left])):
                if child is not None and sub.size:
                    stack.append((child, sub))

    def _votes(self, X) -> np.ndarray:
        """Eq. 5: per sample and class, the weighted probabilities along its path."""
        check_is_fitted(self)
        votes = None
        for node, rows, X_valid in self._route(X):
            if votes is None:
                votes = np.zeros((rows.shape[0], self.classes_.shape[0]))
            proba = member_proba(node.estimator, safe_rows(X_valid, rows), self.classes_)
            votes[rows] += node.weight * proba
        assert votes is not None  # _route yields the root first
        return votes

    def apply(self, X):
        """Index in ``nodes_`` of the deepest node whose region holds each sample.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        node_ids : ndarray of shape (n_samples,)
        """
        check_is_fitted(self)
        node_ids = None
        for node, rows, _ in self._route(X):
            if node_ids is None:
                node_ids = np.zeros(rows.shape[0], dtype=np.intp)
            node_ids[rows] = node.node_id
        return node_ids

    def predict_proba(self, X):
        """Weighted vote of the regional classifiers on each sample's path, normalised.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
        """
        votes = self._votes(X)
        return votes / votes.sum(axis=1, keepdims=True)

    def predict(self, X):
        """Class with the most weighted votes (Eq. 6).

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        y : ndarray of shape (n_samples,)
        """
        votes = self._votes(X)
        return self.classes_[votes.argmax(axis=1)]

    def export_text(self, feature_names=None, decimals=3) -> str:
        """The tree as indented text: region, size, weight, chosen learner, CV accuracies.

        Parameters
        ----------
        feature_names : list of str, default=None
            Names of the features; defaults to ``feature_names_in_`` or ``x0, x1, ...``.
        decimals : int, default=3
            Decimals of weights and accuracies.

        Returns
        -------
        text : str
            One line per node; the chosen learner's accuracy is starred.
        """
        check_is_fitted(self)
        if feature_names is None:
            names = getattr(self, "feature_names_in_", None)
            feature_names = (
                [f"x{j}" for j in range(self.n_features_in_)] if names is None else names
            )
        elif len(feature_names) != self.n_features_in_:
            raise ValueError(
                f"feature_names has {len(feature_names)} names; "
                f"the model has {self.n_features_in_} features."
            )
        lines: list[str] = []
        stack = [(0, "", "(all)")]
        while stack:
            node_id, prefix, condition = stack.pop()
            node = self.nodes_[node_id]
            accuracies = " ".join(
                f"{name}={acc:.{decimals}f}{'*' if name == node.learner else ''}"
                for name, acc in node.cv_accuracy.items()
            )
            source = "cv" if node.n_folds else "train"
            stop = f" stop={node.stop_reason}" if node.stop_reason else ""
            lines.append(
                f"{prefix}{condition} [node {node.node_id}] n={node.n_samples} "
                f"weight={node.weight:.{decimals}f} learner={node.learner} "
                f"({source}: {accuracies}){stop}"
            )
            child_prefix = prefix.replace("|--- ", "|   ") + "|--- "
            for child, left in ((node.right, False), (node.left, True)):
                if child is not None:
                    text = node.split.describe(left, feature_names, self._categories)
                    stack.append((child, child_prefix, text))
        return "\n".join(lines)


@dataclass
class _Pending:
    """A region waiting to be fitted: where it sits in the tree and what it holds."""

    indices: np.ndarray
    depth: int
    parent: _Region | None
    conditions: tuple[str, ...]
    ancestors: list[str]
    position: int  # heap position: root 0, children of p at 2p + 1 (left), 2p + 2
    side: bool | None = None  # True: left child of ``parent``


class _Grower:
    """Builds the regions level by level; one instance per fit.

    All regions of one level are cross-validated in a single ``Parallel`` call, so
    workers stay busy across regions instead of waiting at the end of each one.
    """

    def __init__(self, est: ELRCClassifier, learners, X, y, y_codes, Z, seed: int):
        self.est = est
        self.learners = learners
        self.names = est.learner_names_
        self.X, self.y, self.y_codes, self.Z = X, y, y_codes, Z
        self.n_classes = est.classes_.shape[0]
        self.nominal = nominal_columns(X)
        self.seed = seed
        names = getattr(est, "feature_names_in_", None)
        self.feature_names = (
            list(names) if names is not None else [f"x{j}" for j in range(Z.shape[1])]
        )
        self.regions: list[_Region] = []

    def grow(self, parallel: Parallel) -> list[_Region]:
        """Fit every level; return the regions in pre-order (ids re-numbered later)."""
        level = [_Pending(np.arange(self.y.shape[0]), 1, None, (), [], 0)]
        while level:
            choices = self._choose_level(level, parallel)
            next_level: list[_Pending] = []
            for pending, choice in zip(level, choices):
                region = self._add(pending, choice)
                next_level += self._split(region, [*pending.ancestors, region.node.learner])
            level = next_level
        return self._pre_order()

    def _pre_order(self) -> list[_Region]:
        by_id = {r.node.node_id: r for r in self.regions}
        order, stack = [], [0]
        while stack:
            region = by_id[stack.pop()]
            order.append(region)
            stack += [c for c in (region.node.right, region.node.left) if c is not None]
        return order

    def _node_seed(self, position: int) -> int:
        return int(np.random.SeedSequence([self.seed, position]).generate_state(1)[0] >> 1)

    def _add(self, pending: _Pending, choice) -> _Region:
        node_id = len(self.regions)
        indices, parent = pending.indices, pending.parent
        y = self.y[indices]
        best, model, predictions, cv_correct, train_correct, n_folds, held_out = choice
        correct = predictions == y
        n_correct = int(correct.sum())
        if parent is None:
            parent_correct, weight = None, 1.0
        else:
            parent_correct = int(parent.correct[np.isin(parent.indices, indices)].sum())
            weight = n_correct / max(parent_correct, 1) * parent.node.weight
            if pending.side:
                parent.node.left = node_id
            else:
                parent.node.right = node_id
        node = ELRCNode(
            node_id=node_id,
            depth=pending.depth,
            parent=None if parent is None else parent.node.node_id,
            conditions=pending.conditions,
            n_samples=int(indices.shape[0]),
            class_counts=np.bincount(self.y_codes[indices], minlength=self.n_classes),
            learner=self.names[best],
            estimator=model,
            cv_accuracy=dict(zip(self.names, (cv_correct / max(indices.size, 1)).tolist())),
            train_accuracy=dict(zip(self.names, (train_correct / indices.size).tolist())),
            n_folds=n_folds,
            n_correct=n_correct,
            n_parent_correct=parent_correct,
            weight=float(weight),
        )
        region = _Region(node, indices, correct, held_out, pending.position)
        self.regions.append(region)
        return region

    def _split(self, region: _Region, lineage: list[str]) -> list[_Pending]:
        """The two children of ``region`` to fit next, or none (with the stop reason)."""
        node, indices = region.node, region.indices
        min_child = max(self.est.min_samples, 1)
        if np.count_nonzero(node.class_counts) < 2:
            node.stop_reason = "pure"
        elif node.n_correct == node.n_samples:
            node.stop_reason = "no_training_error"
        elif node.depth >= self.est.max_depth:
            node.stop_reason = "max_depth"
        elif node.n_samples < 2 * min_child:
            node.stop_reason = "min_samples"
        else:
            split = best_split(
                self.Z[indices], self.nominal, self.y_codes[indices], self.n_classes, min_child
            )
            if split is None:
                node.stop_reason = "no_split"
                return []
            node.split = split
            left = split.goes_left(self.Z[indices])
            children = []
            for side, rows in ((True, indices[left]), (False, indices[~left])):
                text = split.describe(side, self.feature_names, self.est._categories)
                children.append(
                    _Pending(
                        rows,
                        node.depth + 1,
                        region,
                        (*node.conditions, text),
                        lineage,
                        2 * region.position + (1 if side else 2),
                        side,
                    )
                )
            return children
        return []

    def _ranked(self, cv_correct, train_correct, ancestors) -> list[int]:
        counts = np.array([ancestors.count(name) for name in self.names])
        return rank_candidates(cv_correct, train_correct, counts)

    def _choose_level(self, level: list[_Pending], parallel: Parallel) -> list[tuple]:
        """Cross-validate and fit every candidate on every region of a level.

        One ``Parallel`` call for the whole level; each region keeps its best.
        """
        classes = self.est.classes_
        want_proba = self.est.prune
        folds: list[tuple[np.ndarray, np.ndarray]] | None  # None: a single-class region
        plans: list[tuple[Any, Any, list[tuple[np.ndarray, np.ndarray]] | None, int]] = []
        tasks = []
        for pending in level:
            X, y = safe_rows(self.X, pending.indices), self.y[pending.indices]
            seed = self._node_seed(pending.position)
            if np.unique(y).size < 2:
                plans.append((X, y, None, 0))
                continue
            folds = _node_folds(y, self.est.cv, seed)
            # One task per fold (every candidate on it) and one per full fit: coarse
            # enough that a worker's share outweighs the cost of shipping the region.
            tasks += [
                delayed(_run_fold)(self.learners, X, y, train, test, seed, classes, want_proba)
                for train, test in folds
            ]
            tasks += [delayed(_run_full)(learner, X, y, seed) for learner in self.learners]
            plans.append((X, y, folds, len(folds) + len(self.learners)))
        results = parallel(tasks) if tasks else []
        choices, offset = [], 0
        for pending, (X, y, folds, n_tasks) in zip(level, plans):
            if folds is None:
                choices.append(self._constant(X, y, pending.ancestors))
            else:
                own = results[offset : offset + n_tasks]
                choices.append(self._pick(X, y, folds, own, pending.ancestors))
            offset += n_tasks
        return choices

    def _constant(self, X, y, ancestors):
        """A single-class region: a constant predictor.

        Every candidate counts as perfect, so the ancestors' choice (then the priority) names
        the learner.
        """
        n, n_cand = y.shape[0], len(self.learners)
        model = DummyClassifier(strategy="prior").fit(X, y)
        full = np.full(n_cand, n)
        held = member_proba(model, X, self.est.classes_) if self.est.prune else None
        best = self._ranked(full, full, ancestors)[0]
        return best, model, model.predict(X), full, full, 0, held

    def _pick(self, X, y, folds, results, ancestors):
        """Rank the candidates from their fold and full-fit results; keep the best."""
        n_cand = len(self.learners)
        classes = self.est.classes_
        fold_results, full_results = results[: len(folds)], results[len(folds) :]
        train_correct = np.array([int((pred == y).sum()) for _, pred in full_results])
        if folds:
            cv_correct = np.array([sum(fold[c][0] for fold in fold_results) for c in range(n_cand)])
        else:
            cv_correct = train_correct.copy()
        best = self._ranked(cv_correct, train_correct, ancestors)[0]
        model, predictions = full_results[best]
        held_out = None
        if self.est.prune:
            held_out = np.zeros((y.shape[0], classes.shape[0]))
            if folds:
                for (_, test), fold in zip(folds, fold_results):
                    held_out[test] = fold[best][1]
            else:
                held_out = member_proba(model, X, classes)
        return best, model, predictions, cv_correct, train_correct, len(folds), held_out


def _prune(regions: list[_Region], classes: np.ndarray, y: np.ndarray) -> int:
    """Remove, bottom-up, nodes whose path vote is worse on held-out predictions."""
    by_id = {r.node.node_id: r for r in regions}

    def ancestors_votes(region: _Region, rows: np.ndarray) -> np.ndarray:
        votes = np.zeros((rows.size, classes.shape[0]))
        current: _Region | None = region
        while current is not None:
            assert current.held_out is not None  # fitted with prune=True
            positions = np.searchsorted(current.indices, rows)
            votes += current.node.weight * current.held_out[positions]
            parent = current.node.parent
            current = None if parent is None else by_id[parent]
        return votes

    def subtree_votes(region: _Region, rows: np.ndarray) -> np.ndarray:
        assert region.held_out is not None  # fitted with prune=True
        votes = region.node.weight * region.held_out[np.searchsorted(region.indices, rows)]
        for child in (region.node.left, region.node.right):
            if child is None:
                continue
            sub = by_id[child]
            inside = np.isin(rows, sub.indices)
            votes[inside] += subtree_votes(sub, rows[inside])
        return votes

    removed = 0
    for region in reversed(regions):
        node = region.node
        if node.parent is None or node.node_id not in by_id:
            continue
        parent = by_id[node.parent]
        rows, truth = region.indices, y[region.indices]
        above = ancestors_votes(parent, rows)
        with_node = above + subtree_votes(region, rows)
        acc_with = np.mean(classes[with_node.argmax(axis=1)] == truth)
        acc_above = np.mean(classes[above.argmax(axis=1)] == truth)
        node.held_out_accuracy = (float(acc_above), float(acc_with))
        if acc_with < acc_above:
            removed += _drop_subtree(by_id, node.node_id)
            if parent.node.left == node.node_id:
                parent.node.left = None
            else:
                parent.node.right = None
            if parent.node.is_leaf:
                parent.node.stop_reason = "pruned"
    regions[:] = [r for r in regions if r.node.node_id in by_id]
    return removed


def _drop_subtree(by_id: dict[int, _Region], node_id: int) -> int:
    region = by_id.pop(node_id)
    count = 1
    for child in (region.node.left, region.node.right):
        if child is not None and child in by_id:
            count += _drop_subtree(by_id, child)
    return count


def _renumber(regions: list[_Region]) -> list[ELRCNode]:
    """The kept nodes in pre-order with consecutive ids (regions are already pre-order)."""
    new_id = {r.node.node_id: i for i, r in enumerate(regions)}
    nodes = []
    for region in regions:
        node = region.node
        node.node_id = new_id[node.node_id]
        node.parent = None if node.parent is None else new_id[node.parent]
        node.left = None if node.left is None else new_id[node.left]
        node.right = None if node.right is None else new_id[node.right]
        nodes.append(node)
    return nodes


def elrc_candidates(base=None) -> tuple[Any, ...]:
    """The candidate learners ``make("ELRC", base=...)`` gives ELRC.

    ``base`` None → smo, nb and j48 (the paper's); a list or tuple → those candidates;
    a single learner → that one candidate.
    """
    if base is None:
        return DEFAULT_ESTIMATORS
    if isinstance(base, list | tuple):
        return tuple(base)
    return (base,)
