"""Declarative experiments: what to run, read from a TOML file.

An experiment is a set of datasets × a set of methods × one resampling protocol, with a
seed. The file format (documented with a full example in ``docs/experiments.md``)::

    name = "quick"                      # identifies the experiment in the results store
    description = "..."                 # optional, free text
    seed = 1                            # experiment seed (splits and estimator seeds)
    common_seeds = 1000                 # optional: repetition r's tasks all get seed 1000 + r
    datasets = ["iris", "diabetes"]     # names, or "embedded" / "all"
    baseline = "J48"                    # optional: label of the reference method

    [protocol]
    kind = "repeated-cv"                # cv | repeated-cv | 5x2cv | half-splits | fixed
    folds = 10
    repetitions = 10

    [record]
    predictions = false                 # per-instance predictions
    members = false                     # ... and every member's prediction
    probes = []                         # "module:function" of per-task records (see below)

    [[methods]]
    name = "AdaBoost-50"                # a name of ensemble_lab.methods.names()
    label = "AdaBoost"                  # optional display name (default: name)
    base = "j48"                        # optional base-learner preset
    params = { n_estimators = 50 }      # optional constructor parameters

    [[methods]]                         # any estimator, by import path
    estimator = "sklearn.ensemble:BaggingClassifier"
    label = "Bagging (sklearn)"
    params = { n_estimators = 10, estimator = { estimator = "sklearn.tree:DecisionTreeClassifier",
                                                params = { max_depth = 5 } } }

Every bad key or value raises a ``ValueError`` naming it (``methods[2].params: ...``).
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.base import BaseEstimator, clone

from ..utils import seed_random_states
from .protocols import PAIR_COLUMN, Protocol, RandomHalfSplits, RepeatedCV, protocol_from_dict

__all__ = [
    "DatasetFile",
    "DatasetFiles",
    "ExperimentConfig",
    "MethodSpec",
    "build_described",
    "config_from_stored",
    "extension_conflict",
    "import_estimator",
    "import_probe",
    "load_config",
    "parse_config",
    "revised_methods",
    "with_revisions_of",
]

_TOP_KEYS = (
    "name",
    "description",
    "seed",
    "common_seeds",
    "datasets",
    "methods",
    "protocol",
    "baseline",
    "record",
)
_METHOD_KEYS = ("name", "estimator", "label", "base", "params")
_RECORD_KEYS = ("predictions", "members", "probes")
_DATASET_FILE_KEYS = ("name", "train", "test")
_DATASET_ONE_FILE_KEYS = ("name", "file", "target", "nominal")
DATASET_GROUPS = ("embedded", "all")


def describe_estimator(estimator: Any) -> Any:
    """A JSON-able description of an estimator (class and parameters, recursively).

    Used to hash experiments whose methods are estimator objects; unlike ``repr`` it is
    never truncated.
    """
    if isinstance(estimator, BaseEstimator):
        cls = type(estimator)
        params = estimator.get_params(deep=False)
        return {
            "class": f"{cls.__module__}.{cls.__qualname__}",
            "params": {k: describe_estimator(v) for k, v in sorted(params.items())},
        }
    if isinstance(estimator, list | tuple):
        return [describe_estimator(v) for v in estimator]
    if isinstance(estimator, dict):
        return {str(k): describe_estimator(v) for k, v in sorted(estimator.items())}
    if estimator is None or isinstance(estimator, bool | int | float | str):
        return estimator
    if isinstance(estimator, np.generic):
        return estimator.item()
    return repr(estimator)


def build_described(description: Any) -> Any:
    """The object :func:`describe_estimator` described: estimators rebuilt, recursively.

    ``{"class": "module.Class", "params": {...}}`` is imported and constructed with its
    parameters (themselves rebuilt); lists and plain values come back as they are.

    Raises
    ------
    ValueError
        When a class cannot be imported or constructed, naming it.
    """
    import importlib

    if isinstance(description, dict) and description.keys() == {"class", "params"}:
        dotted = str(description["class"])
        module, _, name = dotted.rpartition(".")
        try:
            cls: Any = importlib.import_module(module)
            for part in name.split("."):
                cls = getattr(cls, part)
        except (ImportError, AttributeError) as exc:
            raise ValueError(f"cannot import the estimator class {dotted}: {exc}") from None
        params = {k: build_described(v) for k, v in description["params"].items()}
        try:
            return cls(**params)
        except TypeError as exc:
            raise ValueError(f"cannot build {dotted} from its stored parameters: {exc}") from None
    if isinstance(description, dict):
        return {k: build_described(v) for k, v in description.items()}
    if isinstance(description, list):
        return [build_described(v) for v in description]
    return description


#: Class attribute an estimator class sets to say which revision of its results it
#: gives: raised whenever a change of the code makes the same parameters give other
#: results (a parameter gained at a value other than the old behaviour, a fix), so
#: that a results store of the older code is not resumed as if it were of the same.
REVISION_ATTRIBUTE = "_results_revision"


def estimator_revisions(estimator: Any) -> dict[str, int]:
    """Results revisions of the estimator classes in ``estimator`` (nested ones too).

    Returns ``{"module.Class": revision}`` for every class in the estimator's tree
    (itself, estimators among its parameters, and in lists of them) whose
    ``_results_revision`` is above 0; a class at revision 0 is left out, so the
    declarative form of a method made before revisions existed does not change.
    """
    found: dict[str, int] = {}

    def visit(obj: Any) -> None:
        if isinstance(obj, BaseEstimator):
            cls = type(obj)
            revision = int(getattr(cls, REVISION_ATTRIBUTE, 0))
            if revision > 0:
                found[f"{cls.__module__}.{cls.__qualname__}"] = revision
            for value in obj.get_params(deep=False).values():
                visit(value)
        elif isinstance(obj, list | tuple):
            for value in obj:
                visit(value)

    visit(estimator)
    return dict(sorted(found.items()))


@dataclass(frozen=True)
class MethodSpec:
    """One method of an experiment: a registered name with parameters, or an estimator.

    Parameters
    ----------
    label : str
        The name under which results are stored and tabulated (unique per experiment).
    name : str, optional
        A name of :func:`ensemble_lab.methods.names`, built with
        ``methods.make(name, base=base, random_state=seed, **params)``.
    base : str or estimator, optional
        Base-learner override for ``name``.
    params : mapping, optional
        Further constructor parameters for ``name``.
    estimator : estimator, optional
        An unfitted estimator used instead of ``name``; every task fits a clone whose
        ``random_state`` parameters (top level and nested) are all set to the task seed.
    """

    label: str
    name: str | None = None
    base: Any = None
    params: Mapping[str, Any] = field(default_factory=dict)
    estimator: Any = None

    def __post_init__(self) -> None:
        """Check that exactly one of ``name`` and ``estimator`` is given."""
        if (self.name is None) == (self.estimator is None):
            raise ValueError(f"method {self.label!r}: give exactly one of name or estimator")
        if self.estimator is not None and (self.base is not None or self.params):
            raise ValueError(f"method {self.label!r}: base and params only apply to a name")
        if self.estimator is not None and not hasattr(self.estimator, "fit"):
            raise TypeError(f"method {self.label!r}: {self.estimator!r} is not an estimator")

    @classmethod
    def from_estimator(cls, label: str, estimator: Any) -> MethodSpec:
        """Spec for an estimator object."""
        return cls(label=label, estimator=estimator)

    def build(self, random_state: int) -> BaseEstimator:
        """A fresh unfitted estimator seeded with ``random_state``."""
        if self.estimator is not None:
            return seed_random_states(clone(self.estimator), random_state)
        from ensemble_lab import methods

        base = clone(self.base) if isinstance(self.base, BaseEstimator) else self.base
        assert self.name is not None
        return methods.make(self.name, base=base, random_state=random_state, **self.params)

    def to_dict(self) -> dict[str, Any]:
        """Declarative form; for an estimator object, its full description.

        ``"revisions"`` lists the estimator classes of the method whose results revision
        is above 0 (:func:`estimator_revisions`): a store of results made by an earlier
        revision is then not taken for one of this method.
        """
        if self.estimator is not None:
            out = {"label": self.label, "estimator": describe_estimator(self.estimator)}
        else:
            out = {"label": self.label, "name": self.name}
            if self.base is not None:
                out["base"] = describe_estimator(self.base)
            if self.params:
                out["params"] = describe_estimator(dict(self.params))
        try:
            revisions = estimator_revisions(self.build(0))
        except (ValueError, TypeError):  # an unknown name: the run says so, not the form
            revisions = {}
        if revisions:
            out["revisions"] = revisions
        return out


@dataclass(frozen=True)
class DatasetFiles:
    """A dataset given as a pair of train and test ARFF files (for ``kind = "fixed"``).

    Attributes
    ----------
    name : str
        The dataset's name in the results.
    train : str
        The training file, relative to the experiment file's folder.
    test : str
        The test file, relative to the experiment file's folder.
    """

    name: str
    train: str
    test: str

    def to_dict(self) -> dict[str, Any]:
        """Declarative form: the name and the two files."""
        return {"name": self.name, "train": self.train, "test": self.test}


@dataclass(frozen=True)
class DatasetFile:
    """A dataset given as one file of the user's: ARFF, or CSV (``.csv``, ``.csv.gz``).

    Attributes
    ----------
    name : str
        The dataset's name in the results.
    file : str
        The file, relative to the experiment file's folder.
    target : str, optional
        The class column (default: the last one).
    nominal : tuple of str, default=()
        Columns of numbers to read as nominal (CSV; ARFF declares its own types).
    """

    name: str
    file: str
    target: str | None = None
    nominal: tuple[str, ...] = ()

    @property
    def is_csv(self) -> bool:
        """Whether the file is read as CSV (by its name)."""
        return ".csv" in Path(self.file).suffixes

    def to_dict(self) -> dict[str, Any]:
        """Declarative form: the name, the file, and the class and nominal columns if set."""
        out: dict[str, Any] = {"name": self.name, "file": self.file}
        if self.target is not None:
            out["target"] = self.target
        if self.nominal:
            out["nominal"] = list(self.nominal)
        return out


DatasetEntry = str | DatasetFiles | DatasetFile


def dataset_entry(entry: Any) -> DatasetEntry:
    """A dataset of an experiment from its declarative form (a name or a table)."""
    if isinstance(entry, str):
        return entry
    if "file" in entry:
        return DatasetFile(
            entry["name"], entry["file"], entry.get("target"), tuple(entry.get("nominal", ()))
        )
    return DatasetFiles(entry["name"], entry["train"], entry["test"])


@dataclass(frozen=True)
class ExperimentConfig:
    """A whole experiment: datasets × methods × protocol, with a seed.

    Parameters
    ----------
    name : str
        Identifies the experiment in the results store.
    datasets : sequence of str, DatasetFile or DatasetFiles
        Dataset names (packaged, in the data directory, or ``"openml:ID"``), the
        groups ``"embedded"`` / ``"all"``, files of one's own (:class:`DatasetFile`)
        or train/test file pairs (:class:`DatasetFiles`). When running with in-memory
        data (``run_experiment(..., data=...)``) these are keys of that mapping.
    methods : sequence of MethodSpec
        Methods, with unique labels.
    protocol : Protocol, default=RepeatedCV(10, 10)
        Resampling protocol.
    seed : int, default=1
        Experiment seed.
    baseline : str, optional
        Label of the reference method of the tables and tests.
    record_predictions, record_members : bool, default=False
        Store per-instance predictions (and each member's).
    probes : sequence of str, default=()
        Import paths (``"package.module:function"``) of *probes*: functions called on
        every task's fitted estimator as ``probe(estimator, X_train, y_train, X_test,
        y_test)`` that return a :class:`pandas.DataFrame` of what the task should keep
        besides its scores (a boosting ensemble's error after each round, the nodes of
        a fitted tree). The store keeps each frame as the task's *records*
        (:func:`~ensemble_lab.evaluation.load_records`), and ``verify`` compares
        them with a re-run's, except columns named ``*_cpu``, ``*_wall`` or ``*_ms``
        (measured times).
    description : str, default=""
        Free text; not part of the configuration hash.
    base_dir : Path, optional
        Folder that relative train/test file paths are relative to (the experiment
        file's folder); not part of the configuration hash, so a moved experiment
        folder still resumes.
    common_seeds : int, optional
        Common random numbers: every task of repetition ``r`` (every method and fold)
        gets the estimator seed ``common_seeds + r``, so the methods compared on a split
        draw the same random numbers. By default each task's seed is a hash of its
        identity (:func:`~ensemble_lab.evaluation.tasks.derive_seed`).

    Examples
    --------
    >>> config = ExperimentConfig("crn", ["iris"], [MethodSpec("J48", name="J48")],
    ...                           common_seeds=1000)
    >>> config.to_dict()["common_seeds"]
    1000
    >>> plain = ExperimentConfig("plain", ["iris"], [MethodSpec("J48", name="J48")])
    >>> "common_seeds" in plain.to_dict()
    False
    """

    name: str
    datasets: tuple[DatasetEntry, ...]
    methods: tuple[MethodSpec, ...]
    protocol: Protocol = field(default_factory=RepeatedCV)
    seed: int = 1
    baseline: str | None = None
    record_predictions: bool = False
    record_members: bool = False
    probes: tuple[str, ...] = ()
    description: str = ""
    base_dir: Path | None = field(default=None, compare=False)
    common_seeds: int | None = None

    def __post_init__(self) -> None:
        """Check the fields (and freeze the sequences into tuples)."""
        object.__setattr__(self, "datasets", tuple(self.datasets))
        object.__setattr__(self, "methods", tuple(self.methods))
        object.__setattr__(self, "probes", tuple(self.probes))
        for i, probe in enumerate(self.probes):
            import_probe(probe, f"record.probes[{i}]")
        if not self.name or not isinstance(self.name, str):
            raise ValueError("name: the experiment needs a non-empty name")
        if not self.datasets:
            raise ValueError("datasets: the experiment needs at least one dataset")
        if not self.methods:
            raise ValueError("methods: the experiment needs at least one method")
        labels = [m.label for m in self.methods]
        dupes = sorted({lab for lab in labels if labels.count(lab) > 1})
        if dupes:
            raise ValueError(f"methods: duplicate label {dupes[0]!r}; set a distinct 'label'")
        names = [d if isinstance(d, str) else d.name for d in self.datasets]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            raise ValueError(f"datasets: {dupes[0]!r} is listed twice")
        if self.baseline is not None and self.baseline not in labels:
            raise ValueError(f"baseline: {self.baseline!r} is not one of the methods {labels}")
        if self.record_members and not self.record_predictions:
            raise ValueError("record.members needs record.predictions = true")

    @property
    def method_labels(self) -> list[str]:
        """Labels of the methods, in order."""
        return [m.label for m in self.methods]

    def to_dict(self) -> dict[str, Any]:
        """Canonical declarative form (what is stored and hashed)."""
        out: dict[str, Any] = {
            "name": self.name,
            "seed": self.seed,
            "datasets": [d if isinstance(d, str) else d.to_dict() for d in self.datasets],
            "methods": [m.to_dict() for m in self.methods],
            "protocol": self.protocol.to_dict(),
            "baseline": self.baseline,
            "record": {"predictions": self.record_predictions, "members": self.record_members},
        }
        if self.probes:  # absent when empty: configs stored before probes keep their hash
            out["record"]["probes"] = list(self.probes)
        if self.common_seeds is not None:  # likewise absent by default
            out["common_seeds"] = self.common_seeds
        if self.description:
            out["description"] = self.description
        return out

    def config_hash(self) -> str:
        """SHA-256 of everything that changes the results (not the description)."""
        content = self.to_dict()
        content.pop("description", None)
        canonical = json.dumps(content, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()


def _require(value: Any, types: type | tuple[type, ...], where: str, expected: str) -> Any:
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in _astuple(types)):
        raise ValueError(f"{where}: expected {expected}, got {value!r}")
    return value


def _astuple(types: type | tuple[type, ...]) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)


def _unknown(table: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
    extra = [k for k in table if k not in allowed]
    if extra:
        raise ValueError(f"{where}: unknown key {extra[0]!r} (allowed: {', '.join(allowed)})")


def import_estimator(path: str, where: str = "estimator") -> type:
    """The class named ``"package.module:Class"`` (or ``"package.module.Class"``).

    Raises
    ------
    ValueError
        Naming the module or the class that cannot be imported.
    """
    import importlib

    module_name, sep, qualname = path.partition(":")
    if not sep:
        module_name, _, qualname = path.rpartition(".")
    if not module_name or not qualname:
        raise ValueError(f"{where}: {path!r} is not 'package.module:Class'")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"{where}: cannot import module {module_name!r} ({exc})") from None
    cls: Any = module
    for part in qualname.split("."):
        if not hasattr(cls, part):
            raise ValueError(f"{where}: module {module_name!r} has no {qualname!r}")
        cls = getattr(cls, part)
    if not isinstance(cls, type):
        raise ValueError(f"{where}: {path!r} is not a class")
    return cls


def import_probe(path: Any, where: str = "probe") -> Any:
    """The probe function named ``"package.module:function"`` (see :class:`ExperimentConfig`).

    Raises
    ------
    ValueError
        When ``path`` is not such a string, or names nothing callable (naming it).
    """
    import importlib

    if not isinstance(path, str) or ":" not in path:
        raise ValueError(f"{where}: expected 'package.module:function', got {path!r}")
    module_name, _, name = path.partition(":")
    try:
        function = getattr(importlib.import_module(module_name), name)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"{where}: cannot import the probe {path}: {exc}") from None
    if not callable(function):
        raise ValueError(f"{where}: {path} is not a function")
    return function


def _build_value(value: Any, where: str) -> Any:
    """A parameter value of an experiment file: a ``{estimator, params}`` table is built."""
    if isinstance(value, dict) and "estimator" in value:
        _unknown(value, ("estimator", "params"), where)
        return _construct(value["estimator"], value.get("params", {}), where)
    if isinstance(value, dict):
        return {k: _build_value(v, f"{where}.{k}") for k, v in value.items()}
    if isinstance(value, list):
        return [_build_value(v, f"{where}[{j}]") for j, v in enumerate(value)]
    return value


def _construct(path: Any, params: Any, where: str) -> Any:
    """An estimator from its import path and parameters (nested tables built too)."""
    _require(path, str, f"{where}.estimator", "'package.module:Class'")
    _require(params, dict, f"{where}.params", "a table")
    cls = import_estimator(path, f"{where}.estimator")
    built = {k: _build_value(v, f"{where}.params.{k}") for k, v in params.items()}
    try:
        estimator = cls(**built)
    except TypeError as exc:
        raise ValueError(f"{where}: cannot construct {path} ({exc})") from None
    if not hasattr(estimator, "fit"):
        raise ValueError(f"{where}: {path} is not an estimator (it has no fit)")
    return estimator


def _parse_method(entry: Any, i: int) -> MethodSpec:
    where = f"methods[{i}]"
    if isinstance(entry, str):
        return MethodSpec(label=entry, name=entry)
    _require(entry, dict, where, "a method name or a table")
    _unknown(entry, _METHOD_KEYS, where)
    if ("name" in entry) == ("estimator" in entry):
        raise ValueError(f"{where}: give exactly one of 'name' (a registered method) or "
                         "'estimator' ('package.module:Class')")  # fmt: skip
    if "estimator" in entry:
        if "base" in entry:
            raise ValueError(f"{where}: 'base' goes with 'name'; give the estimator's own params")
        estimator = _construct(entry["estimator"], entry.get("params", {}), where)
        label = entry.get("label", entry["estimator"].rpartition(":")[2].rpartition(".")[2])
        _require(label, str, f"{where}.label", "a string")
        return MethodSpec.from_estimator(label, estimator)
    name = _require(entry["name"], str, f"{where}.name", "a string")
    label = _require(entry.get("label", name), str, f"{where}.label", "a string")
    base = entry.get("base")
    if base is not None:
        _require(base, str, f"{where}.base", "a learner preset name")
    params = _require(entry.get("params", {}), dict, f"{where}.params", "a table")
    params = {k: _build_value(v, f"{where}.params.{k}") for k, v in params.items()}
    return MethodSpec(label=label, name=name, base=base, params=params)


def _parse_dataset(entry: Any, i: int) -> DatasetEntry:
    where = f"datasets[{i}]"
    if isinstance(entry, str):
        return entry
    _require(entry, dict, where, "a dataset name, a {name, file} or a {name, train, test} table")
    if "file" in entry:
        _unknown(entry, _DATASET_ONE_FILE_KEYS, where)
        required: tuple[str, ...] = ("name", "file")
    else:
        _unknown(entry, _DATASET_FILE_KEYS, where)
        required = _DATASET_FILE_KEYS
    for key in required:
        if key not in entry:
            raise ValueError(f"{where}: missing key {key!r}")
        _require(entry[key], str, f"{where}.{key}", "a string")
    if "target" in entry:
        _require(entry["target"], str, f"{where}.target", "a column name")
    nominal = _require(entry.get("nominal", []), list, f"{where}.nominal", "a list of columns")
    for j, column in enumerate(nominal):
        _require(column, str, f"{where}.nominal[{j}]", "a column name")
    return dataset_entry(entry)


def _check_pairs(datasets: Sequence[DatasetEntry], protocol: Protocol) -> None:
    """File pairs need the fixed split; the fixed split alone needs file pairs."""
    if any(isinstance(d, DatasetFiles) for d in datasets) and protocol.kind != "fixed":
        raise ValueError("datasets: train/test file pairs need protocol.kind = 'fixed'")
    alone = getattr(protocol, "test_column", None) == PAIR_COLUMN
    unpaired = [
        d if isinstance(d, str) else d.name for d in datasets if not isinstance(d, DatasetFiles)
    ]
    if alone and unpaired:
        raise ValueError(
            "protocol: kind = 'fixed' without train_idx and test_idx (or test_column) splits "
            "datasets given as {name, train, test} file pairs; "
            f"{', '.join(map(repr, unpaired))} is not one"
        )


def parse_config(raw: Mapping[str, Any], *, base_dir: Path | None = None) -> ExperimentConfig:
    """Validate a parsed TOML document and build the :class:`ExperimentConfig`.

    Parameters
    ----------
    raw : mapping
        The document (``tomllib.load``'s result).
    base_dir : Path, optional
        Folder relative train/test file paths are resolved against (default: the
        current directory).

    Raises
    ------
    ValueError
        Naming the offending key, e.g. ``"protocol.folds: expected an integer"``.
    """
    _unknown(raw, _TOP_KEYS, "experiment")
    for key in ("name", "datasets", "methods"):
        if key not in raw:
            raise ValueError(f"experiment: missing key {key!r}")
    name = _require(raw["name"], str, "name", "a string")
    seed = _require(raw.get("seed", 1), int, "seed", "an integer")
    common = _require(raw.get("common_seeds"), (int, type(None)), "common_seeds", "an integer")
    description = _require(raw.get("description", ""), str, "description", "a string")
    datasets_raw = raw["datasets"]
    if isinstance(datasets_raw, str):
        datasets_raw = [datasets_raw]
    _require(datasets_raw, list, "datasets", "a list of dataset names")
    datasets = [_parse_dataset(d, i) for i, d in enumerate(datasets_raw)]
    methods_raw = _require(raw["methods"], list, "methods", "a list of methods")
    methods = [_parse_method(m, i) for i, m in enumerate(methods_raw)]
    protocol_raw = _require(
        raw.get("protocol", {"kind": "repeated-cv"}), dict, "protocol", "a table"
    )
    protocol = protocol_from_dict(protocol_raw)
    record = _require(raw.get("record", {}), dict, "record", "a table")
    _unknown(record, _RECORD_KEYS, "record")
    predictions = _require(
        record.get("predictions", False), bool, "record.predictions", "true/false"
    )
    members = _require(record.get("members", False), bool, "record.members", "true/false")
    probes = _require(record.get("probes", []), list, "record.probes", "a list of import paths")
    baseline = raw.get("baseline")
    if baseline is not None:
        _require(baseline, str, "baseline", "a method label")
    _check_pairs(datasets, protocol)
    return ExperimentConfig(
        name=name,
        datasets=tuple(datasets),
        methods=tuple(methods),
        protocol=protocol,
        seed=seed,
        baseline=baseline,
        record_predictions=predictions,
        record_members=members,
        probes=tuple(probes),
        description=description,
        base_dir=base_dir,
        common_seeds=common,
    )


def load_config(path: str | Path) -> ExperimentConfig:
    """Read and validate an experiment file (TOML).

    Relative paths of train/test dataset files are resolved against the file's folder.
    """
    path = Path(path)
    try:
        with path.open("rb") as fh:
            raw = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: not valid TOML: {exc}") from None
    except UnicodeDecodeError as exc:
        raise ValueError(
            f"{path}: not UTF-8 text (byte {exc.object[exc.start]:#04x} at position "
            f"{exc.start}); TOML files are UTF-8: save it as UTF-8"
        ) from None
    try:
        return parse_config(raw, base_dir=path.resolve().parent)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def extension_conflict(stored: Mapping[str, Any], new: Mapping[str, Any]) -> str | None:
    """Why the results of configuration ``stored`` are not valid under ``new``, or None.

    ``new`` *extends* ``stored`` when it only adds to it: more datasets, more methods
    (each stored method keeping its label and definition), more repetitions of the same
    cross-validation or half-split protocol, or another baseline. Every stored task
    then keeps its identity — its splits are a function of (labels, seed, repetition)
    and its estimator seed of (seed, dataset, method, repetition, fold) — so the stored
    results are exactly those ``new`` would compute, and a run of ``new`` only fits the
    tasks that are missing. Anything else (another seed, fewer datasets, methods or
    repetitions, another number of folds, a changed method, recording options) gives a
    reason.

    Parameters
    ----------
    stored, new : mapping
        Declarative forms, as :meth:`ExperimentConfig.to_dict` returns (the stored one
        read back from the results store).

    Returns
    -------
    str or None
        None when ``new`` extends ``stored``; otherwise what differs, for the message.

    Examples
    --------
    >>> old = {"seed": 1, "datasets": ["iris"], "methods": [{"label": "J48", "name": "J48"}],
    ...        "protocol": {"kind": "repeated-cv", "folds": 10, "repetitions": 1}}
    >>> new = dict(old, datasets=["iris", "vote"],
    ...            protocol={"kind": "repeated-cv", "folds": 10, "repetitions": 3})
    >>> extension_conflict(old, new) is None
    True
    >>> extension_conflict(new, old)
    "datasets: 'vote' would be dropped"
    """
    old, cur = _canonical(stored), _canonical(new)
    for key in sorted((set(old) | set(cur)) - {"datasets", "methods", "protocol", "baseline"}):
        if key in ("description", "name"):
            continue
        if old.get(key) != cur.get(key):
            return f"{key}: {old.get(key)!r} became {cur.get(key)!r}"
    new_datasets = cur.get("datasets", [])
    for entry in old.get("datasets", []):
        if entry not in new_datasets:
            return f"datasets: {_entry_label(entry)!r} would be dropped"
    new_methods = {m.get("label"): m for m in cur.get("methods", [])}
    for method in old.get("methods", []):
        label = method.get("label")
        if label not in new_methods:
            return f"methods: {label!r} would be dropped"
        new_method = new_methods[label]
        revised = _revision_change(method.get("revisions", {}), new_method.get("revisions", {}))
        if revised:
            return (
                f"methods: {label!r} was stored by another revision of {revised}: "
                "the same parameters give other results now"
            )
        if not _same_definition(method, new_method):
            return f"methods: {label!r} is defined differently"
    return _protocol_conflict(old.get("protocol"), cur.get("protocol"))


def revised_methods(stored: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, str]:
    """Methods of both configurations whose results revision changed, and how.

    Returns
    -------
    dict
        Label -> ``"TriskelClassifier (stored 0, now 1)"`` for every method of ``stored``
        that ``new`` has under the same label with other revisions.
    """
    now = {m.get("label"): m.get("revisions", {}) for m in new.get("methods", [])}
    out = {}
    for method in stored.get("methods", []):
        label = method.get("label")
        if label in now:
            changed = _revision_change(method.get("revisions", {}), now[label])
            if changed:
                out[str(label)] = changed
    return out


def with_revisions_of(stored: Mapping[str, Any], new: Mapping[str, Any]) -> dict[str, Any]:
    """``stored`` with each method's recorded revisions replaced by those ``new`` gives it."""
    now = {m.get("label"): m.get("revisions") for m in new.get("methods", [])}
    methods = []
    for method in stored.get("methods", []):
        method = {k: v for k, v in method.items() if k != "revisions"}
        if now.get(method.get("label")):
            method["revisions"] = now[method.get("label")]
        methods.append(method)
    return {**stored, "methods": methods}


def _revision_change(old: Mapping[str, int], new: Mapping[str, int]) -> str:
    """``TriskelClassifier (stored 0, now 1)`` for each class whose revision changed."""
    changed = sorted(c for c in old.keys() | new.keys() if old.get(c, 0) != new.get(c, 0))
    return ", ".join(
        f"{c.rpartition('.')[2]} (stored {old.get(c, 0)}, now {new.get(c, 0)})" for c in changed
    )


def _same_definition(old: Any, new: Any) -> bool:
    """Whether two described methods (see :func:`describe_estimator`) are the same.

    They are when equal, and also when an estimator class gained a parameter since
    ``old`` was stored and ``new`` has it at the class's default: the stored results
    are those of that default.
    """
    if isinstance(old, dict) and isinstance(new, dict):
        if "class" in old and old.keys() == new.keys() == {"class", "params"}:
            if old["class"] != new["class"]:
                return False
            added = new["params"].keys() - old["params"].keys()
            defaults = _defaults(new["class"]) if added else {}
            return old["params"].keys() <= new["params"].keys() and all(
                _same_definition(old["params"][k], new["params"][k])
                if k in old["params"]
                else k in defaults and defaults[k] == new["params"][k]
                for k in new["params"]
            )
        return old.keys() == new.keys() and all(_same_definition(old[k], new[k]) for k in old)
    if isinstance(old, list) and isinstance(new, list):
        return len(old) == len(new) and all(map(_same_definition, old, new))
    return bool(old == new)


def _defaults(dotted: str) -> dict[str, Any]:
    """Described default parameters of the estimator class ``module.Class`` ({} if unknown)."""
    import importlib
    import inspect

    module, _, name = dotted.rpartition(".")
    try:
        cls = getattr(importlib.import_module(module), name)
        parameters = inspect.signature(cls.__init__).parameters.values()
    except (ImportError, AttributeError, TypeError, ValueError):
        return {}
    return {
        p.name: _canonical({"v": describe_estimator(p.default)})["v"]
        for p in parameters
        if p.default is not inspect.Parameter.empty
    }


def _canonical(config: Mapping[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(dict(config), sort_keys=True))


def _entry_label(entry: Any) -> str:
    return entry["name"] if isinstance(entry, dict) else str(entry)


def _protocol_conflict(old: Any, new: Any) -> str | None:
    if old == new:
        return None
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return f"protocol: {old!r} became {new!r}"
    try:
        a, b = protocol_from_dict(dict(old)), protocol_from_dict(dict(new))
    except ValueError:  # e.g. a stored protocol this version does not know
        return f"protocol: {old!r} became {new!r}"
    if isinstance(a, RepeatedCV) and isinstance(b, RepeatedCV):
        if a.n_folds != b.n_folds:
            return f"protocol: {a.n_folds} folds became {b.n_folds}"
    elif isinstance(a, RandomHalfSplits) and isinstance(b, RandomHalfSplits):
        if a.train_size != b.train_size:
            return f"protocol: train_size {a.train_size} became {b.train_size}"
    else:
        return f"protocol: {old!r} became {new!r}"
    if b.n_repetitions < a.n_repetitions:
        return f"protocol: {a.n_repetitions} repetitions became {b.n_repetitions}"
    return None


def _stored_method(entry: Mapping[str, Any]) -> MethodSpec:
    label = str(entry["label"])
    if "estimator" in entry:
        return MethodSpec.from_estimator(label, build_described(entry["estimator"]))
    base = entry.get("base")
    return MethodSpec(
        label=label,
        name=str(entry["name"]),
        base=build_described(base) if isinstance(base, dict) else base,
        params={k: build_described(v) for k, v in entry.get("params", {}).items()},
    )


def config_from_stored(
    stored: Mapping[str, Any], *, base_dir: Path | None = None
) -> ExperimentConfig:
    """The experiment a results store recorded (:meth:`ExperimentConfig.to_dict`), rebuilt.

    Methods given by name are built by name again; estimator objects are rebuilt from
    their description (:func:`build_described`). The revisions the store recorded are
    not part of the rebuilt methods: compare ``config.to_dict()`` with ``stored`` to see
    whether the code still gives results of the stored revision.

    Parameters
    ----------
    stored : mapping
        The declarative form read back from the store.
    base_dir : Path, optional
        Folder relative train/test file paths are resolved against.

    Raises
    ------
    ValueError
        When a method or the protocol cannot be rebuilt with this version of the code.
    """
    datasets = tuple(dataset_entry(d) for d in stored["datasets"])
    methods = []
    for i, entry in enumerate(stored["methods"]):
        try:
            methods.append(_stored_method(entry))
        except (ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"methods[{i}] ({entry.get('label')!r}): {exc}") from None
    record = stored.get("record", {})
    return ExperimentConfig(
        name=str(stored["name"]),
        datasets=datasets,
        methods=tuple(methods),
        protocol=protocol_from_dict(dict(stored["protocol"])),
        seed=int(stored["seed"]),
        baseline=stored.get("baseline"),
        record_predictions=bool(record.get("predictions", False)),
        record_members=bool(record.get("members", False)),
        probes=tuple(record.get("probes", ())),
        description=str(stored.get("description", "")),
        base_dir=base_dir,
        common_seeds=stored.get("common_seeds"),
    )
