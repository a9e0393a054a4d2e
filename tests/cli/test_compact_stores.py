"""``pack`` and ``unpack`` on the command line; every reading command takes the compact form,
every writing one refuses it in one line; ``reproduce --estimate`` covers every part."""

import re
import textwrap

import pandas as pd
import pytest
from typer.testing import CliRunner

from ensemble_lab.cli import app
from ensemble_lab.evaluation import estimate as estimate_module
from ensemble_lab.evaluation.estimate import Estimate
from ensemble_lab.experiments import RunContext, reproduction

runner = CliRunner()

CONFIG = """
name = "tiny"
datasets = ["iris", "breast-cancer"]
[protocol]
kind = "cv"
folds = 3
[[methods]]
name = "NB"
[[methods]]
name = "J48"
"""


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """(plain store, its compact copy) of a small run."""
    tmp = tmp_path_factory.mktemp("compact-cli")
    toml = tmp / "tiny.toml"
    toml.write_text(textwrap.dedent(CONFIG))
    plain = tmp / "plain" / "results.db"
    result = runner.invoke(app, ["run", str(toml), "--results", str(plain), "-j", "1"])
    assert result.exit_code == 0, result.output
    copy = tmp / "results.db"
    copy.write_bytes(plain.read_bytes())
    result = runner.invoke(app, ["pack", str(copy)])
    assert result.exit_code == 0, result.output
    assert "Written:" in result.output and "results.db.xz" in result.output
    assert not copy.exists()
    return plain, copy.with_name("results.db.xz")


@pytest.mark.parametrize(
    "command",
    [["export"], ["export", "--failures"], ["report"], ["report", "--format", "latex"]],
    ids=" ".join,
)
def test_reading_commands_print_the_same_from_the_compact_form(stored, command):
    plain, compact = stored
    ours = runner.invoke(app, [command[0], str(compact), *command[1:]])
    theirs = runner.invoke(app, [command[0], str(plain), *command[1:]])
    assert ours.exit_code == theirs.exit_code == 0, ours.output
    assert ours.output == theirs.output


def test_verify_reruns_the_compact_form(stored):
    _, compact = stored
    result = runner.invoke(app, ["verify", str(compact), "--sample", "4"])
    assert result.exit_code == 0, result.output
    assert "All 4 task(s) gave the stored numbers." in result.output


@pytest.mark.parametrize("command", ["run", "backfill"])
def test_writing_commands_refuse_it_in_one_line(stored, tmp_path, command, one_line_error):
    _, compact = stored
    target = tmp_path / compact.name
    target.write_bytes(compact.read_bytes())
    toml = tmp_path / "tiny.toml"
    toml.write_text(textwrap.dedent(CONFIG))
    args = {
        "run": ["run", str(toml), "--results", str(target), "-j", "1"],
        "backfill": ["backfill", str(target)],
    }[command]
    result = runner.invoke(app, args)
    one_line_error(result, "compact results store", f"ensemble-lab unpack {target}")
    assert target.read_bytes() == compact.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.db.xz", "tiny.toml"]


def test_unpack_gives_back_the_plain_store(stored, tmp_path):
    plain, compact = stored
    target = tmp_path / compact.name
    target.write_bytes(compact.read_bytes())
    result = runner.invoke(app, ["unpack", str(target), "--keep"])
    assert result.exit_code == 0, result.output
    unpacked = tmp_path / "results.db"
    assert target.is_file() and unpacked.is_file()
    ours = runner.invoke(app, ["export", str(unpacked)])
    assert ours.output == runner.invoke(app, ["export", str(plain)]).output


def test_unpack_does_not_overwrite_a_plain_store(stored, tmp_path, one_line_error):
    _, compact = stored
    (tmp_path / "results.db").write_bytes(b"newer results")
    target = tmp_path / compact.name
    target.write_bytes(compact.read_bytes())
    result = runner.invoke(app, ["unpack", str(target)])
    one_line_error(result, "exists", "move it away first")
    assert (tmp_path / "results.db").read_bytes() == b"newer results"


def test_oracle_estimate_covers_every_experiment_the_page_runs(tmp_path, monkeypatch):
    """Each part ``reproduce oracle`` runs is estimated, in order, with its own store's times."""
    ran, estimated = [], []
    oracle = reproduction("oracle")

    def run_part(ctx, part):
        ran.append((part.config.name, ctx.store_path(part.store).name))

    monkeypatch.setattr(RunContext, "run", run_part)
    monkeypatch.setattr(type(oracle), "write", lambda self, ctx: ctx.out_dir / "oracle.md")
    assert oracle.run(RunContext(tmp_path)) == tmp_path / "oracle.md"

    def fake(config, *, results=None, **_):
        estimated.append(config.name)
        tasks = pd.DataFrame({"seconds": [60.0], "stored": [False], "source": ["sampled"]})
        return Estimate(config.name, tasks)

    monkeypatch.setattr(estimate_module, "estimate_runtime", fake)
    result = runner.invoke(app, ["reproduce", "oracle", "--estimate", "--results", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert estimated == [name for name, _ in ran]
    expected = ["oracle-kappa", "oracle-medical", "oracle-readings", "oracle-cost", "oracle-paper"]
    assert estimated == expected
    assert [db for _, db in ran] == ["oracle.db", "oracle-medical.db", "oracle-readings.db",
                                     "oracle-cost.db", "oracle.db"]  # fmt: skip
    assert "All 5 experiments of oracle:" in result.output
    assert "total CPU time: 5.0 min" in result.output.split("All 5 experiments")[1]


def test_running_the_oracle_into_its_compact_store_is_refused(tmp_path):
    """``reproduce oracle`` beside a packed ``oracle.db.xz`` says how to unpack it."""
    compact = tmp_path / "oracle.db.xz"
    compact.write_bytes(b"a packed store")
    refusal = re.escape(f"unpack it first: ensemble-lab unpack {compact}")
    with pytest.raises(ValueError, match=refusal):
        reproduction("oracle").run(RunContext(tmp_path, quick=True))
    assert compact.read_bytes() == b"a packed store"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["oracle.db.xz"]


def test_a_compact_store_beside_the_page_is_what_its_estimate_reads(tmp_path, monkeypatch):
    stores = []

    def fake(config, *, results=None, **_):
        stores.append(None if results is None else len(results))
        tasks = pd.DataFrame({"seconds": [1.0], "stored": [False], "source": ["sampled"]})
        return Estimate(config.name, tasks)

    monkeypatch.setattr(estimate_module, "estimate_runtime", fake)
    (tmp_path / "oracle.db.xz").write_bytes(b"not a store")
    result = runner.invoke(app, ["reproduce", "oracle", "--estimate", "--results", str(tmp_path)])
    assert result.exit_code == 2 and "oracle.db.xz" in result.output  # it was read
