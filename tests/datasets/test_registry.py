import numpy as np
import pytest

from ensemble_lab.datasets import (
    DATA_ENV,
    dataset_names,
    embedded_names,
    list_datasets,
    load,
    packaged_names,
)


def test_every_dataset_of_the_papers_loads_without_a_data_dir(monkeypatch):
    monkeypatch.delenv(DATA_ENV, raising=False)
    names = packaged_names()
    assert len(names) == 49 and {"letter", "weaning", "voice9"} <= set(names)
    for name in names:
        X, y = load(name)
        assert len(X) == len(y) > 0
    # the quick job's small subset is among them
    assert set(embedded_names()) <= set(names) and len(embedded_names()) == 8


def test_the_packaged_collection_is_small():
    from ensemble_lab.datasets._registry import _PACKAGED_DIR

    assert sum(p.stat().st_size for p in _PACKAGED_DIR.rglob("*.gz")) < 2_000_000


def test_a_data_dir_overrides_a_packaged_file_and_adds_its_own(tmp_path):
    (tmp_path / "medical").mkdir()
    iris = "@relation tiny\n@attribute a numeric\n@attribute class {x,y}\n@data\n1,x\n2,y\n"
    (tmp_path / "iris.arff").write_text(iris)
    (tmp_path / "medical" / "mine.arff").write_text(iris)
    X, _ = load("iris", data_dir=tmp_path)
    assert X.shape == (2, 1)  # the data dir's file, not the packaged one
    X, _ = load("mine", data_dir=tmp_path)
    assert X.shape == (2, 1)
    assert load("iris")[0].shape == (150, 4)
    table = list_datasets(data_dir=tmp_path).set_index("name")
    assert table.loc["iris", "source"] == "data dir"
    assert table.loc["mine", "source"] == "data dir"
    assert table.loc["vote", "source"] == "UCI"


def test_compressed_files_in_a_data_dir_are_read(tmp_path):
    import gzip
    import lzma

    text = b"@relation t\n@attribute a numeric\n@attribute class {x,y}\n@data\n1,x\n2,y\n3,x\n"
    (tmp_path / "g.arff.gz").write_bytes(gzip.compress(text))
    (tmp_path / "x.arff.xz").write_bytes(lzma.compress(text))
    for name in ("g", "x"):
        X, y = load(name, data_dir=tmp_path)
        assert X.shape == (3, 1) and list(y) == ["x", "y", "x"]


def test_aliases_and_papers_preprocessing(arff_dir):
    X, _ = load("pima", data_dir=arff_dir)
    assert X.shape == (768, 8)
    X, _ = load("splice", data_dir=arff_dir)
    assert X.shape == (3190, 60) and "Instance_name" not in X
    X, _ = load("zoo", data_dir=arff_dir)
    assert "animal" not in X and X.shape[1] == 16
    _, y = load("abalone", data_dir=arff_dir)
    assert y.nunique() == 28


def test_environment_variable_is_a_data_dir(monkeypatch, arff_dir):
    monkeypatch.setenv(DATA_ENV, str(arff_dir))
    assert "letter" in dataset_names()
    X, _ = load("sonar")
    assert X.shape == (208, 60)


def test_unknown_dataset_error_says_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.delenv(DATA_ENV, raising=False)
    with pytest.raises(ValueError, match=r"no file nosuch\.arff .* packaged: abalone, "):
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
    assert table.loc["iris", "source"] == "UCI"
    assert table.loc["weaning", "source"] == "medical"
    assert table.loc["xor", "source"] == "synthetic"
