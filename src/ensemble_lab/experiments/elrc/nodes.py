"""What the fitted ELRC trees of Table 2 hold: errors before and after each split, learners.

Lee, Na, Oh & Yang (Section 3) expected the regions to get easier to classify lower in
the tree, "However, experiments show that this is not always true. The cases where the
number of errors increased after the data split were often observed" — the reason they
weight each node by its accuracy relative to its parent's (Eq. 4). Here the ELRC models
of the page's run are refitted by the experiment :func:`.configs.nodes_config` (the same
method, folds and task seeds, so the same models: the page checks each fold's test
accuracy against the one Table 2's store holds) and the probe :func:`node_probe` records
every node: its level, the learner it chose, the training instances of its region and
how many of them it and its parent misclassify. The records are kept with the tasks in
the results store :data:`STORE`.

A *split* is a node with children. Its errors before are those of the node on its
region; its errors after are those of its two children, each on its part of the region
(:func:`split_errors`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from ...reporting.claims import Claim, verdict
from .._common import markdown_table

__all__ = [
    "STORE",
    "claim",
    "learner_counts",
    "node_probe",
    "node_records",
    "section",
    "split_errors",
    "stored_nodes",
]

STORE = "elrc-nodes.db"

#: The candidate learners, in ELRC's priority order, as the page names them.
LEARNERS = {"smo": "SMO (`smo`)", "nb": "naive Bayes (`nb`)", "j48": "C4.5 (`j48`)"}

#: "Often": errors increase in at least this share of the splits.
OFTEN = 0.25


def node_records(model: Any) -> pd.DataFrame:
    """One row per node of a fitted ELRC model.

    Columns ``node_id``, ``depth`` (the root is level 1), ``parent`` (-1 for the root),
    ``learner``, ``n_samples`` (training instances of the region), ``n_errors`` (those
    the node misclassifies), ``n_parent_errors`` (those its parent misclassifies; -1
    for the root), ``is_leaf``.

    Raises
    ------
    ValueError
        When ``model`` is not a fitted :class:`~ensemble_lab.methods.ELRCClassifier`.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from ensemble_lab.methods import make
    >>> X, y = load_iris(return_X_y=True)
    >>> nodes = node_records(make("ELRC", max_depth=2, random_state=0).fit(X, y))
    >>> int(nodes.loc[0, "n_samples"]), int(nodes.loc[0, "parent"])
    (150, -1)
    """
    if not hasattr(model, "nodes_"):
        raise ValueError(f"expected a fitted ELRCClassifier, got {model!r}")
    return pd.DataFrame(
        [
            {
                "node_id": n.node_id,
                "depth": n.depth,
                "parent": -1 if n.parent is None else n.parent,
                "learner": n.learner,
                "n_samples": n.n_samples,
                "n_errors": n.n_errors,
                "n_parent_errors": -1 if n.n_parent_errors is None else n.n_parent_errors,
                "is_leaf": n.is_leaf,
            }
            for n in model.nodes_
        ]
    )


def node_probe(
    estimator: Any, X_train: Any, y_train: Any, X_test: Any, y_test: Any
) -> pd.DataFrame:
    """The probe of :func:`.configs.nodes_config`: :func:`node_records` of each task's model.

    The runner calls it after every fit (``probe(estimator, X_train, y_train, X_test,
    y_test)``) and keeps the frame with the task; the data are not needed, the fitted
    tree holds every count.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from ensemble_lab.methods import make
    >>> X, y = load_iris(return_X_y=True)
    >>> model = make("ELRC", max_depth=2, random_state=0).fit(X, y)
    >>> node_probe(model, X, y, X, y).equals(node_records(model))
    True
    """
    return node_records(estimator)


def stored_nodes(
    records: Sequence[pd.DataFrame], results: Sequence[pd.DataFrame]
) -> tuple[pd.DataFrame, pd.DataFrame] | None:
    """The page's (nodes, folds) from the node experiments' records and results.

    ``records`` are the frames of :func:`~ensemble_lab.evaluation.load_records` (the
    probe :func:`node_probe`), ``results`` those of
    :func:`~ensemble_lab.evaluation.load_results`, of the same experiments. The nodes
    keep the task's ``dataset``, ``repetition`` and ``fold``; the folds are each task's
    ``dataset``, ``repetition``, ``fold`` and test ``accuracy``. None when there are no
    records (not run).

    Examples
    --------
    >>> stored_nodes([], []) is None
    True
    """
    if not records:
        return None
    nodes = pd.concat(records, ignore_index=True).drop(columns="method")
    folds = pd.concat(results, ignore_index=True)
    return nodes, folds[["dataset", "repetition", "fold", "accuracy"]]


def split_errors(nodes: pd.DataFrame) -> pd.DataFrame:
    """One row per split: the node's training errors on its region, and its children's.

    ``before`` is the parent's errors on its region, ``after`` the sum of its children's
    errors on their parts of it; ``increased`` is ``after > before``.
    """
    keys = ["dataset", "repetition", "fold"]
    children = nodes[nodes["parent"] >= 0]
    after = children.groupby([*keys, "parent"])["n_errors"].sum().rename("after")
    parents = nodes.set_index([*keys, "node_id"])[["depth", "n_errors"]]
    parents.index = parents.index.set_names([*keys, "parent"])
    out = parents.join(after, how="inner").rename(columns={"n_errors": "before"})
    out["increased"] = out["after"] > out["before"]
    return out.reset_index()


def learner_counts(nodes: pd.DataFrame) -> pd.DataFrame:
    """Nodes that chose each learner, per dataset and level (all folds pooled)."""
    counts = nodes.groupby(["dataset", "depth", "learner"]).size().unstack("learner")
    return counts.fillna(0).astype(int)


QUOTE = (
    "Our expected result was that the data subsets will be easier to classify at the "
    "lower level of the tree. However, experiments show that this is not always true. "
    "The cases where the number of errors increased after the data split were often "
    "observed."
)
TEST = (
    "Every split of the ELRC trees of Table 2's run (each dataset's 10 folds, the models "
    "refitted on the same folds with the same seeds): the training errors of the two "
    "children, each on its part of the region, against the parent's errors on the "
    f"region; holds: the errors increase in at least {OFTEN:.0%} of the splits pooled over "
    "the datasets ('often'); partly: in fewer, but in at least one split on most "
    "datasets ('observed'); does not hold: otherwise"
)
PAPER = "stated (Section 3); no counts"


def claim(stored: tuple[pd.DataFrame, pd.DataFrame] | None) -> Claim:
    """The claim from the stored node records (None: not run)."""
    key = "errors-increase-after-split"
    if stored is None:
        return Claim(key, QUOTE, TEST, PAPER, f"not run: no store {STORE}", "not run")
    splits = split_errors(stored[0])
    share = float(splits["increased"].mean())
    per_dataset = splits.groupby("dataset")["increased"].sum()
    seen = int((per_dataset > 0).sum())
    children = stored[0][stored[0]["parent"] >= 0]
    worse = int((children["n_errors"] > children["n_parent_errors"]).sum())
    ours = (
        f"errors increased in {int(splits['increased'].sum())} of {len(splits)} splits "
        f"({share:.1%}); on {seen} of {len(per_dataset)} datasets at least once; per child "
        f"node, more errors than its parent made on the same instances in {worse} of "
        f"{len(children)}"
    )
    result = verdict(share >= OFTEN, 2 * seen > len(per_dataset))
    return Claim(
        key, QUOTE, TEST, PAPER, ours, result, "" if result == "holds" else note(stored[0])
    )


def note(nodes: pd.DataFrame) -> str:
    """The splits by level and by whether a child kept its parent's learner."""
    splits = split_errors(nodes)
    by_level = splits.groupby("depth")["increased"].agg(["sum", "size"])
    levels = ", ".join(
        f"level {d}: {int(r['sum'])} of {int(r['size'])}" for d, r in by_level.iterrows()
    )
    keys = ["dataset", "repetition", "fold"]
    learner = nodes.set_index([*keys, "node_id"])["learner"]
    children = nodes[nodes["parent"] >= 0]
    parent_learner = learner.reindex(
        pd.MultiIndex.from_frame(children[[*keys, "parent"]])
    ).to_numpy()
    kept = children["learner"].to_numpy() == parent_learner
    worse = (children["n_errors"] > children["n_parent_errors"]).to_numpy()
    return (
        f"Checked where the errors increase. Splits with more errors after, by the level "
        f"of the node split: {levels}. Child nodes with more training errors than their "
        f"parent on the same instances: {int(worse[kept].sum())} of {int(kept.sum())} "
        f"that chose their parent's learner, {int(worse[~kept].sum())} of "
        f"{int((~kept).sum())} that chose another. The errors are training errors, as "
        "the weights of Eq. (4) count them; the verdict stays on the test as written."
    )


def section(stored: tuple[pd.DataFrame, pd.DataFrame] | None, stored_accuracy: pd.Series) -> str:
    """The page's section: splits per dataset, and the learners chosen per level."""
    if stored is None:
        return f"Not run: no store `{STORE}`."
    nodes, folds = stored
    splits = split_errors(nodes)
    per = splits.groupby("dataset").agg(
        splits=("increased", "size"),
        increased=("increased", "sum"),
        before=("before", "sum"),
        after=("after", "sum"),
    )
    per["increased, %"] = 100 * per["increased"] / per["splits"]
    per = per.rename(columns={"before": "errors before (sum)", "after": "errors after (sum)"})
    learners = (
        learner_counts(nodes)
        .reindex(columns=list(LEARNERS), fill_value=0)
        .rename(columns=LEARNERS)
        .reset_index()
        .rename(columns={"depth": "level"})
    )
    same = folds.set_index(["dataset", "fold"])["accuracy"]
    joined = same.to_frame("refit").join(stored_accuracy.rename("stored"), how="inner")
    n_same = int(np.isclose(joined["refit"], joined["stored"], rtol=0, atol=1e-12).sum())
    return (
        f"The models were refitted on the folds of the run: {n_same} of {len(joined)} give "
        "the stored test accuracy, so these are the page's models. Training errors per "
        "split (a node with children: the node's errors on its region before, its "
        "children's after), summed over the folds:\n\n"
        + markdown_table(per.rename_axis("dataset"), decimals=1)
        + "\n\nLearner chosen by the nodes, per dataset and level (all folds pooled):\n\n"
        + markdown_table(learners, index=False)
    )
