"""Evaluation harness: resampling protocols, a resumable experiment runner, a results store.

Run an experiment (datasets × methods × protocol) with :func:`run_experiment`; every
task's result goes to a SQLite :class:`ResultsStore`; :func:`load_results` returns the
tidy per-task table the statistics and reports consume.
"""

from .backends import Backend, DaskBackend, JoblibBackend, SequentialBackend, make_backend
from .config import (
    DatasetFile,
    DatasetFiles,
    ExperimentConfig,
    MethodSpec,
    build_described,
    config_from_stored,
    extension_conflict,
    load_config,
    parse_config,
)
from .protocols import (
    FirstFold,
    FiveByTwoCV,
    FixedSplit,
    Protocol,
    RandomHalfSplits,
    RepeatedCV,
    Split,
    StratifiedKFold,
    protocol_from_dict,
)
from .records import load_records
from .runner import Progress, RunSummary, load_dataset, run_experiment, validate_experiment
from .store import (
    ExperimentConflictError,
    ResultsStore,
    StoreInUseError,
    export_results,
    load_datasets,
    load_failures,
    load_predictions,
    load_results,
    load_warnings,
)
from .tasks import TaskKey, TaskResult, derive_seed, ensemble_size

__all__ = [
    "Backend",
    "DaskBackend",
    "DatasetFile",
    "DatasetFiles",
    "ExperimentConfig",
    "ExperimentConflictError",
    "FirstFold",
    "FiveByTwoCV",
    "FixedSplit",
    "JoblibBackend",
    "MethodSpec",
    "Progress",
    "Protocol",
    "RandomHalfSplits",
    "RepeatedCV",
    "ResultsStore",
    "RunSummary",
    "SequentialBackend",
    "Split",
    "StoreInUseError",
    "StratifiedKFold",
    "TaskKey",
    "TaskResult",
    "build_described",
    "config_from_stored",
    "derive_seed",
    "ensemble_size",
    "export_results",
    "extension_conflict",
    "load_config",
    "load_dataset",
    "load_datasets",
    "load_failures",
    "load_predictions",
    "load_records",
    "load_results",
    "load_warnings",
    "make_backend",
    "parse_config",
    "protocol_from_dict",
    "run_experiment",
    "validate_experiment",
]
