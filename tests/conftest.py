import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def pytest_addoption(parser):
    parser.addoption("--run-slow", action="store_true", default=False, help="run tests marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--run-slow"):
        return
    skip_slow = pytest.mark.skip(reason="slow test: run with --run-slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)


def _shared_datasets() -> Path | None:
    env = os.environ.get("ENSEMBLE_LAB_DATA")
    candidates = [Path(env)] if env else []
    candidates.append(REPO.parent / "shared" / "datasets")
    for path in candidates:
        if (path / "MANIFEST.csv").is_file():
            return path
    return None


@pytest.fixture(scope="session")
def shared_data_dir() -> Path:
    """The full ARFF collection (../shared/datasets or $ENSEMBLE_LAB_DATA)."""
    path = _shared_datasets()
    if path is None:
        pytest.skip("the shared dataset collection is not present (set ENSEMBLE_LAB_DATA)")
    return path
