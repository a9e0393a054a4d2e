# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The per-member work of the random linear oracle on encoded data, compiled.

An oracle member of an ensemble fits its hyperplane space on the member's rows, draws two
points by weight, splits the rows by the side they fall on and, at prediction, routes
each test row to the tree of its side. In Python that was some forty small NumPy calls
per member, which cost more than the two trees on small data sets. :func:`draw_member`
does the fit in one call and :func:`distribution` the prediction.

The arithmetic is that of ``_oracle._EncodedSpace``: statistics over the rows of positive
weight in their order (repeats count), the cumulative weights and the search of
``numpy.searchsorted(side="right")``, the uniform draws of ``RandomState.uniform``
(``low + (high - low) * next_double``, read from the generator's own bit generator), and
a row's side from the numeric dot product computed by NumPy (the same BLAS calls on
arrays of the same shapes as the Python code, so the same rounding) plus the one-hot
part, whose entries are -1, 0 or 1 and so sum exactly in any order.
"""

from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.math cimport isnan, INFINITY
from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memcpy

import numpy as np


# numpy/random/bitgen.h: NumPy's stable interface to its bit generators, the struct a
# BitGenerator's capsule points to (declared here, so that building needs no NumPy).
ctypedef struct bitgen_t:
    void *state
    uint64_t (*next_uint64)(void *st) noexcept nogil
    uint32_t (*next_uint32)(void *st) noexcept nogil
    double (*next_double)(void *st) noexcept nogil
    uint64_t (*next_raw)(void *st) noexcept nogil



cdef void _statistics(const double[:, ::1] X, const Py_ssize_t[::1] rows,
                      const double[::1] weight, const Py_ssize_t[::1] numeric,
                      const Py_ssize_t[::1] nominal, double[::1] fill, double[::1] lo,
                      double[::1] hi, double[::1] count, double[:, ::1] counts,
                      double[::1] cumulative) noexcept nogil:
    # Sums, ranges and value counts over the rows of positive weight, in their order; the
    # cumulative weights of all rows. ``hi`` ends as the span (1 where it is 0 or there
    # is no value), ``fill`` as the mean (0 without a value), ``lo`` 0 without a value.
    # Counts are whole numbers held exactly as doubles.
    cdef Py_ssize_t i, j, r
    cdef double v, total = 0.0
    for j in range(numeric.shape[0]):
        fill[j] = 0.0
        count[j] = 0.0
        lo[j] = INFINITY
        hi[j] = -INFINITY
    counts[:, :] = 0.0
    for i in range(rows.shape[0]):
        r = rows[i]
        total = total + weight[r]
        cumulative[i] = total
        if not weight[r] > 0:
            continue
        for j in range(numeric.shape[0]):
            v = X[r, numeric[j]]
            if isnan(v):
                continue
            fill[j] += v
            count[j] += 1
            if v < lo[j]:
                lo[j] = v
            if v > hi[j]:
                hi[j] = v
        for j in range(nominal.shape[0]):
            v = X[r, nominal[j]]
            if not isnan(v):
                counts[j, <Py_ssize_t>v] += 1
    for j in range(numeric.shape[0]):
        if count[j] == 0:
            fill[j] = 0.0
            lo[j] = 0.0
            hi[j] = 1.0
        else:
            fill[j] = fill[j] / count[j]
            hi[j] = hi[j] - lo[j]
            if not hi[j] > 0:
                hi[j] = 1.0


cdef void _scale(const double[:, ::1] X, const Py_ssize_t[::1] rows,
                 const Py_ssize_t[::1] numeric, const double[::1] fill, const double[::1] lo,
                 const double[::1] span, double[:, ::1] scaled) noexcept nogil:
    # The numeric block of ``rows`` (all rows of X when ``rows`` is empty and X is not),
    # missing values filled, min-max scaled: ``(v - lo) / span`` as NumPy computes it.
    cdef Py_ssize_t i, j, r
    cdef double v
    for i in range(scaled.shape[0]):
        r = rows[i] if rows.shape[0] else i
        for j in range(numeric.shape[0]):
            v = X[r, numeric[j]]
            if isnan(v):
                v = fill[j]
            scaled[i, j] = (v - lo[j]) / span[j]


cdef void _modes(const double[:, ::1] counts, const Py_ssize_t[::1] n_values,
                 double[::1] modes) noexcept nogil:
    # The most frequent code of each nominal column, the first on ties; -1 for no value.
    cdef Py_ssize_t j, code, best
    for j in range(modes.shape[0]):
        best = -1
        for code in range(n_values[j]):
            if counts[j, code] > 0 and (best < 0 or counts[j, code] > counts[j, best]):
                best = code
        modes[j] = best


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
    fill_a, lo_a, hi_a, modes_a = np.empty(n_num), np.empty(n_num), np.empty(n_num), np.empty(n_nom)
    cumulative_a, scaled_a = np.empty(m), np.empty((m, n_num))
    _space(X, rows, weight, numeric, nominal, n_values, fill_a, lo_a, hi_a, np.empty(n_num),
           np.empty((n_nom, max(width, 1))), modes_a, cumulative_a, scaled_a)
    return fill_a, lo_a, hi_a, modes_a, cumulative_a, scaled_a


cdef void _space(const double[:, ::1] X, const Py_ssize_t[::1] rows, const double[::1] weight,
                 const Py_ssize_t[::1] numeric, const Py_ssize_t[::1] nominal,
                 const Py_ssize_t[::1] n_values, double[::1] fill, double[::1] lo,
                 double[::1] hi, double[::1] count, double[:, ::1] counts,
                 double[::1] modes, double[::1] cumulative, double[:, ::1] scaled) noexcept nogil:
    # The space of ``rows`` (count and counts are work space), and the scaled block.
    _statistics(X, rows, weight, numeric, nominal, fill, lo, hi, count, counts, cumulative)
    _scale(X, rows, numeric, fill, lo, hi, scaled)
    _modes(counts, n_values, modes)


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


cdef void _others(const double[:, ::1] X, const Py_ssize_t[::1] rows,
                  const double[::1] weight, const double[::1] fill_all, Py_ssize_t a,
                  double[::1] out) noexcept nogil:
    # Cumulative weights of ``rows``, the rows equal to row position ``a`` (missing
    # values imputed by ``fill_all``) counting zero.
    cdef Py_ssize_t i, j, r, ra = rows[a]
    cdef double total = 0.0, v, va
    cdef bint differs
    for i in range(rows.shape[0]):
        r = rows[i]
        differs = False
        for j in range(X.shape[1]):
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


def others(const double[:, ::1] X, const Py_ssize_t[::1] rows, const double[::1] weight,
           const double[::1] fill_all, Py_ssize_t a):
    """Cumulative weights of ``rows`` with the rows equal to row position ``a`` zeroed.

    Rows are compared with their missing values imputed by ``fill_all``.
    """
    out_a = np.empty(rows.shape[0])
    cdef double[::1] out = out_a
    with nogil:
        _others(X, rows, weight, fill_all, a, out)
    return out_a


cdef inline double _onehot(const double[:, ::1] X, Py_ssize_t r,
                           const double[::1] onehot_normal, const Py_ssize_t[::1] nominal,
                           const Py_ssize_t[::1] offsets, const double[::1] modes) noexcept nogil:
    # The normal's entries at row r's one-hot positions (a missing code imputed by the
    # mode), summed: each is -1, 0 or 1, so the sum is exact in any order.
    cdef Py_ssize_t j
    cdef double v, total = 0.0
    for j in range(nominal.shape[0]):
        v = X[r, nominal[j]]
        if isnan(v):
            v = modes[j]
        if v >= 0:
            total = total + onehot_normal[offsets[j] + <Py_ssize_t>v]
    return total


cdef Py_ssize_t _split(const double[:, ::1] X, const Py_ssize_t[::1] rows,
                       const double[::1] weight, const double[::1] numeric_scores,
                       bint has_numeric, const double[::1] onehot_normal,
                       const Py_ssize_t[::1] nominal, const Py_ssize_t[::1] offsets,
                       const double[::1] modes, double offset, Py_ssize_t[::1] negative,
                       Py_ssize_t[::1] positive, const int[::1] y, int* classes,
                       Py_ssize_t* n_positive) noexcept nogil:
    # The rows of positive weight on each side, in order: the negative ones in
    # ``negative``, the positive ones in ``positive``; returns how many are negative and
    # sets ``n_positive``.
    # With ``y`` (not empty), classes[k] ends as side k's only class, -1 when it holds
    # several, -2 when it is empty.
    cdef Py_ssize_t i, r, n_pos = 0, n_neg = 0
    cdef double score, onehot
    cdef bint has_nominal = nominal.shape[0] > 0
    cdef int k
    classes[0] = -2
    classes[1] = -2
    for i in range(rows.shape[0]):
        r = rows[i]
        onehot = _onehot(X, r, onehot_normal, nominal, offsets, modes)
        if has_numeric:
            score = numeric_scores[i] + onehot if has_nominal else numeric_scores[i]
        else:
            score = onehot
        if not weight[r] > 0:
            continue
        if score > offset:
            positive[n_pos] = r
            n_pos += 1
            k = 1
        else:
            negative[n_neg] = r
            n_neg += 1
            k = 0
        if y.shape[0]:
            if classes[k] == -2:
                classes[k] = y[r]
            elif classes[k] != y[r]:
                classes[k] = -1
    n_positive[0] = n_pos
    return n_neg


def split(const double[:, ::1] X, const Py_ssize_t[::1] rows, const double[::1] weight,
          const double[::1] numeric_scores, const double[::1] onehot_normal,
          const Py_ssize_t[::1] nominal, const Py_ssize_t[::1] offsets,
          const double[::1] modes, double offset):
    """The rows of positive weight on each side of the hyperplane: ``(negative, positive)``.

    A row's score is ``numeric_scores`` plus the normal's entries at its one-hot
    positions (a missing code imputed by the mode); it is positive when above ``offset``.
    ``numeric_scores`` is None when there are no numeric columns.
    """
    cdef Py_ssize_t m = rows.shape[0], n_neg, n_pos
    cdef int classes[2]
    negative_a = np.empty(m, dtype=np.intp)
    positive_a = np.empty(m, dtype=np.intp)
    cdef Py_ssize_t[::1] negative = negative_a, positive = positive_a
    cdef const int[::1] no_y = np.empty(0, dtype=np.intc)
    cdef bint has_numeric = numeric_scores is not None
    with nogil:
        n_neg = _split(X, rows, weight, numeric_scores, has_numeric, onehot_normal, nominal,
                       offsets, modes, offset, negative, positive, no_y, classes, &n_pos)
    return negative_a[:n_neg], positive_a[:n_pos]


cdef void _point(const double[:, ::1] X, Py_ssize_t r, const double[:, ::1] scaled,
                 Py_ssize_t i, const Py_ssize_t[::1] nominal, const Py_ssize_t[::1] offsets,
                 const double[::1] modes, double[::1] out) noexcept nogil:
    # Row r (row position i of ``scaled``) in the space: its scaled block, then one-hot.
    cdef Py_ssize_t j, n_num = scaled.shape[1]
    cdef double v
    for j in range(n_num):
        out[j] = scaled[i, j]
    for j in range(nominal.shape[0]):
        v = X[r, nominal[j]]
        if isnan(v):
            v = modes[j]
        if v >= 0:
            out[n_num + offsets[j] + <Py_ssize_t>v] = 1.0


def points(const double[:, ::1] X, const Py_ssize_t[::1] rows, const double[:, ::1] scaled,
           Py_ssize_t a, Py_ssize_t b, const Py_ssize_t[::1] nominal,
           const Py_ssize_t[::1] offsets, const double[::1] modes, Py_ssize_t n_dims):
    """Row positions ``a`` and ``b`` in the space: their scaled block, then one-hot codes."""
    out_a = np.zeros((2, n_dims))
    cdef double[:, ::1] out = out_a
    _point(X, rows[a], scaled, a, nominal, offsets, modes, out[0])
    _point(X, rows[b], scaled, b, nominal, offsets, modes, out[1])
    return out_a


cdef double _uniform(bitgen_t* bitgen, double high) noexcept nogil:
    # RandomState.uniform(0.0, high): low + (high - low) * next_double, low = 0.
    return 0.0 + high * bitgen.next_double(bitgen.state)


def layout(const Py_ssize_t[::1] n_values):
    """Where a data set's columns go in the space, packed for :func:`draw_member`.

    ``[n_numeric, n_nominal, n_dims, width, numeric columns, nominal columns, their
    numbers of values, the first one-hot position of each nominal column, then the
    end]``, as one ``intp`` array.
    """
    cdef Py_ssize_t j, n_num = 0, n_nom = 0, width = 0, k, start = 0
    for j in range(n_values.shape[0]):
        if n_values[j] > 0:
            n_nom += 1
            width = max(width, n_values[j])
        else:
            n_num += 1
    out_a = np.empty(4 + n_num + 3 * n_nom + 1, dtype=np.intp)
    cdef Py_ssize_t[::1] out = out_a
    out[0], out[1], out[3] = n_num, n_nom, width
    cdef Py_ssize_t num = 4, nom = 4 + n_num
    for j in range(n_values.shape[0]):
        if n_values[j] > 0:
            out[nom] = j
            out[nom + n_nom] = n_values[j]
            out[nom + 2 * n_nom] = start
            start += n_values[j]
            nom += 1
        else:
            out[num] = j
            num += 1
    out[4 + n_num + 3 * n_nom] = start
    out[2] = n_num + start
    return out_a


def draw_member(const double[:, ::1] X, const Py_ssize_t[::1] rows, const double[::1] weight,
                const int[::1] y, const Py_ssize_t[::1] layout, object bit_generator):
    """A member's space, its two points, its hyperplane and its sides, in one call.

    ``rows`` (repeats allowed) are the member's rows of ``X``, ``weight`` and ``y`` are
    indexed by row, ``layout`` is :func:`layout`'s, ``bit_generator`` the
    ``BitGenerator`` of the member's ``RandomState`` (two uniform draws, as
    ``RandomState.uniform``). Returns ``(fill, lo, span, modes, a, b, normal, offset,
    negative, positive, classes, plane)``: the space's statistics, the row positions
    of the two points, the normal ``z_b - z_a`` and offset ``normal · (z_a + z_b) / 2``
    (None and 0 when every row is alike, ``b == a``), the rows of positive weight on
    each side, each side's only class (-1: several, -2: none) and the plane packed for
    :func:`distribution`.
    """
    cdef Py_ssize_t m = rows.shape[0], n_num = layout[0], n_nom = layout[1], n_dims = layout[2]
    cdef Py_ssize_t width = max(layout[3], 1), p = X.shape[1], a, b, n_neg, n_pos
    if m == 0:
        raise ValueError("an oracle member needs at least one row")
    cdef const Py_ssize_t[::1] numeric = layout[4:4 + n_num]
    cdef const Py_ssize_t[::1] nominal = layout[4 + n_num:4 + n_num + n_nom]
    cdef const Py_ssize_t[::1] values = layout[4 + n_num + n_nom:4 + n_num + 2 * n_nom]
    cdef const Py_ssize_t[::1] offsets = layout[4 + n_num + 2 * n_nom:]
    # Each array is converted once; its parts are slices (the plane holds the space).
    plane_a, scaled_a = np.empty(3 + 4 * n_num + 3 * n_nom), np.empty((m, n_num))
    cdef double[::1] plane = plane_a, work = np.empty(n_num + 2 * m + p)
    cdef double[:, ::1] scaled = scaled_a, counts = np.empty((max(n_nom, 1), width))
    cdef double[::1] fill = plane[3 + n_num + 2 * n_nom:3 + 2 * n_num + 2 * n_nom]
    cdef double[::1] lo = plane[3 + 2 * n_num + 2 * n_nom:3 + 3 * n_num + 2 * n_nom]
    cdef double[::1] span = plane[3 + 3 * n_num + 2 * n_nom:3 + 4 * n_num + 2 * n_nom]
    cdef double[::1] modes = plane[3 + 4 * n_num + 2 * n_nom:]
    cdef double[::1] cumulative = work[n_num:n_num + m]
    cdef double[::1] others = work[n_num + m:n_num + 2 * m]
    cdef double[::1] fill_all = work[n_num + 2 * m:]
    with nogil:
        _space(X, rows, weight, numeric, nominal, values, fill, lo, span, work[:n_num],
               counts, modes, cumulative, scaled)
        _head(plane, numeric, nominal, offsets, fill_all, fill, modes)
    a, b = _draw_pair(X, rows, weight, fill_all, cumulative, others, bit_generator)
    space = (plane_a[3 + n_num + 2 * n_nom:3 + 2 * n_num + 2 * n_nom],
             plane_a[3 + 2 * n_num + 2 * n_nom:3 + 3 * n_num + 2 * n_nom],
             plane_a[3 + 3 * n_num + 2 * n_nom:3 + 4 * n_num + 2 * n_nom],
             plane_a[3 + 4 * n_num + 2 * n_nom:], a, b)
    if b == a:
        return space + (None, 0.0, None, None, None, None)
    normal_a, sum_a = np.zeros(n_dims), np.zeros(n_dims)  # fresh arrays, as NumPy's were
    cdef double[::1] normal = normal_a
    _bisector(X, rows, scaled, a, b, nominal, offsets, modes, normal, sum_a)
    plane[2] = float(normal_a @ sum_a) / 2.0  # NumPy's dot, as bisector() computes it
    scores_a = scaled_a @ normal_a[:n_num] if n_num else None  # the same BLAS call
    sides_a = np.empty(2 * m, dtype=np.intp)
    cdef Py_ssize_t[::1] sides = sides_a
    cdef const double[::1] scores = scores_a if n_num else normal
    cdef int classes[2]
    with nogil:
        n_neg = _split(X, rows, weight, scores, n_num > 0, normal[n_num:], nominal, offsets,
                       modes, plane[2], sides[:m], sides[m:], y, classes, &n_pos)
    return space + (normal_a, plane[2], sides_a[:n_neg], sides_a[m:m + n_pos],
                    (classes[0], classes[1]), plane_a)


cdef tuple _draw_pair(const double[:, ::1] X, const Py_ssize_t[::1] rows,
                      const double[::1] weight, const double[::1] fill_all,
                      const double[::1] cumulative, double[::1] others, object bit_generator):
    # draw_pair's two weighted draws, the second among the rows unlike the first.
    cdef bitgen_t* bitgen = <bitgen_t*> PyCapsule_GetPointer(bit_generator.capsule,
                                                             "BitGenerator")
    cdef Py_ssize_t a, b, m = rows.shape[0]
    with bit_generator.lock:  # RandomState's own lock around its draws
        with nogil:
            a = _search(cumulative, _uniform(bitgen, cumulative[m - 1]))
            _others(X, rows, weight, fill_all, a, others)
            b = _search(others, _uniform(bitgen, others[m - 1])) if others[m - 1] > 0 else a
    return a, b


cdef void _head(double[::1] plane, const Py_ssize_t[::1] numeric,
                const Py_ssize_t[::1] nominal, const Py_ssize_t[::1] offsets,
                double[::1] fill_all, const double[::1] fill,
                const double[::1] modes) noexcept nogil:
    # The plane's counts and column positions (distribution() reads them), and each
    # column's imputed value in input order (_others compares rows with it).
    cdef Py_ssize_t j, n_num = numeric.shape[0], n_nom = nominal.shape[0]
    plane[0], plane[1], plane[2] = n_num, n_nom, 0.0
    for j in range(n_num):
        plane[3 + j] = numeric[j]
        fill_all[numeric[j]] = fill[j]
    for j in range(n_nom):
        plane[3 + n_num + j] = nominal[j]
        plane[3 + n_num + n_nom + j] = offsets[j]
        fill_all[nominal[j]] = modes[j]


cdef void _bisector(const double[:, ::1] X, const Py_ssize_t[::1] rows,
                    const double[:, ::1] scaled, Py_ssize_t a, Py_ssize_t b,
                    const Py_ssize_t[::1] nominal, const Py_ssize_t[::1] offsets,
                    const double[::1] modes, double[::1] normal, double[::1] total):
    # normal = z_b - z_a and total = z_a + z_b, element by element as NumPy does.
    cdef double[:, ::1] z = np.zeros((2, normal.shape[0]))
    cdef Py_ssize_t j
    _point(X, rows[a], scaled, a, nominal, offsets, modes, z[0])
    _point(X, rows[b], scaled, b, nominal, offsets, modes, z[1])
    for j in range(normal.shape[0]):
        normal[j] = z[1, j] - z[0, j]
        total[j] = z[0, j] + z[1, j]


def distribution(const double[:, ::1] X, const double[::1] plane, normal, side0, side1,
                 Py_ssize_t n_classes):
    """Class distribution of every row of ``X``, from the sub-classifier of its side.

    ``plane`` is :func:`draw_member`'s, ``normal`` the hyperplane's normal. A side is a
    constant distribution (an array of ``n_classes``) or ``(function, tree)``: the
    side's rows, gathered into one C-contiguous matrix, get ``function(tree, rows)``,
    as the sub-classifier's ``_encoded_distribution`` gives them.
    """
    cdef Py_ssize_t n = X.shape[0], n_num = <Py_ssize_t> plane[0], n_pos
    out_a = np.zeros((n, n_classes))
    if n == 0:
        return out_a
    cdef double[:, ::1] out = out_a
    cdef const double[::1] normal_view = normal
    positive_a = np.empty(n, dtype=np.uint8)
    cdef unsigned char[::1] positive = positive_a
    scores_a = None
    if n_num:
        scaled_a = np.empty((n, n_num))
        _scale_rows(X, plane, scaled_a)
        scores_a = scaled_a @ normal[:n_num]  # the BLAS call of _EncodedSpace.scores
    cdef const double[::1] scores = scores_a if n_num else normal_view
    n_pos = _route(X, plane, normal_view, scores, n_num > 0, positive)
    _fill_side(out, X, positive, 0, n - n_pos, side0)
    _fill_side(out, X, positive, 1, n_pos, side1)
    return out_a


cdef void _scale_rows(const double[:, ::1] X, const double[::1] plane, double[:, ::1] scaled):
    # _scale of every row of X with the plane's statistics.
    cdef Py_ssize_t i, j, n_num = <Py_ssize_t> plane[0], n_nom = <Py_ssize_t> plane[1]
    cdef const double* numeric = &plane[3]
    cdef const double* fill = &plane[3 + n_num + 2 * n_nom]
    cdef const double* lo = fill + n_num
    cdef const double* span = lo + n_num
    cdef double v
    with nogil:
        for i in range(X.shape[0]):
            for j in range(n_num):
                v = X[i, <Py_ssize_t> numeric[j]]
                if isnan(v):
                    v = fill[j]
                scaled[i, j] = (v - lo[j]) / span[j]


cdef Py_ssize_t _route(const double[:, ::1] X, const double[::1] plane,
                       const double[::1] normal, const double[::1] numeric_scores,
                       bint has_numeric, unsigned char[::1] positive) noexcept:
    # The side of every row (1: above the plane's offset); returns how many are positive.
    cdef Py_ssize_t i, j, n_pos = 0, n_num = <Py_ssize_t> plane[0]
    cdef Py_ssize_t n_nom = <Py_ssize_t> plane[1]
    cdef double offset = plane[2], score, v, onehot
    cdef const double* nominal = &plane[3 + n_num]
    cdef const double* start = nominal + n_nom
    cdef const double* modes = &plane[3 + 4 * n_num + 2 * n_nom]
    with nogil:
        for i in range(X.shape[0]):
            onehot = 0.0
            for j in range(n_nom):
                v = X[i, <Py_ssize_t> nominal[j]]
                if isnan(v):
                    v = modes[j]
                if v >= 0:
                    onehot = onehot + normal[n_num + <Py_ssize_t> start[j] + <Py_ssize_t> v]
            if has_numeric:
                score = numeric_scores[i] + onehot if n_nom else numeric_scores[i]
            else:
                score = onehot
            positive[i] = score > offset
            n_pos += positive[i]
    return n_pos


cdef int _fill_side(double[:, ::1] out, const double[:, ::1] X,
                    const unsigned char[::1] positive, unsigned char side_of,
                    Py_ssize_t count, side) except -1:
    # The rows of one side (positive[i] == side_of) get the side's distribution.
    cdef Py_ssize_t i, k = 0, c, p = X.shape[1], C = out.shape[1]
    cdef const double[::1] constant
    cdef const double[:, ::1] dist
    cdef double[:, ::1] rows
    if count == 0:
        return 0
    if not isinstance(side, tuple):
        constant = side
        for i in range(X.shape[0]):
            if positive[i] == side_of:
                for c in range(C):
                    out[i, c] = constant[c]
        return 0
    rows_a = np.empty((count, p))
    rows = rows_a
    for i in range(X.shape[0]):
        if positive[i] == side_of:
            if p:
                memcpy(&rows[k, 0], &X[i, 0], p * sizeof(double))
            k += 1
    dist = side[0](side[1], rows_a)
    k = 0
    for i in range(X.shape[0]):
        if positive[i] == side_of:
            for c in range(C):
                out[i, c] = dist[k, c]
            k += 1
    return 0
