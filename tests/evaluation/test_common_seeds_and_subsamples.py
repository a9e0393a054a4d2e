"""Random training subsamples, repeated fixed splits and common random numbers."""

import sqlite3

import numpy as np
import pytest

from ensemble_lab.datasets import load, make_cone_torus
from ensemble_lab.evaluation import (
    ExperimentConfig,
    FixedSplit,
    MethodSpec,
    config_from_stored,
    derive_seed,
    parse_config,
    protocol_from_dict,
    run_experiment,
)
from ensemble_lab.evaluation.protocols import RandomSubsamples
from ensemble_lab.evaluation.verify import verify_store

Y = np.array([0, 1] * 25)


def test_subsamples_are_seeded_permutations_of_the_rows():
    splits = RandomSubsamples(train_size=7, n_repetitions=3).splits(Y, seed=10)
    assert [(s.repetition, s.fold) for s in splits] == [(0, 0), (1, 0), (2, 0)]
    for i, split in enumerate(splits):
        order = np.random.default_rng(10 + i).permutation(50)
        np.testing.assert_array_equal(split.train_idx, np.sort(order[:7]))
        np.testing.assert_array_equal(split.test_idx, np.sort(order[7:]))
    assert not np.array_equal(splits[0].train_idx, splits[1].train_idx)


def test_a_fraction_of_the_rows_is_rounded_down():
    half = RandomSubsamples(0.5, 1).splits(np.arange(51) % 2)[0]
    assert (len(half.train_idx), len(half.test_idx)) == (25, 26)
    assert RandomSubsamples(0.3).n_train(10) == 3


@pytest.mark.parametrize(
    ("size", "message"),
    [
        (0, "at least 1 row"),
        (1.0, r"in \(0, 1\)"),
        (True, "a count or a fraction"),
        ("5", "a count"),
    ],
)
def test_bad_training_sizes_are_refused(size, message):
    with pytest.raises(ValueError, match=message):
        RandomSubsamples(train_size=size)


def test_a_training_size_leaving_nothing_to_test_is_refused():
    with pytest.raises(ValueError, match="leaves none of the 50 rows to test"):
        RandomSubsamples(train_size=50).splits(Y)


def test_subsamples_round_trip_through_their_declarative_form():
    protocol = RandomSubsamples(80, 4)
    spec = protocol.to_dict()
    assert spec == {"kind": "subsamples", "train_size": 80, "repetitions": 4}
    assert protocol_from_dict(spec) == protocol


def test_a_repeated_fixed_split_gives_the_same_rows_every_repetition():
    protocol = FixedSplit(train_idx=(0, 1, 2), test_idx=(3, 4), n_repetitions=3)
    splits = protocol.splits(np.arange(5))
    assert (
        [(s.repetition, s.fold) for s in splits] == protocol.split_ids() == [(0, 0), (1, 0), (2, 0)]
    )
    for split in splits:
        np.testing.assert_array_equal(split.train_idx, [0, 1, 2])
        np.testing.assert_array_equal(split.test_idx, [3, 4])
    assert protocol.to_dict()["repetitions"] == 3
    assert protocol_from_dict(protocol.to_dict()) == protocol


def test_a_single_fixed_split_keeps_its_declarative_form():
    # stored experiments hash this form: a split that is not repeated must not change it
    assert FixedSplit(train_idx=(0, 1), test_idx=(2,)).to_dict() == {
        "kind": "fixed",
        "train_idx": [0, 1],
        "test_idx": [2],
    }
    with pytest.raises(ValueError, match="n_repetitions must be at least 1"):
        FixedSplit(train_idx=(0,), test_idx=(1,), n_repetitions=0)


def test_a_repeated_split_read_from_a_column_stays_repeated():
    import pandas as pd

    X = pd.DataFrame({"x": range(4), "part": ["train", "train", "test", "train"]})
    _, bound = FixedSplit(test_column="part", n_repetitions=2).bind(X, [0, 1, 0, 1])
    assert bound.n_repetitions == 2 and bound.test_idx == (2,)


def test_common_seeds_are_the_repetition_added_to_the_base():
    assert derive_seed(5, "iris", "J48", 2, 1, common=1000) == 1002
    assert derive_seed(5, "vote", "NB", 2, 0, common=1000) == 1002
    assert derive_seed(5, "iris", "J48", 2, 1) != 1002  # the default hashes the task


def _config(**options):
    methods = [MethodSpec("J48", name="J48"), MethodSpec("Bagging", name="Bagging-21")]
    return ExperimentConfig("crn", ["iris"], methods, RandomSubsamples(50, 3), **options)


def test_common_seeds_leave_the_configuration_of_others_unchanged():
    plain = _config()
    assert "common_seeds" not in plain.to_dict()
    crn = _config(common_seeds=7)
    assert crn.to_dict()["common_seeds"] == 7
    assert crn.config_hash() != plain.config_hash()
    assert config_from_stored(crn.to_dict()) == crn


def test_common_seeds_read_from_an_experiment_file():
    raw = {"name": "x", "datasets": ["iris"], "methods": ["J48"], "common_seeds": 3}
    assert parse_config(raw).common_seeds == 3
    with pytest.raises(ValueError, match="common_seeds: expected an integer"):
        parse_config(raw | {"common_seeds": "three"})


def test_every_method_of_a_repetition_gets_its_common_seed(tmp_path):
    db = tmp_path / "crn.db"
    run_experiment(_config(common_seeds=100), db)
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT method, repetition, seed FROM results").fetchall()
    assert len(rows) == 6
    assert all(seed == 100 + repetition for _, repetition, seed in rows)
    report = verify_store(db, sample=6)
    assert [c.status for c in report.checks] == ["same"] * 6


def test_the_cone_torus_pair_is_its_training_set_then_its_testing_set():
    X, y = load("cone-torus-pair")
    assert X.shape == (800, 2)
    for part, seed in ((slice(0, 400), 0), (slice(400, 800), 1)):
        X_part, y_part = make_cone_torus(400, random_state=seed)
        np.testing.assert_array_equal(X.to_numpy()[part], X_part)
        np.testing.assert_array_equal(y.to_numpy()[part], y_part)
