"""How member seeds are made: the one module that draws them and sets them.

Every seed an ensemble gives a member (or a member's resample, projection or
sub-classifier) is an integer in ``[0, 2**31 - 1)``, made from one of three sources:

* a NumPy generator, drawn by :func:`draw_seed` (one seed) or :func:`draw_seeds` (one
  per member, drawn up front so that the members do not depend on ``n_jobs``): a
  ``RandomState`` draws with ``randint``, a ``Generator`` with ``integers``;
* Weka's ``-S``, the ``int`` a Weka ensemble starts from (:func:`java_seed`), and the
  Java ``int`` it gives a member, read as a ``random_state`` (:func:`sklearn_seed`).

:func:`seed_random_states` sets a member's every ``random_state``, nested ones too, to
its seed. Each stream keeps the values it has always had: the draws are the calls the
ensembles made before they shared this module.
"""

from __future__ import annotations

import numbers

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.utils import check_random_state

from ._sklearn_compat import Estimator

__all__ = [
    "MAX_SEED",
    "draw_seed",
    "draw_seeds",
    "java_seed",
    "random_state_keys",
    "seed_random_states",
    "sklearn_seed",
    "takes_seed",
]

#: Seeds are drawn below this bound (Java's ``Integer.MAX_VALUE``).
MAX_SEED = int(np.iinfo(np.int32).max)


def draw_seed(source: np.random.RandomState | np.random.Generator) -> int:
    """One seed drawn from a generator.

    Parameters
    ----------
    source : numpy.random.RandomState or numpy.random.Generator
        ``randint(MAX_SEED)`` of a ``RandomState``, ``integers(MAX_SEED)`` of a
        ``Generator``.

    Returns
    -------
    int

    Examples
    --------
    >>> import numpy as np
    >>> draw_seed(np.random.RandomState(0)) == np.random.RandomState(0).randint(MAX_SEED)
    True
    """
    if isinstance(source, np.random.Generator):
        return int(source.integers(MAX_SEED))
    return int(source.randint(MAX_SEED))


def draw_seeds(random_state, n_members: int) -> np.ndarray:
    """Draw one integer seed per ensemble member, once, from ``random_state``.

    Drawing the seeds up front (rather than sharing a generator between members) makes
    the members independent of the order and the process in which they are built, so a
    fit gives the same ensemble for any ``n_jobs``.

    Parameters
    ----------
    random_state : None, int, numpy.random.RandomState or numpy.random.Generator
        An int or None is made a ``RandomState`` (``check_random_state``).
    n_members : int

    Returns
    -------
    ndarray of int of shape (n_members,)

    Examples
    --------
    >>> draw_seeds(0, 3).tolist()
    [209652396, 398764591, 924231285]
    """
    if isinstance(random_state, numbers.Integral | np.random.RandomState | None.__class__):
        return check_random_state(random_state).randint(MAX_SEED, size=n_members)
    if isinstance(random_state, np.random.Generator):
        return random_state.integers(MAX_SEED, size=n_members)
    raise ValueError(f"random_state must be None, an int or a RandomState; got {random_state!r}")


def java_seed(random_state) -> int:
    """The integer seed Weka would get as ``-S`` for a scikit-learn ``random_state``.

    An int is the seed itself, read as a Java ``int`` (``random_state=1`` is Weka's
    ``-S 1``; 2**32 - 1 is -1, see :func:`sklearn_seed`); None or a ``RandomState``
    draw one (:func:`draw_seed`).

    Examples
    --------
    >>> java_seed(2**32 - 1)
    -1
    """
    if isinstance(random_state, numbers.Integral) and not isinstance(random_state, bool):
        return (int(random_state) + 2**31) % 2**32 - 2**31
    return draw_seed(check_random_state(random_state))


def sklearn_seed(seed: int) -> int:
    """A Java ``int`` seed as a scikit-learn ``random_state`` in ``[0, 2**32)``.

    The seed is Weka's ``nextInt()`` for a member; :func:`java_seed` maps it back.

    Examples
    --------
    >>> sklearn_seed(-1), java_seed(sklearn_seed(-1))
    (4294967295, -1)
    """
    return int(seed) % 2**32


def random_state_keys(estimator: BaseEstimator) -> list[str]:
    """Names of the ``random_state`` parameters of ``estimator``, nested ones too."""
    keys = _package_keys(estimator)
    if keys is not None:
        return keys
    return [k for k in estimator.get_params(deep=True) if k.split("__")[-1] == "random_state"]


def _package_keys(estimator) -> list[str] | None:
    """``random_state_keys`` of a package estimator, read without ``get_params``.

    For an :class:`~ensemble_lab.utils._sklearn_compat.Estimator` whose nested estimators are
    package estimators too (a random linear oracle around J48): the same names in the
    same order as ``get_params(deep=True)`` gives them, for a fraction of its cost,
    which every ensemble member pays. None for anything else.
    """
    if not isinstance(estimator, Estimator):
        return None
    keys = []
    for name in type(estimator)._get_param_names():
        value = getattr(estimator, name)
        if isinstance(value, Estimator):
            nested = _package_keys(value)
            if nested is None:
                return None
            keys += [f"{name}__{key}" for key in nested]
        elif hasattr(value, "get_params") and not isinstance(value, type):
            return None
        if name == "random_state":
            keys.append(name)
    return keys


def takes_seed(estimator: BaseEstimator) -> bool:
    """Whether a learner is randomised (Weka's ``Randomizable``): it has ``random_state``.

    Weka's ensembles draw a member seed only for such a learner.
    """
    return "random_state" in estimator.get_params(deep=False)


def seed_random_states(
    estimator: BaseEstimator, seed: int | np.random.RandomState
) -> BaseEstimator:
    """Set every ``random_state`` parameter of ``estimator``, nested ones too, to one seed.

    Parameters
    ----------
    estimator : estimator
        An unfitted member (a clone: it is changed in place and returned).
    seed : int or numpy.random.RandomState
        The member's seed, or a generator to draw it from (:func:`draw_seed`). A seed
        is drawn only when the estimator has a ``random_state`` to set, so a learner
        without randomness (J48, say) leaves the generator's stream as it is.

    Returns
    -------
    estimator
    """
    keys = _package_keys(estimator)
    direct = keys is not None
    if keys is None:
        keys = random_state_keys(estimator)
    if not keys:
        return estimator
    if isinstance(seed, np.random.RandomState):
        seed = draw_seed(seed)
    if not direct:
        return estimator.set_params(**dict.fromkeys(keys, int(seed)))
    # A package estimator's set_params sets the attributes; set them without its checks.
    for key in keys:
        *path, name = key.split("__")
        owner = estimator
        for part in path:
            owner = getattr(owner, part)
        setattr(owner, name, int(seed))
    return estimator
