# Declarations of _java_random.pyx for other compiled modules: `cimport` the generator
# and call its methods without going through Python.

cdef class JavaRandom:
    cdef unsigned long long _seed
    cdef double _next_gaussian
    cdef bint _have_next_gaussian

    cdef int _next(self, int bits) noexcept
    cpdef void set_seed(self, long long seed)
    cpdef int next_int(self)
    cpdef int next_int_below(self, int bound) except? -1
    cpdef long long next_long(self)
    cpdef double next_double(self)
    cpdef double next_gaussian(self)
