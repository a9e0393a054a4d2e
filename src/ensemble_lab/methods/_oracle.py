"""Random Linear Oracle (Kuncheva & Rodríguez).

A random hyperplane routes each object to one of two sub-classifiers.
"""

from __future__ import annotations

import warnings
from typing import NamedTuple

import numpy as np
import pandas as pd
from sklearn.base import ClassifierMixin, clone
from sklearn.dummy import DummyClassifier
from sklearn.utils import check_random_state
from sklearn.utils.metaestimators import available_if

from .._members import accepts_weights, fit_weighted
from ..base import (
    align_proba,
    check_sample_weight,
    is_mixed_frame,
    nominal_columns,
    require_y,
    safe_rows,
    validate_mixed_data,
)
from ..encoding import (
    EncodedLearner,
    EncodedPredictor,
    TestData,
    fit_member,
    member_distribution,
    remember_features,
    seen_columns,
)
from ..learners import MixedEncoder, WekaTreeMixin, weka_argmax
from ..utils import (
    Estimator,
    HasMethods,
    StrOptions,
    check_is_fitted,
    fit_context,
    seed_random_states,
    seeded_random_state,
)
from ._ensemble import BaseLearnerMixin
from ._oracle_core import distribution as _distribution
from ._oracle_core import draw_member as _draw_member
from ._oracle_core import fit_space as _fit_space
from ._oracle_core import layout as _packed_layout

__all__ = ["RandomLinearOracle", "draw_hyperplane"]


def draw_hyperplane(Z: np.ndarray, weights: np.ndarray, rng: np.random.RandomState):
    """Perpendicular bisector of two distinct points of ``Z`` drawn at random.

    Each point is drawn with probability proportional to its weight, so a row of weight
    k is drawn as often as k repeated copies of it would be.

    Parameters
    ----------
    Z : ndarray of shape (n_samples, n_dims)
        The points, in the space where the hyperplane lives.
    weights : ndarray of shape (n_samples,)
        Non-negative drawing weights (not all zero).
    rng : RandomState
        Source of randomness.

    Returns
    -------
    normal : ndarray of shape (n_dims,) or None
        ``z_b - z_a``; None when all points of positive weight coincide.
    offset : float
        ``normal · (z_a + z_b) / 2``; a point ``z`` lies on the positive side (that of
        ``z_b``) when ``normal · z > offset``.
    pair : tuple of int
        The rows ``(a, b)`` of the two points (``b == a`` when no hyperplane exists).
    """
    a, b = draw_pair(Z, weights, rng)
    if b == a:
        return None, 0.0, (a, a)
    normal, offset = bisector(Z[a], Z[b])
    return normal, offset, (a, b)


def draw_pair(E: np.ndarray, weights: np.ndarray, rng: np.random.RandomState):
    """Rows ``(a, b)`` of two distinct points drawn by weight.

    ``b == a`` when all rows of positive weight equal row ``a``. ``E`` only decides which
    rows are equal.
    """
    a = _weighted_choice(weights, rng)
    # The second point is drawn among the rows that differ from the first, so duplicated
    # rows never give a degenerate plane and both sides always hold a drawn point.
    others = np.where(np.any(E != E[a], axis=1), weights, 0.0)
    if not (others > 0).any():
        return a, a
    return a, _weighted_choice(others, rng)


def bisector(z_a: np.ndarray, z_b: np.ndarray) -> tuple[np.ndarray, float]:
    """Normal ``z_b - z_a`` and offset of the perpendicular bisector of two points."""
    normal = z_b - z_a
    return normal, float(normal @ (z_a + z_b)) / 2.0


def _weighted_choice(weights: np.ndarray, rng: np.random.RandomState) -> int:
    cumulative = np.cumsum(weights)
    u = rng.uniform(0.0, cumulative[-1])
    # side="right" skips rows of weight zero (their cumulative value repeats the previous).
    return int(min(np.searchsorted(cumulative, u, side="right"), weights.shape[0] - 1))


def _estimator_has(attr):
    def check(self):
        return hasattr(self._base_learner(), attr)

    return check


class RandomLinearOracle(BaseLearnerMixin, EncodedLearner, ClassifierMixin, Estimator):
    """A pair of classifiers and a random hyperplane that chooses between them.

    In ``fit``, two distinct training points are drawn at random and the hyperplane is
    the perpendicular bisector of the segment between them; one clone of ``estimator``
    is trained on the training points of each side. An object is classified by the
    sub-classifier of its side.

    Parameters
    ----------
    estimator : estimator instance, str or None, default=None
        Base learner of the two sides (cloned). A string is a preset of
        :func:`ensemble_lab.learners.make_learner`; None means ``"j48"``.
    point_draw : {"weight", "uniform"}, default="weight"
        How the two points are drawn from the training rows of positive weight:
        ``"weight"`` in proportion to ``sample_weight`` (inside a boosting host that
        reweights, the boosting weights), ``"uniform"`` each such row alike, whatever
        its weight. A row given several times (a bootstrap or weighted resample) counts
        each time either way, so the two differ only under fractional or unequal
        weights. The space, the sides and the weights the sides are trained with are
        the same for both.
    random_state : int, RandomState instance or None, default=None
        Draws the two points.

    Attributes
    ----------
    estimator_ : estimator
        The unfitted base learner the two sub-classifiers are cloned from: ``estimator`` itself, the
        preset it names, or the preset ``"j48"`` when it is None.
    classes_ : ndarray of shape (n_classes,)
        Class labels.
    n_features_in_ : int
        Number of features seen in ``fit``.
    feature_names_in_ : ndarray of str
        Names of the features, when ``X`` has string column names.
    encoder_ : MixedEncoder, _CategoryCodesSpace or None
        The space of the hyperplane: missing values imputed (training mean / mode),
        nominal features one-hot, numeric features min–max scaled on the training data.
        None for all-numeric input, where the same mapping is computed directly; for a
        DataFrame whose nominal columns are all ``category`` columns, the same matrix as
        ``MixedEncoder(scale="minmax")`` computed from the category codes.
    hyperplane_normal_ : ndarray of shape (n_encoded_features,)
        Normal vector ``z_b - z_a`` in the encoded space (all zeros if every training
        point coincides, in which case one classifier serves both sides).
    hyperplane_offset_ : float
        An encoded point ``z`` is on the positive side when
        ``hyperplane_normal_ · z > hyperplane_offset_``.
    hyperplane_points_ : tuple of int
        Row indices of the two training points that define the hyperplane.
    classifiers_ : list of two estimators
        The fitted sub-classifiers of the negative and the positive side. A side whose
        training points hold a single class gets a constant ``DummyClassifier``.

    Notes
    -----
    Choices where the paper (Kuncheva & Rodríguez, IEEE TKDE 2007) leaves room:

    * The two points are drawn with probability proportional to ``sample_weight``
      (uniformly without weights; ``point_draw="uniform"`` ignores the weights' sizes
      and draws each row of positive weight alike), so weights act as repeated rows and,
      inside bagging,
      the points come from the bootstrap sample as in the paper's 2-D example. The second
      point is drawn among the points whose encoded coordinates differ from the first,
      so duplicated rows never give a degenerate plane and both sides hold training
      data. If all points coincide there is no hyperplane and a single classifier is
      fitted.
    * The encoding is fitted on the rows of positive weight. Points exactly on the
      hyperplane belong to the negative side.
    * ``sample_weight`` is routed to the sides; rows with zero weight are left out of a
      side's training set (a weighted learner would ignore them anyway). A learner that
      takes no weights gets integer weights as repeated rows (a bootstrap sample from
      bagging); fractional weights are then an error.
    * The sub-classifiers see the original features (DataFrame columns included), not the
      encoding; their probabilities are aligned to the full ``classes_``.

    scikit-learn's ``check_sample_weight_equivalence_on_dense_data`` is expected to fail
    when the base learner fails it (the default ``j48`` does: see
    :class:`~ensemble_lab.learners.C45TreeClassifier`): the sides hand the weights on.

    References
    ----------
    L. I. Kuncheva and J. J. Rodríguez. Classifier ensembles with a random linear
    oracle. *IEEE Transactions on Knowledge and Data Engineering*, 19(4):500–508, 2007.
    doi:10.1109/TKDE.2007.1016.

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.methods import RandomLinearOracle, WekaBaggingClassifier
    >>> X, y = load("vote")
    >>> member = RandomLinearOracle("j48", random_state=0).fit(X, y)
    >>> len(member.classifiers_)
    2
    >>> bagging = WekaBaggingClassifier(RandomLinearOracle("j48"), n_estimators=10, random_state=0)
    >>> len(bagging.fit(X, y).estimators_)
    10
    """

    @property
    def _expected_failed_checks(self) -> dict[str, str]:
        base = self._base_learner()
        check = "check_sample_weight_equivalence_on_dense_data"
        inherited = getattr(base, "_expected_failed_checks", {})
        if check not in inherited:
            return {}
        return {
            check: f"the sides pass weights to the base learner, which fails it: {inherited[check]}"
        }

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict"]), str, None],
        "point_draw": [StrOptions({"weight", "uniform"})],
        "random_state": ["random_state"],
    }

    def __init__(self, estimator=None, *, point_draw="weight", random_state=None):
        self.estimator = estimator
        self.point_draw = point_draw
        self.random_state = random_state

    def _drawing_weights(self, weight: np.ndarray) -> np.ndarray:
        """The weights the two points are drawn by (``point_draw``)."""
        if self.point_draw == "uniform":
            return (weight > 0).astype(float)
        return weight

    @fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y, sample_weight=None):
        """Draw the hyperplane and fit one sub-classifier per side.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data; a DataFrame may hold nominal (``category``/``object``) columns
            and NaN.
        y : array-like of shape (n_samples,)
            Class labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Instance weights, passed to the sub-classifiers.

        Returns
        -------
        self : RandomLinearOracle
        """
        require_y(self, y)
        base = self._validate_estimator()
        # NaN is imputed for the hyperplane; whether the sides accept it is theirs to say.
        X, y = validate_mixed_data(self, X, y, reset=True, allow_nan=True)
        self.classes_ = np.unique(y)
        if sample_weight is not None:
            sample_weight = check_sample_weight(sample_weight, X)
        rng = check_random_state(self.random_state)
        weights = np.ones(X.shape[0]) if sample_weight is None else sample_weight
        # The encoding (min-max range, imputed values) comes from the rows that carry
        # weight: inside bagging those are the bootstrap sample, the member's training set.
        self._fit_space(safe_rows(X, weights > 0))
        Z = self._encode(X)
        drawn = self._drawing_weights(weights)
        normal, offset, self.hyperplane_points_ = draw_hyperplane(Z, drawn, rng)
        if normal is None:
            self.hyperplane_normal_ = np.zeros(Z.shape[1])
            self.hyperplane_offset_ = 0.0
            all_rows = np.ones(Z.shape[0], dtype=bool)
            single = self._fit_side(base, X, y, sample_weight, all_rows, rng)
            self.classifiers_ = [single, single]
            return self
        self.hyperplane_normal_ = normal
        self.hyperplane_offset_ = offset
        positive = Z @ normal > offset
        self.classifiers_ = [
            self._fit_side(base, X, y, sample_weight, ~positive, rng),
            self._fit_side(base, X, y, sample_weight, positive, rng),
        ]
        return self

    def _fit_encoded(self, data, rows=None, weight=None):
        """Fit on ``rows`` of data an ensemble encoded once, without re-validating.

        See :class:`~ensemble_lab.encoding.EncodedData`.

        The same oracle as :meth:`fit`: the space is fitted on the rows of positive
        weight, the two points are drawn by weight (each repeated row an instance), the
        sides get their rows of the encoded data. ``hyperplane_points_`` are row indices
        of ``data``. The space, the draws and the split are one compiled call
        (``_oracle_core.draw_member``).
        """
        base = self._validate_estimator()
        rows = np.arange(data.n_samples) if rows is None else np.asarray(rows, dtype=np.intp)
        weight = data.weight if weight is None else np.asarray(weight, dtype=float)
        self.weka_classes_ = data.classes
        self.classes_ = data.classes[seen_columns(data, rows)]
        remember_features(self, data)
        self._codes = data.codes
        self.__dict__.pop("_plane", None)  # set again below when there is a plane
        layout = data.memo.get("oracle_layout")
        if layout is None:
            layout = data.memo["oracle_layout"] = _Layout.of(data.n_values)
        with seeded_random_state(self.random_state) as rng:
            # The space and the sides depend on the weights only through which are positive.
            drawing = self._drawing_weights(weight)
            drawn = _draw_member(data.X, rows, drawing, data.y, layout.packed, rng._bit_generator)
            fill, lo, span, modes, a, b, normal, offset, negative, positive, single, plane = drawn
            self.encoded_space_ = _EncodedSpace(layout, fill, lo, span, modes)
            self.hyperplane_points_ = (int(rows[a]), int(rows[b]))
            if normal is None:  # all points alike: no hyperplane, one classifier
                self.hyperplane_normal_, self.hyperplane_offset_ = np.zeros(layout.n_dims), 0.0
                side = rows[weight[rows] > 0]
                only = _only_class(data.y[side])
                single = self._fit_encoded_side(base, data, side, weight, rng, only)
                self.classifiers_ = [single, single]
                return self
            self.hyperplane_normal_, self.hyperplane_offset_ = normal, offset
            self._plane = plane
            if not positive.size:  # all on one side: one classifier
                single = self._fit_encoded_side(base, data, negative, weight, rng, single[0])
                self.classifiers_ = [single, single]
            else:
                self.classifiers_ = [
                    self._fit_encoded_side(base, data, side, weight, rng, only)
                    for side, only in zip((negative, positive), single)
                ]
        return self

    @staticmethod
    def _fit_encoded_side(base, data, rows, weight, rng, only):
        """The sub-classifier of a side: ``only`` is its single class, or negative."""
        if only >= 0:  # one class: no learner needed
            return _Constant(only, data.n_classes)
        return fit_member(seed_random_states(clone(base), rng), data, rows, weight)

    def _encoded_public(self, X):
        """``X`` validated and encoded as the data of an encoded fit, then distributed."""
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False)
        return self._encoded_distribution(TestData(self._codes.matrix(X), X))

    def _encoded_distribution(self, test):
        """Class distribution (columns in ``weka_classes_``) of encoded test rows.

        Each row's distribution comes from the sub-classifier of its side. When both
        are Weka trees or constants, routing, gathering and scattering the rows are one
        compiled call; any other sub-classifier gets its rows as a ``TestData``.
        """
        plane = self.__dict__.get("_plane")
        sides = [_compiled_side(clf) for clf in self.classifiers_]
        if plane is None or sides[0] is None or sides[1] is None:
            return self._routed_distribution(test)
        n_classes = self.weka_classes_.shape[0]
        return _distribution(test.X, plane, self.hyperplane_normal_, *sides, n_classes)

    def _routed_distribution(self, test):
        """:meth:`_encoded_distribution` for any sub-classifier, side by side."""
        positive = (
            self.encoded_space_.scores(test.X, self.hyperplane_normal_) > self.hyperplane_offset_
        )
        out = np.zeros((test.X.shape[0], self.weka_classes_.shape[0]))
        for clf, rows in zip(self.classifiers_, (~positive, positive)):
            if rows.any():
                out[rows] = member_distribution(clf, self.weka_classes_, test.rows(rows))
        return out

    @staticmethod
    def _fit_side(base, X, y, sample_weight, rows, rng):
        if sample_weight is not None:
            rows = rows & (sample_weight > 0)
        y_side = y[rows]
        sw_side = None if sample_weight is None else sample_weight[rows]
        # A side with a single class needs no learner (and many learners refuse one class).
        if np.unique(y_side).size == 1:
            clf = DummyClassifier(strategy="prior")
        else:
            clf = seed_random_states(clone(base), rng)
        # Weights as they are where the learner takes them, else as counts (bagging's).
        policy = "pass" if accepts_weights(clf) else "repeat"
        return fit_weighted(clf, safe_rows(X, rows), y_side, sw_side, policy=policy)

    def _sides(self, X):
        """Validated ``X`` and the boolean mask of the rows on the positive side."""
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False)
        Z = self._encode(X)
        return X, Z @ self.hyperplane_normal_ > self.hyperplane_offset_

    def _fit_space(self, X):
        """Fit the hyperplane's space (``MixedEncoder(scale="minmax")``) on ``X``."""
        if is_mixed_frame(X):
            nominal = nominal_columns(X)
            if all(
                isinstance(X.dtypes.iloc[j], pd.CategoricalDtype) for j in np.flatnonzero(nominal)
            ):
                self.encoder_ = _CategoryCodesSpace().fit(X)
            else:
                self.encoder_ = MixedEncoder(scale="minmax").fit(X)
            return
        # Numeric input: the same imputation and scaling as MixedEncoder, in plain NumPy
        # (the oracle is refitted for every ensemble member, so this path is hot).
        self.encoder_ = None
        X = np.asarray(X, dtype=float)
        with np.errstate(invalid="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            mean = np.nanmean(X, axis=0)
            lo, hi = np.nanmin(X, axis=0), np.nanmax(X, axis=0)
        empty = np.isnan(mean)  # all-missing column: imputed by 0, as MixedEncoder does
        self._fill = np.where(empty, 0.0, mean)
        self._lo = np.where(empty, 0.0, lo)
        span = np.where(empty, 0.0, hi - lo)
        self._span = np.where(span > 0, span, 1.0)

    def _encode(self, X) -> np.ndarray:
        if self.encoder_ is not None:
            return self.encoder_.transform(X)
        X = np.asarray(X, dtype=float)
        X = np.where(np.isnan(X), self._fill, X)
        return (X - self._lo) / self._span

    def decide_side(self, X):
        """Which side of the hyperplane each row of ``X`` lies on (True = positive).

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        positive : ndarray of bool of shape (n_samples,)
        """
        return self._sides(X)[1]

    def predict(self, X):
        """Class of each row, given by the sub-classifier of its side.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        y : ndarray of shape (n_samples,)
        """
        if hasattr(self, "encoded_space_"):
            dist = np.ascontiguousarray(self._encoded_public(X))
            return self.weka_classes_[weka_argmax(dist)]
        X, positive = self._sides(X)
        out = np.empty(positive.shape[0], dtype=self.classes_.dtype)
        for clf, rows in zip(self.classifiers_, (~positive, positive)):
            if rows.any():
                out[rows] = clf.predict(safe_rows(X, rows))
        return out

    @available_if(_estimator_has("predict_proba"))
    def predict_proba(self, X):
        """Class probabilities of the sub-classifier of each row's side.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            Columns in the order of ``classes_``; classes a side never saw get zero.
        """
        if hasattr(self, "encoded_space_"):
            dist = self._encoded_public(X)
            position = {label: k for k, label in enumerate(self.weka_classes_.tolist())}
            return dist[:, [position[label] for label in self.classes_.tolist()]]
        X, positive = self._sides(X)
        out = np.zeros((positive.shape[0], self.classes_.shape[0]))
        for clf, rows in zip(self.classifiers_, (~positive, positive)):
            if rows.any():
                proba = clf.predict_proba(safe_rows(X, rows))
                out[rows] = align_proba(proba, clf.classes_, self.classes_)
        return out

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = self._base_accepts_nan()  # the sides' say
        return tags


class _CategoryCodesSpace:
    """``MixedEncoder(scale="minmax")``'s matrix, computed from pandas category codes.

    For a DataFrame whose nominal columns are all ``category`` columns (what
    :class:`~ensemble_lab.methods._reframe.FrameRestorer` hands every ensemble member),
    the one-hot blocks come from one integer lookup per column instead of matching
    values, which makes the oracle's encoding several times faster. The result equals
    ``MixedEncoder``'s: one column per declared category in ``str`` order, a missing value
    imputed by the training mode (ties: first in that order), numeric columns imputed by
    the training mean and min–max scaled. Values of a column whose categories differ from
    the training ones are matched by value (unseen: all zeros), as ``MixedEncoder`` does.
    """

    def fit(self, X: pd.DataFrame) -> _CategoryCodesSpace:
        self.nominal_mask_ = nominal_columns(X)
        numeric = X.iloc[:, np.flatnonzero(~self.nominal_mask_)].to_numpy(
            dtype=float, na_value=np.nan
        )
        with np.errstate(invalid="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            mean = np.nanmean(numeric, axis=0)
            lo, hi = np.nanmin(numeric, axis=0), np.nanmax(numeric, axis=0)
        empty = np.isnan(mean) if numeric.shape[0] else np.ones(numeric.shape[1], dtype=bool)
        self.numeric_fill_ = np.where(empty, 0.0, mean)
        self.numeric_offset_ = np.where(empty, 0.0, lo)
        span = np.where(empty, 0.0, hi - lo)
        self.numeric_scale_ = np.where(span > 0, span, 1.0)
        self.dtype_categories_, self.lookup_, self.categories_, self.mode_positions_ = (
            [],
            [],
            [],
            [],
        )
        for j in np.flatnonzero(self.nominal_mask_):
            column = X.iloc[:, j]
            declared = column.cat.categories
            order = np.array(
                sorted(range(len(declared)), key=lambda c: str(declared[c])), dtype=int
            )
            lookup = np.empty(len(declared), dtype=np.intp)
            lookup[order] = np.arange(len(declared))
            codes = column.cat.codes.to_numpy()
            counts = np.bincount(codes[codes >= 0], minlength=len(declared))[order]
            # Arrays, not pandas Index objects, so the fitted model persists with skops.
            self.dtype_categories_.append(np.asarray(declared, dtype=object))
            self.lookup_.append(lookup)
            self.categories_.append(np.asarray(declared, dtype=object)[order])
            self.mode_positions_.append(int(np.argmax(counts)) if len(declared) else -1)
        self.n_features_out_ = int(numeric.shape[1]) + sum(c.size for c in self.categories_)
        return self

    def transform(self, X: pd.DataFrame) -> np.ndarray:
        numeric = X.iloc[:, np.flatnonzero(~self.nominal_mask_)].to_numpy(
            dtype=float, na_value=np.nan
        )
        numeric = np.where(np.isnan(numeric), self.numeric_fill_, numeric)
        out = np.zeros((X.shape[0], self.n_features_out_))
        out[:, : numeric.shape[1]] = (numeric - self.numeric_offset_) / self.numeric_scale_
        start = numeric.shape[1]
        rows = np.arange(X.shape[0])
        for k, j in enumerate(np.flatnonzero(self.nominal_mask_)):
            column = X.iloc[:, j]
            declared = self.dtype_categories_[k]
            categories = self.categories_[k]
            dtype = column.dtype
            if isinstance(dtype, pd.CategoricalDtype) and _same_categories(dtype, declared):
                codes = column.cat.codes.to_numpy()
                positions = np.where(codes >= 0, self.lookup_[k][codes], -1)
            else:  # other categories: match values, unseen -> -1, as MixedEncoder
                values = column.astype(object).to_numpy()
                positions = pd.Index(categories).get_indexer(values)
                positions[pd.isna(values)] = -1
            missing = column.isna().to_numpy()
            positions = np.where(missing, self.mode_positions_[k], positions)
            known = positions >= 0
            out[rows[known], start + positions[known]] = 1.0
            start += categories.size
        return out


def _same_categories(dtype: pd.CategoricalDtype, declared: np.ndarray) -> bool:
    """Whether a column's categories are exactly those seen in ``fit``, in that order."""
    categories = dtype.categories
    return len(categories) == len(declared) and bool(
        (np.asarray(categories, dtype=object) == declared).all()
    )


class _Constant(EncodedPredictor):
    """The sub-classifier of a side whose training rows hold one class."""

    def __init__(self, code: int, n_classes: int):
        self.distribution = np.zeros(n_classes)
        self.distribution[code] = 1.0

    def _encoded_distribution(self, test) -> np.ndarray:
        return np.tile(self.distribution, (test.X.shape[0], 1))


def _only_class(classes: np.ndarray) -> int:
    """The class code of rows that all hold one class; -1 when several (or none)."""
    return int(classes[0]) if classes.size and (classes == classes[0]).all() else -1


def _compiled_side(clf):
    """What ``_oracle_core.distribution`` takes for a sub-classifier, or None.

    A constant's distribution, or a Weka tree's ``(_tree_distribution, tree_)`` when its
    ``_encoded_distribution`` is the tree's own (what it would compute on the rows).
    """
    if type(clf) is _Constant:
        return clf.distribution
    kind = type(clf)
    if getattr(kind, "_encoded_distribution", None) is not WekaTreeMixin._encoded_distribution:
        return None
    return (kind._tree_distribution, clf.tree_)


class _Layout(NamedTuple):
    """Where a data set's columns go in the hyperplane space (the same for every member)."""

    n_values: np.ndarray
    numeric: np.ndarray
    nominal: np.ndarray
    nominal_values: np.ndarray
    offsets: np.ndarray  # first one-hot position of each nominal column, then the end
    n_dims: int
    packed: np.ndarray  # all of it as _oracle_core.draw_member reads it

    @classmethod
    def of(cls, n_values: np.ndarray) -> _Layout:
        packed = _packed_layout(np.ascontiguousarray(n_values, dtype=np.intp))
        n_num, n_nom = int(packed[0]), int(packed[1])
        numeric = packed[4 : 4 + n_num]
        nominal = packed[4 + n_num : 4 + n_num + n_nom]
        values = packed[4 + n_num + n_nom : 4 + n_num + 2 * n_nom]
        offsets = packed[4 + n_num + 2 * n_nom :]
        return cls(n_values, numeric, nominal, values, offsets, int(packed[2]), packed)


class _EncodedSpace:
    """The hyperplane's space computed from an encoded data set.

    Numeric columns are imputed by their mean and min–max scaled, nominal columns one-hot
    (a missing value imputed by the mode), statistics from the training rows (repeats
    count). The space of :meth:`RandomLinearOracle.fit`, up to the order of the one-hot
    columns, which does not move the hyperplane.

    Only the two drawn points are ever one-hot encoded: which rows equal a drawn point
    is read from the imputed codes (the scaling is one-to-one), and a row's side from
    its numeric block and the normal's entries at its one-hot positions.
    """

    def __init__(self, layout: _Layout, fill, lo, span, modes):
        self.layout = layout
        self.n_values, self.numeric, self.nominal = layout.n_values, layout.numeric, layout.nominal
        self.offsets, self.n_dims = layout.offsets, layout.n_dims
        self.fill, self.lo, self.span, self.modes = fill, lo, span, modes

    @property
    def _fill_all(self) -> np.ndarray:
        """Each column's imputed value, in input order (see imputed)."""
        fill_all = np.empty(self.n_values.shape[0])
        fill_all[self.numeric] = self.fill
        fill_all[self.nominal] = self.modes
        return fill_all

    @classmethod
    def fit(cls, layout: _Layout, X: np.ndarray, rows: np.ndarray, weight: np.ndarray):
        """The space of ``rows`` of ``X`` that have positive ``weight`` (indexed by row).

        Also returns the cumulative weights of ``rows`` and their scaled numeric block.
        """
        width = int(layout.nominal_values.max()) if layout.nominal.size else 0
        fill, lo, span, modes, cumulative, scaled = _fit_space(
            X, rows, weight, layout.numeric, layout.nominal, layout.nominal_values, width
        )
        return cls(layout, fill, lo, span, modes), cumulative, scaled

    def _codes(self, X: np.ndarray) -> np.ndarray:
        """Nominal codes with missing values imputed (-1: no value to impute)."""
        codes = X[:, self.nominal]
        return np.where(np.isnan(codes), self.modes, codes)

    def _numeric_block(self, X: np.ndarray) -> np.ndarray:
        """The numeric columns of ``X`` (``X`` itself when all are numeric)."""
        return X if self.numeric.size == X.shape[1] else X[:, self.numeric]

    def _scaled(self, X: np.ndarray) -> np.ndarray:
        block = self._numeric_block(X)
        missing = np.isnan(block)
        if missing.any():
            block = np.where(missing, self.fill, block)
        return (block - self.lo) / self.span

    def imputed(self, X: np.ndarray) -> np.ndarray:
        """Rows with missing values imputed.

        Two rows are equal here exactly when they are equal in the space.
        """
        missing = np.isnan(X)
        return np.where(missing, self._fill_all, X) if missing.any() else X

    def transform(self, X: np.ndarray) -> np.ndarray:
        """Rows in the space: scaled numeric block, then the one-hot codes."""
        onehot = np.zeros((X.shape[0], int(self.offsets[-1])))
        codes = self._codes(X)
        rows, cols = np.nonzero(codes >= 0)
        onehot[rows, self.offsets[cols] + codes[rows, cols].astype(np.intp)] = 1.0
        return np.hstack([self._scaled(X), onehot])

    def scores(self, X: np.ndarray, normal: np.ndarray) -> np.ndarray:
        """``transform(X) @ normal`` without the one-hot matrix."""
        out = self._scaled(X) @ normal[: self.numeric.size]
        if self.nominal.size:
            codes = self._codes(X)
            known = codes >= 0
            index = self.offsets[:-1] + np.where(known, codes, 0).astype(np.intp)
            weights = normal[self.numeric.size :][index]
            out = out + np.where(known, weights, 0.0).sum(axis=1)
        return out
