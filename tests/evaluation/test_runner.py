import re

import numpy as np
import pandas as pd
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import load_iris, make_classification
from sklearn.ensemble import BaggingClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from ensemble_lab.base import member_predictions
from ensemble_lab.evaluation import (
    ExperimentConfig,
    ExperimentConflictError,
    FixedSplit,
    MethodSpec,
    RepeatedCV,
    ResultsStore,
    SequentialBackend,
    TaskKey,
    derive_seed,
    ensemble_size,
    load_failures,
    load_predictions,
    load_results,
    run_experiment,
)
from ensemble_lab.methods import register

X_IRIS, Y_IRIS = load_iris(return_X_y=True)
X_SYN, Y_SYN = make_classification(n_samples=120, n_features=6, random_state=1)
DATA = {
    "iris": (X_IRIS, np.array(["setosa", "versicolor", "virginica"])[Y_IRIS]),
    "syn": (X_SYN, Y_SYN),
}
TREE = MethodSpec.from_estimator("tree", DecisionTreeClassifier())
NB = MethodSpec.from_estimator("nb", GaussianNB())
BAG = MethodSpec.from_estimator("bag", BaggingClassifier(DecisionTreeClassifier(), n_estimators=3))


def _config(**kw):
    defaults = {
        "name": "t",
        "datasets": ("iris", "syn"),
        "methods": (TREE, NB, BAG),
        "protocol": RepeatedCV(n_folds=3, n_repetitions=2),
        "seed": 4,
    }
    return ExperimentConfig(**{**defaults, **kw})


class Flaky(ClassifierMixin, BaseEstimator):
    """Fails on the dataset with 3 classes; a majority vote otherwise."""

    def fit(self, X, y):
        self.classes_, counts = np.unique(y, return_counts=True)
        if len(self.classes_) == 3:
            raise ValueError("three classes are too many for me")
        self.majority_ = self.classes_[np.argmax(counts)]
        return self

    def predict(self, X):
        return np.full(len(X), self.majority_)


def test_accuracy_matches_a_direct_cross_validation_loop(tmp_path):
    summary = run_experiment(_config(), tmp_path / "r.db", data=DATA)
    assert summary.complete and summary.done == 2 * 3 * 6
    frame = load_results(tmp_path / "r.db", "t")
    assert len(frame) == 36
    X, y = DATA["iris"]
    for r in range(2):
        cv = StratifiedKFold(n_splits=3, shuffle=True, random_state=4 + r)
        for f, (train, test) in enumerate(cv.split(X, y)):
            expected = np.mean(GaussianNB().fit(X[train], y[train]).predict(X[test]) == y[test])
            row = frame.query(
                "dataset == 'iris' and method == 'nb' and repetition == @r and fold == @f"
            ).iloc[0]
            assert row.accuracy == pytest.approx(expected, abs=1e-12)
            assert (row.n_train, row.n_test) == (len(train), len(test))
            seed = derive_seed(4, "iris", "tree", r, f)
            tree = DecisionTreeClassifier(random_state=seed).fit(X[train], y[train])
            got = frame.query(
                "dataset == 'iris' and method == 'tree' and repetition == @r and fold == @f"
            ).accuracy.iloc[0]
            assert got == pytest.approx(np.mean(tree.predict(X[test]) == y[test]), abs=1e-12)
    assert (frame.query("method == 'bag'").ensemble_size == 3).all()
    assert (frame.query("method != 'bag'").ensemble_size == 1).all()
    assert (frame[["fit_cpu", "fit_wall", "predict_cpu", "predict_wall"]] >= 0).all().all()


def test_every_method_sees_the_same_splits(tmp_path):
    config = _config(record_predictions=True)
    run_experiment(config, tmp_path / "r.db", data=DATA)
    preds = load_predictions(tmp_path / "r.db", "t")
    by_task = preds.groupby(["dataset", "repetition", "fold", "method"])["test_index"].apply(tuple)
    per_split = by_task.groupby(level=[0, 1, 2]).nunique()
    assert (per_split == 1).all()
    assert by_task.groupby(level=[0, 1, 2]).size().eq(3).all()
    # within a repetition the test parts partition the dataset
    for (dataset, _), group in preds.query("method == 'nb'").groupby(["dataset", "repetition"]):
        assert sorted(group.test_index) == list(range(len(DATA[dataset][1])))
    assert set(preds.y_true[preds.dataset == "iris"]) == {"setosa", "versicolor", "virginica"}
    acc = (
        preds.assign(ok=preds.y_true == preds.y_pred)
        .groupby(["dataset", "method", "repetition", "fold"])["ok"]
        .mean()
    )
    results = load_results(tmp_path / "r.db").set_index(["dataset", "method", "repetition", "fold"])
    assert np.allclose(acc.sort_index(), results.accuracy.sort_index())


def test_parallel_run_gives_the_numbers_of_a_sequential_one(tmp_path):
    cols = ["dataset", "method", "repetition", "fold", "accuracy", "ensemble_size"]
    config = _config(datasets=("syn",))
    run_experiment(config, tmp_path / "one.db", data=DATA, n_jobs=1)
    run_experiment(config, tmp_path / "two.db", data=DATA, n_jobs=2)
    pd.testing.assert_frame_equal(
        load_results(tmp_path / "one.db")[cols], load_results(tmp_path / "two.db")[cols]
    )


def test_interrupt_keeps_finished_tasks_and_resume_completes(tmp_path):
    db = tmp_path / "r.db"
    seen = []

    def stop_after_five(p):
        seen.append(p)
        if p.done == 5:
            raise KeyboardInterrupt

    summary = run_experiment(_config(), db, data=DATA, progress=stop_after_five)
    assert summary.interrupted and not summary.complete
    assert summary.done == 5 and len(load_results(db)) == 5
    assert [p.done for p in seen] == [0, 1, 2, 3, 4, 5]
    assert all(p.total == 36 for p in seen) and seen[0].remaining is None
    assert seen[-1].remaining > 0 and seen[-1].last is not None

    resumed = run_experiment(_config(), db, data=DATA)
    assert resumed.complete and (resumed.skipped, resumed.done) == (5, 31)
    run_experiment(_config(), tmp_path / "fresh.db", data=DATA)
    cols = ["dataset", "method", "repetition", "fold", "accuracy"]
    pd.testing.assert_frame_equal(load_results(db)[cols], load_results(tmp_path / "fresh.db")[cols])
    again = run_experiment(_config(), db, data=DATA)
    assert (again.skipped, again.done) == (36, 0)


def test_progress_reaches_the_total_with_no_time_left(tmp_path):
    seen = []
    run_experiment(_config(datasets=("syn",)), tmp_path / "r.db", data=DATA, progress=seen.append)
    assert [p.done for p in seen] == list(range(19))
    assert seen[-1].remaining == 0 and seen[-1].elapsed > 0


def test_failed_task_is_recorded_and_retried_on_resume(tmp_path):
    db = tmp_path / "r.db"
    config = _config(methods=(NB, MethodSpec.from_estimator("flaky", Flaky())))
    summary = run_experiment(config, db, data=DATA)
    assert summary.failed == 6 and not summary.complete
    assert all(key.dataset == "iris" and key.method == "flaky" for key, _ in summary.failures)
    assert "ValueError: three classes are too many" in summary.failures[0][1]
    fails = load_failures(db, "t")
    assert len(fails) == 6 and fails.error.str.contains("Traceback").all()
    assert len(load_results(db)) == 18  # 12 nb + 6 flaky on syn
    again = run_experiment(config, db, data=DATA)
    assert (again.skipped, again.done, again.failed) == (18, 6, 6)
    assert len(load_failures(db)) == 6
    kept = run_experiment(config, db, data=DATA, retry_failed=False)
    assert (kept.skipped, kept.done) == (24, 0)


def test_changed_config_under_the_same_name_is_refused(tmp_path):
    db = tmp_path / "r.db"
    run_experiment(_config(datasets=("syn",)), db, data=DATA)
    with pytest.raises(ExperimentConflictError, match="different configuration"):
        run_experiment(_config(datasets=("syn",), seed=5), db, data=DATA)
    summary = run_experiment(_config(datasets=("syn",), seed=5), db, data=DATA, overwrite=True)
    assert summary.skipped == 0 and summary.complete


def test_extending_a_stored_experiment_keeps_its_results_and_runs_only_the_new_tasks(tmp_path):
    # Stored: iris with two methods, one repetition. Extended: + syn, + bag, 2 repetitions.
    small = _config(datasets=("iris",), methods=(TREE, NB), protocol=RepeatedCV(3, 1))
    db = tmp_path / "grown.db"
    first = run_experiment(small, db, data=DATA)
    assert first.done == 1 * 2 * 3 and not first.extended
    summary = run_experiment(_config(), db, data=DATA)
    assert summary.extended and summary.complete
    assert (summary.skipped, summary.done) == (6, 2 * 3 * 6 - 6)
    # Exactly what a run of the extended configuration from scratch stores.
    fresh = tmp_path / "fresh.db"
    run_experiment(_config(), fresh, data=DATA)
    timing = ["fit_cpu", "fit_wall", "predict_cpu", "predict_wall", "finished"]
    grown = load_results(db, "t").drop(columns=timing, errors="ignore")
    direct = load_results(fresh, "t").drop(columns=timing, errors="ignore")
    pd.testing.assert_frame_equal(grown, direct)
    # The store now holds the extended configuration: running it again fits nothing.
    again = run_experiment(_config(), db, data=DATA)
    assert not again.extended and (again.skipped, again.done) == (36, 0)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"seed": 5}, "seed: 4 became 5"),
        ({"datasets": ("syn",)}, "datasets: 'iris' would be dropped"),
        ({"methods": (TREE, NB)}, "methods: 'bag' would be dropped"),
        (
            {"methods": (TREE, NB, MethodSpec.from_estimator("bag", GaussianNB()))},
            "methods: 'bag' is defined differently",
        ),
        ({"protocol": RepeatedCV(3, 1)}, "protocol: 2 repetitions became 1"),
        ({"protocol": RepeatedCV(5, 2)}, "protocol: 3 folds became 5"),
        ({"record_predictions": True}, "record"),
    ],
)
def test_a_change_that_is_not_an_extension_is_refused_with_what_differs(tmp_path, change, reason):
    db = tmp_path / "r.db"
    run_experiment(_config(), db, data=DATA)
    with pytest.raises(ExperimentConflictError, match=re.escape(reason)):
        run_experiment(_config(**change), db, data=DATA)
    assert len(load_results(db, "t")) == 36  # nothing was touched


def test_registered_method_names(tmp_path):
    register(
        "runner-test-tree",
        lambda base=None, random_state=None, **p: DecisionTreeClassifier(
            random_state=random_state, **p
        ),
    )
    spec = MethodSpec(label="t3", name="runner-test-tree", params={"max_depth": 1})
    config = _config(datasets=("iris",), methods=(spec,))
    run_experiment(config, tmp_path / "r.db", data=DATA, backend=SequentialBackend())
    # a depth-1 tree separates one iris class from the other two: accuracy near 2/3
    assert load_results(tmp_path / "r.db").accuracy.between(0.5, 0.7).all()
    with pytest.raises(ValueError, match=r"methods\[0\] \('nope'\): Unknown method"):
        run_experiment(_config(methods=(MethodSpec("nope", name="nope"),)), tmp_path / "x.db")


def test_a_typo_stops_the_run_before_anything_is_written(tmp_path):
    db = tmp_path / "r.db"
    tree = MethodSpec(label="J48", name="J48")
    config = _config(datasets=("iris",), methods=(tree,), protocol=RepeatedCV(2, 1))
    assert run_experiment(config, db).complete
    stored = ResultsStore(db).stored_config("t")
    # Growing the study with a misspelt dataset: refused, the stored config untouched...
    grown = _config(datasets=("iris", "irsi"), methods=(tree,), protocol=RepeatedCV(2, 1))
    with pytest.raises(ValueError, match=r"datasets\[1\] \('irsi'\): .*Did you mean 'iris'\?"):
        run_experiment(grown, db)
    assert ResultsStore(db).stored_config("t") == stored
    # ... so the original command still resumes.
    again = run_experiment(config, db)
    assert again.complete and again.skipped == 2 and not again.extended
    bad = {
        r"methods\[0\] \('nb'\): Unknown learner preset 'j84'": MethodSpec(
            "nb", name="Triskel-1", base="j84"
        ),
        r"methods\[0\] \('e'\): The 'cv' parameter of ELRCClassifier must be": MethodSpec(
            "e", name="ELRC", params={"cv": 1}
        ),
        r"methods\[0\] \('b'\): The 'group_size' parameter of RotationForest": MethodSpec(
            "b", name="N-P-Rotation Forest", params={"group_size": 0}
        ),
    }
    for message, method in bad.items():
        with pytest.raises(ValueError, match=message):
            run_experiment(_config(datasets=("iris",), methods=(method,)), tmp_path / "new.db")
        assert not (tmp_path / "new.db").exists()


def test_named_and_fixed_split_datasets(tmp_path):
    # the embedded iris through ensemble_lab.datasets.load, with a fixed split
    config = _config(
        datasets=("iris",),
        methods=(NB,),
        protocol=FixedSplit(train_idx=range(0, 150, 2), test_idx=range(1, 150, 2)),
    )
    with ResultsStore(tmp_path / "r.db") as store:
        assert run_experiment(config, store).complete
        row = load_results(store).iloc[0]
    assert (row.n_train, row.n_test, row.repetition, row.fold) == (75, 75, 0, 0)
    assert row.accuracy > 0.9


ARFF = """@relation {name}
@attribute colour {{red,green}}
@attribute size numeric
@attribute class {{yes,no}}
@data
{rows}
"""


def test_train_test_file_pairs(tmp_path):
    from ensemble_lab.evaluation import DatasetFiles

    rng = np.random.default_rng(0)

    def rows(n):
        size = rng.normal(size=n)
        colour = np.where(rng.random(n) < 0.5, "red", "green")
        label = np.where(size > 0, "yes", "no")
        return "\n".join(f"{c},{s:.3f},{lab}" for c, s, lab in zip(colour, size, label))

    (tmp_path / "d-train.arff").write_text(ARFF.format(name="d", rows=rows(40)))
    (tmp_path / "d-test.arff").write_text(ARFF.format(name="d", rows=rows(10)))
    tree = MethodSpec.from_estimator("tree", _NumericTree())
    config = _config(
        datasets=(DatasetFiles("d", "d-train.arff", "d-test.arff"),),
        methods=(tree,),
        protocol=FixedSplit(test_column="__split__"),
        base_dir=tmp_path,
    )
    run_experiment(config, tmp_path / "r.db")
    row = load_results(tmp_path / "r.db").iloc[0]
    assert (row.n_train, row.n_test) == (40, 10)
    assert row.accuracy == 1.0  # the class is the sign of size: one split


def test_kind_fixed_alone_splits_a_pair_of_files(tmp_path):
    from ensemble_lab.evaluation import load_config

    rng = np.random.default_rng(1)
    for part, n in (("train", 30), ("test", 12)):
        size = rng.normal(size=n)
        rows = "\n".join(f"red,{s:.3f},{'yes' if s > 0 else 'no'}" for s in size)
        (tmp_path / f"d-{part}.arff").write_text(ARFF.format(name="d", rows=rows))
    (tmp_path / "pair.toml").write_text(
        'name = "pair"\nmethods = ["J48"]\n'
        'datasets = [{ name = "d", train = "d-train.arff", test = "d-test.arff" }]\n'
        '[protocol]\nkind = "fixed"\n'
    )
    run_experiment(load_config(tmp_path / "pair.toml"), tmp_path / "r.db")
    row = load_results(tmp_path / "r.db").iloc[0]
    assert (row.n_train, row.n_test) == (30, 12)


def test_kind_fixed_alone_on_a_named_dataset_is_refused_when_the_file_is_read(tmp_path):
    from ensemble_lab.evaluation import load_config

    (tmp_path / "named.toml").write_text(
        'name = "named"\nmethods = ["J48"]\ndatasets = ["iris"]\n[protocol]\nkind = "fixed"\n'
    )
    with pytest.raises(ValueError, match=r"splits datasets given as .* file pairs; 'iris' is"):
        load_config(tmp_path / "named.toml")


def test_fixed_negative_indices_cannot_test_on_the_training_rows():
    # the case: train [-150..-1] and test [0..149] are the same 150 iris rows
    from ensemble_lab.evaluation import protocol_from_dict

    spec = {"kind": "fixed", "train_idx": list(range(-150, 0)), "test_idx": list(range(150))}
    with pytest.raises(ValueError, match=r"protocol: train_idx holds -150: row positions"):
        protocol_from_dict(spec)


class _NumericTree(ClassifierMixin, BaseEstimator):
    """A depth-1 tree on the numeric columns of a mixed DataFrame."""

    def fit(self, X, y):
        self.tree_ = DecisionTreeClassifier(max_depth=1).fit(X[["size"]], y)
        self.classes_ = self.tree_.classes_
        return self

    def predict(self, X):
        return self.tree_.predict(X[["size"]])


def test_ensemble_size_rules():
    bag = BaggingClassifier(DecisionTreeClassifier(), n_estimators=4).fit(X_SYN, Y_SYN)
    assert ensemble_size(bag) == 4
    assert ensemble_size(GaussianNB().fit(X_SYN, Y_SYN)) == 1
    nb = GaussianNB().fit(X_SYN, Y_SYN)
    nb.n_members_ = 7
    assert ensemble_size(nb) == 7


def test_member_predictions_match_the_members():
    y = np.array(["a", "b"])[Y_SYN]
    bag = BaggingClassifier(
        DecisionTreeClassifier(), n_estimators=5, max_features=3, random_state=0
    ).fit(X_SYN, y)
    got = member_predictions(bag, X_SYN[:20])
    assert got.shape == (5, 20)
    for i, (member, cols) in enumerate(zip(bag.estimators_, bag.estimators_features_)):
        # bagging's members learn class indices; map them back to the labels
        assert np.array_equal(got[i], bag.classes_[member.predict(X_SYN[:20, cols]).astype(int)])
    with pytest.raises(TypeError, match="GaussianNB is not an ensemble"):
        member_predictions(GaussianNB().fit(X_SYN, y), X_SYN)


def test_member_predictions_are_stored(tmp_path):
    config = _config(
        datasets=("syn",), methods=(BAG,), record_predictions=True, record_members=True
    )
    run_experiment(config, tmp_path / "r.db", data=DATA)
    preds = load_predictions(tmp_path / "r.db", "t")
    assert all(len(m) == 3 for m in preds.members)
    majority = [np.bincount(np.asarray(m, dtype=int)).argmax() for m in preds.members]
    # bagging predicts by averaged probabilities; with fully grown trees that is the vote
    assert np.mean(np.array(majority) == preds.y_pred.astype(int)) > 0.95


def test_task_key_is_a_plain_tuple():
    assert TaskKey("d", "m", 1, 2) == ("d", "m", 1, 2)
