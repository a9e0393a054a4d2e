"""CodedClassifier: Weka's filters on rows of one instance matrix, as on a DataFrame."""

import numpy as np
import pandas as pd
from numpy.testing import assert_array_equal

from ensemble_lab.encoding import CodedClassifier, fit_mixed_codes
from ensemble_lab.learners import SMOClassifier, make_learner


def _frame(n=150, seed=0):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame(
        {
            "colour": pd.Categorical(rng.choice(["red", "green", "blue", None], n)),
            "flag": pd.Categorical(rng.choice(["yes", "no"], n), categories=["yes", "no"]),
            "size": np.where(rng.random(n) < 0.3, np.nan, rng.normal(size=n)),
        }
    )
    y = np.where(np.nan_to_num(X["size"]) > 0, "big", np.where(X["flag"] == "yes", "a", "b"))
    return X, y


def test_members_on_coded_rows_equal_the_smo_preset_on_the_frame_rows():
    # A member trained on some rows with weights: the preset validates and encodes the
    # DataFrame's rows itself; the coded member gets the same rows of the matrix made
    # once. Imputation from the weighted rows and the binarisation must agree.
    X, y = _frame()
    test, _ = _frame(seed=1)
    codes = fit_mixed_codes(X)
    matrix = codes.matrix(X)
    rows = np.flatnonzero(np.random.default_rng(2).random(len(y)) < 0.6)
    weight = np.random.default_rng(3).choice([0.0, 0.5, 1.0, 3.0], size=rows.size)
    member = CodedClassifier(SMOClassifier(), codes).fit(matrix[rows], y[rows], weight)
    preset = make_learner("smo").fit(X.iloc[rows], y[rows], sample_weight=weight)
    assert_array_equal(member.predict(codes.matrix(test)), preset.predict(test))
    kept = weight > 0
    assert member.encoder_.numeric_fill_[0] == preset.encoder_.numeric_fill_[0]
    assert member.encoder_.numeric_fill_[0] != np.nanmean(matrix[rows[kept], 2])
