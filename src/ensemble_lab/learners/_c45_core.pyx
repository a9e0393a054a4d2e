# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, nonecheck=False
# distutils: language = c++
"""Compiled core of the C4.5 tree: growth, collapse, pruning and prediction.

The decisions are those of Weka 3.6's J48 (C4.5 release 8), read from Weka's
``C45ModelSelection``, ``C45Split``, ``BinC45Split``, ``Distribution``,
``InfoGainSplitCrit``, ``GainRatioSplitCrit``, ``ClassifierTree`` and
``C45PruneableClassifierTree``, including their tolerances: Weka compares weights and
criteria with a slack of 1e-6 (``Utils.gr``, ``Utils.eq``, ...), so do we, in the same
places, so that ties between equally good splits break as Weka breaks them.

Data arrive encoded once: a float matrix whose nominal columns hold value codes (NaN for
missing), the number of values of each nominal column (0 for numeric), class codes,
instance weights and the list of rows to train on (rows may repeat, as in a bootstrap
sample, each copy an instance of its own as in Weka).

Speed never changes a decision: every sum that reaches a comparison is Weka's sum, of the
same terms in the same order, except where all weights are whole numbers and every
partial sum is exact whatever the order. Each numeric attribute is sorted once, at the
root, and a son's sorted lists are its father's, filtered (a son's instances keep their
father's order, so this is the order sorting them would give). A threshold whose gain
cannot be the next best by Weka's ``gr(gain, best)`` is not computed exactly, which a
rough estimate within a proved bound decides (see ``_Builder.scan``).
"""

cimport cython
from libc.math cimport isnan, log, pow, sqrt
from libc.float cimport DBL_MAX
from cpython.buffer cimport (
    PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer,
)
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset
from libcpp.vector cimport vector

import numpy as np

cdef double SMALL = 1e-6  # Weka's Utils.SMALL
cdef double LOG2 = log(2.0)

cdef enum:
    LEAF = 0
    MULTIWAY = 1  # nominal attribute, one branch per value
    BINARY = 2    # nominal attribute, value = v against the rest (J48 -B)
    NUMERIC = 3   # numeric attribute, <= split point against >


cdef inline bint gr(double a, double b) noexcept nogil:
    return a - b > SMALL


cdef inline bint sm(double a, double b) noexcept nogil:
    return b - a > SMALL


cdef inline bint eq(double a, double b) noexcept nogil:
    return (a - b < SMALL) and (b - a < SMALL)


cdef inline bint gr_or_eq(double a, double b) noexcept nogil:
    return b - a < SMALL


cdef inline bint sm_or_eq(double a, double b) noexcept nogil:
    return a - b < SMALL


# x log2 x for the whole numbers 0..LOG_TABLE_SIZE-1 (unit weights make whole counts):
# a look-up instead of a logarithm in the innermost loop, bit for bit the same value.
DEF LOG_TABLE_SIZE = 1 << 16
cdef double LOG_TABLE[LOG_TABLE_SIZE]


cdef void _fill_log_table() noexcept:
    cdef int i
    LOG_TABLE[0] = 0.0
    for i in range(1, LOG_TABLE_SIZE):
        LOG_TABLE[i] = i * log(<double> i) / LOG2


_fill_log_table()


# log2 of 1 + j / 2048, j = 0..2048: linear interpolation between these is within 4.3e-8
# of log2 on [1, 2] (h^2 / 8 * max|log2''| = 2^-22 / 8 / ln 2).
DEF MANT_BITS = 11
DEF ROUGH = 1.5e-7  # bound on |rough gain - gain|, see _Builder.scan
cdef double LOG2_MANT[(1 << MANT_BITS) + 1]


cdef void _fill_log2_mant() noexcept:
    cdef int j
    for j in range((1 << MANT_BITS) + 1):
        LOG2_MANT[j] = log(1.0 + j / <double> (1 << MANT_BITS)) / LOG2


_fill_log2_mant()


cdef inline double rough_xlog2x(double x) noexcept nogil:
    # log_func(x) within 5e-8 * x (0 below 1e-6 as there): for screening only.
    cdef uint64_t u = 0
    cdef int e, j
    cdef double f
    if x < 1e-6:
        return 0.0
    memcpy(&u, &x, 8)
    e = <int> ((u >> 52) & 0x7ff) - 1023
    j = <int> ((u >> (52 - MANT_BITS)) & ((1 << MANT_BITS) - 1))
    f = <double> (u & ((<uint64_t> 1 << (52 - MANT_BITS)) - 1))
    f /= <double> (<uint64_t> 1 << (52 - MANT_BITS))  # the rest of the fraction, in [0, 1)
    return x * (e + LOG2_MANT[j] + f * (LOG2_MANT[j + 1] - LOG2_MANT[j]))


cdef inline double log_func(double x) noexcept nogil:
    # EntropyBasedSplitCrit.logFunc: x log2 x, and 0 below 1e-6.
    cdef int i
    if x < 1e-6:
        return 0.0
    if x < LOG_TABLE_SIZE:
        i = <int> x
        if i == x:
            return LOG_TABLE[i]
    return x * log(x) / LOG2


cdef struct Dist:
    # Weka's Distribution: weight per class per bag, per bag, per class (one after
    # the other in v, see pcb_of, pb_of, pc_of), in all.
    int n_bags
    int n_classes
    vector[double] v
    double total


cdef inline double* pcb_of(Dist& d) noexcept nogil:
    return d.v.data()


cdef inline double* pb_of(Dist& d) noexcept nogil:
    return d.v.data() + d.n_bags * d.n_classes


cdef inline double* pc_of(Dist& d) noexcept nogil:
    return d.v.data() + d.n_bags * (d.n_classes + 1)


cdef struct Node:
    int kind
    int att
    double split
    bint leaf
    bint empty
    Dist dist
    vector[int] sons
    vector[int] rows   # the node's training instances (kept for subtree raising)
    vector[double] w


cdef struct Part:
    # The training instances of a node being grown, in Weka's order: their indices in
    # the root's list (a row drawn twice is two instances) and their weights. For each
    # numeric attribute, the instances whose value is known (as indices into `inst`),
    # sorted by value then index, with their values: sorted once at the root and kept
    # by stable filtering, so that no node sorts. A son's instances keep their father's
    # order, so the filtered order is the one sorting the son's own list would give.
    vector[int] inst
    vector[double] w
    vector[int] idx
    vector[double] val
    vector[int] off    # where each numeric attribute's list starts; empty if none kept
    Dist here          # the instances' class distribution
    bint integral      # all weights whole numbers: every sum exact, in any order


cdef struct Scan:
    # The outcome of a numeric attribute's scan of thresholds.
    double best
    int split_index
    int n_cand


cdef struct Level:
    # Scratch of one level of a descent of data through a subtree (when pruning): the
    # instances of every branch, one branch after the other.
    vector[int] rows
    vector[double] w
    vector[int] start   # where each branch's instances start, and the end
    vector[int] bag_of
    vector[double] share
    Dist d


cdef inline void release(Part& p) noexcept nogil:
    # Give a Part's memory back (clear() would keep it).
    cdef vector[int] no_inst, no_idx, no_off
    cdef vector[double] no_w, no_val
    p.inst.swap(no_inst)
    p.w.swap(no_w)
    p.idx.swap(no_idx)
    p.val.swap(no_val)
    p.off.swap(no_off)


cdef inline void swap_dist(Dist& a, Dist& b) noexcept nogil:
    cdef int n_bags = a.n_bags, n_classes = a.n_classes
    cdef double total = a.total
    a.n_bags = b.n_bags
    a.n_classes = b.n_classes
    a.total = b.total
    b.n_bags = n_bags
    b.n_classes = n_classes
    b.total = total
    a.v.swap(b.v)


cdef inline void dist_reset(Dist& d, int n_bags, int n_classes) noexcept nogil:
    d.n_bags = n_bags
    d.n_classes = n_classes
    d.v.resize((n_bags + 1) * (n_classes + 1) - 1)
    memset(d.v.data(), 0, d.v.size() * sizeof(double))
    d.total = 0.0


cdef inline void dist_add(Dist& d, int bag, int c, double w, int n_classes) noexcept nogil:
    pcb_of(d)[bag * n_classes + c] += w
    pb_of(d)[bag] += w
    pc_of(d)[c] += w
    d.total += w


cdef int max_class(Dist& d, int n_classes) noexcept nogil:
    cdef double best = 0.0
    cdef int c, arg = 0
    for c in range(n_classes):
        if gr(pc_of(d)[c], best):
            best = pc_of(d)[c]
            arg = c
    return arg


cdef inline double num_incorrect(Dist& d, int n_classes) noexcept nogil:
    return d.total - pc_of(d)[max_class(d, n_classes)]


cdef int max_bag(Dist& d) noexcept nogil:
    cdef double best = 0.0
    cdef int i, arg = -1
    for i in range(d.n_bags):
        if gr_or_eq(pb_of(d)[i], best):
            best = pb_of(d)[i]
            arg = i
    return arg


cdef bint dist_check(Dist& d, double min_obj) noexcept nogil:
    # At least two bags hold min_obj (Distribution.check).
    cdef int i, count = 0
    for i in range(d.n_bags):
        if gr_or_eq(pb_of(d)[i], min_obj):
            count += 1
    return count > 1


cdef double old_ent(Dist& d, int n_classes) noexcept nogil:
    cdef double s = 0.0
    cdef int c
    for c in range(n_classes):
        s += log_func(pc_of(d)[c])
    return log_func(d.total) - s


cdef inline double xlog2x(double x, bint tabled) noexcept nogil:
    # log_func, read from the table when x is known to be a whole number in it.
    if tabled:
        return LOG_TABLE[<int> x]
    return log_func(x)


cdef double new_ent(Dist& d, int n_classes, bint tabled=False,
                    bint nonneg=False) noexcept nogil:
    # With non-negative weights an empty bag holds only zero counts, whose x log2 x
    # (+0) would leave the sum as it is (a sum from +0 is never -0): skipped.
    cdef double s = 0.0
    cdef int i, c
    cdef const double* pcb = pcb_of(d)
    cdef const double* pb = pb_of(d)
    for i in range(d.n_bags):
        if nonneg and pb[i] == 0:
            continue
        for c in range(n_classes):
            s += xlog2x(pcb[i * n_classes + c], tabled)
        s -= xlog2x(pb[i], tabled)
    return -s


cdef double info_gain(Dist& d, double total_weight, double ent_before, int n_classes,
                      bint tabled=False, bint nonneg=False) noexcept nogil:
    # InfoGainSplitCrit.splitCritValue(bags, totalNoInst, oldEnt): C4.5's gain, scaled
    # down by the fraction of instances whose value is unknown.
    cdef double unknown_rate = (total_weight - d.total) / total_weight
    cdef double numerator = (
        (ent_before - new_ent(d, n_classes, tabled, nonneg)) * (1 - unknown_rate)
    )
    if eq(numerator, 0.0):
        return 0.0
    return numerator / d.total


cdef double gain_ratio(Dist& d, double total_weight, double gain,
                       bint tabled=False) noexcept nogil:
    # GainRatioSplitCrit.splitCritValue: the split information counts the unknowns as
    # a bag of their own. (An empty bag's x log2 x is +0 and changes nothing.)
    cdef double split_info = 0.0
    cdef const double* pb = pb_of(d)
    cdef int i
    if gr(d.total, 0.0):
        for i in range(d.n_bags):
            if pb[i] != 0:
                split_info -= xlog2x(pb[i], tabled)
        split_info -= xlog2x(total_weight - d.total, tabled)
        split_info += xlog2x(total_weight, tabled)
    if eq(split_info, 0.0):
        return 0.0
    return gain / (split_info / total_weight)


cdef double add_errs(double n, double e, double cf, double z) noexcept nogil:
    # Stats.addErrs: upper confidence limit of the error count, minus the errors.
    cdef double base, f, r
    if e < 1:
        base = n * (1 - pow(cf, 1 / n))
        if e == 0:
            return base
        return base + e * (add_errs(n, 1, cf, z) - base)
    if e + 0.5 >= n:
        return max(n - e, 0.0)
    f = (e + 0.5) / n
    r = (f + (z * z) / (2 * n) + z * sqrt((f / n) - (f * f / n) + (z * z / (4 * n * n)))) / (
        1 + (z * z) / n
    )
    return (r * n) - e


cdef inline uint64_t order_key(double v) noexcept nogil:
    # An unsigned integer in the order of the (non-NaN) doubles, the same for 0 and -0
    # (which compare equal, so that their order is their instances' order).
    cdef uint64_t u = 0
    if v == 0:
        v = 0.0
    memcpy(&u, &v, 8)
    if u >> 63:
        return ~u
    return u | (<uint64_t> 1 << 63)


cdef void sort_known(const double* values, int n, vector[int]& order, vector[uint64_t]& key,
                     vector[int]& order2, vector[uint64_t]& key2) noexcept nogil:
    # The indices of the known values, sorted by value and, among equal values, by
    # index: a stable radix sort, a byte a pass, skipping the bytes all keys share
    # (the order std::sort of (value, index) pairs gives, in linear time).
    cdef int count[8][256]
    cdef int i, j, b, c, m = 0, pos, total
    cdef uint64_t k
    cdef double v
    if n <= 64:  # few: insertion sort, stable, so equal values keep their order
        order.resize(n)
        for i in range(n):
            v = values[i]
            if isnan(v):
                continue
            j = m
            while j > 0 and v < values[order[j - 1]]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = i
            m += 1
        order.resize(m)
        return
    order.resize(n)
    key.resize(n)
    order2.resize(n)
    key2.resize(n)
    memset(count, 0, sizeof(count))
    for i in range(n):
        if not isnan(values[i]):
            k = order_key(values[i])
            key[m] = k
            order[m] = i
            m += 1
            for b in range(8):
                count[b][(k >> (8 * b)) & 255] += 1
    for b in range(8):
        if m == 0 or count[b][(key[0] >> (8 * b)) & 255] == m:
            continue
        total = 0
        for c in range(256):
            pos = count[b][c]
            count[b][c] = total
            total += pos
        for i in range(m):
            c = (key[i] >> (8 * b)) & 255
            pos = count[b][c]
            count[b][c] = pos + 1
            key2[pos] = key[i]
            order2[pos] = order[i]
        key.swap(key2)
        order.swap(order2)
    order.resize(m)


@cython.final
cdef class _Builder:
    """Grows, collapses and prunes one tree; see ``grow_tree`` for the parameters."""

    cdef const double[:, ::1] X
    cdef const int[::1] n_values
    cdef const int[::1] y
    cdef const double[::1] weight
    cdef const int[::1] all_rows
    cdef int n_classes, n_atts, n_all
    cdef double min_obj, cf, z
    cdef bint binary, raising
    cdef bint tabled  # whole, non-negative weights summing below LOG_TABLE_SIZE
    cdef bint nonneg  # no negative weight
    cdef double node_ent  # old_ent of the node being split
    cdef vector[char] as_node  # per nominal slot: its class weights are the node's
    cdef vector[bint] in_average
    cdef vector[Node] nodes
    # The training instances by column (col[a * n_all + i] is attribute a of the i-th
    # instance of the root) and their classes; instances are numbered in the root's list.
    cdef vector[double] col
    cdef vector[int] cls
    # The numeric attributes, and the slot of each attribute in a Part's lists (-1 for
    # a nominal one).
    cdef vector[int] numeric
    cdef vector[int] slot
    # The nominal attributes, their slots, and their value codes instance by instance
    # (codes[i * n_nominal + s], -1 for missing): a node's value distributions of all
    # nominal attributes are counted in one pass over its instances.
    cdef vector[int] nominal
    cdef vector[int] nominal_slot
    cdef int n_clean  # the first n_clean nominal slots have no missing value at all
    cdef vector[char] clean  # per attribute: no missing value at the root
    cdef vector[int] codes
    cdef vector[Dist] value_dists
    cdef vector[int] n_missing
    cdef vector[double*] nominal_pcb, nominal_pb, nominal_pc
    cdef vector[double] nominal_known
    # The root's sorted lists: all the training values of each numeric attribute.
    cdef vector[double] all_val
    cdef vector[int] all_off
    # Scratch, reused node after node (a node's choice is copied before its sons grow).
    cdef vector[Dist] cand
    cdef vector[double] cand_gain, cand_ratio, cand_split
    cdef vector[bint] cand_valid
    cdef vector[double] log_pcb, rough_pcb, kept_pcb
    cdef vector[int] stale
    cdef vector[char] is_stale
    cdef vector[int] sorted_cls
    cdef vector[double] sorted_w
    cdef vector[int] changed
    cdef vector[char] is_changed
    cdef vector[int] bag_of, son_pos, missing_pos, to, count
    cdef vector[double] to_share, probs, son_total
    cdef vector[char] keep
    cdef vector[int*] out_idx
    cdef vector[double*] out_val
    cdef Dist two
    cdef vector[Level] levels
    cdef vector[double] errors
    cdef vector[int] raised_rows
    cdef vector[double] raised_w

    cdef void setup(self, const double[:, ::1] X, const int[::1] n_values, const int[::1] y,
                    const double[::1] weight, const int[::1] rows, int n_classes,
                    double min_obj, double cf, double z, bint binary, bint raising):
        self.X = X
        self.n_values = n_values
        self.y = y
        self.weight = weight
        self.all_rows = rows
        self.n_classes = n_classes
        self.n_atts = X.shape[1]
        self.n_all = rows.shape[0]
        self.min_obj = min_obj
        self.cf = cf
        self.z = z
        self.binary = binary
        self.raising = raising
        self.cand.resize(self.n_atts)
        self.cand_gain.resize(self.n_atts)
        self.cand_ratio.resize(self.n_atts)
        self.cand_split.resize(self.n_atts)
        self.cand_valid.resize(self.n_atts)
        self.log_pcb.resize(2 * n_classes)
        self.rough_pcb.resize(2 * n_classes)
        self.kept_pcb.resize(2 * n_classes)
        self.changed.resize(n_classes)
        self.is_changed.assign(n_classes, 0)
        self.stale.resize(n_classes)
        self.is_stale.assign(n_classes, 0)
        self._set_in_average(rows.shape[0])

    cdef void _set_in_average(self, int n_all) noexcept:
        # C45ModelSelection: nominal attributes with very many values (at least 0.3 of
        # the instances) do not count towards the average gain, unless all are such.
        cdef int a
        cdef bint multi_val = True
        for a in range(self.n_atts):
            if self.n_values[a] == 0 or sm(self.n_values[a], 0.3 * n_all):
                multi_val = False
                break
        self.in_average.resize(self.n_atts)
        for a in range(self.n_atts):
            self.in_average[a] = (
                self.n_values[a] == 0 or multi_val or sm(self.n_values[a], 0.3 * n_all)
            )

    cdef void make_root(self, Part& p) noexcept nogil:
        # The root's instances, their numeric values by column and nominal codes by
        # instance, and each numeric attribute sorted once.
        cdef int n = self.n_all, n_num, n_nom, a, t, i, r, m, at = 0
        cdef double v, wi, magnitude = 0.0
        cdef const double* row
        cdef double* column
        cdef int* code_row
        cdef vector[int] order, order2
        cdef vector[uint64_t] key, key2
        self.cls.resize(n)
        p.inst.resize(n)
        p.w.resize(n)
        p.integral = True
        self.clean.assign(self.n_atts, 1)
        for i in range(n):
            r = self.all_rows[i]
            row = &self.X[r, 0]
            for a in range(self.n_atts):
                if isnan(row[a]):
                    self.clean[a] = 0
            self.cls[i] = self.y[r]
            p.inst[i] = i
            wi = self.weight[r]
            p.w[i] = wi
            if not (-4503599627370496.0 < wi < 4503599627370496.0) or wi != <long long> wi:
                p.integral = False
            else:
                magnitude += wi if wi > 0 else -wi
        if magnitude >= 4503599627370496.0:  # 2^52: whole sums stay exact below 2^53
            p.integral = False
        self.nonneg = True
        for i in range(n):
            if not p.w[i] >= 0:
                self.nonneg = False
        # Then every count at a node of whole weights is a whole number in the table.
        self.tabled = p.integral and self.nonneg and magnitude < LOG_TABLE_SIZE
        self.set_slots()
        n_num = self.numeric.size()
        n_nom = self.nominal.size()
        self.col.resize(<size_t> n_num * n)
        self.codes.resize(<size_t> n * n_nom)
        for i in range(n):
            row = &self.X[self.all_rows[i], 0]
            for t in range(n_num):
                self.col[<size_t> t * n + i] = row[self.numeric[t]]
            code_row = self.codes.data() + <size_t> i * n_nom
            for t in range(n_nom):
                v = row[self.nominal[t]]
                code_row[t] = -1 if isnan(v) else <int> v
        p.off.resize(n_num + 1)
        p.idx.resize(<size_t> n_num * n)
        p.val.resize(<size_t> n_num * n)
        for t in range(n_num):
            column = self.col.data() + <size_t> t * n
            sort_known(column, n, order, key, order2, key2)
            m = order.size()
            p.off[t] = at
            for i in range(m):
                p.idx[at + i] = order[i]
                p.val[at + i] = column[order[i]]
            at += m
        p.off[n_num] = at
        p.idx.resize(at)
        p.val.resize(at)
        self.all_val = p.val
        self.all_off = p.off
        self.leaf_dist(p.here, p.inst.data(), p.w.data(), n)

    cdef void set_slots(self) noexcept nogil:
        # Numeric attributes in order; nominal ones without missing values first.
        cdef int a, k, pass_
        cdef bint clean
        self.slot.assign(self.n_atts, -1)
        self.nominal_slot.assign(self.n_atts, -1)
        for a in range(self.n_atts):
            if self.n_values[a] == 0:
                self.slot[a] = self.numeric.size()
                self.numeric.push_back(a)
        self.n_clean = 0
        for pass_ in range(2):
            clean = pass_ == 0
            for a in range(self.n_atts):
                if self.n_values[a] == 0 or self.clean[a] != clean:
                    continue
                self.nominal_slot[a] = self.nominal.size()
                self.nominal.push_back(a)
                if clean:
                    self.n_clean += 1
        k = self.nominal.size()
        self.value_dists.resize(k)
        self.n_missing.resize(k)
        self.nominal_pcb.resize(k)
        self.nominal_pb.resize(k)
        self.nominal_pc.resize(k)
        self.nominal_known.resize(k)

    # ----------------------------------------------------------------- growth

    cdef inline double value(self, int att, int i) noexcept nogil:
        # A numeric attribute's value of the root's i-th instance.
        return self.col[<size_t> self.slot[att] * self.n_all + i]

    cdef inline int code(self, int att, int i) noexcept nogil:
        # A nominal attribute's value of the root's i-th instance, -1 if missing.
        return self.codes[<size_t> i * self.nominal.size() + self.nominal_slot[att]]

    cdef inline bint missing(self, int att, int i) noexcept nogil:
        if self.n_values[att] == 0:
            return isnan(self.value(att, i))
        return self.code(att, i) < 0

    cdef int which_subset(self, int kind, int att, double split, int i) noexcept nogil:
        cdef double v
        cdef int code
        if kind == NUMERIC:
            v = self.value(att, i)
            if isnan(v):
                return -1
            return 0 if sm_or_eq(v, split) else 1
        code = self.code(att, i)
        if code < 0:
            return -1
        if kind == BINARY:
            return 0 if <int> split == code else 1
        if kind == MULTIWAY:
            return code
        return 0

    cdef void leaf_dist(self, Dist& d, const int* rows, const double* w, int n) noexcept nogil:
        cdef int k, c, C = self.n_classes
        cdef const int* cls = self.cls.data()
        cdef double* pc
        cdef double total = 0.0
        dist_reset(d, 1, C)
        pc = pc_of(d)
        for k in range(n):  # dist_add to the only bag: pcb is pc, pb is total
            pc[cls[rows[k]]] += w[k]
            total += w[k]
        for c in range(C):
            pcb_of(d)[c] = pc[c]
        pb_of(d)[0] = total
        d.total = total

    cdef void add_unknown(self, Dist& d, int att, const int* rows, const double* w,
                          int n) noexcept nogil:
        # Distribution.addInstWithUnknown: instances missing `att` join every bag in
        # proportion to the bags' known weights.
        cdef int j, c, k
        cdef double wk
        if self.clean[att]:
            return
        self.probs.resize(d.n_bags)
        for j in range(d.n_bags):
            self.probs[j] = 1.0 / d.n_bags if eq(d.total, 0.0) else pb_of(d)[j] / d.total
        for k in range(n):
            if self.missing(att, rows[k]):
                c = self.cls[rows[k]]
                wk = w[k]
                pc_of(d)[c] += wk
                d.total += wk
                for j in range(d.n_bags):
                    pcb_of(d)[j * self.n_classes + c] += self.probs[j] * wk
                    pb_of(d)[j] += self.probs[j] * wk

    cdef void reset_dist(self, Dist& d, int node, const int* rows, const double* w,
                         int n) noexcept nogil:
        # ClassifierSplitModel.resetDistribution: the node's test applied to new data.
        cdef Node* nd = &self.nodes[node]
        cdef int k, bag
        if nd.leaf:
            self.leaf_dist(d, rows, w, n)
            return
        dist_reset(d, nd.dist.n_bags, self.n_classes)
        for k in range(n):
            bag = self.which_subset(nd.kind, nd.att, nd.split, rows[k])
            if bag >= 0:
                dist_add(d, bag, self.cls[rows[k]], w[k], self.n_classes)
        self.add_unknown(d, nd.att, rows, w, n)

    cdef void split_level(self, int node, Level& L, const int* rows, const double* w,
                          int n) noexcept nogil:
        # ClassifierSplitModel.split by the node's test and the distribution L.d: an
        # instance with a missing value goes down every branch whose share of the
        # weight is positive, with that share of its weight. Branch after branch,
        # each in the instances' order.
        cdef Node* nd = &self.nodes[node]
        cdef int nb = L.d.n_bags, j, k, b
        cdef int* start
        cdef int* bag_of
        cdef double* share
        cdef int* out_rows
        cdef double* out_w
        L.share.resize(nb)
        L.start.assign(nb + 1, 0)
        L.bag_of.resize(n)
        share = L.share.data()
        start = L.start.data()
        bag_of = L.bag_of.data()
        for j in range(nb):
            share[j] = pb_of(L.d)[j] / L.d.total
        for k in range(n):  # how many go down each branch
            b = self.which_subset(nd.kind, nd.att, nd.split, rows[k])
            bag_of[k] = b
            if b >= 0:
                start[b + 1] += 1
            else:
                for j in range(nb):
                    if gr(share[j], 0.0):
                        start[j + 1] += 1
        for j in range(nb):
            start[j + 1] += start[j]
        L.rows.resize(start[nb])
        L.w.resize(start[nb])
        out_rows = L.rows.data()
        out_w = L.w.data()
        for k in range(n):  # start[j] now moves along branch j
            b = bag_of[k]
            if b >= 0:
                out_rows[start[b]] = rows[k]
                out_w[start[b]] = w[k]
                start[b] += 1
            else:
                for j in range(nb):
                    if gr(share[j], 0.0):
                        out_rows[start[j]] = rows[k]
                        out_w[start[j]] = share[j] * w[k]
                        start[j] += 1
        for j in range(nb, 0, -1):
            start[j] = start[j - 1]
        start[0] = 0

    cdef bint stops(self, Dist& here) noexcept nogil:
        # C45ModelSelection: too little weight, or a single class, makes a leaf.
        return (sm(here.total, 2 * self.min_obj)
                or eq(here.total, pc_of(here)[max_class(here, self.n_classes)]))

    cdef void split_part(self, int kind, int att, double split, Dist& d, Part& p,
                         vector[Part]& sons) noexcept nogil:
        # split_data on a Part: the sons' class distributions, and for the sons that
        # will be split further, their instances and the father's sorted lists
        # filtered. (A leaf's instances are never needed: subtree raising only reads
        # those of inner nodes, and gives every node it moves new ones.)
        cdef int n_missing, j, jj
        sons.resize(d.n_bags)
        n_missing = self.route(kind, att, split, d, p)
        self.son_dists(p, sons)
        for j in range(d.n_bags):
            sons[j].integral = p.integral
        if n_missing:  # fractions of weights
            for jj in range(<int> self.to.size()):
                sons[self.to[jj]].integral = False
        self.son_instances(p, sons, n_missing)
        self.son_lists(p, sons)

    cdef int route(self, int kind, int att, double split, Dist& d, Part& p) noexcept nogil:
        # Each instance's bag (bag_of, -1 if missing), the bags an instance missing
        # `att` goes to with their shares (to, to_share), how many instances each bag
        # gets (count); returns the number of missing ones.
        cdef int n = p.inst.size(), nb = d.n_bags, k, j, b, n_missing = 0
        cdef double share
        cdef int* bag_of
        cdef int* count
        self.to.clear()
        self.to_share.clear()
        for j in range(nb):
            share = pb_of(d)[j] / d.total
            if gr(share, 0.0):
                self.to.push_back(j)
                self.to_share.push_back(share)
        self.bag_of.resize(n)
        self.count.assign(nb, 0)
        bag_of = self.bag_of.data()
        count = self.count.data()
        for k in range(n):
            b = self.which_subset(kind, att, split, p.inst[k])
            bag_of[k] = b
            if b >= 0:
                count[b] += 1
            else:
                n_missing += 1
        for j in self.to:
            count[j] += n_missing
        return n_missing

    cdef void son_dists(self, Part& p, vector[Part]& sons) noexcept nogil:
        # The sons' class distributions, each summed in its instances' order (as
        # leaf_dist would), and which sons will be split further (keep).
        cdef int n = p.inst.size(), nb = sons.size(), n_to = self.to.size()
        cdef int k, j, jj, b, c, C = self.n_classes
        cdef const int* bag_of = self.bag_of.data()
        cdef double* total
        cdef double** pc
        self.son_total.assign(nb, 0.0)
        self.out_val.resize(nb)
        total = self.son_total.data()
        pc = self.out_val.data()
        for j in range(nb):
            dist_reset(sons[j].here, 1, C)
            pc[j] = pc_of(sons[j].here)
        for k in range(n):
            b = bag_of[k]
            c = self.cls[p.inst[k]]
            if b >= 0:
                pc[b][c] += p.w[k]
                total[b] += p.w[k]
                continue
            for jj in range(n_to):
                j = self.to[jj]
                pc[j][c] += self.to_share[jj] * p.w[k]
                total[j] += self.to_share[jj] * p.w[k]
        self.keep.assign(nb, 0)
        for j in range(nb):
            memcpy(pcb_of(sons[j].here), pc[j], C * sizeof(double))
            pb_of(sons[j].here)[0] = total[j]
            sons[j].here.total = total[j]
            self.keep[j] = not self.stops(sons[j].here)

    cdef void son_instances(self, Part& p, vector[Part]& sons, int n_missing) noexcept nogil:
        # The instances of the sons kept, in the father's order, and where each of the
        # father's lands: son_pos (for a missing one, its first entry in missing_pos,
        # which holds its place in each son it goes to).
        cdef int n = p.inst.size(), nb = sons.size(), n_to = self.to.size()
        cdef int k, j, jj, b, m = 0
        cdef const int* bag_of = self.bag_of.data()
        cdef const char* keep = self.keep.data()
        cdef int* count = self.count.data()
        cdef int* son_pos
        cdef int* missing_pos
        cdef int** inst
        cdef double** w
        self.son_pos.resize(n)
        self.missing_pos.resize(n_missing * n_to)
        self.out_idx.resize(nb)
        son_pos = self.son_pos.data()
        missing_pos = self.missing_pos.data()
        inst = self.out_idx.data()
        w = self.out_val.data()
        for j in range(nb):
            if keep[j]:
                sons[j].inst.resize(count[j])
                sons[j].w.resize(count[j])
                inst[j] = sons[j].inst.data()
                w[j] = sons[j].w.data()
            count[j] = 0
        for k in range(n):
            b = bag_of[k]
            if b >= 0:
                if keep[b]:
                    son_pos[k] = count[b]
                    inst[b][count[b]] = p.inst[k]
                    w[b][count[b]] = p.w[k]
                    count[b] += 1
                continue
            son_pos[k] = m
            for jj in range(n_to):
                j = self.to[jj]
                if keep[j]:
                    missing_pos[m + jj] = count[j]
                    inst[j][count[j]] = p.inst[k]
                    w[j][count[j]] = self.to_share[jj] * p.w[k]
                    count[j] += 1
            m += n_to

    cdef void son_lists(self, Part& p, vector[Part]& sons) noexcept nogil:
        # The father's sorted lists filtered into those of the sons kept: in the
        # father's order, which is the sons' sorted order (their instances keep the
        # father's order). An instance missing the split's attribute is in each son it
        # goes to.
        cdef int nb = sons.size(), n_num = self.numeric.size(), n_to = self.to.size()
        cdef int k, j, jj, b, m, t, i
        cdef double v
        cdef const int* bag_of = self.bag_of.data()
        cdef const int* son_pos = self.son_pos.data()
        cdef const int* missing_pos = self.missing_pos.data()
        cdef const int* to = self.to.data()
        cdef const char* keep = self.keep.data()
        cdef int* count = self.count.data()
        cdef int** idx = self.out_idx.data()
        cdef double** val = self.out_val.data()
        for j in range(nb):
            count[j] = 0
            if keep[j]:
                sons[j].off.resize(n_num + 1)
                sons[j].idx.resize(<size_t> n_num * sons[j].inst.size())
                sons[j].val.resize(<size_t> n_num * sons[j].inst.size())
                idx[j] = sons[j].idx.data()
                val[j] = sons[j].val.data()
        for t in range(n_num):
            for j in range(nb):
                if keep[j]:
                    sons[j].off[t] = count[j]
            for i in range(p.off[t], p.off[t + 1]):
                k = p.idx[i]
                v = p.val[i]
                b = bag_of[k]
                if b >= 0:
                    if keep[b]:
                        idx[b][count[b]] = son_pos[k]
                        val[b][count[b]] = v
                        count[b] += 1
                else:
                    m = son_pos[k]
                    for jj in range(n_to):
                        j = to[jj]
                        if keep[j]:
                            idx[j][count[j]] = missing_pos[m + jj]
                            val[j][count[j]] = v
                            count[j] += 1
        for j in range(nb):
            if keep[j]:
                sons[j].off[n_num] = count[j]
                sons[j].idx.resize(count[j])
                sons[j].val.resize(count[j])

    cdef void nominal_dists(self, Part& p) noexcept nogil:
        # The distribution of the instances with a known value over the values (bags)
        # of every nominal attribute, as dist_add of each instance in turn makes it, in
        # one pass over the instances. Where no value is missing, the per-class and
        # total weights are the node's own (the same sums in the same order), and with
        # whole weights the weight of a value is the sum of its per-class weights.
        cdef int n = p.inst.size(), n_nom = self.nominal.size(), n_clean = self.n_clean
        cdef int C = self.n_classes, k, t, i, c, v
        cdef bint integral = p.integral
        cdef const int* inst = p.inst.data()
        cdef const double* w = p.w.data()
        cdef const int* cls = self.cls.data()
        cdef const int* codes = self.codes.data()
        cdef const int* row
        cdef double** pcb = self.nominal_pcb.data()
        cdef double** pb = self.nominal_pb.data()
        cdef double** pc = self.nominal_pc.data()
        cdef double* known = self.nominal_known.data()
        cdef int* n_missing = self.n_missing.data()
        cdef double wk, sum_
        cdef Dist* d
        if n_nom == 0:
            return
        for t in range(n_nom):
            d = self.nominal_dist(t)
            dist_reset(d[0], self.n_values[self.nominal[t]], C)
            pcb[t] = pcb_of(d[0])
            pb[t] = pb_of(d[0])
            pc[t] = pc_of(d[0])
        memset(known, 0, n_nom * sizeof(double))
        memset(n_missing, 0, n_nom * sizeof(int))
        for k in range(n):
            i = inst[k]
            c = cls[i]
            wk = w[k]
            row = codes + <size_t> i * n_nom
            if integral:
                for t in range(n_clean):
                    pcb[t][row[t] * C + c] += wk
            else:
                for t in range(n_clean):
                    v = row[t]
                    pcb[t][v * C + c] += wk
                    pb[t][v] += wk
            if integral:
                for t in range(n_clean, n_nom):
                    v = row[t]
                    if v < 0:
                        n_missing[t] += 1
                    else:
                        pcb[t][v * C + c] += wk
            else:
                for t in range(n_clean, n_nom):
                    v = row[t]
                    if v < 0:
                        n_missing[t] += 1
                    else:
                        pcb[t][v * C + c] += wk
                        pb[t][v] += wk
                        pc[t][c] += wk
                        known[t] += wk
        self.as_node.resize(n_nom)
        for t in range(n_nom):
            d = self.nominal_dist(t)
            self.as_node[t] = t < n_clean or n_missing[t] == 0
            if integral:  # exact sums, in any order
                for v in range(d.n_bags):
                    sum_ = 0.0
                    for c in range(C):
                        sum_ += pcb[t][v * C + c]
                    pb[t][v] = sum_
                if not self.as_node[t]:
                    known[t] = 0.0
                    for v in range(d.n_bags):
                        known[t] += pb[t][v]
                        for c in range(C):
                            pc[t][c] += pcb[t][v * C + c]
            if self.as_node[t]:
                memcpy(pc[t], pc_of(p.here), C * sizeof(double))
                d.total = p.here.total
            else:
                d.total = known[t]

    cdef inline Dist* nominal_dist(self, int t) noexcept nogil:
        # Where a nominal attribute's value distribution goes: its candidate split
        # itself, or (for binary splits) the values from which the split is chosen.
        if self.binary:
            return &self.value_dists[t]
        return &self.cand[self.nominal[t]]

    cdef void eval_nominal(self, int a, Part& p, double total) noexcept nogil:
        cdef Dist* d = &self.cand[a]  # filled by nominal_dists
        cdef int t = self.nominal_slot[a]
        cdef bint tabled = self.tabled and p.integral
        cdef double ent_before
        if dist_check(d[0], self.min_obj):
            # old_ent only reads the per-class and total weights: the node's own (the
            # same numbers) when no value is missing.
            ent_before = self.node_ent if self.as_node[t] else old_ent(d[0], self.n_classes)
            self.cand_valid[a] = True
            self.cand_gain[a] = info_gain(d[0], total, ent_before, self.n_classes, tabled,
                                          self.nonneg)
            self.cand_ratio[a] = gain_ratio(d[0], total, self.cand_gain[a], tabled)

    cdef void eval_binary(self, int a, Part& p, double total) noexcept nogil:
        # BinC45Split.handleEnumeratedAttribute: the best "value = v" against the rest.
        cdef Dist* values = &self.value_dists[self.nominal_slot[a]]
        cdef Dist* two = &self.two
        cdef int i, c, n = self.n_values[a], C = self.n_classes
        cdef double gain, ratio
        for i in range(n):
            if not gr_or_eq(pb_of(values[0])[i], self.min_obj):
                continue
            dist_reset(two[0], 2, C)
            for c in range(C):
                pc_of(two[0])[c] = pc_of(values[0])[c]
                pcb_of(two[0])[c] = pcb_of(values[0])[i * C + c]
                pcb_of(two[0])[C + c] = pc_of(values[0])[c] - pcb_of(values[0])[i * C + c]
            two.total = values.total
            pb_of(two[0])[0] = pb_of(values[0])[i]
            pb_of(two[0])[1] = values.total - pb_of(values[0])[i]
            if not dist_check(two[0], self.min_obj):
                continue
            gain = info_gain(two[0], total, old_ent(two[0], C), C)
            ratio = gain_ratio(two[0], total, gain)
            if i == 0 or gr(ratio, self.cand_ratio[a]):
                self.cand_valid[a] = True
                self.cand_gain[a] = gain
                self.cand_ratio[a] = ratio
                self.cand_split[a] = i
                self.cand[a] = two[0]

    cdef void eval_numeric(self, int a, Part& p, double total) noexcept nogil:
        # C45Split.handleNumericAttribute: the best threshold by information gain, with
        # release 8's MDL penalty log2(#candidate thresholds) / total weight. The sums
        # are Weka's, in Weka's order, except where all weights are whole numbers (then
        # every sum is exact whatever its order): the known weights are then the
        # node's when none is missing, and bag 1 is the known weight less bag 0.
        cdef Dist* d = &self.cand[a]
        cdef int t = self.slot[a], C = self.n_classes
        cdef int lo = p.off[t], n_known = p.off[t + 1] - lo
        cdef const int* idx = p.idx.data() + lo
        cdef const double* val = p.val.data() + lo
        cdef const int* inst = p.inst.data()
        cdef const double* w = p.w.data()
        cdef const int* cls = self.cls.data()
        cdef bint integral = p.integral
        cdef double* pcb
        cdef double* pc
        cdef int i, c, k
        cdef double known, min_split, split, ent_before
        cdef bint as_node
        cdef int* sc
        cdef double* sw
        cdef Scan scan
        dist_reset(d[0], 2, C)
        pcb = pcb_of(d[0])
        pc = pc_of(d[0])
        as_node = integral and n_known == <int> p.inst.size()  # pc and total: the node's
        if as_node:
            for c in range(C):
                pcb[C + c] = pc_of(p.here)[c]
            known = p.here.total
        else:
            known = 0.0
            for i in range(n_known):  # all in bag 1: pc is pcb[1], total is pb[1]
                k = idx[i]
                pcb[C + cls[inst[k]]] += w[k]
                known += w[k]
        for c in range(C):
            pc[c] = pcb[C + c]
        pb_of(d[0])[1] = known
        d.total = known
        min_split = 0.1 * d.total / C
        if sm_or_eq(min_split, self.min_obj):
            min_split = self.min_obj
        elif gr(min_split, 25):
            min_split = 25
        if sm(n_known, 2 * min_split):
            return
        self.sorted_cls.resize(n_known)
        self.sorted_w.resize(n_known)
        sc = self.sorted_cls.data()
        sw = self.sorted_w.data()
        for i in range(n_known):  # the classes and weights in sorted order, at hand
            k = idx[i]
            sc[i] = cls[inst[k]]
            sw[i] = w[k]
        ent_before = self.node_ent if as_node else old_ent(d[0], C)
        if integral and self.tabled:
            scan = self.scan_tabled(sc, sw, val, n_known, d[0], min_split, ent_before,
                                    1 - (total - d.total) / total)
        else:
            scan = self.scan(sc, sw, val, n_known, d[0], min_split, ent_before,
                             1 - (total - d.total) / total, integral)
        if scan.n_cand == 0:
            return
        scan.best -= log(<double> scan.n_cand) / LOG2 / total
        if sm_or_eq(scan.best, 0.0):
            return
        split = (val[scan.split_index + 1] + val[scan.split_index]) / 2
        if split == val[scan.split_index + 1]:
            split = val[scan.split_index]
        self.split_dist(d[0], sc, sw, scan.split_index, n_known, integral)
        self.cand_valid[a] = True
        self.cand_gain[a] = scan.best
        self.cand_ratio[a] = gain_ratio(d[0], total, scan.best)
        self.cand_split[a] = split

    cdef Scan scan_tabled(self, const int* sc, const double* sw, const double* val,
                          int n_known, Dist& d, double min_split, double ent_before,
                          double known_rate) noexcept nogil:
        # scan where all counts are whole numbers in the x log2 x table: bag 1 is the
        # known weight less bag 0 (exact), and the logarithms are read from the table.
        cdef int C = self.n_classes, i, c, nxt, last = 0, n_changed = 0
        cdef double* pcb = pcb_of(d)
        cdef const double* pc = pc_of(d)
        cdef double* log_pcb = self.log_pcb.data()
        cdef int* changed = self.changed.data()
        cdef char* is_changed = self.is_changed.data()
        cdef double known = d.total, inv_known = 1.0 / d.total
        cdef double pb0 = 0.0, pb1, s, new_ent, numerator, approx, gain
        cdef Scan r
        r.best = 0.0
        r.split_index = -1
        r.n_cand = 0
        for c in range(C):
            log_pcb[c] = 0.0
            log_pcb[C + c] = LOG_TABLE[<int> pc[c]]
        for nxt in range(1, n_known):
            if not (val[nxt - 1] + 1e-5 < val[nxt]):
                continue
            for i in range(last, nxt):
                c = sc[i]
                pcb[c] += sw[i]
                pb0 += sw[i]
                if not is_changed[c]:
                    is_changed[c] = 1
                    changed[n_changed] = c
                    n_changed += 1
            pb1 = known - pb0
            last = nxt
            if not (gr_or_eq(pb0, min_split) and gr_or_eq(pb1, min_split)):
                continue
            for i in range(n_changed):
                c = changed[i]
                is_changed[c] = 0
                log_pcb[c] = LOG_TABLE[<int> pcb[c]]
                log_pcb[C + c] = LOG_TABLE[<int> (pc[c] - pcb[c])]
            n_changed = 0
            s = 0.0  # new_ent, summed as there
            for c in range(C):
                s += log_pcb[c]
            s -= LOG_TABLE[<int> pb0]
            for c in range(C):
                s += log_pcb[C + c]
            s -= LOG_TABLE[<int> pb1]
            new_ent = -s
            numerator = (ent_before - new_ent) * known_rate
            r.n_cand += 1
            if eq(numerator, 0.0):  # gain 0, never above best
                continue
            approx = numerator * inv_known  # within 1e-13 of the quotient below 100
            if -100 < approx < r.best + 0.999e-6:
                continue
            gain = numerator / known
            if gr(gain, r.best):
                r.best = gain
                r.split_index = nxt - 1
        for i in range(n_changed):
            is_changed[changed[i]] = 0
        return r

    cdef Scan scan(self, const int* sc, const double* sw, const double* val, int n_known,
                   Dist& d, double min_split, double ent_before, double known_rate,
                   bint integral) noexcept nogil:
        # The thresholds between values more than 1e-5 apart, in order: their number
        # (those leaving min_split each side) and the first of the best by Weka's
        # gr(gain, best). Bag 0 starts empty, bag 1 with all (d.pcb[1] == d.pc).
        # info_gain is computed as there, but x log2 x of a count only when the count
        # has changed since it was last computed.
        #
        # With non-negative weights, a threshold's gain is first estimated with the
        # same sums of rough_xlog2x (within 5e-8 x of x log2 x). The x sum to twice the
        # known weight, and the rounding of both sums (2C + 2 terms, each below 64 x)
        # adds < 3e-10 of it for C <= 10^4: divided by the known weight (times
        # known_rate, 1 but for rounding), the estimate is within ROUGH = 1.5e-7 of the
        # gain (and its numerator within ROUGH * known). Where the estimates decide
        # gr(gain, best), the exact gains are not needed: a new best keeps its counts,
        # and its gain is computed from them when a comparison or the end needs it.
        cdef int C = self.n_classes, i, c, nxt, last = 0, n_changed = 0, n_stale = 0
        cdef double* pcb = pcb_of(d)
        cdef const double* pc = pc_of(d)
        cdef double* log_pcb = self.log_pcb.data()
        cdef double* rough = self.rough_pcb.data()
        cdef double* kept = self.kept_pcb.data()
        cdef int* changed = self.changed.data()
        cdef char* is_changed = self.is_changed.data()
        cdef int* stale = self.stale.data()
        cdef char* is_stale = self.is_stale.data()
        cdef double known = d.total, inv_known = 1.0 / d.total
        cdef double pb0 = 0.0, pb1 = d.total, wk, s, numerator, rough_gain, lo, hi, gain
        cdef double kept_pb0 = 0.0, kept_pb1 = 0.0, kept_rough = 0.0
        cdef bint screened = (self.nonneg and 0 < known < 1e15 and C <= 10000
                              and 0 <= known_rate <= 1.000001)
        cdef bint best_known = True  # r.best is the best's exact gain
        cdef Scan r
        r.best = 0.0
        r.split_index = -1
        r.n_cand = 0
        for c in range(C):
            log_pcb[c] = 0.0
            log_pcb[C + c] = log_func(pc[c])
            if screened:
                rough[c] = 0.0
                rough[C + c] = rough_xlog2x(pc[c])
        for nxt in range(1, n_known):
            if not (val[nxt - 1] + 1e-5 < val[nxt]):
                continue
            if integral:
                for i in range(last, nxt):
                    c = sc[i]
                    pcb[c] += sw[i]
                    pb0 += sw[i]
                    if not is_changed[c]:
                        is_changed[c] = 1
                        changed[n_changed] = c
                        n_changed += 1
                pb1 = known - pb0
            else:
                for i in range(last, nxt):  # Distribution.shiftRange(1, 0, ...)
                    c = sc[i]
                    wk = sw[i]
                    pcb[C + c] -= wk
                    pcb[c] += wk
                    pb1 -= wk
                    pb0 += wk
                    if not is_changed[c]:
                        is_changed[c] = 1
                        changed[n_changed] = c
                        n_changed += 1
            last = nxt
            if not (gr_or_eq(pb0, min_split) and gr_or_eq(pb1, min_split)):
                continue
            r.n_cand += 1
            for i in range(n_changed):
                c = changed[i]
                is_changed[c] = 0
                if integral:
                    pcb[C + c] = pc[c] - pcb[c]
                if screened:
                    rough[c] = rough_xlog2x(pcb[c])
                    rough[C + c] = rough_xlog2x(pcb[C + c])
                    if not is_stale[c]:
                        is_stale[c] = 1
                        stale[n_stale] = c
                        n_stale += 1
                else:
                    log_pcb[c] = log_func(pcb[c])
                    log_pcb[C + c] = log_func(pcb[C + c])
            n_changed = 0
            if screened:
                s = 0.0
                for c in range(2 * C):
                    s += rough[c]
                s -= rough_xlog2x(pb0) + rough_xlog2x(pb1)
                numerator = (ent_before + s) * known_rate
                rough_gain = numerator * inv_known
                lo = r.best if best_known else kept_rough - ROUGH
                hi = r.best if best_known else kept_rough + ROUGH
                if rough_gain + ROUGH < lo + (1e-6 - 1e-12):
                    continue  # surely not above the best by more than 1e-6
                if (rough_gain - ROUGH > hi + (1e-6 + 1e-12)
                        and numerator > 1e-6 + 2 * ROUGH * known):  # and not eq(., 0)
                    memcpy(kept, pcb, 2 * C * sizeof(double))
                    kept_pb0 = pb0
                    kept_pb1 = pb1
                    kept_rough = rough_gain
                    best_known = False
                    r.split_index = nxt - 1
                    continue
                if not best_known:
                    r.best = self.exact_gain(kept, kept_pb0, kept_pb1, NULL, ent_before,
                                             known_rate, known)
                    best_known = True
                for i in range(n_stale):
                    c = stale[i]
                    is_stale[c] = 0
                    log_pcb[c] = log_func(pcb[c])
                    log_pcb[C + c] = log_func(pcb[C + c])
                n_stale = 0
            gain = self.exact_gain(pcb, pb0, pb1, log_pcb, ent_before, known_rate, known)
            if gr(gain, r.best):
                r.best = gain
                r.split_index = nxt - 1
        for i in range(n_changed):
            is_changed[changed[i]] = 0
        for i in range(n_stale):
            is_stale[stale[i]] = 0
        if not best_known:
            r.best = self.exact_gain(kept, kept_pb0, kept_pb1, NULL, ent_before, known_rate,
                                     known)
        return r

    cdef double exact_gain(self, const double* pcb, double pb0, double pb1,
                           const double* log_pcb, double ent_before, double known_rate,
                           double known) noexcept nogil:
        # info_gain of the two bags pcb (and pb0, pb1), given x log2 x of the counts
        # (log_pcb) or not (NULL).
        cdef int c, C = self.n_classes
        cdef double s = 0.0, numerator
        for c in range(C):  # new_ent, summed as there
            s += log_pcb[c] if log_pcb != NULL else log_func(pcb[c])
        s -= log_func(pb0)
        for c in range(C, 2 * C):
            s += log_pcb[c] if log_pcb != NULL else log_func(pcb[c])
        s -= log_func(pb1)
        numerator = (ent_before - (-s)) * known_rate
        if eq(numerator, 0.0):
            return 0.0
        return numerator / known

    cdef void split_dist(self, Dist& d, const int* sc, const double* sw, int split_index,
                         int n_known, bint integral) noexcept nogil:
        # The distribution of a numeric split, summed afresh in sorted order, as
        # dist_add of each instance makes it; d.pc and d.total already hold the known
        # weights (the same sums). With whole weights, one bag is the other's rest.
        cdef int C = self.n_classes, i, c, head = split_index + 1
        cdef double* pcb = pcb_of(d)
        cdef double sum_ = 0.0
        cdef int bag = 0, start = 0, stop = head
        for c in range(2 * C):
            pcb[c] = 0.0
        if integral and head > n_known - head:
            bag, start, stop = 1, head, n_known
        for i in range(start, stop):
            pcb[bag * C + sc[i]] += sw[i]
            sum_ += sw[i]
        pb_of(d)[bag] = sum_
        if integral:
            for c in range(C):
                pcb[(1 - bag) * C + c] = pc_of(d)[c] - pcb[bag * C + c]
            pb_of(d)[1 - bag] = d.total - sum_
            return
        sum_ = 0.0
        for i in range(head, n_known):
            pcb[C + sc[i]] += sw[i]
            sum_ += sw[i]
        pb_of(d)[1] = sum_

    cdef double actual_split_point(self, int a, double split) noexcept nogil:
        # C45Split.setSplitPoint: the largest value of the whole training set not above
        # the threshold (C4.5 tests "<= a seen value"), found in the root's sorted
        # values. Weka scans the values in the data's order and keeps one only if it
        # exceeds the best so far by more than 1e-6; when the largest such value is
        # within 1e-6 of the next smaller one (or is 0, whose sign the scan picks), that
        # scan is what decides, and we run it.
        cdef int t = self.slot[a]
        cdef int lo = self.all_off[t], hi = self.all_off[t + 1], first, top, mid
        cdef const double* vals = self.all_val.data()
        cdef double best = -DBL_MAX, v
        cdef Py_ssize_t k
        first = lo  # the first value not below the threshold (by Weka's test)
        top = hi
        while first < top:
            mid = (first + top) // 2
            if sm_or_eq(vals[mid], split):
                first = mid + 1
            else:
                top = mid
        if first > lo:
            v = vals[first - 1]
            if v != 0 and -1e300 < v < 1e300:
                top = first - 1  # the first copy of v
                k = lo
                while k < top:
                    mid = (k + top) // 2
                    if vals[mid] < v:
                        k = mid + 1
                    else:
                        top = mid
                if top == lo or gr(v, vals[top - 1]):
                    return v
        for k in range(self.n_all):
            v = self.value(a, k)
            if not isnan(v) and gr(v, best) and sm_or_eq(v, split):
                best = v
        return best

    cdef int select(self, Part& p, double total) noexcept nogil:
        # C45ModelSelection.selectModel: the best gain ratio among the splits whose
        # gain is at least the average gain; -1 for a leaf.
        cdef int a, n_valid = 0, best_att = -1
        cdef double average = 0.0, best_ratio = 0.0
        self.node_ent = old_ent(p.here, self.n_classes)
        self.nominal_dists(p)
        for a in range(self.n_atts):
            self.cand_valid[a] = False
            self.cand_gain[a] = 0.0
            self.cand_ratio[a] = 0.0
            if self.n_values[a] == 0:
                self.eval_numeric(a, p, total)
            elif self.binary:
                self.eval_binary(a, p, total)
            else:
                self.eval_nominal(a, p, total)
            if self.cand_valid[a] and self.in_average[a]:
                average += self.cand_gain[a]
                n_valid += 1
        if n_valid == 0:
            return -1
        average /= n_valid
        for a in range(self.n_atts):
            if (self.cand_valid[a] and self.cand_gain[a] >= average - 1e-3
                    and gr(self.cand_ratio[a], best_ratio)):
                best_att = a
                best_ratio = self.cand_ratio[a]
        if eq(best_ratio, 0.0):
            return -1
        return best_att

    cdef int new_node(self) noexcept nogil:
        self.nodes.resize(self.nodes.size() + 1)
        return self.nodes.size() - 1

    cdef void grow(self, int node, Part& p) noexcept nogil:
        cdef int att, kind, j, son
        cdef double split = 0.0
        cdef vector[Part] sons
        att = -1
        if not self.stops(p.here):
            att = self.select(p, p.here.total)
        if att < 0:
            self.nodes[node].kind = LEAF
            self.nodes[node].att = -1
            self.nodes[node].leaf = True
            self.nodes[node].empty = eq(p.here.total, 0.0)
            swap_dist(self.nodes[node].dist, p.here)
            if self.raising:
                self.nodes[node].rows.swap(p.inst)
                self.nodes[node].w.swap(p.w)
            return
        if self.n_values[att] == 0:
            kind = NUMERIC
        elif self.binary:
            kind = BINARY
        else:
            kind = MULTIWAY
        split = self.cand_split[att]
        self.nodes[node].dist = self.cand[att]
        self.add_unknown(self.nodes[node].dist, att, p.inst.data(), p.w.data(), p.inst.size())
        if kind == NUMERIC:
            split = self.actual_split_point(att, split)
        self.nodes[node].kind = kind
        self.nodes[node].att = att
        self.nodes[node].split = split
        self.nodes[node].leaf = False
        self.nodes[node].empty = False
        self.split_part(kind, att, split, self.nodes[node].dist, p, sons)
        if self.raising:
            self.nodes[node].rows.swap(p.inst)
            self.nodes[node].w.swap(p.w)
        release(p)
        self.nodes[node].sons.reserve(sons.size())
        for j in range(<int> sons.size()):
            son = self.new_node()  # may move the nodes: not inside the next line
            self.nodes[node].sons.push_back(son)
        for j in range(<int> sons.size()):
            self.grow(self.nodes[node].sons[j], sons[j])
            release(sons[j])

    # -------------------------------------------------------- collapse, prune

    cdef void make_leaf(self, int node) noexcept nogil:
        self.nodes[node].leaf = True
        self.nodes[node].kind = LEAF
        self.nodes[node].att = -1
        self.nodes[node].sons.clear()

    cdef double training_errors(self, int node) noexcept nogil:
        # The subtree's training errors, summed as getTrainingErrors sums them, kept
        # for every node (collapsing a subtree leaves the others' unchanged).
        cdef double e = 0.0
        cdef size_t i
        if self.nodes[node].leaf:
            e = num_incorrect(self.nodes[node].dist, self.n_classes)
        else:
            for i in range(self.nodes[node].sons.size()):
                e += self.training_errors(self.nodes[node].sons[i])
        self.errors[node] = e
        return e

    cdef void collapse(self, int node) noexcept nogil:
        # C45PruneableClassifierTree.collapse, top-down: a subtree that makes no fewer
        # training errors than its root as a leaf is replaced by that leaf.
        self.errors.resize(self.nodes.size())
        self.training_errors(node)
        self.collapse_known(node)

    cdef void collapse_known(self, int node) noexcept nogil:
        cdef size_t i
        if self.nodes[node].leaf:
            return
        if self.errors[node] >= num_incorrect(self.nodes[node].dist, self.n_classes) - 1e-3:
            self.make_leaf(node)
            return
        for i in range(self.nodes[node].sons.size()):
            self.collapse_known(self.nodes[node].sons[i])

    cdef double estimated_errors(self, Dist& d) noexcept nogil:
        cdef double e
        if eq(d.total, 0.0):
            return 0.0
        e = num_incorrect(d, self.n_classes)
        return e + add_errs(d.total, e, self.cf, self.z)

    cdef double estimated_tree_errors(self, int node) noexcept nogil:
        cdef double e = 0.0
        cdef size_t i
        if self.nodes[node].leaf:
            return self.estimated_errors(self.nodes[node].dist)
        for i in range(self.nodes[node].sons.size()):
            e += self.estimated_tree_errors(self.nodes[node].sons[i])
        return e

    cdef double estimated_branch_errors(self, int node, const int* rows, const double* w,
                                        int n, int depth) noexcept nogil:
        # getEstimatedErrorsForBranch: the subtree's estimated errors on other data
        # (its parent's), for deciding whether to raise it.
        cdef Level* L = &self.levels[depth]
        cdef double e = 0.0
        cdef int j, lo, hi
        self.reset_dist(L.d, node, rows, w, n)
        if self.nodes[node].leaf:
            return self.estimated_errors(L.d)
        self.split_level(node, L[0], rows, w, n)
        for j in range(<int> self.nodes[node].sons.size()):
            L = &self.levels[depth]
            lo = L.start[j]
            hi = L.start[j + 1]
            e += self.estimated_branch_errors(self.nodes[node].sons[j], L.rows.data() + lo,
                                              L.w.data() + lo, hi - lo, depth + 1)
        return e

    cdef void redistribute(self, int node, const int* rows, const double* w, int n,
                           int depth) noexcept nogil:
        # newDistribution: a raised subtree takes over its new root's data.
        cdef Level* L = &self.levels[depth]
        cdef int j, lo, hi
        self.reset_dist(L.d, node, rows, w, n)
        self.nodes[node].dist = L.d
        self.nodes[node].rows.assign(rows, rows + n)
        self.nodes[node].w.assign(w, w + n)
        if not self.nodes[node].leaf:
            self.split_level(node, L[0], rows, w, n)
            for j in range(<int> self.nodes[node].sons.size()):
                L = &self.levels[depth]
                lo = L.start[j]
                hi = L.start[j + 1]
                self.redistribute(self.nodes[node].sons[j], L.rows.data() + lo,
                                  L.w.data() + lo, hi - lo, depth + 1)
        elif not eq(L.d.total, 0.0):
            self.nodes[node].empty = False

    cdef int tree_depth(self, int node) noexcept nogil:
        cdef int j, deepest = 0
        if self.nodes[node].leaf:
            return 0
        for j in range(<int> self.nodes[node].sons.size()):
            deepest = max(deepest, self.tree_depth(self.nodes[node].sons[j]))
        return deepest + 1

    cdef void prune(self, int node) noexcept nogil:
        # C45PruneableClassifierTree.prune: error-based pruning with subtree raising.
        cdef size_t i
        cdef int largest, big
        cdef double e_largest, e_leaf, e_tree
        while not self.nodes[node].leaf:
            for i in range(self.nodes[node].sons.size()):
                self.prune(self.nodes[node].sons[i])
            largest = max_bag(self.nodes[node].dist)
            big = self.nodes[node].sons[largest]
            if self.raising:
                e_largest = self.estimated_branch_errors(
                    big, self.nodes[node].rows.data(), self.nodes[node].w.data(),
                    self.nodes[node].rows.size(), 0
                )
            else:
                e_largest = DBL_MAX
            e_leaf = self.estimated_errors(self.nodes[node].dist)
            e_tree = self.estimated_tree_errors(node)
            if sm_or_eq(e_leaf, e_tree + 0.1) and sm_or_eq(e_leaf, e_largest + 0.1):
                self.make_leaf(node)
                return
            if not sm_or_eq(e_largest, e_tree + 0.1):
                return
            self.nodes[node].kind = self.nodes[big].kind
            self.nodes[node].att = self.nodes[big].att
            self.nodes[node].split = self.nodes[big].split
            self.nodes[node].leaf = self.nodes[big].leaf
            self.nodes[node].sons = self.nodes[big].sons
            self.nodes[node].dist = self.nodes[big].dist
            self.raised_rows.swap(self.nodes[node].rows)  # redistribute writes them back
            self.raised_w.swap(self.nodes[node].w)
            self.redistribute(node, self.raised_rows.data(), self.raised_w.data(),
                              self.raised_rows.size(), 0)

    # ------------------------------------------------------------------ export

    cdef object run(self, bint collapse, bint prune):
        # Grow (then collapse, prune) the tree; return it as flat arrays.
        cdef Part part
        cdef int root
        self.nodes.reserve(64)
        root = self.new_node()
        with nogil:
            self.make_root(part)
            self.grow(root, part)
            release(part)
            if collapse:
                self.collapse(root)
            if prune:
                self.levels.resize(self.tree_depth(root) + 2)
                self.prune(root)
        return self.export(root)

    cdef object export(self, int root):
        # Pre-order numbering of the nodes still in the tree; each node's sons are
        # consecutive "edges" that carry the share of weight a missing value sends
        # down them and the class distribution used when the son saw no data.
        cdef vector[int] stack, order, new_id
        cdef int node, j, son, c, C = self.n_classes
        cdef Py_ssize_t i, n, e, n_edges = 0
        cdef double total
        cdef Node* nd
        cdef Py_buffer views[11]
        cdef int n_views = 0
        cdef int* kind
        cdef int* att
        cdef int* first
        cdef int* sons
        cdef int* depth
        cdef double* split
        cdef double* share
        cdef unsigned char* empty
        cdef double* counts
        cdef double* proba
        cdef double* son_proba
        stack.push_back(root)
        while stack.size():
            node = stack.back()
            stack.pop_back()
            order.push_back(node)
            if not self.nodes[node].leaf:
                n_edges += self.nodes[node].sons.size()
                for j in range(<int> self.nodes[node].sons.size() - 1, -1, -1):
                    stack.push_back(self.nodes[node].sons[j])
        n = order.size()
        new_id.assign(self.nodes.size(), -1)
        for i in range(n):
            new_id[order[i]] = i
        out = {  # (every node sets its feature, -1 for a leaf)
            "kind": np.zeros(n, np.int32),
            "feature": np.empty(n, np.int32),
            "threshold": np.zeros(n, np.float64),
            "empty": np.zeros(n, np.uint8),
            "first_son": np.zeros(n + 1, np.int32),
            "son": np.zeros(n_edges, np.int32),
            "son_share": np.zeros(n_edges, np.float64),
            "son_proba": np.zeros((n_edges, C), np.float64),
            "counts": np.zeros((n, C), np.float64),
            "proba": np.zeros((n, C), np.float64),
            "depth": np.zeros(n, np.int32),
        }
        try:  # the arrays' buffers (typed memoryviews cost more than small trees)
            for key in out:
                PyObject_GetBuffer(out[key], &views[n_views], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE)
                n_views += 1
            kind = <int*> views[0].buf
            att = <int*> views[1].buf
            split = <double*> views[2].buf
            empty = <unsigned char*> views[3].buf
            first = <int*> views[4].buf
            sons = <int*> views[5].buf
            share = <double*> views[6].buf
            son_proba = <double*> views[7].buf
            counts = <double*> views[8].buf
            proba = <double*> views[9].buf
            depth = <int*> views[10].buf
            e = 0
            for i in range(n):
                nd = &self.nodes[order[i]]
                kind[i] = nd.kind
                att[i] = nd.att
                split[i] = nd.split
                empty[i] = nd.empty
                total = nd.dist.total
                for c in range(C):
                    counts[i * C + c] = pc_of(nd.dist)[c]
                    proba[i * C + c] = 0.0 if eq(total, 0.0) else pc_of(nd.dist)[c] / total
                first[i] = e
                if not nd.leaf:
                    for j in range(<int> nd.sons.size()):
                        son = new_id[nd.sons[j]]
                        sons[e] = son
                        depth[son] = depth[i] + 1
                        share[e] = pb_of(nd.dist)[j] / total
                        self._bag_proba(nd.dist, j, son_proba + e * C)
                        e += 1
            first[n] = e
        finally:
            for i in range(n_views):
                PyBuffer_Release(&views[i])
        return out

    cdef void _bag_proba(self, Dist& d, int bag, double* out) noexcept nogil:
        # C45Split.classProb for a known value whose son is empty: the bag's class
        # frequencies, or the node's when the bag holds nothing.
        cdef int c, C = self.n_classes
        if gr(pb_of(d)[bag], 0.0):
            for c in range(C):
                out[c] = pcb_of(d)[bag * C + c] / pb_of(d)[bag]
        elif not eq(d.total, 0.0):
            for c in range(C):
                out[c] = pc_of(d)[c] / d.total


def grow_tree(const double[:, ::1] X, const int[::1] n_values, const int[::1] y,
              const double[::1] weight, const int[::1] rows, int n_classes, *,
              double min_obj=2, double cf=0.25, double z=0.6744897501960817,
              bint binary=False, bint collapse=True, bint prune=True, bint raising=True):
    """Grow a J48 tree on ``rows`` of the encoded data and return it as flat arrays.

    Parameters
    ----------
    X : ndarray of float64, shape (n_samples, n_features), C-contiguous
        Numeric values, and nominal value codes as floats; NaN is missing.
    n_values : ndarray of int32, shape (n_features,)
        Number of values of each nominal attribute; 0 for a numeric one.
    y : ndarray of int32, shape (n_samples,)
        Class codes in ``[0, n_classes)``.
    weight : ndarray of float64, shape (n_samples,)
        Instance weights.
    rows : ndarray of int32
        The training instances, in order; a row may appear more than once.
    n_classes : int
    min_obj, cf, z : float
        Weka's ``-M``, ``-C`` and the normal quantile of ``1 - cf``.
    binary, collapse, prune, raising : bool
        Binary nominal splits (``-B``), collapsing, pruning (not ``-U``), subtree
        raising (not ``-S``).
    """
    cdef _Builder builder = _Builder.__new__(_Builder)
    builder.setup(X, n_values, y, weight, rows, n_classes, min_obj, cf, z, binary,
                       raising and prune)
    return builder.run(collapse, prune)


cdef struct FlatTree:
    # tree_probs' view of grow_tree's arrays.
    const int* kind
    const int* att
    const double* split
    const unsigned char* empty
    const int* first
    const int* son
    const double* share
    const double* son_proba
    const double* proba
    int n_nodes
    int n_classes


cdef void _add_probs(FlatTree& t, const double* x, int node, double weight,
                     double* out) noexcept nogil:
    # ClassifierTree.getProbs: a missing value sends the instance down every non-empty
    # branch with the branch's share of the weight.
    cdef int k, bag, e, c, C = t.n_classes
    cdef double v
    while True:
        k = t.kind[node]
        if k == LEAF:
            for c in range(C):
                out[c] += weight * t.proba[node * C + c]
            return
        v = x[t.att[node]]
        if isnan(v):
            for e in range(t.first[node], t.first[node + 1]):
                if not t.empty[t.son[e]]:
                    _add_probs(t, x, t.son[e], weight * t.share[e], out)
            return
        if k == NUMERIC:
            bag = not sm_or_eq(v, t.split[node])
        elif k == BINARY:
            bag = <int> t.split[node] != <int> v
        else:
            bag = <int> v
        e = t.first[node] + bag
        if t.empty[t.son[e]]:
            for c in range(C):
                out[c] += weight * t.son_proba[e * C + c]
            return
        node = t.son[e]


cdef struct Step:
    # A node's test as a step of a walk down the tree.
    double split
    int att
    int kind
    int first


DEF BLOCK = 16  # instances walked side by side, whose steps the CPU overlaps


cdef void _walk(FlatTree& t, const double* X, Py_ssize_t n, Py_ssize_t n_atts,
                double* out) noexcept nogil:
    # _add_probs of every instance, BLOCK instances side by side: each lane walks one
    # instance and, at its leaf, takes the next. An instance that meets a missing value
    # starts again from the root in _add_probs, which splits its weight; the others
    # keep the weight 1 to their leaf, so the sums are the same. An empty son is a
    # leaf of its own here.
    cdef int n_nodes = t.n_nodes, n_edges = t.first[n_nodes], C = t.n_classes
    cdef int node, e, c, b, bag, lanes, active
    cdef Py_ssize_t i, queued
    cdef vector[Step] steps
    cdef vector[int] next_
    cdef vector[double] leaf_proba
    cdef int at[BLOCK]
    cdef Py_ssize_t row[BLOCK]
    cdef const double* x[BLOCK]
    cdef const Step* st
    cdef const double* p
    cdef double v
    steps.resize(n_nodes)
    next_.resize(n_edges)
    leaf_proba.resize(<size_t> (n_nodes + n_edges) * C)
    memcpy(leaf_proba.data(), t.proba, <size_t> n_nodes * C * sizeof(double))
    for node in range(n_nodes):
        steps[node].kind = t.kind[node]
        steps[node].att = t.att[node]
        steps[node].split = t.split[node]
        steps[node].first = t.first[node]
    for e in range(n_edges):  # an inner son, or ~(the leaf whose probabilities count)
        next_[e] = t.son[e]
        if t.empty[t.son[e]]:
            next_[e] = ~(n_nodes + e)
            memcpy(&leaf_proba[(n_nodes + e) * C], &t.son_proba[e * C], C * sizeof(double))
        elif t.kind[t.son[e]] == LEAF:
            next_[e] = ~t.son[e]
    if t.kind[0] == LEAF:
        for i in range(n):
            for c in range(C):
                out[i * C + c] += 1.0 * leaf_proba[c]
        return
    lanes = <int> min(<Py_ssize_t> BLOCK, n)
    for b in range(lanes):
        row[b] = b
        x[b] = X + b * n_atts
        at[b] = 0
    queued = lanes
    active = lanes
    while active:
        for b in range(lanes):
            if at[b] < 0:
                continue
            st = &steps[at[b]]
            v = x[b][st.att]
            if isnan(v):
                _add_probs(t, x[b], 0, 1.0, out + row[b] * C)
                node = -1
            else:
                if st.kind == NUMERIC:
                    bag = not sm_or_eq(v, st.split)
                elif st.kind == BINARY:
                    bag = <int> st.split != <int> v
                else:
                    bag = <int> v
                node = next_[st.first + bag]
                if node >= 0:
                    at[b] = node
                    continue
                p = &leaf_proba[(~node) * C]
                for c in range(C):
                    out[row[b] * C + c] += 1.0 * p[c]
            if queued < n:  # the lane takes the next instance
                row[b] = queued
                x[b] = X + queued * n_atts
                at[b] = 0
                queued += 1
            else:
                at[b] = -1
                active -= 1


cdef int _acquire(Py_buffer* view, object array, str name, char code, Py_ssize_t itemsize,
                  int ndim) except -1:
    # The C-contiguous buffer of one of grow_tree's arrays, checked: a typed memoryview
    # costs as much as walking a few hundred instances.
    cdef const char* f
    PyObject_GetBuffer(array, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
    f = view.format
    if f != NULL and (f[0] == b'@' or f[0] == b'='):
        f += 1
    if (view.ndim != ndim or view.itemsize != itemsize or f == NULL or f[1] != 0
            or not (f[0] == code or (code == b'i' and f[0] == b'l'))):
        PyBuffer_Release(view)
        raise ValueError(f"tree[{name!r}] is not as grow_tree makes it")
    return 0


def tree_probs(dict tree, const double[:, ::1] X):
    """Weka's ``distributionForInstance`` of every row of ``X`` (not renormalised)."""
    cdef Py_buffer views[10]
    cdef int n_views = 0
    cdef FlatTree t
    cdef Py_ssize_t i, n = X.shape[0]
    cdef double* out
    try:
        _acquire(&views[0], tree["kind"], "kind", b'i', 4, 1)
        n_views += 1
        _acquire(&views[1], tree["feature"], "feature", b'i', 4, 1)
        n_views += 1
        _acquire(&views[2], tree["threshold"], "threshold", b'd', 8, 1)
        n_views += 1
        _acquire(&views[3], tree["empty"], "empty", b'B', 1, 1)
        n_views += 1
        _acquire(&views[4], tree["first_son"], "first_son", b'i', 4, 1)
        n_views += 1
        _acquire(&views[5], tree["son"], "son", b'i', 4, 1)
        n_views += 1
        _acquire(&views[6], tree["son_share"], "son_share", b'd', 8, 1)
        n_views += 1
        _acquire(&views[7], tree["son_proba"], "son_proba", b'd', 8, 2)
        n_views += 1
        _acquire(&views[8], tree["proba"], "proba", b'd', 8, 2)
        n_views += 1
        t.kind = <const int*> views[0].buf
        t.att = <const int*> views[1].buf
        t.split = <const double*> views[2].buf
        t.empty = <const unsigned char*> views[3].buf
        t.first = <const int*> views[4].buf
        t.son = <const int*> views[5].buf
        t.share = <const double*> views[6].buf
        t.son_proba = <const double*> views[7].buf
        t.proba = <const double*> views[8].buf
        t.n_nodes = views[0].shape[0]
        t.n_classes = views[8].shape[1]
        out_arr = np.zeros((n, t.n_classes), dtype=np.float64)
        if n == 0:
            return out_arr
        PyObject_GetBuffer(out_arr, &views[9], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE)
        n_views += 1
        out = <double*> views[9].buf
        with nogil:
            # Walking instances side by side pays when they are many for the tree.
            if n < 4 * BLOCK or 4 * n < t.n_nodes:
                for i in range(n):
                    _add_probs(t, &X[i, 0], 0, 1.0, out + i * t.n_classes)
            else:
                _walk(t, &X[0, 0], n, X.shape[1], out)
        return out_arr
    finally:
        for i in range(n_views):
            PyBuffer_Release(&views[i])


def weka_argmax(const double[:, ::1] probs):
    """ClassifierTree.classifyInstance: the first class ahead of all before it by > 1e-6."""
    out_arr = np.zeros(probs.shape[0], dtype=np.intp)
    cdef Py_ssize_t[::1] out = out_arr
    cdef Py_ssize_t i, c
    cdef double best
    with nogil:
        for i in range(probs.shape[0]):
            best = -1.0
            for c in range(probs.shape[1]):
                if gr(probs[i, c], best):
                    best = probs[i, c]
                    out[i] = c
    return out_arr
