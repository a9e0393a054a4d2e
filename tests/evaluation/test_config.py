import json
import tomllib
from pathlib import Path

import pytest
from sklearn.ensemble import BaggingClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.evaluation import (
    DatasetFiles,
    ExperimentConfig,
    FixedSplit,
    MethodSpec,
    RepeatedCV,
    extension_conflict,
    load_config,
    parse_config,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "experiments" / "example.toml"

MINIMAL = {"name": "x", "datasets": ["iris"], "methods": ["J48"]}


def test_example_file_parses_to_what_it_says():
    config = load_config(EXAMPLE)
    assert config.name == "example"
    assert config.seed == 1
    assert config.datasets == ("embedded",)
    assert config.protocol == RepeatedCV(n_folds=10, n_repetitions=10)
    assert config.method_labels == ["J48", "AdaBoost.M1-50", "Bagging-50", "Triskel-W4"]
    ada = config.methods[1]
    assert (ada.name, ada.base, dict(ada.params)) == (
        "N-P-AdaBoostM1 (W)",
        "j48",
        {"n_estimators": 50},
    )
    assert dict(config.methods[2].params) == {"n_estimators": 50}
    assert config.baseline == "J48"
    assert config.record_predictions and config.record_members


def test_defaults_of_a_minimal_file():
    config = parse_config(MINIMAL)
    assert config.protocol == RepeatedCV(10, 10)
    assert config.seed == 1
    assert not config.record_predictions
    assert config.methods == (MethodSpec(label="J48", name="J48"),)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"folds": 10}, "experiment: unknown key 'folds'"),
        ({"name": None}, "name: expected a string"),
        ({"seed": "1"}, "seed: expected an integer"),
        ({"seed": True}, "seed: expected an integer"),
        ({"datasets": []}, "datasets: the experiment needs at least one dataset"),
        ({"datasets": [3]}, r"datasets\[0\]: expected a dataset name"),
        ({"datasets": [{"name": "a", "train": "a.arff"}]}, r"datasets\[0\]: missing key 'test'"),
        ({"methods": ["J48", {"base": "smo"}]}, r"methods\[1\]: give exactly one of 'name'"),
        ({"methods": [{"name": "J48", "parms": {}}]}, r"methods\[0\]: unknown key 'parms'"),
        ({"methods": [{"name": "J48", "params": 3}]}, r"methods\[0\].params: expected a table"),
        ({"methods": ["J48", "J48"]}, "methods: duplicate label 'J48'"),
        ({"protocol": {"kind": "cv", "folds": "ten"}}, "protocol.folds: expected an integer"),
        ({"record": {"prediction": True}}, "record: unknown key 'prediction'"),
        ({"record": {"members": True}}, "record.members needs record.predictions"),
        ({"baseline": "SMO"}, "baseline: 'SMO' is not one of the methods"),
        (
            {"datasets": [{"name": "a", "train": "a.arff", "test": "b.arff"}]},
            "need protocol.kind = 'fixed'",
        ),
    ],
)
def test_bad_files_name_the_bad_key(change, message):
    with pytest.raises(ValueError, match=message):
        parse_config({**MINIMAL, **change})


def test_missing_required_key():
    with pytest.raises(ValueError, match="experiment: missing key 'methods'"):
        parse_config({"name": "x", "datasets": ["iris"]})


def test_load_config_prefixes_errors_with_the_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\ndatasets = ["iris"]\nmethods = ["J48"]\nsed = 3\n')
    with pytest.raises(ValueError, match=r"bad.toml: experiment: unknown key 'sed'"):
        load_config(bad)
    bad.write_text("name = ")
    with pytest.raises(ValueError, match="not valid TOML"):
        load_config(bad)


def test_train_test_files_resolve_against_the_file(tmp_path):
    path = tmp_path / "fixed.toml"
    path.write_text(
        'name = "f"\nmethods = ["J48"]\n'
        'datasets = [{ name = "d", train = "d-train.arff", test = "d-test.arff" }]\n'
        '[protocol]\nkind = "fixed"\ntest_column = "__split__"\n'
    )
    config = load_config(path)
    assert config.datasets == (DatasetFiles("d", "d-train.arff", "d-test.arff"),)
    assert config.base_dir == tmp_path.resolve()
    assert config.protocol == FixedSplit(test_column="__split__")


def test_config_hash_tracks_what_changes_results():
    raw = tomllib.loads(EXAMPLE.read_text())
    base = parse_config(raw).config_hash()
    assert parse_config(raw).config_hash() == base
    assert parse_config({**raw, "description": "other words"}).config_hash() == base
    assert parse_config({**raw, "seed": 2}).config_hash() != base
    changed = {**raw, "methods": [*raw["methods"][:2], {"name": "Bagging", "params": {}}]}
    assert parse_config(changed).config_hash() != base


def test_estimator_method_is_cloned_and_fully_seeded():
    tree = DecisionTreeClassifier(max_depth=3)
    spec = MethodSpec.from_estimator("bag", BaggingClassifier(tree, n_estimators=3))
    built = spec.build(123)
    assert built.random_state == 123
    assert isinstance(built.estimator.random_state, int)
    assert built.estimator is not tree and tree.random_state is None  # never mutated
    assert repr(spec.build(123)) == repr(built)
    assert spec.build(124).estimator.random_state != built.estimator.random_state
    pipe = MethodSpec.from_estimator("p", make_pipeline(StandardScaler(), DecisionTreeClassifier()))
    assert isinstance(pipe.build(5).steps[1][1].random_state, int)


def test_estimator_description_changes_the_hash():
    def cfg(depth):
        spec = MethodSpec.from_estimator("tree", DecisionTreeClassifier(max_depth=depth))
        return ExperimentConfig("t", datasets=("iris",), methods=(spec,))

    assert cfg(3).config_hash() == cfg(3).config_hash()
    assert cfg(3).config_hash() != cfg(4).config_hash()


def test_method_spec_needs_a_name_or_an_estimator():
    with pytest.raises(ValueError, match="exactly one of name or estimator"):
        MethodSpec(label="x")
    with pytest.raises(TypeError, match="is not an estimator"):
        MethodSpec(label="x", estimator=42)


def _with_protocol(protocol, **changes):
    return {**parse_config({**MINIMAL, "protocol": protocol}).to_dict(), **changes}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # One stratified CV is the first repetition of a repeated CV with the same folds.
        ({"kind": "cv", "folds": 10}, {"kind": "repeated-cv", "folds": 10, "repetitions": 3}),
        # 5x2 CV is the first five repetitions of a repeated 2-fold CV.
        ({"kind": "5x2cv"}, {"kind": "repeated-cv", "folds": 2, "repetitions": 10}),
        ({"kind": "half-splits", "repetitions": 5}, {"kind": "half-splits", "repetitions": 9}),
        ({"kind": "fixed", "test_column": "t"}, {"kind": "fixed", "test_column": "t"}),
    ],
)
def test_more_repetitions_of_the_same_splits_extend_a_configuration(old, new):
    assert extension_conflict(_with_protocol(old), _with_protocol(new)) is None
    if old != new:
        assert "repetitions became" in extension_conflict(_with_protocol(new), _with_protocol(old))


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ({"kind": "5x2cv"}, {"kind": "repeated-cv", "folds": 3, "repetitions": 5}, "2 folds"),
        (
            {"kind": "half-splits", "repetitions": 5},
            {"kind": "half-splits", "repetitions": 5, "train_size": 0.6},
            "train_size 0.5 became 0.6",
        ),
        ({"kind": "half-splits", "repetitions": 5}, {"kind": "cv", "folds": 2}, "protocol:"),
        ({"kind": "bootstrap", "repetitions": 5}, {"kind": "cv", "folds": 2}, "protocol:"),
    ],
)
def test_other_splits_do_not_extend_a_configuration(old, new, reason):
    # The stored side is read back as JSON, so it may name a protocol this version lacks.
    stored = {**_with_protocol(new), "protocol": old}
    assert reason in extension_conflict(stored, _with_protocol(new))


def test_description_and_baseline_do_not_matter_to_an_extension():
    old = parse_config({**MINIMAL, "methods": ["J48", "NB"], "baseline": "J48"}).to_dict()
    new = {**old, "baseline": "NB", "description": "now with another reference"}
    assert extension_conflict(old, new) is None


def test_a_parameter_added_at_its_default_keeps_a_stored_method():
    # A store written before Undersample had `draw`: its results are those of the default.
    from ensemble_lab.methods import Undersample

    def config(bias):
        method = MethodSpec(label="T", name="Triskel-W4", params={"bias": bias})
        return ExperimentConfig(name="t", datasets=("iris",), methods=(method,)).to_dict()

    new = config(Undersample(0.9))
    stored = json.loads(json.dumps(new))
    del stored["methods"][0]["params"]["bias"]["params"]["draw"]
    assert extension_conflict(stored, new) is None
    assert "defined differently" in extension_conflict(
        stored, config(Undersample(0.9, draw="weighted"))
    )
    assert "defined differently" in extension_conflict(stored, config(Undersample(0.8)))
    unknown = json.loads(json.dumps(new))
    unknown["methods"][0]["params"]["bias"]["class"] = "nowhere.Undersample"
    stored["methods"][0]["params"]["bias"]["class"] = "nowhere.Undersample"
    assert "defined differently" in extension_conflict(stored, unknown)


def test_a_store_of_an_earlier_revision_of_a_method_is_not_resumed(monkeypatch):
    # Triskel's soft covering changed its members' weights at the same parameters
    # (revision 1): a store written by revision 0 holds other results.
    from ensemble_lab.evaluation.config import estimator_revisions
    from ensemble_lab.methods import TriskelClassifier, Undersample

    key = f"{TriskelClassifier.__module__}.TriskelClassifier"
    method = MethodSpec(label="T", name="Triskel-W4", params={"bias": Undersample(0.9)})
    new = ExperimentConfig(name="t", datasets=("iris",), methods=(method,)).to_dict()
    assert new["methods"][0]["revisions"] == {key: 1}
    stored = json.loads(json.dumps(new))
    assert extension_conflict(stored, new) is None
    del stored["methods"][0]["revisions"]  # written before revisions: revision 0
    assert extension_conflict(stored, new) == (
        "methods: 'T' was stored by another revision of TriskelClassifier (stored 0, now 1): "
        "the same parameters give other results now"
    )
    # nested estimators count, classes at revision 0 are left out (old forms unchanged)
    assert estimator_revisions(BaggingClassifier(TriskelClassifier())) == {key: 1}
    assert estimator_revisions(BaggingClassifier(DecisionTreeClassifier())) == {}
    plain = MethodSpec.from_estimator("tree", DecisionTreeClassifier()).to_dict()
    assert "revisions" not in plain
    monkeypatch.setattr(TriskelClassifier, "_results_revision", 2)
    assert "(stored 1, now 2)" in extension_conflict(new, method_config(method))


def method_config(method):
    return ExperimentConfig(name="t", datasets=("iris",), methods=(method,)).to_dict()
