"""The stored curves as the page reads them, and the numbers computed from them.

The runner's store keeps each task's curves and final weights as records of the probes
of :mod:`.probes` (:func:`~ensemble_lab.evaluation.load_records`); :func:`load_curves`
and :func:`load_weights` give them back one row per case, variant and k (or point), in
the order of the protocol's cases (:meth:`.configs.Protocol.cases`), whatever order the
tasks finished in, so that any run writes the same page.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ...evaluation import ExperimentConfig, load_results
from ...evaluation.records import load_records
from .configs import DATASETS, PROBES, Case, Protocol, experiments
from .criteria import GROUP, VARIANTS
from .probes import CURVES

__all__ = ["load_curves", "load_weights", "mean_curves", "stopping_points"]

#: The page's name of each experiment data set.
_PAGE_DATASETS = {stored: page for page, stored in DATASETS.items()}


def _study(config: ExperimentConfig) -> tuple[str, int]:
    """The study of an experiment (``fig2``, ``fig3``, ``fig4``) and its training size."""
    study = config.name.split("-")[2]
    n_train = getattr(config.protocol, "train_size", 0)
    return study, n_train if study == "fig4" else 0


def _records(db: Path, config: ExperimentConfig, probe: str) -> pd.DataFrame | None:
    """One probe's records of an experiment with the case fields, or None if none is stored."""
    try:
        frame = load_records(db, config.name, probe)
    except KeyError:
        return None
    study, n_train = _study(config)
    variant_base = frame["method"].str.split(" ", n=1, expand=True)
    frame = frame.assign(
        study=study,
        dataset=frame["dataset"].map(_PAGE_DATASETS),
        variant=variant_base[0],
        base=variant_base[1],
        n_train=n_train,
        split=frame["repetition"],
    )
    return frame


def _with_keys(frame: pd.DataFrame, n_members: int) -> pd.DataFrame:
    fields = zip(frame["study"], frame["dataset"], frame["base"], frame["n_train"], frame["split"])
    keys = [Case(s, d, b, int(n), int(r), n_members).key for s, d, b, n, r in fields]
    return frame.assign(key=keys, n_members=n_members)


def _in_plan_order(frame: pd.DataFrame, cases: list[Case], within: list[str]) -> pd.DataFrame:
    """The rows of ``cases`` only, in the order of ``cases`` and then of ``within``."""
    position = {c.key: i for i, c in enumerate(cases)}
    frame = frame[frame["key"].isin(position)]
    return (
        frame.assign(_position=frame["key"].map(position))
        .sort_values(["_position", *within], kind="stable")
        .drop(columns="_position")
        .reset_index(drop=True)
    )


def _stored(db: Path, proto: Protocol, quick: bool, probe: str) -> pd.DataFrame:
    """Every stored record of ``probe`` in the experiments of the protocol, with case keys."""
    frames = [_records(db, config, probe) for config in experiments(quick)]
    found = [f for f in frames if f is not None]
    if not found:
        return pd.DataFrame(columns=["key", "variant", "k", "point", *GROUP, "split"])
    return _with_keys(pd.concat(found, ignore_index=True), proto.n_members)


def load_curves(db: Path, proto: Protocol, quick: bool = False) -> pd.DataFrame:
    """The stored curves (one row per case, variant and k) with the case fields.

    Columns ``key, variant, k``, the curves (:data:`.probes.CURVES`), ``n_kept``,
    ``n_resets`` and the case's ``study, dataset, base, n_train, split, n_members``.
    """
    frame = _stored(db, proto, quick, PROBES[0])
    columns = ["key", "variant", "k", *CURVES, "n_kept", "n_resets"]
    fields = ["study", "dataset", "base", "n_train", "split", "n_members"]
    frame = frame.reindex(columns=[*columns, *fields])
    return _in_plan_order(frame, proto.cases(), ["variant", "k"])


def load_weights(db: Path, proto: Protocol, quick: bool = False) -> pd.DataFrame:
    """Stored final sampling weights of the Figure 2 runs (key, variant, point, weight)."""
    frame = _stored(db, proto, quick, PROBES[1]).reindex(
        columns=["key", "variant", "point", "weight"]
    )
    return _in_plan_order(frame, proto.cases(), ["variant", "point"])


def cpu_minutes(db: Path, quick: bool = False) -> pd.Series:
    """CPU seconds of the stored fits per base learner: fit, prediction and curves."""
    parts = []
    for config in experiments(quick):
        try:
            results = load_results(db, config.name)
            records = load_records(db, config.name, PROBES[0])
        except KeyError:
            continue
        curves = records.groupby(["dataset", "method", "repetition"])["curves_cpu"].first()
        tasks = results.set_index(["dataset", "method", "repetition"])
        seconds = tasks["fit_cpu"] + tasks["predict_cpu"] + curves.reindex(tasks.index)
        base = tasks.index.get_level_values("method").str.split(" ").str[1]
        parts.append(seconds.groupby(base).sum())
    if not parts:
        return pd.Series(dtype=float)
    return pd.concat(parts).groupby(level=0).sum()


def fig2_resets(curves: pd.DataFrame) -> dict[str, float]:
    """Mean number of weight resets per fit of the Figure 2 runs, per variant."""
    fits = curves[(curves["study"] == "fig2") & (curves["k"] == 1)]
    if fits.empty:
        return {}
    return {v: float(fits[fits["variant"] == v]["n_resets"].mean()) for v in VARIANTS}


def mean_curves(frame: pd.DataFrame) -> pd.DataFrame:
    """Curves averaged over splits, indexed by (study, dataset, base, n_train, variant, k)."""
    return frame.groupby([*GROUP, "k"])[CURVES].mean()


def stopping_points(frame: pd.DataFrame) -> pd.DataFrame:
    """Per split and variant: k* = argmin over k ≥ 2 of the training Q, and the errors.

    Columns ``k_star``, ``error_first`` (k = 1), ``error_star`` (k = k*), ``error_last``
    (k = L) — testing errors of the ensemble of the first k members.
    """
    rows = []
    for (key, _variant), group in frame.groupby(["key", "variant"], sort=False):
        group = group.sort_values("k")
        q = group["train_q"].to_numpy()
        err = group["test_error"].to_numpy()
        k_star = int(np.nanargmin(q[1:])) + 2 if q.shape[0] > 1 else 1
        first = group.iloc[0]
        rows.append(
            {
                **{c: first[c] for c in GROUP},
                "key": key,
                "k_star": k_star,
                "error_first": err[0],
                "error_star": err[k_star - 1],
                "error_last": err[-1],
                "n_kept": int(first["n_kept"]),
            }
        )
    return pd.DataFrame(rows)
