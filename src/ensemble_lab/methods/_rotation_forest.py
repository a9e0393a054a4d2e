"""Rotation Forest (Rodríguez, Kuncheva & Alonso, IEEE TPAMI 2006), as Weka 3.6 builds it.

The oracle paper (Kuncheva & Rodríguez) ran Weka's ``RotationForest`` with J48 members.
This module follows that implementation step by step, with Weka's own random draws for
a seed (``Instances.getRandomNumberGenerator``) and Weka's floating-point arithmetic
(sequential sums, JAMA's symmetric eigensolver, Weka's quicksort of the eigenvalues),
so that the same training data and seed give the same groups, samples, projections and
trees. The building blocks:

* :class:`WekaFilters` — ``RemoveUseless`` then ``Normalize`` on the training data;
* :func:`attribute_groups`, :func:`pca_sample` — the random choices of one member;
* :class:`GroupPCA` — ``weka.filters.unsupervised.attribute.PrincipalComponents``
  (missing values, nominal-to-binary, correlation PCA) on one group;
* :class:`MemberRotation` — a member's groups and their projections.

JAMA's eigensolver and Weka's sort of the eigenvalues are in :mod:`._weka_eigen`.
"""

from __future__ import annotations

import copy
import math
from functools import lru_cache
from numbers import Integral, Real

import numpy as np
from joblib import Parallel, delayed
from sklearn.base import clone

from ..encoding import (
    EncodedData,
    MixedCodes,
    TestData,
    encode_test,
    fit_member,
    member_distribution,
)
from ..utils import (
    HasMethods,
    Interval,
    JavaRandom,
    check_is_fitted,
    fit_context,
    java_seed,
    random_number_generator,
    seed_random_states,
    shuffled,
    sklearn_seed,
    takes_seed,
)
from ._ensemble import WekaEnsemble
from ._weka_eigen import _diagonalise as _diagonalise
from ._weka_eigen import _sequential_sum, _weka_sort, symmetric_eigen
from ._weka_eigen import _tridiagonalise as _tridiagonalise

__all__ = [
    "GroupPCA",
    "MemberRotation",
    "RotationForestClassifier",
    "WekaFilters",
    "attribute_groups",
    "pca_sample",
    "symmetric_eigen",
]

#: Instances ``RotationForest.addRandomInstances`` appends to a group it cannot project.
_RANDOM_INSTANCES = 10


class WekaFilters:
    """``RemoveUseless`` then ``Normalize``, learned on the training data.

    An attribute is useless when all its values are missing, when it has fewer than two
    distinct values, or (nominal) when more than 99 % of its non-missing values are
    distinct. Numeric attributes are then scaled to [0, 1] by the training minimum and
    maximum; nominal ones keep their codes, missing values stay missing.

    Parameters
    ----------
    codes : MixedCodes
        Encoding of the input (to transform raw ``X``).
    kept : ndarray of int
        Input columns kept.
    n_values : ndarray of int32
        Number of values of each kept column (0 for numeric).
    minimum, spread : ndarray
        Minimum and ``max - min`` of each kept column (unused for nominal ones).
    """

    def __init__(self, codes, kept, n_values, minimum, spread):
        self.codes = codes
        self.kept = kept
        self.n_values = n_values
        self.minimum = minimum
        self.spread = spread

    @classmethod
    def fit(cls, data: EncodedData) -> WekaFilters:
        """Learn the filters from encoded training data."""
        kept = np.flatnonzero(_useful(data.X, data.n_values))
        X = data.X[:, kept]
        numeric = data.n_values[kept] == 0
        with np.errstate(invalid="ignore"):
            minimum = np.where(numeric, np.nanmin(X, axis=0, initial=np.inf), 0.0)
            spread = np.where(numeric, np.nanmax(X, axis=0, initial=-np.inf) - minimum, 1.0)
        return cls(data.codes, kept, data.n_values[kept], minimum, spread)

    def encoded(self, X: np.ndarray) -> np.ndarray:
        """Filter an encoded matrix (rows of ``EncodedData.X`` or ``TestData.X``)."""
        Z = X[:, self.kept]
        numeric = self.n_values == 0
        Z[:, numeric] = (Z[:, numeric] - self.minimum[numeric]) / self.spread[numeric]
        return Z

    def transform(self, X) -> np.ndarray:
        """Encode raw ``X`` (a DataFrame or array, as given to ``fit``) and filter it."""
        return self.encoded(self.codes.matrix(X))


def _useful(X: np.ndarray, n_values: np.ndarray) -> np.ndarray:
    """``RemoveUseless``: which columns vary and, if nominal, repeat a value.

    A nominal column repeats a value when no more than 99 % of its non-missing values are
    distinct.
    """
    present = X.shape[0] - np.isnan(X).sum(axis=0)
    ordered = np.sort(X, axis=0)  # missing values last
    steps = (ordered[1:] != ordered[:-1]) & ~np.isnan(ordered[1:])
    distinct = (present > 0) + steps.sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        repeats = (n_values == 0) | (distinct / present * 100.0 <= 99.0)
    return (distinct >= 2) & repeats


def attribute_groups(random: JavaRandom, n_attributes: int, smallest: int, largest: int):
    """One member's groups of attributes (``generateGroupsFromSizes``).

    The attributes are permuted; group sizes are drawn uniformly in
    ``[smallest, largest]`` until they cover all attributes; groups are filled in the
    order of their sizes, smallest first, and the last one is completed with attributes
    drawn at random (which may repeat).
    """
    order = shuffled(random, n_attributes)
    counts = [0] * (largest - smallest + 1)
    covered = 0
    while covered < n_attributes:
        k = random.next_int_below(len(counts))
        counts[k] += 1
        covered += smallest + k
    groups, position = [], 0
    for k, count in enumerate(counts):
        for _ in range(count):
            group = []
            for _ in range(smallest + k):
                reuse = position >= n_attributes
                group.append(order[random.next_int_below(n_attributes) if reuse else position])
                position += 1
            groups.append(np.asarray(group, dtype=np.intp))
    return groups


def pca_sample(random: JavaRandom, class_rows: list[np.ndarray], removed_percentage: float):
    """Rows a group's PCA is computed on.

    A non-empty random subset of the classes (each class with probability 1/2, one at
    random if none was chosen), their instances shuffled twice, and the first
    ``round(n * removed_percentage / 100)`` of them removed, unless fewer than two would
    remain.
    """
    chosen = [random.next_int() < 0 for _ in class_rows]  # nextBoolean(): next(1) != 0
    if not any(chosen):
        chosen[random.next_int_below(len(class_rows))] = True
    rows = np.concatenate([r for r, c in zip(class_rows, chosen) if c])
    rows = rows[shuffled(random, rows.size)]
    rows = rows[shuffled(random, rows.size)]
    kept = rows[math.floor(rows.size * removed_percentage / 100.0 + 0.5) :]
    return kept if kept.size >= 2 else rows


class GroupPCA:
    """Weka's ``PrincipalComponents`` filter fitted on one group of attributes.

    Missing values are replaced by the sample's means and modes, nominal attributes of
    more than two values become one 0/1 column per value, columns with a single value
    are dropped, and the rest are standardised and projected on the eigenvectors of
    their correlation matrix, largest eigenvalue first, until ``variance_covered`` of
    the total is reached.

    Attributes
    ----------
    attributes : ndarray of int
        The group (columns of the filtered data; may repeat).
    source, value : ndarray of int
        For each retained binary column, its attribute (position in the group) and the
        value it indicates (-1: the attribute's own value).
    fill : ndarray
        Replacement of a missing value, per retained column (its attribute's).
    mean, scale : ndarray
        Standardisation of the retained columns (scale 1 where the deviation is 0).
    axes : ndarray of shape (n_retained, n_components)
        The principal axes kept.
    """

    def __init__(self, attributes, source, value, fill, mean, scale, axes):
        self.attributes = attributes
        self.source = source
        self.value = value
        self.fill = fill
        self.mean = mean
        self.scale = scale
        self.axes = axes

    @classmethod
    def fit(cls, block: np.ndarray, attributes, n_values, variance_covered: float):
        """Fit on ``block`` (sample rows × group attributes).

        None if no column varies (where Weka's filter throws).
        """
        if block.shape[0] == 0:
            return None
        fill = _means_and_modes(block, n_values)
        source, value = _binary_columns(tuple(n_values.tolist()))
        binary = _binarised(block, source, value, fill[source])
        varies = binary.max(axis=0) > binary.min(axis=0)
        if not varies.all():
            if not varies.any():
                return None
            source, value, binary = source[varies], value[varies], binary.compress(varies, 1)
        n = binary.shape[0]
        total = _sequential_sum(binary)
        mean = total / n
        centred = binary - mean
        products = _sequential_sum(centred[:, :, None] * centred[:, None, :])
        eigenvalues, vectors = symmetric_eigen(_correlation(products))
        scale = np.sqrt(_variance(total, _sequential_sum(binary * binary), n))
        components = _leading_components(eigenvalues, variance_covered)
        axes = vectors[:, components]
        scale[scale == 0] = 1.0  # Standardize only centres a column without deviation
        return cls(attributes, source, value, fill[source], mean, scale, axes)

    def transform(self, Z: np.ndarray) -> np.ndarray:
        """Principal components of the rows of ``Z`` (the filtered data)."""
        binary = _binarised(Z[:, self.attributes], self.source, self.value, self.fill)
        standard = (binary - self.mean) / self.scale
        out = np.zeros((Z.shape[0], self.axes.shape[1]))
        for k in range(self.axes.shape[0]):  # Weka's order of summation, term by term
            out += standard[:, k, None] * self.axes[k]
        return out


def _means_and_modes(block: np.ndarray, n_values: np.ndarray) -> np.ndarray:
    """``ReplaceMissingValues``: mean of each numeric column, first mode of each nominal one.

    0 for a column whose values are all missing.
    """
    fill = np.zeros(block.shape[1])
    numeric = n_values == 0
    if numeric.any():
        values = block if numeric.all() else block.compress(numeric, axis=1)
        missing = np.isnan(values)
        if missing.any():
            present = values.shape[0] - missing.sum(axis=0)
            sums = _sequential_sum(np.where(missing, 0.0, values))
            fill[numeric] = np.divide(sums, present, out=np.zeros(sums.shape), where=present > 0)
        else:
            fill[numeric] = _sequential_sum(values) / values.shape[0]
    if not numeric.all():
        # every value of every column counted at once (a missing value equals none)
        counts = (block[:, :, None] == np.arange(n_values.max())).sum(axis=0)
        fill = np.where(numeric, fill, counts.argmax(axis=1))  # first of equal counts
    return fill


@lru_cache(maxsize=1024)
def _binary_columns(n_values: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """``NominalToBinary``: the binary columns of the attributes.

    A nominal attribute of more than two values becomes one indicator per value; any
    other attribute stays one column. Returns, per binary column, its attribute
    (position in ``n_values``) and its value (-1: the attribute's own value).
    """
    source = [np.full(v if v > 2 else 1, j) for j, v in enumerate(n_values)]
    value = [np.arange(v) if v > 2 else [-1] for v in n_values]
    return np.concatenate(source).astype(np.intp), np.concatenate(value).astype(np.intp)


def _binarised(block, source, value, fill) -> np.ndarray:
    """The binary columns ``(source, value)`` of ``block``, missing values filled."""
    columns = block.take(source, axis=1)  # C-contiguous, so sums go row by row
    missing = np.isnan(columns)
    if missing.any():
        columns = np.where(missing, fill, columns)
    indicators = value >= 0
    if indicators.any():
        columns = np.where(indicators, columns == value, columns)
    return columns


def _correlation(products: np.ndarray) -> list[list[float]]:
    """``Utils.correlation`` of every pair of columns from their centred cross products.

    1 where a column has no spread.
    """
    diagonal = products.diagonal()
    norms = np.multiply.outer(diagonal, diagonal)
    if diagonal.all():
        corr = products / np.sqrt(np.abs(norms))
    else:
        flat = norms == 0.0
        corr = products / np.sqrt(np.abs(np.where(flat, 1.0, norms)))
        corr[flat] = 1.0
    np.fill_diagonal(corr, 1.0)
    return corr.tolist()


def _variance(total, squares, n: int) -> np.ndarray:
    """``Instances.variance`` from the sum and the sum of squares of unit-weight values."""
    if n <= 1:
        return np.zeros_like(total)
    return np.maximum((squares - total * total / n) / (n - 1), 0.0)


def _leading_components(eigenvalues: list[float], variance_covered: float) -> list[int]:
    """Components by decreasing eigenvalue until their share reaches ``variance_covered``.

    Negative eigenvalues count as 0; the share is of their total (Weka's
    ``determineOutputFormat``).
    """
    values = [0.0 if v < 0 else v for v in eigenvalues]
    total = 0.0
    for v in values:
        total += v
    order = _weka_sort(values)
    chosen, cumulative = [], 0.0
    for i in reversed(order):
        chosen.append(i)
        cumulative += values[i]
        if cumulative / total >= variance_covered:
            break
    return chosen


class MemberRotation:
    """One member's projection: the principal components of each of its groups, side by side.

    ``rotation.transform(Z)`` — or ``Z @ rotation`` — is the member's view of the filtered
    data ``Z`` (see :class:`WekaFilters`).

    The groups are applied together: their binary columns are standardised at once,
    and the components of all groups are summed term by term, each over its own group's
    columns in Weka's order. Components are kept sorted by the width of their group
    (widest first), so those that still have a term to add are a leading block.
    """

    __array_ufunc__ = None  # let ``Z @ rotation`` reach __rmatmul__

    def __init__(self, groups: list[GroupPCA]):
        self.groups = groups
        widths = np.array([pca.axes.shape[0] for pca in groups], dtype=np.intp)
        offsets = np.cumsum([0, *widths])
        self.columns = _concatenate([pca.attributes[pca.source] for pca in groups], np.intp)
        self.value = _concatenate([pca.value for pca in groups], np.intp)
        self.fill = _concatenate([pca.fill for pca in groups], float)
        self.mean = _concatenate([pca.mean for pca in groups], float)
        self.scale = _concatenate([pca.scale for pca in groups], float)
        counts = [pca.axes.shape[1] for pca in groups]
        width = np.repeat(widths, counts)  # of each component's group
        self.order = np.argsort(-width, kind="stable")
        self.inverse = np.argsort(self.order)
        depth = int(widths.max(initial=0))
        self.active = [int(np.count_nonzero(width > t)) for t in range(depth)]
        terms = np.zeros((depth, width.size), dtype=np.intp)
        weights = np.zeros((depth, width.size))
        start = 0
        for pca, offset, k in zip(groups, offsets, counts):
            rows = pca.axes.shape[0]
            terms[:rows, start : start + k] = offset + np.arange(rows)[:, None]
            weights[:rows, start : start + k] = pca.axes
            start += k
        self.terms, self.weights = terms[:, self.order], weights[:, self.order]

    def transform(self, Z: np.ndarray) -> np.ndarray:
        """The member's view of the rows of the filtered data ``Z``."""
        if self.order.size == 0:
            return np.zeros((Z.shape[0], 1))  # Weka's member sees the class alone
        binary = _binarised(Z, self.columns, self.value, self.fill)
        standard = (binary - self.mean) / self.scale
        out = np.zeros((Z.shape[0], self.order.size))
        for terms, weights, k in zip(self.terms, self.weights, self.active):
            out[:, :k] += standard.take(terms[:k], axis=1) * weights[:k]
        return out.take(self.inverse, axis=1)

    def __rmatmul__(self, Z):
        return self.transform(np.asarray(Z, dtype=float))


def _concatenate(arrays: list[np.ndarray], dtype) -> np.ndarray:
    return np.concatenate(arrays).astype(dtype) if arrays else np.zeros(0, dtype=dtype)


def _projected_group(random, Z, n_values, group, class_rows, n_classes, params):
    """The PCA of one group, drawing its sample from ``random``.

    Where the sample cannot be projected, Weka's random instances are drawn from
    ``random`` too.
    """
    removed_percentage, variance_covered = params
    rows = pca_sample(random, class_rows, removed_percentage)
    group_values = n_values[group]
    subset = Z[rows[:, None], group]  # C-contiguous, so sums go row by row
    sample = subset
    while (pca := GroupPCA.fit(sample, group, group_values, variance_covered)) is None:
        # Weka adds random instances to the subset and filters it again; the filter still
        # holds what it was given before, so the sample grows by the whole subset. The
        # instances share one array of values: all are copies of the last one drawn.
        for _ in range(_RANDOM_INSTANCES):
            drawn = [
                random.next_double() if v == 0 else random.next_int_below(int(v))
                for v in group_values
            ]
            random.next_int_below(n_classes)  # its class
        subset = np.vstack([subset, np.tile(drawn, (_RANDOM_INSTANCES, 1))])
        sample = np.vstack([sample, subset])
    return pca


def _numeric_data(view: np.ndarray, data: EncodedData) -> EncodedData:
    """A member's rotated training set: all numeric, same classes and weights."""
    k = view.shape[1]
    codes = MixedCodes(np.zeros(k, dtype=bool), [])
    return EncodedData(
        view, np.zeros(k, dtype=np.int32), data.y, data.classes, data.weight, codes, view
    )


def _fit_member(template, data: EncodedData, Z: np.ndarray, rotation: MemberRotation, seed):
    member = copy.deepcopy(template)  # of an unfitted clone: as clone(), 20 times faster
    if seed is not None:
        seed_random_states(member, sklearn_seed(seed))
    return fit_member(member, _numeric_data(rotation.transform(Z), data))


class RotationForestClassifier(WekaEnsemble):
    """Ensemble of classifiers, each trained on a randomly rotated feature space.

    For each member the attributes are split at random into groups; on each group, PCA
    is computed from a random half of the instances of a random non-empty subset of
    the classes; the member is trained on all the training data projected on the
    principal components of all its groups. Members vote by averaging their class
    distributions. This is Weka 3.6's ``RotationForest`` with
    ``-G g -H g -P 50 -F "PrincipalComponents -R 1.0"``, random choices included: with
    ``random_state=S`` it draws what ``-S S`` draws.

    Parameters
    ----------
    estimator : estimator instance, str or None, default=None
        Base learner (cloned); a preset name of :func:`ensemble_lab.learners.make_learner`;
        None means ``"j48"``.
    n_estimators : int, default=10
        Number of members (Weka's ``-I``).
    group_size : int or tuple of two ints, default=3
        Attributes per group, or the smallest and largest group size between which each
        group's size is drawn (Weka's ``-G`` and ``-H``).
    sample_fraction : float in (0, 1], default=0.5
        Share of the chosen classes' instances each group's PCA is computed on (Weka's
        ``-P`` is the share removed, ``100 * (1 - sample_fraction)``).
    variance_covered : float in (0, 1], default=1.0
        Principal components of a group are kept, largest first, until they explain
        this share of its variance (``PrincipalComponents -R``).
    n_jobs : int or None, default=None
        Members fitted in parallel (threads); results do not depend on it.
    random_state : int, RandomState instance or None, default=None
        Weka's seed ``-S`` when an int; otherwise a seed is drawn from it.

    Attributes
    ----------
    estimator_ : estimator
        The unfitted base learner the members are cloned from: ``estimator`` itself, the
        preset it names, or the preset ``"j48"`` when it is None.
    classes_ : ndarray of shape (n_classes,)
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        When ``X`` has string column names.
    encoder_ : WekaFilters
        The attributes kept and their scaling (``encoder_.transform(X)`` is what the
        rotations act on).
    rotations_ : list of MemberRotation
        Each member's projection (``encoder_.transform(X) @ rotations_[i]`` is member
        ``i``'s input).
    feature_groups_ : list of list of ndarray of int
        Each member's groups, as indices of input columns (the last group may repeat
        columns).
    estimators_ : list of estimators
        The fitted members.
    weka_classes_ : ndarray
        All the classes in Weka's order (a categorical ``y``'s categories, even those
        without training instances), the columns of the summed member distributions.

    Notes
    -----
    Weka's choices, which this class follows (the paper leaves them open):

    * Attributes that cannot help (constant, all missing, nominal and almost all
      distinct) are removed and numeric attributes scaled to [0, 1] on the training data.
      Nominal attributes enter the groups as they are; each group's PCA replaces missing
      values by the sample's means or modes and turns a nominal attribute of more than
      two values into indicators (Weka's ``PrincipalComponents`` filter).
    * The PCA is of the correlation matrix, on a sample without replacement: half of the
      instances of the chosen classes, after shuffling. All components are kept
      (``variance_covered=1.0``) except those past the point where the cumulated
      eigenvalues reach the total, which with rounding can drop null directions.
    * A group whose sample has no varying column gets 10 random instances, as in Weka.
    * Members that take a ``random_state`` are seeded from the same generator, after
      their groups (Weka seeds ``Randomizable`` members so; J48 is not one).
    * Weka ignores instance weights; here ``sample_weight`` goes to the members, and the
      PCA samples count instances (``check_sample_weight_equivalence_on_dense_data``
      is an expected failure for that reason).

    With J48 members and ``random_state=1`` the predictions are those of
    ``RotationForest -S 1`` with J48 in Weka 3.6 on every cross-validation fold of the 40
    shared datasets that ``benchmarks/weka_rotation_forest.py`` runs.

    References
    ----------
    J. J. Rodríguez, L. I. Kuncheva and C. J. Alonso. Rotation forest: a new
    classifier ensemble method. *IEEE Transactions on Pattern Analysis and Machine
    Intelligence*, 28(10):1619–1630, 2006.

    L. I. Kuncheva and J. J. Rodríguez. Classifier ensembles with a random linear
    oracle. *IEEE Transactions on Knowledge and Data Engineering*, 19(4):500–508, 2007.
    doi:10.1109/TKDE.2007.1016.

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.methods import RotationForestClassifier
    >>> X, y = load("iris")
    >>> clf = RotationForestClassifier("j48", n_estimators=5, random_state=0).fit(X, y)
    >>> len(clf.estimators_)
    5
    """

    _expected_failed_checks = {
        "check_sample_weight_equivalence_on_dense_data": (
            "the PCA samples count instances, not weights, and the seed depends on the data"
        ),
    }

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict"]), str, None],
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "group_size": [Interval(Integral, 1, None, closed="left"), tuple],
        "sample_fraction": [Interval(Real, 0.0, 1.0, closed="right")],
        "variance_covered": [Interval(Real, 0.0, 1.0, closed="right")],
        "n_jobs": [Integral, None],
        "random_state": ["random_state"],
    }

    def __init__(
        self,
        estimator=None,
        *,
        n_estimators=10,
        group_size=3,
        sample_fraction=0.5,
        variance_covered=1.0,
        n_jobs=None,
        random_state=None,
    ):
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.group_size = group_size
        self.sample_fraction = sample_fraction
        self.variance_covered = variance_covered
        self.n_jobs = n_jobs
        self.random_state = random_state

    @fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y, sample_weight=None):
        """Build the rotated members.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data (nominal DataFrame columns and NaN accepted).
        y : array-like of shape (n_samples,)
            Class labels; a categorical ``y`` numbers the classes by its categories, as
            Weka does by the declared values.
        sample_weight : array-like of shape (n_samples,), default=None
            Passed to every member.

        Returns
        -------
        self : RotationForestClassifier
        """
        smallest, largest = self._group_sizes()
        data = self._encoded_training(X, y, sample_weight)
        base = clone(self._validate_estimator())
        self.encoder_ = WekaFilters.fit(data)
        Z = self.encoder_.encoded(data.X)
        seed = java_seed(self.random_state)
        random = random_number_generator(seed, data) if data.n_samples else JavaRandom(seed)
        largest = min(largest, data.n_features)  # Weka's checkMinMax
        smallest = min(smallest, data.n_features)
        groups = [
            attribute_groups(random, Z.shape[1], smallest, largest)
            for _ in range(self.n_estimators)
        ]
        # The random choices, one member after the other as Weka makes them; the
        # members are then fitted in any order.
        plans = self._draw_rotations(random, data, Z, groups, takes_seed(base))
        self.estimators_ = Parallel(n_jobs=self.n_jobs, prefer="threads")(
            delayed(_fit_member)(base, data, Z, rotation, member_seed)
            for rotation, member_seed in plans
        )
        self.rotations_ = [rotation for rotation, _ in plans]
        self.feature_groups_ = [[self.encoder_.kept[g] for g in member] for member in groups]
        return self

    def _draw_rotations(self, random, data, Z, groups, seeded):
        """Each member's rotation (and seed, for members that take one)."""
        class_rows = [np.flatnonzero(data.y == c) for c in range(data.n_classes)]
        params = (self._removed_percentage(), float(self.variance_covered))
        n_values = self.encoder_.n_values
        plans = []
        for member_groups in groups:
            pcas = [
                _projected_group(random, Z, n_values, g, class_rows, data.n_classes, params)
                for g in member_groups
            ]
            plans.append((MemberRotation(pcas), random.next_int() if seeded else None))
        return plans

    def _group_sizes(self) -> tuple[int, int]:
        sizes = self.group_size
        if isinstance(sizes, tuple):
            if len(sizes) != 2 or not all(isinstance(s, Integral) and int(s) >= 1 for s in sizes):
                raise ValueError(
                    "The 'group_size' parameter of RotationForestClassifier must be a "
                    f"positive int or a pair of positive ints; got {sizes!r}."
                )
            return int(min(sizes)), int(max(sizes))
        return int(sizes), int(sizes)

    def _removed_percentage(self) -> float:
        """Weka's ``-P``: an integer percentage where the fraction is one (as Weka's is)."""
        removed = 100.0 * (1.0 - float(self.sample_fraction))
        return float(round(removed)) if abs(removed - round(removed)) < 1e-9 else removed

    def _weka_distribution(self, X) -> np.ndarray:
        """``distributionForInstance``: the members' distributions added up, then normalised.

        The distributions cover all declared classes; their sum is normalised unless it is 0.
        """
        check_is_fitted(self)
        Z = self.encoder_.encoded(encode_test(self, self.encoder_.codes, X).X)
        total = np.zeros((Z.shape[0], self.weka_classes_.shape[0]))
        for member, rotation in zip(self.estimators_, self.rotations_):
            view = rotation.transform(Z)  # members added one after the other, as Weka does
            total += member_distribution(member, self.weka_classes_, TestData(view, view))
        sums = np.cumsum(total, axis=1)[:, -1:]
        np.divide(total, sums, out=total, where=np.abs(sums) >= 1e-6)
        return total

    def _member_views(self, X):
        """Each member with its projection of ``X``."""
        check_is_fitted(self)
        Z = self.encoder_.encoded(encode_test(self, self.encoder_.codes, X).X)
        return ((m, r.transform(Z)) for m, r in zip(self.estimators_, self.rotations_))
