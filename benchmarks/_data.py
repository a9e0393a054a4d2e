"""The data sets the benchmarks read: the packaged collection, or a folder given.

The Weka benchmarks hand file paths to Java, so the packaged (gzip-compressed) files are
written out once as plain ARFF into a cache folder; ``--data-dir`` overrides.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ensemble_lab.datasets import extract_arff, manifest

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "ensemble-lab" / "arff"


def arff_dir(data_dir: Path | None = None) -> Path:
    """``data_dir`` if given, else the packaged collection as plain ARFF files (cached)."""
    if data_dir is not None:
        return Path(data_dir)
    try:
        CACHE.mkdir(parents=True, exist_ok=True)
        target = CACHE
    except OSError:
        target = Path(tempfile.mkdtemp(prefix="ensemble-lab-arff-"))
    if len(list(target.rglob("*.arff"))) < len(manifest()):
        extract_arff(target)
    return target


def uci_files(data_dir: Path | None = None) -> list[tuple[str, Path, int]]:
    """(name, plain ARFF path, instances) of the 42 UCI data sets, in the manifest's order."""
    folder = arff_dir(data_dir)
    return [
        (name, folder / f"{name}.arff", int(row.instances))
        for name, row in manifest("uci").iterrows()
    ]
