"""Named datasets: the embedded subset, the full ARFF collection, and synthetic tasks.

``load(name)`` looks for ``<file>.arff`` first in ``data_dir`` (or the directory named by
the environment variable ``ENSEMBLE_LAB_DATA``), then among the files shipped inside the
package. The registry records what the papers did to a file before using it: identifier
attributes dropped (splice's instance name, zoo's animal name, vowel's train/test flag)
and abalone's integer rings read as 28 nominal classes. ``zoo-named`` is zoo with the
animal's name kept, as Weka ships it: the Triskel paper's SMO accuracy on zoo is that
file's (96.05 % over 10 × 10-fold CV), not the 93 % of zoo without the name.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ._arff import load_arff
from ._synthetic import make_cone_torus, make_layered_cake, make_oracle_2d, make_xor

__all__ = [
    "DATA_ENV",
    "DatasetSpec",
    "dataset_names",
    "describe",
    "embedded_names",
    "embedded_path",
    "find",
    "list_datasets",
    "load",
]

DATA_ENV = "ENSEMBLE_LAB_DATA"
_EMBEDDED_DIR = Path(__file__).parent / "data"


@dataclass(frozen=True)
class DatasetSpec:
    """How to read one named dataset."""

    name: str
    file: str | None = None
    drop: tuple[str, ...] = ()
    target_as_nominal: bool = False
    aliases: tuple[str, ...] = ()
    generator: Callable[..., tuple[np.ndarray, np.ndarray]] | None = None
    note: str = ""


_SPECS = [
    DatasetSpec(
        "abalone", target_as_nominal=True, note="rings read as 28 nominal classes, as paper 004"
    ),
    DatasetSpec("anneal"),
    DatasetSpec("anneal.orig", aliases=("anneal-orig",)),
    DatasetSpec("audiology"),
    DatasetSpec("autos"),
    DatasetSpec("balance-scale", aliases=("balance",)),
    DatasetSpec("breast-cancer"),
    DatasetSpec("breast-w", aliases=("wisconsin-bc", "breast-wisconsin")),
    DatasetSpec("colic", aliases=("horse-colic",)),
    DatasetSpec("credit-a", aliases=("credit-rating",)),
    DatasetSpec("credit-g", aliases=("german-credit",)),
    DatasetSpec("diabetes", aliases=("pima", "pima-indians")),
    DatasetSpec("ecoli"),
    DatasetSpec("glass"),
    DatasetSpec("heart-c", aliases=("cleveland", "heart-cleveland")),
    DatasetSpec("heart-h", aliases=("hungarian", "heart-hungarian")),
    DatasetSpec("heart-statlog", aliases=("heart",)),
    DatasetSpec("hepatitis"),
    DatasetSpec("hypothyroid", aliases=("thyroid",)),
    DatasetSpec("ionosphere"),
    DatasetSpec("iris"),
    DatasetSpec("kr-vs-kp", aliases=("chess",)),
    DatasetSpec("labor"),
    DatasetSpec("letter"),
    DatasetSpec("lymph", aliases=("lymphography",)),
    DatasetSpec("mushroom"),
    DatasetSpec("page-blocks"),
    DatasetSpec("phoneme"),
    DatasetSpec("primary-tumor"),
    DatasetSpec("segment"),
    DatasetSpec("sick"),
    DatasetSpec("sonar"),
    DatasetSpec("soybean"),
    DatasetSpec("spambase"),
    DatasetSpec("spectf"),
    DatasetSpec("splice", drop=("Instance_name",), note="sequence identifier dropped"),
    DatasetSpec("vehicle"),
    DatasetSpec("vote"),
    DatasetSpec(
        "vowel", drop=("Train or Test",), aliases=("vowel-context",), note="train/test flag dropped"
    ),
    DatasetSpec("vowel-nocontext"),
    DatasetSpec("waveform-5000", aliases=("waveform",)),
    DatasetSpec("zoo", drop=("animal",), note="animal name dropped"),
    DatasetSpec(
        "zoo-named",
        file="zoo",
        note="zoo as Weka ships it, the animal's name kept (paper 000's SMO sees it)",
    ),
    DatasetSpec("layered-cake", generator=make_layered_cake, note="synthetic, 400 points"),
    DatasetSpec("xor", generator=make_xor, note="synthetic, 400 points"),
    DatasetSpec("oracle-2d", generator=make_oracle_2d, note="synthetic, 400 points"),
    DatasetSpec("cone-torus", generator=make_cone_torus, note="synthetic, 400 points"),
]


def _key(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.lower())


_BY_KEY = {_key(alias): spec for spec in _SPECS for alias in (spec.name, *spec.aliases)}


def _spec(name: str) -> DatasetSpec:
    return _BY_KEY.get(_key(name)) or DatasetSpec(name)


def _search_dirs(data_dir: str | Path | None) -> list[Path]:
    dirs = []
    if data_dir is not None:
        dirs.append(Path(data_dir))
    elif os.environ.get(DATA_ENV):
        dirs.append(Path(os.environ[DATA_ENV]))
    dirs.append(_EMBEDDED_DIR)
    return dirs


def embedded_names() -> list[str]:
    """Names of the datasets shipped inside the package."""
    return sorted(p.stem for p in _EMBEDDED_DIR.glob("*.arff"))


def embedded_path(name: str) -> Path:
    """Path of an embedded ARFF file."""
    path = _EMBEDDED_DIR / f"{_spec(name).file or _spec(name).name}.arff"
    if not path.is_file():
        raise ValueError(f"{name!r} is not embedded; embedded datasets: {embedded_names()}")
    return path


def _find_file(spec: DatasetSpec, data_dir: str | Path | None) -> Path:
    filename = f"{spec.file or spec.name}.arff"
    dirs = _search_dirs(data_dir)
    for directory in dirs:
        if (directory / filename).is_file():
            return directory / filename
    hint = (
        ""
        if data_dir or os.environ.get(DATA_ENV)
        else f" (give the directory of the ARFF files: --data-dir, data_dir= or ${DATA_ENV})"
    )
    raise ValueError(
        f"dataset {spec.name!r}: no file {filename} in {[str(d) for d in dirs]}{hint}. "
        f"Embedded datasets: {embedded_names()}"
    )


def find(name: str, *, data_dir: str | Path | None = None) -> Path | None:
    """Where :func:`load` would read ``name`` from, without reading it.

    Parameters
    ----------
    name : str
        A dataset name or alias, as for :func:`load`.
    data_dir : str or Path, default=None
        Directory of ARFF files; defaults to ``$ENSEMBLE_LAB_DATA``.

    Returns
    -------
    Path or None
        The ARFF file; None for a synthetic dataset (generated, no file).

    Raises
    ------
    ValueError
        When no file holds the dataset; the message names the directories searched and
        the closest available names.

    Examples
    --------
    >>> find("pima").name
    'diabetes.arff'
    >>> find("xor") is None
    True
    """
    spec = _spec(name)
    if spec.generator is not None:
        return None
    try:
        return _find_file(spec, data_dir)
    except ValueError as exc:
        close = difflib.get_close_matches(name, dataset_names(data_dir), n=3, cutoff=0.6)
        hint = f". Did you mean {' or '.join(map(repr, close))}?" if close else ""
        raise ValueError(f"{exc}{hint}") from None


def load(
    name: str, *, data_dir: str | Path | None = None, random_state: int | None = 0
) -> tuple[pd.DataFrame, pd.Series]:
    """Load a named dataset as ``(X, y)``.

    Parameters
    ----------
    name : str
        A dataset name or alias (``"diabetes"``, ``"pima"``, ``"layered-cake"``, ...);
        case and punctuation are ignored. A name the registry does not know is looked
        up as ``<name>.arff`` in the data directories.
    data_dir : str or Path, default=None
        Directory of ARFF files; defaults to ``$ENSEMBLE_LAB_DATA``. The embedded files
        are always searched last.
    random_state : int or None, default=0
        Seed of a synthetic dataset (ignored for files).

    Returns
    -------
    X : DataFrame
    y : Series

    Examples
    --------
    >>> X, y = load("pima")
    >>> X.shape, y.value_counts().to_dict()
    ((768, 8), {'tested_negative': 500, 'tested_positive': 268})
    """
    spec = _spec(name)
    if spec.generator is not None:
        X, y = spec.generator(random_state=random_state)
        return pd.DataFrame(X, columns=[f"x{i + 1}" for i in range(X.shape[1])]), pd.Series(
            y, name="class"
        )
    return load_arff(
        _find_file(spec, data_dir), drop=spec.drop, target_as_nominal=spec.target_as_nominal
    )


def dataset_names(data_dir: str | Path | None = None) -> list[str]:
    """Names of every dataset available: files found in the data directories and synthetic tasks."""
    found: set[str] = set()
    for directory in _search_dirs(data_dir):
        found.update(_spec(p.stem).name for p in directory.glob("*.arff"))
    found.update(s.name for s in _SPECS if s.generator is not None)
    return sorted(found)


def describe(X: pd.DataFrame, y: pd.Series) -> dict[str, int | bool]:
    """Counts of a loaded dataset: instances, nominal/numeric attributes, classes, missing."""
    nominal = sum(not pd.api.types.is_numeric_dtype(dt) for dt in X.dtypes)
    return {
        "instances": int(X.shape[0]),
        "nominal": int(nominal),
        "numeric": int(X.shape[1] - nominal),
        "classes": int(y.nunique()),
        "missing": bool(X.isna().to_numpy().any()),
    }


def list_datasets(data_dir: str | Path | None = None) -> pd.DataFrame:
    """One row per available dataset with its counts and where it comes from.

    A file that cannot be read (a malformed ARFF) gets a row too, with no counts and
    the reason in ``error`` (empty for the others), so one bad file does not hide the
    rest.
    """
    rows: list[dict[str, object]] = []
    for name in dataset_names(data_dir):
        spec = _spec(name)
        if spec.generator is not None:
            source = "synthetic"
        else:
            source = (
                "embedded" if _find_file(spec, data_dir).parent == _EMBEDDED_DIR else "data dir"
            )
        try:
            X, y = load(name, data_dir=data_dir)
        except ValueError as exc:  # ArffError and friends: report it, go on
            rows.append({"name": name, "source": source, "note": spec.note, "error": str(exc)})
            continue
        counts = describe(X, y)
        rows.append({"name": name, **counts, "source": source, "note": spec.note, "error": ""})
    columns = ["name", "instances", "nominal", "numeric", "classes", "missing", "source"]
    frame = pd.DataFrame(rows, columns=[*columns, "note", "error"])
    integers = ["instances", "nominal", "numeric", "classes"]
    return frame.astype(dict.fromkeys(integers, "Int64"))  # integers, missing for bad files
