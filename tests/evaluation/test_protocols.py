import numpy as np
import pandas as pd
import pytest

from ensemble_lab.evaluation import (
    FiveByTwoCV,
    FixedSplit,
    RandomHalfSplits,
    RepeatedCV,
    StratifiedKFold,
    protocol_from_dict,
)
from ensemble_lab.evaluation.protocols import PAIR_COLUMN

# 3 classes of 23, 11 and 6 instances, string labels, shuffled order
RNG = np.random.default_rng(0)
Y = RNG.permutation(np.array(["a"] * 23 + ["b"] * 11 + ["c"] * 6))


def _check_partition(splits, n):
    """The test parts of one repetition partition the rows; train = the rest."""
    seen = np.concatenate([s.test_idx for s in splits])
    assert np.array_equal(np.sort(seen), np.arange(n))
    for s in splits:
        assert np.array_equal(np.sort(np.concatenate([s.train_idx, s.test_idx])), np.arange(n))


@pytest.mark.filterwarnings("ignore:The least populated class")  # class c has 6 < 10
@pytest.mark.parametrize("k", [2, 3, 5, 10])
def test_stratified_kfold_partitions_and_stratifies(k):
    splits = StratifiedKFold(n_folds=k).splits(Y, seed=3)
    assert [(s.repetition, s.fold) for s in splits] == [(0, f) for f in range(k)]
    _check_partition(splits, len(Y))
    for s in splits:
        for label, count in zip(*np.unique(Y, return_counts=True)):
            in_fold = np.sum(Y[s.test_idx] == label)
            # each class is spread as evenly as possible: floor or ceil of count / k
            assert count // k <= in_fold <= -(-count // k)


def test_repeated_cv_repetition_r_uses_seed_plus_r():
    seed = 11
    splits = RepeatedCV(n_folds=4, n_repetitions=3).splits(Y, seed=seed)
    assert len(splits) == 12
    for r in range(3):
        rep = [s for s in splits if s.repetition == r]
        _check_partition(rep, len(Y))
        alone = StratifiedKFold(n_folds=4).splits(Y, seed=seed + r)
        assert [(s.train_idx.tolist(), s.test_idx.tolist()) for s in rep] == [
            (s.train_idx.tolist(), s.test_idx.tolist()) for s in alone
        ]
    first = [s.test_idx.tolist() for s in splits if s.repetition == 0]
    second = [s.test_idx.tolist() for s in splits if s.repetition == 1]
    assert first != second


def test_splits_are_a_function_of_labels_and_seed():
    protocol = RepeatedCV(n_folds=5, n_repetitions=2)
    assert protocol.splits(Y, seed=5) == protocol.splits(Y.copy(), seed=5)
    assert protocol.splits(Y, seed=5) != protocol.splits(Y, seed=6)
    # the labels' dtype does not matter, only their values
    as_series = pd.Series(Y, dtype="category")
    assert protocol.splits(as_series, seed=5) == protocol.splits(Y, seed=5)


def test_five_by_two_folds_swap_train_and_test():
    splits = FiveByTwoCV().splits(Y, seed=0)
    assert [(s.repetition, s.fold) for s in splits] == [(r, f) for r in range(5) for f in (0, 1)]
    for r in range(5):
        a, b = splits[2 * r], splits[2 * r + 1]
        assert np.array_equal(a.train_idx, b.test_idx)
        assert np.array_equal(a.test_idx, b.train_idx)
        assert abs(len(a.test_idx) - len(Y) / 2) <= 1.5


def test_random_half_splits_are_stratified_halves():
    splits = RandomHalfSplits(n_repetitions=4).splits(Y, seed=2)
    assert [(s.repetition, s.fold) for s in splits] == [(r, 0) for r in range(4)]
    for s in splits:
        assert len(s.train_idx) == len(s.test_idx) == 20
        assert not set(s.train_idx) & set(s.test_idx)
        for label, count in zip(*np.unique(Y, return_counts=True)):
            assert abs(np.sum(Y[s.test_idx] == label) - count / 2) <= 1
    assert len({tuple(s.test_idx) for s in splits}) == 4


def test_fixed_split_from_indices_and_from_column():
    split = FixedSplit(train_idx=[4, 0, 1], test_idx=[2, 3]).splits(np.arange(5) % 2)
    assert len(split) == 1
    assert split[0].train_idx.tolist() == [0, 1, 4] and split[0].test_idx.tolist() == [2, 3]

    X = pd.DataFrame({"x": range(6), "part": ["train", "test"] * 3})
    Xb, bound = FixedSplit(test_column="part").bind(X, np.zeros(6))
    assert list(Xb.columns) == ["x"]
    (s,) = bound.splits(np.zeros(6))
    assert s.test_idx.tolist() == [1, 3, 5] and s.train_idx.tolist() == [0, 2, 4]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"train_idx": [0, 1], "test_idx": [1, 2]}, r"overlap: 1 row\(s\) in both, the first 1"),
        ({"train_idx": [0, 1]}, "both train_idx and test_idx"),
        ({"train_idx": [0], "test_idx": [1], "test_column": "c"}, "not both"),
        # the iris split: train [-150..-1] is every row, test [0..149] too
        ({"train_idx": range(-150, 0), "test_idx": range(150)}, "holds -150: row positions"),
        ({"train_idx": [0, 1.9], "test_idx": [2]}, "holds 1.9, which is not an integer"),
        ({"train_idx": [0, 1.0], "test_idx": [2]}, "holds 1.0, which is not an integer"),
        ({"train_idx": [True, False], "test_idx": [2]}, "holds True, which is not an integer"),
        ({"train_idx": [0, 3, 3], "test_idx": [2]}, "train_idx lists row 3 twice"),
        ({"train_idx": [], "test_idx": [2]}, "must both be non-empty"),
        ({"train_idx": "0,1", "test_idx": [2]}, "must be a list of row positions"),
    ],
)
def test_fixed_split_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        FixedSplit(**kwargs)


def test_fixed_split_takes_integers_of_any_kind():
    split = FixedSplit(train_idx=np.array([3, 1], dtype=np.int32), test_idx=range(0, 1))
    assert split.train_idx == (3, 1) and split.test_idx == (0,)
    assert all(type(i) is int for i in split.train_idx)  # to_dict writes plain integers


def test_fixed_split_alone_is_the_split_of_a_pair_of_files():
    assert FixedSplit() == FixedSplit(test_column=PAIR_COLUMN)
    assert protocol_from_dict({"kind": "fixed"}) == FixedSplit()
    pair = pd.DataFrame({"x": range(4), PAIR_COLUMN: ["train", "train", "train", "test"]})
    X, bound = FixedSplit().bind(pair, np.zeros(4))
    assert list(X.columns) == ["x"] and bound.splits(np.zeros(4))[0].test_idx.tolist() == [3]
    with pytest.raises(ValueError, match="splits a dataset given as a pair of files"):
        FixedSplit().bind(pd.DataFrame({"x": range(4)}), np.zeros(4))


def test_fixed_split_errors_on_the_data():
    with pytest.raises(ValueError, match="test_idx holds row 5, past the last of the 3"):
        FixedSplit(train_idx=[0, 1], test_idx=[5]).splits([0, 1, 0])
    with pytest.raises(ValueError, match="lacks"):
        FixedSplit(test_column="part").bind(pd.DataFrame({"x": [1, 2]}), [0, 1])
    with pytest.raises(ValueError, match="bound to the data"):
        FixedSplit(test_column="part").splits([0, 1])


def test_protocol_round_trips_through_its_dict():
    for protocol in [
        StratifiedKFold(n_folds=3),
        RepeatedCV(n_folds=10, n_repetitions=10),
        FiveByTwoCV(),
        RandomHalfSplits(n_repetitions=7),
        FixedSplit(train_idx=[0, 2], test_idx=[1]),
        FixedSplit(test_column="part", test_value="T"),
    ]:
        assert protocol_from_dict(protocol.to_dict()) == protocol
    assert RepeatedCV().n_splits() == 100 and FiveByTwoCV().n_splits() == 10


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"folds": 10}, "missing key 'kind'"),
        ({"kind": "loo"}, "protocol.kind: unknown protocol 'loo'"),
        ({"kind": "cv", "repetitions": 3}, "unknown key 'repetitions' for kind 'cv'"),
        ({"kind": "repeated-cv", "folds": 2.5}, r"protocol.folds: expected an integer"),
        ({"kind": "repeated-cv", "folds": 1}, "n_folds must be at least 2"),
        ({"kind": "half-splits", "train_size": 1.5}, r"train_size must be in \(0, 1\)"),
    ],
)
def test_protocol_from_dict_names_the_bad_key(spec, message):
    with pytest.raises(ValueError, match=message):
        protocol_from_dict(spec)


def test_too_few_instances_for_the_folds():
    with pytest.raises(ValueError, match="cannot make 10 folds from 4 instances"):
        StratifiedKFold(n_folds=10).splits([0, 1, 0, 1])
