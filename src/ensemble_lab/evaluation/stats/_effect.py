"""Effect sizes and confidence intervals of a method's central value over data sets.

The measures and magnitude labels of autorank (Herbold, 2020), which reports them with
its tests: Cohen's d on means with the pooled standard deviation, Akinshin's γ on
medians with the pooled (normal-scaled) median absolute deviation, Cliff's δ, the share
of pairs one method wins minus the share it loses; confidence intervals of a mean
(Student's t) or of a median (order statistics).
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats as _sps

__all__ = [
    "EFFECT_SIZES",
    "akinshin_gamma",
    "cliffs_delta",
    "cohen_d",
    "confidence_interval",
    "magnitude",
]

#: The effect sizes, by name: (function, thresholds of small, medium, large).
#: Cohen's thresholds for d (and γ, a robust d); Romano et al.'s for Cliff's δ.
EFFECT_SIZES: dict[str, tuple[str, tuple[float, float, float]]] = {
    "cohen_d": ("Cohen's d", (0.2, 0.5, 0.8)),
    "akinshin_gamma": ("Akinshin's γ", (0.2, 0.5, 0.8)),
    "cliff_delta": ("Cliff's δ", (0.147, 0.33, 0.474)),
}

_MAD_TO_SD = 1.4826  # a normal's standard deviation is 1.4826 × its median absolute deviation


def _pooled(spread_x: float, spread_y: float, nx: int, ny: int) -> float:
    return math.sqrt(((nx - 1) * spread_x**2 + (ny - 1) * spread_y**2) / (nx + ny - 2))


def cohen_d(x: ArrayLike, y: ArrayLike) -> float:
    """``(mean x − mean y)`` over the pooled standard deviation.

    >>> round(cohen_d([1.0, 2.0, 3.0], [2.0, 3.0, 4.0]), 3)
    -1.0
    """
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    pooled = _pooled(float(np.std(x, ddof=1)), float(np.std(y, ddof=1)), x.size, y.size)
    return float((np.mean(x) - np.mean(y)) / pooled)


def akinshin_gamma(x: ArrayLike, y: ArrayLike) -> float:
    """``(median x − median y)`` over the pooled median absolute deviation (scaled as a SD).

    Akinshin's non-parametric counterpart of Cohen's d.

    >>> round(akinshin_gamma([1.0, 2.0, 3.0, 4.0], [2.0, 3.0, 4.0, 5.0]), 3)
    -0.674
    """
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    mad_x = float(_sps.median_abs_deviation(x, scale=1 / _MAD_TO_SD))
    mad_y = float(_sps.median_abs_deviation(y, scale=1 / _MAD_TO_SD))
    return float((np.median(x) - np.median(y)) / _pooled(mad_x, mad_y, x.size, y.size))


def cliffs_delta(x: ArrayLike, y: ArrayLike) -> float:
    """Share of pairs ``(x_i, y_j)`` with ``x_i > y_j`` minus the share with ``x_i < y_j``.

    >>> cliffs_delta([3, 4], [1, 2]), cliffs_delta([1, 2], [1, 2])
    (1.0, 0.0)
    """
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    delta = float(np.mean(np.sign(x[:, None] - y[None, :])))
    return 0.0 if abs(delta) < 1e-15 else delta


def magnitude(value: float, kind: str) -> str:
    """``negligible``, ``small``, ``medium`` or ``large``, by the measure's thresholds.

    >>> magnitude(0.6, "cohen_d"), magnitude(0.6, "cliff_delta")
    ('medium', 'large')
    """
    if kind not in EFFECT_SIZES:
        raise ValueError(f"unknown effect size {kind!r}; use one of {', '.join(EFFECT_SIZES)}")
    small, medium, large = EFFECT_SIZES[kind][1]
    size = abs(value)
    if size < small:
        return "negligible"
    if size < medium:
        return "small"
    return "medium" if size < large else "large"


def effect_size(x: ArrayLike, y: ArrayLike, kind: str) -> float:
    """The effect size ``kind`` (a key of :data:`EFFECT_SIZES`) of ``x`` against ``y``."""
    functions = {"cohen_d": cohen_d, "akinshin_gamma": akinshin_gamma, "cliff_delta": cliffs_delta}
    if kind not in functions:
        raise ValueError(f"unknown effect size {kind!r}; use one of {', '.join(functions)}")
    return functions[kind](x, y)


def confidence_interval(values: ArrayLike, alpha: float, *, normal: bool) -> tuple[float, float]:
    """A ``1 − alpha`` confidence interval of the mean (``normal``) or of the median.

    The mean's is Student's: ``mean ± t_{1−α/2, n−1} · sd/√n``. The median's is the
    interval between the order statistics of ranks ``n/2 ∓ z_{1−α/2}·√(n/2)`` (the
    normal approximation of the binomial), clipped to the sample; both as autorank.

    Examples
    --------
    >>> low, high = confidence_interval([0.7, 0.8, 0.75, 0.9, 0.85], 0.05, normal=True)
    >>> round(low, 4), round(high, 4)
    (0.7018, 0.8982)
    """
    data = np.asarray(values, dtype=float)
    n = data.size
    if normal:
        mean = float(np.mean(data))
        half = float(np.std(data, ddof=1) / math.sqrt(n) * _sps.t.ppf(1 - alpha / 2, n - 1))
        return mean - half, mean + half
    z = float(_sps.norm.ppf(1 - alpha / 2))
    low_rank = max(0.0, n / 2 - z * math.sqrt(n / 2))
    high_rank = min(n - 1.0, 1 + n / 2 + z * math.sqrt(n / 2))
    ordered = np.sort(data)
    return float(ordered[round(low_rank)]), float(ordered[round(high_rank)])
