# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
"""Java's ``java.util.Random`` and the few Weka routines that draw from it.

Weka seeds each randomised classifier with an integer (``-S``) and draws everything from a
``java.util.Random``: a 48-bit linear congruential generator whose every method is
specified in the Java API documentation. With the same generator and the same sequence
of draws, our hosts make the random choices Weka makes for the same seed, so that a
deterministic base learner (J48) gives Weka's ensemble, prediction by prediction.

Implemented from the ``java.util.Random`` specification; the Weka routines
(``Instances.resampleWithWeights``, ``Instances.randomize``, ``Collections.shuffle``)
from their documented behaviour as Weka 3.6 runs them: Walker's alias method for the
weighted bootstrap.
"""

from libc.math cimport log, sqrt

import numpy as np

cdef unsigned long long MULTIPLIER = 0x5DEECE66DULL
cdef unsigned long long ADDEND = 0xBULL
cdef unsigned long long MASK = (1ULL << 48) - 1
cdef double DOUBLE_UNIT = 1.0 / (1ULL << 53)


cdef class JavaRandom:
    """``java.util.Random``: same seed, same numbers as Java.

    Parameters
    ----------
    seed : int
        The seed, a Java ``long`` (Weka passes its integer ``-S`` option).

    Examples
    --------
    >>> JavaRandom(42).next_int()
    -1170105035
    """

    # The state (_seed, _next_gaussian, _have_next_gaussian) is declared in
    # _java_random.pxd, so that compiled modules can cimport the class.

    def __init__(self, long long seed):
        self.set_seed(seed)

    cpdef void set_seed(self, long long seed):
        """Reset the generator as ``Random.setSeed`` does."""
        self._seed = ((<unsigned long long>seed) ^ MULTIPLIER) & MASK
        self._have_next_gaussian = False

    cdef inline int _next(self, int bits) noexcept:
        self._seed = (self._seed * MULTIPLIER + ADDEND) & MASK
        return <int>(<unsigned int>(self._seed >> (48 - bits)))

    cpdef int next_int(self):
        """``nextInt()``: a uniformly drawn 32-bit signed integer."""
        return self._next(32)

    cpdef int next_int_below(self, int bound) except? -1:
        """``nextInt(bound)``: uniform in ``0 .. bound - 1``."""
        cdef int r, m, u
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound}")
        r = self._next(31)
        m = bound - 1
        if (bound & m) == 0:
            return <int>((<long long>bound * <long long>r) >> 31)
        u = r
        r = u % bound
        # Java's loop condition ``u - r + m < 0`` relies on 32-bit wrap-around.
        while <int>(<unsigned int>u - <unsigned int>r + <unsigned int>m) < 0:
            u = self._next(31)
            r = u % bound
        return r

    cpdef long long next_long(self):
        """``nextLong()``."""
        cdef long long high = self._next(32)
        return <long long>((<unsigned long long>high << 32) + <unsigned long long>(<long long>self._next(32)))

    cpdef double next_double(self):
        """``nextDouble()``: uniform in [0, 1) with 53 random bits."""
        return ((<long long>self._next(26) << 27) + self._next(27)) * DOUBLE_UNIT

    cpdef double next_gaussian(self):
        """``nextGaussian()``: Marsaglia's polar method, two values per round."""
        cdef double v1, v2, s, multiplier
        if self._have_next_gaussian:
            self._have_next_gaussian = False
            return self._next_gaussian
        while True:
            v1 = 2 * self.next_double() - 1
            v2 = 2 * self.next_double() - 1
            s = v1 * v1 + v2 * v2
            if s < 1 and s != 0:
                break
        multiplier = sqrt(-2 * log(s) / s)
        self._next_gaussian = v2 * multiplier
        self._have_next_gaussian = True
        return v1 * multiplier

    def next_doubles(self, Py_ssize_t n):
        """``n`` successive ``nextDouble()`` values, as an array."""
        out = np.empty(n, dtype=np.float64)
        cdef double[::1] view = out
        cdef Py_ssize_t i
        for i in range(n):
            view[i] = self.next_double()
        return out


def resample_with_weights(JavaRandom random, const double[::1] weights):
    """Rows of Weka's ``Instances.resampleWithWeights(random, weights)``, in draw order.

    As many rows as there are weights, each drawn with probability proportional to its
    weight by Walker's alias method, the way Weka 3.6 draws them (one ``nextDouble`` per
    row). The drawn copies all have weight 1 in Weka.
    """
    cdef Py_ssize_t M = weights.shape[0], i, s, I, J
    cdef Py_ssize_t NN = -1, NP = M
    cdef double total = 0.0, U
    if M == 0:
        return np.empty(0, dtype=np.int32)
    for i in range(M):
        if weights[i] < 0:
            raise ValueError("Weights have to be positive.")
        total += weights[i]
    if total == 0 or total != total:
        raise ValueError("weights sum to zero or NaN; cannot resample.")
    P = np.empty(M, dtype=np.float64)
    Q = np.empty(M, dtype=np.float64)
    A = np.zeros(M, dtype=np.intp)
    W = np.zeros(M, dtype=np.intp)
    rows = np.empty(M, dtype=np.int32)
    cdef double[::1] p = P, q = Q
    cdef Py_ssize_t[::1] a = A, w = W
    cdef int[::1] out = rows
    for i in range(M):
        p[i] = weights[i] / total
        q[i] = M * p[i]
        if q[i] < 1.0:
            NN += 1
            w[NN] = i
        else:
            NP -= 1
            w[NP] = i
    if NN > -1 and NP < M:
        for s in range(M - 1):
            I = w[s]
            J = w[NP]
            a[I] = J
            q[J] += q[I] - 1.0
            if q[J] < 1.0:
                NP += 1
            if NP >= M:
                break
    for i in range(M):
        q[i] += i
    for i in range(M):
        U = M * random.next_double()
        I = <Py_ssize_t>U
        out[i] = I if U < q[I] else a[I]
    return rows


def shuffled(JavaRandom random, Py_ssize_t n):
    """The permutation ``Collections.shuffle`` (or ``Instances.randomize``) makes of
    ``0 .. n - 1``: for ``i`` from ``n - 1`` down to 1, swap ``i`` with ``nextInt(i + 1)``."""
    order = np.arange(n, dtype=np.intp)
    cdef Py_ssize_t[::1] o = order
    cdef Py_ssize_t i, j, t
    for i in range(n - 1, 0, -1):
        j = random.next_int_below(<int>(i + 1))
        t = o[i]
        o[i] = o[j]
        o[j] = t
    return order
