"""A missing optional package is one line naming what installs it."""

import builtins
import sys

import pytest
from typer.testing import CliRunner

from ensemble_lab.cli import app


@pytest.fixture
def without(monkeypatch):
    """Make ``import NAME`` (and its submodules) fail, as on a machine without it."""

    def hide(*names):
        real = builtins.__import__

        def fake(name, *args, **kwargs):
            if name.split(".")[0] in names:
                raise ModuleNotFoundError(f"No module named {name!r}")
            return real(name, *args, **kwargs)

        for loaded in [m for m in sys.modules if m.split(".")[0] in names]:
            monkeypatch.delitem(sys.modules, loaded)
        monkeypatch.setattr(builtins, "__import__", fake)

    return hide


def test_dask_local_without_distributed_names_the_extra(without, tmp_path):
    without("distributed", "dask")
    result = CliRunner().invoke(
        app, ["run", "--dask-local", "2", "--results", str(tmp_path / "out")]
    )
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [
        "Error: Running on Dask needs the optional package 'distributed': "
        "pip install 'ensemble-lab[dask]'"
    ]


def test_smote_without_imbalanced_learn_names_the_package(without):
    import numpy as np

    from ensemble_lab.methods import Oversample

    without("imblearn")
    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(40, 2)), np.array([1] * 30 + [-1] * 10)  # Triskel codes ±1
    with pytest.raises(ImportError, match="pip install imbalanced-learn"):
        Oversample(0.5, method="smote").fit_resample(X, y, np.ones(40), target=1)
