"""Property-based tests of the ARFF reader and writer (Hypothesis, derandomized).

Valid frames round-trip exactly; the fast and the general reader agree wherever the fast
one answers; corrupted files (truncated, with a bad byte, a wrong number of values, an
undeclared value) raise an ArffError on the damaged line and nothing else; arbitrary
bytes raise nothing but ArffError. The deadline bounds the time of every case, so a
return of super-linear behaviour fails here rather than hanging.
"""

from datetime import datetime, timedelta

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ensemble_lab.datasets import ArffError, _arff_data, read_arff, save_arff
from ensemble_lab.datasets._arff_header import Attribute
from ensemble_lab.datasets._arff_scan import ParseError, quote_value, scan_line, split_plain

SETTINGS = settings(
    max_examples=60,
    deadline=timedelta(seconds=2),
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=8)


@st.composite
def columns(draw, n_rows):
    kind = draw(st.sampled_from(["numeric", "nominal", "string", "date"]))
    present = draw(st.lists(st.booleans(), min_size=n_rows, max_size=n_rows))
    if kind == "numeric":
        values = draw(st.lists(st.floats(allow_infinity=False), min_size=n_rows, max_size=n_rows))
        return pd.Series(np.where(present, values, np.nan), dtype=np.float64)
    if kind == "nominal":
        categories = draw(st.lists(TEXT, min_size=1, max_size=4, unique=True))
        picks = draw(st.lists(st.sampled_from(categories), min_size=n_rows, max_size=n_rows))
        values = [v if keep else None for v, keep in zip(picks, present)]
        return pd.Series(pd.Categorical(values, categories=categories))
    if kind == "string":
        texts = draw(st.lists(TEXT, min_size=n_rows, max_size=n_rows))
        return pd.Series([t if keep else np.nan for t, keep in zip(texts, present)], dtype=object)
    moments = draw(
        st.lists(
            st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31)),
            min_size=n_rows,
            max_size=n_rows,
        )
    )
    values = [m.replace(microsecond=m.microsecond // 1000 * 1000) for m in moments]
    return pd.Series(values, dtype="datetime64[ms]").where(present)


@st.composite
def frames(draw):
    n_rows = draw(st.integers(0, 5))
    names = draw(st.lists(TEXT, min_size=1, max_size=4, unique=True))
    frame = pd.DataFrame({name: draw(columns(n_rows)) for name in names})
    weights = draw(
        st.none()
        | st.lists(st.floats(0, 1e300, allow_nan=False), min_size=n_rows, max_size=n_rows).map(
            np.array
        )
    )
    return frame, weights, draw(TEXT)


@SETTINGS
@given(frames())
def test_written_frames_read_back_unchanged(tmp_path, case):
    frame, weights, relation = case
    path = tmp_path / "frame.arff"
    save_arff(frame, path, relation=relation, sample_weight=weights)
    data = read_arff(path)
    pd.testing.assert_frame_equal(data.frame, frame, check_exact=True)
    assert data.relation == relation
    if weights is None:
        assert data.sample_weight is None
    else:
        np.testing.assert_array_equal(data.sample_weight, weights)


# A data section written by hand, within and beyond the subset of the fast reader.
NUMERIC = Attribute("n", "numeric", 1)
NOMINAL = Attribute("c", "nominal", 2, values=("a", "b c", "?", "1"))
VALUE_TEXT = {
    "numeric": ["1", "-2.5", "1e3", ".5", "?", "'3'", "nan", "inf", "0x1", "1_0", "'?'"],
    "nominal": ["a", "'b c'", "'?'", "?", "1", "'1'", "'a'", "b", "1.0", "'a%'"],
}
SEPARATORS = [",", ",", ", ", ",  ", " ", "\t", ",,", " ,"]


@st.composite
def data_sections(draw):
    attributes = draw(st.lists(st.sampled_from([NUMERIC, NOMINAL]), min_size=1, max_size=3))
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["row", "row", "row", "blank", "comment"]))
        if kind == "blank":
            lines.append(draw(st.sampled_from(["", " "])))
        elif kind == "comment":
            lines.append("% " + draw(st.sampled_from(["note", "it's", "1,2"])))
        else:
            values = [draw(st.sampled_from(VALUE_TEXT[a.kind])) for a in attributes]
            line = values[0]
            for value in values[1:]:
                line += draw(st.sampled_from(SEPARATORS)) + value
            lines.append(line + draw(st.sampled_from(["", "", " % end", ","])))
    return attributes, "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


@settings(SETTINGS, max_examples=300)  # cheap, and most sections leave the fast subset
@given(data_sections())
def test_fast_reader_agrees_with_the_general_one(section):
    attributes, data = section
    lines = data.split("\n")
    try:
        general = _arff_data._read_general(lines, 10, attributes)
    except ParseError:
        general = None
    try:
        fast = _arff_data._read_fast(data, lines, attributes)
    except (ValueError, _arff_data._BadValue):
        fast = None
    if fast is not None:
        assert general is not None, data
        values, rows = fast
        assert (10 + rows).tolist() == general.lines.tolist()
        for mine, (_, reference) in zip(values, general.frame.items()):
            pd.testing.assert_series_equal(mine, reference, check_exact=True)


LINE_PIECES = ["a", "b", "?", "1.5", "é", "'", '"', "'x, y'", "'?'", "''", '"q"', "\\", "%"]
LINE_PIECES += [",", ",", " ", "\t", "{", "}"]


@settings(SETTINGS, max_examples=300)
@given(st.lists(st.sampled_from(LINE_PIECES), max_size=12).map("".join))
def test_plain_splitting_agrees_with_the_scanner(line):
    values = split_plain(line)
    if values is not None:
        tokens = scan_line(line, 1)
        assert values == [None if token.is_missing else token.text for token in tokens]


def _valid_file(tmp_path, frame, weights):
    path = tmp_path / "valid.arff"
    save_arff(frame, path, relation="r", sample_weight=weights)
    return path.read_bytes()


def _error(tmp_path, content):
    path = tmp_path / "corrupt.arff"
    path.write_bytes(content)
    with pytest.raises(ArffError) as info:
        read_arff(path)
    return info.value


@SETTINGS
@given(frames(), st.data())
def test_truncated_files_fail_on_their_last_line_or_read(tmp_path, case, data):
    frame, weights, _ = case
    content = _valid_file(tmp_path, frame, weights)
    cut = content[: data.draw(st.integers(0, len(content) - 1))]
    path = tmp_path / "cut.arff"
    path.write_bytes(cut)
    try:
        read_arff(path)
    except ArffError as error:
        assert error.line == cut.count(b"\n") + 1, (error, cut)


@SETTINGS
@given(frames(), st.data())
def test_a_bad_byte_fails_on_its_line(tmp_path, case, data):
    frame, weights, _ = case
    content = _valid_file(tmp_path, frame, weights)
    at = data.draw(st.integers(0, len(content)))
    byte = data.draw(st.sampled_from([b"\xff", b"\xc3", b"\x80", b"\x00", b"\x01", b"\x1b"]))
    error = _error(tmp_path, content[:at] + byte + content[at:])
    assert error.line == content[:at].count(b"\n") + 1


@st.composite
def frames_with_rows(draw):
    frame, weights, _ = draw(frames().filter(lambda case: len(case[0]) > 0))
    return frame, weights, draw(st.integers(0, len(frame) - 1))


def _data_line(content, row):
    """The 1-based line of data row ``row`` in a file written by save_arff."""
    return content.split(b"\n").index(b"@data") + 2 + row


@SETTINGS
@given(frames_with_rows(), st.sampled_from(["drop", "add"]))
def test_a_wrong_number_of_values_fails_on_its_line(tmp_path, case, change):
    frame, _, row = case
    if change == "drop" and frame.shape[1] == 1:
        frame = frame.assign(**{"extra column": 1.0})
    wrong = frame.drop(columns=frame.columns[-1]) if change == "drop" else frame.assign(more=2.0)
    content = _valid_file(tmp_path, frame, None)
    lines = content.split(b"\n")
    line = _data_line(content, row)
    lines[line - 1] = _valid_file(tmp_path, wrong.iloc[[row]], None).split(b"\n")[-2]
    error = _error(tmp_path, b"\n".join(lines))
    assert error.line == line
    assert f"expected {frame.shape[1]} values" in error.reason


@SETTINGS
@given(frames_with_rows(), TEXT.filter(lambda text: text != "declared"))
def test_an_undeclared_value_fails_on_its_line(tmp_path, case, text):
    frame, weights, row = case
    column = pd.Categorical(["declared"] * len(frame), categories=["declared", text])
    column[row] = text
    frame = frame.assign(**{"nominal column": column})
    content = _valid_file(tmp_path, frame, weights)
    # The header of the same file declaring only "declared": the cell in `row` is undeclared.
    narrowed = frame.assign(**{"nominal column": column.remove_categories([text])})
    header = _valid_file(tmp_path, narrowed, weights).split(b"\n@data\n")[0]
    corrupt = header + b"\n@data\n" + content.split(b"\n@data\n", 1)[1]
    error = _error(tmp_path, corrupt)
    assert error.line == _data_line(content, row)
    assert "is not among the declared values" in error.reason


ARFF_PIECES = [
    "@relation r\n",
    "@attribute ",
    "a",
    " numeric\n",
    " string\n",
    " date\n",
    " integer [0,3]\n",
    "{x,y}\n",
    "@data\n",
    "1",
    "x",
    "?",
    "'",
    '"',
    "\\",
    ",",
    " ",
    "\t",
    "{",
    "}",
    "%",
    "\n",
    "\r",
    "\ufeff",
    "2001-01-01T00:00:00",
    "é",
]


@SETTINGS
@given(
    st.binary(max_size=200)
    | st.lists(st.sampled_from(ARFF_PIECES), max_size=40).map(
        lambda pieces: "".join(pieces).encode()
    )
)
def test_any_bytes_give_data_or_an_arff_error(tmp_path, content):
    path = tmp_path / "any.arff"
    path.write_bytes(content)
    try:
        read_arff(path)
    except ArffError as error:
        assert 1 <= error.line <= content.count(b"\n") + content.count(b"\r") + 1
        assert error.column >= 1


def _sparse_spelling(content: bytes, frame: pd.DataFrame, data) -> bytes:
    """The file ``content`` (written by save_arff) with rows drawn sparse, values drawn left out.

    A value may be left out where the reader puts it back: a numeric 0 and a nominal
    column's first category; strings and dates stay.
    """
    head, body = content.decode("utf-8").split("\n@data\n", 1)
    zeros = []
    for name in frame.columns:
        column = frame[name]
        if isinstance(column.dtype, pd.CategoricalDtype):
            zeros.append({quote_value(str(c)) for c in column.cat.categories[:1]})
        else:
            zeros.append({"0.0"} if column.dtype == np.float64 else set())
    lines = []
    for line in body.split("\n")[:-1]:
        tokens = scan_line(line, 1)
        n = frame.shape[1]
        texts = ["?" if t.is_missing else quote_value(t.text) for t in tokens[:n]]
        weight = f" {{{tokens[n + 1].text}}}" if len(tokens) > n else ""
        if not data.draw(st.booleans(), label="sparse row"):
            lines.append(line)
            continue
        kept = [
            f"{j} {text}"
            for j, text in enumerate(texts)
            if text not in zeros[j] or data.draw(st.booleans(), label="keep a zero")
        ]
        lines.append("{" + ", ".join(kept) + "}" + weight)
    return (head + "\n@data\n" + "\n".join(lines) + "\n").encode("utf-8")


@SETTINGS
@given(frames(), st.data())
def test_sparse_rows_read_as_the_same_values_dense(tmp_path, case, data):
    frame, weights, _ = case
    dense = _valid_file(tmp_path, frame, weights)
    path = tmp_path / "sparse.arff"
    path.write_bytes(_sparse_spelling(dense, frame, data))
    read = read_arff(path)
    sparse_columns = [c for c in read.frame if isinstance(read.frame[c].dtype, pd.SparseDtype)]
    assert all(read.frame[c].dtype == pd.SparseDtype(np.float64, 0.0) for c in sparse_columns)
    if sparse_columns:
        assert "{" in path.read_text(encoding="utf-8").split("@data", 1)[1]
    as_dense = read.frame.astype(dict.fromkeys(sparse_columns, np.float64))
    pd.testing.assert_frame_equal(as_dense, frame, check_exact=True)
    # and what read_arff returned, save_arff writes back (as sparse rows) unchanged
    again = tmp_path / "again.arff"
    save_arff(read.frame, again, sample_weight=read.sample_weight)
    pd.testing.assert_frame_equal(read_arff(again).frame, read.frame, check_exact=True)
    np.testing.assert_array_equal(
        read.sample_weight if weights is not None else np.zeros(0),
        weights if weights is not None else np.zeros(0),
    )
