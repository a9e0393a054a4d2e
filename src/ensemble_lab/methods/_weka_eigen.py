"""Weka's symmetric eigendecomposition (JAMA's) and its sort of the eigenvalues.

What Weka's ``PrincipalComponents`` computes for Rotation Forest's groups
(:mod:`._rotation_forest`): :func:`symmetric_eigen` is JAMA's ``EigenvalueDecomposition``
(Householder ``tred2``, QL ``tql2``) and :func:`_weka_sort` is ``Utils.sort``, the same
operations in the same order, so the same signs, rounding and order of equal values;
:func:`_sequential_sum` adds as a Java loop does.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = ["symmetric_eigen"]

#: From these sizes on, ``tred2`` and ``tql2`` loop over NumPy vectors (faster there).
_VECTORISED_TRED2, _VECTORISED_TQL2 = 24, 40
_EPS = 2.0**-52


def _sequential_sum(a: np.ndarray) -> np.ndarray:
    """Sum over the first axis, row after row as Java's loops add (not pairwise).

    NumPy reduces the first axis of a C-contiguous array row by row when a row has two
    or more elements (its pairwise summation is for the innermost axis only); a single
    column goes through ``cumsum``, which is sequential by definition.
    """
    if a.shape[0] == 0:
        return np.zeros(a.shape[1:])
    if a[0].size >= 2 and a.flags.c_contiguous:
        return np.add.reduce(a, axis=0)
    return np.cumsum(a, axis=0)[-1]


def _weka_sort(values: list[float]) -> list[int]:
    """``Utils.sort``: indices in ascending order of ``values``, by Weka's quicksort.

    Its order of equal values is what decides which of two equal eigenvalues comes first.
    """
    index = list(range(len(values)))
    if len(values) > 1:
        _quick_sort(values, index, 0, len(values) - 1)
    return index


def _quick_sort(a, index, left: int, right: int) -> None:
    def ordered(i, j):
        if a[index[i]] > a[index[j]]:
            index[i], index[j] = index[j], index[i]

    diff = right - left
    if diff == 0:
        return
    if diff <= 2:
        ordered(left, left + 1)
        if diff == 2:
            ordered(left, right)
            ordered(left + 1, right)
        return
    center = (left + right) // 2
    ordered(left, center)
    ordered(left, right)
    ordered(center, right)
    index[center], index[right - 1] = index[right - 1], index[center]
    pivot, low, high = a[index[right - 1]], left, right - 1
    while True:
        low += 1
        while a[index[low]] < pivot:
            low += 1
        high -= 1
        while a[index[high]] > pivot:
            high -= 1
        if low >= high:
            break
        index[low], index[high] = index[high], index[low]
    index[low], index[right - 1] = index[right - 1], index[low]
    _quick_sort(a, index, left, low - 1)
    _quick_sort(a, index, low + 1, right)


def symmetric_eigen(A: list[list[float]]) -> tuple[list[float], np.ndarray]:
    """Eigenvalues (ascending) and eigenvectors (columns) of a symmetric matrix.

    Computed as JAMA's ``EigenvalueDecomposition`` (Householder ``tred2``, QL ``tql2``),
    which Weka's ``PrincipalComponents`` uses; same operations in the same order, so the
    same signs and rounding.

    Small matrices go through plain Python loops; larger ones have their loops over rows
    or columns done as NumPy operations on whole vectors, element by element the same
    arithmetic (and the sums Java accumulates still added in Java's order).
    """
    n = len(A)
    V: Any
    if n < _VECTORISED_TRED2:
        V = [list(map(float, row)) for row in A]
        d, e = _tridiagonalise(V)
    else:
        V = np.array(A, dtype=float, order="F")
        d, e = _tridiagonalise_vectorised(V)
        if n < _VECTORISED_TQL2:
            V = V.tolist()
    _diagonalise(V, d, e)
    return d, np.asarray(V)


def _hypot(a: float, b: float) -> float:
    """``weka.core.matrix.Maths.hypot`` (not the C library's)."""
    if abs(a) > abs(b):
        r = b / a
        return abs(a) * math.sqrt(1 + r * r)
    if b != 0:
        r = a / b
        return abs(b) * math.sqrt(1 + r * r)
    return 0.0


def _tridiagonalise(V: list[list[float]]) -> tuple[list[float], list[float]]:
    """``tred2``: Householder reduction of ``V`` (in place) to tridiagonal form."""
    n = len(V)
    d, e = list(V[n - 1]), [0.0] * n
    for i in range(n - 1, 0, -1):
        _householder_row(V, d, e, i)
    _accumulate_transformations(V, d)
    e[0] = 0.0
    return d, e


def _householder_row(V: list[list[float]], d: list[float], e: list[float], i: int) -> None:
    """One step of ``tred2``: reduce row ``i`` (``d``, ``e`` and ``V`` updated in place)."""
    scale, h = 0.0, 0.0
    for k in range(i):
        scale = scale + abs(d[k])
    if scale == 0.0:
        e[i] = d[i - 1]
        for j in range(i):
            d[j] = V[i - 1][j]
            V[i][j] = 0.0
            V[j][i] = 0.0
    else:
        for k in range(i):
            d[k] /= scale
            h += d[k] * d[k]
        f = d[i - 1]
        g = math.sqrt(h)
        if f > 0:
            g = -g
        e[i] = scale * g
        h = h - f * g
        d[i - 1] = f - g
        for j in range(i):
            e[j] = 0.0
        for j in range(i):
            f = d[j]
            V[j][i] = f
            g = e[j] + V[j][j] * f
            for k in range(j + 1, i):
                g += V[k][j] * d[k]
                e[k] += V[k][j] * f
            e[j] = g
        f = 0.0
        for j in range(i):
            e[j] /= h
            f += e[j] * d[j]
        hh = f / (h + h)
        for j in range(i):
            e[j] -= hh * d[j]
        for j in range(i):
            f, g = d[j], e[j]
            for k in range(j, i):
                V[k][j] -= f * e[k] + g * d[k]
            d[j] = V[i - 1][j]
            V[i][j] = 0.0
    d[i] = h


def _accumulate_transformations(V: list[list[float]], d: list[float]) -> None:
    """The end of ``tred2``: accumulate the Householder transformations into ``V``."""
    n = len(V)
    for i in range(n - 1):
        V[n - 1][i] = V[i][i]
        V[i][i] = 1.0
        h = d[i + 1]
        if h != 0.0:
            for k in range(i + 1):
                d[k] = V[k][i + 1] / h
            for j in range(i + 1):
                g = 0.0
                for k in range(i + 1):
                    g += V[k][i + 1] * V[k][j]
                for k in range(i + 1):
                    V[k][j] -= g * d[k]
        for k in range(i + 1):
            V[k][i + 1] = 0.0
    for j in range(n):
        d[j] = V[n - 1][j]
        V[n - 1][j] = 0.0
    V[n - 1][n - 1] = 1.0


def _tridiagonalise_vectorised(V: np.ndarray) -> tuple[list[float], list[float]]:
    """``tred2`` as :func:`_tridiagonalise`, each loop over a row or column one NumPy operation.

    Where JAMA accumulates ``e[j]`` over the columns ``j`` of the lower triangle, the same
    products are added in the same order along the rows of the symmetric matrix that
    triangle stands for.
    """
    n = V.shape[0]
    d, e = V[n - 1].copy(), np.zeros(n)
    for i in range(n - 1, 0, -1):
        scale = float(np.cumsum(np.abs(d[:i]))[-1])
        h = 0.0
        if scale == 0.0:
            e[i] = d[i - 1]
            d[:i] = V[i - 1, :i]
            V[i, :i] = 0.0
            V[:i, i] = 0.0
        else:
            d[:i] /= scale
            h = float(np.cumsum(d[:i] * d[:i])[-1])
            f = d[i - 1]
            g = -math.sqrt(h) if f > 0 else math.sqrt(h)
            e[i] = scale * g
            h = h - f * g
            d[i - 1] = f - g
            block = V[:i, :i]
            lower = np.tri(i, dtype=bool)
            symmetric = np.where(lower, block, block.T)
            V[:i, i] = d[:i]
            e[:i] = np.cumsum(symmetric * d[:i], axis=1)[:, -1]
            e[:i] /= h
            hh = float(np.cumsum(e[:i] * d[:i])[-1]) / (h + h)
            e[:i] -= hh * d[:i]
            update = np.multiply.outer(e[:i], d[:i]) + np.multiply.outer(d[:i], e[:i])
            block[lower] -= update[lower]
            d[:i] = V[i - 1, :i]
            V[i, :i] = 0.0
        d[i] = h
    for i in range(n - 1):
        V[n - 1, i] = V[i, i]
        V[i, i] = 1.0
        h = d[i + 1]
        if h != 0.0:
            d[: i + 1] = V[: i + 1, i + 1] / h
            column = V[: i + 1, i + 1]
            gs = _sequential_sum(np.ascontiguousarray(column[:, None] * V[: i + 1, : i + 1]))
            V[: i + 1, : i + 1] -= np.multiply.outer(d[: i + 1], gs)
        V[: i + 1, i + 1] = 0.0
    d = V[n - 1].copy()
    V[n - 1] = 0.0
    V[n - 1, n - 1] = 1.0
    e[0] = 0.0
    return d.tolist(), e.tolist()


def _diagonalise(V: Any, d: list[float], e: list[float]) -> None:
    """``tql2``: implicit QL iterations on the tridiagonal ``(d, e)``.

    Rotations are accumulated into ``V`` (rows as lists, or an array rotated column by
    column); then the eigenvalues are sorted ascending (selection sort).
    """
    n = len(d)
    for i in range(1, n):
        e[i - 1] = e[i]
    e[n - 1] = 0.0
    f, tst1 = 0.0, 0.0
    for low in range(n):
        tst1 = max(tst1, abs(d[low]) + abs(e[low]))
        m = low
        while m < n and abs(e[m]) > _EPS * tst1:
            m += 1
        if m > low:
            f = _ql_iterations(V, d, e, low, m, f, tst1)
        d[low] = d[low] + f
        e[low] = 0.0
    _sort_ascending(V, d)


def _ql_iterations(V: Any, d: list[float], e: list[float], low: int, m: int, f, tst1):
    """Iterate until ``e[low]`` is negligible; return the accumulated shift ``f``."""
    n = len(d)
    while True:
        g = d[low]
        p = (d[low + 1] - g) / (2.0 * e[low])
        r = _hypot(p, 1.0)
        if p < 0:
            r = -r
        d[low] = e[low] / (p + r)
        d[low + 1] = e[low] * (p + r)
        dl1 = d[low + 1]
        h = g - d[low]
        for i in range(low + 2, n):
            d[i] -= h
        f = f + h
        el1 = e[low + 1]
        c, s, s2, c3 = _ql_sweep(V, d, e, low, m)
        p = -s * s2 * c3 * el1 * e[low] / dl1
        e[low] = s * p
        d[low] = c * p
        if not abs(e[low]) > _EPS * tst1:
            return f


def _ql_sweep(V: Any, d: list[float], e: list[float], low: int, m: int):
    """One implicit QL sweep from ``m`` down to ``low``, rotations applied to ``V``.

    Returns the last rotations' ``(c, s, s2, c3)``.
    """
    n = len(d)
    whole_columns = isinstance(V, np.ndarray)
    p = d[m]
    c = c2 = c3 = 1.0
    s = s2 = 0.0
    if whole_columns:  # the column each step hands on to the next
        carry, new, old = V[:, m].copy(), np.empty(n), np.empty(n)
    for i in range(m - 1, low - 1, -1):
        c3, c2, s2 = c2, c, s
        g = c * e[i]
        h = c * p
        r = _hypot(p, e[i])
        e[i + 1] = s * r
        s = e[i] / r
        c = p / r
        p = c * d[i] - s * g
        d[i + 1] = h + s * (c * g + s * d[i])
        if whole_columns:
            column = V[:, i]
            np.multiply(column, s, out=new)
            np.multiply(carry, c, out=old)
            np.add(new, old, out=V[:, i + 1])
            np.multiply(column, c, out=new)
            np.multiply(carry, s, out=old)
            np.subtract(new, old, out=carry)
        else:
            j = i + 1
            for row in V:
                h, x = row[j], row[i]
                row[j] = s * x + c * h
                row[i] = c * x - s * h
    if whole_columns:
        V[:, low] = carry
    return c, s, s2, c3


def _sort_ascending(V: Any, d: list[float]) -> None:
    """Sort the eigenvalues ``d`` ascending, and ``V``'s columns with them (selection sort)."""
    n = len(d)
    for i in range(n - 1):
        k, p = i, d[i]
        for j in range(i + 1, n):
            if d[j] < p:
                k, p = j, d[j]
        if k != i:
            d[k], d[i] = d[i], p
            if isinstance(V, np.ndarray):
                V[:, [i, k]] = V[:, [k, i]]
            else:
                for row in V:
                    row[i], row[k] = row[k], row[i]
