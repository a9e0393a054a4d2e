"""Claim 7 of paper 003, on the projections themselves: linear ones are "faster to obtain".

García-Osorio & García-Pedrajas (2008) replace the non-linear boosting projections of
their reference [1] (the hidden layer of a multilayer perceptron trained on the
misclassified instances) by HDA and NDA, "with the advantage of being simpler, more
interpretable and faster to obtain"; they report no times. Whole-ensemble fit times
(:mod:`._projection_nonlinear`) mix the projections' cost with the trees' and with how
many members each ensemble grows. Here the projections alone are timed on identical
inputs: on every training part of the 5×2 CV of Table 1, PB-HDA (C4.5, 10 members, its
task seed) is fitted, the instances S' misclassified at each of its rounds are
recovered (:func:`error_sets`), and HDA, NDA and the MLP projection are each fitted on
every S' of two classes or more, the best of three process-CPU times with one BLAS
thread (:func:`time_projections`). The times are kept in the store :data:`STORE`.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..evaluation import FiveByTwoCV
from ..evaluation.tasks import derive_seed
from ..methods import make
from ..reporting.claims import Claim, verdict
from . import _projection_nonlinear as nonlinear
from ._common import markdown_table

__all__ = ["PROJECTIONS", "STORE", "claim", "error_sets", "load", "section", "time_projections"]

#: The store of the projection times (in the results directory).
STORE = "projection-boosting-projections.db"
TABLE = "projection_fits"

#: The projections timed, by column: the two linear ones, then the network of [1].
PROJECTIONS = ("HDA", "NDA", "MLP")
LINEAR = ("HDA", "NDA")
NONLINEAR = "MLP"

#: Timings of each projection on each S'; the best (least) CPU time is kept.
REPEATS = 3
N_ESTIMATORS = 10
#: The ensemble whose rounds give the S' sets, as the runner seeds it.
SOURCE = "PB-HDA"


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
    from ..projections import HDA, NDA, MLPProjection

    return {
        "HDA": HDA(lam=ensemble.lam, eta=ensemble.eta),
        "NDA": NDA(k=ensemble.k, alpha=ensemble.alpha),
        "MLP": MLPProjection(random_state=seed),
    }


def _time_split(X: Any, y: np.ndarray, seed: int, repeats: int) -> list[dict[str, Any]]:
    """One training part: fit the source ensemble, time the projections on each S'."""
    ensemble = make(SOURCE, base="j48", n_estimators=N_ESTIMATORS, random_state=seed)
    ensemble.fit(X, y)
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
        for name, projection in _projections(ensemble, seed).items():
            fit = partial(projection.fit, Z_errors, y_errors)
            row[f"{name.lower()}_ms"] = (
                _best_cpu_ms(fit, repeats) if row["n_classes"] >= 2 else np.nan
            )
        rows.append(row)
    return rows


def time_projections(
    datasets: Sequence[str],
    *,
    data_dir: Path | None = None,
    repeats: int = REPEATS,
    progress: Callable[[str], None] | None = None,
) -> pd.DataFrame:
    """Time HDA, NDA and the MLP projection on the S' of PB-HDA's rounds.

    Parameters
    ----------
    datasets : sequence of str
    data_dir : Path, optional
        Where the ARFF files are.
    repeats : int, default=3
        Fits of each projection on each S'; the least CPU time is kept.
    progress : callable, optional
        Called with each dataset's name when it is done.

    Returns
    -------
    DataFrame
        One row per (dataset, repetition, fold, round): ``n_errors`` (|S'|),
        ``n_classes``, ``n_features`` (encoded), ``hda_ms``, ``nda_ms``, ``mlp_ms``
        (process CPU ms; NaN where S' holds one class and only HDA is defined, which
        then is not timed either).
    """
    from threadpoolctl import threadpool_limits

    from ..datasets import load

    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats!r}")
    rows = []
    with threadpool_limits(limits=1):
        for name in datasets:
            X, y = load(name, data_dir=data_dir)
            y = np.asarray(y)
            for split in FiveByTwoCV().splits(y, seed=1):
                seed = derive_seed(1, name, SOURCE, split.repetition, split.fold)
                X_train = X.iloc[split.train_idx].reset_index(drop=True)
                for row in _time_split(X_train, y[split.train_idx], seed, repeats):
                    rows.append(
                        {"dataset": name, "repetition": split.repetition, "fold": split.fold} | row
                    )
            if progress is not None:
                progress(name)
    return pd.DataFrame(rows)


def write_store(times: pd.DataFrame, out_dir: Path) -> Path:
    """Write the times into ``out_dir/STORE`` (replacing its table), rollback journal."""
    db = Path(out_dir) / STORE
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA journal_mode=DELETE")
        times.to_sql(TABLE, con, if_exists="replace", index=False)
    return db


def load(out_dir: Path) -> pd.DataFrame | None:
    """The stored times (None: no store)."""
    db = Path(out_dir) / STORE
    if not db.is_file():
        return None
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        return pd.read_sql(f"SELECT * FROM {TABLE}", con)


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
