"""The results store: one SQLite file holding experiments and every finished task.

Only the coordinator process writes (workers return results to it), and only one run at a
time: :func:`exclusive_writer` holds an advisory lock on ``<store>.lock`` for the whole
run, so a second run on the same store stops at once with :class:`StoreInUseError`,
naming the process that holds it (the operating system releases the lock when that
process ends, even by SIGKILL). Each finished task
is committed in its own transaction, in WAL mode with ``synchronous=FULL``, so a run
that is killed — even with SIGKILL — loses nothing that was reported finished, and
the next run resumes from the store.

Schema
------
``experiments`` — one row per experiment name::

    id               INTEGER PRIMARY KEY
    name             TEXT UNIQUE NOT NULL
    config           TEXT NOT NULL     -- canonical JSON of the experiment
    config_hash      TEXT NOT NULL     -- SHA-256 of the config (description excluded)
    created          TEXT NOT NULL     -- ISO 8601, UTC
    package_version  TEXT NOT NULL     -- ensemble_lab.__version__ that created it

``datasets`` — the datasets of an experiment as they were loaded::

    experiment_id    INTEGER  -> experiments.id
    dataset          TEXT
    n_instances      INTEGER
    n_features       INTEGER
    classes          TEXT     -- JSON list of the sorted class labels; prediction codes
                              -- below are positions in this list
    class_counts     TEXT     -- JSON list of each class's number of instances
    digest           TEXT     -- SHA-256 of the data as the tasks saw them
    PRIMARY KEY (experiment_id, dataset)

``results`` — one row per finished task (successful or failed)::

    experiment_id    INTEGER  -> experiments.id
    dataset, method  TEXT     -- method = the method's label
    repetition, fold INTEGER
    seed             INTEGER  -- estimator seed of the task
    n_train, n_test  INTEGER
    accuracy         REAL     -- NULL if the task failed
    fit_cpu, fit_wall, predict_cpu, predict_wall  REAL   -- seconds
    ensemble_size    INTEGER
    error            TEXT NULL -- "Type: message" + traceback of a failed task
    finished         TEXT     -- ISO 8601, UTC
    balanced_accuracy, kappa, f1_macro, auc, log_loss, brier  REAL  -- see .metrics;
                              -- NULL for tasks stored before they were recorded
    metrics_note     TEXT NULL -- why a metric is NaN (no probabilities, ...)
    warnings         TEXT NULL -- JSON list of the distinct warnings the task raised
    PRIMARY KEY (experiment_id, dataset, method, repetition, fold)

``predictions`` — optional, per test instance of a successful task::

    experiment_id, dataset, method, repetition, fold   -- the task
    test_index       INTEGER  -- row position in the dataset
    y_true, y_pred   INTEGER  -- codes into datasets.classes
    members          BLOB NULL -- each member's predicted code, little-endian int16
    PRIMARY KEY (experiment_id, dataset, method, repetition, fold, test_index)

:func:`load_results` returns the tidy per-task table the statistics and reports use;
:func:`export_results` writes it to CSV or Parquet for other tools.

Compact stores
--------------
A store at rest can be committed in a *compact* form, ``NAME.db.xz``: the file
``VACUUM``-ed and compressed with xz (:func:`pack_store`). Every reader of this module
accepts it — it is decompressed in memory and opened with
:meth:`sqlite3.Connection.deserialize`, so the same SQL reads it — and nothing writes to
it: :class:`ResultsStore` refuses it with :class:`CompactStoreError`, which says how to
get the plain file back (:func:`unpack_store`, or ``xz -dk``).

The code is in four modules, re-exported here: the schema and the opening of a store
(``_store_schema``), the writer :class:`ResultsStore` (``_store_writer``), the readers
and the export (``_store_readers``), and the run's lock (``_store_lock``).
"""

# Every name this module defined before it was split stays importable from it; those
# that were never in __all__ are imported as themselves (``x as x``).
from ._compact import (
    COMPACT_SUFFIX,
    CompactStoreError,
    find_store,
    is_compact,
    pack_store,
    unpack_store,
)
from ._compact import compact_connection as compact_connection
from ._store_lock import StoreInUseError, exclusive_writer
from ._store_lock import _locked as _locked
from ._store_lock import _now as _now
from ._store_readers import EXPORT_FORMATS as EXPORT_FORMATS
from ._store_readers import WEKA_COLUMNS as WEKA_COLUMNS
from ._store_readers import _decode as _decode
from ._store_readers import _member_labels as _member_labels
from ._store_readers import _open as _open
from ._store_readers import _query as _query
from ._store_readers import _query_with as _query_with
from ._store_readers import (
    experiment_names,
    export_results,
    load_failures,
    load_predictions,
    load_results,
    load_warnings,
    read_connection,
    stored_configs,
)
from ._store_readers import load_datasets as load_datasets
from ._store_readers import weka_results_frame as weka_results_frame
from ._store_schema import _SCHEMA as _SCHEMA
from ._store_schema import _SOUND as _SOUND
from ._store_schema import METRIC_COLUMNS, RESULT_COLUMNS, NotAStoreError
from ._store_schema import _check_store as _check_store
from ._store_schema import _columns as _columns
from ._store_schema import _configure as _configure
from ._store_schema import _identity as _identity
from ._store_schema import _upgrade as _upgrade
from ._store_schema import require_store_file as require_store_file
from ._store_writer import ExperimentConflictError, ResultsStore
from ._store_writer import _json_label as _json_label
from ._store_writer import _prediction_rows as _prediction_rows
from ._store_writer import _real as _real
from .tasks import TaskKey as TaskKey
from .tasks import TaskResult as TaskResult

__all__ = [
    "COMPACT_SUFFIX",
    "METRIC_COLUMNS",
    "RESULT_COLUMNS",
    "CompactStoreError",
    "ExperimentConflictError",
    "NotAStoreError",
    "ResultsStore",
    "StoreInUseError",
    "exclusive_writer",
    "experiment_names",
    "export_results",
    "find_store",
    "is_compact",
    "load_failures",
    "load_predictions",
    "load_results",
    "load_warnings",
    "pack_store",
    "read_connection",
    "stored_configs",
    "unpack_store",
]
