"""The ensembles of the Random Linear Oracle paper (Kuncheva & Rodríguez), by table name.

Table III names each ensemble ``{H,N}-{P,U}-Method``: ``H-`` with the oracle around the
base tree, ``N-`` without; ``-P-`` pruned J48, ``-U-`` unpruned. Random Forest exists
only with its own unpruned random tree (``-U-``) and "Ensemble" (the oracle as the only
ensemble heuristic) only with the oracle (``H-``). Every ensemble has 10 members.
Bagging, Random Subspace, Random Forest and Ensemble are scikit-learn's
``BaggingClassifier`` around the (oracle-wrapped) base learner; a
:class:`~ensemble_lab.methods._reframe.FrameRestorer` between them keeps nominal
DataFrame columns nominal for the members.
"""

from __future__ import annotations

from sklearn.ensemble import BaggingClassifier

from ..base import resolve_estimator
from ._boosting import _HOW, adaboost_m1
from ._decorate import DecorateClassifier
from ._multiboost import multiboost
from ._oracle import RandomLinearOracle
from ._random_forest import RandomTreeClassifier
from ._reframe import FrameRestorer
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


def _bagging_host(member, random_state, *, bootstrap: bool, max_features: float, **params):
    params = {"n_estimators": ENSEMBLE_SIZE, **params}
    return BaggingClassifier(
        FrameRestorer(member),
        bootstrap=bootstrap,
        max_samples=1.0,
        max_features=max_features,
        random_state=random_state,
        **params,
    )


def _bagging(oracle):
    def factory(base=None, random_state=None, **params):
        member = _member(base, oracle)
        return _bagging_host(member, random_state, bootstrap=True, max_features=1.0, **params)

    return factory


def _subspace(oracle, fraction):
    def factory(base=None, random_state=None, **params):
        member = _member(base, oracle)
        return _bagging_host(member, random_state, bootstrap=False, max_features=fraction, **params)

    return factory


def _random_forest(oracle):
    def factory(base=None, random_state=None, **params):
        member = _member(RandomTreeClassifier() if base is None else base, oracle)
        return _bagging_host(member, random_state, bootstrap=True, max_features=1.0, **params)

    return factory


def _oracle_only(base=None, random_state=None, **params):
    member = RandomLinearOracle(resolve_estimator(base))
    return _bagging_host(member, random_state, bootstrap=False, max_features=1.0, **params)


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
