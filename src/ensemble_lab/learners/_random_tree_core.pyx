# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
# distutils: language = c++
"""Compiled core of Weka's RandomTree: growth and ``distributionForInstance``.

The decisions, and the order of every random draw and every floating-point sum, are
those of Weka 3.6.14's ``weka.classifiers.trees.RandomTree`` (read from its bytecode):

* the candidate attributes of a node are drawn without replacement from a window of
  attribute indices that all the nodes of the tree share and keep permuting, one
  ``nextInt(windowSize)`` per attribute tried, until ``K`` were tried *and* one had a
  positive gain (or the window is exhausted); the best information gain wins, the
  lower attribute index on an exact tie;
* a numeric attribute is evaluated on the node's instances sorted by it, with Weka's
  own quicksort, in place: the order it leaves behind is the order of the next sort and
  of the subsets handed to the sons, and so the order in which fractional weights are
  summed;
* instances with a missing value join every branch with the branch's share of the known
  weight, in the distribution that scores the split and in the sons' data;
* a son's class distribution is its row of the parent's split distribution; a node
  holding less than ``2 * minNum`` weight, or one class only, is a leaf; a branch that
  received no instance predicts its parent's class distribution.

Entropies are ``weka.core.ContingencyTables``' (``x ln x`` sums divided by ``ln 2``),
term by term in Weka's order, with Java's logarithm (``utils._java_math``: correctly
rounded, where the C library's is not always).

Three shortcuts give the same trees, faster:

* without missing values and with whole weights no sum depends on the order of the
  instances, so numeric attributes are scanned by the ranks of their values (a
  histogram, or a radix sort) instead of Weka's in-place quicksort;
* entropies are computed with the C library's logarithm and a bound on their distance
  from Weka's values; whole numbers take Java's ``x ln x`` from a table (bound 0), and
  a comparison that the bounds leave in doubt is made again with Java's logarithm;
* two gains that are equal whatever the logarithm are not computed again: that of a
  split with one non-empty branch (exactly 0) and those of two equal tables.
"""

from libc.math cimport NAN, fabs, floor, isnan
from libc.math cimport log as c_log
from libc.float cimport DBL_MAX
from libc.stdlib cimport calloc, free
from libc.string cimport memcmp, memcpy, memset
from libcpp.algorithm cimport sort
from libcpp.utility cimport pair
from libcpp.vector cimport vector

import numpy as np

from ..utils._java_math cimport java_log
from ..utils._java_random cimport JavaRandom

cdef double SMALL = 1e-6  # Weka's Utils.SMALL
cdef double LOG2 = java_log(2.0)

cdef enum:
    LEAF = 0
    MULTIWAY = 1  # nominal attribute, one branch per value (the codes of _c45_core)
    NUMERIC = 3   # numeric attribute, < split point against >=


cdef inline bint gr(double a, double b) noexcept nogil:
    return a - b > SMALL


cdef inline bint eq(double a, double b) noexcept nogil:
    return a == b or (a - b < SMALL and b - a < SMALL)


# x ln x for the whole numbers 0 .. LN_TABLE_SIZE - 1 (unit weights give whole counts):
# a look-up instead of a logarithm in the innermost loop, bit for bit the same value.
DEF LN_TABLE_SIZE = 1 << 16
cdef double LN_TABLE[LN_TABLE_SIZE]


cdef void _fill_ln_table() noexcept:
    cdef int i
    LN_TABLE[0] = 0.0
    for i in range(1, LN_TABLE_SIZE):
        LN_TABLE[i] = i * java_log(<double> i)


_fill_ln_table()


# Entropies are first computed with the C library's logarithm, fast, together with a
# bound on how far that can be from Weka's value (computed with Java's correctly rounded
# logarithm, java_log). Whole numbers take their x ln x from the table (Java's values),
# so without fractional weights the bound is 0; with them, a decision that the bounds
# leave in doubt (two equal gains, say) is taken again on the values Weka computes.

DEF ULP = 2.220446049250313e-16  # 2^-52


DEF CACHE_SIZE = 4096


cdef struct LnCache:
    # Java's x ln x of recent fractional arguments (the same class totals come back for
    # every attribute tried at a node), direct-mapped on the argument's bits; one per
    # tree being grown.
    double x[CACHE_SIZE]
    double t[CACHE_SIZE]


cdef inline double java_ln_term(double x, LnCache* cache) noexcept nogil:
    cdef unsigned long long u
    cdef int slot
    memcpy(&u, &x, sizeof(double))
    slot = <int> ((u ^ (u >> 29) ^ (u >> 41)) & (CACHE_SIZE - 1))
    if cache.x[slot] != x:
        cache.x[slot] = x
        cache.t[slot] = x * java_log(x)
    return cache.t[slot]


cdef inline double ln_term(double x, LnCache* exact, double* fast) noexcept nogil:
    # ContingencyTables.lnFunc: x ln x, 0 for x <= 0; with Java's logarithm if `exact`
    # (a cache) is given, else with the C library's, `fast` summing such terms (each
    # within 2 units in the last place of Java's).
    cdef int i
    cdef double t
    if not x > 0:
        return 0.0
    if x < LN_TABLE_SIZE:
        i = <int> x
        if i == x:
            return LN_TABLE[i]
    if exact != NULL:
        return java_ln_term(x, exact)
    t = x * c_log(x)
    fast[0] += fabs(t)
    return t


cdef inline double scaled(double value, double total, double fast, double size, int n_terms,
                          double* bound) noexcept nogil:
    # value / (total ln 2), and the bound: each C-library term off by 2 ulps, each of
    # the n_terms additions then rounded differently (by an ulp of `size`, the sum of
    # the terms' magnitudes), the division, all times 4 for safety.
    cdef double result = value / (total * LOG2)
    if fast == 0.0:
        bound[0] = 0.0
    else:
        bound[0] = 4 * ((2 * ULP * fast + n_terms * ULP * size) / (total * LOG2)
                        + 2 * ULP * fabs(result))
    return result


# Both entropies go over the classes present at the node only (`cls`, in increasing
# order): an absent class's cells are 0, and skipping them changes no sum.

cdef double entropy_over_columns(const double* m, int n_rows, int C, const int* cls,
                                 int n_cls, LnCache* exact, double* bound) noexcept nogil:
    # ContingencyTables.entropyOverColumns: entropy of the class (column) totals.
    cdef double value = 0.0, total = 0.0, column, t, fast = 0.0, size = 0.0
    cdef int i, j
    for j in range(n_cls):
        column = 0.0
        for i in range(n_rows):
            column += m[i * C + cls[j]]
        t = ln_term(column, exact, &fast)
        value -= t
        size += fabs(t)
        total += column
    if eq(total, 0.0):
        bound[0] = 0.0
        return 0.0
    t = ln_term(total, exact, &fast)
    return scaled(value + t, total, fast, size + fabs(t), n_cls + 1, bound)


cdef double entropy_conditioned_on_rows(const double* m, int n_rows, int C, const int* cls,
                                        int n_cls, LnCache* exact, double* bound) noexcept nogil:
    # ContingencyTables.entropyConditionedOnRows: class entropy within the branches.
    cdef double value = 0.0, total = 0.0, row, x, t, fast = 0.0, size = 0.0
    cdef int i, j
    for i in range(n_rows):
        row = 0.0
        for j in range(n_cls):
            x = m[i * C + cls[j]]
            t = ln_term(x, exact, &fast)
            value += t
            size += fabs(t)
            row += x
        t = ln_term(row, exact, &fast)
        value -= t
        size += fabs(t)
        total += row
    if eq(total, 0.0):
        bound[0] = 0.0
        return 0.0
    return scaled(-value, total, fast, size, n_rows * (n_cls + 1), bound)


cdef inline double difference_bound(double a, double a_bound, double b,
                                    double b_bound) noexcept nogil:
    # Bound on (a - b) from those on a and b, with the subtraction's rounding.
    if a_bound == 0.0 and b_bound == 0.0:
        return 0.0
    return a_bound + b_bound + 2 * ULP * (fabs(a) + fabs(b))


cdef inline int surely(double a, double a_bound, double b, double b_bound) noexcept nogil:
    # How Weka's values compare, from ours and their bounds: 1 (a > b), -1 (a < b),
    # 0 (a == b), or 2 when the bounds cannot tell.
    if a_bound == 0.0 and b_bound == 0.0:
        return (a > b) - (a < b)
    if a - b > 2 * (a_bound + b_bound):
        return 1
    if b - a > 2 * (a_bound + b_bound):
        return -1
    return 2


cdef double exact_gain(const double* m, int n_rows, int C, const int* cls, int n_cls,
                       LnCache* cache) noexcept nogil:
    # RandomTree.Tree.gain(dist, priorVal(dist)) as Weka computes it.
    cdef double unused
    return (entropy_over_columns(m, n_rows, C, cls, n_cls, cache, &unused)
            - entropy_conditioned_on_rows(m, n_rows, C, cls, n_cls, cache, &unused))


cdef bint one_branch(const double* m, int n_rows, int C, const int* cls,
                     int n_cls) noexcept nogil:
    # Whether at most one branch (row) of the table holds any weight. Then Weka's
    # entropyOverColumns and entropyConditionedOnRows add the same x ln x terms in the
    # same order, one with the opposite signs of the other (the column sums are the
    # row's cells, the table's total its row's), and round to the same value: the gain
    # is exactly 0, whatever the logarithm.
    cdef int i, j, filled = 0
    for i in range(n_rows):
        for j in range(n_cls):
            if m[i * C + cls[j]] != 0.0:
                filled += 1
                break
        if filled > 1:
            return False
    return True


cdef inline bint same_table(vector[double]& a, vector[double]& b) noexcept nogil:
    # Two split distributions equal cell for cell have the same gain, bit for bit.
    return a.size() == b.size() and memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0


# ------------------------------------------------------------- Weka's quicksort
# Utils.sortWithNoMissingValues (Weka 3.6.14): median of three, then Hoare's
# partition around the median parked at right - 1; three or fewer elements by
# conditional swaps. Not stable, so it is copied move for move: the order it leaves
# ties in is the order the tree goes on with. Weka permutes an index array and reads
# the values through it; we move (value, position) pairs, the same permutation with
# the values at hand.

cdef struct Item:
    double value
    int position


cdef inline void swap(Item* a, int l, int r) noexcept nogil:
    cdef Item t = a[l]
    a[l] = a[r]
    a[r] = t


cdef inline void cond_swap(Item* a, int l, int r) noexcept nogil:
    if a[l].value > a[r].value:
        swap(a, l, r)


cdef int partition(Item* a, int l, int r, double pivot) noexcept nogil:
    r -= 1
    while True:
        l += 1
        while a[l].value < pivot:
            l += 1
        r -= 1
        while a[r].value > pivot:
            r -= 1
        if l >= r:
            return l
        swap(a, l, r)


cdef void quick_sort(Item* a, int left, int right) noexcept nogil:
    cdef int diff, center, middle
    while True:
        diff = right - left
        if diff == 0:
            return
        if diff == 1:
            cond_swap(a, left, right)
            return
        if diff == 2:
            cond_swap(a, left, left + 1)
            cond_swap(a, left, right)
            cond_swap(a, left + 1, right)
            return
        center = (left + right) // 2
        cond_swap(a, left, center)
        cond_swap(a, left, right)
        cond_swap(a, center, right)
        swap(a, center, right - 1)
        middle = partition(a, left, right, a[right - 1].value)
        swap(a, middle, right - 1)
        quick_sort(a, left, middle - 1)
        left = middle + 1  # the second recursive call, as a loop


# ------------------------------------------------------------ radix sort
# Where the instance order does not matter, values are sorted by key alone: few by
# std::sort, many by an LSD radix sort, 11 bits a pass, skipping the passes whose digit
# is the same for every key.

ctypedef pair[unsigned long long, int] Keyed  # (key, payload)

DEF RADIX_MIN = 2048  # fewer keys than this: std::sort


cdef inline unsigned long long double_key(double v) noexcept nogil:
    # The bits of a double, flipped so that unsigned order is numeric order.
    cdef unsigned long long u
    memcpy(&u, &v, sizeof(double))
    if u >> 63:
        return ~u
    return u | (1ULL << 63)


cdef inline unsigned long long digit(unsigned long long key, int shift) noexcept nogil:
    return (key >> shift) & 2047


cdef void radix_sort_keyed(vector[Keyed]& a, vector[Keyed]& buffer) noexcept nogil:
    # Sorts by key; the payloads of equal keys end up in any order.
    cdef size_t n = a.size(), i, total, c
    cdef int shift, d
    cdef size_t count[2048]
    if n < RADIX_MIN:
        sort(a.begin(), a.end())
        return
    buffer.resize(n)
    for shift in range(0, 64, 11):
        memset(count, 0, sizeof(count))
        for i in range(n):
            count[digit(a[i].first, shift)] += 1
        if count[digit(a[0].first, shift)] == n:
            continue
        total = 0
        for d in range(2048):
            c = count[d]
            count[d] = total
            total += c
        for i in range(n):
            d = digit(a[i].first, shift)
            buffer[count[d]] = a[i]
            count[d] += 1
        a.swap(buffer)


cdef void radix_sort_high(vector[unsigned long long]& a,
                          vector[unsigned long long]& buffer) noexcept nogil:
    # Sorts by the upper 32 bits (the payload is in the lower ones).
    cdef size_t n = a.size(), i, total, c
    cdef int shift, d
    cdef size_t count[2048]
    if n < RADIX_MIN:
        sort(a.begin(), a.end())
        return
    buffer.resize(n)
    for shift in range(32, 64, 11):
        memset(count, 0, sizeof(count))
        for i in range(n):
            count[digit(a[i], shift)] += 1
        if count[digit(a[0], shift)] == n:
            continue
        total = 0
        for d in range(2048):
            c = count[d]
            count[d] = total
            total += c
        for i in range(n):
            d = digit(a[i], shift)
            buffer[count[d]] = a[i]
            count[d] += 1
        a.swap(buffer)


# -------------------------------------------------------------------- growth

cdef object int_array(vector[int]& values):
    out = np.empty(values.size(), dtype=np.int32)
    cdef int[::1] view = out
    if values.size():
        memcpy(&view[0], values.data(), values.size() * sizeof(int))
    return out


cdef object float_array(vector[double]& values):
    out = np.empty(values.size(), dtype=np.float64)
    cdef double[::1] view = out
    if values.size():
        memcpy(&view[0], values.data(), values.size() * sizeof(double))
    return out


cdef struct Scan:
    # The thresholds of one numeric attribute, scanned in order: the prior entropy and
    # the best gain so far, as computed (with bounds) and, once needed, as Weka has them.
    double prior, prior_bound, prior_exact
    double best, best_bound, best_exact
    bint have_best, have_best_exact
    double split


cdef class TreeData:
    """The training set as the trees of an ensemble share it.

    Made once per encoded data set (see ``RandomTreeClassifier``), it holds the matrix
    attribute by attribute (a column contiguous, for the node-by-node passes over one
    attribute), whether any value is missing, and, made on first use, each numeric
    attribute's distinct values and the rank of every row's value among them.

    Parameters
    ----------
    X : ndarray of float64, shape (n_samples, n_features)
        Numeric values, and nominal value codes as floats; NaN is missing.
    n_values : ndarray of int32, shape (n_features,)
        Number of values of each nominal attribute; 0 for a numeric one.
    y : ndarray of int32, shape (n_samples,)
        Class codes in ``[0, n_classes)``.
    n_classes : int
    """

    cdef const double[:, ::1] Xt
    cdef const int[::1] n_values
    cdef const int[::1] y
    cdef readonly int n_classes, n_features
    cdef readonly bint has_missing
    cdef vector[unsigned char] row_missing  # the rows with a missing value
    cdef vector[vector[int]] rank
    cdef vector[vector[double]] distinct

    def __init__(self, X, n_values, y, int n_classes):
        X = np.asarray(X, dtype=np.float64)
        self.Xt = np.ascontiguousarray(X.T)
        self.n_values = np.ascontiguousarray(n_values, dtype=np.int32)
        self.y = np.ascontiguousarray(y, dtype=np.int32)
        self.n_classes = n_classes
        self.n_features = X.shape[1]
        cdef const unsigned char[::1] missing = np.isnan(X).any(axis=1).astype(np.uint8)
        cdef Py_ssize_t i
        self.row_missing.resize(missing.shape[0])
        for i in range(missing.shape[0]):
            self.row_missing[i] = missing[i]
        self.has_missing = bool(np.asarray(missing).any())
        self.rank.resize(self.n_features)
        self.distinct.resize(self.n_features)

    cdef void rank_values(self, int a) noexcept:
        # The distinct values of numeric attribute `a`, and the rank of each row's value
        # among them (-1 for a missing value).
        cdef const double* column = &self.Xt[a, 0]
        cdef int i, r = -1, n = self.Xt.shape[1], known = 0
        cdef double v
        cdef vector[Keyed] keyed, buffer
        keyed.resize(n)
        self.rank[a].assign(n, -1)
        for i in range(n):
            if not isnan(column[i]):
                keyed[known].first = double_key(column[i])
                keyed[known].second = i
                known += 1
        keyed.resize(known)
        radix_sort_keyed(keyed, buffer)
        for i in range(known):
            v = column[keyed[i].second]
            if r < 0 or v != self.distinct[a][r]:
                self.distinct[a].push_back(v)
                r += 1
            self.rank[a][keyed[i].second] = r


cdef class _Grower:
    """Grows one RandomTree; see ``grow_random_tree`` for the parameters."""

    cdef TreeData data
    cdef const double[:, ::1] Xt
    cdef const int[::1] n_values
    cdef const int[::1] y
    cdef int n_classes, k, max_depth
    cdef double min_num
    cdef JavaRandom random
    cdef vector[int] window  # RandomTree's attIndicesWindow, shared by all the nodes
    cdef bint weka_order  # at the node being grown
    cdef bint keep_order  # everywhere, even where it cannot matter (for tests)
    # The tree, node by node in pre-order (the order Weka builds it in).
    cdef vector[int] kind, att, first_son, son, depth
    cdef vector[double] split, share, counts
    cdef vector[unsigned char] empty
    # Scratch, reused by every attribute evaluation.
    cdef vector[Item] items
    cdef vector[unsigned long long] packed, packed_buffer
    cdef vector[double] cur, sorted_w, hist, tables
    cdef vector[int] sorted_rows, hist_count, branch, branch_size
    cdef vector[int] cls  # the classes present at the node being grown
    cdef vector[unsigned char] seen
    cdef int first_missing
    cdef LnCache* cache

    def __init__(self, TreeData data, JavaRandom random, int k, double min_num,
                 int max_depth, bint weka_order, bint keep_order):
        cdef int a
        self.data = data
        self.Xt = data.Xt
        self.n_values = data.n_values
        self.y = data.y
        self.n_classes = data.n_classes
        self.random = random
        self.k = k
        self.min_num = min_num
        self.max_depth = max_depth
        self.weka_order = weka_order
        self.keep_order = keep_order
        for a in range(data.n_features):
            self.window.push_back(a)
        self.cache = <LnCache*> calloc(1, sizeof(LnCache))
        if self.cache == NULL:
            raise MemoryError()

    def __dealloc__(self):
        free(self.cache)

    cdef double distribution(self, int a, vector[int]& rows, vector[double]& w,
                             vector[double]& dist, vector[double]& props) noexcept:
        # RandomTree.Tree.distribution: the class distribution per branch of the best
        # split on `a` (missing values spread over the branches by their known weight)
        # and the branches' shares; returns the split point (NaN if none, or nominal).
        cdef int C = self.n_classes, n = rows.size(), i, j, c, n_bags
        cdef double v, split = NAN, total
        cdef bint nominal = self.n_values[a] > 0
        cdef const double* column = &self.Xt[a, 0]
        cdef const int* y = &self.y[0]
        self.first_missing = n
        if nominal:
            n_bags = self.n_values[a]
            if self.weka_order:
                dist.assign(n_bags * C, 0.0)
                for i in range(n):
                    v = column[rows[i]]
                    if isnan(v):
                        if self.first_missing == n:
                            self.first_missing = i
                    else:
                        dist[<int> v * C + y[rows[i]]] += w[i]
            else:
                self.count_values(column, rows, w, n_bags * C, dist)
        else:
            n_bags = 2
            if self.weka_order:
                split = self.numeric_in_weka_order(column, rows, w, dist)
            else:
                split = self.numeric_by_rank(a, rows, w, dist)
        props.assign(n_bags, 0.0)
        total = 0.0
        for j in range(n_bags):
            for c in self.cls:
                props[j] += dist[j * C + c]
            total += props[j]
        if eq(total, 0.0):
            for j in range(n_bags):
                props[j] = 1.0 / n_bags
        else:
            for j in range(n_bags):
                props[j] /= total
        for i in range(self.first_missing, n):
            if nominal and not isnan(column[rows[i]]):
                continue
            c = y[rows[i]]
            for j in range(n_bags):
                dist[j * C + c] += props[j] * w[i]
        return split

    cdef void count_values(self, const double* column, vector[int]& rows, vector[double]& w,
                           int size, vector[double]& dist) noexcept:
        # Class weight per nominal value, no value missing and whole weights: any order
        # gives the same sums, so four interleaved tables share the work (a single one
        # waits on its own last addition).
        cdef int C = self.n_classes, n = rows.size(), i, j
        cdef const int* y = &self.y[0]
        cdef double* t
        self.tables.assign(4 * size, 0.0)
        t = self.tables.data()
        for i in range(0, n - 3, 4):
            t[<int> column[rows[i]] * C + y[rows[i]]] += w[i]
            t[size + <int> column[rows[i + 1]] * C + y[rows[i + 1]]] += w[i + 1]
            t[2 * size + <int> column[rows[i + 2]] * C + y[rows[i + 2]]] += w[i + 2]
            t[3 * size + <int> column[rows[i + 3]] * C + y[rows[i + 3]]] += w[i + 3]
        for i in range(n - n % 4, n):
            t[<int> column[rows[i]] * C + y[rows[i]]] += w[i]
        dist.resize(size)
        for j in range(size):
            dist[j] = (t[j] + t[size + j]) + (t[2 * size + j] + t[3 * size + j])

    cdef void start_scan(self, Scan* scan) noexcept:
        # The prior entropy of the thresholds to come (all the known weight in self.cur).
        cdef int C = self.n_classes, n_cls = self.cls.size()
        cdef double unused
        scan.prior = entropy_over_columns(self.cur.data(), 2, C, self.cls.data(), n_cls,
                                          NULL, &scan.prior_bound)
        scan.prior_exact = scan.prior
        if scan.prior_bound > 0:
            scan.prior_exact = entropy_over_columns(self.cur.data(), 2, C, self.cls.data(),
                                                    n_cls, self.cache, &unused)
        scan.have_best = False
        scan.split = NAN

    cdef void consider(self, double value, double previous, Scan* scan,
                       vector[double]& dist) noexcept:
        # A threshold between two adjacent values: the first of the best gain wins
        # (Weka: currGain > bestVal), the gains compared as Weka computes them.
        cdef int C = self.n_classes, n_cls = self.cls.size(), sure
        cdef double entropy, bound, gain, gain_bound, exact = 0.0
        cdef bint take, known = False
        entropy = entropy_conditioned_on_rows(self.cur.data(), 2, C, self.cls.data(), n_cls,
                                              NULL, &bound)
        gain = scan.prior - entropy
        gain_bound = difference_bound(scan.prior, scan.prior_bound, entropy, bound)
        if gain_bound == 0.0:
            exact = gain
            known = True
        if not scan.have_best:
            take = True
        else:
            sure = surely(gain, gain_bound, scan.best, scan.best_bound)
            if sure == 2:
                if not known:
                    exact = scan.prior_exact - entropy_conditioned_on_rows(
                        self.cur.data(), 2, C, self.cls.data(), n_cls, self.cache, &bound)
                    known = True
                if not scan.have_best_exact:
                    scan.best_exact = scan.prior_exact - entropy_conditioned_on_rows(
                        dist.data(), 2, C, self.cls.data(), n_cls, self.cache, &bound)
                    scan.have_best_exact = True
                take = exact > scan.best_exact
            else:
                take = sure == 1
        if take:
            scan.have_best = True
            scan.best = gain
            scan.best_bound = gain_bound
            scan.best_exact = exact
            scan.have_best_exact = known
            scan.split = (value + previous) / 2
            if scan.split <= previous:
                scan.split = value
            dist.assign(self.cur.begin(), self.cur.end())

    cdef double numeric_in_weka_order(self, const double* column, vector[int]& rows,
                                      vector[double]& w, vector[double]& dist) noexcept:
        # Instances.sort(attIndex) on the node's instances, in place (missing values
        # count as Double.MAX_VALUE and end up last), then the thresholds in turn.
        cdef int C = self.n_classes, n = rows.size(), i, c
        cdef double v, current
        cdef Scan scan
        cdef const int* y = &self.y[0]
        cdef Item* items
        self.items.resize(n)
        items = self.items.data()
        for i in range(n):
            v = column[rows[i]]
            items[i].value = DBL_MAX if isnan(v) else v
            items[i].position = i
        if n > 1:
            quick_sort(items, 0, n - 1)
        self.sorted_rows.resize(n)
        self.sorted_w.resize(n)
        for i in range(n):
            self.sorted_rows[i] = rows[items[i].position]
            self.sorted_w[i] = w[items[i].position]
        rows.swap(self.sorted_rows)
        w.swap(self.sorted_w)
        self.cur.assign(2 * C, 0.0)
        for i in range(n):
            if isnan(column[rows[i]]):
                self.first_missing = i
                break
            self.cur[C + y[rows[i]]] += w[i]
        self.start_scan(&scan)
        dist.assign(self.cur.begin(), self.cur.end())
        current = column[rows[0]]
        for i in range(self.first_missing):
            v = items[i].value
            if v > current:
                self.consider(v, current, &scan, dist)
                current = v
            c = y[rows[i]]
            self.cur[c] += w[i]
            self.cur[C + c] -= w[i]
        return scan.split

    cdef double numeric_by_rank(self, int a, vector[int]& rows, vector[double]& w,
                                vector[double]& dist) noexcept:
        # Without missing values and with whole weights, the instance order changes no
        # sum: the thresholds are scanned value by value, from a histogram of the
        # node's values when they are few enough, else from the node's sorted ranks.
        # The weights summed per value are whole numbers, so every sum is Weka's.
        cdef int C = self.n_classes, n = rows.size(), i, j, c, r, m, previous = -1
        cdef Scan scan
        cdef const int* y = &self.y[0]
        cdef const int* rank
        cdef const double* values
        cdef double* hist
        if self.data.rank[a].size() == 0:
            self.data.rank_values(a)
        rank = self.data.rank[a].data()
        values = self.data.distinct[a].data()
        m = self.data.distinct[a].size()
        self.cur.assign(2 * C, 0.0)
        for i in range(n):
            self.cur[C + y[rows[i]]] += w[i]
        self.start_scan(&scan)
        dist.assign(self.cur.begin(), self.cur.end())
        if <long long> m * (C + 2) <= 8 * <long long> n:
            self.hist.assign(m * C, 0.0)
            self.hist_count.assign(m, 0)
            hist = self.hist.data()
            for i in range(n):
                r = rank[rows[i]]
                hist[r * C + y[rows[i]]] += w[i]
                self.hist_count[r] += 1
            for r in range(m):
                if self.hist_count[r] == 0:
                    continue
                if previous >= 0:
                    self.consider(values[r], values[previous], &scan, dist)
                previous = r
                for c in self.cls:
                    self.cur[c] += hist[r * C + c]
                    self.cur[C + c] -= hist[r * C + c]
            return scan.split
        self.packed.resize(n)
        for i in range(n):
            self.packed[i] = (<unsigned long long> rank[rows[i]] << 32) | <unsigned int> i
        radix_sort_high(self.packed, self.packed_buffer)
        for j in range(n):
            r = <int> (self.packed[j] >> 32)
            i = <int> (self.packed[j] & 0xFFFFFFFFULL)
            if r != previous:
                if previous >= 0:
                    self.consider(values[r], values[previous], &scan, dist)
                previous = r
            c = y[rows[i]]
            self.cur[c] += w[i]
            self.cur[C + c] -= w[i]
        return scan.split

    cdef bint order_matters(self, vector[int]& rows, vector[double]& w) noexcept:
        # Whether sums at this node or below can depend on the instances' order: only if
        # a weight is fractional, or a value missing (a split on it makes fractional
        # copies). Otherwise the whole subtree is grown without Weka's order.
        cdef size_t i
        for i in range(rows.size()):
            if self.data.row_missing[rows[i]] or w[i] != floor(w[i]):
                return True
        return False

    cdef void classes_present(self, vector[int]& rows) noexcept:
        # The classes of the node's instances, in increasing order, into self.cls.
        cdef int c
        cdef size_t i
        self.seen.assign(self.n_classes, 0)
        for i in range(rows.size()):
            self.seen[self.y[rows[i]]] = 1
        self.cls.clear()
        for c in range(self.n_classes):
            if self.seen[c]:
                self.cls.push_back(c)

    cdef int new_node(self, vector[double]& class_probs, int depth) noexcept:
        cdef int node = self.kind.size(), c
        self.kind.push_back(LEAF)
        self.att.push_back(-1)
        self.split.push_back(NAN)
        self.first_son.push_back(self.son.size())
        self.depth.push_back(depth)
        self.empty.push_back(0)
        for c in range(self.n_classes):
            self.counts.push_back(class_probs[c])
        return node

    cdef int build(self, vector[int]& rows, vector[double]& w, vector[double]& class_probs,
                   int depth, bint ordered) except -1:
        # RandomTree.Tree.buildTree. `rows` and `w` are the node's instances (copies of
        # rows, in Weka's order, with their weights); they are used up. `ordered`: keep
        # Weka's instance order (see order_matters).
        cdef int node = self.new_node(class_probs, depth)
        cdef int C = self.n_classes, i, j, c, a, chosen, n_bags, size, budget, best_att
        cdef int sure, n_cls
        cdef const int* cls
        cdef double total, largest, value, best_value, current_split, best_split
        cdef double prior, entropy, bound, value_bound, best_bound, exact, best_exact = 0.0
        cdef bint gain_found, try_more, take, known, best_known
        cdef vector[double] dist, props, best_dist, best_props, son_probs
        cdef vector[vector[int]] sub_rows
        cdef vector[vector[double]] sub_w
        if rows.size() == 0:
            self.empty[node] = 1
            return 0
        if ordered and not self.keep_order:
            ordered = self.order_matters(rows, w)
        self.weka_order = ordered
        total = 0.0
        largest = class_probs[0]
        for c in range(C):
            total += class_probs[c]
            if c > 0 and class_probs[c] > largest:
                largest = class_probs[c]
        if (total < 2 * self.min_num or eq(largest, total)
                or (self.max_depth > 0 and depth >= self.max_depth)):
            return 0
        self.classes_present(rows)
        cls = self.cls.data()
        n_cls = self.cls.size()
        best_value = -DBL_MAX
        best_bound = 0.0
        best_split = -DBL_MAX
        best_att = 0
        best_known = False
        size = self.window.size()
        budget = self.k
        gain_found = False
        while size > 0:
            try_more = budget > 0
            budget -= 1
            if not try_more and gain_found:
                break
            chosen = self.random.next_int_below(size)
            a = self.window[chosen]
            self.window[chosen] = self.window[size - 1]
            self.window[size - 1] = a
            size -= 1
            current_split = self.distribution(a, rows, w, dist, props)
            n_bags = props.size()
            # gain(dist, priorVal(dist)), with its bound; Weka's value when in doubt.
            prior = entropy_over_columns(dist.data(), n_bags, C, cls, n_cls, NULL, &bound)
            entropy = entropy_conditioned_on_rows(dist.data(), n_bags, C, cls, n_cls, NULL,
                                                  &value_bound)
            value = prior - entropy
            value_bound = difference_bound(prior, bound, entropy, value_bound)
            if value_bound != 0.0 and one_branch(dist.data(), n_bags, C, cls, n_cls):
                value = 0.0  # Weka's two entropies are then the same sums, negated
                value_bound = 0.0
            known = value_bound == 0.0
            exact = value
            sure = surely(value, value_bound, SMALL, 0.0)  # Utils.gr(value, 0)
            if sure == 2:
                exact = exact_gain(dist.data(), n_bags, C, cls, n_cls, self.cache)
                known = True
                sure = 1 if gr(exact, 0.0) else -1
            if sure == 1:
                gain_found = True
            # value > bestVal, or equal and a lower attribute index
            if best_value == -DBL_MAX:
                take = True
            else:
                sure = surely(value, value_bound, best_value, best_bound)
                if sure == 2 and same_table(dist, best_dist):
                    take = a < best_att  # the same table: the same gain
                elif sure == 2:
                    if not known:
                        exact = exact_gain(dist.data(), n_bags, C, cls, n_cls, self.cache)
                        known = True
                    if not best_known:
                        best_exact = exact_gain(best_dist.data(), best_props.size(), C, cls,
                                                n_cls, self.cache)
                        best_known = True
                    take = exact > best_exact or (exact == best_exact and a < best_att)
                else:
                    take = sure == 1 or (sure == 0 and a < best_att)
            if take:
                best_value = value
                best_bound = value_bound
                best_exact = exact
                best_known = known
                best_att = a
                best_split = current_split
                best_dist.swap(dist)
                best_props.swap(props)
        # Utils.gr(val, 0)
        sure = surely(best_value, best_bound, SMALL, 0.0)
        if sure == 2:
            if not best_known:
                best_exact = exact_gain(best_dist.data(), best_props.size(), C, cls, n_cls,
                                        self.cache)
            sure = 1 if gr(best_exact, 0.0) else -1
        if sure != 1:
            return 0
        n_bags = best_props.size()
        self.kind[node] = MULTIWAY if self.n_values[best_att] > 0 else NUMERIC
        self.att[node] = best_att
        self.split[node] = best_split
        self.split_data(node, rows, w, best_props, sub_rows, sub_w)
        rows.clear()
        rows.shrink_to_fit()
        w.clear()
        w.shrink_to_fit()
        for j in range(n_bags):
            self.son.push_back(-1)
            self.share.push_back(best_props[j])
        son_probs.resize(C)
        for j in range(n_bags):
            for c in range(C):
                son_probs[c] = best_dist[j * C + c]
            self.son[self.first_son[node] + j] = self.kind.size()
            self.build(sub_rows[j], sub_w[j], son_probs, depth + 1, ordered)
        return 0

    cdef void split_data(self, int node, vector[int]& rows, vector[double]& w,
                         vector[double]& props, vector[vector[int]]& sub_rows,
                         vector[vector[double]]& sub_w) noexcept:
        # RandomTree.Tree.splitData: known values go down their branch (numeric: below
        # the split point to the first), missing ones down every branch of positive
        # share, with that share of their weight.
        cdef int n_bags = props.size(), n = rows.size(), i, j, bag, missing = 0
        cdef double v, split = self.split[node]
        cdef bint nominal = self.kind[node] == MULTIWAY
        cdef const double* column = &self.Xt[self.att[node], 0]
        # Each instance's branch first (-1: missing), so that every subset is allocated
        # once, at its size.
        self.branch.resize(n)
        self.branch_size.assign(n_bags, 0)
        for i in range(n):
            v = column[rows[i]]
            if isnan(v):
                bag = -1
                missing += 1
            elif nominal:
                bag = <int> v
            else:
                bag = 0 if v < split else 1
            self.branch[i] = bag
            if bag >= 0:
                self.branch_size[bag] += 1
        sub_rows.resize(n_bags)
        sub_w.resize(n_bags)
        for j in range(n_bags):
            sub_rows[j].reserve(self.branch_size[j] + (missing if props[j] > 0 else 0))
            sub_w[j].reserve(self.branch_size[j] + (missing if props[j] > 0 else 0))
        for i in range(n):
            bag = self.branch[i]
            if bag >= 0:
                sub_rows[bag].push_back(rows[i])
                sub_w[bag].push_back(w[i])
                continue
            for j in range(n_bags):
                if props[j] > 0:
                    sub_rows[j].push_back(rows[i])
                    sub_w[j].push_back(props[j] * w[i])

    def run(self, const int[::1] rows, const double[::1] weight):
        """Grow the tree on ``rows`` (weights indexed by row) and return it flat."""
        cdef vector[int] node_rows
        cdef vector[double] node_w, class_probs
        cdef Py_ssize_t i
        class_probs.assign(self.n_classes, 0.0)
        for i in range(rows.shape[0]):
            node_rows.push_back(rows[i])
            node_w.push_back(weight[rows[i]])
            class_probs[self.y[rows[i]]] += weight[rows[i]]
        self.build(node_rows, node_w, class_probs, 0, self.weka_order)
        return self.export()

    cdef dict export(self):
        cdef Py_ssize_t n = self.kind.size(), C = self.n_classes, i, c
        cdef double total
        self.first_son.push_back(self.son.size())
        counts = float_array(self.counts).reshape(n, C)
        proba_arr = np.zeros((n, C), dtype=np.float64)
        cdef double[:, ::1] proba = proba_arr
        for i in range(n):
            # Utils.normalize of the node's class distribution, as Weka predicts it.
            total = 0.0
            for c in range(C):
                total += self.counts[i * C + c]
            if total != 0.0:
                for c in range(C):
                    proba[i, c] = self.counts[i * C + c] / total
        empty = np.zeros(n, dtype=np.uint8)
        cdef unsigned char[::1] empty_view = empty
        for i in range(n):
            empty_view[i] = self.empty[i]
        return {
            "kind": int_array(self.kind),
            "feature": int_array(self.att),
            "threshold": float_array(self.split),
            "empty": empty,
            "first_son": int_array(self.first_son),
            "son": int_array(self.son),
            "son_share": float_array(self.share),
            "counts": counts,
            "proba": proba_arr,
            "depth": int_array(self.depth),
        }


def grow_random_tree(TreeData data, const double[::1] weight, const int[::1] rows,
                     JavaRandom random, *, int k, double min_num=1.0, int max_depth=0,
                     weka_order=None):
    """Grow Weka's RandomTree on ``rows`` of ``data``; return it as flat arrays.

    Parameters
    ----------
    data : TreeData
        The training set.
    weight : ndarray of float64, shape (n_samples,)
        Instance weight of each row (indexed by row).
    rows : ndarray of int32
        The training instances in Weka's order; a row may appear more than once.
    random : JavaRandom
        The generator the tree draws its attributes from: Weka seeds it with
        ``Instances.getRandomNumberGenerator(seed)`` on the training instances.
    k : int
        Attributes to try at each node (at least), in ``[1, n_features]``.
    min_num : float
        Minimum total weight of a leaf (``-M``): nodes under twice as much are leaves.
    max_depth : int
        Maximum depth (``-depth``); 0 for none.
    weka_order : bool, default=None
        Keep Weka's instance order (its quicksort of each node's instances, in place).
        The order decides in which order fractional weights are summed, so it is
        needed where there are any: with missing values or weights that are not whole
        numbers. None: only in the subtrees where it can matter. True: everywhere.
        False: nowhere (no value may be missing). All give the same tree.

    Returns
    -------
    dict of ndarray
        The tree in pre-order: ``kind`` (0 leaf, 1 nominal, 3 numeric), ``feature``,
        ``threshold``, ``first_son`` (the sons of node ``i`` are ``son[first_son[i]:
        first_son[i + 1]]``), ``son``, ``son_share`` (the share of the node's known
        weight each son got: what a missing value sends down it), ``counts`` (the
        class distribution of each node), ``proba`` (normalised), ``empty`` (nodes that
        received no instance) and ``depth``.
    """
    cdef Py_ssize_t i
    cdef bint whole = True
    if not 1 <= k <= data.n_features:
        raise ValueError(f"k must be in [1, {data.n_features}], got {k}")
    if weka_order is None:
        for i in range(rows.shape[0]):
            if weight[rows[i]] != floor(weight[rows[i]]):
                whole = False
                break
        ordered = data.has_missing or not whole
    elif not weka_order and data.has_missing:
        raise ValueError("weka_order=False needs data without missing values")
    else:
        ordered = weka_order
    grower = _Grower(data, random, k, min_num, max_depth, ordered, weka_order is True)
    return grower.run(rows, weight)


cdef class _Predictor:
    cdef const double[:, ::1] X
    cdef const int[::1] kind, att, first, son
    cdef const double[::1] split, share
    cdef const unsigned char[::1] empty
    cdef const double[:, ::1] proba
    cdef int C

    def __init__(self, dict tree, X):
        self.X = X
        self.kind = tree["kind"]
        self.att = tree["feature"]
        self.first = tree["first_son"]
        self.son = tree["son"]
        self.split = tree["threshold"]
        self.share = tree["son_share"]
        self.empty = tree["empty"]
        self.proba = tree["proba"]
        self.C = self.proba.shape[1]

    cdef bint dist(self, Py_ssize_t i, int node, double* out) noexcept:
        # RandomTree.Tree.distributionForInstance into `out`; False for Weka's null
        # (a son that received no instance), which the parent replaces by its own.
        cdef int e, c, k = self.kind[node]
        cdef double v
        cdef vector[double] son_dist
        if k != LEAF:
            v = self.X[i, self.att[node]]
            if isnan(v):
                son_dist.resize(self.C)
                for c in range(self.C):
                    out[c] = 0.0
                for e in range(self.first[node], self.first[node + 1]):
                    if self.dist(i, self.son[e], son_dist.data()):
                        for c in range(self.C):
                            out[c] += self.share[e] * son_dist[c]
                return True
            if k == NUMERIC:
                e = self.first[node] + (0 if v < self.split[node] else 1)
            else:
                e = self.first[node] + <int> v
            if self.dist(i, self.son[e], out):
                return True
        if self.empty[node]:
            return False
        for c in range(self.C):
            out[c] = self.proba[node, c]
        return True


def tree_distribution(dict tree, const double[:, ::1] X):
    """Weka's ``distributionForInstance`` of every row of ``X`` (zeros where Weka has
    none: a tree grown on no instance)."""
    cdef _Predictor predictor = _Predictor(tree, X)
    out_arr = np.zeros((X.shape[0], predictor.C), dtype=np.float64)
    cdef double[:, ::1] out = out_arr
    cdef Py_ssize_t i
    for i in range(X.shape[0]):
        predictor.dist(i, 0, &out[i, 0])
    return out_arr
