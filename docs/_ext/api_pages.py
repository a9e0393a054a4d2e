"""Write the API reference pages from the packages' ``__all__`` at build time.

Each module of :data:`MODULES` gets a page ``api/<module>.rst``: the module's docstring,
then an ``autosummary`` table (one generated page per name) of every name of its
``__all__`` — classes, then functions, then data. A name is documented once, under the
first module of :data:`MODULES` that exports it, so a name re-exported by a package (and
by its private module) has a single page. Nothing here lists names by hand: a name
added to an ``__all__`` appears in the reference at the next build.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

#: The documented modules, in the order of the reference: every subpackage of
#: ensemble_lab (the reporting package exports through its three public modules), then
#: the public modules of the harness whose names the subpackage does not re-export.
MODULES: tuple[tuple[str, str], ...] = (
    ("ensemble_lab.methods", "Ensemble methods and the papers' method names"),
    ("ensemble_lab.learners", "Base learners (Weka-identical presets)"),
    ("ensemble_lab.projections", "Supervised projections"),
    ("ensemble_lab.datasets", "Data sets, ARFF, synthetic tasks"),
    ("ensemble_lab.diversity", "Diversity measures"),
    ("ensemble_lab.evaluation", "Experiment harness: protocols, runner, results store"),
    ("ensemble_lab.evaluation.stats", "Statistical tests and ranks"),
    ("ensemble_lab.evaluation.metrics", "The scores of a task"),
    ("ensemble_lab.evaluation.pairwise", "Weka's Experimenter summaries"),
    ("ensemble_lab.evaluation.verify", "Re-running stored tasks"),
    ("ensemble_lab.evaluation.estimate", "Estimating a run's time"),
    ("ensemble_lab.evaluation.weka", "Running Weka 3.6 itself"),
    ("ensemble_lab.reporting.plots", "Figures"),
    ("ensemble_lab.reporting.tables", "Tables"),
    ("ensemble_lab.reporting.claims", "Claims ledgers"),
    ("ensemble_lab.experiments", "The papers' reproductions"),
    ("ensemble_lab.base", "Shared estimator plumbing"),
)


def _kind(obj: object) -> str:
    if inspect.isclass(obj):
        return "Classes"
    if callable(obj):
        return "Functions"
    return "Data"


def module_names(module_name: str) -> list[str]:
    """The names of a module's ``__all__``."""
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None)
    if names is None:
        raise RuntimeError(f"{module_name} has no __all__: the reference cannot list it")
    return list(names)


def plan() -> dict[str, dict[str, list[str]]]:
    """Module -> kind -> names documented there (each object once)."""
    seen: set[int] = set()
    out: dict[str, dict[str, list[str]]] = {}
    for module_name, _ in MODULES:
        module = importlib.import_module(module_name)
        groups: dict[str, list[str]] = {"Classes": [], "Functions": [], "Data": []}
        for name in module_names(module_name):
            obj = getattr(module, name)
            key = id(obj)
            # plain values (strings, dicts) are documented where they are exported
            if _kind(obj) != "Data" and key in seen:
                continue
            seen.add(key)
            groups[_kind(obj)].append(name)
        out[module_name] = groups
    return out


def _page(module_name: str, title: str, groups: dict[str, list[str]]) -> str:
    heading = f"``{module_name}``: {title}"
    lines = [
        f".. _api-{module_name}:",
        "",
        heading,
        "=" * len(heading),
        "",
        f".. automodule:: {module_name}",
        "   :no-members:",
        "   :no-index:",
        "",
        f".. currentmodule:: {module_name}",
        "",
    ]
    for kind, names in groups.items():
        if not names:
            continue
        # docs/_templates/autosummary/{class,function,data}.rst
        template = {"Classes": "class", "Functions": "function"}.get(kind, "data")
        lines += [kind, "-" * len(kind), "", ".. autosummary::", "   :toctree: generated/"]
        lines += [f"   :template: autosummary/{template}.rst", ""]
        lines += [*(f"   {n}" for n in sorted(names)), ""]
    return "\n".join(lines)


def write_pages(docs: Path) -> list[str]:
    """Write ``api/<module>.rst`` for every module; returns the page names."""
    out_dir = docs / "api"
    out_dir.mkdir(exist_ok=True)
    pages = []
    for (module_name, title), groups in zip(MODULES, plan().values()):
        text = _page(module_name, title, groups)
        path = out_dir / f"{module_name}.rst"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        pages.append(module_name)
    return pages


def top_level_page() -> str:
    """``api/ensemble_lab.rst``: the names ``ensemble_lab`` re-exports, linked to their pages."""
    import ensemble_lab

    where = {}
    for module_name, groups in plan().items():
        module = importlib.import_module(module_name)
        for names in groups.values():
            for name in names:
                where.setdefault(id(getattr(module, name)), f"{module_name}.{name}")
    heading = "``ensemble_lab``: the everyday names"
    lines = [
        ".. _api-ensemble_lab:",
        "",
        heading,
        "=" * len(heading),
        "",
        ".. automodule:: ensemble_lab",
        "   :no-members:",
        "   :no-index:",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - ``from ensemble_lab import``",
        "     - documented as",
    ]
    for name in ensemble_lab.__all__:
        if name.startswith("__"):
            continue
        target = where.get(id(getattr(ensemble_lab, name)))
        if target is None:
            raise RuntimeError(f"ensemble_lab.{name} is documented under no module")
        lines += [f"   * - ``{name}``", f"     - :obj:`{target}`"]
    return "\n".join([*lines, ""])


def write_all(docs: Path) -> None:
    """Every generated page of the reference."""
    write_pages(docs)
    toc = [".. toctree::", "   :maxdepth: 1", "", "   ensemble_lab"]
    toc += [f"   {module_name}" for module_name, _ in MODULES]
    for name, text in (("ensemble_lab.rst", top_level_page()), ("toc.inc", "\n".join(toc) + "\n")):
        path = docs / "api" / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
