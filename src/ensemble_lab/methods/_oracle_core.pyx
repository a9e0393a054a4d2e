# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The per-member work of the random linear oracle on encoded data, compiled.

An oracle member of an ensemble fits its hyperplane space on the member's rows, draws two
points by weight and splits the rows by the side they fall on. In Python that is some
thirty small NumPy calls per member, which cost more than the two trees on small data
sets; here it is three passes over the rows.

The arithmetic is that of ``_oracle._EncodedSpace``: statistics over the rows of positive
weight in their order (repeats count), the cumulative weights and the search of
``numpy.searchsorted(side="right")``, and a row's side from the numeric dot product the
caller computes (NumPy's, the same BLAS call as the Python code) plus the one-hot part,
whose entries are -1, 0 or 1 and so sum exactly in any order.
"""

from libc.math cimport isnan, INFINITY

import numpy as np


def fit_space(const double[:, ::1] X, const Py_ssize_t[::1] rows, const double[::1] weight,
              const Py_ssize_t[::1] numeric, const Py_ssize_t[::1] nominal,
              const Py_ssize_t[::1] n_values, Py_ssize_t width):
    """Statistics of the hyperplane space over ``rows`` of positive ``weight``.

    ``weight`` is indexed by row of ``X``. Returns ``fill`` (mean), ``lo`` and ``span`` of
    each numeric column (0, 0 and 1 for a column with no value; a span of 0 is 1), the
    mode of each nominal column (the first on ties; -1 for no value), the cumulative
    weights of ``rows`` and the scaled numeric block of ``rows`` (missing values filled).
    """
    cdef Py_ssize_t m = rows.shape[0], n_num = numeric.shape[0], n_nom = nominal.shape[0]
    cdef Py_ssize_t i, j, r, code
    cdef double v, total = 0.0
    fill_a = np.zeros(n_num)
    lo_a = np.full(n_num, INFINITY)
    hi_a = np.full(n_num, -INFINITY)
    count_a = np.zeros(n_num, dtype=np.intp)
    counts_a = np.zeros((n_nom, width if width > 0 else 1), dtype=np.intp)
    cumulative_a = np.empty(m)
    scaled_a = np.empty((m, n_num))
    cdef double[::1] fill = fill_a, lo = lo_a, hi = hi_a, cumulative = cumulative_a
    cdef Py_ssize_t[::1] count = count_a
    cdef Py_ssize_t[:, ::1] counts = counts_a
    cdef double[:, ::1] scaled = scaled_a
    with nogil:
        for i in range(m):
            r = rows[i]
            total = total + weight[r]
            cumulative[i] = total
            if not weight[r] > 0:
                continue
            for j in range(n_num):
                v = X[r, numeric[j]]
                if isnan(v):
                    continue
                fill[j] += v
                count[j] += 1
                if v < lo[j]:
                    lo[j] = v
                if v > hi[j]:
                    hi[j] = v
            for j in range(n_nom):
                v = X[r, nominal[j]]
                if not isnan(v):
                    counts[j, <Py_ssize_t>v] += 1
        for j in range(n_num):
            if count[j] == 0:
                fill[j] = 0.0
                lo[j] = 0.0
                hi[j] = 1.0
            else:
                fill[j] = fill[j] / count[j]
                hi[j] = hi[j] - lo[j]
                if not hi[j] > 0:
                    hi[j] = 1.0
        for i in range(m):
            r = rows[i]
            for j in range(n_num):
                v = X[r, numeric[j]]
                if isnan(v):
                    v = fill[j]
                scaled[i, j] = (v - lo[j]) / hi[j]
    modes_a = np.full(n_nom, -1.0)
    cdef double[::1] modes = modes_a
    cdef Py_ssize_t best
    for j in range(n_nom):
        best = -1
        for code in range(n_values[j]):
            if counts[j, code] > 0 and (best < 0 or counts[j, code] > counts[j, best]):
                best = code
        modes[j] = best
    return fill_a, lo_a, hi_a, modes_a, cumulative_a, scaled_a


cdef inline Py_ssize_t _search(const double[::1] cumulative, double u) noexcept nogil:
    # numpy.searchsorted(cumulative, u, side="right"), clipped to the last row.
    cdef Py_ssize_t low = 0, high = cumulative.shape[0], mid
    while low < high:
        mid = (low + high) >> 1
        if cumulative[mid] <= u:
            low = mid + 1
        else:
            high = mid
    return low if low < cumulative.shape[0] else cumulative.shape[0] - 1


def pick(const double[::1] cumulative, double u):
    """The row position a uniform draw ``u`` picks from the cumulative weights."""
    return _search(cumulative, u)


def others(const double[:, ::1] X, const Py_ssize_t[::1] rows, const double[::1] weight,
           const double[::1] fill_all, Py_ssize_t a):
    """Cumulative weights of ``rows`` with the rows equal to row position ``a`` zeroed.

    Rows are compared with their missing values imputed by ``fill_all``.
    """
    cdef Py_ssize_t m = rows.shape[0], p = X.shape[1], i, j, r, ra = rows[a]
    cdef double total = 0.0, v, va
    cdef bint differs
    out_a = np.empty(m)
    cdef double[::1] out = out_a
    with nogil:
        for i in range(m):
            r = rows[i]
            differs = False
            for j in range(p):
                v = X[r, j]
                va = X[ra, j]
                if isnan(v):
                    v = fill_all[j]
                if isnan(va):
                    va = fill_all[j]
                if v != va:
                    differs = True
                    break
            if differs:
                total = total + weight[r]
            else:
                total = total + 0.0
            out[i] = total
    return out_a


def split(const double[:, ::1] X, const Py_ssize_t[::1] rows, const double[::1] weight,
          const double[::1] numeric_scores, const double[::1] onehot_normal,
          const Py_ssize_t[::1] nominal, const Py_ssize_t[::1] offsets,
          const double[::1] modes, double offset):
    """The rows of positive weight on each side of the hyperplane: ``(negative, positive)``.

    A row's score is ``numeric_scores`` plus the normal's entries at its one-hot
    positions (a missing code imputed by the mode); it is positive when above ``offset``.
    ``numeric_scores`` is None when there are no numeric columns.
    """
    cdef Py_ssize_t m = rows.shape[0], n_nom = nominal.shape[0], i, j, r, n_pos = 0, n_neg = 0
    cdef double score, v, onehot
    negative_a = np.empty(m, dtype=np.intp)
    positive_a = np.empty(m, dtype=np.intp)
    cdef Py_ssize_t[::1] negative = negative_a, positive = positive_a
    cdef bint has_numeric = numeric_scores is not None
    with nogil:
        for i in range(m):
            r = rows[i]
            onehot = 0.0
            for j in range(n_nom):
                v = X[r, nominal[j]]
                if isnan(v):
                    v = modes[j]
                if v >= 0:
                    onehot = onehot + onehot_normal[offsets[j] + <Py_ssize_t>v]
            if has_numeric:
                score = numeric_scores[i] + onehot if n_nom else numeric_scores[i]
            else:
                score = onehot
            if not weight[r] > 0:
                continue
            if score > offset:
                positive[n_pos] = r
                n_pos += 1
            else:
                negative[n_neg] = r
                n_neg += 1
    return negative_a[:n_neg], positive_a[:n_pos]


def points(const double[:, ::1] X, const Py_ssize_t[::1] rows, const double[:, ::1] scaled,
           Py_ssize_t a, Py_ssize_t b, const Py_ssize_t[::1] nominal,
           const Py_ssize_t[::1] offsets, const double[::1] modes, Py_ssize_t n_dims):
    """Row positions ``a`` and ``b`` in the space: their scaled block, then one-hot codes."""
    cdef Py_ssize_t n_num = scaled.shape[1], k, j, i, r
    cdef double v
    out_a = np.zeros((2, n_dims))
    cdef double[:, ::1] out = out_a
    for k in range(2):
        i = a if k == 0 else b
        r = rows[i]
        for j in range(n_num):
            out[k, j] = scaled[i, j]
        for j in range(nominal.shape[0]):
            v = X[r, nominal[j]]
            if isnan(v):
                v = modes[j]
            if v >= 0:
                out[k, n_num + offsets[j] + <Py_ssize_t>v] = 1.0
    return out_a
