"""Named base-learner presets reproducing the papers' Weka learners.

``make_learner("j48")`` and friends return plain scikit-learn estimators: a small class
of this package, or an :class:`EncodedClassifier` (the "Weka SMO space" encoder followed
by a numeric classifier) that accepts mixed data and ``sample_weight``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.neural_network import MLPClassifier
from sklearn.svm import SVC
from sklearn.utils.metaestimators import available_if
from sklearn.utils.validation import has_fit_parameter

from ..base import check_sample_weight, require_y, safe_rows, validate_mixed_data
from ..encoding import EncoderWrapper, MixedEncoder
from ..utils import (
    Estimator,
    HasMethods,
    StrOptions,
    check_is_fitted,
    fit_context,
    seed_random_states,
)
from ._c45 import C45TreeClassifier
from ._naive_bayes import MixedNaiveBayes
from ._qda import RegularizedQDA
from ._smo import SMOClassifier

__all__ = ["EncodedClassifier", "learner_names", "make_learner", "resolve_estimator"]

# Checks that fail for a wrapped learner of this class, with the reason.
_INNER_EXPECTED_FAILURES = {
    "SVC": {
        "check_sample_weight_equivalence_on_dense_data": (
            "libsvm scales C per sample; the weighted solution matches the one with "
            "repeated samples only up to the solver tolerance (scikit-learn lists the "
            "same failure for SVC)."
        ),
    },
    "SMOClassifier": dict(SMOClassifier._expected_failed_checks),
}


def _estimator_has(attr: str) -> Callable[[EncodedClassifier], bool]:
    def check(self: EncodedClassifier) -> bool:
        inner = getattr(self, "estimator_", None)
        if inner is None:
            inner = self._make_estimator()
        return hasattr(inner, attr)

    return check


class EncodedClassifier(EncoderWrapper, ClassifierMixin, Estimator):
    """A classifier fitted in the encoded space of :class:`MixedEncoder`.

    Missing values are replaced by the training mean/mode, nominal columns turned into
    0/1 columns and numeric columns scaled (a :class:`MixedEncoder`); then a clone of
    ``estimator`` is fitted. This is how Weka's SMO and MultilayerPerceptron see mixed
    data.

    Parameters
    ----------
    estimator : classifier, default=None
        The learner to fit on the encoded data; ``None`` means the ``smo`` preset's
        :class:`SMOClassifier` (Weka's SMO).
    scale : {"minmax", "standard", "none"}, default="minmax"
        Scaling of the numeric columns (see :class:`MixedEncoder`).
    encoding : {"one-hot", "weka"}, default="one-hot"
        How nominal columns become numbers (see :class:`MixedEncoder`): scikit-learn's
        one-hot encoding, or Weka's ``NominalToBinary`` in Weka's column order.
    random_state : int, RandomState instance or None, default=None
        If not None, sets every ``random_state`` parameter of the cloned estimator.

    Attributes
    ----------
    encoder_ : MixedEncoder
        The fitted encoder.
    estimator_ : classifier
        The fitted clone of ``estimator``.
    classes_ : ndarray of shape (n_classes,)
        Class labels.
    n_features_in_ : int
        Number of input columns.
    feature_names_in_ : ndarray of str
        Input column names (DataFrame input only).

    Notes
    -----
    ``sample_weight`` goes to the wrapped estimator, which must accept it. The encoder
    is fitted on the instances of positive weight only, so that a zero weight means the
    same as leaving the instance out (boosting and Triskel rely on that), and weighs
    them as copies in the means and modes that replace missing values (as Weka's
    ``ReplaceMissingValues``) and in a standardisation. A categorical ``y`` reaches the
    estimator as it is, so that one numbering its classes as Weka does
    (:class:`SMOClassifier`) sees the declared order.

    ``decision_function``, ``predict_proba`` and ``predict_log_proba`` exist when the
    fitted estimator has them (an ``SVC`` has ``predict_proba`` only with
    ``probability=True``).

    Expected failure of scikit-learn's estimator checks, depending on the wrapped
    estimator: ``check_sample_weight_equivalence_on_dense_data`` for ``SVC`` (libsvm's
    weighted solution matches the repeated-samples one only up to the solver
    tolerance; scikit-learn lists the same failure for ``SVC``) and for
    :class:`SMOClassifier` (see there).

    References
    ----------
    I. H. Witten and E. Frank. *Data Mining: Practical Machine Learning Tools and
    Techniques*, 2nd edition. Morgan Kaufmann, 2005 (Weka 3.6).

    Examples
    --------
    >>> from sklearn.linear_model import LogisticRegression
    >>> from ensemble_lab.datasets import load
    >>> from ensemble_lab.learners import EncodedClassifier
    >>> X, y = load("vote")  # nominal attributes with missing values
    >>> clf = EncodedClassifier(LogisticRegression()).fit(X, y)
    >>> clf.predict(X.iloc[:2]).tolist()
    ['republican', 'republican']
    """

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict"]), None],
        "scale": [StrOptions({"minmax", "standard", "none"})],
        "encoding": [StrOptions({"one-hot", "weka"})],
        "random_state": ["random_state"],
    }

    def __init__(self, estimator=None, *, scale="minmax", encoding="one-hot", random_state=None):
        self.estimator = estimator
        self.scale = scale
        self.encoding = encoding
        self.random_state = random_state

    @property
    def _expected_failed_checks(self) -> dict[str, str]:
        return dict(_INNER_EXPECTED_FAILURES.get(type(self._make_estimator()).__name__, {}))

    def _make_estimator(self):
        if self.estimator is None:
            return SMOClassifier()
        return clone(self.estimator)

    @fit_context(prefer_skip_nested_validation=False)
    def fit(self, X, y, sample_weight=None):
        """Fit the encoder, then the estimator on the encoded data.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)
            Training data; ``category``/``object`` columns are nominal, NaN is missing.
        y : array-like of shape (n_samples,)
            Class labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Instance weights, passed to the estimator.

        Returns
        -------
        self : EncodedClassifier
        """
        require_y(self, y)
        categorical = isinstance(y, pd.Series) and isinstance(y.dtype, pd.CategoricalDtype)
        target = y
        X, y = validate_mixed_data(self, X, y, reset=True)
        if categorical:
            y = target  # validated; its declared categories are the class numbering
        self.encoder_ = MixedEncoder(scale=self.scale, encoding=self.encoding)
        if sample_weight is None:
            self.encoder_.fit(X)
        else:
            sample_weight = check_sample_weight(sample_weight, X)
            positive = sample_weight > 0
            self.encoder_.fit(safe_rows(X, positive), sample_weight=sample_weight[positive])
        self._check_encoded_width(X)
        estimator = self._make_estimator()
        if self.random_state is not None:
            seed_random_states(estimator, self.random_state)
        if sample_weight is not None and not has_fit_parameter(estimator, "sample_weight"):
            raise TypeError(
                f"{type(estimator).__name__} does not accept sample_weight in fit; "
                "wrap a learner that does, or resample instead of weighting."
            )
        fit_params = {} if sample_weight is None else {"sample_weight": sample_weight}
        self.estimator_ = estimator.fit(self.encoder_.transform(X), y, **fit_params)
        self.classes_ = self.estimator_.classes_
        return self

    def _check_encoded_width(self, X) -> None:
        """Raise ``ValueError`` if the encoding leaves the learner no column to learn from.

        Nominal columns without any value (all missing) encode to no column; the wrapped
        learner would refuse its empty matrix with a message about a shape ``X`` lacks.
        """
        if self.encoder_.n_features_out_ > 0:
            return
        names = list(getattr(self, "feature_names_in_", range(X.shape[1])))
        raise ValueError(
            f"{type(self._make_estimator()).__name__} gets no column to learn from: X's "
            f"columns {names} are nominal and hold no value (in the rows of positive "
            "weight); give them values, or a numeric column."
        )

    def _encode(self, X):
        check_is_fitted(self)
        X = validate_mixed_data(self, X, reset=False)
        return self.encoder_.transform(X)

    def predict(self, X):
        """Predicted class of each sample.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)
        """
        Xt = self._encode(X)
        return self.estimator_.predict(Xt)

    @available_if(_estimator_has("decision_function"))
    def decision_function(self, X):
        """The estimator's decision function on the encoded data.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,) or (n_samples, n_classes)
        """
        Xt = self._encode(X)
        return self.estimator_.decision_function(Xt)

    @available_if(_estimator_has("predict_proba"))
    def predict_proba(self, X):
        """The estimator's class probabilities on the encoded data.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
        """
        Xt = self._encode(X)
        if self.classes_.shape[0] == 1:  # scikit-learn's MLP gives one class two columns
            return np.ones((Xt.shape[0], 1))
        return self.estimator_.predict_proba(Xt)

    @available_if(_estimator_has("predict_log_proba"))
    def predict_log_proba(self, X):
        """Log of :meth:`predict_proba`.

        Parameters
        ----------
        X : array-like or DataFrame of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, n_classes)
        """
        Xt = self._encode(X)
        if self.classes_.shape[0] == 1:  # as predict_proba
            return np.zeros((Xt.shape[0], 1))
        return self.estimator_.predict_log_proba(Xt)

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        return tags


def _encoded(estimator: BaseEstimator, scale: str, encoding: str = "one-hot") -> EncodedClassifier:
    return EncodedClassifier(estimator, scale=scale, encoding=encoding)


#: Iteration cap of the libsvm solver in the ``rbf-svm`` preset. LIBSVM itself (since 3.17)
#: stops at max(10^7, 100 n) iterations, scikit-learn's copy never does, and on some
#: problems (e.g. an undersampled one-vs-rest problem of anneal.orig, 15 of its rows
#: in ``tests/learners/data/libsvm_cycle.npz``) the working-set selection cycles
#: forever at a solution it has already reached. A fit that reaches the cap warns
#: (``ConvergenceWarning``); on the problems seen so far the model at the cap equals
#: the one at 10^4 iterations. Ordinary fits of a few thousand rows converge in far
#: fewer iterations, so the cap changes nothing else.
SVM_MAX_ITER = 1_000_000

# Each preset: a factory of the estimator with the papers' settings.
_PRESETS: dict[str, Callable[[], BaseEstimator]] = {
    "j48": lambda: C45TreeClassifier(),
    "j48-unpruned": lambda: C45TreeClassifier(unpruned=True),
    "j48-binary": lambda: C45TreeClassifier(binary_splits=True),
    # Weka SMO: ReplaceMissingValues and NominalToBinary (the encoder), then Normalize to
    # [0, 1], C = 1, linear kernel, pairwise multi-class (SMOClassifier).
    "smo": lambda: _encoded(SMOClassifier(), "none", "weka"),
    "nb": lambda: MixedNaiveBayes(),
    "qda": lambda: _encoded(RegularizedQDA(), "standard"),
    "mlp": lambda: _encoded(MLPClassifier(hidden_layer_sizes=(15,), max_iter=300), "minmax"),
    "rbf-svm": lambda: _encoded(
        SVC(kernel="rbf", C=1.0, gamma="scale", max_iter=SVM_MAX_ITER), "minmax"
    ),
}


def learner_names() -> list[str]:
    """Names accepted by :func:`make_learner`, sorted.

    >>> learner_names()
    ['j48', 'j48-binary', 'j48-unpruned', 'mlp', 'nb', 'qda', 'rbf-svm', 'smo']
    """
    return sorted(_PRESETS)


def make_learner(name: str, **params) -> BaseEstimator:
    """A new, unfitted base learner preset.

    Parameters
    ----------
    name : str
        Preset name (case-insensitive), one of :func:`learner_names`:

        * ``"j48"`` — :class:`C45TreeClassifier`, Weka's J48 with its defaults (C4.5
          release 8, pruning at confidence 0.25 with subtree raising, at least 2
          instances in two branches); ``"j48-unpruned"`` — the same without pruning
          (``-U``); ``"j48-binary"`` — binary splits on nominal attributes (``-B``), often
          better where nominal attributes have many values.
        * ``"smo"`` — Weka's SMO with its defaults, prediction for prediction: missing
          values replaced by mean/mode and nominal attributes made binary as Weka's
          filters do (``MixedEncoder(encoding="weka")``; a two-valued attribute is one
          0/1 column), then :class:`SMOClassifier` (attributes normalised to [0, 1],
          C = 1, linear kernel, one machine per pair of classes, Weka's optimiser and
          vote); ``decision_function`` always, ``predict_proba`` only with
          ``probability=True`` (Weka's ``-M``: logistic models of the outputs, pairwise
          coupling).
        * ``"nb"`` — :class:`MixedNaiveBayes`.
        * ``"qda"`` — standardised numerics, one-hot nominals, then
          :class:`RegularizedQDA` (refused above 2,000 encoded features: its fit is
          cubic in them).
        * ``"mlp"`` — one hidden layer of 15 units, at most 300 epochs (Adam; training
          stops earlier when the training loss has not improved by 1e-4 for 10
          epochs, scikit-learn's default), on the [0, 1] encoded data; supports
          ``sample_weight`` natively; pass ``random_state`` for reproducible weights.
        * ``"rbf-svm"`` — SVM with a Gaussian kernel (``gamma="scale"``), C = 1, on the
          [0, 1] encoded data; the same iteration cap as ``"smo"``.
    **params : dict
        Parameters of the learner. For an :class:`EncodedClassifier` preset a plain
        name (``C=10``, ``probability=True``) sets the wrapped estimator's parameter,
        except ``scale`` and ``random_state``, which are the wrapper's.

    Returns
    -------
    estimator
        A scikit-learn classifier accepting mixed DataFrames with NaN, numeric arrays,
        and ``sample_weight`` in ``fit``.

    Raises
    ------
    ValueError
        For an unknown name (the message lists the valid ones) or parameter.

    Examples
    --------
    >>> from ensemble_lab.learners import make_learner
    >>> make_learner("j48-unpruned")
    C45TreeClassifier(unpruned=True)
    >>> make_learner("smo", C=10).estimator
    SMOClassifier(C=10)
    """
    key = name.lower() if isinstance(name, str) else name
    if key not in _PRESETS:
        raise ValueError(
            f"Unknown learner preset {name!r}; valid names are: {', '.join(learner_names())}."
        )
    estimator = _PRESETS[key]()
    if isinstance(estimator, EncodedClassifier):
        own = {"estimator", "scale", "random_state"}
        params = {k if k in own or "__" in k else f"estimator__{k}": v for k, v in params.items()}
    return estimator.set_params(**params)


def resolve_estimator(estimator, default: str = "j48"):
    """The base learner an ensemble should clone.

    ``None`` means the preset ``default``; a string is a preset name of
    :func:`ensemble_lab.learners.make_learner`; anything else is returned as is (the
    caller clones it, never mutates it).
    """
    if estimator is None:
        estimator = default
    if isinstance(estimator, str):
        return make_learner(estimator)
    return estimator
