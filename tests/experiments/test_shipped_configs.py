"""Every experiment configuration we ship is valid and runs (on one dataset, 2-fold CV)."""

import dataclasses
import re
import tomllib
from pathlib import Path

import pytest

from ensemble_lab.datasets import dataset_names
from ensemble_lab.evaluation import (
    StratifiedKFold,
    load_config,
    load_failures,
    run_experiment,
    validate_experiment,
)
from ensemble_lab.experiments import (
    experiment_names,
    experiment_path,
    reproduction,
    reproduction_names,
)

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted(REPO.glob("experiments/*.toml")) + [experiment_path(n) for n in experiment_names()]


def test_the_shipped_files_are_found():
    assert {p.name for p in SHIPPED} >= {"example.toml", "quick.toml"}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_configuration_runs_in_quick_mode(path, tmp_path):
    config = load_config(path)
    datasets = validate_experiment(config)  # every dataset found, every method valid
    quick = dataclasses.replace(config, datasets=(datasets[0],), protocol=StratifiedKFold(2))
    summary = run_experiment(quick, tmp_path / "quick.db")
    assert summary.complete, load_failures(tmp_path / "quick.db")["error"].tolist()
    assert summary.done == 2 * len(config.methods)


def test_the_documented_example_is_the_shipped_one():
    text = (REPO / "docs" / "experiments.md").read_text()
    (block,) = re.findall(r"`experiments/example.toml`\):\n\n```toml\n(.*?)```", text, re.S)
    example = (REPO / "experiments" / "example.toml").read_text()
    assert tomllib.loads(block) == tomllib.loads(example)


@pytest.mark.parametrize("name", reproduction_names())
def test_reproduction_configurations_are_valid(name, request):
    item = reproduction(name)
    if not item.keeps_store:
        pytest.skip(f"{name} does not run through the experiment runner")
    for quick in (True, False):
        for part in item.parts(quick=quick):
            config = part.config
            known = set(dataset_names())  # embedded and synthetic
            needs_files = any(d not in known for d in config.datasets)
            data_dir = request.getfixturevalue("arff_dir") if needs_files else None
            validate_experiment(config, data_dir=data_dir)
