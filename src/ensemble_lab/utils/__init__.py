"""Internal utilities: the helpers the other parts of the package share.

Nothing here is public API (the documented names live in the other subpackages); this
module is the face the rest of the package imports them through, so that the modules
behind it can move without touching their callers:

* member seeds (``_seeding``): :func:`draw_seed`, :func:`draw_seeds`, :func:`java_seed`,
  :func:`sklearn_seed`, :func:`seed_random_states`, :func:`random_state_keys`,
  :func:`takes_seed`; a thread's seeded generator, :func:`seeded_random_state` (``_rng``);
* Java's and Weka's numbers (compiled ``_java_*``, ``_weka_random``): :class:`JavaRandom`,
  :func:`shuffled`, :func:`resample_with_weights`, :class:`GaussianStream`,
  :func:`select_indices`, :func:`java_log` (``Math.log``), :func:`random_number_generator`
  (a Weka learner's generator seeded from its data), :data:`SMALL` (Weka's ``Utils.SMALL``);
* scikit-learn's machinery (``_sklearn_compat``, the one module that touches its private
  parts): :class:`Estimator`, the parameter constraints :class:`Interval`,
  :class:`StrOptions`, :class:`HasMethods`, :func:`fit_context`, :func:`leaf_fit_context`,
  :func:`validate_data`, :func:`check_is_fitted` and friends;
* pandas' columns without copies (``_pandas_compat``), atomic file writes (``_files``) and
  optional libraries imported on first use with a message naming the extra
  (``_optional``: :func:`optional_import`).

Only required dependencies are imported here; an optional library is imported where it
is used, through :func:`optional_import`.
"""

from ._files import write_atomically
from ._java_gaussian import GaussianStream, select_indices
from ._java_math import log as java_log
from ._java_random import JavaRandom, resample_with_weights, shuffled
from ._optional import MissingExtraError, optional_import
from ._pandas_compat import ByIdentity, column_arrays, column_names, dense_into, sparse_positions
from ._rng import seeded_random_state
from ._seeding import (
    MAX_SEED,
    draw_seed,
    draw_seeds,
    java_seed,
    random_state_keys,
    seed_random_states,
    sklearn_seed,
    takes_seed,
)
from ._sklearn_compat import (
    Estimator,
    HasMethods,
    Interval,
    StrOptions,
    check_feature_names,
    check_is_fitted,
    check_n_features,
    fit_context,
    leaf_fit_context,
    safe_indexing,
    sklearn_check_sample_weight,
    validate_data,
)
from ._weka_random import SMALL, random_number_generator

__all__ = [
    "MAX_SEED",
    "SMALL",
    "ByIdentity",
    "Estimator",
    "GaussianStream",
    "HasMethods",
    "Interval",
    "JavaRandom",
    "MissingExtraError",
    "StrOptions",
    "check_feature_names",
    "check_is_fitted",
    "check_n_features",
    "column_arrays",
    "column_names",
    "dense_into",
    "draw_seed",
    "draw_seeds",
    "fit_context",
    "java_log",
    "java_seed",
    "leaf_fit_context",
    "optional_import",
    "random_number_generator",
    "random_state_keys",
    "resample_with_weights",
    "safe_indexing",
    "seed_random_states",
    "seeded_random_state",
    "select_indices",
    "shuffled",
    "sklearn_check_sample_weight",
    "sklearn_seed",
    "sparse_positions",
    "takes_seed",
    "validate_data",
    "write_atomically",
]
