"""Mixed data encoded once: the seam between the ensembles and their members' learners.

Every module names what it holds:

* ``_layout`` — :class:`MixedCodes`, the column layout of a mixed table learned from
  training data (which columns are nominal, their values), and the matrix of nominal
  value codes and numbers it turns a table into;
* ``_encoder`` — :class:`MixedEncoder`, the imputed, one-hot (or Weka
  ``NominalToBinary``) and scaled numeric space, as a scikit-learn transformer;
* ``_shared`` — :class:`EncodedData` and :class:`TestData`, the training and test data
  an ensemble encodes once per ``fit`` and per prediction (:func:`encode_training`,
  :func:`encode_test`);
* ``_learner`` — the declared interface: a learner that trains on the shared data is an
  :class:`EncodedLearner`, a member that predicts from it an :class:`EncodedPredictor`,
  a learner behind its own :class:`MixedEncoder` an :class:`EncoderWrapper`; and the
  adapters :func:`fit_member` and :func:`member_distribution` for any learner;
* ``_filters`` — :class:`CodedClassifier` and :class:`ScaledLearner`, members that run
  Weka's filters (or only the scaling) on rows of a matrix encoded once;
* ``_split`` — :func:`split_encoding`: the encoder of an :class:`EncoderWrapper` base
  learner fitted once for all the members.

Mixed data are validated in one place, :func:`ensemble_lab.base.validate_mixed_data`
(and its column-wise form :func:`~ensemble_lab.base.validate_mixed_columns`), which
every encoder here calls.
"""

from ._encoder import MixedEncoder
from ._filters import CodedClassifier, ScaledLearner
from ._layout import MixedCodes, category_values, fit_mixed_codes
from ._learner import (
    EncodedLearner,
    EncodedPredictor,
    EncoderWrapper,
    fit_member,
    member_distribution,
)
from ._shared import (
    EncodedData,
    TestData,
    class_codes,
    encode_test,
    encode_training,
    remember_features,
    seen_columns,
)
from ._split import encode_for_members, member_config, split_encoding

__all__ = [
    "CodedClassifier",
    "EncodedData",
    "EncodedLearner",
    "EncodedPredictor",
    "EncoderWrapper",
    "MixedCodes",
    "MixedEncoder",
    "ScaledLearner",
    "TestData",
    "category_values",
    "class_codes",
    "encode_for_members",
    "encode_test",
    "encode_training",
    "fit_member",
    "fit_mixed_codes",
    "member_config",
    "member_distribution",
    "remember_features",
    "seen_columns",
    "split_encoding",
]
