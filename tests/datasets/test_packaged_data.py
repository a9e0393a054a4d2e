"""The packaged data sets read as the files the experiments were computed from.

``arff_frames.json`` holds a digest of each frame as the first reader of this package
produced it from the original, uncompressed ARFF files (values, dtypes, category order,
column names, relation name). The committed results were computed from those frames,
so the packaged, compressed copies must give exactly them; and ``MANIFEST.csv`` records
the SHA-256 of each original file, which :func:`extract_arff` must write back.
"""

import csv
import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ensemble_lab.datasets import extract_arff, load, packaged_names, read_arff
from ensemble_lab.datasets._registry import _PACKAGED_DIR

DIGESTS = json.loads((Path(__file__).parent / "arff_frames.json").read_text())
MANIFEST = list(csv.DictReader((_PACKAGED_DIR / "MANIFEST.csv").open(encoding="utf-8")))
PACKAGED = {row["file"]: row for row in MANIFEST}


def frame_digest(relation: str, frame: pd.DataFrame) -> str:
    """SHA-256 of everything a learner can see in a frame, NaN payloads made equal."""
    h = hashlib.sha256(relation.encode())
    for name in frame.columns:
        column = frame[name]
        h.update(json.dumps([name, str(column.dtype)]).encode())
        if isinstance(column.dtype, pd.CategoricalDtype):
            h.update(json.dumps([str(c) for c in column.cat.categories]).encode())
            h.update(str(column.cat.categories.dtype).encode())
            h.update(column.cat.codes.to_numpy(dtype=np.int64).tobytes())
        elif pd.api.types.is_float_dtype(column.dtype):
            values = column.to_numpy(dtype=np.float64)
            h.update(np.where(np.isnan(values), np.nan, values).tobytes())
        else:
            h.update(json.dumps([None if pd.isna(v) else v for v in column]).encode())
    return h.hexdigest()


def _frame_digest_of(path: Path) -> str:
    data = read_arff(path)
    return frame_digest(data.relation, data.frame)


@pytest.mark.parametrize("file", sorted(PACKAGED))
def test_packaged_file_reads_as_the_original_did(file):
    collection, name = file.split("/")
    original = name.removesuffix(".gz")
    assert _frame_digest_of(_PACKAGED_DIR / file) == DIGESTS[collection][original]


def test_every_packaged_file_has_a_digest_and_a_manifest_row():
    on_disk = sorted(str(p.relative_to(_PACKAGED_DIR)) for p in _PACKAGED_DIR.glob("*/*.arff.gz"))
    assert on_disk == sorted(PACKAGED)
    digested = sorted(f"{c}/{n}.gz" for c in ("uci", "medical") for n in DIGESTS[c])
    assert digested == sorted(PACKAGED)
    assert len(packaged_names()) == len(PACKAGED) == 49


def test_extracted_files_are_byte_for_byte_the_originals(tmp_path):
    written = extract_arff(tmp_path)
    assert len(written) == 49
    by_name = {row["name"]: row for row in MANIFEST}
    for path in written:
        row = by_name[path.name.removesuffix(".arff")]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == row["sha256"], path.name
        assert (path.parent == tmp_path / "medical") == (row["collection"] == "medical")


@pytest.mark.parametrize("row", MANIFEST, ids=lambda r: r["name"])
def test_manifest_counts_are_what_the_files_hold(row):
    frame = read_arff(_PACKAGED_DIR / row["file"]).frame
    assert len(frame) == int(row["instances"])
    attributes = frame.iloc[:, :-1]
    nominal = sum(isinstance(t, pd.CategoricalDtype) for t in attributes.dtypes)
    assert (nominal, attributes.shape[1] - nominal) == (
        int(row["nominal_attributes"]),
        int(row["numeric_attributes"]),
    )
    assert frame.isna().to_numpy().any() == (row["missing_values"] == "yes")
    y = frame.iloc[:, -1]
    # declared values, as Weka's numClasses(); abalone's numeric class: distinct values
    n_classes = len(y.cat.categories) if isinstance(y.dtype, pd.CategoricalDtype) else y.nunique()
    assert n_classes == int(row["classes"])


def test_the_medical_sets_have_the_counts_of_the_oracle_papers_table_iv():
    # Kuncheva & Rodríguez (2007), Table IV: objects, classes, discrete + continuous
    table_iv = {
        "laryngeal1": (213, 2, 0, 16),
        "laryngeal2": (692, 2, 0, 16),
        "laryngeal3": (353, 3, 0, 16),
        "respiratory": (85, 2, 5, 12),
        "voice3": (238, 3, 1, 9),
        "voice9": (428, 9, 1, 9),
        "weaning": (302, 2, 0, 17),
    }
    for name, (n, classes, discrete, continuous) in table_iv.items():
        X, y = load(name)
        nominal = sum(isinstance(t, pd.CategoricalDtype) for t in X.dtypes)
        assert (len(X), y.nunique(), nominal, X.shape[1] - nominal) == (
            n, classes, discrete, continuous
        ), name  # fmt: skip


def test_digest_sees_category_order_and_missing_values():
    a = pd.DataFrame({"c": pd.Categorical(["x", "y"], categories=["x", "y"]), "v": [1.0, 2.0]})
    b = a.assign(c=pd.Categorical(["x", "y"], categories=["y", "x"]))
    c = a.assign(v=[1.0, np.nan])
    assert len({frame_digest("r", f) for f in (a, b, c)}) == 3
    assert frame_digest("r", a) != frame_digest("s", a)
