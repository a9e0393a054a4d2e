"""The study's plan: its configurations and splits, as runner experiments.

A *case* (:class:`Case`: a study, a data set, a base learner, a training size and a
split) is the three variants fitted on one training set. Each study is one runner
experiment (:func:`experiments`): the three variants per base learner are its methods,
each split a repetition of its protocol, and every task records its curves (and, in
Figure 2, its final weights) through the probes of :mod:`.probes`. Splits and seeds are
the study's own: Figure 2 repeats the fixed Cone-Torus pair (data set
``cone-torus-pair``: the first 400 points train, the last 400 test); Figure 3 draws
random halves and Figure 4 ``N`` random Phoneme points with
``numpy.random.default_rng(split)`` (:class:`~ensemble_lab.evaluation.protocols.RandomSubsamples`
at seed 0); the three variants of a split are all seeded ``1000 + split``
(``common_seeds``), so they start from the same first member.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...evaluation import ExperimentConfig, FixedSplit, MethodSpec
from ...evaluation.protocols import RandomSubsamples
from .criteria import VARIANTS

__all__ = ["CHECKS", "Case", "Protocol", "experiments", "make_base", "protocol"]

NAME = "boosting-variants"
BASES = ("qda", "mlp")
#: Seed of the estimators of split 0; split ``s`` is seeded ``SEED + s``.
SEED = 1000
#: Training and testing sets of the fixed Cone-Torus pair (``cone-torus-pair``).
CONE_TORUS_SEEDS = (0, 1)
#: The experiments' data set names, by the page's names of the data.
DATASETS = {"cone-torus": "cone-torus-pair", "pima": "pima", "phoneme": "phoneme"}
PROBES = (
    "ensemble_lab.experiments.boosting_variants.probes:boosting_curves",
    "ensemble_lab.experiments.boosting_variants.probes:final_weights",
)

#: Checks: a base learner set otherwise than the paper's, run on the same cases as the
#: base it replaces; they enter no verdict. ``mlp-lbfgs`` is the ``mlp`` network (15
#: hidden units, at most 300 iterations) trained by L-BFGS, which fits small training
#: sets where 300 epochs of Adam at its default step do not.
CHECKS: dict[str, str] = {"mlp-lbfgs": "mlp"}
#: How the notes name each check's learner.
CHECK_LABELS: dict[str, str] = {
    "mlp-lbfgs": (
        "the `mlp` network trained by L-BFGS (the paper trains its MLP by 300 epochs of "
        "Matlab's fast back-propagation, `mlp` by 300 epochs of Adam)"
    )
}


def make_base(base: str) -> Any:
    """The base learner of a case: a preset name, or a check (:data:`CHECKS`).

    Examples
    --------
    >>> make_base("mlp-lbfgs").estimator.solver
    'lbfgs'
    """
    from ...learners import make_learner

    if base == "mlp-lbfgs":
        return make_learner("mlp", solver="lbfgs")
    return make_learner(base)


@dataclass(frozen=True)
class Case:
    """One split of one study: the three variants fitted on the same training set.

    Examples
    --------
    >>> Case("fig4", "phoneme", "mlp", 80, 3, 25).key
    'fig4/phoneme/mlp/N80/L25/split3'
    """

    study: str  # "fig2" (fixed Cone-Torus pair), "fig3" (half/half), "fig4" (Phoneme, N)
    dataset: str
    base: str
    n_train: int  # 0: half of the data (fig3) or the fixed 400 (fig2)
    split: int
    n_members: int

    @property
    def key(self) -> str:
        """The case's identity on the page (study/data/base/N/L/split)."""
        return (
            f"{self.study}/{self.dataset}/{self.base}/N{self.n_train}"
            f"/L{self.n_members}/split{self.split}"
        )


@dataclass(frozen=True)
class Protocol:
    """How many runs each part of the study gets.

    Examples
    --------
    >>> [c.key for c in protocol(quick=True).cases()][:2]
    ['fig2/cone-torus/qda/N0/L5/split0', 'fig2/cone-torus/qda/N0/L5/split1']
    """

    n_members: int
    fig2_runs: int
    fig3_datasets: tuple[str, ...]
    fig3_splits: dict[str, int]  # base -> splits
    phoneme_sizes: tuple[int, ...]
    phoneme_splits: dict[tuple[str, int], int] = field(default_factory=dict)  # (base, N)
    bases: tuple[str, ...] = BASES
    checks: tuple[str, ...] = ()  # keys of CHECKS, run after the paper's bases

    def cases(self) -> list[Case]:
        """All cases, in the order of the page's tables: Figure 2, then base by base.

        Within a base learner the cases go split by split (each split's Figure 3 data
        sets, then its Phoneme sizes).
        """
        L = self.n_members
        out = [Case("fig2", "cone-torus", "qda", 0, s, L) for s in range(self.fig2_runs)]
        for base in (*self.bases, *self.checks):
            per_split: list[Case] = []
            for dataset in self.fig3_datasets:
                per_split += [
                    Case("fig3", dataset, base, 0, s, L) for s in range(self.fig3_splits[base])
                ]
            for n in self.phoneme_sizes:
                splits = self.phoneme_splits.get((base, n), 0)
                per_split += [Case("fig4", "phoneme", base, n, s, L) for s in range(splits)]
            out += sorted(per_split, key=lambda c: c.split)
        return out


def protocol(quick: bool = False) -> Protocol:
    """The committed protocol, or the tiny one of the test.

    Ten splits (or runs) for every configuration, as in the paper.
    """
    if quick:
        return Protocol(
            n_members=5,
            fig2_runs=2,
            fig3_datasets=("cone-torus",),
            fig3_splits={"qda": 2},
            phoneme_sizes=(),
            bases=("qda",),
        )
    return Protocol(
        n_members=25,
        fig2_runs=10,
        fig3_datasets=("cone-torus", "pima"),
        fig3_splits={"qda": 10, "mlp": 10, "mlp-lbfgs": 10},
        phoneme_sizes=(80, 350, 1000),
        phoneme_splits={
            (base, n): 10 for base in ("qda", "mlp", "mlp-lbfgs") for n in (80, 350, 1000)
        },
        checks=tuple(CHECKS),
    )


def method_label(variant: str, base: str) -> str:
    """The runner's label of a variant boosting a base learner: ``"aggressive qda"``."""
    return f"{variant} {base}"


def _methods(
    bases: tuple[str, ...], n_members: int, weights: bool = False
) -> tuple[MethodSpec, ...]:
    """The three variants of every base learner, by resampling, ``n_members`` rounds."""
    out = []
    for base in bases:
        learner = make_base(base) if base in CHECKS else base
        for variant in VARIANTS:
            params: dict[str, Any] = {"n_estimators": n_members}
            if weights:
                params["store_weights"] = True
            name = variant.capitalize()  # the catalogue's "Aggressive": mode="resample"
            out.append(MethodSpec(method_label(variant, base), name, learner, params))
    return tuple(out)


def experiments(quick: bool = False) -> list[ExperimentConfig]:
    """The runner experiments of the study: Figure 2, Figure 3, Figure 4 by training size."""
    proto = protocol(quick)
    L, bases = proto.n_members, (*proto.bases, *proto.checks)
    common: dict[str, Any] = {"seed": 0, "common_seeds": SEED, "probes": PROBES[:1]}
    pair = FixedSplit(tuple(range(400)), tuple(range(400, 800)), n_repetitions=proto.fig2_runs)
    out = [
        ExperimentConfig(
            f"{NAME}-fig2",
            (DATASETS["cone-torus"],),
            _methods(("qda",), L, weights=True),
            pair,
            **(common | {"probes": PROBES}),
        )
    ]
    fig3_runs = max(proto.fig3_splits.values())
    out.append(
        ExperimentConfig(
            f"{NAME}-fig3",
            tuple(DATASETS[d] for d in proto.fig3_datasets),
            _methods(bases, L),
            RandomSubsamples(0.5, fig3_runs),
            **common,
        )
    )
    for n in proto.phoneme_sizes:
        runs = max(proto.phoneme_splits.get((b, n), 0) for b in bases)
        subsamples = RandomSubsamples(n, runs)
        name = f"{NAME}-fig4-n{n}"
        out.append(ExperimentConfig(name, ("phoneme",), _methods(bases, L), subsamples, **common))
    return out
