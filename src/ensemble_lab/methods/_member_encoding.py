"""The data of an ensemble coded once for members that encode (``EncodedClassifier``).

A base learner that works in the encoded space of :class:`MixedEncoder` (the ``"smo"``
preset, say) would validate and encode the DataFrame again for every member and at
every prediction. :func:`split_encoding` codes the data once and gives the member that
takes the coded rows: a :class:`CodedClassifier` (Weka's filters on the member's own
sample) or a :class:`ScaledLearner`.
"""

from __future__ import annotations

import numpy as np
from sklearn.base import ClassifierMixin, clone
from sklearn.utils.metaestimators import available_if

from .._members import seed_random_states
from ..base import safe_rows
from ..learners import EncodedClassifier, MixedEncoder
from ..learners._coded import CodedClassifier
from ..learners._codes import MixedCodes, fit_mixed_codes
from ..utils._estimator import Estimator
from ..utils._sklearn_compat import HasMethods, StrOptions

__all__ = ["ScaledLearner", "encode_for_members", "member_config", "split_encoding"]


def split_encoding(base, X, sample_weight, interpolates=False):
    """``(encoder, learner)``: impute and encode once when the base learner encodes.

    A base learner that works in the encoded space of :class:`MixedEncoder`
    (:class:`EncodedClassifier`, e.g. the ``"smo"`` preset) would validate and encode
    the DataFrame again for every member and at every prediction — hundreds of times
    for a one-vs-one ensemble. Instead the data are coded once:

    * Weka's encoding (``"smo"``): the DataFrame becomes Weka's instance matrix once
      (:class:`MixedCodes`) and each member is a :class:`CodedClassifier`, which runs
      ``ReplaceMissingValues`` and ``NominalToBinary`` on its own weighted sample, as
      Weka's SMO does for every classifier it is asked to build;
    * one-hot encoding, or a biasing strategy that makes new instances by
      interpolation (``interpolates``: SMOTE needs complete numbers): an unscaled,
      imputing encoder with the base learner's ``encoding`` is fitted once on the
      training instances of positive weight, and each member is a
      :class:`ScaledLearner` (the base learner's scaling fitted on the member's sample,
      then its inner learner).

    Any other base learner gets X as it is (encoder None).
    """
    if not isinstance(base, EncodedClassifier):
        return None, base
    inner = base._make_estimator()
    if base.random_state is not None:
        seed_random_states(inner, base.random_state)
    kept = safe_rows(X, sample_weight > 0)
    if base.encoding == "weka" and not interpolates:
        codes = fit_mixed_codes(kept)
        return codes, CodedClassifier(inner, codes, scale=base.scale)
    encoder = MixedEncoder(scale="none", encoding=base.encoding).fit(kept)
    return encoder, ScaledLearner(inner, scale=base.scale, scaled=_numeric_outputs(encoder))


def encode_for_members(encoder, X):
    """``X`` as the members take it: Weka's instance matrix, or MixedEncoder's output."""
    return encoder.matrix(X) if isinstance(encoder, MixedCodes) else encoder.transform(X)


def _numeric_outputs(encoder) -> tuple[int, ...]:
    """Columns of ``encoder``'s output that hold its numeric inputs (the ones it scales)."""
    numeric = ~encoder.nominal_mask_
    if encoder.encoding == "one-hot":  # the numeric block comes first
        return tuple(range(int(numeric.sum())))
    width = np.ones(numeric.size, dtype=np.intp)  # "weka": every column stays in place,
    many = [len(c) if len(c) > 2 else 1 for c in encoder.categories_]  # wide if > 2 values
    width[~numeric] = many
    start = np.concatenate([[0], np.cumsum(width)[:-1]])
    return tuple(int(j) for j in start[numeric])


def _inner_has(attr: str):
    def check(self) -> bool:
        return hasattr(getattr(self, "estimator_", self.estimator), attr)

    return check


class ScaledLearner(ClassifierMixin, Estimator):
    """``estimator`` after scaling the columns ``scaled``, as MixedEncoder does.

    The member of an encoded base learner on the already imputed and encoded matrix:
    the scaling (``"minmax"``, ``"standard"`` or ``"none"``) of the numeric columns is
    fitted on the rows of positive weight, exactly as :class:`EncodedClassifier` fits
    its encoder.
    """

    _parameter_constraints: dict = {
        "estimator": [HasMethods(["fit", "predict"])],
        "scale": [StrOptions({"minmax", "standard", "none"})],
        "scaled": [tuple],
    }

    def __init__(self, estimator, scale="minmax", scaled=()):
        self.estimator = estimator
        self.scale = scale
        self.scaled = scaled

    def _validate_params(self):
        super()._validate_params()
        if hasattr(self.estimator, "_validate_params"):
            self.estimator._validate_params()

    def fit(self, X, y, sample_weight=None):
        rows = X if sample_weight is None else X[np.asarray(sample_weight) > 0]
        numeric = rows[:, list(self.scaled)]
        if self.scale == "minmax" and numeric.shape[0]:
            offset, span = numeric.min(axis=0), np.ptp(numeric, axis=0)
        elif self.scale == "standard" and numeric.shape[0]:
            offset, span = numeric.mean(axis=0), numeric.std(axis=0)
        else:
            offset, span = None, None
        self.offset_ = offset
        self.span_ = None if span is None else np.where(np.isfinite(span) & (span > 0), span, 1.0)
        params = {} if sample_weight is None else {"sample_weight": sample_weight}
        self.estimator_ = clone(self.estimator).fit(self._scaled(X), y, **params)
        self.classes_ = self.estimator_.classes_
        return self

    def _scaled(self, X):
        if self.offset_ is None:  # nothing to scale
            return X
        columns = list(self.scaled)
        out = np.array(X, dtype=float)
        out[:, columns] = (out[:, columns] - self.offset_) / self.span_
        return out

    def predict(self, X):
        return self.estimator_.predict(self._scaled(X))

    @available_if(_inner_has("decision_function"))
    def decision_function(self, X):
        return self.estimator_.decision_function(self._scaled(X))

    @available_if(_inner_has("predict_proba"))
    def predict_proba(self, X):
        return self.estimator_.predict_proba(self._scaled(X))


def member_config(encoder) -> dict:
    """scikit-learn settings while members are fitted and asked.

    The base learner's parameters are validated once per ``fit``, not in every member
    fit; after the shared encoder (which imputes) the data are known to be finite.
    """
    return {"skip_parameter_validation": True, "assume_finite": encoder is not None}
