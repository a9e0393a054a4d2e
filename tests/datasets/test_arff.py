import pickle
import textwrap

import numpy as np
import pandas as pd
import pytest

from ensemble_lab.datasets import ArffError, load_arff, read_arff


def _write(tmp_path, text, name="bad.arff"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip())
    return path


GOOD = """
    % a comment
    @RELATION 'toy relation'
    @attribute 'first name' {'a b', c, '?'}
    @Attribute width INTEGER [1,10]
    @attribute label {yes,no}
    @DATA
    'a b', 1, yes
    % comment inside the data
    c, ?, no

    '?', 2, yes
    ?, 10, no
"""


def test_reads_quotes_ranges_comments_and_missing(tmp_path):
    X, y = load_arff(_write(tmp_path, GOOD))
    assert list(X.columns) == ["first name", "width"]
    assert list(X["first name"].cat.categories) == ["a b", "c", "?"]
    # unquoted ? is missing; quoted '?' is a declared value (Weka's anneal does this)
    assert X["first name"].tolist()[:3] == ["a b", "c", "?"]
    assert pd.isna(X["first name"].iloc[3])
    np.testing.assert_array_equal(X["width"].to_numpy(), [1.0, np.nan, 2.0, 10.0])
    assert y.tolist() == ["yes", "no", "yes", "no"]


def test_sparse_rows(tmp_path):
    path = _write(
        tmp_path,
        """
        @relation s
        @attribute a numeric
        @attribute b numeric
        @attribute c {x,y}
        @data
        {1 2.5, 2 y}
        {0 1}
        """,
    )
    X, y = load_arff(path)
    np.testing.assert_array_equal(X.to_numpy(), [[0.0, 2.5], [1.0, 0.0]])
    assert y.tolist() == ["y", "x"]


def test_sparse_rows_give_sparse_numeric_columns(tmp_path):
    text = "@relation s\n@attribute a numeric\n@attribute b numeric\n@attribute c {x,y}\n@data\n"
    sparse = _write(tmp_path, text + "{1 2.5, 2 y}\n{0 1}\n{0 ?}\n")
    dense = tmp_path / "dense.arff"
    dense.write_text(text + "0,2.5,y\n1,0,x\n?,0,x\n")
    X, y = load_arff(sparse)
    assert all(dtype == pd.SparseDtype(np.float64, 0.0) for dtype in X.dtypes)
    assert X["a"].array.sp_values.tolist()[:1] == [1.0]  # only the values written are stored
    X_dense, y_dense = load_arff(dense)
    pd.testing.assert_frame_equal(X.sparse.to_dense(), X_dense)
    pd.testing.assert_series_equal(y, y_dense)
    from ensemble_lab.learners import make_learner

    for preset in ("j48", "nb"):  # the estimators make the columns dense themselves
        fitted = make_learner(preset).fit(X, y)
        assert (
            fitted.predict(X).tolist()
            == make_learner(preset).fit(X_dense, y).predict(X_dense).tolist()
        )


def _peak_reading(path) -> tuple[pd.DataFrame, int]:
    import tracemalloc

    tracemalloc.start()
    try:
        frame = read_arff(path).frame
        return frame, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_sparse_reading_is_linear_in_the_values_written(tmp_path):
    # 3,000 attributes, two values a row: 3,000 rows would be 9 million cells expanded
    n_attributes = 3_000
    header = ["@relation wide", *(f"@attribute x{j} numeric" for j in range(n_attributes))]
    peaks = []
    for n_rows in (300, 3_000):
        given = [
            sorted({(7 * i) % n_attributes, (11 * i + 3) % n_attributes}) for i in range(n_rows)
        ]
        rows = ["{" + ",".join(f"{j} 1.5" for j in row) + "}" for row in given]
        path = tmp_path / f"wide{n_rows}.arff"
        path.write_text("\n".join([*header, "@data", *rows, ""]))
        frame, peak = _peak_reading(path)
        assert frame.shape == (n_rows, n_attributes)
        assert round(frame.sparse.density * frame.size) == sum(map(len, given))
        peaks.append(peak)
    # pandas' columns cost ~2 KB each whatever their length; the 2,700 more rows, 8
    # million cells if expanded (65 MB of floats), may add little more than their values
    assert peaks[1] - peaks[0] < 2e6, peaks


def test_numeric_class_as_nominal(tmp_path):
    path = _write(
        tmp_path,
        """
        @relation r
        @attribute a numeric
        @attribute rings integer
        @data
        1,10
        2,3
        3,10
        """,
    )
    _, y = load_arff(path, target_as_nominal=True)
    assert list(y.cat.categories) == ["3", "10"]
    assert y.tolist() == ["10", "3", "10"]


def _read_text(tmp_path, text, name="case.arff"):
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return read_arff(path)


def _error(tmp_path, text):
    with pytest.raises(ArffError) as info:
        _read_text(tmp_path, text)
    return info.value


HEAD = "@relation r\n@attribute a numeric\n@attribute b {x,y}\n@data\n"


MALFORMED = [
    ("@relation r\n@attribute a numeric\n@data\n1\nx\n", 5, 1, "'x' is not a number"),
    ("@relation r\n@attribute a {u,v}\n@data\nu\n  w\n", 5, 3, "'w' is not among the declared"),
    (HEAD + "1,x\n3\n", 6, 1, "expected 2 values, found 1"),
    (HEAD + "1,x,y\n", 5, 5, "expected 2 values, found 3"),
    ("@relation r\n@attribute a foo\n@data\n", 2, 14, "unknown type 'foo'"),
    ("@relation r\n@attribute a {u,v\n@data\n", 2, 14, "missing '}'"),
    ("@relation r\n@attribute 'a numeric\n@data\n", 2, 12, "unterminated quote"),
    ("@relation r\n@attrib a numeric\n@data\n", 2, 1, "expected @attribute or @data"),
    ("@attribute a numeric\n@data\n", 1, 1, "must begin with @relation"),
    ("@relation r\n@attribute a {u,u}\n@data\n", 2, 17, "declares 'u' twice"),
    ("@relation r\n@attribute a relational\n@end a\n@data\n", 2, 14, "relational attribute"),
    ("@relation r x\n@attribute a numeric\n@data\n", 1, 13, "after the relation name"),
    ("@relation r\n@attribute a numeric\n@data 1\n", 3, 7, "on the line after @data"),
    (HEAD + "{1 y, 5 x}\n", 5, 7, "index 5 is past the last attribute"),
    (HEAD + "{1 y, 0 1}\n", 5, 7, "index 0 comes after 1"),
    (HEAD + "{0 1, 1 y\n", 5, 1, "sparse row without '}'"),
    (HEAD + "{a 1}\n", 5, 2, "expected an attribute index"),
    (HEAD + "{0 1}\n{0 x}\n", 6, 4, "'x' is not a number"),
    (HEAD + "{0 1}\n{1 w}\n", 6, 4, "'w' is not among the declared values"),
    # a row that leaves out an attribute whose range excludes 0 (its value if left out)
    (
        "@relation r\n@attribute a integer [1,9]\n@attribute b {x}\n@data\n{0 2}\n {1 x}\n",
        6,
        2,
        "'a': 0 is outside the declared range [1,9]",
    ),
    (HEAD + "1,x,{2\n", 5, 5, "only an instance weight"),
    (HEAD + "1,x,{-2}\n", 5, 6, "instance weight '-2' is not a finite number >= 0"),
    (HEAD + "1,\x01x\n", 5, 3, "control character U+0001"),
    (HEAD + "1 {x}\n", 5, 3, "expected 2 values, found 1"),
    ("@relation r\n@attribute d date yyyy-MM-dd\n@data\n2001-02-30\n", 4, 1, "not a date"),
    ("@relation r\n@attribute d date 'yy-MM'\n@data\n", 2, 19, "two-digit years"),
    ("@relation r\n@attribute a real [0,1] x\n@data\n", 2, 19, "only a range"),
    ("@relation r\n@attribute a real [2,1]\n@data\n", 2, 19, "empty range"),
]

# Each case the reader used to get wrong: hang, misread, refuse, or give no line.
ONCE_MISREAD = [
    (b"@relation r\n@attribute 'caf\xe9' numeric\n@data\n", 2, 16, "byte 0xE9 is not UTF-8"),
    ("@relation r\n@attribute s string\n@data\n'unterminated\n", 4, 1, "unterminated quote"),
    (HEAD + "nan,x\n", 5, 1, "'nan' is not a number"),
    (HEAD + "-inf,x\n", 5, 1, "'-inf' is not a number"),
    (HEAD + "1e400,x\n", 5, 1, "overflows"),
    (HEAD + "{0 1, 0 2}\n", 5, 7, "index 0 appears twice"),
    ("@relation r\n@attribute a integer [1,10]\n@data\n5\n99\n", 5, 1, "99 is outside"),
    ("@relation r\n@attribute a integer [1,10]\n@data\n2.5\n", 4, 1, "2.5 is not an integer"),
    ("@relation r\n@attribute a integer (1,10]\n@data\n1\n", 4, 1, "outside the declared"),
    ("@relation r\n@attribute a numeric\n@attribute a {x}\n@data\n", 3, 12, "declared twice"),
    ("", 1, 1, "the file is empty"),
    ("% only a comment\n", 2, 1, "ends before @relation"),
    ("@relation r\n@attribute a numeric", 2, 21, "ends before @data"),
    # a year of 5,000 digits: int() refused it with a raw ValueError, without file or line
    (
        "@relation r\n@attribute d date 'yyyy-MM-dd'\n@data\n2001-01-01\n"
        + "2" * 5000
        + "-01-01\n",
        5,
        1,
        "'d': '2222222222222222222222222222222222222222'... (5,006 characters) is not a date",
    ),
    (
        HEAD + "1,x\n" + "9" * 5000 + ",x\n",
        6,
        1,
        "'a': the number overflows a double",
    ),
]


@pytest.mark.parametrize(("text", "line", "column", "message"), MALFORMED + ONCE_MISREAD)
def test_malformed_files_name_file_line_and_column(tmp_path, text, line, column, message):
    error = _error(tmp_path, text)
    assert (error.line, error.column) == (line, column), str(error)
    assert message in error.reason
    assert str(error) == f"{tmp_path / 'case.arff'}, line {line}, column {column}: {error.reason}"


def test_error_survives_pickling(tmp_path):
    error = _error(tmp_path, HEAD + "1,w\n")
    again = pickle.loads(pickle.dumps(error))
    assert (again.path, again.line, again.column, again.reason) == (
        error.path,
        error.line,
        error.column,
        error.reason,
    )
    assert str(again) == str(error)


def test_long_blank_runs_take_linear_time(tmp_path):
    # Quadratic in the run before: a megabyte of spaces would have taken hours.
    spaces = " " * 1_000_000
    data = _read_text(tmp_path, f"@relation r\n@attribute s string\n@data\n'a'{spaces}\n")
    assert data.frame["s"].tolist() == ["a"]
    error = _error(tmp_path, f"@relation r\n@attribute s string\n@data\n'a'{spaces}'b\n")
    assert (error.line, error.column) == (4, 1_000_004)


@pytest.mark.parametrize(
    "text",
    [
        HEAD + "1,x % a comment after the values\n2,y%touching\n",
        "@relation r\n@attribute a numeric\n@attribute b {x,y} % values of b\n@data\n1,x\n2,y\n",
        "\ufeff" + HEAD + "1,x\n2,y\n",
        HEAD.replace("\n", "\r\n") + "1,x\r\n2,y\r\n",
        HEAD.replace("\n", "\r") + "1,x\r2,y\r",
        HEAD + "1,,x\n2 y\n",  # commas and blanks are interchangeable separators in Weka
        HEAD + "'1' , 'x'\n\t2\ty,\n",
    ],
)
def test_accepts_what_weka_accepts(tmp_path, text):
    frame = _read_text(tmp_path, text).frame
    assert frame["a"].tolist() == [1.0, 2.0]
    assert frame["b"].tolist() == ["x", "y"]


def test_line_numbers_count_every_kind_of_line_break(tmp_path):
    text = "@relation r\r\n@attribute a numeric\r@attribute b {x,y}\n@data\r\n1,x\r\r2,z\n"
    error = _error(tmp_path, text)
    assert (error.line, error.column) == (7, 3)
    assert _read_text(tmp_path, text.replace("z", "y")).lines.tolist() == [5, 7]


def test_quoted_names_values_and_escapes(tmp_path):
    text = (
        "@relation 'my relation'\n"
        "@attribute 'it\\'s a name' {'a b', \"c,d\", '{e}', 'x\\ty', '\\101'}\n"
        '@attribute "s" string\n'
        "@data\n"
        "'a b', 'it\\'s'\n"
        '"c,d", "50% \\"sure\\""\n'
        "'{e}', ?\n"
        "'x\\ty', '?'\n"
        "A, ''\n"
    )
    data = _read_text(tmp_path, text)
    assert data.relation == "my relation"
    name = "it's a name"
    assert list(data.frame[name].cat.categories) == ["a b", "c,d", "{e}", "x\ty", "A"]
    assert data.frame[name].tolist() == ["a b", "c,d", "{e}", "x\ty", "A"]
    strings = data.frame["s"].tolist()
    assert strings[:2] == ["it's", '50% "sure"'] and pd.isna(strings[2])
    assert strings[3:] == ["?", ""]
    assert data.frame["s"].dtype == object


def test_dates_with_and_without_a_format(tmp_path):
    text = (
        '@relation r\n@attribute t date\n@attribute d date "dd.MM.yyyy HH:mm:ss.SSS"\n'
        "@attribute m date 'MMM yyyy'\n@data\n"
        "2001-02-03T04:05:06, '31.12.1999 23:59:58.5', 'Feb 2004'\n?, ?, ?\n"
    )
    frame = _read_text(tmp_path, text).frame
    assert all(str(dtype) == "datetime64[ms]" for dtype in frame.dtypes)
    assert frame.iloc[0].tolist() == [
        pd.Timestamp("2001-02-03 04:05:06"),
        pd.Timestamp("1999-12-31 23:59:58.005"),
        pd.Timestamp("2004-02-01"),
    ]
    assert frame.iloc[1].isna().all()


def test_instance_weights_and_sparse_defaults(tmp_path):
    text = HEAD + "1,x,{2}\n{1 y} {0.5}\n{}\n3, ?\n"
    data = _read_text(tmp_path, text)
    assert data.sample_weight.tolist() == [2.0, 0.5, 1.0, 1.0]
    assert data.frame["a"].tolist() == [1.0, 0.0, 0.0, 3.0]
    assert data.frame["b"].tolist()[:3] == ["x", "y", "x"] and pd.isna(data.frame["b"][3])
    assert _read_text(tmp_path, HEAD + "1,x\n").sample_weight is None


def test_load_arff_asks_before_returning_weights(tmp_path):
    path = tmp_path / "w.arff"
    path.write_text(HEAD + "1,x,{2}\n2,y\n")
    with pytest.raises(ValueError, match="return_sample_weight=True"):
        load_arff(path)
    _, y, weight = load_arff(path, return_sample_weight=True)
    assert weight.tolist() == [2.0, 1.0] and y.tolist() == ["x", "y"]
    path.write_text(HEAD + "1,x,{1}\n2,y\n")
    assert len(load_arff(path)) == 2
    assert load_arff(path, return_sample_weight=True)[2].tolist() == [1.0, 1.0]


def test_empty_nominal_and_no_rows(tmp_path):
    data = _read_text(tmp_path, "@relation r\n@attribute a numeric\n@attribute b {}\n@data\n")
    assert data.frame.shape == (0, 2)
    assert data.frame["a"].dtype == np.float64
    assert isinstance(data.frame["b"].dtype, pd.CategoricalDtype)


def test_missing_file_and_missing_class(tmp_path):
    with pytest.raises(FileNotFoundError, match="no ARFF file"):
        read_arff(tmp_path / "absent.arff")
    path = tmp_path / "c.arff"
    path.write_text(
        "@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n1,p\n% x\n2, ?\n"
    )
    with pytest.raises(ArffError, match="missing class value") as info:
        load_arff(path)
    assert (info.value.line, info.value.column) == (7, 4)
    assert "Weka's learners skip such instances" in info.value.reason
