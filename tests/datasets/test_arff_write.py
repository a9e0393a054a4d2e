import re

import numpy as np
import pandas as pd
import pytest

from ensemble_lab.datasets import ArffError, read_arff, save_arff

TRICKY_TEXTS = [
    "plain",
    "two words",
    "it's",
    'say "hi"',
    "back\\slash",
    "tab\there",
    "new\nline",
    "cr\rlf",
    "bell\x07",
    "50%",
    "{braces}",
    "a,b",
    "?",
    "",
    " leading",
    "café ∑ 日本",
    "@data",
    "'",
]


def tricky_frame() -> pd.DataFrame:
    n = len(TRICKY_TEXTS)
    floats = [0.1, -0.0, 1e-320, 1.7976931348623157e308, np.nan, 123456789.125, -2.5e-7, 3.0]
    return pd.DataFrame(
        {
            "text": pd.Series(TRICKY_TEXTS, dtype=object),
            "nominal": pd.Categorical(
                TRICKY_TEXTS[::-1], categories=[*TRICKY_TEXTS, "declared, unused"]
            ),
            "number": (floats * 3)[:n],
            "when": pd.Series(
                pd.date_range("1969-12-31 23:59:59.5", periods=n, freq="37h 1ms")
            ).astype("datetime64[ms]"),
            "with 'quote' and space": np.arange(n, dtype=np.float64),
        }
    ).assign(
        text=lambda f: f["text"].where(np.arange(n) != 3, np.nan),
        nominal=lambda f: f["nominal"].where(np.arange(n) != 5),
        when=lambda f: f["when"].where(np.arange(n) != 7),
    )


def test_round_trip_is_exact_for_tricky_values(tmp_path):
    frame = tricky_frame()
    weights = np.linspace(0.0, 3.0, len(frame))
    path = tmp_path / "tricky.arff"
    save_arff(frame, path, relation="it's a relation", sample_weight=weights)
    data = read_arff(path)
    pd.testing.assert_frame_equal(data.frame, frame, check_exact=True)
    assert data.relation == "it's a relation"
    np.testing.assert_array_equal(data.sample_weight, weights)
    assert str(data.frame["number"][1]) == "-0.0"


def test_every_shared_file_round_trips(arff_dir, tmp_path):
    for source in sorted(arff_dir.glob("*.arff")):
        data = read_arff(source)
        save_arff(data.frame, tmp_path / source.name, relation=data.relation)
        again = read_arff(tmp_path / source.name)
        pd.testing.assert_frame_equal(again.frame, data.frame, check_exact=True)
        assert again.relation == data.relation


def test_integers_bools_and_text_categories_come_back_as_floats_and_text(tmp_path):
    frame = pd.DataFrame(
        {
            "i": pd.array([1, None, 3], dtype="Int64"),
            "b": [True, False, True],
            "c": pd.Categorical([2, 1, 2], categories=[2, 1]),
            "s": pd.array(["x", None, "z"], dtype="string"),
        }
    )
    save_arff(frame, tmp_path / "t.arff")
    text = (tmp_path / "t.arff").read_text()
    assert "@attribute c {2,1}" in text and "1,1,2,'x'" not in text
    back = read_arff(tmp_path / "t.arff").frame
    assert back["i"].tolist()[::2] == [1.0, 3.0] and np.isnan(back["i"][1])
    assert back["b"].tolist() == [1.0, 0.0, 1.0]
    assert back["c"].tolist() == ["2", "1", "2"] and list(back["c"].cat.categories) == ["2", "1"]
    assert back["s"].tolist()[::2] == ["x", "z"] and pd.isna(back["s"][1])


@pytest.mark.parametrize(
    ("frame", "kwargs", "error", "message"),
    [
        (pd.DataFrame({"a": [1.0, np.inf]}), {}, ValueError, "infinite"),
        (pd.DataFrame({1: [1.0]}), {}, TypeError, "column name 1 is not text"),
        (pd.DataFrame([[1.0, 2.0]], columns=["a", "a"]), {}, ValueError, "same name"),
        (pd.DataFrame(index=range(2)), {}, ValueError, "no column"),
        (pd.DataFrame({"a": pd.Series(["x", 3], dtype=object)}), {}, TypeError, "holds 3"),
        (pd.DataFrame({"a": pd.to_timedelta([1], unit="s")}), {}, TypeError, "timedelta"),
        (
            pd.DataFrame({"a": pd.to_datetime(["2001-01-01"]).tz_localize("UTC")}),
            {},
            ValueError,
            "time zone",
        ),
        (
            pd.DataFrame({"a": pd.to_datetime(["2001-01-01 00:00:00.0000001"])}),
            {},
            ValueError,
            "finer than a millisecond",
        ),
        (pd.DataFrame({"a": pd.Categorical([1, "1"])}), {}, ValueError, "same text"),
        (pd.DataFrame({"a": [1.0]}), {"sample_weight": [-1.0]}, ValueError, ">= 0"),
        (pd.DataFrame({"a": [1.0]}), {"sample_weight": [1.0, 2.0]}, ValueError, "shape"),
    ],
)
def test_refuses_what_arff_cannot_hold(tmp_path, frame, kwargs, error, message):
    with pytest.raises(error, match=message):
        save_arff(frame, tmp_path / "x.arff", **kwargs)


def _object(*texts):
    return pd.Series(texts, dtype=object)  # pandas' own string dtype refuses surrogates


@pytest.mark.parametrize(
    ("frame", "relation", "where"),
    [
        (pd.DataFrame({"s": _object("a", "b\ud800c")}), "r", r"column 's', row 1: 'b\\ud800c'"),
        (
            pd.DataFrame({"c": pd.Categorical.from_codes([0, 1], _object("x", "y\udc80"))}),
            "r",
            r"column 'c', row 1: 'y\\udc80'",
        ),
        (pd.DataFrame([[1.0]], columns=_object("a\udc80")), "r", "the column name 'a"),
        (pd.DataFrame({"a": [1.0]}), "r\ud800", "the relation name 'r"),
    ],
)
def test_a_lone_surrogate_is_named_and_the_old_file_kept(tmp_path, frame, relation, where):
    path = tmp_path / "old.arff"
    path.write_text("the old content")
    with pytest.raises(ValueError, match=rf"{where}.* holds U\+D[8C]\d0, a lone surrogate"):
        save_arff(frame, path, relation=relation)
    assert path.read_text() == "the old content"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.arff"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    import os

    from ensemble_lab.utils import _files

    path = tmp_path / "old.arff"
    path.write_text("the old content")
    path.chmod(0o640)

    def full_disk(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(_files.os, "replace", full_disk)
    with pytest.raises(OSError, match="No space left"):
        save_arff(pd.DataFrame({"a": [1.0]}), path)
    assert path.read_text() == "the old content"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.arff"]
    monkeypatch.undo()
    save_arff(pd.DataFrame({"a": [1.0]}), path)
    assert read_arff(path).frame["a"].tolist() == [1.0]
    assert os.stat(path).st_mode & 0o777 == 0o640  # replaced, permissions kept


# ---------------------------------------------------------------- Weka as the reference

_DUMP_ESCAPE = re.compile(r"\\(.)")


def _weka_texts(data, weka_rows):
    """Weka's rows in the types of ``data.frame``'s columns, beside ours."""
    frame = data.frame
    weights = np.ones(len(frame)) if data.sample_weight is None else data.sample_weight
    ours, theirs = [], []
    for i, row in enumerate(weka_rows):
        mine, weka = [], []
        for name, text in zip(frame.columns, row):
            value = frame[name].iloc[i]
            if pd.api.types.is_datetime64_any_dtype(frame[name].dtype):
                mine.append("?" if pd.isna(value) else value.value // 1_000_000)
                weka.append(text if text == "?" else int(text))
            elif pd.api.types.is_float_dtype(frame[name].dtype):
                mine.append("?" if np.isnan(value) else value)
                weka.append(text if text == "?" else float(text))
            else:
                mine.append("?" if pd.isna(value) else value)
                unescaped = _DUMP_ESCAPE.sub(
                    lambda m: {"t": "\t", "n": "\n", "r": "\r"}.get(m[1], m[1]), text[1:]
                )
                weka.append(text if text == "?" else unescaped)
        ours.append([*mine, float(weights[i])])
        theirs.append([*weka, float(row[-1])])
    return ours, theirs


def test_weka_reads_what_save_arff_writes(tmp_path, weka_read):
    frame = tricky_frame()
    path = tmp_path / "tricky.arff"
    save_arff(frame, path, relation="tricky", sample_weight=np.arange(len(frame)) / 2)
    rows = weka_read([path])[str(path)]
    assert isinstance(rows, list), rows
    ours, weka = _weka_texts(read_arff(path), rows)
    assert weka == ours


def test_weka_reads_the_sparse_rows_save_arff_writes(tmp_path, weka_read):
    sparse = pd.arrays.SparseArray([0.0, 1.5, np.nan, 0.0, -0.0], fill_value=0.0)
    frame = pd.DataFrame(
        {
            "s": sparse,
            "t": pd.Series(["a", "b c", None, "d", "e"], dtype=object),
            "n": pd.Categorical(["x", "y", "x", None, "y"], categories=["x", "y"]),
        }
    )
    path = tmp_path / "sparse.arff"
    save_arff(frame, path, sample_weight=[1.0, 2.0, 1.0, 1.0, 0.5])
    assert (
        path.read_text()
        .split("@data\n")[1]
        .startswith("{1 a,2 x} {1.0}\n{0 1.5,1 'b c',2 y} {2.0}")
    )
    data = read_arff(path)
    pd.testing.assert_frame_equal(data.frame, frame, check_exact=True)
    ours, weka = _weka_texts(data, weka_read([path])[str(path)])
    assert weka == ours


HEAD = "@relation r\n@attribute a numeric\n@attribute b {x,'y z'}\n@data\n"

BOTH_ACCEPT = {
    "separators": HEAD + "1,,x\n2 'y z'\n,3\tx,\n",
    "comments": HEAD.replace("{x,'y z'}", "{x,'y z'} % b") + "1,x % one\n2,'y z'%two\n",
    "crlf": (HEAD + "1,x\n2,'y z'\n").replace("\n", "\r\n"),
    "escapes": "@relation r\n@attribute s string\n@data\n'a\\tb\\101\\q'\n\"it's\"\n'\\\\'\n",
    "sparse": HEAD + "{1 'y z'}\n{0 3}\n{}\n{0 ?, 1 x}\n",
    "weights": HEAD + "1,x,{2}\n{1 x} {0.5}\n3,?\n",
    "quoted numbers": HEAD + "'1.5','x'\n\"+.5\",x\n1.,x\n-1e-3,x\n",
    "dates": "@relation r\n@attribute d date 'dd.MM.yyyy HH:mm'\n@data\n'1.2.2003 4:05'\n?\n",
    "quoted question mark": "@relation r\n@attribute a {x,'?'}\n@data\n?\n'?'\nx\n",
}
# Files Weka 3.6 reads (mostly silently wrong) that this reader refuses, on purpose.
STRICTER_THAN_WEKA = {
    "nan": HEAD + "NaN,x\n",
    "infinity": HEAD + "Infinity,x\n",
    "overflow": HEAD + "1e400,x\n",
    "java suffix": HEAD + "1d,x\n",
    "hexadecimal": HEAD + "0x1p3,x\n",
    "unterminated quote": HEAD + "1,'y z\n",
    "no separator": HEAD + "1,x'y z'\n",
    "integer range": "@relation r\n@attribute a integer [1,10]\n@data\n99\n",
    "integer fraction": "@relation r\n@attribute a integer\n@data\n2.5\n",
    "text after type": "@relation r\n@attribute a numeric whatever\n@data\n1\n",
    "negative weight": HEAD + "1,x,{-1}\n",
    "control character": HEAD + "1,\x01x\n",
    "data on the @data line": "@relation r\n@attribute a numeric\n@data 1\n2\n",
    "sparse string left out": "@relation r\n@attribute s string\n@attribute b {x}\n@data\n{1 x}\n",
    "relational": "@relation r\n@attribute bag relational\n@attribute i numeric\n@end bag\n@data\n",
}
BOTH_REFUSE = {
    "duplicate attribute": "@relation r\n@attribute a numeric\n@attribute a numeric\n@data\n",
    "duplicate nominal value": "@relation r\n@attribute a {x,x}\n@data\n",
    "repeated sparse index": HEAD + "{1 x, 1 x}\n",
    "undeclared value": HEAD + "1,w\n",
    "empty": "",
    "no data section": "@relation r\n@attribute a numeric\n",
    "too few values": HEAD + "1\n",
}


def test_reader_agrees_with_weka(tmp_path, weka_read):
    cases = {**BOTH_ACCEPT, **STRICTER_THAN_WEKA, **BOTH_REFUSE}
    paths = {}
    for number, (name, text) in enumerate(cases.items()):
        paths[name] = tmp_path / f"case{number}.arff"
        paths[name].write_text(text, encoding="utf-8", newline="")
    weka = weka_read(paths.values())
    for name, path in paths.items():
        rows = weka[str(path)]
        if name in BOTH_REFUSE:
            assert isinstance(rows, str), (name, rows)
        else:
            assert isinstance(rows, list), (name, rows)
        if name in BOTH_ACCEPT:
            ours, theirs = _weka_texts(read_arff(path), rows)
            assert theirs == ours, name
        else:
            with pytest.raises(ArffError):
                read_arff(path)
