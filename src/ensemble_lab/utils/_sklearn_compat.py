"""The one place that touches scikit-learn's private parts.

A new scikit-learn release that moves or changes one of these breaks this file only; the
overrides of ``BaseEstimator``'s machinery below are pinned to scikit-learn's own
behaviour by ``tests/utils/test_sklearn_compat.py`` on every public estimator.

Its private helpers, imported here and nowhere else, under names without the underscore
(``_fit_context`` is :func:`fit_context`, ``_safe_indexing`` is :func:`safe_indexing`,
``_check_sample_weight`` is :func:`sklearn_check_sample_weight`, beside the package's own
``base.check_sample_weight``, ...), since the rest of the package imports them (through
:mod:`ensemble_lab.utils`); and :class:`Estimator`, scikit-learn's ``BaseEstimator`` made
cheaper where an ensemble calls it once per member:

Three costs of scikit-learn's machinery exceed what a small member tree takes to grow
(~40 µs on a 150-row table):

* ``get_params`` (called by ``clone``, by parameter validation in every ``fit``, and by
  ``repr``) reads the ``__init__`` signature with :mod:`inspect` each time (~30 µs);
  :class:`Estimator` reads it once per class.
* ``_fit_context`` validates the parameters against ``_parameter_constraints`` (~15 µs)
  and enters two context managers on every ``fit``. :class:`Estimator` remembers which
  simple parameter values (numbers, strings, booleans, None) a class has validated, and
  :func:`leaf_fit_context` is the decorator for a learner that fits no other estimator,
  so needs no nested-validation context.
* ``clone`` deep-copies every parameter and checks the copies (~6 µs for J48, ~25 µs
  for an oracle around it); :class:`Estimator` builds the same unfitted copy directly
  when its parameters are simple values or estimators of this package.
"""

import functools
import numbers

from sklearn import get_config
from sklearn.base import BaseEstimator
from sklearn.base import _fit_context as fit_context
from sklearn.utils import _safe_indexing as safe_indexing
from sklearn.utils._param_validation import HasMethods, Interval, StrOptions
from sklearn.utils.validation import _check_feature_names as check_feature_names
from sklearn.utils.validation import _check_n_features as check_n_features
from sklearn.utils.validation import _check_sample_weight as sklearn_check_sample_weight
from sklearn.utils.validation import check_is_fitted, validate_data

__all__ = [
    "Estimator",
    "HasMethods",
    "Interval",
    "StrOptions",
    "check_feature_names",
    "check_is_fitted",
    "check_n_features",
    "fit_context",
    "leaf_fit_context",
    "safe_indexing",
    "sklearn_check_sample_weight",
    "validate_data",
]

_SIMPLE = (numbers.Number, str, bool, type(None))
_VALIDATED: set = set()
_MAX_REMEMBERED = 4096


class Estimator(BaseEstimator):
    """``BaseEstimator`` that checks its parameters once.

    Parameter names are introspected once per class, and simple parameter values are
    validated once per class and value.
    """

    @classmethod
    def _get_param_names(cls):
        names = cls.__dict__.get("_param_names")
        if names is None:
            names = tuple(super()._get_param_names())
            cls._param_names = names  # on this class only: subclasses read their own
        return list(names)

    def __sklearn_clone__(self):
        """What :func:`sklearn.base.clone` returns, built without its deep copies.

        The constructor gets the parameters as they are when each is a simple value
        (number, string, boolean, None), immutable, or an estimator of this package,
        cloned the same way; any other parameter, metadata requests or an output
        configuration take scikit-learn's own clone.
        """
        if "_metadata_request" in self.__dict__ or "_sklearn_output_config" in self.__dict__:
            return super().__sklearn_clone__()
        params = self.get_params(deep=False)
        for name, value in params.items():
            if isinstance(value, _SIMPLE):
                continue
            if not isinstance(value, Estimator):
                return super().__sklearn_clone__()
            params[name] = value.__sklearn_clone__()
        return type(self)(**params)

    def _validate_params(self):
        params = self.get_params(deep=False)
        key = None
        if all(isinstance(value, _SIMPLE) for value in params.values()):
            # The type is part of the key: 1, 1.0 and True are equal but not equally valid.
            key = (type(self), tuple((k, type(v), v) for k, v in sorted(params.items())))
            if key in _VALIDATED:
                return
        super()._validate_params()
        if key is not None and len(_VALIDATED) < _MAX_REMEMBERED:
            _VALIDATED.add(key)


def leaf_fit_context(fit):
    """Decorate the ``fit`` of a learner that fits no other estimator.

    It does what scikit-learn's ``_fit_context(prefer_skip_nested_validation=True)``
    does for such a learner (validate the parameters, unless validation is switched off
    globally), without entering its configuration and callback contexts on every call.
    """

    @functools.wraps(fit)
    def wrapper(estimator, *args, **kwargs):
        if not get_config()["skip_parameter_validation"]:
            estimator._validate_params()
        return fit(estimator, *args, **kwargs)

    return wrapper
