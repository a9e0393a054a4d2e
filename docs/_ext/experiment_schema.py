"""The experiment file's keys as reference tables, read from the code at build time.

``.. experiment-file-keys::`` writes one table per part of an experiment file (the top
level, ``[[methods]]``, dataset tables, ``[protocol]`` by kind, ``[record]``). Nothing
in it is typed twice:

* **which keys exist** comes from the constants :mod:`ensemble_lab.evaluation.config`
  checks files against (``_TOP_KEYS``, ``_METHOD_KEYS``, ...) and from the protocols'
  ``_KINDS`` table (kind -> class, file key -> constructor argument);
* **required or not, and the default** come from parsing a minimal file with
  :func:`~ensemble_lab.evaluation.parse_config` (a key is required when leaving it out
  is an error), and from the protocol dataclasses' field defaults;
* **what a key means** is the numpydoc entry of the parameter it sets, in the
  docstring of :class:`~ensemble_lab.evaluation.ExperimentConfig`,
  :class:`~ensemble_lab.evaluation.MethodSpec`, :class:`~ensemble_lab.evaluation.DatasetFile`
  or the protocol class.

A key the code accepts but no docstring describes is a build error, so the page cannot
fall behind the parser.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from docutils import nodes
from docutils.statemachine import StringList
from numpydoc.docscrape import ClassDoc
from sphinx.util.docutils import SphinxDirective

MINIMAL = {"name": "x", "datasets": ["iris"], "methods": ["J48"]}


class MissingDescription(Exception):
    """A key of the experiment file that no docstring describes."""


def _entries(cls: type, section: str = "Parameters") -> dict[str, tuple[str, str]]:
    """Name -> (type, description) of a numpydoc section, ``a, b`` entries split."""
    out = {}
    for param in ClassDoc(cls)[section]:
        for name in param.name.split(","):
            out[name.strip()] = (param.type, " ".join(param.desc))
    return out


def _type_of(numpydoc_type: str) -> str:
    """The type part of ``"int, default=10"``."""
    return re.split(r",\s*(?:default\b|optional\b)", numpydoc_type)[0].strip()


def _required(key: str) -> bool:
    from ensemble_lab.evaluation import parse_config

    doc = {k: v for k, v in MINIMAL.items() if k != key}
    try:
        parse_config(doc)
    except ValueError as exc:
        return f"missing key {key!r}" in str(exc)
    return False


def _describe(entries: dict[str, tuple[str, str]], attr: str, key: str) -> tuple[str, str]:
    if attr not in entries:
        raise MissingDescription(
            f"experiment file key {key!r}: no docstring entry {attr!r} describes it"
        )
    return entries[attr]


def _cell(text: str) -> str:
    return text.replace("\n", " ").strip() or "—"


def _table(title: str, header: Iterable[str], rows: list[list[str]]) -> list[str]:
    lines = [f".. list-table:: {title}", "   :header-rows: 1", "   :class: experiment-keys", ""]
    for row in [list(header), *rows]:
        lines.append(f"   * - {_cell(row[0])}")
        lines += [f"     - {_cell(cell)}" for cell in row[1:]]
    return [*lines, ""]


def top_level_rows() -> list[list[str]]:
    """Rows of the top-level table: key, type, required/default, meaning."""
    from ensemble_lab.evaluation import ExperimentConfig, parse_config
    from ensemble_lab.evaluation import config as config_module

    entries = _entries(ExperimentConfig)
    defaults = parse_config(MINIMAL).to_dict()
    rows = []
    for key in config_module._TOP_KEYS:
        if key == "record":
            continue  # its own table
        kind, text = _describe(entries, key, key)
        if _required(key):
            default = "required"
        elif key == "protocol":
            default = '``kind = "{kind}"`` with its defaults'.format(**defaults["protocol"])
        elif key in defaults and defaults[key] not in (None, ""):
            default = f"``{defaults[key]!r}``"
        else:
            default = "none"
        rows.append([f"``{key}``", _type_of(kind), default, text])
    return rows


def method_rows() -> list[list[str]]:
    """Rows of the ``[[methods]]`` table."""
    from ensemble_lab.evaluation import MethodSpec
    from ensemble_lab.evaluation import config as config_module

    entries = _entries(MethodSpec)
    return [
        [f"``{key}``", _type_of(_describe(entries, key, f"methods.{key}")[0]),
         _describe(entries, key, f"methods.{key}")[1]]
        for key in config_module._METHOD_KEYS
    ]  # fmt: skip


def dataset_rows() -> list[list[str]]:
    """Rows of the two dataset tables: one file, or a train/test pair."""
    from ensemble_lab.evaluation import DatasetFile, DatasetFiles
    from ensemble_lab.evaluation import config as config_module

    rows = []
    for keys, cls, form in (
        (config_module._DATASET_ONE_FILE_KEYS, DatasetFile, "``{name, file, ...}``"),
        (config_module._DATASET_FILE_KEYS, DatasetFiles, "``{name, train, test}``"),
    ):
        entries = _entries(cls, "Attributes")
        for key in keys:
            kind, text = _describe(entries, key, f"datasets.{key}")
            rows.append([form, f"``{key}``", _type_of(kind), text])
    groups = ", ".join(f'``"{g}"``' for g in config_module.DATASET_GROUPS)
    rows.append(
        ["a string", "—", "str", f'a data set\'s name, ``"openml:ID"``, or a group: {groups}']
    )
    return rows


def protocol_rows() -> list[list[str]]:
    """Rows of the ``[protocol]`` table: one per kind and key."""
    from ensemble_lab.evaluation import protocols

    rows = []
    for kind, (cls, keys) in protocols._KINDS.items():
        summary = (cls.__doc__ or "").strip().splitlines()[0]
        rows.append(
            [f'``"{kind}"``', "—", "—", f":class:`~{cls.__module__}.{cls.__name__}`: {summary}"]
        )
        entries = _entries(cls) if keys else {}
        fields = {f.name: f.default for f in dataclasses.fields(cls)}
        for key, arg in keys.items():
            kind_text, text = _describe(entries, arg, f"protocol.{key}")
            default = fields.get(arg, dataclasses.MISSING)
            shown = "none" if default in (None, dataclasses.MISSING) else f"``{default!r}``"
            rows.append(["", f"``{key}``", f"{_type_of(kind_text)}; default {shown}", text])
    return rows


def record_rows() -> list[list[str]]:
    """Rows of the ``[record]`` table."""
    from ensemble_lab.evaluation import ExperimentConfig
    from ensemble_lab.evaluation import config as config_module

    entries = _entries(ExperimentConfig)
    rows = []
    for key in config_module._RECORD_KEYS:
        # record.predictions is the field record_predictions; record.probes is probes
        attr = f"record_{key}" if f"record_{key}" in entries else key
        kind, text = _describe(entries, attr, f"record.{key}")
        rows.append([f"``{key}``", _type_of(kind), text])
    return rows


def reference_rst() -> list[str]:
    """The whole reference as reStructuredText lines."""
    return [
        *_table("Top level", ["key", "type", "default", "meaning"], top_level_rows()),
        *_table("``[[methods]]`` (or a plain name)", ["key", "type", "meaning"], method_rows()),
        *_table("``datasets`` entries", ["form", "key", "type", "meaning"], dataset_rows()),
        *_table("``[protocol]``", ["kind", "key", "type and default", "meaning"], protocol_rows()),
        *_table("``[record]``", ["key", "type", "meaning"], record_rows()),
    ]


class ExperimentFileKeys(SphinxDirective):
    """``.. experiment-file-keys::``: the reference tables above."""

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        try:
            lines = reference_rst()
        except MissingDescription as exc:
            raise self.error(str(exc)) from None
        self.state.nested_parse(StringList(lines, source="experiment-file-keys"), 0, container)
        return container.children


def setup(app):
    app.add_directive("experiment-file-keys", ExperimentFileKeys)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
