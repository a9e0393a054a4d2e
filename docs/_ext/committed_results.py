"""Put the committed reproduction pages into the site, as they are in the repository.

``experiments/results/`` holds each reproduction's Markdown page, its figures and the
results store it is written from (a test checks that every page is exactly what its
store gives). At the start of a build the pages and figures are copied into
``docs/reproductions/results/`` (not committed), where MyST reads them like any page;
the guide links to them there. They are not rewritten: the site shows what is
committed.
"""

from __future__ import annotations

import shutil
from pathlib import Path

SUFFIXES = {".md", ".png"}


def copy_results(app, config) -> None:
    docs = Path(app.srcdir)
    source = docs.parent / "experiments" / "results"
    target = docs / "reproductions" / "results"
    target.mkdir(parents=True, exist_ok=True)
    wanted = {p.name for p in source.iterdir() if p.suffix in SUFFIXES}
    for stale in target.iterdir():
        if stale.name not in wanted:
            stale.unlink()
    for name in sorted(wanted):
        src, dst = source / name, target / name
        if not dst.exists() or dst.read_bytes() != src.read_bytes():
            shutil.copyfile(src, dst)


def setup(app):
    app.connect("config-inited", copy_results)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
