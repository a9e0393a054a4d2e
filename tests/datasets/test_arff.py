import csv
import textwrap

import numpy as np
import pandas as pd
import pytest

from ensemble_lab.datasets import ArffError, load_arff, read_arff


def _manifest_rows(shared_data_dir):
    with open(shared_data_dir / "MANIFEST.csv", newline="") as fh:
        return list(csv.DictReader(fh))


def test_every_shared_file_matches_the_manifest(shared_data_dir):
    rows = _manifest_rows(shared_data_dir)
    assert len(rows) == len(list(shared_data_dir.glob("*.arff")))
    for row in rows:
        frame = read_arff(shared_data_dir / row["file"]).frame
        X, y = frame.iloc[:, :-1], frame.iloc[:, -1]
        nominal = sum(isinstance(dt, pd.CategoricalDtype) for dt in X.dtypes)
        numeric = sum(pd.api.types.is_float_dtype(dt) for dt in X.dtypes)
        if isinstance(y.dtype, pd.CategoricalDtype):
            n_classes = len(y.cat.categories)  # declared values, as Weka's numClasses()
        else:
            n_classes = y.nunique()  # abalone's numeric class: distinct values
        assert len(frame) == int(row["instances"]), row["name"]
        assert nominal == int(row["nominal_attributes"]), row["name"]
        assert numeric == int(row["numeric_attributes"]), row["name"]
        assert n_classes == int(row["classes"]), row["name"]
        assert frame.isna().to_numpy().any() == (row["missing_values"] == "yes"), row["name"]


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

    '?', 2.5, yes
    ?, 3, no
"""


def test_reads_quotes_ranges_comments_and_missing(tmp_path):
    X, y = load_arff(_write(tmp_path, GOOD))
    assert list(X.columns) == ["first name", "width"]
    assert list(X["first name"].cat.categories) == ["a b", "c", "?"]
    # unquoted ? is missing; quoted '?' is a declared value (Weka's anneal does this)
    assert X["first name"].tolist()[:3] == ["a b", "c", "?"]
    assert pd.isna(X["first name"].iloc[3])
    np.testing.assert_array_equal(X["width"].to_numpy(), [1.0, np.nan, 2.5, 3.0])
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


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("@relation r\n@attribute a numeric\n@data\n1\nx\n", 5, "'x' is not a number"),
        ("@relation r\n@attribute a {u,v}\n@data\nu\nw\n", 5, "'w' is not among the declared"),
        (
            "@relation r\n@attribute a numeric\n@attribute b numeric\n@data\n1,2\n3\n",
            6,
            "expected 2 values, found 1",
        ),
        (
            "@relation r\n@attribute a numeric\n@attribute b numeric\n@data\n1,2,3\n",
            5,
            "expected 2 values, found 3",
        ),
        ("@relation r\n@attribute a foo\n@data\n", 2, "unknown type 'foo'"),
        ("@relation r\n@attribute a {u,v\n@data\n", 2, "missing closing brace"),
        ("@relation r\n@attribute 'a numeric\n@data\n", 2, "unterminated quoted"),
        ("@relation r\n@attrib a numeric\n@data\n", 2, "unexpected line in header"),
        ("@attribute a numeric\n@data\n", 1, "@attribute before @relation"),
        ("@relation r\n@attribute a {u,u}\n@data\n", 2, "declares a value twice"),
    ],
)
def test_malformed_files_name_file_and_line(tmp_path, text, line, message):
    path = tmp_path / "broken.arff"
    path.write_text(text)
    with pytest.raises(ArffError, match=message) as info:
        read_arff(path)
    assert info.value.line == line
    assert str(info.value).startswith(f"{path}, line {line}:")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("@relation r\n@attribute a numeric\n", "no @data section"),
        ("@relation r\n@data\n", "no @attribute"),
        ("% nothing\n", "no @relation"),
        ("@relation r\n@attribute a numeric\n@attribute a numeric\n@data\n", "declared twice"),
    ],
)
def test_malformed_structure(tmp_path, text, message):
    path = tmp_path / "broken.arff"
    path.write_text(text)
    with pytest.raises(ArffError, match=message):
        read_arff(path)


def test_missing_file_and_missing_class(tmp_path):
    with pytest.raises(FileNotFoundError, match="no ARFF file"):
        read_arff(tmp_path / "absent.arff")
    path = tmp_path / "c.arff"
    path.write_text("@relation r\n@attribute a numeric\n@attribute c {p,q}\n@data\n1,p\n2,?\n")
    with pytest.raises(ValueError, match="missing class value"):
        load_arff(path)
