"""Named datasets: the papers' collection shipped with the package, and synthetic tasks.

Every data set of the five papers ships inside the package, gzip-compressed: the 42 UCI
files (``data/uci/``) and the seven medical data sets of the random linear oracle paper
(``data/medical/``); ``data/MANIFEST.csv`` and ``data/README.md`` give their counts and
provenance. ``load(name)`` looks for ``<file>.arff`` (or ``.arff.gz``, ``.arff.xz``,
``.arff.bz2``) first in ``data_dir`` (or the directory named by the environment variable
``ENSEMBLE_LAB_DATA``) and its ``medical/`` folder, then among the packaged files: a data
directory adds data sets and overrides packaged ones of the same name.
The registry records what the papers did to a file before using it: identifier
attributes dropped (splice's instance name, zoo's animal name, vowel's train/test flag)
and abalone's integer rings read as 28 nominal classes. ``zoo-named`` is zoo with the
animal's name kept, as Weka ships it: the Triskel paper's SMO accuracy on zoo is that
file's (96.05 % over 10 × 10-fold CV), not the 93 % of zoo without the name.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ._arff import load_arff, read_source
from ._synthetic import make_cone_torus, make_layered_cake, make_oracle_2d, make_xor
from ._tabular import OPENML_PREFIX, load_openml

__all__ = [
    "DATA_ENV",
    "DatasetSpec",
    "dataset_names",
    "describe",
    "embedded_names",
    "embedded_path",
    "extract_arff",
    "find",
    "list_datasets",
    "load",
    "manifest",
    "packaged_names",
]

DATA_ENV = "ENSEMBLE_LAB_DATA"
#: The packaged collection: ``uci/`` and ``medical/`` hold ``<name>.arff.gz`` files.
_PACKAGED_DIR = Path(__file__).parent / "data"
_PACKAGED_FOLDERS = (_PACKAGED_DIR / "uci", _PACKAGED_DIR / "medical")
#: Sub-folder of a data directory searched too (the medical data sets of paper 001).
_MEDICAL = "medical"
#: File name endings of an ARFF file, plain or compressed, in the order they are tried.
ARFF_SUFFIXES = (".arff", ".arff.gz", ".arff.xz", ".arff.bz2")

#: The seven medical data sets of the random linear oracle paper (its Table IV).
MEDICAL = ("laryngeal1", "laryngeal2", "laryngeal3", "respiratory", "voice3", "voice9", "weaning")

#: The small data sets of the quick job (``datasets = ["embedded"]``), which earlier
#: versions shipped alone.
EMBEDDED = (
    "breast-cancer", "diabetes", "glass", "heart-statlog", "ionosphere", "iris", "soybean",
    "vote",
)  # fmt: skip


def _cone_torus_pair(random_state: int | None = 0) -> tuple[np.ndarray, np.ndarray]:
    """Cone-Torus as a training and a testing file, one after the other.

    400 points drawn with seed ``s`` (``random_state``, 0 when None), then 400 drawn
    with ``s + 1``.

    Examples
    --------
    >>> X, y = _cone_torus_pair()
    >>> bool((X[400:] == make_cone_torus(400, random_state=1)[0]).all())
    True
    """
    seed = 0 if random_state is None else int(random_state)
    parts = [make_cone_torus(400, random_state=s) for s in (seed, seed + 1)]
    return np.vstack([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


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
    collection: str = "UCI"


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
    *(
        DatasetSpec(name, collection="medical", note="Kuncheva's medical data (paper 001)")
        for name in MEDICAL
    ),
    DatasetSpec("layered-cake", generator=make_layered_cake, note="synthetic, 400 points"),
    DatasetSpec("xor", generator=make_xor, note="synthetic, 400 points"),
    DatasetSpec("oracle-2d", generator=make_oracle_2d, note="synthetic, 400 points"),
    DatasetSpec("cone-torus", generator=make_cone_torus, note="synthetic, 400 points"),
    DatasetSpec(
        "cone-torus-pair",
        generator=_cone_torus_pair,
        note="synthetic, 800 points: training set of 400 (seed 0), then testing set (seed 1)",
    ),
]


def _key(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.lower())


_BY_KEY = {_key(alias): spec for spec in _SPECS for alias in (spec.name, *spec.aliases)}


def _spec(name: str) -> DatasetSpec:
    return _BY_KEY.get(_key(name)) or DatasetSpec(name)


def _user_folders(data_dir: str | Path | None) -> list[Path]:
    """The data directory given (or ``$ENSEMBLE_LAB_DATA``) and its ``medical/`` folder."""
    chosen = data_dir if data_dir is not None else os.environ.get(DATA_ENV) or None
    if chosen is None:
        return []
    return [Path(chosen), Path(chosen) / _MEDICAL]


def _search_dirs(data_dir: str | Path | None) -> list[Path]:
    return [*_user_folders(data_dir), *_PACKAGED_FOLDERS]


def _stem(path: Path) -> str | None:
    """``iris`` for ``iris.arff`` or ``iris.arff.gz``; None for a file of another kind."""
    for suffix in ARFF_SUFFIXES:
        if path.name.endswith(suffix) and len(path.name) > len(suffix):
            return path.name[: -len(suffix)]
    return None


def _files(directory: Path) -> dict[str, Path]:
    """The ARFF files of a folder by stem (a plain file before a compressed one)."""
    found: dict[str, Path] = {}
    if not directory.is_dir():
        return found
    for path in sorted(directory.iterdir(), key=lambda p: (len(p.name), p.name)):
        stem = _stem(path)
        if stem is not None and stem not in found and path.is_file():
            found[stem] = path
    return found


def packaged_names() -> list[str]:
    """Names of the data sets shipped with the package: the papers' 49.

    >>> len(packaged_names()), "weaning" in packaged_names()
    (49, True)
    """
    return sorted(_spec(stem).name for folder in _PACKAGED_FOLDERS for stem in _files(folder))


def embedded_names() -> list[str]:
    """The small data sets of the quick job (the group ``"embedded"`` of an experiment).

    Every data set of the papers ships with the package (:func:`packaged_names`); these
    eight, the ones earlier versions shipped alone, make the quick comparison.
    """
    return list(EMBEDDED)


def embedded_path(name: str) -> Path:
    """Path of a packaged (gzip-compressed) ARFF file.

    >>> embedded_path("iris").name
    'iris.arff.gz'
    """
    spec = _spec(name)
    stem = spec.file or spec.name
    for folder in _PACKAGED_FOLDERS:
        path = _files(folder).get(stem)
        if path is not None:
            return path
    raise ValueError(f"{name!r} is not packaged; packaged datasets: {packaged_names()}")


def manifest(collection: str | None = None) -> pd.DataFrame:
    """The packaged collection's manifest: one row per data set, indexed by name.

    Columns ``collection`` (``uci`` or ``medical``), ``file`` (inside the package's
    ``datasets/data``), the counts of the original ARFF file (``instances``,
    ``nominal_attributes``, ``numeric_attributes`` — the class not counted —, the
    declared ``classes``, ``missing_values``), where it was taken from (``source_repo``,
    ``source_path``) and the ``sha256`` of the original file.

    Parameters
    ----------
    collection : {"uci", "medical"}, optional
        Only this collection.

    Examples
    --------
    >>> manifest("medical")["instances"].to_dict()["weaning"]
    302
    """
    frame = pd.read_csv(_PACKAGED_DIR / "MANIFEST.csv").set_index("name")
    return frame if collection is None else frame[frame["collection"] == collection]


def extract_arff(directory: str | Path, names: Sequence[str] | None = None) -> list[Path]:
    """Write packaged data sets as plain ARFF files into ``directory`` (e.g. for Weka).

    Each file is byte for byte the original ARFF file (the packaged copy decompressed).

    Parameters
    ----------
    directory : str or Path
        Created if needed; the medical data sets go to its ``medical/`` folder, as in a
        data directory.
    names : sequence of str, optional
        The data sets (default: every packaged one).

    Returns
    -------
    list of Path
        The files written.
    """
    directory = Path(directory)
    written = []
    for name in names if names is not None else packaged_names():
        source = embedded_path(name)
        target = directory / (_MEDICAL if source.parent.name == _MEDICAL else "")
        target.mkdir(parents=True, exist_ok=True)
        path = target / f"{_stem(source)}.arff"
        path.write_bytes(read_source(source))
        written.append(path)
    return written


def _find_file(spec: DatasetSpec, data_dir: str | Path | None) -> Path:
    stem = spec.file or spec.name
    dirs = _search_dirs(data_dir)
    for directory in dirs:
        path = _files(directory).get(stem)
        if path is not None:
            return path
    raise ValueError(
        f"dataset {spec.name!r}: no file {stem}.arff (or .arff.gz) in the data directory "
        f"given or among the packaged data sets; packaged: {', '.join(packaged_names())}"
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
        The ARFF file; None for a synthetic dataset (generated, no file) and an OpenML
        one (``"openml:61"``, fetched when loaded).

    Raises
    ------
    ValueError
        When no file holds the dataset; the message names the directories searched and
        the closest available names.

    Examples
    --------
    >>> find("pima").name
    'diabetes.arff.gz'
    >>> find("xor") is None
    True
    """
    if name.startswith(OPENML_PREFIX):
        return None
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
        up as ``<name>.arff`` in the data directories; ``"openml:ID"`` (or
        ``"openml:NAME"``) is an OpenML data set (:func:`load_openml`, cached after the
        first download).
    data_dir : str or Path, default=None
        Directory of ARFF files (plain or compressed; its ``medical/`` folder too),
        searched before the packaged data sets; defaults to ``$ENSEMBLE_LAB_DATA``.
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
    if name.startswith(OPENML_PREFIX):
        return load_openml(name.removeprefix(OPENML_PREFIX))
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
    """Every dataset available: packaged, in the data directory, and synthetic tasks."""
    found: set[str] = set()
    for directory in _search_dirs(data_dir):
        found.update(_spec(stem).name for stem in _files(directory))
    found.update(s.name for s in _SPECS if s.generator is not None)
    found.update(s.name for s in _SPECS if s.file is not None and s.file in found)
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


def _source(spec: DatasetSpec, data_dir: str | Path | None) -> str:
    """Where a dataset comes from: its collection, ``synthetic`` or ``data dir``."""
    if spec.generator is not None:
        return "synthetic"
    if _find_file(spec, data_dir).parent in _PACKAGED_FOLDERS:
        return spec.collection
    return "data dir"


def list_datasets(data_dir: str | Path | None = None) -> pd.DataFrame:
    """One row per available dataset with its counts and where it comes from.

    ``source`` is ``UCI`` or ``medical`` for a packaged data set (``data/README.md``
    of the package gives each file's origin), ``data dir`` for a file of the data
    directory (which overrides a packaged one of the same name), ``synthetic`` for a
    generated task. A file that cannot be read (a malformed ARFF) gets a row too, with
    no counts and the reason in ``error`` (empty for the others), so one bad file does
    not hide the rest.
    """
    rows: list[dict[str, object]] = []
    for name in dataset_names(data_dir):
        spec = _spec(name)
        source = _source(spec, data_dir)
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
