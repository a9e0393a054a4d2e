# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""The binary SVM of Weka 3.6's SMO: Platt's SMO with Keerthi et al.'s modification 1.

Keerthi, Shevade, Bhattacharyya & Murthy (2001), "Improvements to Platt's SMO algorithm
for SVM classifier design", Neural Computation 13(3): the dual is optimised two
multipliers at a time; the optimality of the threshold is checked with two numbers,
``b_up`` (the smallest error ``F_i = w·x_i - y_i`` among the indices that may move up)
and ``b_low`` (the largest among those that may move down), and the loop stops when no
index violates ``b_low <= b_up + 2 tol``. Weka 3.6 runs the paper's pseudo-code with
modification 1 (sweeps over the non-bound multipliers, leaving as soon as
``b_up > b_low - 2 tol``), keeps an error cache only for the non-bound multipliers,
and updates ``b_up``/``b_low`` from that cache after each step.

Every choice of the optimiser depends on comparisons between floating-point numbers, so
this module computes each quantity with the same operations in the same order as Weka
does (Java's ``double`` arithmetic is IEEE 754 without fused multiply-add; the extension
is compiled with ``-ffp-contract=off``): a dot product is summed over the attributes in
their order, the non-bound set is walked most recently entered first, ties keep the
first index met. That way the model, and not only its predictions, is Weka's.

Only the linear kernel (Weka's ``PolyKernel`` with exponent 1, the default) is here: the
machine is kept as a weight vector, as Weka keeps it.
"""

from libc.math cimport NAN
from libc.stdlib cimport free, malloc
from libc.string cimport memset

import numpy as np

cdef double DBL_MAX_ = 1.7976931348623157e308
# Weka's SMO.m_Del = 1000 * Double.MIN_VALUE (a subnormal number: only exact zeros and
# values next to C snap to the bounds).
cdef double DEL = 1000.0 * 4.9406564584124654e-324


cdef class _BinarySMO:
    """State of one binary optimisation (rows already in Weka's shuffled order)."""

    cdef Py_ssize_t n, d
    # training rows in compressed sparse form: nonzeros of row i, attributes ascending
    cdef const Py_ssize_t[::1] indptr
    cdef const Py_ssize_t[::1] indices
    cdef const double[::1] values
    cdef const double[::1] y
    cdef const double[::1] cost
    cdef double tol, eps
    cdef double[::1] alpha
    cdef double[::1] errors
    cdef double[::1] w
    cdef double[::1] diag
    cdef double b_up, b_low, b
    cdef Py_ssize_t i_up, i_low
    # the non-bound set as Weka's SMOset: a doubly linked list, newest first
    cdef Py_ssize_t[::1] nb_next
    cdef Py_ssize_t[::1] nb_prev
    cdef char[::1] in_nb
    cdef Py_ssize_t nb_first, nb_count
    # kernel rows: a least-recently-used cache of rows of the Gram matrix, each filled
    # in as its entries are asked for (NaN: not computed yet)
    cdef double* rows
    cdef Py_ssize_t n_slots, clock
    cdef Py_ssize_t* slot_of
    cdef Py_ssize_t* owner
    cdef Py_ssize_t* used
    cdef double* dense1
    cdef double* dense2

    def __cinit__(self):
        self.rows = NULL
        self.slot_of = NULL
        self.owner = NULL
        self.used = NULL
        self.dense1 = NULL
        self.dense2 = NULL

    def __dealloc__(self):
        free(self.rows)
        free(self.slot_of)
        free(self.owner)
        free(self.used)
        free(self.dense1)
        free(self.dense2)

    def __init__(self, indptr, indices, values, y, cost, Py_ssize_t d, double tol,
                 double eps, Py_ssize_t cache_bytes):
        cdef Py_ssize_t i
        self.indptr = indptr
        self.indices = indices
        self.values = values
        self.y = y
        self.cost = cost
        self.n = y.shape[0]
        self.d = d
        self.tol = tol
        self.eps = eps
        self.alpha = np.zeros(self.n)
        self.errors = np.zeros(self.n)
        self.w = np.zeros(d)
        self.nb_next = np.full(self.n, -1, dtype=np.intp)
        self.nb_prev = np.full(self.n, -1, dtype=np.intp)
        self.in_nb = np.zeros(self.n, dtype=np.int8)
        self.nb_first = -1
        self.nb_count = 0
        self.b = 0.0
        self.n_slots = max(2, min(self.n, cache_bytes // max(1, 8 * self.n)))
        self.rows = <double*>malloc(self.n_slots * self.n * sizeof(double))
        self.slot_of = <Py_ssize_t*>malloc(self.n * sizeof(Py_ssize_t))
        self.owner = <Py_ssize_t*>malloc(self.n_slots * sizeof(Py_ssize_t))
        self.used = <Py_ssize_t*>malloc(self.n_slots * sizeof(Py_ssize_t))
        self.dense1 = <double*>malloc(max(1, d) * sizeof(double))
        self.dense2 = <double*>malloc(max(1, d) * sizeof(double))
        if (self.rows == NULL or self.slot_of == NULL or self.owner == NULL
                or self.used == NULL or self.dense1 == NULL or self.dense2 == NULL):
            raise MemoryError()
        memset(self.dense1, 0, max(1, d) * sizeof(double))
        memset(self.dense2, 0, max(1, d) * sizeof(double))
        for i in range(self.n):
            self.slot_of[i] = -1
        for i in range(self.n_slots):
            self.owner[i] = -1
            self.used[i] = 0
        self.clock = 0
        self.diag = np.empty(self.n)
        for i in range(self.n):
            self.diag[i] = self._dot(i, i)

    # ------------------------------------------------------------------ kernel
    cdef double _dot(self, Py_ssize_t i, Py_ssize_t j) noexcept nogil:
        """<x_i, x_j> summed over the attributes in order (zeros add nothing)."""
        cdef Py_ssize_t p = self.indptr[i], q = self.indptr[j]
        cdef Py_ssize_t p_end = self.indptr[i + 1], q_end = self.indptr[j + 1]
        cdef double s = 0.0
        while p < p_end and q < q_end:
            if self.indices[p] == self.indices[q]:
                s += self.values[p] * self.values[q]
                p += 1
                q += 1
            elif self.indices[p] > self.indices[q]:
                q += 1
            else:
                p += 1
        return s

    cdef double* _row(self, Py_ssize_t i) noexcept nogil:
        """The cached row ``i`` of the Gram matrix (a fresh row is all NaN)."""
        cdef Py_ssize_t slot = self.slot_of[i], s, j
        cdef double* out
        self.clock += 1
        if slot >= 0:
            self.used[slot] = self.clock
            return self.rows + slot * self.n
        slot = 0
        for s in range(1, self.n_slots):
            if self.used[s] < self.used[slot]:
                slot = s
        if self.owner[slot] >= 0:
            self.slot_of[self.owner[slot]] = -1
        self.owner[slot] = i
        self.slot_of[i] = slot
        self.used[slot] = self.clock
        out = self.rows + slot * self.n
        for j in range(self.n):
            out[j] = NAN
        return out

    cdef inline void _scatter(self, double* dense, Py_ssize_t i, bint on) noexcept nogil:
        """Write row ``i``'s values into (or clear them from) the dense buffer."""
        cdef Py_ssize_t p
        for p in range(self.indptr[i], self.indptr[i + 1]):
            dense[self.indices[p]] = self.values[p] if on else 0.0

    cdef inline double _entry(self, double* row, double* dense, Py_ssize_t j) noexcept nogil:
        """``row[j]``, computed from the scattered row (``dense``) if not cached yet."""
        cdef Py_ssize_t p
        cdef double acc
        if row[j] == row[j]:
            return row[j]
        acc = 0.0
        for p in range(self.indptr[j], self.indptr[j + 1]):
            acc += dense[self.indices[p]] * self.values[p]
        row[j] = acc
        return acc

    cdef double _output(self, Py_ssize_t i) noexcept nogil:
        """The machine's output on training row ``i``: w·x_i - b."""
        cdef double s = 0.0
        cdef Py_ssize_t p
        for p in range(self.indptr[i], self.indptr[i + 1]):
            s += self.w[self.indices[p]] * self.values[p]
        return s - self.b

    # ------------------------------------------------------------- index sets
    cdef inline bint _free(self, Py_ssize_t i) noexcept nogil:
        return self.in_nb[i] != 0

    cdef inline bint _may_rise(self, Py_ssize_t i) noexcept nogil:
        """In I1 or I2 (Keerthi et al.): alpha at 0 with y = +1, or at C with y = -1."""
        if self.y[i] == 1.0:
            return self.alpha[i] == 0.0
        return self.alpha[i] == self.cost[i]

    cdef inline bint _may_fall(self, Py_ssize_t i) noexcept nogil:
        """In I3 or I4: alpha at C with y = +1, or at 0 with y = -1."""
        if self.y[i] == 1.0:
            return self.alpha[i] == self.cost[i]
        return self.alpha[i] == 0.0

    cdef void _set_free(self, Py_ssize_t i, bint free_) noexcept nogil:
        """Enter (at the head of the list) or leave the non-bound set."""
        cdef Py_ssize_t nxt, prv
        if free_:
            if self.in_nb[i]:
                return
            if self.nb_count == 0:
                self.nb_next[i] = -1
            else:
                self.nb_prev[self.nb_first] = i
                self.nb_next[i] = self.nb_first
            self.nb_prev[i] = -1
            self.nb_first = i
            self.in_nb[i] = 1
            self.nb_count += 1
        elif self.in_nb[i]:
            nxt = self.nb_next[i]
            prv = self.nb_prev[i]
            if self.nb_first == i:
                self.nb_first = nxt
            else:
                self.nb_next[prv] = nxt
            if nxt != -1:
                self.nb_prev[nxt] = prv
            self.in_nb[i] = 0
            self.nb_count -= 1

    # --------------------------------------------------------------- the loop
    cdef int _examine(self, Py_ssize_t i2) except -1 nogil:
        cdef double y2 = self.y[i2], F2
        cdef Py_ssize_t i1 = -1
        cdef bint optimal = True
        if self._free(i2):
            F2 = self.errors[i2]
        else:
            F2 = self._output(i2) + self.b - y2
            self.errors[i2] = F2
            if self._may_rise(i2) and F2 < self.b_up:
                self.b_up = F2
                self.i_up = i2
            elif self._may_fall(i2) and F2 > self.b_low:
                self.b_low = F2
                self.i_low = i2
        if self._free(i2) or self._may_rise(i2):
            if self.b_low - F2 > 2.0 * self.tol:
                optimal = False
                i1 = self.i_low
        if self._free(i2) or self._may_fall(i2):
            if F2 - self.b_up > 2.0 * self.tol:
                optimal = False
                i1 = self.i_up
        if optimal:
            return 0
        if self._free(i2):
            if self.b_low - F2 > F2 - self.b_up:
                i1 = self.i_low
            else:
                i1 = self.i_up
        if i1 == -1:
            with gil:
                raise RuntimeError("SMO lost its working pair (i1 = -1)")
        return self._step(i1, i2, F2)

    cdef double _objective_at(self, double a2, double s, double gamma, double k11,
                              double k12, double k22, double y1, double y2, double v1,
                              double v2) noexcept nogil:
        """Dual objective along the constraint line, with alpha_2 = ``a2``."""
        cdef double a1 = gamma - s * a2
        return (a1 + a2 - 0.5 * k11 * a1 * a1 - 0.5 * k22 * a2 * a2
                - s * k12 * a1 * a2 - y1 * a1 * v1 - y2 * a2 * v2)

    cdef int _step(self, Py_ssize_t i1, Py_ssize_t i2, double F2) except -1 nogil:
        cdef double C1 = self.cost[i1], C2 = self.cost[i2]
        cdef double alph1, alph2, y1, y2, F1, s, L, H, k11, k12, k22, eta
        cdef double a1, a2, f1, f2, v1, v2, gamma, Lobj, Hobj, t1, t2
        cdef double* row1
        cdef double* row2
        cdef Py_ssize_t j, p
        if i1 == i2:
            return 0
        alph1 = self.alpha[i1]
        alph2 = self.alpha[i2]
        y1 = self.y[i1]
        y2 = self.y[i2]
        F1 = self.errors[i1]
        s = y1 * y2
        if y1 != y2:
            L = max(0.0, alph2 - alph1)
            H = min(C2, C1 + alph2 - alph1)
        else:
            L = max(0.0, alph1 + alph2 - C1)
            H = min(C2, alph1 + alph2)
        if L >= H:
            return 0
        k11 = self.diag[i1]
        k22 = self.diag[i2]
        row1 = self._row(i1)
        if row1[i2] != row1[i2]:
            row1[i2] = self._dot(i1, i2)
        k12 = row1[i2]
        eta = 2.0 * k12 - k11 - k22
        if eta < 0.0:
            a2 = alph2 - y2 * (F1 - F2) / eta
            if a2 < L:
                a2 = L
            elif a2 > H:
                a2 = H
        else:
            f1 = self._output(i1)
            f2 = self._output(i2)
            v1 = f1 + self.b - y1 * alph1 * k11 - y2 * alph2 * k12
            v2 = f2 + self.b - y1 * alph1 * k12 - y2 * alph2 * k22
            gamma = alph1 + s * alph2
            Lobj = self._objective_at(L, s, gamma, k11, k12, k22, y1, y2, v1, v2)
            Hobj = self._objective_at(H, s, gamma, k11, k12, k22, y1, y2, v1, v2)
            if Lobj > Hobj + self.eps:
                a2 = L
            elif Lobj < Hobj - self.eps:
                a2 = H
            else:
                a2 = alph2
        if abs(a2 - alph2) < self.eps * (a2 + alph2 + self.eps):
            return 0
        # snap to the bounds (Weka's guard against round-off)
        if a2 > C2 - DEL * C2:
            a2 = C2
        elif a2 <= DEL * C2:
            a2 = 0.0
        a1 = alph1 + s * (alph2 - a2)
        if a1 > C1 - DEL * C1:
            a1 = C1
        elif a1 <= DEL * C1:
            a1 = 0.0
        self.alpha[i1] = a1  # the sets below read the new multipliers
        self._set_free(i1, a1 > 0.0 and a1 < C1)
        self.alpha[i2] = a2
        self._set_free(i2, a2 > 0.0 and a2 < C2)
        t1 = y1 * (a1 - alph1)
        t2 = y2 * (a2 - alph2)
        for p in range(self.indptr[i1], self.indptr[i1 + 1]):
            self.w[self.indices[p]] += t1 * self.values[p]
        for p in range(self.indptr[i2], self.indptr[i2 + 1]):
            self.w[self.indices[p]] += t2 * self.values[p]
        row1 = self._row(i1)  # both rows at once in the cache (it holds at least two)
        row2 = self._row(i2)
        self._scatter(self.dense1, i1, True)
        self._scatter(self.dense2, i2, True)
        j = self.nb_first
        while j != -1:
            if j != i1 and j != i2:
                self.errors[j] += (t1 * self._entry(row1, self.dense1, j)
                                   + t2 * self._entry(row2, self.dense2, j))
            j = self.nb_next[j]
        self._scatter(self.dense1, i1, False)
        self._scatter(self.dense2, i2, False)
        self.errors[i1] += t1 * k11 + t2 * k12
        self.errors[i2] += t1 * k12 + t2 * k22
        self._update_thresholds(i1, i2)
        return 1

    cdef int _update_thresholds(self, Py_ssize_t i1, Py_ssize_t i2) except -1 nogil:
        cdef Py_ssize_t j, k
        cdef Py_ssize_t pair[2]
        self.b_low = -DBL_MAX_
        self.b_up = DBL_MAX_
        self.i_low = -1
        self.i_up = -1
        j = self.nb_first
        while j != -1:
            if self.errors[j] < self.b_up:
                self.b_up = self.errors[j]
                self.i_up = j
            if self.errors[j] > self.b_low:
                self.b_low = self.errors[j]
                self.i_low = j
            j = self.nb_next[j]
        pair[0] = i1
        pair[1] = i2
        for k in range(2):
            j = pair[k]
            if self._free(j):
                continue
            if self._may_fall(j):
                if self.errors[j] > self.b_low:
                    self.b_low = self.errors[j]
                    self.i_low = j
            elif self.errors[j] < self.b_up:
                self.b_up = self.errors[j]
                self.i_up = j
        if self.i_low == -1 or self.i_up == -1:
            with gil:
                raise RuntimeError("SMO lost its thresholds (no index left for b_up or b_low)")
        return 0

    cdef int run(self) except -1 nogil:
        cdef Py_ssize_t i, changed = 0
        cdef bint examine_all = True
        # start: b_up = -1 at the last positive row, b_low = +1 at the last negative one
        self.b_up = -1.0
        self.b_low = 1.0
        self.i_up = -1
        self.i_low = -1
        for i in range(self.n):
            if self.y[i] == 1.0:
                self.i_up = i
            else:
                self.i_low = i
        self.errors[self.i_low] = 1.0
        self.errors[self.i_up] = -1.0
        while changed > 0 or examine_all:
            changed = 0
            if examine_all:
                for i in range(self.n):
                    changed += self._examine(i)
            else:
                # modification 1: sweep the non-bound multipliers until b_up, b_low agree
                for i in range(self.n):
                    if self.alpha[i] > 0.0 and self.alpha[i] < self.cost[i]:
                        changed += self._examine(i)
                        if self.b_up > self.b_low - 2.0 * self.tol:
                            changed = 0
                            break
            if examine_all:
                examine_all = False
            elif changed == 0:
                examine_all = True
        self.b = (self.b_low + self.b_up) / 2.0
        return 0


def fit_binary(const double[:, ::1] X, const double[::1] y, const double[::1] cost,
               double tol=1e-3, double eps=1e-12, Py_ssize_t cache_bytes=1 << 26):
    """Weight vector and threshold of Weka's binary linear SMO on ``X``.

    Parameters
    ----------
    X : ndarray of shape (n, d), C-contiguous
        Training rows in the order the optimiser visits them; at least one row of each
        class.
    y : ndarray of shape (n,)
        +1 or -1 (Weka's second class of the pair is +1).
    cost : ndarray of shape (n,)
        Upper bound of each multiplier: ``C`` times the instance weight (positive).
    tol, eps : float
        Weka's ``-L`` (tolerance of the KKT conditions) and ``-P`` (round-off epsilon).
    cache_bytes : int
        Memory for rows of the Gram matrix.

    Returns
    -------
    w : ndarray of shape (d,)
    b : float
        The machine's output is ``w·x - b``.
    """
    cdef Py_ssize_t n = X.shape[0], d = X.shape[1], i, k, nnz = 0
    for i in range(n):
        for k in range(d):
            if X[i, k] != 0.0:
                nnz += 1
    indptr = np.empty(n + 1, dtype=np.intp)
    indices = np.empty(nnz, dtype=np.intp)
    values = np.empty(nnz)
    cdef Py_ssize_t[::1] ip = indptr, ix = indices
    cdef double[::1] vs = values
    nnz = 0
    for i in range(n):
        ip[i] = nnz
        for k in range(d):
            if X[i, k] != 0.0:
                ix[nnz] = k
                vs[nnz] = X[i, k]
                nnz += 1
    ip[n] = nnz
    smo = _BinarySMO(indptr, indices, values, y, cost, d, tol, eps, cache_bytes)
    smo.run()
    return np.asarray(smo.w), smo.b


def linear_outputs(const double[:, ::1] X, const double[:, ::1] W, const double[::1] b):
    """``X @ W.T - b`` summed attribute by attribute in order, as Weka's SVMOutput."""
    cdef Py_ssize_t n = X.shape[0], m = W.shape[0], d = X.shape[1], i, r, k
    cdef double s
    out = np.empty((n, m))
    cdef double[:, ::1] o = out
    with nogil:
        for i in range(n):
            for r in range(m):
                s = 0.0
                for k in range(d):
                    if W[r, k] != 0.0:
                        s += X[i, k] * W[r, k]
                o[i, r] = s - b[r]
    return out
