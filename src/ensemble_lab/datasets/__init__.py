"""Datasets: an ARFF reader and writer, a registry of named datasets, synthetic generators."""

from ._arff import ArffData, ArffError, load_arff, read_arff
from ._arff_write import save_arff
from ._registry import (
    DATA_ENV,
    dataset_names,
    describe,
    embedded_names,
    embedded_path,
    find,
    list_datasets,
    load,
)
from ._synthetic import (
    make_cone_torus,
    make_layered_cake,
    make_oracle_2d,
    make_xor,
    oracle_2d_boundary,
)

__all__ = [
    "DATA_ENV",
    "ArffData",
    "ArffError",
    "dataset_names",
    "describe",
    "embedded_names",
    "embedded_path",
    "find",
    "list_datasets",
    "load",
    "load_arff",
    "make_cone_torus",
    "make_layered_cake",
    "make_oracle_2d",
    "make_xor",
    "oracle_2d_boundary",
    "read_arff",
    "save_arff",
]
