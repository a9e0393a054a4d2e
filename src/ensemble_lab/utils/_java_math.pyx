# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Java's ``Math.log``, for the compiled code that computes Weka's entropies bit for bit.

The Java runtime Weka runs on (HotSpot 17, x86-64) returns the correctly rounded natural
logarithm: on 200 000 random arguments its ``Math.log`` never differed from the exact
value rounded to nearest, while the C library's ``log`` did 31 times (and for the whole
number 9170). An entropy computed with the C library can thus differ from Weka's in the
last bit, and a tie between two splits of equal information break the other way.

:func:`log` rounds correctly. It evaluates the logarithm in double-double arithmetic,
``e ln 2 - ln(1/c) + ln(1 + r)`` with ``x = 2^e m``, ``1/c`` one of 363 table values
close to ``1/m`` and ``r = m/c - 1`` below 2^-9, to a relative error below 2^-70; where
that leaves the rounding in doubt (about one argument in a thousand) it sums the
``atanh`` series of the logarithm to 22 terms, accurate to about 2^-100. Compiled code
cimports ``java_log``.
"""

from libc.math cimport fabs, isfinite, round
from libc.math cimport log as c_log
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

import numpy as np

DEF TABLE_LOW = 362  # k = round(512 m) for m in [sqrt(1/2), sqrt(2))
DEF TABLE_HIGH = 724

cdef double INV_C[TABLE_HIGH - TABLE_LOW + 1]  # 1/c, 512/k rounded to 10 bits
cdef double LOG_INV_C_HI[TABLE_HIGH - TABLE_LOW + 1]  # ln(1/c) as a double-double
cdef double LOG_INV_C_LO[TABLE_HIGH - TABLE_LOW + 1]


# ----------------------------------------------------------- double-double

cdef inline void two_sum(double a, double b, double* s, double* e) noexcept nogil:
    # Knuth: s + e == a + b exactly.
    cdef double bb
    s[0] = a + b
    bb = s[0] - a
    e[0] = (a - (s[0] - bb)) + (b - bb)


cdef inline void quick_two_sum(double a, double b, double* s, double* e) noexcept nogil:
    # Dekker, for |a| >= |b|.
    s[0] = a + b
    e[0] = b - (s[0] - a)


cdef inline void dd_add(double ah, double al, double bh, double bl,
                        double* sh, double* sl) noexcept nogil:
    cdef double s, e
    two_sum(ah, bh, &s, &e)
    e += al + bl
    quick_two_sum(s, e, sh, sl)


cdef inline void split(double a, double* hi, double* lo) noexcept nogil:
    # Veltkamp: a = hi + lo, each with 26 bits, so that their products are exact.
    cdef double t = 134217729.0 * a  # 2^27 + 1
    hi[0] = t - (t - a)
    lo[0] = a - hi[0]


cdef inline void two_prod(double a, double b, double* p, double* e) noexcept nogil:
    # Dekker: p + e == a * b exactly (no fused multiply-add needed).
    cdef double ah, al, bh, bl
    p[0] = a * b
    split(a, &ah, &al)
    split(b, &bh, &bl)
    e[0] = ((ah * bh - p[0]) + ah * bl + al * bh) + al * bl


cdef inline void dd_mul(double ah, double al, double bh, double bl,
                        double* ph, double* pl) noexcept nogil:
    cdef double p, e
    two_prod(ah, bh, &p, &e)
    e += ah * bl + al * bh
    quick_two_sum(p, e, ph, pl)


cdef inline void dd_div(double ah, double al, double bh, double bl,
                        double* qh, double* ql) noexcept nogil:
    # Long division, three quotient digits.
    cdef double q1, q2, q3, ph, pl, rh, rl
    q1 = ah / bh
    dd_mul(q1, 0.0, bh, bl, &ph, &pl)
    dd_add(ah, al, -ph, -pl, &rh, &rl)
    q2 = rh / bh
    dd_mul(q2, 0.0, bh, bl, &ph, &pl)
    dd_add(rh, rl, -ph, -pl, &rh, &rl)
    q3 = rh / bh
    quick_two_sum(q1, q2, qh, ql)
    dd_add(qh[0], ql[0], q3, 0.0, qh, ql)


cdef inline void reciprocal(double n, double* h, double* l) noexcept nogil:
    # 1/n as a double-double.
    cdef double p, e
    h[0] = 1.0 / n
    two_prod(h[0], n, &p, &e)
    l[0] = ((1.0 - p) - e) / n


cdef inline void dd_ln2_times(int e, double* h, double* l) noexcept nogil:
    # e ln 2 for |e| < 2^11: ln 2 split into a head of 42 bits (e times it is exact)
    # and the double nearest to the rest.
    quick_two_sum(e * 0.6931471805598903, e * 5.497923018708371e-14, h, l)


# -------------------------------------------------------------- logarithms

cdef inline uint64_t bits(double x) noexcept nogil:
    cdef uint64_t u
    memcpy(&u, &x, sizeof(double))
    return u


cdef inline double from_bits(uint64_t u) noexcept nogil:
    cdef double x
    memcpy(&x, &u, sizeof(double))
    return x


cdef inline void reduce(double x, int* e, double* m) noexcept nogil:
    # x = m 2^e with m in [sqrt(1/2), sqrt(2)), for a positive finite x.
    cdef int shift = 0
    cdef uint64_t u = bits(x)
    if u >> 52 == 0:  # subnormal
        u = bits(x * 18014398509481984.0)  # 2^54
        shift = 54
    e[0] = <int> (u >> 52) - 1023 - shift
    m[0] = from_bits((u & 0x000FFFFFFFFFFFFFULL) | 0x3FF0000000000000ULL)  # in [1, 2)
    if m[0] >= 1.4142135623730951:
        m[0] *= 0.5
        e[0] += 1


cdef void series_log(double x, double* h, double* l) noexcept nogil:
    # ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172, summed to 22 terms
    # (s^44 / 45 < 2^-110) in double-double: slow, accurate to about 2^-100.
    cdef int e, k
    cdef double m, dh, dl, s2h, s2l, th, tl, ch, cl
    cdef double sh = 0.0, sl = 0.0
    reduce(x, &e, &m)
    two_sum(m, 1.0, &dh, &dl)
    dd_div(m - 1.0, 0.0, dh, dl, &sh, &sl)  # m - 1 is exact (Sterbenz)
    dd_mul(sh, sl, sh, sl, &s2h, &s2l)
    reciprocal(45.0, &th, &tl)
    for k in range(21, -1, -1):
        reciprocal(2 * k + 1, &ch, &cl)
        dd_mul(th, tl, s2h, s2l, &th, &tl)
        dd_add(th, tl, ch, cl, &th, &tl)
    dd_mul(sh, sl, th, tl, &th, &tl)
    dd_ln2_times(e, h, l)
    dd_add(h[0], l[0], 2.0 * th, 2.0 * tl, h, l)


cdef void _fill_table() noexcept:
    # ln(1/c) for the 1/c close to 512/k that reduce m to 1 + r, r small.
    cdef int k
    for k in range(TABLE_LOW, TABLE_HIGH + 1):
        INV_C[k - TABLE_LOW] = round(1024.0 * 512.0 / k) / 1024.0  # 10 significant bits
        series_log(INV_C[k - TABLE_LOW], &LOG_INV_C_HI[k - TABLE_LOW],
                   &LOG_INV_C_LO[k - TABLE_LOW])


_fill_table()


cdef double java_log(double x) noexcept nogil:
    # Math.log(x) as Weka's Java runtime computes it: correctly rounded.
    cdef int e, k
    cdef double m, ph, pl, rh, rl, q, r2h, r2l, v, uh, ul, h, l, y, d, gap
    cdef uint64_t u
    if not (x > 0.0 and isfinite(x)):
        return c_log(x)  # NaN, -inf, inf: the special values are the same
    if x == 1.0:
        return 0.0
    reduce(x, &e, &m)
    k = <int> (m * 512.0 + 0.5) - TABLE_LOW
    # e ln 2 - ln(1/c), independent of what follows.
    dd_ln2_times(e, &h, &l)
    dd_add(h, l, -LOG_INV_C_HI[k], -LOG_INV_C_LO[k], &h, &l)
    # r = m / c - 1 exactly, as a double-double: 1/c has 10 bits, so with m split in
    # halves of 26 and 27 bits both products are exact, and m_hi / c - 1 too (Sterbenz).
    split(m, &ph, &pl)
    ph *= INV_C[k]
    pl *= INV_C[k]
    two_sum(ph - 1.0, pl, &rh, &rl)  # |r| < 2^-9
    # ln(1 + r) = r - r^2 / 2 + r^3 Q, Q = 1/3 - r/4 + ... - r^5/8: r^2 in double-double,
    # r^3 Q (below 2^-20 r) in doubles.
    q = 1.0 / 3 + rh * (-1.0 / 4 + rh * (1.0 / 5 + rh * (-1.0 / 6 + rh * (1.0 / 7 - rh / 8))))
    split(rh, &v, &uh)
    r2h = rh * rh
    r2l = ((v * v - r2h) + 2.0 * v * uh) + uh * uh + 2.0 * rh * rl
    v = r2h * rh * q
    dd_add(rh, rl, -0.5 * r2h, -0.5 * r2l, &uh, &ul)
    dd_add(uh, ul, v, 0.0, &uh, &ul)
    dd_add(h, l, uh, ul, &h, &l)
    # Round h + l; in doubt within 2^-64 relative (the error is below 2^-70), take
    # the series.
    y = h + l
    d = (h - y) + l  # what the rounding dropped
    u = bits(y) & 0x7FFFFFFFFFFFFFFFULL  # |y|, never 0 nor subnormal here
    gap = from_bits(u - (52ULL << 52)) * 0.5  # half a unit in the last place of y
    if (d < 0) == (y > 0) and u & 0x000FFFFFFFFFFFFFULL == 0:
        gap *= 0.5  # towards zero from a power of two, the neighbour is nearer
    if gap - fabs(d) > fabs(y) * 5.421010862427522e-20:  # 2^-64
        return y
    series_log(x, &h, &l)
    return h + l


def log(x):
    """``Math.log`` of a number, or of every element of an array, as Java computes it.

    >>> log(9170.0)  # the C library gives 9.123692565250511
    9.12369256525051
    """
    values = np.asarray(x, dtype=np.float64)
    flat = np.ascontiguousarray(values).ravel()
    out = np.empty_like(flat)
    cdef const double[::1] src = flat
    cdef double[::1] dst = out
    cdef Py_ssize_t i
    for i in range(src.shape[0]):
        dst[i] = java_log(src[i])
    return float(out[0]) if values.ndim == 0 else out.reshape(values.shape)


def series(double x):
    """The slow, more precise evaluation, rounded to a double (for tests)."""
    cdef double h, l
    series_log(x, &h, &l)
    return h + l
