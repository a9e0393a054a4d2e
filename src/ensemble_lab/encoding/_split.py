"""The data of an ensemble coded once for members that encode (an :class:`EncoderWrapper`).

A base learner that works in the encoded space of :class:`MixedEncoder` (the ``"smo"``
preset, say) would validate and encode the DataFrame again for every member and at
every prediction. :func:`split_encoding` codes the data once and gives the member that
takes the coded rows: a :class:`CodedClassifier` (Weka's filters on the member's own
sample) or a :class:`ScaledLearner`.
"""

from __future__ import annotations

from ..base import safe_rows
from ..utils import seed_random_states
from ._encoder import MixedEncoder
from ._filters import CodedClassifier, ScaledLearner
from ._layout import MixedCodes, fit_mixed_codes
from ._learner import EncoderWrapper

__all__ = ["encode_for_members", "member_config", "split_encoding"]


def split_encoding(base, X, sample_weight, interpolates=False):
    """``(encoder, learner)``: impute and encode once when the base learner encodes.

    A base learner that works in the encoded space of :class:`MixedEncoder`
    (an :class:`EncoderWrapper`: :class:`~ensemble_lab.learners.EncodedClassifier`,
    e.g. the ``"smo"`` preset) would validate and encode
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
    if not isinstance(base, EncoderWrapper):
        return None, base
    inner = base._make_estimator()
    if base.random_state is not None:
        seed_random_states(inner, base.random_state)
    kept = safe_rows(X, sample_weight > 0)
    if base.encoding == "weka" and not interpolates:
        codes = fit_mixed_codes(kept)
        return codes, CodedClassifier(inner, codes, scale=base.scale)
    encoder = MixedEncoder(scale="none", encoding=base.encoding).fit(kept)
    return encoder, ScaledLearner(inner, scale=base.scale, scaled=encoder.numeric_outputs())


def encode_for_members(encoder, X):
    """``X`` as the members take it: Weka's instance matrix, or MixedEncoder's output."""
    return encoder.matrix(X) if isinstance(encoder, MixedCodes) else encoder.transform(X)


def member_config(encoder) -> dict:
    """scikit-learn settings while members are fitted and asked.

    The base learner's parameters are validated once per ``fit``, not in every member
    fit; after the shared encoder (which imputes) the data are known to be finite.
    """
    return {"skip_parameter_validation": True, "assume_finite": encoder is not None}
