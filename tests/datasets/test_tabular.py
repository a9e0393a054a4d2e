"""The user's own data: CSV files, pandas frames and OpenML, in the package's form."""

import gzip
import re
from io import BytesIO
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from numpy.testing import assert_array_equal

from ensemble_lab.datasets import as_frame, load, load_csv, load_openml
from ensemble_lab.evaluation import (
    ExperimentConfig,
    MethodSpec,
    RepeatedCV,
    load_results,
    parse_config,
    run_experiment,
)

RECORDED = Path(__file__).parent / "openml"


# ---------------------------------------------------------------------------------- CSV
def test_csv_reads_like_the_arff_of_the_same_data(tmp_path):
    X_arff, y_arff = load("vote")
    frame = X_arff.astype(object).where(X_arff.notna(), "?")
    frame["Class"] = y_arff.astype(str)
    path = tmp_path / "vote.csv"
    frame.to_csv(path, index=False)
    X, y = load_csv(path)
    assert list(X.columns) == list(X_arff.columns)
    for column in X.columns:
        assert isinstance(X[column].dtype, pd.CategoricalDtype)
        assert_array_equal(X[column].isna(), X_arff[column].isna())
        known = X_arff[column].notna()
        assert (X[column][known].astype(str) == X_arff[column][known].astype(str)).all()
    assert list(y) == list(y_arff.astype(str))


def test_csv_nominal_numbers_target_by_name_and_missing_values(tmp_path):
    path = tmp_path / "grades.csv"
    path.write_text("label,grade,weight,colour\nyes,1,0.5,red\nno,2,?,\nyes,1,2,blue\n")
    X, y = load_csv(path, target="label", nominal=["grade"])
    assert list(X.columns) == ["grade", "weight", "colour"]
    assert X["grade"].cat.categories.tolist() == ["1", "2"]
    assert X["weight"].dtype == np.float64 and np.isnan(X["weight"][1])
    assert X["colour"].cat.categories.tolist() == ["blue", "red"] and pd.isna(X["colour"][1])
    assert y.tolist() == ["yes", "no", "yes"]
    gz = tmp_path / "grades.csv.gz"
    gz.write_bytes(gzip.compress(path.read_bytes()))
    X_gz, _ = load_csv(gz, target="label", nominal=["grade"])
    pd.testing.assert_frame_equal(X_gz, X)


def test_csv_errors_name_the_problem(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("a,b\n1,x\n2,?\n")
    with pytest.raises(ValueError, match=r"bad\.csv, line 3: the class value is missing"):
        load_csv(path)
    with pytest.raises(ValueError, match="no column 'c' to use as the class"):
        load_csv(path, target="c")
    with pytest.raises(ValueError, match="nominal: no column 'z'"):
        load_csv(path, target="a", nominal=["z"])


def test_a_frame_of_any_dtypes_gets_the_package_form():
    X = pd.DataFrame({"flag": [True, False, True], "n": [1, 2, 3], "s": pd.array(["a", None, "b"])})
    out, _ = as_frame(X, [0, 1, 0])
    assert [str(t) for t in out.dtypes] == ["category", "float64", "category"]
    assert out["flag"].cat.categories.tolist() == ["False", "True"]
    with pytest.raises(ValueError, match="holds dates"):
        as_frame(pd.DataFrame({"d": pd.date_range("2001", periods=3)}), [0, 1, 0])


def test_a_csv_file_in_an_experiment(tmp_path):
    path = tmp_path / "mine.csv"
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"x": rng.normal(size=60), "g": rng.choice(["a", "b"], size=60)})
    frame["label"] = np.where(frame["x"] > 0, "pos", "neg")
    frame.to_csv(path, index=False)
    config = parse_config(
        {
            "name": "csv",
            "datasets": [{"name": "mine", "file": "mine.csv", "target": "label"}],
            "methods": ["J48"],
            "protocol": {"kind": "cv", "folds": 3},
        },
        base_dir=tmp_path,
    )
    summary = run_experiment(config, tmp_path / "r.db")
    assert summary.complete and summary.done == 3
    assert set(load_results(tmp_path / "r.db")["dataset"]) == {"mine"}


# ------------------------------------------------------------------------------- OpenML
class _Response:
    def __init__(self, data, is_gzip):
        self.data, self.is_gzip = data, is_gzip

    def read(self, amt=-1):
        return self.data.read(amt)

    def close(self):
        self.data.close()

    def info(self):
        return {"Content-Encoding": "gzip"} if self.is_gzip else {}

    def __iter__(self):
        return iter(self.data)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _recorded_name(url):
    """The file of a request, named as scikit-learn's recorder names it."""
    path = url[len("https://api.openml.org/") :]
    if "/data/v1/download/" in url:
        path = path.rsplit("/", 1)[0]
        suffix = ".arff"
    else:
        suffix = ".json"
    name = re.sub(r"\W", "-", path) + suffix + ".gz"
    for long, short in (
        ("-json-data-list", "-jdl"), ("-json-data-features", "-jdf"),
        ("-json-data-qualities", "-jdq"), ("-json-data", "-jd"), ("-data_name", "-dn"),
        ("-download", "-dl"), ("-limit", "-l"), ("-data_version", "-dv"), ("-status", "-s"),
        ("-deactivated", "-dact"), ("-active", "-act"),
    ):  # fmt: skip
        name = name.replace(long, short)
    return name


@pytest.fixture
def recorded_openml(monkeypatch):
    """Serve OpenML's answers from the recorded files; count the requests."""
    from sklearn.datasets import _openml

    requests = []

    def urlopen(request, *args, **kwargs):
        url = request.get_full_url()
        requests.append(url)
        raw = (RECORDED / "id_61" / _recorded_name(url)).read_bytes()
        if request.get_header("Accept-encoding") == "gzip":
            return _Response(BytesIO(raw), True)
        return _Response(BytesIO(gzip.decompress(raw)), False)

    monkeypatch.setattr(_openml, "urlopen", urlopen)
    return requests


def test_openml_iris_is_the_packaged_iris(recorded_openml, tmp_path):
    X, y = load_openml(61, data_home=tmp_path)
    X_ours, y_ours = load("iris")
    assert X.shape == X_ours.shape == (150, 4)
    assert (X.dtypes == np.float64).all()
    assert_array_equal(X.to_numpy(), X_ours.to_numpy())
    assert list(y.astype(str)) == list(y_ours.astype(str))
    assert recorded_openml  # it went to the (recorded) network


def test_openml_by_name_and_then_from_the_cache_without_network(recorded_openml, tmp_path):
    X, y = load_openml("iris", version=1, data_home=tmp_path)
    assert X.shape == (150, 4) and y.nunique() == 3
    before = len(recorded_openml)
    again, _ = load_openml(61, data_home=tmp_path)  # the cache answers
    assert len(recorded_openml) == before
    pd.testing.assert_frame_equal(again, X)


def test_openml_in_an_experiment_and_by_name_in_load(recorded_openml, tmp_path, monkeypatch):
    monkeypatch.setenv("ENSEMBLE_LAB_OPENML", str(tmp_path / "cache"))
    X, _ = load("openml:61")
    assert X.shape == (150, 4)
    config = ExperimentConfig(
        name="o",
        datasets=("openml:61",),
        methods=(MethodSpec(label="J48", name="J48"),),
        protocol=RepeatedCV(n_folds=3, n_repetitions=1),
    )
    assert run_experiment(config, tmp_path / "o.db").complete
    ours = run_experiment(
        ExperimentConfig(name="p", datasets=("iris",), methods=config.methods,
                         protocol=config.protocol),
        tmp_path / "o.db",
    )  # fmt: skip
    assert ours.complete
    results = load_results(tmp_path / "o.db").set_index(["experiment", "fold"])["accuracy"]
    assert_array_equal(results["o"], results["p"])  # the same data, the same numbers
