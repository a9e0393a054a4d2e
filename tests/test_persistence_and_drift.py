"""Fitted ensembles persist with skops, and refuse nominal columns given as codes.

Every registered method is fitted once on nominal data with missing values (the
embedded breast-cancer), then saved and loaded with skops (the loaded model must predict
exactly what the fitted one does) and asked to predict from the same rows with every
nominal column replaced by its category codes (an error, not silent garbage).
"""

import warnings

import numpy as np
import pytest

from ensemble_lab import methods
from ensemble_lab.base import has_members, member_predictions
from ensemble_lab.datasets import load

sio = pytest.importorskip("skops.io")

X, Y = load("breast-cancer")
X_TRAIN, Y_TRAIN = X.iloc[::2], Y.iloc[::2]
X_TEST = X.iloc[1::2]
CODES = X_TEST.apply(lambda c: c.cat.codes.astype(float).where(c.notna()))
NAMES = methods.names()  # now: other tests may register names of their own later


@pytest.fixture(scope="module")
def fitted():
    return {name: methods.make(name, random_state=0).fit(X_TRAIN, Y_TRAIN) for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_skops_round_trip(fitted, name):
    estimator = fitted[name]
    data = sio.dumps(estimator)
    loaded = sio.loads(data, trusted=sio.get_untrusted_types(data=data))
    np.testing.assert_array_equal(loaded.predict(X_TEST), estimator.predict(X_TEST))


@pytest.mark.parametrize("name", NAMES)
def test_nominal_columns_as_codes_are_refused(fitted, name):
    with pytest.raises(ValueError, match=r"nominal .* numbers now; pass .*nominal values"):
        fitted[name].predict(CODES)


NUMERIC_X, NUMERIC_Y = load("iris")


@pytest.mark.parametrize("name", NAMES)
def test_numeric_frame_keeps_its_column_names(name):
    # An all-numeric DataFrame is validated into an array; the names must survive it,
    # or predicting from the same columns warns "fitted without feature names".
    estimator = methods.make(name, random_state=0).fit(NUMERIC_X.iloc[::2], NUMERIC_Y.iloc[::2])
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)
        estimator.predict(NUMERIC_X.iloc[1::2])
        if has_members(estimator):  # each member asked as the ensemble asks it
            members = member_predictions(estimator, NUMERIC_X.iloc[1::2])
            assert set(np.unique(members)) <= set(estimator.classes_)
    np.testing.assert_array_equal(estimator.feature_names_in_, NUMERIC_X.columns)
