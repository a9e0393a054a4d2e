# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""``java.util.Random.nextGaussian`` to the last bit, and tables of draws in Weka's order.

Java specifies ``nextGaussian`` as Marsaglia's polar method computed with
``StrictMath.log`` and ``StrictMath.sqrt``; ``StrictMath.log`` is fdlibm's algorithm
(Sun's freely distributable libm of 1993). The C library's ``log`` is as accurate but
not the same function: on about 3 % of Java's Gaussians the two differ by an ulp or
two. :func:`strict_log` is fdlibm's algorithm, written from its description
(argument reduction to ``2**k * (1 + f)`` with ``sqrt(2)/2 < 1 + f < sqrt(2)``, then
``log(1 + f) = 2s + s*R(s*s)`` with ``s = f / (2 + f)`` and fdlibm's degree-14 Remez
polynomial, ``k*ln2`` added in two parts), so that :class:`GaussianStream` gives
Java's numbers exactly.

Weka's ``Decorate`` draws its artificial instances attribute by attribute, a
``nextGaussian`` for a numeric attribute and a ``nextDouble`` for a nominal one,
interleaved in one stream; :meth:`GaussianStream.table` makes such a table. It takes
the uniform numbers from :class:`~ensemble_lab.utils._java_random.JavaRandom` in blocks
(never more than the table will use, so the generator ends where Java's would) and
runs the polar method on them in compiled code.
"""

from libc.math cimport sqrt
from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t
from libc.string cimport memcpy

import numpy as np

# fdlibm's constants, given by their bit patterns (the intended values).
cdef double LN2_HI = 6.93147180369123816490e-01  # 0x3fe62e42 fee00000
cdef double LN2_LO = 1.90821492927058770002e-10  # 0x3dea39ef 35793c76
cdef double TWO54 = 1.80143985094819840000e+16  # 0x43500000 00000000
cdef double LG1 = 6.666666666666735130e-01  # 0x3fe55555 55555593
cdef double LG2 = 3.999999999940941908e-01  # 0x3fd99999 9997fa04
cdef double LG3 = 2.857142874366239149e-01  # 0x3fd24924 94229359
cdef double LG4 = 2.222219843214978396e-01  # 0x3fcc71c5 1d8e78af
cdef double LG5 = 1.818357216161805012e-01  # 0x3fc74664 96cb03de
cdef double LG6 = 1.531383769920937332e-01  # 0x3fc39a09 d078c69f
cdef double LG7 = 1.479819860511658591e-01  # 0x3fc2f112 df3e5244


cdef inline uint64_t _bits(double x) noexcept nogil:
    cdef uint64_t b
    memcpy(&b, &x, 8)
    return b


cdef inline double _from_bits(uint64_t b) noexcept nogil:
    cdef double x
    memcpy(&x, &b, 8)
    return x


cdef double _strict_log(double x) noexcept nogil:
    cdef uint64_t bits = _bits(x)
    cdef int32_t high = <int32_t>(bits >> 32)
    cdef uint64_t low = bits & 0xFFFFFFFFULL
    cdef int32_t k = 0, i, j
    cdef double f, s, z, w, r, half_square, dk
    if high < 0x00100000:  # zero, negative or subnormal
        if ((high & 0x7FFFFFFF) | <int32_t>low) == 0:
            return -TWO54 / 0.0
        if high < 0:
            return (x - x) / 0.0
        k = -54
        x *= TWO54
        high = <int32_t>(_bits(x) >> 32)
    if high >= 0x7FF00000:  # infinity or NaN
        return x + x
    k += (high >> 20) - 1023
    high &= 0x000FFFFF
    # Scale into [sqrt(2)/2, sqrt(2)): the mantissa as 1.m, or as 1.m / 2 when 1.m is
    # above sqrt(2) (whose mantissa's high word is 0x6a09e, hence 0x95f64 = 0x100000 - it).
    i = (high + 0x95F64) & 0x100000
    x = _from_bits((<uint64_t>(<uint32_t>(high | (i ^ 0x3FF00000))) << 32) | (_bits(x) & 0xFFFFFFFFULL))
    k += i >> 20
    f = x - 1.0
    dk = <double>k
    if (0x000FFFFF & (2 + high)) < 3:  # |f| < 2**-20: a short series is enough
        if f == 0.0:
            return 0.0 if k == 0 else dk * LN2_HI + dk * LN2_LO
        r = f * f * (0.5 - 0.33333333333333333 * f)
        return f - r if k == 0 else dk * LN2_HI - ((r - dk * LN2_LO) - f)
    s = f / (2.0 + f)
    z = s * s
    w = z * z
    r = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7))) + w * (LG2 + w * (LG4 + w * LG6))
    i = (high - 0x6147A) | (0x6B851 - high)
    if i > 0:  # f far from 0: subtract f*f/2 separately for accuracy
        half_square = 0.5 * f * f
        if k == 0:
            return f - (half_square - s * (half_square + r))
        return dk * LN2_HI - ((half_square - (s * (half_square + r) + dk * LN2_LO)) - f)
    if k == 0:
        return f - s * (f - r)
    return dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f)


def strict_log(double x):
    """Java's ``StrictMath.log(x)`` (fdlibm's natural logarithm).

    >>> strict_log(1.0), strict_log(0.0)
    (0.0, -inf)
    """
    return _strict_log(x)


cdef class GaussianStream:
    """``nextDouble`` and Java-exact ``nextGaussian`` of one ``JavaRandom``.

    Like ``java.util.Random``, the polar method makes Gaussians in pairs and keeps the
    second for the next call, across other draws in between. The stream owns that cache:
    draw Gaussians from this object only (not from ``random.next_gaussian``), uniform
    numbers from either.

    Parameters
    ----------
    random : JavaRandom
        The generator, already seeded.

    Examples
    --------
    >>> from ensemble_lab.utils._java_random import JavaRandom
    >>> stream = GaussianStream(JavaRandom(42))
    >>> stream.next_double(), stream.next_gaussian()
    (0.7275636800328681, 1.102744497787456)
    """

    cdef readonly object random
    cdef double _cached
    cdef bint _has_cached

    def __init__(self, random):
        self.random = random
        self._has_cached = False

    def next_double(self):
        """``nextDouble()``."""
        return self.random.next_double()

    def next_gaussian(self):
        """``nextGaussian()``, as Java computes it."""
        return float(self.table(np.ones(1, dtype=np.uint8), 1)[0, 0])

    def table(self, const unsigned char[::1] gaussian, Py_ssize_t n_rows):
        """Draws for ``n_rows`` rows, row after row, and in a row column after column:
        ``nextGaussian()`` in the columns where ``gaussian`` is true, ``nextDouble()``
        in the others.

        Returns
        -------
        ndarray of shape (n_rows, len(gaussian))
        """
        cdef Py_ssize_t n_cols = gaussian.shape[0], n_cells = n_rows * n_cols
        cdef Py_ssize_t cell, j, pos = 0, n_buffer = 0, fresh
        cdef int64_t need
        out = np.empty((n_rows, n_cols), dtype=np.float64)
        if n_cells == 0:
            return out
        cdef double[::1] flat = out.reshape(-1)
        # Uniform and Gaussian cells from column j of a row to its end.
        suffix_u = np.zeros(n_cols + 1, dtype=np.int64)
        suffix_g = np.zeros(n_cols + 1, dtype=np.int64)
        cdef int64_t[::1] su = suffix_u, sg = suffix_g
        for j in range(n_cols - 1, -1, -1):
            su[j] = su[j + 1] + (0 if gaussian[j] else 1)
            sg[j] = sg[j + 1] + (1 if gaussian[j] else 0)
        buffer = np.empty(0, dtype=np.float64)
        cdef const double[::1] buf = buffer
        cdef double v1, v2, s, multiplier
        cell = 0
        while cell < n_cells:
            # Fewest uniform numbers the rest of the table can use: one per uniform cell,
            # two per Gaussian pair still to make. Drawing no more than that leaves the
            # generator exactly where Java's is when the table is done.
            j = cell % n_cols
            fresh = (n_rows - 1 - cell // n_cols) * sg[0] + sg[j] - self._has_cached
            need = (n_rows - 1 - cell // n_cols) * su[0] + su[j] + 2 * ((fresh + 1) // 2)
            if need > n_buffer - pos:
                buffer = np.concatenate(
                    [buffer[pos:n_buffer], self.random.next_doubles(need - (n_buffer - pos))]
                )
                buf = buffer
                n_buffer = buffer.shape[0]
                pos = 0
            while cell < n_cells:
                j = cell % n_cols
                if not gaussian[j]:
                    if pos >= n_buffer:
                        break
                    flat[cell] = buf[pos]
                    pos += 1
                elif self._has_cached:
                    self._has_cached = False
                    flat[cell] = self._cached
                else:
                    s = 0.0
                    while pos + 2 <= n_buffer:
                        v1 = 2 * buf[pos] - 1
                        v2 = 2 * buf[pos + 1] - 1
                        pos += 2
                        s = v1 * v1 + v2 * v2
                        if s < 1 and s != 0:
                            break
                    if not (s < 1 and s != 0):
                        break  # out of numbers in the middle of the rejection loop
                    multiplier = sqrt(-2 * _strict_log(s) / s)
                    self._cached = v2 * multiplier
                    self._has_cached = True
                    flat[cell] = v1 * multiplier
                cell += 1
        return out


def select_indices(const double[:, ::1] cumulative, const double[:, ::1] uniform):
    """Weka's ``selectIndexProbabilistically`` for every cell of ``uniform``.

    Cell ``(i, k)`` gets the first index ``v`` with ``uniform[i, k] <= cumulative[k, v]``,
    or the row length of ``cumulative`` if there is none (pad rows with ``+inf`` to give
    attribute ``k`` fewer values).

    Returns
    -------
    ndarray of float64 of shape uniform.shape
        The indices, as the values of an encoded nominal attribute.
    """
    cdef Py_ssize_t n = uniform.shape[0], m = uniform.shape[1], width = cumulative.shape[1]
    cdef Py_ssize_t i, k, v
    if cumulative.shape[0] != m:
        raise ValueError(f"{cumulative.shape[0]} rows of shares for {m} columns of draws")
    out = np.empty((n, m), dtype=np.float64)
    cdef double[:, ::1] view = out
    with nogil:
        for i in range(n):
            for k in range(m):
                v = 0
                while v < width and uniform[i, k] > cumulative[k, v]:
                    v += 1
                view[i, k] = v
    return out
