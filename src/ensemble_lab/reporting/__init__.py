"""Tables, figures, claims ledgers and the HTML report of a results store.

The documented names live in three public modules: :mod:`~ensemble_lab.reporting.tables`,
:mod:`~ensemble_lab.reporting.plots` and :mod:`~ensemble_lab.reporting.claims`. The
package itself is the face through which the command line reaches the rest: the rendered
``Table`` (with ``markdown_text`` and ``latex_text``), the comparison of methods
(``comparison_of``, ``comparison_tables``, ``cd_figure``) and the HTML report
(``build_report``, ``run_notes``). These are imported on first use, so that importing
:mod:`~ensemble_lab.reporting.claims` stays light (no matplotlib, no scikit-learn).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._comparison import cd_figure, comparison_of, comparison_tables
    from ._render import Table, latex_text, markdown_text
    from ._report import build_report, run_notes

#: name -> the module of this package it comes from
_FACE: dict[str, str] = {
    "Table": "_render",
    "build_report": "_report",
    "cd_figure": "_comparison",
    "comparison_of": "_comparison",
    "comparison_tables": "_comparison",
    "latex_text": "_render",
    "markdown_text": "_render",
    "run_notes": "_report",
}

__all__ = [
    "Table",
    "build_report",
    "cd_figure",
    "comparison_of",
    "comparison_tables",
    "latex_text",
    "markdown_text",
    "run_notes",
]


def __getattr__(name: str) -> Any:
    if name in _FACE:
        return getattr(importlib.import_module(f".{_FACE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
