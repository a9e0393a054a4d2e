import re

from typer.testing import CliRunner

from ensemble_lab.cli import app

runner = CliRunner()


def test_datasets_lists_embedded_and_synthetic(tmp_path, monkeypatch):
    monkeypatch.delenv("ENSEMBLE_LAB_DATA", raising=False)
    result = runner.invoke(app, ["datasets", "--data-dir", str(tmp_path)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "iris" in result.output and "150" in result.output
    assert "layered-cake" in result.output


def test_datasets_reads_the_data_dir(arff_dir):
    result = runner.invoke(app, ["datasets", "--data-dir", str(arff_dir)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "letter" in result.output and "20000" in result.output


def test_every_help_text_shows_its_defaults(monkeypatch):
    # Rich reads "[default: ...]" as markup and drops it unless escaped, leaving "text ."
    monkeypatch.setenv("COLUMNS", "120")
    import typer.main

    commands = typer.main.get_command(app).commands
    shown = 0
    for name in commands:
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0, name
        text = " ".join(result.output.replace("│", " ").split())
        dropped = re.search(r"\w \.(?:\s|$)", text)
        assert dropped is None, f"{name} --help: ...{text[dropped.start() - 60 : dropped.end()]}"
        shown += text.count("[default: ")
    assert shown >= 8
