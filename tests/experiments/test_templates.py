"""The pages' Markdown templates: filled from a flat mapping, shipped with the package."""

import tomllib
from pathlib import Path

import pytest

from ensemble_lab.experiments import _common
from ensemble_lab.experiments._common import fill_template

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
    text = fill_template("triskel-bias", values)
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
        )


def test_a_value_the_template_does_not_use_is_named():
    values = dict.fromkeys(
        ["title", "name", "variant", "protocol", "seed", "progress", "tables", "ledger", "checked"],
        "",
    )
    with pytest.raises(ValueError, match=r"has no placeholder\(s\) \$stale"):
        fill_template("triskel-bias", values | {"stale": "x"})


def test_templates_are_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"]["package-data"]
    assert "*.md" in data["ensemble_lab.experiments.templates"]
    folder = Path(_common.__file__).parent / "templates"
    assert (folder / "__init__.py").is_file()
