"""Run an experiment — datasets × methods × protocol — into a results store, resumably.

Each (dataset, method, repetition, fold) is one task (:mod:`.tasks`). The coordinator
(the process calling :func:`run_experiment`) loads each dataset once, computes its splits
once (so every method sees the same ones), skips the tasks the store already holds,
sends the others to a backend (:mod:`.backends`) and writes each result to the store
as soon as it arrives, one transaction per task.

Reproducibility and resuming
----------------------------
* Splits are a function of (labels, experiment seed); a task's estimator seed is a
  function of (experiment seed, dataset, method, repetition, fold) — never of the
  execution order — so an interrupted-and-resumed or a parallel run stores exactly the
  numbers of an uninterrupted sequential one (timings aside).
* Before anything is written, the whole configuration is checked
  (:func:`validate_experiment`): every dataset found, every method built with its base
  learner and parameters valid. A typo stops the run with a ``ValueError`` naming it and
  leaves the store as it was.
* On start, tasks already stored for the experiment are skipped. The experiment is
  identified by its name. A configuration that *extends* the stored one — more
  datasets, more methods, more repetitions of the same protocol (see
  :func:`~.config.extension_conflict`) — is adopted and only the new tasks run; any
  other change stops the run with :class:`~.store.ExperimentConflictError`, naming
  what differs, unless ``overwrite=True``.
* **Failed tasks are retried on resume** (``retry_failed=True``, the default): the
  error row is replaced by the new attempt. A deterministic failure just fails again
  with the same message; a transient one (memory, a missing dependency since
  installed) heals. Pass ``retry_failed=False`` to keep failures as they are.
* One run at a time writes a store: a second run on the same store stops at once with
  :class:`~.store.StoreInUseError`, naming the process that holds it.
* Ctrl-C (``KeyboardInterrupt``) stops the run cleanly: unfinished tasks are
  cancelled, every finished one is already committed, and the summary says
  ``interrupted=True``. The next run resumes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator

from ._eta import RemainingTime
from .backends import Backend, make_backend
from .config import (
    DatasetEntry,
    DatasetFile,
    DatasetFiles,
    ExperimentConfig,
    MethodSpec,
    extension_conflict,
    load_config,
    revised_methods,
    with_revisions_of,
)
from .protocols import PAIR_COLUMN, Protocol, Split
from .store import ExperimentConflictError, ResultsStore, exclusive_writer
from .tasks import TaskKey, TaskResult, dataset_digest, derive_seed, execute_task

__all__ = [
    "MAX_TASKS",
    "Progress",
    "RunSummary",
    "load_dataset",
    "plan_tasks",
    "run_experiment",
    "validate_experiment",
]

Dataset = tuple[Any, Any]
DataSource = Mapping[str, Dataset] | Callable[[str], Dataset]


@dataclass(frozen=True)
class Progress:
    """State of a running experiment, passed to the ``progress`` callback.

    Attributes
    ----------
    done : int
        Tasks finished in this run (failed ones included).
    total : int
        Tasks this run has to do (those already stored are not counted).
    skipped : int
        Tasks skipped because the store already holds them.
    failed : int
        Tasks of this run that raised.
    elapsed : float
        Seconds since the run started.
    remaining : float or None
        Estimated wall-clock seconds left (None before the first task finishes): each
        pending task predicted from its cell's finished tasks, or its method's seconds
        per training instance, divided by the parallelism observed so far.
    last : TaskResult or None
        The task that just finished (None for the first report, before any task).
    """

    done: int
    total: int
    skipped: int
    failed: int
    elapsed: float
    remaining: float | None
    last: TaskResult | None


@dataclass
class RunSummary:
    """What a call of :func:`run_experiment` did."""

    experiment: str
    experiment_id: int
    total: int
    skipped: int
    done: int = 0
    failed: int = 0
    interrupted: bool = False
    elapsed: float = 0.0
    failures: list[tuple[TaskKey, str]] = field(default_factory=list)
    #: True when the stored experiment had a smaller configuration that this one extends
    #: (more datasets, methods or repetitions): its results were kept and only the
    #: missing tasks run.
    extended: bool = False
    #: Methods whose stored results were discarded and run again because their code is at
    #: another results revision (``rerun_revised=True``), with how it changed.
    rerun: dict[str, str] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """True when every task of the experiment is stored and none failed in this run."""
        return not self.interrupted and self.skipped + self.done == self.total and not self.failed


def _concat_train_test(train: Dataset, test: Dataset) -> Dataset:
    """Stack a train and a test part; nominal columns get the union of their categories."""
    X_train, y_train = train
    X_test, y_test = test
    X_train, X_test = X_train.copy(), X_test.copy()
    for col in X_train.columns:
        a, b = X_train[col], X_test[col]
        if isinstance(a.dtype, pd.CategoricalDtype) and isinstance(b.dtype, pd.CategoricalDtype):
            cats = pd.api.types.union_categoricals([a, b]).categories
            X_train[col] = a.cat.set_categories(cats)
            X_test[col] = b.cat.set_categories(cats)
    X_train[PAIR_COLUMN] = "train"
    X_test[PAIR_COLUMN] = "test"
    X = pd.concat([X_train, X_test], ignore_index=True)
    y = pd.concat(
        [pd.Series(np.asarray(y_train)), pd.Series(np.asarray(y_test))], ignore_index=True
    )
    return X, y


def load_dataset(
    name: DatasetEntry, data_dir: str | Path | None = None, *, base_dir: Path | None = None
) -> Dataset:
    """Load a dataset of an experiment as ``(X, y)``.

    A name goes through :func:`ensemble_lab.datasets.load`; a :class:`~.config.DatasetFile`
    through :func:`~ensemble_lab.datasets.load_csv` or
    :func:`~ensemble_lab.datasets.load_arff`. A :class:`~.config.DatasetFiles` pair is
    read with :func:`ensemble_lab.datasets.load_arff` (relative paths against
    ``base_dir``) and stacked, with a column ``"__split__"`` marking the test rows, which
    a ``FixedSplit(test_column="__split__")`` protocol reads and drops.
    """
    from ensemble_lab import datasets

    root = base_dir or Path.cwd()
    if isinstance(name, DatasetFiles):
        return _concat_train_test(
            datasets.load_arff(root / name.train), datasets.load_arff(root / name.test)
        )
    if isinstance(name, DatasetFile):
        if name.is_csv:
            return datasets.load_csv(
                root / name.file, target=name.target or -1, nominal=name.nominal
            )
        return datasets.load_arff(root / name.file, target=name.target)
    return datasets.load(name, data_dir=data_dir)


def _expand(entries: tuple[DatasetEntry, ...], data_dir: str | Path | None) -> list[DatasetEntry]:
    """Replace the groups ``"embedded"`` and ``"all"`` by the dataset names they stand for."""
    from ensemble_lab import datasets

    out: list[DatasetEntry] = []
    for entry in entries:
        if entry == "embedded":
            out.extend(datasets.embedded_names())
        elif entry == "all":
            out.extend(datasets.dataset_names(data_dir))
        else:
            out.append(entry)
    return list(dict.fromkeys(out))  # keep order, drop repeats


def _entry_name(entry: DatasetEntry) -> str:
    return entry if isinstance(entry, str) else entry.name


def _bind(protocol: Protocol, entry: DatasetEntry, X: Any, y: Any) -> tuple[Any, Protocol]:
    if isinstance(entry, DatasetFiles) and protocol.kind == "fixed":
        from .protocols import FixedSplit

        protocol = FixedSplit()  # reads PAIR_COLUMN
    return protocol.bind(X, y)


@dataclass
class _PlannedTask:
    key: TaskKey
    method: MethodSpec
    seed: int
    split: Split


def plan_tasks(
    config: ExperimentConfig, dataset: str, y: Any, protocol: Protocol
) -> list[_PlannedTask]:
    """Every task of one dataset, in order: split by split, method by method."""
    return list(_iter_tasks(config, dataset, y, protocol))


def _iter_tasks(
    config: ExperimentConfig, dataset: str, y: Any, protocol: Protocol
) -> Iterator[_PlannedTask]:
    """The tasks of :func:`plan_tasks`, planned as they are needed."""
    for split in protocol.iter_splits(np.asarray(y), config.seed):
        for method in config.methods:
            key = TaskKey(dataset, method.label, split.repetition, split.fold)
            seed = derive_seed(
                config.seed,
                dataset,
                method.label,
                split.repetition,
                split.fold,
                common=config.common_seeds,
            )
            yield _PlannedTask(key, method, seed, split)


def _task_keys(config: ExperimentConfig, dataset: str) -> set[TaskKey]:
    """The keys of a dataset's tasks, known without loading it."""
    return {
        TaskKey(dataset, m.label, r, f)
        for r, f in config.protocol.split_ids()
        for m in config.methods
    }


def _check_method(method: MethodSpec) -> None:
    """Build ``method`` and validate its parameters and those of every nested estimator."""
    if isinstance(method.base, str):
        from ensemble_lab.learners import make_learner

        make_learner(method.base)
    estimator = method.build(0)
    parts = [estimator, *estimator.get_params(deep=True).values()]
    for part in parts:
        # scikit-learn checks parameters only in fit; check them all before any task runs.
        if isinstance(part, BaseEstimator) and hasattr(part, "_parameter_constraints"):
            part._validate_params()


def _check_dataset(entry: DatasetEntry, data: DataSource | None, config: ExperimentConfig,
                   data_dir: str | Path | None) -> None:  # fmt: skip
    """Raise ``ValueError`` if ``entry`` cannot be found (nothing is read)."""
    from ensemble_lab import datasets

    if isinstance(data, Mapping):
        if _entry_name(entry) not in data:
            raise ValueError(f"{_entry_name(entry)!r} is not among the given data {sorted(data)}")
    elif data is not None:  # a callable: only calling it would tell
        return
    elif isinstance(entry, DatasetFiles | DatasetFile):
        root = config.base_dir or Path.cwd()
        parts = (entry.file,) if isinstance(entry, DatasetFile) else (entry.train, entry.test)
        for part in parts:
            if not (root / part).is_file():
                raise ValueError(f"no file {root / part}")
    else:
        datasets.find(entry, data_dir=data_dir)


#: The most tasks one experiment may plan (the run keeps every task's key in memory; a
#: million tasks of a millisecond each take a quarter of an hour).
MAX_TASKS = 1_000_000


def _check_size(config: ExperimentConfig, n_datasets: int) -> None:
    """Refuse a plan of more than :data:`MAX_TASKS` tasks (counted, not listed)."""
    n_splits = config.protocol.n_splits()
    count = n_datasets * len(config.methods) * n_splits
    if count > MAX_TASKS:
        raise ValueError(
            f"experiment {config.name!r} plans {count:,} tasks ({n_datasets} data set(s) × "
            f"{len(config.methods)} method(s) × {n_splits:,} splits), more than the "
            f"{MAX_TASKS:,} one experiment may have: use fewer repetitions or folds, or "
            "split it into several experiments"
        )


def validate_experiment(
    config: ExperimentConfig,
    *,
    data_dir: str | Path | None = None,
    data: DataSource | None = None,
) -> list[DatasetEntry]:
    """Check a whole experiment before anything runs or is written.

    Every dataset must be found (files are not read) and every method must build, with
    its base-learner preset and its parameters (and those of nested estimators) valid;
    the experiment may have at most :data:`MAX_TASKS` tasks.

    Parameters
    ----------
    config : ExperimentConfig
        The experiment.
    data_dir : str or Path, optional
        Directory of ARFF files, as for :func:`run_experiment`.
    data : mapping or callable, optional
        In-memory datasets, as for :func:`run_experiment` (a callable is not checked).

    Returns
    -------
    list of str or DatasetFiles
        The datasets, with the groups ``"embedded"`` and ``"all"`` expanded.

    Raises
    ------
    ValueError
        Naming the first problem: ``datasets[1] ('irsi'): ... Did you mean 'iris'?`` or
        ``methods[2] ('Bagging-50'): Unknown method 'Bagging' ...``.
    """
    entries = list(config.datasets) if data is not None else _expand(config.datasets, data_dir)
    _check_size(config, len(entries))
    for i, method in enumerate(config.methods):
        try:
            _check_method(method)
        except (ValueError, TypeError, KeyError) as exc:
            raise ValueError(f"methods[{i}] ({method.label!r}): {exc}") from exc
    for i, entry in enumerate(entries):
        try:
            _check_dataset(entry, data, config, data_dir)
        except ValueError as exc:
            raise ValueError(f"datasets[{i}] ({_entry_name(entry)!r}): {exc}") from exc
    return entries


def _get_data(
    entry: DatasetEntry,
    data: DataSource | None,
    config: ExperimentConfig,
    data_dir: str | Path | None,
) -> Dataset:
    name = _entry_name(entry)
    if data is None:
        return load_dataset(entry, data_dir, base_dir=config.base_dir)
    if callable(data):
        return data(name)
    if name not in data:
        raise KeyError(f"dataset {name!r} is not among the given data {sorted(data)}")
    return data[name]


def run_experiment(
    config: ExperimentConfig | str | Path,
    store: ResultsStore | str | Path,
    *,
    n_jobs: int = 1,
    backend: Backend | None = None,
    data_dir: str | Path | None = None,
    data: DataSource | None = None,
    progress: Callable[[Progress], None] | None = None,
    overwrite: bool = False,
    retry_failed: bool = True,
    rerun_revised: bool = False,
) -> RunSummary:
    """Run (or resume) an experiment and store every task's result.

    Parameters
    ----------
    config : ExperimentConfig, str or Path
        The experiment, or the path of its TOML file.
    store : ResultsStore, str or Path
        The results store, or the path of its SQLite file.
    n_jobs : int, default=1
        Local worker processes (joblib) when no ``backend`` is given; 1 runs in process.
    backend : Backend, optional
        Where to run the tasks (e.g. :class:`~.backends.DaskBackend`); not closed here.
    data_dir : str or Path, optional
        Directory of ARFF files for :func:`ensemble_lab.datasets.load`.
    data : mapping or callable, optional
        In-memory datasets: ``{name: (X, y)}`` or ``name -> (X, y)``, used instead of
        loading the config's dataset names.
    progress : callable, optional
        Called with a :class:`Progress` once at the start and after every task.
    overwrite : bool, default=False
        Discard a stored experiment of the same name whose configuration differs.
    retry_failed : bool, default=True
        Rerun tasks stored as failed.
    rerun_revised : bool, default=False
        When a stored method's code is now at another results revision (the same
        parameters give other results), discard that method's stored tasks and run
        them again, keeping the other methods' results. Without it such a store is
        refused (:class:`~.store.ExperimentConflictError` names the method).

    Returns
    -------
    RunSummary
    """
    if not isinstance(config, ExperimentConfig):
        config = load_config(config)
    entries = validate_experiment(config, data_dir=data_dir, data=data)
    path = store.path if isinstance(store, ResultsStore) else Path(store)
    with exclusive_writer(path):
        own_store = not isinstance(store, ResultsStore)
        db = ResultsStore(store) if not isinstance(store, ResultsStore) else store
        own_backend = backend is None
        runner = make_backend(n_jobs) if backend is None else backend
        try:
            options = _RunOptions(overwrite, retry_failed, rerun_revised)
            return _run(config, entries, db, runner, data_dir, data, progress, options)
        finally:
            if own_backend:
                runner.close()
            if own_store:
                db.close()


@dataclass(frozen=True)
class _RunOptions:
    overwrite: bool = False
    retry_failed: bool = True
    rerun_revised: bool = False


def _extend_stored(
    db: ResultsStore, config: ExperimentConfig, rerun_revised: bool = False
) -> tuple[bool, dict[str, str]]:
    """Adopt ``config`` for a stored experiment it extends: (whether it did, methods rerun).

    A stored experiment of the same name with another configuration is kept when
    ``config`` only adds datasets, methods or repetitions to it (its results are then
    exactly what ``config`` computes for those tasks); otherwise the run stops with
    :class:`~.store.ExperimentConflictError` saying what differs. With
    ``rerun_revised``, methods whose results revision changed are discarded first
    (if nothing else stands in the way) and run again.
    """
    stored = db.stored_config(config.name)
    new_hash = config.config_hash()
    if stored is None or stored[1] == new_hash:
        return False, {}
    old, new = stored[0], config.to_dict()
    revised = revised_methods(old, new) if rerun_revised else {}
    if revised:
        old = with_revisions_of(old, new)
    conflict = extension_conflict(old, new)
    if conflict is not None:
        raise ExperimentConflictError.for_experiment(config.name, db.path, conflict)
    if revised:
        db.discard_methods(config.name, revised)
    db.replace_config(config.name, new, new_hash)
    return True, revised


def _run(
    config: ExperimentConfig,
    entries: list[DatasetEntry],
    db: ResultsStore,
    backend: Backend,
    data_dir: str | Path | None,
    data: DataSource | None,
    progress: Callable[[Progress], None] | None,
    options: _RunOptions,
) -> RunSummary:
    start = time.perf_counter()
    # every dataset with tasks to run is loaded and split once before anything is written
    known = None if options.overwrite else db.experiment_id(config.name)
    keep_failed = not options.retry_failed
    before = set() if known is None else db.finished_tasks(known, include_failed=keep_failed)
    loaded = _load_all(config, entries, before, data, data_dir)
    extended, rerun = (
        (False, {}) if options.overwrite else _extend_stored(db, config, options.rerun_revised)
    )
    exp_id = db.open_experiment(
        config.name, config.to_dict(), config.config_hash(), overwrite=options.overwrite
    )
    stored = db.finished_tasks(exp_id, include_failed=not options.retry_failed)
    todo = _record(config, entries, db, exp_id, stored, loaded, (data, data_dir))
    total = len(entries) * len(config.methods) * config.protocol.n_splits()
    skipped = total - sum(len(keys) for _, _, keys in todo)
    summary = RunSummary(
        config.name, exp_id, total=total, skipped=skipped, extended=extended, rerun=rerun
    )
    to_run = total - skipped
    eta = RemainingTime((k.dataset, k.method, item.n_train) for _, item, keys in todo for k in keys)

    def report(last: TaskResult | None) -> None:
        if progress is None:
            return
        elapsed = time.perf_counter() - start
        remaining = eta.remaining(elapsed) if summary.done < to_run else 0.0
        progress(Progress(summary.done, to_run, skipped, summary.failed, elapsed, remaining, last))

    report(None)
    results = backend.run(execute_task, _calls(backend, todo, config))
    try:
        for result in results:
            db.write_result(exp_id, result)
            eta.finished(result.key.dataset, result.key.method, result.n_train, result.wall)
            summary.done += 1
            if not result.ok:
                summary.failed += 1
                assert result.error is not None
                summary.failures.append((result.key, result.error.splitlines()[0]))
            report(result)
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        results.close()
    summary.elapsed = time.perf_counter() - start
    return summary


@dataclass
class _Loaded:
    """A dataset as the tasks see it, its protocol, and the size of its first training set."""

    X: Any
    labels: Any
    classes: Any
    counts: Any
    protocol: Protocol
    n_train: int


def _load(
    entry: DatasetEntry, config: ExperimentConfig, data: DataSource | None,
    data_dir: str | Path | None,
) -> _Loaded:  # fmt: skip
    """Load a dataset and make its first split (a protocol it cannot split fails here)."""
    X, y = _get_data(entry, data, config, data_dir)
    X, protocol = _bind(config.protocol, entry, X, y)
    labels = np.asarray(y)
    classes, counts = np.unique(labels, return_counts=True)
    try:
        first = next(iter(protocol.iter_splits(labels, config.seed)))
    except (ValueError, StopIteration) as exc:
        raise ValueError(f"dataset {_entry_name(entry)!r}: {exc or 'no split'}") from exc
    return _Loaded(X, labels, classes, counts, protocol, len(first.train_idx))


def _load_all(
    config: ExperimentConfig,
    entries: list[DatasetEntry],
    stored: set[TaskKey],
    data: DataSource | None,
    data_dir: str | Path | None,
) -> dict[str, _Loaded]:
    """Every dataset that has a task not in ``stored``, loaded and split once.

    Done before the experiment is registered, so that a protocol a dataset cannot
    follow (more folds than instances) leaves the store as it was.
    """
    return {
        _entry_name(entry): _load(entry, config, data, data_dir)
        for entry in entries
        if not _task_keys(config, _entry_name(entry)) <= stored
    }


def _record(
    config: ExperimentConfig,
    entries: list[DatasetEntry],
    db: ResultsStore,
    exp_id: int,
    stored: set[TaskKey],
    loaded: dict[str, _Loaded],
    source: tuple[DataSource | None, str | Path | None],
) -> list[tuple[str, _Loaded, set[TaskKey]]]:
    """The datasets with tasks to run, recorded in the store, with those tasks' keys.

    A dataset whose every task is stored is not even loaded (nor one loaded before
    whose tasks a revision did not discard).
    """
    todo = []
    for entry in entries:
        name = _entry_name(entry)
        keys = _task_keys(config, name) - stored
        if not keys:
            continue
        item = loaded.get(name) or _load(entry, config, *source)
        db.record_dataset(
            exp_id,
            name,
            len(item.labels),
            int(np.shape(item.X)[1]),
            item.classes,
            class_counts=item.counts,
            digest=dataset_digest(item.X, item.labels),
        )
        todo.append((name, item, keys))
    return todo


def _calls(
    backend: Backend,
    todo: list[tuple[str, _Loaded, set[TaskKey]]],
    config: ExperimentConfig,
) -> Iterator[tuple[Any, ...]]:
    """Argument tuples of :func:`execute_task`, planned as the backend asks for them.

    Each dataset is shared once; its splits are made a repetition at a time, so the
    first task runs at once however many there are.
    """
    for name, item, keys in todo:
        handle = backend.share((item.X, item.labels))
        for t in _iter_tasks(config, name, item.labels, item.protocol):
            if t.key not in keys:
                continue
            yield (
                t.key,
                t.method,
                t.seed,
                handle,
                t.split.train_idx,
                t.split.test_idx,
                item.classes,
                config.record_predictions,
                config.record_members,
                config.probes,
            )
