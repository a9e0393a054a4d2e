"""The ten-minute tour (docs/tour.md) runs as printed: its Python, in order, in one folder.

The TOML block is written to the file the tour names (``study.toml``); the shell
commands are the command line's, tested in tests/cli.
"""

import re
from pathlib import Path

import matplotlib

TOUR = Path(__file__).resolve().parents[2] / "docs" / "tour.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", TOUR.read_text(encoding="utf-8"), re.S)


def test_the_tour_runs_as_printed(tmp_path, monkeypatch, capsys):
    matplotlib.use("Agg")
    monkeypatch.chdir(tmp_path)
    (toml,) = _blocks("toml")
    name = re.search(r"# (\S+\.toml)", toml).group(1)
    (tmp_path / name).write_text(toml, encoding="utf-8")
    (tmp_path / "results").mkdir()
    namespace: dict = {}
    for code in _blocks("python"):
        exec(compile(code, str(TOUR), "exec"), namespace)
    assert "Triskel-W2" in set(namespace["results"]["method"])
    assert "TriskelClassifier" in capsys.readouterr().out
