import numpy as np
import pytest

from ensemble_lab.datasets import (
    DATA_ENV,
    dataset_names,
    embedded_names,
    list_datasets,
    load,
)


def test_embedded_subset_is_small_and_loads_without_data_dir(monkeypatch):
    monkeypatch.delenv(DATA_ENV, raising=False)
    names = embedded_names()
    assert 6 <= len(names) <= 10
    from ensemble_lab.datasets._registry import _EMBEDDED_DIR

    assert sum(p.stat().st_size for p in _EMBEDDED_DIR.glob("*.arff")) < 1_000_000
    for name in names:
        X, y = load(name)
        assert len(X) == len(y) > 0


def test_aliases_and_papers_preprocessing(shared_data_dir):
    X, _ = load("pima", data_dir=shared_data_dir)
    assert X.shape == (768, 8)
    X, _ = load("splice", data_dir=shared_data_dir)
    assert X.shape == (3190, 60) and "Instance_name" not in X
    X, _ = load("zoo", data_dir=shared_data_dir)
    assert "animal" not in X and X.shape[1] == 16
    _, y = load("abalone", data_dir=shared_data_dir)
    assert y.nunique() == 28


def test_environment_variable_is_a_data_dir(monkeypatch, shared_data_dir):
    monkeypatch.setenv(DATA_ENV, str(shared_data_dir))
    assert "letter" in dataset_names()
    X, _ = load("sonar")
    assert X.shape == (208, 60)


def test_unknown_dataset_error_says_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.delenv(DATA_ENV, raising=False)
    with pytest.raises(
        ValueError, match=r"no file nosuch\.arff in .*--data-dir, data_dir= or \$ENSEMBLE_LAB_DATA"
    ):
        load("nosuch")


def test_synthetic_datasets_are_seeded():
    X1, y1 = load("cone-torus", random_state=3)
    X2, y2 = load("cone-torus", random_state=3)
    np.testing.assert_array_equal(X1, X2)
    np.testing.assert_array_equal(y1, y2)


def test_list_datasets_counts(tmp_path, monkeypatch):
    monkeypatch.delenv(DATA_ENV, raising=False)
    table = list_datasets(data_dir=tmp_path).set_index("name")
    assert table.loc["iris", "instances"] == 150
    assert table.loc["iris", "classes"] == 3
    assert table.loc["vote", "nominal"] == 16
    assert bool(table.loc["vote", "missing"]) is True
    assert table.loc["iris", "source"] == "embedded"
