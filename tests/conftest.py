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


@pytest.fixture(scope="session")
def arff_dir(tmp_path_factory) -> Path:
    """The papers' collection as a folder of plain ARFF files, extracted from the package.

    What a user's ``--data-dir`` looks like (``medical/`` inside), and what Weka reads.
    """
    from ensemble_lab.datasets import extract_arff

    path = tmp_path_factory.mktemp("arff")
    extract_arff(path)
    return path
