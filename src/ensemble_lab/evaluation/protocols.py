"""Resampling protocols: how a dataset is cut into training and test parts.

Every protocol turns ``(y, seed)`` into a deterministic list of :class:`Split` objects.
The runner computes the splits of a dataset once and hands the very same index arrays
to every method, so all methods of one experiment are compared on identical folds.

=====================================  ============================================
protocol                               what it yields
=====================================  ============================================
:class:`StratifiedKFold` ``(k)``       one stratified, shuffled k-fold CV
:class:`RepeatedCV` ``(k, r)``         r stratified k-fold CVs (10×10 as Weka's
                                       Experimenter); repetition ``i`` shuffles with
                                       its own seed ``seed + i``
:class:`FiveByTwoCV`                   Dietterich's 5×2 CV (5 stratified 2-folds)
:class:`RandomHalfSplits` ``(r)``      r random stratified half/half splits
:class:`RandomSubsamples` ``(n, r)``   r random (unstratified) subsamples of ``n``
                                       training rows, the rest for testing
:class:`FixedSplit`                    one given train/test split (indices, or a
                                       column of the data marking the test rows),
                                       optionally repeated
=====================================  ============================================

Examples
--------
>>> import numpy as np
>>> y = np.array([0, 0, 0, 0, 1, 1, 1, 1])
>>> splits = RepeatedCV(n_folds=2, n_repetitions=3).splits(y, seed=1)
>>> [(s.repetition, s.fold, len(s.train_idx), len(s.test_idx)) for s in splits][:3]
[(0, 0, 4, 4), (0, 1, 4, 4), (1, 0, 4, 4)]
"""

from __future__ import annotations

import warnings
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from numbers import Integral
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike, NDArray
from sklearn.model_selection import StratifiedKFold as _SkStratifiedKFold
from sklearn.model_selection import StratifiedShuffleSplit

__all__ = [
    "PAIR_COLUMN",
    "FirstFold",
    "FiveByTwoCV",
    "FixedSplit",
    "Protocol",
    "RandomHalfSplits",
    "RandomSubsamples",
    "RepeatedCV",
    "Split",
    "StratifiedKFold",
    "protocol_from_dict",
    "small_classes",
]

IndexArray = NDArray[np.intp]

#: The column marking the test rows of a dataset given as a train/test pair of files
#: (``{name, train, test}`` in an experiment file), which ``kind = "fixed"`` reads when
#: it is given neither row positions nor a column.
PAIR_COLUMN = "__split__"

# sklearn accepts seeds in [0, 2**32); keep the per-repetition seeds there.
_SEED_MODULUS = 2**32


@dataclass(frozen=True, eq=False)
class Split:
    """One train/test partition of a dataset.

    Attributes
    ----------
    repetition : int
        Index of the repetition (0-based); 0 for single-shot protocols.
    fold : int
        Index of the fold inside the repetition (0-based).
    train_idx, test_idx : ndarray of int
        Row positions (``iloc``-style) of the training and the test instances, sorted.
    """

    repetition: int
    fold: int
    train_idx: IndexArray
    test_idx: IndexArray

    def __eq__(self, other: object) -> bool:
        """Equal when both splits hold the same train and test indices."""
        if not isinstance(other, Split):
            return NotImplemented
        return (
            self.repetition == other.repetition
            and self.fold == other.fold
            and np.array_equal(self.train_idx, other.train_idx)
            and np.array_equal(self.test_idx, other.test_idx)
        )

    __hash__ = None  # type: ignore[assignment]


def _repetition_seed(seed: int, repetition: int) -> int:
    """Seed of one repetition: ``seed + repetition`` (Weka's Experimenter uses run numbers)."""
    return (int(seed) + repetition) % _SEED_MODULUS


def _as_labels(y: ArrayLike) -> NDArray[Any]:
    labels = np.asarray(y)
    if labels.ndim != 1:
        raise ValueError(f"y must be one-dimensional, got shape {labels.shape}")
    if labels.shape[0] == 0:
        raise ValueError("y is empty: there is nothing to split")
    return labels


def _sorted(idx: ArrayLike) -> IndexArray:
    return np.sort(np.asarray(idx, dtype=np.intp))


class Protocol(ABC):
    """A resampling protocol: ``splits(y, seed)`` → the list of :class:`Split`.

    Subclasses are small frozen dataclasses whose fields are their parameters;
    :meth:`to_dict` gives the declarative form used in experiment files.
    """

    kind: str = ""

    @abstractmethod
    def splits(self, y: ArrayLike, seed: int = 0) -> list[Split]:
        """Return every split of the protocol for labels ``y``.

        Parameters
        ----------
        y : array-like of shape (n_samples,)
            Class labels; used for stratification only.
        seed : int
            Seed of the experiment. The same ``(y, seed)`` always gives the same splits.
        """

    def iter_splits(self, y: ArrayLike, seed: int = 0) -> Iterator[Split]:
        """The splits of :meth:`splits`, one at a time (a repetition's are made together).

        A run plans its tasks from this, so that a protocol of many repetitions starts
        running at once and never holds every split in memory.

        Examples
        --------
        >>> import numpy as np
        >>> splits = RepeatedCV(n_folds=2, n_repetitions=10**6).iter_splits(np.arange(8) % 2)
        >>> [(s.repetition, s.fold) for s in (next(splits), next(splits), next(splits))]
        [(0, 0), (0, 1), (1, 0)]
        """
        yield from self.splits(y, seed)

    @abstractmethod
    def split_ids(self) -> list[tuple[int, int]]:
        """The ``(repetition, fold)`` of every split, known without the data."""

    def n_splits(self) -> int:
        """Number of splits (tasks per dataset and method)."""
        return len(self.split_ids())

    def bind(self, X: Any, y: ArrayLike) -> tuple[Any, Protocol]:
        """Specialise the protocol to one dataset; return the data to learn from.

        Only :class:`FixedSplit` with a ``test_column`` uses this (it reads the column
        and drops it from ``X``); the other protocols return ``(X, self)``.
        """
        return X, self

    def to_dict(self) -> dict[str, Any]:
        """The declarative form (as in an experiment file's ``[protocol]`` table)."""
        return {"kind": self.kind}


def small_classes(y: ArrayLike, n_folds: int) -> dict[Any, int]:
    """Classes with fewer instances than folds (some test folds lack them), and their sizes.

    Weka's Experimenter allows them, and so do the protocols here; scikit-learn's
    stratified k-fold warns about them at every split, which the protocols silence, so
    a report can say it once (:func:`small_classes` of each dataset).

    >>> small_classes(["a"] * 20 + ["b"] * 3, 10)
    {'b': 3}
    """
    labels, counts = np.unique(np.asarray(y), return_counts=True)
    return {
        (label.item() if isinstance(label, np.generic) else label): int(count)
        for label, count in zip(labels, counts)
        if count < n_folds
    }


def _stratified_folds(y: NDArray[Any], n_folds: int, seed: int, repetition: int) -> list[Split]:
    if len(y) < n_folds:
        raise ValueError(f"cannot make {n_folds} folds from {len(y)} instances")
    cv = _SkStratifiedKFold(
        n_splits=n_folds, shuffle=True, random_state=_repetition_seed(seed, repetition)
    )
    placeholder = np.zeros((len(y), 1))
    with warnings.catch_warnings():
        # A class smaller than k is allowed (as in Weka); see small_classes.
        warnings.filterwarnings("ignore", message="The least populated class in y")
        folds = list(cv.split(placeholder, y))
    return [
        Split(repetition, fold, _sorted(train), _sorted(test))
        for fold, (train, test) in enumerate(folds)
    ]


@dataclass(frozen=True)
class RepeatedCV(Protocol):
    """``n_repetitions`` × stratified ``n_folds``-fold cross-validation.

    Parameters
    ----------
    n_folds : int, default=10
        Folds per repetition.
    n_repetitions : int, default=10
        Repetitions; repetition ``i`` shuffles the data with seed ``seed + i``.

    Notes
    -----
    Weka's Experimenter runs repetition ``i`` (1-based) with random seed ``i``:
    it shuffles with that seed, stratifies, and cuts ``k`` folds. We follow the same
    scheme with seeds ``seed + i`` (0-based) and scikit-learn's stratified shuffle, so
    the splits are not Weka's bit for bit, but each repetition is an independent,
    reproducible stratified k-fold, as the corrected resampled t-test assumes.
    """

    n_folds: int = 10
    n_repetitions: int = 10
    kind: str = field(default="repeated-cv", init=False, repr=False)

    def __post_init__(self) -> None:
        """Check the fields."""
        if int(self.n_folds) < 2:
            raise ValueError(f"n_folds must be at least 2, got {self.n_folds}")
        if int(self.n_repetitions) < 1:
            raise ValueError(f"n_repetitions must be at least 1, got {self.n_repetitions}")

    def splits(self, y: ArrayLike, seed: int = 0) -> list[Split]:
        """The stratified folds of every repetition, repetition ``i`` shuffled with ``seed + i``."""
        return list(self.iter_splits(y, seed))

    def iter_splits(self, y: ArrayLike, seed: int = 0) -> Iterator[Split]:
        """The folds of :meth:`splits`, made one repetition at a time."""
        labels = _as_labels(y)
        for repetition in range(self.n_repetitions):
            yield from _stratified_folds(labels, self.n_folds, seed, repetition)

    def split_ids(self) -> list[tuple[int, int]]:
        """``(repetition, fold)`` of every fold of every repetition."""
        return [(r, f) for r in range(self.n_repetitions) for f in range(self.n_folds)]

    def n_splits(self) -> int:
        """``n_folds × n_repetitions``, without listing them."""
        return int(self.n_folds) * int(self.n_repetitions)

    def to_dict(self) -> dict[str, Any]:
        """The declarative form: kind, folds and repetitions."""
        return {"kind": self.kind, "folds": self.n_folds, "repetitions": self.n_repetitions}


@dataclass(frozen=True)
class StratifiedKFold(RepeatedCV):
    """One stratified, shuffled ``n_folds``-fold cross-validation.

    Parameters
    ----------
    n_folds : int, default=10
        Number of folds.
    """

    n_repetitions: int = field(default=1, init=False)
    kind: str = field(default="cv", init=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The declarative form: kind and folds."""
        return {"kind": self.kind, "folds": self.n_folds}


@dataclass(frozen=True)
class FiveByTwoCV(RepeatedCV):
    """Dietterich's 5×2 cross-validation: five stratified 2-fold CVs.

    The splits the 5×2cv paired t test and Alpaydin's 5×2cv F test are defined on.
    """

    n_folds: int = field(default=2, init=False)
    n_repetitions: int = field(default=5, init=False)
    kind: str = field(default="5x2cv", init=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The declarative form: the kind alone (folds and repetitions are fixed)."""
        return {"kind": self.kind}


@dataclass(frozen=True)
class RandomHalfSplits(Protocol):
    """``n_repetitions`` random stratified splits into two halves (train, test).

    Parameters
    ----------
    n_repetitions : int, default=10
        Number of splits; split ``i`` uses seed ``seed + i``. Each is reported as
        ``repetition=i, fold=0``.
    train_size : float, default=0.5
        Fraction of the instances used for training.
    """

    n_repetitions: int = 10
    train_size: float = 0.5
    kind: str = field(default="half-splits", init=False, repr=False)

    def __post_init__(self) -> None:
        """Check the fields."""
        if int(self.n_repetitions) < 1:
            raise ValueError(f"n_repetitions must be at least 1, got {self.n_repetitions}")
        if not 0.0 < float(self.train_size) < 1.0:
            raise ValueError(f"train_size must be in (0, 1), got {self.train_size}")

    def splits(self, y: ArrayLike, seed: int = 0) -> list[Split]:
        """One stratified split per repetition, repetition ``i`` drawn with ``seed + i``."""
        return list(self.iter_splits(y, seed))

    def iter_splits(self, y: ArrayLike, seed: int = 0) -> Iterator[Split]:
        """The splits of :meth:`splits`, made one at a time."""
        labels = _as_labels(y)
        placeholder = np.zeros((len(labels), 1))
        for repetition in range(self.n_repetitions):
            sss = StratifiedShuffleSplit(
                n_splits=1,
                train_size=self.train_size,
                random_state=_repetition_seed(seed, repetition),
            )
            train, test = next(sss.split(placeholder, labels))
            yield Split(repetition, 0, _sorted(train), _sorted(test))

    def split_ids(self) -> list[tuple[int, int]]:
        """``(repetition, 0)`` of every repetition."""
        return [(r, 0) for r in range(self.n_repetitions)]

    def n_splits(self) -> int:
        """``n_repetitions``, without listing them."""
        return int(self.n_repetitions)

    def to_dict(self) -> dict[str, Any]:
        """The declarative form: kind, repetitions, and ``train_size`` unless it is 0.5."""
        out: dict[str, Any] = {"kind": self.kind, "repetitions": self.n_repetitions}
        if self.train_size != 0.5:
            out["train_size"] = self.train_size
        return out


@dataclass(frozen=True)
class RandomSubsamples(Protocol):
    """``n_repetitions`` random training subsamples of a given size; the other rows test.

    Repetition ``i`` draws a random permutation of the rows with
    ``numpy.random.default_rng(seed + i)`` and trains on its first ``train_size`` rows
    (sorted), testing on all the others. Unlike :class:`RandomHalfSplits` it does not
    stratify, and the size may be a count: learning curves, or a paper's "N random
    training points, the rest for testing".

    Parameters
    ----------
    train_size : int or float, default=0.5
        Training rows: a count (an int of at least 1), or a fraction in (0, 1) of the
        rows, rounded down.
    n_repetitions : int, default=10
        Number of subsamples, each reported as ``repetition=i, fold=0``.

    Examples
    --------
    >>> import numpy as np
    >>> split = RandomSubsamples(train_size=3, n_repetitions=2).splits(np.arange(10) % 2)[1]
    >>> split.train_idx.tolist() == sorted(np.random.default_rng(1).permutation(10)[:3])
    True
    >>> len(split.test_idx)
    7
    """

    train_size: int | float = 0.5
    n_repetitions: int = 10
    kind: str = field(default="subsamples", init=False, repr=False)

    def __post_init__(self) -> None:
        """Check the fields."""
        size = self.train_size
        if isinstance(size, bool) or not isinstance(size, Integral | float):
            raise ValueError(f"train_size must be a count or a fraction, got {size!r}")
        if isinstance(size, Integral) and size < 1:
            raise ValueError(f"train_size must be at least 1 row, got {size}")
        if isinstance(size, float) and not 0.0 < size < 1.0:
            raise ValueError(f"train_size as a fraction must be in (0, 1), got {size}")
        if int(self.n_repetitions) < 1:
            raise ValueError(f"n_repetitions must be at least 1, got {self.n_repetitions}")

    def n_train(self, n_samples: int) -> int:
        """Training rows out of ``n_samples`` (a fraction rounded down)."""
        if isinstance(self.train_size, float):
            return int(n_samples * self.train_size)
        return int(self.train_size)

    def splits(self, y: ArrayLike, seed: int = 0) -> list[Split]:
        """One subsample per repetition, repetition ``i`` drawn with ``seed + i``."""
        labels = _as_labels(y)
        n = len(labels)
        n_train = self.n_train(n)
        if n_train >= n:
            raise ValueError(f"train_size {self.train_size} leaves none of the {n} rows to test")
        out = []
        for repetition in range(self.n_repetitions):
            rng = np.random.default_rng(_repetition_seed(seed, repetition))
            order = rng.permutation(n)
            out.append(Split(repetition, 0, _sorted(order[:n_train]), _sorted(order[n_train:])))
        return out

    def split_ids(self) -> list[tuple[int, int]]:
        """``(repetition, 0)`` of every repetition."""
        return [(r, 0) for r in range(self.n_repetitions)]

    def to_dict(self) -> dict[str, Any]:
        """The declarative form: kind, training size and repetitions."""
        return {"kind": self.kind, "train_size": self.train_size, "repetitions": self.n_repetitions}


@dataclass(frozen=True)
class FixedSplit(Protocol):
    """One given train/test split.

    Give either the row positions (``train_idx`` and ``test_idx``) or the name of a
    column of ``X`` that marks the test rows (``test_column``; rows whose value equals
    ``test_value`` are test rows, all others training rows; the column is dropped before
    learning). Given neither, the split is the one of a dataset given as a pair of
    train/test files, which gets such a column, :data:`PAIR_COLUMN`, when it is loaded
    (see :func:`ensemble_lab.evaluation.runner.load_dataset`).

    Parameters
    ----------
    train_idx, test_idx : sequence of int, optional
        Row positions (from 0) of the training and test instances: integers, each row
        once, the two disjoint and neither empty. Negative positions are refused (they
        would count from the end and could hide an overlap).
    test_column : str, optional
        Column of ``X`` marking the test rows.
    test_value : str, default="test"
        Value of ``test_column`` on test rows.
    n_repetitions : int, default=1
        Times the split is used, as repetitions ``0, 1, ...`` (fold 0): the runs of a
        randomised method on one fixed split, which differ only by their estimator
        seeds.

    Raises
    ------
    ValueError
        For positions that are not integers, negative, repeated, shared by both parts,
        or for an empty part, naming the position; in :meth:`splits`, for a position
        past the last instance.
    """

    train_idx: tuple[int, ...] | None = None
    test_idx: tuple[int, ...] | None = None
    test_column: str | None = None
    test_value: Any = "test"
    n_repetitions: int = 1
    kind: str = field(default="fixed", init=False, repr=False)

    def __post_init__(self) -> None:
        """Check the fields."""
        if int(self.n_repetitions) < 1:
            raise ValueError(f"n_repetitions must be at least 1, got {self.n_repetitions}")
        has_idx = self.train_idx is not None or self.test_idx is not None
        if has_idx and self.test_column is not None:
            raise ValueError("FixedSplit takes train_idx and test_idx, or test_column, not both")
        if not has_idx:
            if self.test_column is None:  # the split of a train/test pair of files
                object.__setattr__(self, "test_column", PAIR_COLUMN)
            return
        if self.train_idx is None or self.test_idx is None:
            raise ValueError("FixedSplit needs both train_idx and test_idx")
        train = _positions(self.train_idx, "train_idx")
        test = _positions(self.test_idx, "test_idx")
        shared = np.intersect1d(train, test)
        if shared.size:
            raise ValueError(
                f"train_idx and test_idx overlap: {shared.size} row(s) in both, the first "
                f"{int(shared[0])}"
            )
        object.__setattr__(self, "train_idx", tuple(train.tolist()))
        object.__setattr__(self, "test_idx", tuple(test.tolist()))

    @classmethod
    def from_mask(cls, is_test: ArrayLike) -> FixedSplit:
        """Split from a boolean mask of the test rows."""
        mask = np.asarray(is_test, dtype=bool)
        return cls(
            train_idx=tuple(np.flatnonzero(~mask).tolist()),
            test_idx=tuple(np.flatnonzero(mask).tolist()),
        )

    def bind(self, X: Any, y: ArrayLike) -> tuple[Any, Protocol]:
        """Turn ``test_column`` into row positions and drop it from ``X`` (else ``(X, self)``)."""
        if self.test_column is None:
            return X, self
        if not isinstance(X, pd.DataFrame) or self.test_column not in X.columns:
            if self.test_column == PAIR_COLUMN:
                raise ValueError(
                    "kind = 'fixed' without train_idx and test_idx splits a dataset given "
                    "as a pair of files ({name, train, test}); this one is not: give "
                    "train_idx and test_idx, or a test_column of its data"
                )
            raise ValueError(
                f"the fixed split reads column {self.test_column!r}, which the data lacks"
            )
        is_test = (X[self.test_column] == self.test_value).to_numpy(dtype=bool)
        if is_test.all() or not is_test.any():
            raise ValueError(
                f"column {self.test_column!r} must mark some but not all rows "
                f"with {self.test_value!r}"
            )
        mask = FixedSplit.from_mask(is_test)
        bound = FixedSplit(mask.train_idx, mask.test_idx, n_repetitions=self.n_repetitions)
        return X.drop(columns=self.test_column), bound

    def splits(self, y: ArrayLike, seed: int = 0) -> list[Split]:
        """The one given split; a split read from a column must be bound to the data first."""
        labels = _as_labels(y)
        if self.train_idx is None or self.test_idx is None:
            raise ValueError(
                f"FixedSplit(test_column={self.test_column!r}) must be bound to the data "
                "first (Protocol.bind)"
            )
        n = len(labels)
        for name, positions in (("train_idx", self.train_idx), ("test_idx", self.test_idx)):
            if max(positions) >= n:
                raise ValueError(
                    f"{name} holds row {max(positions)}, past the last of the {n} "
                    f"instances of the data (rows 0 to {n - 1}): split indices exceed them"
                )
        train, test = _sorted(self.train_idx), _sorted(self.test_idx)
        return [Split(r, 0, train, test) for r in range(self.n_repetitions)]

    def split_ids(self) -> list[tuple[int, int]]:
        """The split of every repetition: ``(0, 0)``, ``(1, 0)``, ..."""
        return [(r, 0) for r in range(self.n_repetitions)]

    def to_dict(self) -> dict[str, Any]:
        """The declarative form: the test column and value, or the row positions.

        ``repetitions`` only when the split is repeated (a single split's form is the
        one it always had).
        """
        out: dict[str, Any] = {"kind": self.kind}
        if self.test_column is not None:
            out |= {"test_column": self.test_column, "test_value": self.test_value}
        else:
            out |= {"train_idx": list(self.train_idx or ()), "test_idx": list(self.test_idx or ())}
        if self.n_repetitions != 1:
            out["repetitions"] = self.n_repetitions
        return out


def _positions(values: Any, name: str) -> NDArray[np.int64]:
    """Row positions of a :class:`FixedSplit`, checked: integers from 0, each once, some.

    Floats are refused rather than truncated, booleans rather than read as 0 and 1 (a
    mask is :meth:`FixedSplit.from_mask`'s), negative positions rather than wrapped.
    """
    if isinstance(values, str | bytes) or not np.iterable(values):
        raise ValueError(f"{name} must be a list of row positions, got {values!r}")
    items = list(values)
    bad = next(
        (v for v in items if isinstance(v, bool | np.bool_) or not isinstance(v, Integral)),
        None,
    )
    if bad is not None:
        raise ValueError(f"{name} holds {bad!r}, which is not an integer row position")
    if not items:
        raise ValueError("train_idx and test_idx must both be non-empty")
    positions = np.array(items, dtype=np.int64)
    if (positions < 0).any():
        first = int(positions[np.argmax(positions < 0)])
        raise ValueError(
            f"{name} holds {first}: row positions count from 0 (a negative one would "
            "wrap around to the end of the data)"
        )
    unique, counts = np.unique(positions, return_counts=True)
    if (counts > 1).any():
        raise ValueError(f"{name} lists row {int(unique[np.argmax(counts > 1)])} twice")
    return positions


@dataclass(frozen=True)
class FirstFold(Protocol):
    """Only the first split of one stratified ``n_folds``-fold cross-validation.

    With ``n_folds=2``: train on a stratified half, test on the other half. Unlike
    :class:`~ensemble_lab.evaluation.RandomHalfSplits` (scikit-learn's
    ``StratifiedShuffleSplit``) it accepts classes with a single instance, which
    audiology and primary-tumor have.

    Parameters
    ----------
    n_folds : int, default=2
        Folds of the cross-validation whose first split is used: the test part is
        ``1 / n_folds`` of the instances.
    """

    n_folds: int = 2
    kind: str = field(default="cv-first-fold", init=False, repr=False)

    def splits(self, y: Any, seed: int = 0) -> list[Split]:
        """The first split of one stratified ``n_folds``-fold cross-validation."""
        return RepeatedCV(n_folds=self.n_folds, n_repetitions=1).splits(y, seed)[:1]

    def split_ids(self) -> list[tuple[int, int]]:
        """(repetition, fold) of the one split."""
        return [(0, 0)]

    def to_dict(self) -> dict[str, Any]:
        """The protocol as stored with the experiment's configuration."""
        return {"kind": self.kind, "folds": self.n_folds}


_KINDS: dict[str, tuple[type[Protocol], dict[str, str]]] = {
    # kind → (class, {file key: constructor argument})
    "cv": (StratifiedKFold, {"folds": "n_folds"}),
    "repeated-cv": (RepeatedCV, {"folds": "n_folds", "repetitions": "n_repetitions"}),
    "5x2cv": (FiveByTwoCV, {}),
    "cv-first-fold": (FirstFold, {"folds": "n_folds"}),
    "half-splits": (RandomHalfSplits, {"repetitions": "n_repetitions", "train_size": "train_size"}),
    "subsamples": (RandomSubsamples, {"train_size": "train_size", "repetitions": "n_repetitions"}),
    "fixed": (
        FixedSplit,
        {
            "train_idx": "train_idx",
            "test_idx": "test_idx",
            "test_column": "test_column",
            "test_value": "test_value",
            "repetitions": "n_repetitions",
        },
    ),
}


def protocol_kinds() -> Sequence[str]:
    """The ``kind`` names :func:`protocol_from_dict` understands."""
    return tuple(_KINDS)


def protocol_from_dict(spec: dict[str, Any], *, where: str = "protocol") -> Protocol:
    """Build a protocol from its declarative form (``{"kind": "repeated-cv", ...}``).

    Parameters
    ----------
    spec : dict
        ``kind`` plus that kind's keys: ``folds``/``repetitions`` (``cv``,
        ``repeated-cv``), ``repetitions``/``train_size`` (``half-splits``,
        ``subsamples``), nothing (``5x2cv``), ``train_idx``/``test_idx`` or
        ``test_column``/``test_value``, and ``repetitions`` (``fixed``).
    where : str
        Name of the table in error messages.

    Raises
    ------
    ValueError
        On an unknown kind, an unknown key (named in the message) or a bad value.
    """
    if "kind" not in spec:
        raise ValueError(f"{where}: missing key 'kind' (one of {', '.join(_KINDS)})")
    kind = spec["kind"]
    if kind not in _KINDS:
        raise ValueError(f"{where}.kind: unknown protocol {kind!r}; use one of {', '.join(_KINDS)}")
    cls, keys = _KINDS[kind]
    unknown = sorted(set(spec) - {"kind"} - set(keys))
    if unknown:
        allowed = ", ".join(keys) if keys else "no other keys"
        raise ValueError(
            f"{where}: unknown key {unknown[0]!r} for kind {kind!r} (allowed: {allowed})"
        )
    kwargs: dict[str, Any] = {}
    for key, arg in keys.items():
        if key not in spec:
            continue
        value = spec[key]
        if key in ("folds", "repetitions") and (
            isinstance(value, bool) or not isinstance(value, int)
        ):
            raise ValueError(f"{where}.{key}: expected an integer, got {value!r}")
        kwargs[arg] = value
    try:
        return cls(**kwargs)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
