"""The pages' Markdown templates: filled from a flat mapping, shipped with the package."""

import dataclasses
import tomllib
import typing
from pathlib import Path
from string import Template

import pytest

from ensemble_lab.experiments import reproduction, reproduction_names
from ensemble_lab.experiments._common import fill_template

TRISKEL = "ensemble_lab.experiments.triskel"  # the package whose templates these tests fill

ROOT = Path(__file__).resolve().parents[2]


def test_a_template_is_filled_from_already_formatted_text():
    values = {
        "title": "T",
        "name": "n",
        "variant": "V",
        "protocol": "p",
        "seed": "1",
        "progress": "done",
        "tables": "",
        "ledger": "L",
        "checked": "",
    }
    text = fill_template("triskel-bias", values, package=TRISKEL)
    assert text.startswith("# T\n") and "`ensemble-lab reproduce n`: V with" in text
    assert "$" not in text


def test_a_missing_placeholder_is_named():
    with pytest.raises(ValueError, match=r"triskel-bias\.md: no value for placeholder\(s\) \$seed"):
        fill_template(
            "triskel-bias",
            {"title": "T"}
            | dict.fromkeys(
                ["name", "variant", "protocol", "progress", "tables", "ledger", "checked"], ""
            ),
            package=TRISKEL,
        )


def test_a_value_the_template_does_not_use_is_named():
    values = dict.fromkeys(
        ["title", "name", "variant", "protocol", "seed", "progress", "tables", "ledger", "checked"],
        "",
    )
    with pytest.raises(ValueError, match=r"has no placeholder\(s\) \$stale"):
        fill_template("triskel-bias", values | {"stale": "x"}, package=TRISKEL)


def test_templates_are_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"]["package-data"]
    assert "templates/*.md" in data["*"]  # each paper's subpackage's templates folder


def findings_type(item):
    """The frozen dataclass a reproduction's ``findings`` returns."""
    return typing.get_type_hints(type(item).findings)["return"]


def test_every_page_has_findings_and_a_template():
    for name in reproduction_names():
        item = reproduction(name)
        kind = findings_type(item)
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen, name
        assert item.templates().joinpath(f"{name}.md").is_file(), f"{name} has no template"


def template_folders():
    """Each reproduction's templates folder, once."""
    return sorted({Path(str(reproduction(n).templates())) for n in reproduction_names()})


def test_every_template_belongs_to_a_page():
    """``NAME.md`` is a page's template; ``NAME-SECTION.md`` a section its page chooses."""
    names = reproduction_names()
    for path in (p for folder in template_folders() for p in folder.glob("*.md")):
        page = path.stem if path.stem in names else path.stem.rsplit("-", 1)[0]
        assert page in names, f"{path.name} belongs to no page"
        text = path.read_text(encoding="utf-8")
        assert Template(text).is_valid(), f"{path.name} has a malformed placeholder"
