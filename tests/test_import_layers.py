"""The package's import graph goes one way: each layer imports only the layers below it.

Every ``import`` of a module of the package is read from the source (module level and
inside functions alike, since a deferred import is still a dependency), and its layer is
compared with the importer's. A cycle between two folders would need an import going
up, so this also keeps the graph acyclic.
"""

import ast
import tomllib
from pathlib import Path

import pytest

import ensemble_lab

PACKAGE = Path(ensemble_lab.__file__).parent
ROOT = PACKAGE.parents[1]

#: Bottom to top. A module may import its own folder and any strictly lower layer.
LAYERS: list[set[str]] = [
    {"_version", "utils"},
    {"base", "datasets"},
    {"_members"},  # how ensembles (and wrapping learners) fit their members
    {"encoding"},  # mixed data encoded once, and the interface of learners that read it
    {"diversity", "learners", "projections"},
    {"methods"},
    {"evaluation"},
    {"reporting"},
    {"experiments"},
    {"cli"},
    {"__init__", "__main__"},  # the package's face and its entry point
]
RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}


def _unit(parts: tuple[str, ...]) -> str:
    """The folder (or top-level module) of a module path below the package."""
    return parts[0] if parts else "__init__"


def _imports(path: Path) -> list[tuple[int, tuple[str, ...]]]:
    """(line, module path below ``ensemble_lab``) of every import of the package in ``path``."""
    rel = path.relative_to(PACKAGE).with_suffix("").parts
    return imports_in(path.read_text(encoding="utf-8"), rel[:-1])


def imports_in(source: str, here: tuple[str, ...]) -> list[tuple[int, tuple[str, ...]]]:
    """The package imports of ``source``, a module of the folder ``here`` of the package."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = here[: len(here) - (node.level - 1)]
            if not node.module:  # "from .. import x": x is a module of that folder
                found += [(node.lineno, (*base, alias.name)) for alias in node.names]
            else:
                found.append((node.lineno, (*base, *node.module.split("."))))
        elif isinstance(node, ast.ImportFrom) and node.module == "ensemble_lab":
            found += [(node.lineno, (alias.name,)) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ensemble_lab."):
            found.append((node.lineno, tuple((node.module or "").split(".")[1:])))
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.startswith("ensemble_lab.")]
            found += [(node.lineno, tuple(n.split(".")[1:])) for n in names]
    return found


SOURCES = sorted(PACKAGE.rglob("*.py"))


def test_every_folder_has_a_layer():
    units = {_unit(p.relative_to(PACKAGE).with_suffix("").parts) for p in SOURCES}
    assert units <= set(RANK), f"not placed in LAYERS: {sorted(units - set(RANK))}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_down_the_layers(path):
    importer = _unit(path.relative_to(PACKAGE).with_suffix("").parts)
    upward = [
        f"{path.relative_to(ROOT)}:{line} imports ensemble_lab.{'.'.join(module)}"
        for line, module in _imports(path)
        if _unit(module) != importer and RANK.get(_unit(module), len(LAYERS)) >= RANK[importer]
    ]
    assert not upward, "an import goes up (or sideways) the layers:\n" + "\n".join(upward)


def test_the_layer_check_sees_deferred_relative_and_absolute_imports():
    source = (
        "from ..base import validate_mixed_data\n"
        "import ensemble_lab.methods._boosting\n"
        "def f():\n"
        "    from ..reporting import tables\n"
        "    from ensemble_lab.evaluation import stats\n"
        "    from . import _c45\n"
        "    from ensemble_lab import datasets\n"
    )
    assert imports_in(source, ("learners",)) == [
        (1, ("base",)),
        (2, ("methods", "_boosting")),
        (4, ("reporting",)),
        (5, ("evaluation",)),
        (6, ("learners", "_c45")),
        (7, ("datasets",)),
    ]


def test_version_is_the_one_in_pyproject():
    if not (ROOT / "pyproject.toml").is_file():
        pytest.skip("not run from a source checkout")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert ensemble_lab.__version__ == project["version"]
