"""The reader gives every shared and embedded file the frame it always gave.

``arff_frames.json`` holds a digest of each frame as the first reader of this package
produced it (values, dtypes, category order, column names, relation name). The
experiments' committed results were computed from those frames, so any change here
would silently change what the experiments measure.
"""

import hashlib
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ensemble_lab.datasets import read_arff
from ensemble_lab.datasets._registry import _EMBEDDED_DIR

DIGESTS = json.loads((Path(__file__).parent / "arff_frames.json").read_text())


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


@pytest.mark.parametrize("name", sorted(DIGESTS["shared"]))
def test_shared_file_reads_as_before(shared_data_dir, name):
    assert _frame_digest_of(shared_data_dir / name) == DIGESTS["shared"][name]


@pytest.mark.parametrize("name", sorted(DIGESTS["embedded"]))
def test_embedded_file_reads_as_before(name):
    assert _frame_digest_of(_EMBEDDED_DIR / name) == DIGESTS["embedded"][name]


def test_every_file_has_a_digest(shared_data_dir):
    assert sorted(p.name for p in shared_data_dir.glob("*.arff")) == sorted(DIGESTS["shared"])
    assert sorted(p.name for p in _EMBEDDED_DIR.glob("*.arff")) == sorted(DIGESTS["embedded"])


def test_digest_sees_category_order_and_missing_values():
    a = pd.DataFrame({"c": pd.Categorical(["x", "y"], categories=["x", "y"]), "v": [1.0, 2.0]})
    b = a.assign(c=pd.Categorical(["x", "y"], categories=["y", "x"]))
    c = a.assign(v=[1.0, np.nan])
    assert len({frame_digest("r", f) for f in (a, b, c)}) == 3
    assert frame_digest("r", a) != frame_digest("s", a)
