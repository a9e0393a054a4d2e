"""``ensemble-lab methods`` reads well in a narrow and in a wide terminal.

Every name and every description is printed whole (wrapped, never cut or left blank),
no line is wider than the terminal, and each paper's names come under that paper.
"""

import re

import pytest
from typer.testing import CliRunner

from ensemble_lab.cli import app
from ensemble_lab.methods import PAPERS, describe_methods

runner = CliRunner()


def _flat(text: str) -> str:
    """The printed text without the table's borders, whitespace collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"[│┃┏┓┗┛┡┩└┘┳┻╇━─┌┐┬┴├┤┼]", " ", text)).strip()


@pytest.mark.parametrize("width", [80, 200])
def test_every_name_and_description_is_printed_whole(width):
    result = runner.invoke(app, ["methods"], env={"COLUMNS": str(width)}, terminal_width=width)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= width
    assert "…" not in result.output
    flat = _flat(result.output)
    for info in describe_methods():
        assert info.name in result.output
        assert _flat(info.what) in flat, f"{info.name}: description cut at {width} columns"
        assert info.estimator in result.output


@pytest.mark.parametrize("width", [80, 200])
def test_names_come_under_their_paper(width):
    result = runner.invoke(
        app, ["methods", "--paper", "1"], env={"COLUMNS": str(width)}, terminal_width=width
    )
    assert result.exit_code == 0, result.output
    key = list(PAPERS)[1]
    flat = _flat(result.output)
    assert _flat(PAPERS[key]) in flat
    assert {i.name for i in describe_methods(1)} == {
        i.name for i in describe_methods() if i.paper == key
    }
    for other in set(PAPERS) - {key}:
        assert _flat(PAPERS[other]) not in flat
