import numpy as np
import pandas as pd
import pytest
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import MinMaxScaler, OneHotEncoder, StandardScaler

from ensemble_lab.learners import MixedEncoder


def _frame(rng, n):
    X = pd.DataFrame(
        {
            "a": rng.normal(size=n),
            "colour": pd.Categorical(rng.choice(["red", "green", "blue"], size=n)),
            "b": rng.uniform(size=n) * 10,
            "size": pd.Series(rng.choice(["s", "m", "l", "xl"], size=n), dtype=object),
            "const": np.full(n, 3.0),
        }
    )
    X.loc[rng.uniform(size=n) < 0.1, "a"] = np.nan
    X.loc[rng.uniform(size=n) < 0.1, "colour"] = np.nan
    X.loc[rng.uniform(size=n) < 0.1, "size"] = np.nan
    return X


def _as_object(X):
    """Nominal columns as object arrays with NaN, as sklearn's imputer wants them."""
    X = X.astype({"colour": object})
    return X.where(X.notna(), np.nan)


def _reference(scale):
    scaler = {"minmax": MinMaxScaler(), "standard": StandardScaler()}[scale]
    return ColumnTransformer(
        [
            ("num", make_pipeline(SimpleImputer(strategy="mean"), scaler), ["a", "b", "const"]),
            (
                "nom",
                make_pipeline(
                    SimpleImputer(strategy="most_frequent"),
                    OneHotEncoder(handle_unknown="ignore", sparse_output=False),
                ),
                ["colour", "size"],
            ),
        ]
    )


@pytest.mark.parametrize("scale", ["minmax", "standard"])
def test_encoding_equals_the_sklearn_pipeline(scale):
    rng = np.random.default_rng(0)
    train, test = _frame(rng, 200), _frame(rng, 50)
    test.loc[0, "size"] = "xxl"  # unseen value: all zeros
    test["size"] = test["size"].astype(object)
    ours = MixedEncoder(scale=scale).fit(train)
    ref = _reference(scale).fit(_as_object(train))
    np.testing.assert_allclose(ours.transform(train), ref.transform(_as_object(train)), atol=1e-12)
    np.testing.assert_allclose(ours.transform(test), ref.transform(_as_object(test)), atol=1e-12)
    assert ours.n_features_out_ == 3 + 3 + 4


def test_without_imputation_missing_stays_missing_or_zero():
    X = pd.DataFrame({"x": [1.0, np.nan, 3.0], "c": pd.Categorical(["u", None, "v"])})
    out = MixedEncoder(impute=False).fit_transform(X)
    np.testing.assert_array_equal(out[:, 0], [0.0, np.nan, 1.0])
    np.testing.assert_array_equal(out[1, 1:], [0.0, 0.0])


def test_numeric_array_path():
    X = np.array([[1.0, 5.0], [np.nan, 5.0], [3.0, 5.0]])
    out = MixedEncoder().fit_transform(X)
    np.testing.assert_allclose(out, [[0.0, 0.0], [0.5, 0.0], [1.0, 0.0]])
