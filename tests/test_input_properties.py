"""Property-based tests: any input gives a correct result or a clear error, never a wrong one.

Hypothesis draws the estimators' inputs: columns of floats (with NaN, all missing, near
1e200 or 1e-200, constant), integers, booleans, text (with missing values), categories
(with missing values and unused categories), nominal values of mixed types, and the
ones to refuse -- dates, durations, infinity; labels of text, integers, booleans, whole
floats or categories, of one class or several, and the ones to refuse -- text mixed with
numbers, a missing label; sample weights (none, positive, some zero, and negative, NaN,
all zero); shapes (a DataFrame or its array, and a one-dimensional ``X``, a ``y`` or an
``X`` a row too long). Every outcome is checked, not assumed:

* a fit that succeeds gives ``classes_`` that are the labels of ``y`` (sorted, or among
  a categorical's declared categories), ``predict`` labels from ``classes_``, and
  ``predict_proba`` one column per class, finite, non-negative, rows summing to 1, on
  the training rows and on rows holding nominal values and missing values fit never saw;
* the same data in an equivalent form gives the same predictions and probabilities:
  a bool column and the same values as Python objects, text as objects and as pandas'
  string dtype, integers and the same numbers as floats, float columns and the same
  values as sparse columns, a numeric frame and its array;
* an input to refuse raises ``ValueError`` or ``TypeError`` (never ``IndexError``,
  ``KeyError``, ``LinAlgError``, ``ZeroDivisionError`` or a raw ``AttributeError``)
  whose message names the problem (the column of dates, ``y``'s labels, the weights, the
  shape); a valid input may be refused only for what some estimators cannot take, by
  name: one class, NaN, values whose variance overflows, nominal columns without values.

The default run covers the eight learner presets and one method of each family (small
ensembles), 40 examples each (about 16 s on one core); ``--run-slow`` runs every
registered name, at its own size, on 100 (about 4 minutes on two cores).
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.exceptions import NotFittedError
from sklearn.utils.validation import has_fit_parameter

from ensemble_lab.learners import learner_names, make_learner
from ensemble_lab.methods import make, names

#: One method of each family (small ensembles), beside the eight learner presets.
FAMILIES = {
    "Triskel-1": {},
    "AdaBoost-3": {},
    "N-P-Bagging": {"n_estimators": 3},
    "H-P-Rand. Subs. (50%)": {"n_estimators": 3},
    "N-P-Rotation Forest": {"n_estimators": 3},
    "N-P-Decorate": {"n_estimators": 3},
    "N-P-AdaBoostM1 (W)": {"n_estimators": 3},
    "N-U-MultiBoost (S)": {"n_estimators": 3},
    "N-U-Random Forest": {"n_estimators": 3},
    "Aggressive": {"n_estimators": 3},
    "PB-NDA": {"n_estimators": 3},
    "ELRC": {"max_depth": 1, "cv": 2},
}
PRESETS = [f"preset:{name}" for name in learner_names()]


def build(name: str):
    """A fresh estimator: ``preset:NAME`` a learner preset, else a registered method."""
    if name.startswith("preset:"):
        preset = name.removeprefix("preset:")
        return make_learner(preset, random_state=0) if preset == "mlp" else make_learner(preset)
    return make(name, random_state=0, **FAMILIES.get(name, {}))


# ------------------------------------------------------------------------ the inputs


@dataclass
class Case:
    """One drawn input and what the estimators must do with it."""

    X: object
    y: object
    sample_weight: object = None
    #: None: a valid input; else a pattern the refusal's message must match
    refusal: str | None = None
    #: patterns of refusals a valid case may get too (one class, NaN, for some estimators)
    may_refuse: list = field(default_factory=list)
    #: equivalent forms of X (same model), and the declared classes of a categorical y
    same_as: list = field(default_factory=list)
    declared: list | None = None
    #: rows to predict holding new nominal values and missing values
    unseen: object = None


#: What the refusal of one class says (estimators that need two may refuse it).
ONE_CLASS = r"at least two classes|greater than one|only one class|belong to the same class"

COLUMN_KINDS = [
    "float", "float-nan", "all-missing", "int", "bool", "text", "text-missing", "category",
    "category-missing", "mixed", "constant", "huge", "tiny",
]  # fmt: skip
BAD_COLUMN_KINDS = ["dates", "durations", "float-inf"]
NOMINAL_KINDS = ("bool", "text", "text-missing", "category", "category-missing", "mixed")


def _column(draw, kind: str, n: int, rng: np.random.Generator):
    if kind in ("float", "float-nan", "float-inf", "huge", "tiny"):
        values = np.round(rng.normal(size=n), 2) * {"huge": 1e200, "tiny": 1e-200}.get(kind, 1)
        if kind in ("float-nan", "float-inf"):
            values[draw(st.integers(0, n - 1))] = np.nan if kind == "float-nan" else np.inf
        return values
    if kind == "all-missing":
        return np.full(n, np.nan)
    if kind == "int":
        return rng.integers(-3, 4, n)
    if kind == "bool":
        return rng.random(n) < 0.5
    if kind in ("text", "text-missing"):
        values = pd.Series(rng.choice(["red", "green", "blue"], n), dtype=object)
        return values.where(rng.random(n) > 0.3) if kind == "text-missing" else values
    if kind in ("category", "category-missing"):
        values = pd.Series(rng.choice(["x", "y"], n), dtype=object)
        if kind == "category-missing":
            values = values.where(rng.random(n) > 0.3)
        return pd.Categorical(values, categories=draw(st.permutations(["x", "y", "unused"])))
    if kind == "mixed":  # nominal values of several types: text, whole and other numbers
        return pd.Series(rng.choice(np.array(["a", 1, 2.5], dtype=object), n), dtype=object)
    if kind == "constant":
        return np.full(n, 0.1)
    if kind == "dates":
        return pd.date_range("2001-01-01", periods=n)
    return pd.timedelta_range("1D", periods=n)  # durations


def _unseen(frame: pd.DataFrame, kinds: list[str]) -> pd.DataFrame:
    """Rows to predict that hold what fit never saw: new nominal values, missing values."""
    rows = frame.copy()
    alternate = np.arange(len(rows)) % 2 == 1
    for column, kind in zip(frame, kinds):
        if kind in ("text", "text-missing"):
            rows[column] = pd.Series(np.where(alternate, None, "purple"), dtype=object)
        elif kind in ("category", "category-missing"):
            values = pd.Series(np.where(alternate, None, "new"), dtype=object)
            rows[column] = pd.Categorical(values, categories=["new", "x"])
        elif kind in ("float", "float-nan", "int", "constant"):
            rows[column] = np.where(alternate, np.nan, 1e3)
    return rows


LABEL_KINDS = ["text", "int", "bool", "float", "category", "one-class"]
BAD_LABEL_KINDS = ["text-and-int", "text-and-none"]


def _labels(kind: str, n: int, n_classes: int, rng: np.random.Generator):
    codes = np.arange(n) % n_classes
    rng.shuffle(codes)
    if kind == "text":
        return np.array(["a", "b", "c", "d"])[codes]
    if kind == "int":
        return np.array([3, -1, 7, 0])[codes]
    if kind == "bool":
        return codes % 2 == 1
    if kind == "float":  # whole numbers: other floats are a regression target
        return np.array([1.0, 2.0, -1.0, 0.0])[codes]
    if kind == "category":
        return pd.Series(
            pd.Categorical(np.array(["b", "a", "c", "d"])[codes], ["b", "z", "a", "c", "d"])
        )
    if kind == "one-class":
        return np.array(["only"] * n)
    labels = np.array(["a", "b", "c", "d"], dtype=object)[codes]
    labels[codes == 1] = 1 if kind == "text-and-int" else None
    return labels


WEIGHT_KINDS = ["none", "none", "positive", "some-zero"]
BAD_WEIGHT_KINDS = {
    "negative": "(?i)negative",
    "nan": "NaN",
    "all-zero": "sums to zero|at least one non-zero",
    "too-few": r"sample_weight|shape|samples",
}


def _weights(kind: str, n: int, rng: np.random.Generator):
    if kind == "none":
        return None
    weights = np.round(rng.uniform(0.5, 3.0, n), 2)
    if kind == "some-zero":
        weights[: n // 3] = 0.0
    elif kind == "negative":
        weights[0] = -1.0
    elif kind == "nan":
        weights[0] = np.nan
    elif kind == "all-zero":
        weights[:] = 0.0
    elif kind == "too-few":
        weights = weights[:-1]
    return weights


@st.composite
def cases(draw) -> Case:
    """A training set, valid or with one thing wrong (which the case says)."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    n = draw(st.integers(3, 30))
    kinds = draw(st.lists(st.sampled_from(COLUMN_KINDS), min_size=1, max_size=4))
    wrong = draw(st.sampled_from(["nothing"] * 6 + ["column", "labels", "weights", "shape"]))
    refusal = None
    if wrong == "column":
        bad = draw(st.sampled_from(BAD_COLUMN_KINDS))
        kinds.insert(draw(st.integers(0, len(kinds))), bad)
        position = kinds.index(bad)
        refusal = "infinity" if bad == "float-inf" else rf"column 'c{position}' holds {bad}"
    frame = pd.DataFrame({f"c{j}": _column(draw, kind, n, rng) for j, kind in enumerate(kinds)})
    label_kind = draw(st.sampled_from(BAD_LABEL_KINDS if wrong == "labels" else LABEL_KINDS))
    if wrong == "labels":
        refusal = "y mixes labels" if label_kind == "text-and-int" else "y holds a missing label"
    y = _labels(label_kind, n, draw(st.integers(2, min(n, 4))), rng)
    weight_kind = draw(
        st.sampled_from(list(BAD_WEIGHT_KINDS) if wrong == "weights" else WEIGHT_KINDS)
    )
    if wrong == "weights":
        refusal = BAD_WEIGHT_KINDS[weight_kind]
    case = Case(frame, y, _weights(weight_kind, n, rng), refusal)
    if label_kind == "one-class" or weight_kind == "some-zero":  # zeros may leave one
        case.may_refuse.append(ONE_CLASS)
    if {"float-nan", "all-missing", "text-missing", "category-missing"} & set(kinds):
        case.may_refuse.append("NaN")
    if all(k in NOMINAL_KINDS for k in kinds):  # all missing: nothing to encode
        case.may_refuse.append("no column to learn from")
    if "huge" in kinds:  # variances of 1e200-scale values overflow: NB and QDA say so
        case.may_refuse.append("overflows? float64")
    if label_kind == "category":
        case.declared = list(y.cat.categories)
    if wrong == "shape":
        _wrong_shape(draw, case)
    if case.refusal is None:
        case.same_as = _equivalents(frame, kinds)
        case.unseen = _unseen(frame, kinds)
        numeric = all(k not in NOMINAL_KINDS for k in kinds)
        if numeric and draw(st.booleans()):
            case.X = frame.to_numpy(dtype=np.float64)  # the array form is the input
            case.unseen = case.unseen.to_numpy(dtype=np.float64)
    return case


def _wrong_shape(draw, case: Case) -> None:
    """Make ``X`` one-dimensional, or ``y`` or ``X`` a row longer than the other."""
    change = draw(st.sampled_from(["X 1-d", "y longer", "X longer"]))
    if change == "X 1-d":
        case.X, case.refusal = case.X.iloc[:, 0].to_numpy(), "Expected a 2-dimensional|2D array"
        return
    case.refusal = r"inconsistent numbers of samples|sample_weight"
    if change == "y longer":
        case.y = np.concatenate([np.asarray(case.y), np.asarray(case.y)[:1]])
    else:
        case.X = pd.concat([case.X, case.X.iloc[:1]], ignore_index=True)


def _equivalents(frame: pd.DataFrame, kinds: list[str]) -> list:
    """The same data in other forms the estimators must read alike."""
    forms = []
    # A bool column is nominal: its values as Python objects are the same column. Not
    # as categories: a categorical column keeps its declared values where a subset (a
    # fold, a bootstrap sample, rows of weight 0) lacks one, a column of objects the
    # values the subset holds, as Weka's NominalToBinary and counts then differ.
    if "bool" in kinds:
        forms.append(frame.astype({c: object for c, k in zip(frame, kinds) if k == "bool"}))
    texts = [c for c, k in zip(frame, kinds) if k in ("text", "text-missing")]
    if texts:  # pandas' own string dtype, as pandas 3 reads text by default
        forms.append(frame.astype(dict.fromkeys(texts, pd.StringDtype(na_value=np.nan))))
    if "int" in kinds:
        forms.append(frame.astype({c: np.float64 for c, k in zip(frame, kinds) if k == "int"}))
    floats = [c for c, k in zip(frame, kinds) if k in ("float", "constant", "huge", "tiny")]
    if floats:
        forms.append(frame.astype({c: pd.SparseDtype(np.float64, 0.0) for c in floats}))
    if all(k not in NOMINAL_KINDS for k in kinds):
        forms.append(frame.to_numpy(dtype=np.float64))  # a numeric frame and its array
    return forms


# ------------------------------------------------------------------------ the checks

#: Errors that are a wrong answer's disguise, never a message about the input.
UNCLEAR = (IndexError, KeyError, ZeroDivisionError, AttributeError, np.linalg.LinAlgError)


def _fit(estimator, case: Case):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # convergence and small-class warnings
        if case.sample_weight is None:
            return estimator.fit(case.X, case.y)
        return estimator.fit(case.X, case.y, sample_weight=case.sample_weight)


def _outputs(fitted, X) -> tuple[np.ndarray, np.ndarray | None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        predicted = np.asarray(fitted.predict(X))
        proba = fitted.predict_proba(X) if hasattr(fitted, "predict_proba") else None
    return predicted, proba


def _check_result(fitted, case: Case) -> tuple[np.ndarray, np.ndarray | None]:
    labels = pd.unique(np.asarray(case.y, dtype=object))
    classes = fitted.classes_.tolist()
    assert set(labels) <= set(classes), (labels, classes)
    if case.declared is None:
        assert classes == sorted(labels), classes
    else:
        assert set(classes) <= set(case.declared), classes
    return _check_outputs(fitted, case.X, classes, len(case.y))


def _check_outputs(fitted, X, classes: list, n: int) -> tuple[np.ndarray, np.ndarray | None]:
    """``predict`` gives labels of ``classes``, ``predict_proba`` a distribution over them."""
    predicted, proba = _outputs(fitted, X)
    assert predicted.shape == (n,)
    assert set(predicted.tolist()) <= set(classes)
    if proba is not None:
        assert proba.shape == (n, len(classes)), proba.shape
        assert np.isfinite(proba).all() and (proba >= 0).all()
        np.testing.assert_allclose(proba.sum(axis=1), 1.0, rtol=0, atol=1e-9)
    return predicted, proba


def _check_refusal(error: Exception, case: Case, name: str) -> None:
    assert not isinstance(error, UNCLEAR), f"{name}: unclear {type(error).__name__}: {error}"
    assert isinstance(error, ValueError | TypeError), f"{name}: {type(error).__name__}: {error}"
    patterns = [case.refusal] if case.refusal is not None else []
    assert any(re.search(p, str(error)) for p in patterns + case.may_refuse), f"{name}: {error!r}"


def check_estimator_on(name: str, case: Case) -> None:
    """Fit ``name`` on ``case``; check the result, or the refusal."""
    estimator = build(name)
    with pytest.raises(NotFittedError):
        estimator.predict(case.X)
    if case.sample_weight is not None and not has_fit_parameter(estimator, "sample_weight"):
        with pytest.raises(TypeError, match="sample_weight"):  # ELRC takes no weights
            _fit(estimator, case)
        return
    try:
        fitted = _fit(estimator, case)
    except Exception as error:  # every outcome is checked here
        _check_refusal(error, case, name)
        return
    assert case.refusal is None, f"{name} accepted an input it must refuse ({case.refusal})"
    predicted, proba = _check_result(fitted, case)
    if case.unseen is not None:
        _check_outputs(fitted, case.unseen, fitted.classes_.tolist(), len(case.y))
    for form in case.same_as:
        other = _fit(build(name), Case(form, case.y, case.sample_weight))
        again, again_proba = _outputs(other, form)
        form_of = getattr(form, "dtypes", "an array")
        np.testing.assert_array_equal(again, predicted, err_msg=f"{name} on {form_of}")
        if proba is not None:
            np.testing.assert_allclose(again_proba, proba, rtol=1e-9, atol=1e-12)


SETTINGS = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("name", PRESETS + list(FAMILIES))
@SETTINGS
@given(case=cases())
def test_every_outcome_is_a_right_result_or_a_clear_error(name, case):
    check_estimator_on(name, case)


@pytest.mark.slow
@pytest.mark.parametrize("name", names())
@settings(SETTINGS, max_examples=100)
@given(case=cases())
def test_every_registered_name_on_more_inputs(name, case):
    check_estimator_on(name, case)
