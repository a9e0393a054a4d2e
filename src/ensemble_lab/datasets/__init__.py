"""Datasets: the papers' collection (packaged), an ARFF reader and writer, synthetic tasks."""

from ._arff import ArffData, ArffError, load_arff, read_arff
from ._arff_write import save_arff
from ._registry import (
    DATA_ENV,
    dataset_names,
    describe,
    embedded_names,
    embedded_path,
    extract_arff,
    find,
    list_datasets,
    load,
    manifest,
    packaged_names,
)
from ._synthetic import (
    make_cone_torus,
    make_layered_cake,
    make_oracle_2d,
    make_xor,
    oracle_2d_boundary,
)
from ._tabular import OPENML_PREFIX, as_frame, load_csv, load_openml

__all__ = [
    "DATA_ENV",
    "OPENML_PREFIX",
    "ArffData",
    "ArffError",
    "as_frame",
    "dataset_names",
    "describe",
    "embedded_names",
    "embedded_path",
    "extract_arff",
    "find",
    "list_datasets",
    "load",
    "load_arff",
    "load_csv",
    "load_openml",
    "make_cone_torus",
    "make_layered_cake",
    "make_oracle_2d",
    "make_xor",
    "manifest",
    "oracle_2d_boundary",
    "packaged_names",
    "read_arff",
    "save_arff",
]
