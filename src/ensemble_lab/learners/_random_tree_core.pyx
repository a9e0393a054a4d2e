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
term by term in Weka's order.
"""

from libc.math cimport NAN, floor, isnan, log
from libc.float cimport DBL_MAX
from libc.string cimport memcpy, memset
from libcpp.algorithm cimport sort
from libcpp.utility cimport pair
from libcpp.vector cimport vector

import numpy as np

from ..utils._java_random cimport JavaRandom

cdef double SMALL = 1e-6  # Weka's Utils.SMALL
cdef double LOG2 = log(2.0)

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
        LN_TABLE[i] = i * log(<double> i)


_fill_ln_table()


cdef inline double ln_func(double x) noexcept nogil:
    # ContingencyTables.lnFunc: x ln x, 0 for x <= 0.
    cdef int i
    if not x > 0:
        return 0.0
    if x < LN_TABLE_SIZE:
        i = <int> x
        if i == x:
            return LN_TABLE[i]
    return x * log(x)


cdef double entropy_over_columns(const double* m, int n_rows, int C) noexcept nogil:
    # ContingencyTables.entropyOverColumns: entropy of the class (column) totals.
    cdef double value = 0.0, total = 0.0, column
    cdef int i, j
    for j in range(C):
        column = 0.0
        for i in range(n_rows):
            column += m[i * C + j]
        value -= ln_func(column)
        total += column
    if eq(total, 0.0):
        return 0.0
    return (value + ln_func(total)) / (total * LOG2)


cdef double entropy_conditioned_on_rows(const double* m, int n_rows, int C) noexcept nogil:
    # ContingencyTables.entropyConditionedOnRows: class entropy within the branches.
    cdef double value = 0.0, total = 0.0, row
    cdef int i, j
    for i in range(n_rows):
        row = 0.0
        for j in range(C):
            value += ln_func(m[i * C + j])
            row += m[i * C + j]
        value -= ln_func(row)
        total += row
    if eq(total, 0.0):
        return 0.0
    return -value / (total * LOG2)


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
    cdef vector[vector[int]] rank
    cdef vector[vector[double]] distinct

    def __init__(self, X, n_values, y, int n_classes):
        X = np.asarray(X, dtype=np.float64)
        self.Xt = np.ascontiguousarray(X.T)
        self.n_values = np.ascontiguousarray(n_values, dtype=np.int32)
        self.y = np.ascontiguousarray(y, dtype=np.int32)
        self.n_classes = n_classes
        self.n_features = X.shape[1]
        self.has_missing = bool(np.isnan(X).any())
        self.rank.resize(self.n_features)
        self.distinct.resize(self.n_features)

    cdef void rank_values(self, int a) noexcept:
        # The distinct values of numeric attribute `a` (no value missing), and the rank
        # of each row's value among them.
        cdef const double* column = &self.Xt[a, 0]
        cdef int i, r = -1, n = self.Xt.shape[1]
        cdef double v
        cdef vector[Keyed] keyed, buffer
        keyed.resize(n)
        for i in range(n):
            keyed[i].first = double_key(column[i])
            keyed[i].second = i
        radix_sort_keyed(keyed, buffer)
        self.rank[a].resize(n)
        for i in range(n):
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
    cdef bint weka_order
    # The tree, node by node in pre-order (the order Weka builds it in).
    cdef vector[int] kind, att, first_son, son, depth
    cdef vector[double] split, share, counts
    cdef vector[unsigned char] empty
    # Scratch, reused by every attribute evaluation.
    cdef vector[Item] items
    cdef vector[unsigned long long] packed, packed_buffer
    cdef vector[double] cur, sorted_w, hist
    cdef vector[int] sorted_rows, hist_count
    cdef int first_missing

    def __init__(self, TreeData data, JavaRandom random, int k, double min_num,
                 int max_depth, bint weka_order):
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
        for a in range(data.n_features):
            self.window.push_back(a)

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
            dist.assign(n_bags * C, 0.0)
            for i in range(n):
                v = column[rows[i]]
                if isnan(v):
                    if self.first_missing == n:
                        self.first_missing = i
                else:
                    dist[<int> v * C + y[rows[i]]] += w[i]
        else:
            n_bags = 2
            if self.weka_order:
                split = self.numeric_in_weka_order(column, rows, w, dist)
            else:
                split = self.numeric_by_rank(a, rows, w, dist)
        props.assign(n_bags, 0.0)
        total = 0.0
        for j in range(n_bags):
            for c in range(C):
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

    cdef inline void consider(self, double value, double previous, double prior,
                              double* best, double* split, vector[double]& dist) noexcept:
        # A threshold between two adjacent values: the first of the best gain wins.
        cdef int C = self.n_classes
        cdef double gain = prior - entropy_conditioned_on_rows(self.cur.data(), 2, C)
        if gain > best[0]:
            best[0] = gain
            split[0] = (value + previous) / 2
            if split[0] <= previous:
                split[0] = value
            dist.assign(self.cur.begin(), self.cur.end())

    cdef double numeric_in_weka_order(self, const double* column, vector[int]& rows,
                                      vector[double]& w, vector[double]& dist) noexcept:
        # Instances.sort(attIndex) on the node's instances, in place (missing values
        # count as Double.MAX_VALUE and end up last), then the thresholds in turn.
        cdef int C = self.n_classes, n = rows.size(), i, c
        cdef double v, prior, current, best = -DBL_MAX, split = NAN
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
        prior = entropy_over_columns(self.cur.data(), 2, C)
        dist.assign(self.cur.begin(), self.cur.end())
        current = column[rows[0]]
        for i in range(self.first_missing):
            v = items[i].value
            if v > current:
                self.consider(v, current, prior, &best, &split, dist)
                current = v
            c = y[rows[i]]
            self.cur[c] += w[i]
            self.cur[C + c] -= w[i]
        return split

    cdef double numeric_by_rank(self, int a, vector[int]& rows, vector[double]& w,
                                vector[double]& dist) noexcept:
        # Without missing values and with whole weights, the instance order changes no
        # sum: the thresholds are scanned value by value, from a histogram of the
        # node's values when they are few enough, else from the node's sorted ranks.
        # The weights summed per value are whole numbers, so every sum is Weka's.
        cdef int C = self.n_classes, n = rows.size(), i, j, c, r, m, previous = -1
        cdef double prior, best = -DBL_MAX, split = NAN
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
        prior = entropy_over_columns(self.cur.data(), 2, C)
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
                    self.consider(values[r], values[previous], prior, &best, &split, dist)
                previous = r
                for c in range(C):
                    self.cur[c] += hist[r * C + c]
                    self.cur[C + c] -= hist[r * C + c]
            return split
        self.packed.resize(n)
        for i in range(n):
            self.packed[i] = (<unsigned long long> rank[rows[i]] << 32) | <unsigned int> i
        radix_sort_high(self.packed, self.packed_buffer)
        for j in range(n):
            r = <int> (self.packed[j] >> 32)
            i = <int> (self.packed[j] & 0xFFFFFFFFULL)
            if r != previous:
                if previous >= 0:
                    self.consider(values[r], values[previous], prior, &best, &split, dist)
                previous = r
            c = y[rows[i]]
            self.cur[c] += w[i]
            self.cur[C + c] -= w[i]
        return split

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
                   int depth) except -1:
        # RandomTree.Tree.buildTree. `rows` and `w` are the node's instances (copies of
        # rows, in Weka's order, with their weights); they are used up.
        cdef int node = self.new_node(class_probs, depth)
        cdef int C = self.n_classes, i, j, c, a, chosen, n_bags, size, budget, best_att
        cdef double total, largest, value, best_value, current_split, best_split
        cdef bint gain_found, try_more
        cdef vector[double] dist, props, best_dist, best_props, son_probs
        cdef vector[vector[int]] sub_rows
        cdef vector[vector[double]] sub_w
        if rows.size() == 0:
            self.empty[node] = 1
            return 0
        total = 0.0
        largest = class_probs[0]
        for c in range(C):
            total += class_probs[c]
            if c > 0 and class_probs[c] > largest:
                largest = class_probs[c]
        if (total < 2 * self.min_num or eq(largest, total)
                or (self.max_depth > 0 and depth >= self.max_depth)):
            return 0
        best_value = -DBL_MAX
        best_split = -DBL_MAX
        best_att = 0
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
            value = (entropy_over_columns(dist.data(), n_bags, C)
                     - entropy_conditioned_on_rows(dist.data(), n_bags, C))
            if gr(value, 0.0):
                gain_found = True
            if value > best_value or (value == best_value and a < best_att):
                best_value = value
                best_att = a
                best_split = current_split
                best_dist.swap(dist)
                best_props.swap(props)
        if not gr(best_value, 0.0):
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
            self.build(sub_rows[j], sub_w[j], son_probs, depth + 1)
        return 0

    cdef void split_data(self, int node, vector[int]& rows, vector[double]& w,
                         vector[double]& props, vector[vector[int]]& sub_rows,
                         vector[vector[double]]& sub_w) noexcept:
        # RandomTree.Tree.splitData: known values go down their branch (numeric: below
        # the split point to the first), missing ones down every branch of positive
        # share, with that share of their weight.
        cdef int n_bags = props.size(), i, j, bag
        cdef double v, split = self.split[node]
        cdef bint nominal = self.kind[node] == MULTIWAY
        cdef const double* column = &self.Xt[self.att[node], 0]
        sub_rows.resize(n_bags)
        sub_w.resize(n_bags)
        for i in range(<int> rows.size()):
            v = column[rows[i]]
            if isnan(v):
                for j in range(n_bags):
                    if props[j] > 0:
                        sub_rows[j].push_back(rows[i])
                        sub_w[j].push_back(props[j] * w[i])
                continue
            if nominal:
                bag = <int> v
            else:
                bag = 0 if v < split else 1
            sub_rows[bag].push_back(rows[i])
            sub_w[bag].push_back(w[i])

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
        self.build(node_rows, node_w, class_probs, 0)
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
        for i in range(n):
            empty[i] = self.empty[i]
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
        numbers. None: only then. False elsewhere gives the same tree, faster.

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
        weka_order = data.has_missing or not whole
    elif not weka_order and data.has_missing:
        raise ValueError("weka_order=False needs data without missing values")
    return _Grower(data, random, k, min_num, max_depth, weka_order).run(rows, weight)


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
