"""The ensembles of the Random Linear Oracle paper (Kuncheva & Rodríguez), by table name.

Table III names each ensemble ``{H,N}-{P,U}-Method``: ``H-`` with the oracle around the
base tree, ``N-`` without; ``-P-`` pruned J48, ``-U-`` unpruned. Random Forest exists
only with its own unpruned random tree (``-U-``) and "Ensemble" (the oracle as the only
ensemble heuristic) only with the oracle (``H-``). Every ensemble has 10 members.
Bagging, Random Forest (bagged random trees), Random Subspace and Ensemble (a subspace
of all features: members that differ only by their oracles) draw their samples and
subspaces as Weka 3.6's ``Bagging`` and ``RandomSubSpace`` do, from the data encoded
once per fit.
"""

from __future__ import annotations

from ..learners import resolve_estimator
from ._bagging import WekaBaggingClassifier
from ._boosting import _HOW, adaboost_m1
from ._decorate import DecorateClassifier
from ._multiboost import multiboost
from ._oracle import RandomLinearOracle
from ._random_forest import RandomTreeClassifier
from ._random_subspace import RandomSubspaceClassifier
from ._registry import register
from ._rotation_forest import RotationForestClassifier

__all__: list[str] = []

ENSEMBLE_SIZE = 10
_PAPER = "001"
_TREES = {"P": "j48", "U": "j48-unpruned"}


def _member(base, oracle: bool):
    """The base learner, wrapped in a Random Linear Oracle for the ``H-`` versions."""
    base = resolve_estimator(base)
    return RandomLinearOracle(base) if oracle else base


def _bagging(oracle):
    def factory(base=None, random_state=None, **params):
        params = {"n_estimators": ENSEMBLE_SIZE, **params}
        return WekaBaggingClassifier(_member(base, oracle), random_state=random_state, **params)

    return factory


def _subspace(oracle, fraction):
    def factory(base=None, random_state=None, **params):
        params = {"n_estimators": ENSEMBLE_SIZE, "subspace_size": fraction, **params}
        return RandomSubspaceClassifier(_member(base, oracle), random_state=random_state, **params)

    return factory


def _random_forest(oracle):
    def factory(base=None, random_state=None, **params):
        member = _member(RandomTreeClassifier() if base is None else base, oracle)
        params = {"n_estimators": ENSEMBLE_SIZE, **params}
        return WekaBaggingClassifier(member, random_state=random_state, **params)

    return factory


def _oracle_only(base=None, random_state=None, **params):
    """Every member an oracle on all the data and all the features: a subspace of 100 %."""
    member = RandomLinearOracle(resolve_estimator(base))
    params = {"n_estimators": ENSEMBLE_SIZE, "subspace_size": 1.0, **params}
    return RandomSubspaceClassifier(member, random_state=random_state, **params)


def _rotation_forest(oracle):
    def factory(base=None, random_state=None, **params):
        params = {"n_estimators": ENSEMBLE_SIZE, **params}
        return RotationForestClassifier(_member(base, oracle), random_state=random_state, **params)

    return factory


def _decorate(oracle):
    def factory(base=None, random_state=None, **params):
        params = {"n_estimators": ENSEMBLE_SIZE, **params}
        return DecorateClassifier(_member(base, oracle), random_state=random_state, **params)

    return factory


_ORACLE = ", each member a random linear oracle around the base learner"


def _register(
    name: str, factory, tree: str | None, what: str, ascii_name: str | None = None
) -> None:
    aliases = (ascii_name,) if ascii_name and ascii_name != name else ()
    default = _TREES[tree] if tree else None
    what += _ORACLE if name.startswith("H-") else ""
    register(name, factory, default_base=default, aliases=aliases, paper=_PAPER, description=what)


def _register_table() -> None:
    for h in ("H", "N"):
        oracle = h == "H"
        for tree in ("P", "U"):
            prefix = f"{h}-{tree}-"
            _register(prefix + "Bagging", _bagging(oracle), tree, "Bagging of 10 members")
            for pct in (50, 75):
                _register(
                    f"{prefix}Rand. Subs. ({pct}%)",
                    _subspace(oracle, pct / 100),
                    tree,
                    f"Random subspaces ({pct} % of the features) of 10 members",
                    f"{prefix}RandomSubspace-{pct}",
                )
            rotation = _rotation_forest(oracle)
            _register(
                prefix + "Rotation Forest", rotation, tree, "Rotation Forest of 10 members",
                prefix + "RotationForest",
            )  # fmt: skip
            _register(prefix + "Decorate", _decorate(oracle), tree, "DECORATE of 10 members")
        _register(
            f"{h}-U-Random Forest", _random_forest(oracle), None,
            "Bagging of 10 Weka-style random trees", f"{h}-U-RandomForest",
        )  # fmt: skip
    for tree in ("P", "U"):
        _register(f"H-{tree}-Ensemble", _oracle_only, tree, "10 members on all the data")


def _boosting(host, mode: str):
    """``H-`` boosting host: ``adaboost_m1`` / ``multiboost`` around the oracle."""

    def factory(base=None, random_state=None, **params):
        return host(_member(base, True), mode, random_state, **params)

    return factory


def _register_boosting() -> None:
    """``H-`` versions of AdaBoost.M1 and MultiBoost (the ``N-`` ones live with them)."""
    for method, host in (("AdaBoostM1", adaboost_m1), ("MultiBoost", multiboost)):
        for tree in ("P", "U"):
            for letter, mode in (("S", "resample"), ("W", "reweight")):
                name = f"H-{tree}-{method} ({letter})"
                what = f"{'AdaBoost.M1' if host is adaboost_m1 else 'MultiBoost'} of 10 members"
                _register(
                    name, _boosting(host, mode), tree, f"{what}, by {_HOW[mode]}",
                    f"H-{tree}-{method}-{letter}",
                )  # fmt: skip


_register_table()
_register_boosting()
