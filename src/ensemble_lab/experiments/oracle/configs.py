"""The oracle page's experiments: Table III, its kappa-error runs, Table V, the readings, the cost.

Each is an :class:`~ensemble_lab.evaluation.ExperimentConfig`; :func:`parts` lists them
in the order ``ensemble-lab reproduce oracle`` runs them, each with the store it goes to.
Table III and Table V follow the paper's protocol, ten 10-fold cross-validations
(:data:`~ensemble_lab.experiments.oracle.paper.PAPER_PROTOCOL`).
"""

from __future__ import annotations

from ...evaluation import ExperimentConfig, FirstFold, MethodSpec, RepeatedCV
from .._reproduction import Part
from .cost import COST_NAME, cost_config
from .paper import PAPER_DATASETS, PAPER_PROTOCOL, PAPER_SIZES, PAPER_TABLE_III, PAPER_TABLE_IV

__all__ = [
    "config",
    "dataset_names",
    "kappa_config",
    "medical_config",
    "paper_parts",
    "parts",
    "readings_config",
    "timing_config",
]

NAME = "oracle"
KAPPA_NAME = "oracle-kappa"
MEDICAL_NAME = "oracle-medical"

#: Our zoo: Weka's file with the animal's name kept, as Table I counts its attributes.
ZOO = PAPER_DATASETS["zoo"]
#: The 40 methods of Table III, in its order.
METHODS: tuple[str, ...] = tuple(PAPER_TABLE_III)

SEED = 1

READINGS_NAME = "oracle-readings"
#: The reading of the oracle that ours leaves open for hosts that reweight: the H- boosting
#: methods with reweighting, run again with the hyperplane's two points drawn uniformly
#: from the training rows instead of in proportion to the boosting weights (with
#: resampling the member's rows have unit weights and the two readings are one).
READINGS_METHODS: tuple[str, ...] = (
    "H-P-AdaBoostM1 (W)",
    "H-U-AdaBoostM1 (W)",
    "H-P-MultiBoost (W)",
    "H-U-MultiBoost (W)",
)
#: Label suffix of the uniform reading in ``oracle-readings.db``.
UNIFORM = " uniform"
#: Left out of the readings run: the two largest data sets, which alone take most of
#: the reweighting hosts' CPU time in Table III's run.
READINGS_SKIPPED: tuple[str, ...] = ("waveform-5000", "letter")


#: ``--quick``: one 2-fold cross-validation.
QUICK_PROTOCOL = RepeatedCV(n_folds=2, n_repetitions=1)
#: Kappa-error diagrams: members recorded on one stratified half split.
KAPPA_PROTOCOL = FirstFold(n_folds=2)

#: Kappa-error diagrams: datasets and the H-/N- pairs drawn, members recorded.
KAPPA_DATASETS: tuple[str, ...] = ("vehicle", "sonar")
KAPPA_METHODS: tuple[str, ...] = (
    "N-P-Bagging",
    "H-P-Bagging",
    "N-P-Rand. Subs. (50%)",
    "H-P-Rand. Subs. (50%)",
    "N-P-AdaBoostM1 (W)",
    "H-P-AdaBoostM1 (W)",
)

#: ``--quick``: three small data sets (embedded files) and five methods.
QUICK_DATASETS = ("iris", "heart-statlog", "breast-cancer")
QUICK_METHODS = (
    "N-P-Bagging",
    "H-P-Bagging",
    "N-U-Rand. Subs. (50%)",
    "H-U-Rand. Subs. (50%)",
    "H-P-Ensemble",
)


def dataset_names(*, quick: bool = False) -> list[str]:
    """Our names of the run's datasets, smallest first.

    A run stopped early misses the largest datasets, not a random set.

    Examples
    --------
    >>> names = dataset_names()
    >>> len(names), names[:3], names[-1]
    (35, ['labor', 'zoo-named', 'lymph'], 'letter')
    """
    if quick:
        return list(QUICK_DATASETS)
    order = sorted(PAPER_DATASETS, key=lambda paper: (PAPER_SIZES[paper], paper))
    return [PAPER_DATASETS[paper] for paper in order]


def config(quick: bool = False) -> ExperimentConfig:
    """Table III at the paper's protocol, smallest dataset first.

    The 40 methods on the 35 datasets, full size, 10×10 cross-validation (140 000 fits).

    ``quick``: 3 small datasets, 5 methods of 5 members, one 2-fold cross-validation.

    Examples
    --------
    >>> cfg = config()
    >>> cfg.name, len(cfg.methods), len(cfg.datasets), cfg.protocol.n_splits()
    ('oracle-paper', 40, 35, 100)
    >>> config(quick=True).name  # the quick run's experiment
    'oracle'
    """
    if quick:
        return ExperimentConfig(
            name=NAME,
            datasets=tuple(dataset_names(quick=True)),
            methods=tuple(
                MethodSpec(label=m, name=m, params={"n_estimators": 5}) for m in QUICK_METHODS
            ),
            protocol=QUICK_PROTOCOL,
            seed=SEED,
            description="Kuncheva & Rodríguez, Table III (quick check)",
        )
    return ExperimentConfig(
        name=f"{NAME}-paper",
        datasets=tuple(dataset_names()),
        methods=tuple(MethodSpec(label=m, name=m) for m in METHODS),
        protocol=PAPER_PROTOCOL,
        seed=SEED,
        description="Kuncheva & Rodríguez, Table III (the paper's protocol)",
    )


def medical_config() -> ExperimentConfig:
    """Table V: the 40 methods on the seven medical data sets of Section VI, 10×10 CV.

    The same methods, protocol and seed as Table III (the paper repeated "the
    experiment, with the same protocol"), smallest data set first; the store is
    ``oracle-medical.db``.

    Examples
    --------
    >>> cfg = medical_config()
    >>> cfg.name, len(cfg.methods), cfg.datasets[0]
    ('oracle-medical', 40, 'respiratory')
    """
    sizes = dict(PAPER_TABLE_IV.values())
    order: list[str] = sorted(sizes, key=lambda name: (sizes[name], name))
    return ExperimentConfig(
        name=MEDICAL_NAME,
        datasets=tuple(order),
        methods=tuple(MethodSpec(label=m, name=m) for m in METHODS),
        protocol=PAPER_PROTOCOL,
        seed=SEED,
        description="Kuncheva & Rodríguez, Table V: seven medical data sets (the paper's protocol)",
    )


def readings_config() -> ExperimentConfig:
    """The uniform reading of the oracle's points for the reweighting boosting hosts.

    :data:`READINGS_METHODS` with ``estimator__point_draw="uniform"``, labelled with
    :data:`UNIFORM` appended, on Table III's data sets but :data:`READINGS_SKIPPED`, at
    Table III's protocol and seed: the same splits as ``oracle.db``, so that each fold
    pairs with the stored H- (points by weight) and N- results. The store is
    ``oracle-readings.db``.

    Examples
    --------
    >>> cfg = readings_config()
    >>> cfg.name, len(cfg.methods), len(cfg.datasets), cfg.methods[0].label
    ('oracle-readings', 4, 33, 'H-P-AdaBoostM1 (W) uniform')
    """
    return ExperimentConfig(
        name=READINGS_NAME,
        datasets=tuple(d for d in dataset_names() if d not in READINGS_SKIPPED),
        methods=tuple(
            MethodSpec(label=m + UNIFORM, name=m, params={"estimator__point_draw": "uniform"})
            for m in READINGS_METHODS
        ),
        protocol=PAPER_PROTOCOL,
        seed=SEED,
        description="Kuncheva & Rodríguez, Table III: the oracle's points drawn uniformly",
    )


def kappa_config(quick: bool = False) -> ExperimentConfig:
    """Members' predictions of a few H-/N- pairs, for kappa-error diagrams.

    Examples
    --------
    >>> cfg = kappa_config()
    >>> cfg.name, cfg.datasets, cfg.record_members
    ('oracle-kappa', ('vehicle', 'sonar'), True)
    """
    datasets = QUICK_DATASETS[:1] if quick else KAPPA_DATASETS
    methods = QUICK_METHODS[:2] if quick else KAPPA_METHODS
    params = {"n_estimators": 5} if quick else {}
    return ExperimentConfig(
        name=KAPPA_NAME,
        datasets=datasets,
        methods=tuple(MethodSpec(label=m, name=m, params=params) for m in methods),
        protocol=KAPPA_PROTOCOL,
        seed=SEED,
        record_predictions=True,
        record_members=True,
    )


def timing_config() -> ExperimentConfig:
    """Section V's timing run: H- and N- of every host, one 10-fold CV, Table III's data.

    Its store is ``oracle-cost.db``; see :mod:`ensemble_lab.experiments.oracle.cost`.

    Examples
    --------
    >>> cfg = timing_config()
    >>> cfg.name, len(cfg.methods), len(cfg.datasets)
    ('oracle-cost', 38, 35)
    """
    return cost_config(dataset_names(), METHODS, SEED)


def parts(quick: bool = False) -> list[Part]:
    """Every experiment ``reproduce oracle`` runs, in its order, with the store it goes to.

    The kappa-error runs (a few tasks) first, then Table V (seven small data sets), the
    uniform reading and the timing run, before Table III's 35 data sets; ``quick`` runs
    the first and the last only. ``ensemble-lab reproduce oracle --estimate`` estimates
    them all.

    Examples
    --------
    >>> [(p.config.name, p.store) for p in parts()]  # doctest: +NORMALIZE_WHITESPACE
    [('oracle-kappa', 'oracle'), ('oracle-medical', 'oracle-medical'),
     ('oracle-readings', 'oracle-readings'), ('oracle-cost', 'oracle-cost'),
     ('oracle-paper', 'oracle')]
    """
    found = [Part(kappa_config(quick), NAME)]
    if not quick:
        found += [Part(medical_config(), MEDICAL_NAME), Part(readings_config(), READINGS_NAME)]
        found += [Part(timing_config(), COST_NAME)]
    return [*found, Part(config(quick), NAME)]


def paper_parts() -> list[Part]:
    """Table III at the paper's protocol, into ``oracle.db`` (the same as :func:`config`).

    Examples
    --------
    >>> [(p.config.name, p.store) for p in paper_parts()]
    [('oracle-paper', 'oracle')]
    """
    return [Part(config(), NAME)]
