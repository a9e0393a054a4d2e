import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_array_equal
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


# ------------------------------------------------------------- Weka's encoding
def _weka_frame():
    return pd.DataFrame(
        {
            "flag": pd.Categorical(["yes", "no", None, "yes", "no"], categories=["no", "yes"]),
            "x": [1.0, np.nan, 3.0, 5.0, 2.0],
            "colour": pd.Categorical(
                ["blue", "red", "blue", None, "blue"], categories=["red", "green", "blue"]
            ),
            "size": pd.Series(["l", "s", "s", "l", None], dtype=object),
        }
    )


def test_weka_encoding_makes_a_two_valued_attribute_one_column():
    # Weka's NominalToBinary: a nominal attribute with two values is one 0/1 column (the
    # index of the value), one with k > 2 values k indicator columns, each in its place.
    X = _weka_frame()
    enc = MixedEncoder(scale="none", encoding="weka").fit(X)
    out = enc.transform(X)
    assert enc.n_features_out_ == out.shape[1] == 1 + 1 + 3 + 1
    assert_array_equal(out[:, 0], [1, 0, 0, 1, 0])  # flag: "no" 0, "yes" 1; missing: a tie
    assert_array_equal(out[:, 1], [1, 2.75, 3, 5, 2])  # x: the mean fills in
    assert_array_equal(out[:, 2:5], [[0, 0, 1], [1, 0, 0], [0, 0, 1], [0, 0, 1], [0, 0, 1]])
    assert_array_equal(out[:, 5], [0, 1, 1, 0, 0])  # size: "l" (seen first) 0, "s" 1
    # the one-hot encoding keeps two columns for a two-valued attribute
    assert MixedEncoder(encoding="one-hot").fit(X).n_features_out_ == 1 + 2 + 3 + 2


def test_weka_mode_ties_go_to_the_first_declared_value_and_weights_count():
    X = _weka_frame()
    enc = MixedEncoder(encoding="weka").fit(X)
    assert enc.modes_ == ["no", "blue", "l"]  # flag: no and yes tie -> "no", declared first
    weighted = MixedEncoder(encoding="weka").fit(X, sample_weight=[3, 1, 1, 1, 1])
    assert weighted.modes_ == ["yes", "blue", "l"]
    assert weighted.numeric_fill_[0] == (3 * 1.0 + 3.0 + 5.0 + 2.0) / 6
    # a weight of zero is a row left out
    dropped = MixedEncoder(encoding="weka").fit(X.iloc[1:])
    zero = MixedEncoder(encoding="weka").fit(X, sample_weight=[0, 1, 1, 1, 1])
    assert_array_equal(zero.transform(X), dropped.transform(X))


def test_weka_encoding_treats_an_unknown_value_as_missing():
    X = _weka_frame()
    enc = MixedEncoder(encoding="weka").fit(X)
    test = X.iloc[:1].copy()
    test["size"] = pd.Series(["xl"], dtype=object, index=test.index)
    test["colour"] = pd.Categorical([None], categories=["red", "green", "blue"])
    out = enc.transform(test)
    assert_array_equal(out[0, 2:], [0, 0, 1, 0])  # colour's mode "blue"; size's "l" = 0


def test_weka_means_are_summed_row_by_row():
    # NumPy's sum adds in eight interleaved partial sums; Weka's loop adds row by row
    # (here 1 + 1e-16 + ... stays 1), and the imputed value must be Weka's to the bit.
    values = np.array([1.0] + [1e-16] * 15 + [np.nan])
    X = values[:, None]
    known = values[:-1]
    sequential = 0.0
    for v in known:
        sequential += v
    assert np.sum(known) != sequential
    enc = MixedEncoder(scale="none", encoding="weka").fit(X)
    assert enc.numeric_fill_[0] == sequential / known.size
    assert enc.transform(X)[-1, 0] == sequential / known.size


def test_weka_modes_are_the_weighted_first_largest_count_of_each_column():
    # Against a loop over the columns: the weighted count of each value, the first of
    # the largest; a column without values (or without categories) gets 0.
    from ensemble_lab.encoding._encoder import _weka_modes

    rng = np.random.default_rng(0)
    sizes = np.array([3, 0, 1, 5, 2, 4])
    codes = np.column_stack([rng.integers(0, max(k, 1), 60).astype(float) for k in sizes])
    codes[rng.random(codes.shape) < 0.3] = np.nan
    codes[:, 1] = np.nan  # no categories at all
    codes[:, 4] = np.nan  # no values
    weight = rng.choice([0.5, 1.0, 2.0], size=60)
    expected = []
    for j, k in enumerate(sizes):
        known = ~np.isnan(codes[:, j])
        counts = np.bincount(codes[known, j].astype(int), weights=weight[known], minlength=k)
        expected.append(float(np.argmax(counts)) if k else 0.0)
    assert_array_equal(_weka_modes(codes, sizes, weight), expected)
    assert_array_equal(_weka_modes(codes[:0], sizes, weight[:0]), np.zeros(sizes.size))
