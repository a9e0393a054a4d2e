"""Pairwise diversity measures over an oracle matrix.

Kuncheva & Whitaker (2003), "Measures of diversity in classifier ensembles and their
relationship with the ensemble accuracy", Machine Learning 51:181–207, Section 3.1. Each
measure is computed for every pair of members from the pair's 2×2 table (proportions
``a`` both right, ``b`` only the first right, ``c`` only the second right, ``d`` both
wrong) and averaged over the L(L−1)/2 pairs.

A pair whose formula is 0/0 (e.g. Q for two members that are never both wrong and never
disagree one way) has no defined value: its matrix entry is NaN and the ensemble average
is taken over the pairs where the measure is defined (NaN if there are none).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from ._oracle import check_oracle, pair_tables

__all__ = [
    "correlation",
    "disagreement",
    "double_fault",
    "kappa",
    "pairwise_matrix",
    "q_statistic",
]

_Tables = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    out = np.full(num.shape, np.nan)
    defined = den > 1e-15
    np.divide(num, den, out=out, where=defined)
    return out


def _q_matrix(t: _Tables) -> np.ndarray:
    a, b, c, d = t
    # Eq. (1) of Kuncheva & Whitaker (2003): Yule's Q.
    return _ratio(a * d - b * c, a * d + b * c)


def _correlation_matrix(t: _Tables) -> np.ndarray:
    a, b, c, d = t
    # Eq. (2): the phi coefficient of the two 0/1 oracle outputs.
    den = np.sqrt(np.clip((a + b) * (c + d) * (a + c) * (b + d), 0.0, None))
    return _ratio(a * d - b * c, den)


def _disagreement_matrix(t: _Tables) -> np.ndarray:
    _, b, c, _ = t
    return b + c  # Eq. (4)


def _double_fault_matrix(t: _Tables) -> np.ndarray:
    return t[3].copy()  # Eq. (5)


def _kappa_matrix(t: _Tables) -> np.ndarray:
    a, b, c, d = t
    # Cohen's kappa of the two oracle outputs (the 2×2 table), in the closed form
    # 2(ad − bc) / ((a+b)(b+d) + (a+c)(c+d)).
    return _ratio(2.0 * (a * d - b * c), (a + b) * (b + d) + (a + c) * (c + d))


def _average(matrix: np.ndarray) -> float:
    upper = matrix[np.triu_indices(matrix.shape[0], k=1)]
    upper = upper[~np.isnan(upper)]
    return float(upper.mean()) if upper.size else float("nan")


def _measure(oracle: npt.ArrayLike, matrix_fn: Callable[[_Tables], np.ndarray]) -> float:
    check_oracle(oracle, min_members=2)
    return _average(matrix_fn(pair_tables(oracle)))


def q_statistic(oracle: npt.ArrayLike) -> float:
    """Averaged pairwise Q statistic (Yule's Q).

    ``Q_ik = (ad − bc) / (ad + bc)``; 0 for independent members, 1 for members that are
    never right on different samples, negative when their errors avoid each other.
    Lower means more diverse.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)
        Booleans: member correct on the sample (see :func:`oracle_outputs`).

    Returns
    -------
    float
        Mean of ``Q_ik`` over the pairs ``i < k`` where it is defined.

    Examples
    --------
    >>> q_statistic([[1, 1], [1, 0], [0, 1], [0, 0]])
    0.0
    """
    return _measure(oracle, _q_matrix)


def correlation(oracle: npt.ArrayLike) -> float:
    """Averaged pairwise correlation ρ of the members' oracle outputs.

    ``ρ_ik = (ad − bc) / sqrt((a+b)(c+d)(a+c)(b+d))``; same sign as Q and never larger
    in magnitude. Lower means more diverse.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)

    Returns
    -------
    float
    """
    return _measure(oracle, _correlation_matrix)


def disagreement(oracle: npt.ArrayLike) -> float:
    """Averaged pairwise disagreement: the share of samples where exactly one is right.

    ``D_ik = b + c``. Higher means more diverse.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)

    Returns
    -------
    float
    """
    return _measure(oracle, _disagreement_matrix)


def double_fault(oracle: npt.ArrayLike) -> float:
    """Averaged pairwise double fault: the share of samples both members get wrong.

    ``DF_ik = d``. Lower means more diverse.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)

    Returns
    -------
    float
    """
    return _measure(oracle, _double_fault_matrix)


def kappa(oracle: npt.ArrayLike) -> float:
    """Averaged pairwise κ of the members' oracle outputs (correct/wrong).

    Cohen's κ of the 2×2 table, ``2(ad − bc) / ((a+b)(b+d) + (a+c)(c+d))``. Lower means
    more diverse.

    Parameters
    ----------
    oracle : array-like of shape (n_samples, n_members)

    Returns
    -------
    float

    Notes
    -----
    This is κ of the *oracle* outputs. The kappa-error diagram of Margineantu &
    Dietterich uses Cohen's κ of the members' *labels* (a multi-class table), which is a
    different number; the non-pairwise :func:`interrater_agreement` is a third κ.
    """
    return _measure(oracle, _kappa_matrix)


_MATRICES: dict[str, Callable[[_Tables], np.ndarray]] = {
    "q_statistic": _q_matrix,
    "correlation": _correlation_matrix,
    "disagreement": _disagreement_matrix,
    "double_fault": _double_fault_matrix,
    "kappa": _kappa_matrix,
}


def pairwise_matrix(measure: str | Callable[..., float], oracle: npt.ArrayLike) -> np.ndarray:
    """The ``(L, L)`` matrix of a pairwise measure for every pair of members.

    Parameters
    ----------
    measure : str or callable
        One of the pairwise functions of this module (``q_statistic``, ``correlation``,
        ``disagreement``, ``double_fault``, ``kappa``) or its name.
    oracle : array-like of shape (n_samples, n_members)

    Returns
    -------
    ndarray of shape (n_members, n_members)
        Symmetric; the diagonal holds each member compared with itself; NaN where the
        measure is undefined (0/0).

    Examples
    --------
    >>> pairwise_matrix("disagreement", [[1, 1], [1, 0], [0, 1], [0, 0]])
    array([[0. , 0.5],
           [0.5, 0. ]])
    """
    name = measure if isinstance(measure, str) else getattr(measure, "__name__", "")
    if name not in _MATRICES:
        raise ValueError(
            f"unknown pairwise measure {measure!r}; choose one of {sorted(_MATRICES)}."
        )
    check_oracle(oracle, min_members=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return _MATRICES[name](pair_tables(oracle))
