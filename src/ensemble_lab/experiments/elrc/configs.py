"""The experiments of the ELRC page: Table 2, its large datasets, the levels, the nodes.

Four kinds of experiment, each run by the experiment runner into its store:
:func:`config` (``elrc.db``: the ten methods on the five smaller datasets),
:func:`large_config` (``elrc-large.db``: the same on the five large ones),
:func:`levels_config` (``elrc-levels.db``: ELRC alone with 1 to 6 levels) and
:func:`nodes_config` (``elrc-nodes.db``: ELRC of the first two again, its fitted
trees' nodes kept as records by the probe :func:`.nodes.node_probe`).
"""

from __future__ import annotations

from typing import Any

from ...evaluation import ExperimentConfig, MethodSpec
from ...evaluation.protocols import StratifiedKFold
from ...methods import make
from .._reproduction import Part
from .paper import BASES, DATASETS, label

__all__ = [
    "DESCRIPTION",
    "LARGE_DATASETS",
    "LEVELS",
    "NAME",
    "NODES_PROBE",
    "NODES_STORE",
    "SEED",
    "SMALL_DATASETS",
    "TITLE",
    "config",
    "folds_of",
    "large_config",
    "levels_config",
    "main_configs",
    "nodes_config",
    "parts",
]


DESCRIPTION = (
    "Single SMO/NB/C4.5, AdaBoost-21 and Bagging-21 of each, and ELRC by 10-fold CV on ten "
    "UCI datasets (paper 004, Table 2)"
)

NAME = "elrc"

TITLE = "ELRC — regional classifiers (paper 004)"

SEED = 1


QUICK_DATASETS = ("glass", "ecoli")

#: The five smaller datasets (config ``elrc``) ...
SMALL_DATASETS = ("ecoli", "glass", "ionosphere", "spectf", "vehicle")

#: ... and the five large ones (2310-5473 instances; config ``elrc-large``, cheapest
#: first), a separate experiment so that a small machine can give them fewer folds
#: (``LARGE_FOLDS``); the committed run gives all ten the paper's 10 folds.
LARGE_DATASETS = ("segment", "page-blocks", "abalone", "hypothyroid", "spambase")

LARGE_FOLDS = 10


#: registered single-learner name of each base
SINGLE_NAMES: dict[str, str] = {"smo": "SMO", "nb": "NB", "j48": "J48"}


#: Members of the paper's AdaBoostM1 and Bagging (the catalogue's ``Bagging-21``).
ENSEMBLE_SIZE: int = make("Bagging-21").n_estimators


def _methods(size: int, elrc_params: dict[str, Any]) -> list[MethodSpec]:
    methods = []
    for base in BASES:
        methods.append(MethodSpec(label=label(base, "Single"), name=SINGLE_NAMES[base]))
        ada = make("AdaBoostM1-21", base=base, n_estimators=size)
        bag = make("Bagging-21", base=base, n_estimators=size)
        methods.append(MethodSpec.from_estimator(label(base, "Ada"), ada))
        methods.append(MethodSpec.from_estimator(label(base, "Bagging"), bag))
    methods.append(MethodSpec(label="ELRC", name="ELRC", params=elrc_params))
    return methods


def config(quick: bool = False) -> ExperimentConfig:
    """The 10-fold part of Table 2: ten methods × the five smaller datasets.

    The large datasets are in :func:`large_config`. ``quick``: glass and ecoli, 3 folds,
    ensembles of 5, ELRC with a 3-fold inner CV.
    """
    return ExperimentConfig(
        name=NAME,
        datasets=QUICK_DATASETS if quick else SMALL_DATASETS,
        methods=tuple(_methods(5 if quick else ENSEMBLE_SIZE, {"cv": 3} if quick else {})),
        protocol=StratifiedKFold(n_folds=3 if quick else 10),
        seed=SEED,
        description=DESCRIPTION,
    )


def large_config() -> ExperimentConfig:
    """Ten methods × the five large datasets, one stratified ``LARGE_FOLDS``-fold CV.

    A separate experiment (and store) from :func:`config` so that the large datasets can
    be run with fewer folds on a small machine by changing ``LARGE_FOLDS``; the page
    says which datasets did not get the paper's 10 folds.
    """
    return ExperimentConfig(
        name=f"{NAME}-large",
        datasets=LARGE_DATASETS,
        methods=tuple(_methods(ENSEMBLE_SIZE, {})),
        protocol=StratifiedKFold(n_folds=LARGE_FOLDS),
        seed=SEED,
        description=DESCRIPTION + f"; the five large datasets, {LARGE_FOLDS}-fold CV",
    )


#: Levels of the run that tests the paper's closing conjecture (claim 7): from one to
#: twice the paper's three.
LEVELS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


def _levels_label(levels: int) -> str:
    return f"ELRC, {levels} level{'s' if levels > 1 else ''}"


def levels_config(quick: bool = False) -> ExperimentConfig:
    """ELRC alone with 1 to 6 levels (``max_depth``), the ten datasets, 10-fold CV.

    Its own experiment and store (``elrc-levels.db``): the paper runs three levels and
    conjectures that accuracy "may start decreasing from a certain level". ``quick``:
    glass and ecoli, 1 to 3 levels, 3 folds, a 3-fold inner CV.
    """
    levels = LEVELS[:3] if quick else LEVELS
    inner = {"cv": 3} if quick else {}
    return ExperimentConfig(
        name=f"{NAME}-levels",
        datasets=QUICK_DATASETS if quick else SMALL_DATASETS + LARGE_DATASETS,
        methods=tuple(
            MethodSpec(label=_levels_label(k), name="ELRC", params={"max_depth": k, **inner})
            for k in levels
        ),
        protocol=StratifiedKFold(n_folds=3 if quick else 10),
        seed=SEED,
        description=DESCRIPTION + "; ELRC alone with 1 to 6 levels",
    )


def main_configs(quick: bool) -> list[ExperimentConfig]:
    """The experiments of Table 2: :func:`config`, and :func:`large_config` unless quick.

    Examples
    --------
    >>> [c.name for c in main_configs(quick=False)]
    ['elrc', 'elrc-large']
    """
    return [config(True)] if quick else [config(), large_config()]


#: The probe that keeps the nodes of every fitted ELRC tree, and the store it goes to.
NODES_PROBE = "ensemble_lab.experiments.elrc.nodes:node_probe"
NODES_STORE = "elrc-nodes"


def nodes_config(main: ExperimentConfig) -> ExperimentConfig:
    """ELRC of the experiment ``main`` again, each fitted tree's nodes kept as records.

    The same method (label and parameters), datasets, protocol and seed as ``main``, so
    the runner gives every task the same folds and the same seed (a task's seed is
    derived from the experiment's seed, the dataset, the method's label and the fold,
    not from the experiment's name): the models are those of ``main``, which the page
    checks fold by fold against ``main``'s stored accuracies. The probe
    (:data:`NODES_PROBE`) records :func:`.nodes.node_records` of each model.

    Examples
    --------
    >>> cfg = nodes_config(config(quick=True))
    >>> cfg.name, cfg.method_labels, cfg.protocol == config(quick=True).protocol
    ('elrc-nodes', ['ELRC'], True)
    """
    spec = next((m for m in main.methods if m.label == "ELRC"), None)
    if spec is None:
        raise ValueError(f"experiment {main.name!r} has no method labelled 'ELRC'")
    return ExperimentConfig(
        name=f"{main.name}-nodes",
        datasets=main.datasets,
        methods=(spec,),
        protocol=main.protocol,
        seed=main.seed,
        probes=(NODES_PROBE,),
        description=f"{main.description}; ELRC alone, the nodes of its fitted trees kept",
    )


def parts(quick: bool = False) -> list[Part]:
    """The page's experiments in the order they run, each with its store.

    Table 2 (``elrc.db``, ``elrc-large.db``), the levels (``elrc-levels.db``), then the
    nodes of the trees of Table 2 (``elrc-nodes.db``, one experiment per Table 2 one).

    Examples
    --------
    >>> [(p.config.name, p.store) for p in parts(quick=True)]
    [('elrc', 'elrc'), ('elrc-levels', 'elrc-levels'), ('elrc-nodes', 'elrc-nodes')]
    """
    mains = main_configs(quick)
    return [
        *(Part(cfg) for cfg in mains),
        Part(levels_config(quick)),
        *(Part(nodes_config(cfg), NODES_STORE) for cfg in mains),
    ]


def folds_of(quick: bool) -> dict[str, int]:
    """Folds of every dataset, in the paper's row order."""
    out = {}
    for cfg in main_configs(quick):
        out.update(dict.fromkeys(cfg.datasets, cfg.protocol.n_splits()))
    return {d: out[d] for d in DATASETS if d in out}
