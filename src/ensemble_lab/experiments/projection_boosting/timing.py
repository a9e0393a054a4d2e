"""Claim 7 of paper 003, on the projections themselves: linear ones are "faster to obtain".

García-Osorio & García-Pedrajas (2008) replace the non-linear boosting projections of
their reference [1] (the hidden layer of a multilayer perceptron trained on the
misclassified instances) by HDA and NDA, "with the advantage of being simpler, more
interpretable and faster to obtain"; they report no times. Whole-ensemble fit times
(:mod:`.nonlinear`) mix the projections' cost with the trees' and with how many
members each ensemble grows. Here the projections alone are timed on identical
inputs: the experiment :data:`NAME` (:func:`config`) fits PB-HDA as the C4.5 column
of Table 1 does (C4.5, 10 members, the same 5×2 CV splits and task seeds), and its
probe :func:`projection_times` recovers the instances S' misclassified at each round
of the fitted ensemble (:func:`error_sets`) and fits HDA, NDA and the MLP projection
on every S' of two classes or more, keeping the best of three process-CPU times with
one BLAS thread. The records are kept in the store :data:`STORE`; ``verify`` reruns
them and compares all but the times (columns ``*_ms``), which are measurements.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ...evaluation import ExperimentConfig, MethodSpec, Protocol
from ...evaluation.records import load_records
from ...evaluation.store import experiment_names
from ...reporting.claims import Claim, verdict
from .._common import markdown_table
from . import nonlinear

__all__ = [
    "NAME",
    "PROBE",
    "PROJECTIONS",
    "STEM",
    "STORE",
    "claim",
    "config",
    "error_sets",
    "load",
    "projection_times",
    "section",
]

#: The store of the projection times (in the results directory), and its file stem.
STORE = "projection-boosting-projections.db"
STEM = STORE.removesuffix(".db")
#: The experiment that fits the ensembles whose S' are timed.
NAME = "projection-boosting-projections"
#: The probe that times the projections of each fitted ensemble.
PROBE = f"{__name__}:projection_times"

#: The projections timed, by column: the two linear ones, then the network of [1].
PROJECTIONS = ("HDA", "NDA", "MLP")
LINEAR = ("HDA", "NDA")
NONLINEAR = "MLP"

#: Timings of each projection on each S'; the best (least) CPU time is kept.
REPEATS = 3
#: The ensemble whose rounds give the S' sets, as Table 1's C4.5 column runs it.
SOURCE = "PB-HDA"
BASE = "j48"

#: The probe's columns: the S' of a round, then the times (NaN: not timed).
COLUMNS = {
    "round": "int64",
    "n_errors": "int64",
    "n_classes": "int64",
    "n_features": "int64",
    "hda_ms": "float64",
    "nda_ms": "float64",
    "mlp_ms": "float64",
}


def error_sets(ensemble: Any, X: Any, y: Any) -> list[np.ndarray]:
    """The instances S' of every round of a fitted projection ensemble, as boolean masks.

    Round ``t ≥ 1`` fitted its projection on the training instances member ``t − 1``
    misclassifies, each member applied to its own view of ``X``
    (:meth:`~ensemble_lab.base.MemberPredictionsMixin.member_predictions`).

    Parameters
    ----------
    ensemble : ProjectionBoostingClassifier
        Fitted on ``X``, ``y``.
    X, y : the training data.

    Returns
    -------
    list of ndarray of bool
        One mask per member after the first (empty for a one-member ensemble).

    Raises
    ------
    ValueError
        When ``ensemble`` is not a fitted projection ensemble, or the masks do not
        reproduce its recorded training errors (it was not fitted on ``X``, ``y``).

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from ensemble_lab.methods import make
    >>> X, y = load_iris(return_X_y=True)
    >>> ens = make("PB-HDA", base="j48", n_estimators=3).fit(X, y)
    >>> [int(s.sum()) for s in error_sets(ens, X, y)] == [
    ...     round(e * len(y)) for e in ens.train_errors_[:-1]]
    True
    """
    if not hasattr(ensemble, "projections_") or not hasattr(ensemble, "train_errors_"):
        raise ValueError(f"expected a fitted ProjectionBoostingClassifier, got {ensemble!r}")
    labels = ensemble.member_predictions(X)
    masks = list(labels[:-1] != np.asarray(y)[None, :])
    recorded = np.asarray(ensemble.train_errors_[: len(masks)])
    if not np.allclose([m.mean() for m in masks], recorded):
        raise ValueError("the ensemble's members do not give its recorded training errors")
    return masks


def _best_cpu_ms(fit: Callable[[], Any], repeats: int) -> float:
    best = np.inf
    for _ in range(repeats):
        start = time.process_time()
        fit()
        best = min(best, time.process_time() - start)
    return 1000 * best


def _projections(ensemble: Any, seed: int) -> dict[str, Any]:
    from ...projections import HDA, NDA, MLPProjection

    return {
        "HDA": HDA(lam=ensemble.lam, eta=ensemble.eta),
        "NDA": NDA(k=ensemble.k, alpha=ensemble.alpha),
        "MLP": MLPProjection(random_state=seed),
    }


def _time_rounds(ensemble: Any, X: Any, y: np.ndarray, repeats: int) -> list[dict[str, Any]]:
    """One fitted ensemble: its S' of each round, each projection timed on it."""
    # the encoder saw what fit validated: a numeric frame became an array
    named = hasattr(ensemble.encoder_, "feature_names_in_")
    Z = ensemble.encoder_.transform(X if named else np.asarray(X, dtype=float))
    codes = np.searchsorted(ensemble.classes_, y)
    rows = []
    for t, miss in enumerate(error_sets(ensemble, X, y), start=1):
        row: dict[str, Any] = {
            "round": t,
            "n_errors": int(miss.sum()),
            "n_classes": int(np.unique(codes[miss]).size),
            "n_features": int(Z.shape[1]),
        }
        Z_errors, y_errors = Z[miss], codes[miss]
        for name, projection in _projections(ensemble, ensemble.random_state).items():
            fit = partial(projection.fit, Z_errors, y_errors)
            row[f"{name.lower()}_ms"] = (
                _best_cpu_ms(fit, repeats) if row["n_classes"] >= 2 else np.nan
            )
        rows.append(row)
    return rows


def projection_times(
    estimator: Any, X_train: Any, y_train: Any, X_test: Any, y_test: Any
) -> pd.DataFrame:
    """Probe: HDA, NDA and the MLP projection timed on each S' of a fitted PB-HDA.

    A probe of the experiment runner (``ExperimentConfig(probes=(PROBE,))``): called
    on every task's fitted ensemble with its training and test parts (the test part is
    not used).

    Parameters
    ----------
    estimator : ProjectionBoostingClassifier
        Fitted on ``X_train``, ``y_train``; its ``random_state`` seeds the MLP
        projection.
    X_train, y_train : the training part.
    X_test, y_test : the test part (unused).

    Returns
    -------
    DataFrame
        One row per member after the first (its S'): ``round``, ``n_errors`` (|S'|),
        ``n_classes``, ``n_features`` (encoded), ``hda_ms``, ``nda_ms``, ``mlp_ms``
        (least process CPU ms of :data:`REPEATS` fits with one BLAS thread; NaN where S'
        holds one class and only HDA is defined, which then is not timed either).

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.methods import make
    >>> X, y = load("heart-statlog")
    >>> ens = make("PB-HDA", base="j48", n_estimators=3, random_state=0).fit(X, y)
    >>> times = projection_times(ens, X, y, X, y)
    >>> times[["round", "n_classes"]].to_numpy().tolist()
    [[1, 2], [2, 2]]
    >>> times["n_errors"].tolist() == [round(e * len(y)) for e in ens.train_errors_[:-1]]
    True
    >>> bool((times["mlp_ms"] > 0).all())
    True
    """
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1):
        rows = _time_rounds(estimator, X_train, np.asarray(y_train), REPEATS)
    return pd.DataFrame(rows, columns=list(COLUMNS)).astype(COLUMNS)


def config(
    datasets: Sequence[str], n_estimators: int, protocol: Protocol, description: str
) -> ExperimentConfig:
    """PB-HDA with C4.5 as in Table 1, its projections timed by :func:`projection_times`.

    The method's label, the seed and the protocol are those of the C4.5 column of
    Table 1, so every task's ensemble is that column's (task seeds depend on the label,
    not on the experiment's name). The parameters are those of
    :func:`.nonlinear.config`; ``n_estimators`` is the ensemble's size.
    """
    return ExperimentConfig(
        name=NAME,
        description=f"{description}; HDA, NDA and MLP projections timed on PB-HDA's S'",
        datasets=tuple(datasets),
        methods=(
            MethodSpec(label=SOURCE, name=SOURCE, base=BASE, params={"n_estimators": n_estimators}),
        ),
        protocol=protocol,
        seed=1,
        probes=(PROBE,),
    )


def load(db: Path) -> pd.DataFrame | None:
    """The stored times of the store ``db``, one row per S' (None: no store or no record).

    Columns ``dataset, repetition, fold`` and the probe's (:func:`projection_times`).
    """
    if not Path(db).is_file() or NAME not in experiment_names(db):
        return None
    try:
        frame = load_records(db, NAME, PROBE)
    except KeyError:  # no task finished yet
        return None
    return frame.drop(columns="method")


def per_dataset(times: pd.DataFrame) -> pd.DataFrame:
    """Mean CPU ms per projection fitted, per dataset, over its S' of two classes or more."""
    timed = times[times["n_classes"] >= 2]
    columns = {f"{p.lower()}_ms": p for p in PROJECTIONS}
    return timed.groupby("dataset")[list(columns)].mean().rename(columns=columns)


QUOTE = nonlinear.QUOTE
TEST = (
    "Process CPU time of fitting one projection (best of three fits, one BLAS thread): "
    "HDA and NDA against the MLP projection of the paper's reference [1] (a network with "
    "one hidden layer as wide as the input, trained on S'), all three fitted on "
    "identical S' — the instances misclassified at each round of PB-HDA (C4.5, 10 "
    "members) on every training part of the 5×2 CV of Table 1, those of two classes or "
    "more; per dataset the mean over its S'. holds: both linear projections take less "
    "than the MLP projection on every dataset where a projection is fitted; partly: "
    "each on more than half of them; does not hold: otherwise"
)


def claim(times: pd.DataFrame | None) -> Claim:
    """Claim 7 from the projection times (None: not run)."""
    key, paper = "linear-faster-than-nonlinear", nonlinear.PAPER
    if times is None or times.empty:
        return Claim(key, QUOTE, TEST, paper, f"not run: no store {STORE}", "not run")
    ms = per_dataset(times)
    timed = times[times["n_classes"] >= 2]
    n = len(ms)
    faster = {p: int((ms[p] < ms[NONLINEAR]).sum()) for p in LINEAR}
    each = {p: int((timed[f"{p.lower()}_ms"] < timed["mlp_ms"]).sum()) for p in LINEAR}
    ratio = {p: float(np.median(ms[NONLINEAR] / ms[p])) for p in LINEAR}
    ours = (
        "less CPU per projection than the MLP projection: "
        + ", ".join(f"{p} on {faster[p]} of {n} datasets" for p in LINEAR)
        + f"; median MLP ÷ HDA {ratio['HDA']:.1f}×, MLP ÷ NDA {ratio['NDA']:.1f}×; per S' "
        + ", ".join(f"{p} faster on {each[p]} of {len(timed)}" for p in LINEAR)
    )
    result = verdict(all(k == n for k in faster.values()), all(2 * k > n for k in faster.values()))
    return Claim(key, QUOTE, TEST, paper, ours, result, "" if result == "holds" else note(times))


def note(times: pd.DataFrame) -> str:
    """The datasets where a linear projection is not faster: their S' and times."""
    ms = per_dataset(times)
    timed = times[times["n_classes"] >= 2]
    slower = [d for d in ms.index if (ms.loc[d, list(LINEAR)] >= ms.loc[d, NONLINEAR]).any()]
    lines = []
    for d in slower:
        rows = timed[timed["dataset"] == d]
        lines.append(
            f"{d} ({len(rows)} S', mean |S'| {rows['n_errors'].mean():.1f}, "
            f"{int(rows['n_features'].iloc[0])} encoded features): "
            + ", ".join(f"{p} {ms.loc[d, p]:.2f} ms" for p in PROJECTIONS)
        )
    return (
        "Checked the datasets where a linear projection is not faster than the network: "
        + "; ".join(lines)
        + ". The times are the least of three fits of each projection on the same S', "
        "so a difference within a fraction of a millisecond is within the timer's "
        "resolution and the machine's load. The verdict stays on the test as written."
    )


def note_on_ensembles(speed: pd.DataFrame | None) -> str:
    """The former test (whole-ensemble fit CPU per member), for the section."""
    if speed is None or speed.empty:
        return ""
    old = nonlinear.claim(speed)
    return f"The whole ensembles' fit CPU per member (the test this claim had before): {old.ours}."


def section(
    times: pd.DataFrame | None, speed: pd.DataFrame | None = None, planned: Sequence[str] = ()
) -> str:
    """The page's section: per dataset, |S'| timed and CPU ms per projection fitted."""
    if times is None or times.empty:
        return f"Not run: no store `{STORE}`."
    ms = per_dataset(times)
    timed = times[times["n_classes"] >= 2]
    counts = (
        times.groupby("dataset")
        .agg(
            projections=("round", "size"), on_one_class=("n_classes", lambda c: int((c < 2).sum()))
        )
        .rename(columns={"on_one_class": "on one class"})
    )
    sizes = timed.groupby("dataset")["n_errors"].mean().rename("mean size of S'")
    table = pd.concat([counts, sizes, ms.add_suffix(", ms")], axis=1)
    table["MLP ÷ slower linear"] = ms[NONLINEAR] / ms[list(LINEAR)].max(axis=1)
    none = sorted((set(planned) | set(times["dataset"])) - set(ms.index))
    without = (
        f" No S' of two classes (no projection to compare) on: {', '.join(none)}." if none else ""
    )
    return (
        f"{len(times)} projections fitted by PB-HDA over {times['dataset'].nunique()} "
        f"datasets; {len(timed)} of them on S' of two classes or more, timed for all three "
        f"projections.{without} {note_on_ensembles(speed)}\n\n"
        + markdown_table(table.rename_axis("dataset"))
    )
