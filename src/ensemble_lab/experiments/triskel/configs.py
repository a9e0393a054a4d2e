"""The experiments of the Triskel page (paper 000, Tables 1–2 and Figure 2).

Two experiments, each into its own store: the paper's methods (and the reference column
SMO at C = 16, :mod:`.larger_c`) on its fifteen data sets, at the paper's 10 × 10-fold
CV, into ``triskel.db``; and Triskel-W4 against AdaBoost-50 with two other base
learners (:mod:`.bases`) into ``triskel-bases.db``. :func:`parts` lists both in the
order ``ensemble-lab reproduce triskel`` runs them.
"""

from __future__ import annotations

from ...evaluation import ExperimentConfig, FirstFold, MethodSpec, RepeatedCV
from .._reproduction import Part
from . import bases, larger_c
from .paper import METHODS

__all__ = [
    "CONCAVITY",
    "DESCRIPTION",
    "FOLDS",
    "LEFT_OUT",
    "NAME",
    "REPETITIONS",
    "RUN_ORDER",
    "concavity_config",
    "config",
    "parts",
]

DESCRIPTION = (
    "Triskel vs one-vs-one AdaBoost of SMO: accuracy and training time on the UCI data "
    "sets of paper 000 (Tables 1-2, Figure 2)"
)
NAME = "triskel"
TITLE = "Triskel — Tables 1–2 and Figure 2 (paper 000)"

#: Order of the committed run: cheapest first (so an interrupted run has covered the
#: most data sets), Figure 2's data sets early. The page lists them in the paper's order.
RUN_ORDER = (
    "zoo-named",
    "lymph",
    "glass",
    "autos",
    "balance-scale",
    "vehicle",
    "anneal",
    "anneal.orig",
    "segment",
    "vowel",
    "soybean",
    "audiology",
    "primary-tumor",
    "hypothyroid",
    "waveform-5000",
)
#: Data sets left out of the committed run, with the reason (shown on the page).
LEFT_OUT: dict[str, str] = {}
#: Protocol of the committed run: the paper's 10 × 10-fold CV.
FOLDS, REPETITIONS = 10, 10


def config(quick: bool = False) -> ExperimentConfig:
    """The experiment of Tables 1–2: the paper's data sets × methods, stratified CV.

    ``quick`` is a tiny version (two small data sets, 3-fold CV, no AdaBoost-10/-50).
    Last comes a reference column that is not the paper's, SMO at C = 16
    (:mod:`.larger_c`).

    Examples
    --------
    >>> config().method_labels[-1], config().protocol.n_splits()
    ('SMO (C = 16)', 100)
    """
    if quick:
        datasets: tuple[str, ...] = ("zoo-named", "glass")
        methods = tuple(m for m in METHODS if m not in ("AdaBoost-10", "AdaBoost-50"))
        protocol = RepeatedCV(n_folds=3, n_repetitions=1)
    else:
        datasets = tuple(d for d in RUN_ORDER if d not in LEFT_OUT)
        methods = METHODS
        protocol = RepeatedCV(n_folds=FOLDS, n_repetitions=REPETITIONS)
    return ExperimentConfig(
        name=NAME,
        datasets=datasets,
        methods=(*(MethodSpec(label=m, name=m) for m in methods), larger_c.method_spec()),
        protocol=protocol,
        seed=1,
        baseline="SMO",
        description=DESCRIPTION,
    )


#: The experiment that keeps each data set's ROC concavity (:mod:`.concavity`).
CONCAVITY = "triskel-concavity"


def concavity_config(datasets: tuple[str, ...]) -> ExperimentConfig:
    """The ROC concavity of each data set, kept by a probe (:func:`.concavity.concavity_probe`).

    One task per data set: the probe measures the concavity on the whole data set (the
    task's two halves put together; SMO has no randomness), so the split and the task's
    own fit (SMO on the first half) do not enter it.

    Examples
    --------
    >>> concavity_config(("glass",)).probes
    ('ensemble_lab.experiments.triskel.concavity:concavity_probe',)
    """
    return ExperimentConfig(
        name=CONCAVITY,
        datasets=datasets,
        methods=(MethodSpec(label="SMO", name="SMO"),),
        protocol=FirstFold(n_folds=2),
        seed=1,
        probes=(f"{__package__}.concavity:concavity_probe",),
        description="ROC concavity of SMO on each data set of paper 000 (Sections 5 and 6)",
    )


def parts(quick: bool = False) -> list[Part]:
    """The page's experiments in their order: Tables 1–2, the other bases, the concavities.

    Examples
    --------
    >>> [part.store for part in parts(quick=True)]
    ['triskel', 'triskel-bases', 'triskel-concavity']
    """
    main = config(quick)
    datasets = tuple(d for d in main.datasets if isinstance(d, str))
    return [Part(main), Part(bases.config(datasets, quick)), Part(concavity_config(datasets))]
