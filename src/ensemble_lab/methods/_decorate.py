"""DECORATE (Melville & Mooney, Information Fusion 2005): diversity from artificial data.

As Weka 3.6's ``weka.classifiers.meta.Decorate`` builds it, draw for draw: with the same
seed and a deterministic base learner (J48) the ensemble is Weka's, prediction by
prediction.
"""

from __future__ import annotations

import copy
from numbers import Integral, Real

import numpy as np
import pandas as pd
from sklearn.base import clone

from ..encoding import (
    EncodedData,
    EncodedLearner,
    EncodedPredictor,
    TestData,
    encode_test,
    fit_member,
    member_distribution,
)
from ..learners import weka_argmax
from ..utils import (
    SMALL,
    GaussianStream,
    HasMethods,
    Interval,
    JavaRandom,
    check_is_fitted,
    fit_context,
    java_seed,
    random_state_keys,
    seed_random_states,
    select_indices,
)
from ._ensemble import WekaEnsemble

__all__ = ["DecorateClassifier", "inverse_labels", "weka_normalise"]

#: ``Utils.SMALL``: a distribution summing to less is left as it is.


def weka_normalise(distribution: np.ndarray) -> np.ndarray:
    """Rows of summed class distributions made to sum to one, as Weka's ensembles do.

    ``Utils.normalize`` divides by the row's sum, added up column after column; a row
    whose sum is within ``1e-6`` of zero is returned unchanged (``Utils.eq(sum, 0)``).

    >>> weka_normalise(np.array([[1.0, 3.0], [0.0, 0.0]]))
    array([[0.25, 0.75],
           [0.  , 0.  ]])
    """
    total = _row_sums(distribution)
    keep = np.abs(total) < SMALL
    out = distribution.copy()
    np.divide(distribution, total[:, None], out=out, where=~keep[:, None])
    return out


def inverse_labels(distribution: np.ndarray, uniform: np.ndarray) -> np.ndarray:
    """Class of each artificial example, drawn against the ensemble's distribution.

    Weka's ``Decorate.inverseLabel``: each class gets weight ``1 / p``, or
    ``Double.MAX_VALUE / n_classes`` if ``p`` is zero (so the classes the ensemble rules
    out take practically all the mass); the weights are normalised and the class is
    the first whose cumulative weight reaches the row's uniform number.

    Parameters
    ----------
    distribution : ndarray of shape (n_samples, n_classes)
        The ensemble's class distribution of each example (:func:`weka_normalise`).
    uniform : ndarray of shape (n_samples,)
        One ``nextDouble()`` per example, in [0, 1).

    Returns
    -------
    labels : ndarray of int of shape (n_samples,)
        Class codes (column indices of ``distribution``).

    Examples
    --------
    Weights 1/0.6, 1/0.3 and 1/0.1 are shares 1/9, 2/9 and 6/9 (cumulative 1/9, 3/9, 1):

    >>> inverse_labels(np.array([[0.6, 0.3, 0.1]] * 3), np.array([0.05, 0.2, 0.9]))
    array([0, 1, 2])
    """
    n_classes = distribution.shape[1]
    zero = distribution == 0.0
    with np.errstate(divide="ignore"):
        weight = np.where(zero, np.finfo(float).max / n_classes, 1.0 / distribution)
    weight /= _row_sums(weight)[:, None]
    cumulative = np.cumsum(weight, axis=1)  # sequential, as Weka's loop
    labels = (cumulative < uniform[:, None]).sum(axis=1)
    # Rounding can leave the last cumulative weight a hair below 1 (Weka would then pick
    # a class that does not exist; it has never been seen to happen).
    return np.minimum(labels, n_classes - 1)


def _row_sums(a: np.ndarray) -> np.ndarray:
    """Row sums added column after column (``Utils.sum``).

    NumPy's pairwise sum rounds differently once a row has eight or more columns.
    """
    total = a[:, 0].copy()
    for j in range(1, a.shape[1]):
        total += a[:, j]
    return total


def _column_sums(a: np.ndarray) -> np.ndarray:
    """Column sums added row after row, as Weka's loops over instances add."""
    if a.shape[0] == 0:
        return np.zeros(a.shape[1])
    return np.cumsum(a, axis=0)[-1]


class _ArtificialData:
    """Weka's ``Decorate.computeStats`` and ``generateArtificialData`` on encoded data.

    Numeric attributes: a Gaussian with Weka's weighted mean (``Instances.meanOrMode``)
    and the square root of its weighted, unbiased variance (``Instances.variance``:
    ``(Σwx² − (Σwx)²/Σw) / (Σw − 1)``, zero when ``Σw ≤ 1`` or negative), missing values
    left out. Nominal attributes: the counts of the values (unweighted) plus one,
    normalised. The class attribute, last, is drawn as well (the draw is discarded:
    ``labelData`` overwrites it), as Weka draws every attribute.
    """

    def __init__(self, data: EncodedData):
        X, nominal = data.X, data.codes.nominal_mask
        self.numeric = np.flatnonzero(~nominal)
        self.nominal = np.flatnonzero(nominal)
        self.mean, self.std = _weka_mean_std(X[:, self.numeric], data.weight)
        cumulative = [_laplace_cumulative(X[:, j], int(data.n_values[j])) for j in self.nominal]
        # Cumulative shares as rows of one matrix, padded with +inf, for all the nominal
        # attributes at once; an attribute without values is missing in every row.
        width = max((len(c) for c in cumulative), default=0)
        self.thresholds = np.full((len(cumulative), width), np.inf)
        for k, c in enumerate(cumulative):
            self.thresholds[k, : len(c)] = c
        self.valueless = self.nominal[data.n_values[self.nominal] == 0]
        # One draw per attribute, the class (a nominal attribute) last.
        self.gaussian = np.append(~nominal, False).astype(np.uint8)

    def sample(self, stream: GaussianStream, n: int) -> np.ndarray:
        """``n`` artificial rows (encoded; no missing values), drawn as Weka draws."""
        draws = stream.table(self.gaussian, n)
        out = np.empty((n, self.gaussian.shape[0] - 1))
        out[:, self.numeric] = draws[:, self.numeric] * self.std + self.mean
        u = np.ascontiguousarray(draws[:, self.nominal])
        out[:, self.nominal] = select_indices(self.thresholds, u)
        out[:, self.valueless] = np.nan
        return out


def _weka_mean_std(X: np.ndarray, weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    known = ~np.isnan(X)
    w = np.where(known, weight[:, None], 0.0)
    wx = np.where(known, weight[:, None] * X, 0.0)
    sum_w, sum_wx = _column_sums(w), _column_sums(wx)
    sum_wxx = _column_sums(np.where(known, wx * X, 0.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        mean = np.where(sum_w > 0, sum_wx / sum_w, 0.0)
        variance = (sum_wxx - sum_wx * sum_wx / sum_w) / (sum_w - 1)
    variance = np.where((sum_w > 1) & (variance > 0), variance, 0.0)
    return mean, np.sqrt(variance)


def _laplace_cumulative(codes: np.ndarray, n_values: int) -> np.ndarray:
    """Cumulative shares of all values but the last, from counts + 1."""
    if n_values == 0:
        return np.empty(0)
    known = codes[~np.isnan(codes)].astype(np.intp)
    share = (np.bincount(known, minlength=n_values) + 1.0) / (known.shape[0] + n_values)
    return np.cumsum(share)[:-1]


class DecorateClassifier(WekaEnsemble):
    """Ensemble grown with artificial examples labelled against its own predictions.

    Each iteration draws ``artificial_size`` × n artificial examples from per-feature
    distributions of the training data, labels each with a class drawn with
    probability inversely proportional to the current ensemble's prediction, trains a
    new member on the training data plus these examples, and keeps it only if the
    ensemble's training error does not increase.

    Parameters
    ----------
    estimator : estimator instance, str or None, default=None
        Base learner (cloned); a preset name; None means ``"j48"``.
    n_estimators : int, default=15
        Desired ensemble size (Weka's ``-E``, C_size).
    max_iter : int, default=50
        Maximum number of iterations, counting the first member (``-I``, I_max).
    artificial_size : float, default=1.0
        Number of artificial examples per iteration, as a fraction of the training set
        size (``-R``, R_size); at least one.
    random_state : int, RandomState instance or None, default=None
        An int is Weka's seed ``-S``; None or a ``RandomState`` draws one. It drives
        the artificial data and their labels (a ``java.util.Random``) and seeds the
        members that take a ``random_state``.

    Attributes
    ----------
    estimator_ : estimator
        The unfitted base learner the members are cloned from: ``estimator`` itself, the
        preset it names, or the preset ``"j48"`` when it is None.
    classes_ : ndarray of shape (n_classes,)
        All the classes of ``y``, sorted; a categorical ``y`` gives all its declared
        categories, also those absent from the training data: artificial examples can
        be labelled with them.
    weka_classes_ : ndarray of shape (n_classes,)
        The same classes in Weka's numbering (a categorical ``y``'s declared order).
    n_features_in_ : int
    feature_names_in_ : ndarray of str
        When ``X`` has string column names.
    estimators_ : list of estimators
        The accepted members, in the order they were accepted.
    n_iter_ : int
        Iterations made (members tried, the first included).
    train_errors_ : list of float
        Training error of the ensemble after each accepted member.

    Notes
    -----
    Weka 3.6's ``Decorate`` (which the papers ran), read from its bytecode:

    * one ``java.util.Random(seed)`` draws everything: for each artificial example, each
      attribute in turn (the class last), a ``nextGaussian`` for a numeric one and a
      ``nextDouble`` for a nominal one; then one ``nextDouble`` per example for its
      label. Numeric features follow a Gaussian with the training mean and standard
      deviation (weighted by ``sample_weight``, missing values left out), nominal ones
      the value counts plus one (unweighted); artificial examples have weight 1 and no
      missing values. See :func:`inverse_labels` for the labels.
    * the first member is trained on the training data alone; each later one on the
      training data followed by the artificial examples, and kept if the ensemble's
      error on the training data is not larger than before. That error counts
      misclassified examples, **unweighted**, as Weka's ``computeError`` does.
    * the ensemble's distribution is the sum of its members' distributions,
      normalised (:func:`weka_normalise`); it predicts the first class of largest
      probability.

    Members that take a ``random_state`` get one each from a generator seeded like the
    Java one; Weka itself leaves them all with the base learner's seed.

    ``check_sample_weight_equivalence_on_dense_data`` is an expected failure: the number
    and the distributions of the artificial examples, and the training error, count
    rows, not weights, so integer weights are not the same as repeated rows.

    References
    ----------
    P. Melville and R. J. Mooney. Creating diversity in ensembles using artificial
    data. *Information Fusion*, 6(1):99–111, 2005.

    L. I. Kuncheva and J. J. Rodríguez. Classifier ensembles with a random linear
    oracle. *IEEE Transactions on Knowledge and Data Engineering*, 19(4):500–508, 2007.
    doi:10.1109/TKDE.2007.1016.

    Examples
    --------
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.methods import DecorateClassifier
    >>> X, y = load("iris")
    >>> clf = DecorateClassifier("j48", n_estimators=5, random_state=0).fit(X, y)
    >>> len(clf.estimators_)
    5
    """

    _expected_failed_checks = {
        "check_sample_weight_equivalence_on_dense_data": (
            "the artificial data's size, its nominal distributions and the training error "
            "count rows, not weights (as in Weka)"
        ),
    }

    _declared_classes = True  # artificial rows may carry any declared class

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict_proba"]), str, None],
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "max_iter": [Interval(Integral, 1, None, closed="left")],
        "artificial_size": [Interval(Real, 0.0, None, closed="neither")],
        "random_state": ["random_state"],
    }

    def __init__(
        self, estimator=None, *, n_estimators=15, max_iter=50, artificial_size=1.0,
        random_state=None,
    ):  # fmt: skip
        self.estimator = estimator
        self.n_estimators = n_estimators
        self.max_iter = max_iter
        self.artificial_size = artificial_size
        self.random_state = random_state

    @fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y, sample_weight=None):
        """Grow the ensemble.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data; ``category``/``object`` columns are nominal, NaN is missing.
        y : array-like of shape (n_samples,)
            Class labels; a categorical ``y`` numbers the classes as Weka does.
        sample_weight : array-like of shape (n_samples,), default=None
            Weka's instance weights: for the members and the Gaussians' moments.

        Returns
        -------
        self : DecorateClassifier
        """
        data = self._encoded_training(X, y, sample_weight)
        base = self._validate_estimator()
        seed = java_seed(self.random_state)
        stream = GaussianStream(JavaRandom(seed))
        member_rng = np.random.RandomState(seed % 2**32)
        artificial = _ArtificialData(data)
        n_artificial = max(1, int(self.artificial_size * data.n_samples))
        self.encoding_ = data.codes
        self._header = _header(data)
        training = TestData(data.X, data.source)
        # Learners that read the encoded matrix need no DataFrame of the artificial rows.
        encoded = _reads_encoded(base)

        new_member = _member_factory(base, member_rng)
        self.estimators_ = [fit_member(new_member(), data)]
        votes = self._member_distribution(self.estimators_[0], training)
        error = _training_error(votes, data.y)
        self.train_errors_, self.n_iter_ = [error], 1
        while len(self.estimators_) < self.n_estimators and self.n_iter_ < self.max_iter:
            self.n_iter_ += 1
            rows = artificial.sample(stream, n_artificial)
            extra = TestData(rows, None if encoded else _source_rows(data, rows))
            current = weka_normalise(self._votes(extra))
            labels = inverse_labels(current, stream.random.next_doubles(n_artificial))
            member = fit_member(new_member(), _with_rows(data, rows, labels, extra))
            candidate = votes + self._member_distribution(member, training)
            candidate_error = _training_error(candidate, data.y)
            if candidate_error <= error:
                self.estimators_.append(member)
                votes, error = candidate, candidate_error
                self.train_errors_.append(error)
        return self

    def _member_distribution(self, member, test: TestData) -> np.ndarray:
        """A member's class distribution, columns in ``classes_``."""
        return member_distribution(member, self._header.classes, test)

    def _votes(self, test: TestData) -> np.ndarray:
        """Sum of the members' distributions, added member after member as Weka does."""
        total = self._member_distribution(self.estimators_[0], test)
        for member in self.estimators_[1:]:
            total = total + self._member_distribution(member, test)
        return total

    def _test_data(self, X) -> TestData:
        check_is_fitted(self)
        return encode_test(self, self.encoding_, X)

    def _weka_distribution(self, X) -> np.ndarray:
        """Members' class distributions summed and normalised (``distributionForInstance``)."""
        return weka_normalise(self._votes(self._test_data(X)))

    def member_predictions(self, X):
        """Class label each member gives to each row of ``X``.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        predictions : ndarray of shape (n_members, n_samples)
        """
        test = self._test_data(X)
        rows = []
        for member in self.estimators_:
            if isinstance(member, EncodedPredictor):  # J48's classifyInstance
                dist = np.ascontiguousarray(self._member_distribution(member, test))
                rows.append(self.weka_classes_[weka_argmax(dist)])
            else:
                rows.append(np.asarray(member.predict(test.source)))
        return np.vstack(rows)


def _reads_encoded(estimator) -> bool:
    """Whether ``estimator`` and every learner inside it work on encoded data alone.

    They are :class:`~ensemble_lab.encoding.EncodedLearner` instances: they train and
    predict through its interface.
    """
    if not isinstance(estimator, EncodedLearner):
        return False
    inner = estimator.get_params(deep=False).values()
    return all(_reads_encoded(p) for p in inner if hasattr(p, "get_params"))


def _member_factory(base, rng: np.random.RandomState):
    """Fresh unfitted copies of ``base``, each with its own seeds if it takes any.

    ``clone`` once, then deep copies of that clone: the same estimator, five times
    faster than cloning each member (which inspects every constructor's signature).
    """
    template = clone(base)
    if random_state_keys(template):
        return lambda: seed_random_states(copy.deepcopy(template), rng)
    return lambda: copy.deepcopy(template)


def _training_error(votes: np.ndarray, y: np.ndarray) -> float:
    """Share of training rows the ensemble misclassifies, unweighted (``computeError``)."""
    return float(np.count_nonzero(np.argmax(weka_normalise(votes), axis=1) != y) / y.shape[0])


def _header(data: EncodedData) -> EncodedData:
    """The data set without its rows (Weka's ``new Instances(data, 0)``).

    What a fitted ensemble keeps of its training data to map members' outputs onto its
    classes.
    """
    return EncodedData(
        np.empty((0, data.n_features)), data.n_values, np.empty(0, dtype=np.int32),
        data.classes, np.empty(0), data.codes, None,
    )  # fmt: skip


def _with_rows(data: EncodedData, rows: np.ndarray, labels: np.ndarray, extra: TestData):
    """The training data followed by artificial rows of weight 1 (Weka's ``addInstances``)."""
    source = None
    if extra.source is not None:
        source = (
            pd.concat([data.source, extra.source], ignore_index=True)
            if isinstance(data.source, pd.DataFrame)
            else np.vstack([data.source, extra.source])
        )
    return EncodedData(
        np.vstack([data.X, rows]),
        data.n_values,
        np.concatenate([data.y, labels]).astype(np.int32),
        data.classes,
        np.concatenate([data.weight, np.ones(rows.shape[0])]),
        data.codes,
        source,
    )


def _source_rows(data: EncodedData, rows: np.ndarray):
    """Encoded rows in the form of the validated input.

    For members that cannot read the encoded matrix; None when the input had no
    DataFrame's nominal columns to restore.
    """
    if not isinstance(data.source, pd.DataFrame):
        return rows
    columns, k = {}, 0
    for j, name in enumerate(data.source.columns):
        column = data.source.iloc[:, j]
        if data.codes.nominal_mask[j]:
            codes = np.where(np.isnan(rows[:, j]), -1, rows[:, j]).astype(np.intp)
            values = pd.Categorical.from_codes(codes, categories=data.codes.categories[k])
            if isinstance(column.dtype, pd.CategoricalDtype):
                columns[name] = values.set_categories(column.cat.categories)
            else:
                columns[name] = np.asarray(values, dtype=object)
            k += 1
        else:
            columns[name] = rows[:, j]
    return pd.DataFrame(columns)
