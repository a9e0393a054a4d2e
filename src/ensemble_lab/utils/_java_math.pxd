# Java's Math.log (correctly rounded) for compiled code; see _java_math.pyx for why.

cdef double java_log(double x) noexcept nogil
