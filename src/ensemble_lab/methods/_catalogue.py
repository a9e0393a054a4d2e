"""The methods of the five papers as data: one row per name in the papers' tables.

A row says what :func:`~ensemble_lab.methods.make` builds for a name: the estimator
(``build``: a class of :mod:`ensemble_lab.methods`, or one of the compositions named
in :mod:`~ensemble_lab.methods._registry`), its parameters, the base learner the paper
used (a preset of :func:`~ensemble_lab.learners.make_learner`), how the base learner
becomes a member (``member``), other spellings of the name, the paper (a citation key
of :data:`PAPERS`) and a line saying what the name is. ``ensemble-lab methods`` and the
reproductions read the same rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["CATALOGUE", "PAPERS", "Row"]

#: The five papers, by citation key, in the order of their numbers 000 ... 004.
PAPERS: dict[str, str] = {
    "khoussainov2005biased": (
        "Khoussainov, Heß & Kushmerick (ICML 2005): Triskel, ensembles of biased classifiers"
    ),
    "kuncheva2007oracle": "Kuncheva & Rodríguez (IEEE TKDE 2007): the random linear oracle",
    "kuncheva2002boosting": (
        "Kuncheva & Whitaker (MCS 2002): aggressive, conservative, inverse boosting"
    ),
    "garciaosorio2008projections": (
        "García-Osorio & García-Pedrajas (ESANN 2008): boosting by projections"
    ),
    # The paper's copy carries no year of publication.
    "lee-regional": "Lee, Na, Oh & Yang: ensemble learning of regional classifiers (ELRC)",
}

#: How the base learner becomes a member: passed on as given (a preset name stays a
#: name), resolved into an estimator, or wrapped in a random linear oracle.
MemberRule = Literal["given", "resolved", "oracle"]


@dataclass(frozen=True)
class Row:
    """One name of a paper's tables and what it builds."""

    name: str
    build: str
    params: dict[str, Any]
    base: str | None
    paper: str | None
    what: str
    aliases: tuple[str, ...] = ()
    member: MemberRule = "given"


_TRISKEL, _ORACLE, _BOOSTING = "khoussainov2005biased", "kuncheva2007oracle", "kuncheva2002boosting"
_PROJECTIONS, _ELRC = "garciaosorio2008projections", "lee-regional"
_WITH_ORACLE = ", each member a random linear oracle around the base learner"
_HOW = {"S": "resampling", "W": "reweighting"}
_MODE = {"S": "resample", "W": "reweight"}
_TREE = {"P": "j48", "U": "j48-unpruned"}


def _learner(name, preset, paper, what, *aliases) -> Row:
    return Row(name, "learner", {}, preset, paper, what, aliases)


def _oracle_paper(h: str, tree: str, method, build, params, what, ascii_name=None) -> Row:
    """A row of the oracle paper's Table III: ``{H,N}-{P,U}-method``."""
    oracle = h == "H"
    aliases = () if ascii_name is None else (ascii_name,)
    return Row(
        f"{h}-{tree}-{method}",
        build,
        {"n_estimators": 10, **params},
        _TREE[tree],
        _ORACLE,
        what + (_WITH_ORACLE if oracle else ""),
        tuple(f"{h}-{tree}-{a}" for a in aliases),
        "oracle" if oracle else "resolved",
    )


def _boosted_host(h: str, tree: str, method: str, letter: str) -> Row:
    """AdaBoost.M1 or MultiBoost of Table III (``N-`` hosts take the base as given)."""
    adaboost = method == "AdaBoostM1"
    build = "WekaAdaBoostM1" if adaboost else "WekaMultiBoostAB"
    params = {"n_estimators": 10, "mode": _MODE[letter]}
    if adaboost:
        params["update"] = "aggressive"
        aliases = [f"AdaBoost ({letter})", f"AdaBoost.M1 ({letter})", f"AdaBoost-{letter}"]
        what = f"AdaBoost.M1 of 10 members, by {_HOW[letter]}"
    else:
        aliases = [f"MultiBoostAB ({letter})"]
        what = f"MultiBoost (wagged sub-committees of AdaBoost) of 10 members, by {_HOW[letter]}"
    aliases.append(f"{method}-{letter}")
    if h == "H":
        aliases = [f"{method}-{letter}"]
        what = ("AdaBoost.M1" if adaboost else "MultiBoost") + " of 10 members, by "
        what += _HOW[letter] + _WITH_ORACLE
    return Row(
        f"{h}-{tree}-{method} ({letter})",
        build,
        params,
        _TREE[tree],
        _ORACLE,
        what,
        tuple(f"{h}-{tree}-{a}" for a in aliases),
        "oracle" if h == "H" else "given",
    )


#: Table III's hosts that average their members: (method, build, parameters, what,
#: ASCII spelling of the name).
_Host = tuple[str, str, dict[str, Any], str, str | None]
_AVERAGING: tuple[_Host, ...] = (
    ("Bagging", "WekaBaggingClassifier", {}, "Bagging of 10 members", None),
    ("Rand. Subs. (50%)", "RandomSubspaceClassifier", {"subspace_size": 0.5},
     "Random subspaces (50 % of the features) of 10 members", "RandomSubspace-50"),
    ("Rand. Subs. (75%)", "RandomSubspaceClassifier", {"subspace_size": 0.75},
     "Random subspaces (75 % of the features) of 10 members", "RandomSubspace-75"),
    ("Rotation Forest", "RotationForestClassifier", {}, "Rotation Forest of 10 members",
     "RotationForest"),
    ("Decorate", "DecorateClassifier", {}, "DECORATE of 10 members", None),
)  # fmt: skip
_FOREST: _Host = ("Random Forest", "RandomForest", {}, "Bagging of 10 Weka-style random trees",
           "RandomForest")  # fmt: skip
_ORACLE_ONLY: _Host = ("Ensemble", "RandomSubspaceClassifier", {"subspace_size": 1.0},
                "10 members on all the data", None)  # fmt: skip


def _table_three() -> list[Row]:
    rows = []
    for h in ("H", "N"):
        for tree in ("P", "U"):
            rows += [_oracle_paper(h, tree, *host) for host in _AVERAGING]
            rows += [
                _boosted_host(h, tree, method, letter)
                for method in ("AdaBoostM1", "MultiBoost")
                for letter in ("S", "W")
            ]
        forest = _oracle_paper(h, "U", *_FOREST)  # its own tree: no base learner
        rows.append(Row(**{**vars(forest), "base": None}))
    rows += [_oracle_paper("H", tree, *_ORACLE_ONLY) for tree in ("P", "U")]
    return rows


#: Every name of the five papers, in the papers' order.
CATALOGUE: tuple[Row, ...] = (
    # Khoussainov, Heß & Kushmerick, Tables 1–2: undersampling with bias 0.9, SMO base.
    Row("Triskel-1", "TriskelClassifier",
        {"n_rounds": 1, "weighting": "separation", "multiclass": "ovo"}, "smo", _TRISKEL,
        "1 round(s) of biased pairs, then an arbiter (separation weights); one cascade "
        "per pair of classes"),
    Row("Triskel-W2", "TriskelClassifier",
        {"n_rounds": 2, "weighting": "soft_covering", "multiclass": "ovo"}, "smo", _TRISKEL,
        "2 round(s) of biased pairs, then an arbiter (soft covering weights); one cascade "
        "per pair of classes"),
    Row("Triskel-W4", "TriskelClassifier",
        {"n_rounds": 4, "weighting": "soft_covering", "multiclass": "ovo"}, "smo", _TRISKEL,
        "4 round(s) of biased pairs, then an arbiter (soft covering weights); one cascade "
        "per pair of classes"),
    Row("Triskel-M1", "TriskelClassifier",
        {"n_rounds": 1, "weighting": "separation", "multiclass": "triskel-m"}, "smo", _TRISKEL,
        "Triskel-M: one round of a biased member per class, then a one-vs-one arbiter"),
    *(Row(f"AdaBoost-{k}", "OneVsOneBoosting",
          {"n_estimators": k, "update": "aggressive", "mode": "reweight"}, "smo", _TRISKEL,
          f"One-vs-one AdaBoost.M1, {k} rounds per pair of classes, by reweighting")
      for k in (3, 10, 50)),
    _learner("SMO", "smo", _TRISKEL, "A single linear SVM, one-vs-one (Weka's SMO)", "SVM"),
    # Kuncheva & Rodríguez, Table III.
    *_table_three(),
    _learner("J48-unpruned", "j48-unpruned", None, "A single unpruned C4.5 tree",
             "J48 (unpruned)", "C4.5-unpruned"),
    # Kuncheva & Whitaker: 25 members by resampling, QDA (and MLP) base.
    *(Row(name, "BoostingClassifier",
          {"n_estimators": 25, "mode": "resample", "update": update}, "qda", _BOOSTING,
          f"Boosting with the {update} weight update: 25 members, by resampling",
          (f"{name} Boosting",))
      for name, update in (("Aggressive", "aggressive"), ("Conservative", "conservative"),
                           ("Inverse", "inverse"))),
    _learner("QDA", "qda", _BOOSTING, "Regularised quadratic discriminant analysis"),
    _learner("MLP", "mlp", _BOOSTING, "A multilayer perceptron, one hidden layer of 15 units"),
    # García-Osorio & García-Pedrajas.
    *(Row(f"PB-{p.upper()}", "ProjectionBoostingClassifier", {"projection": p}, "j48",
          _PROJECTIONS,
          f"10 members, each after the first trained on the {p.upper()} projection of the "
          "previous member's errors")
      for p in ("hda", "nda", "lda")),
    Row("PB-MLP", "ProjectionBoostingClassifier", {"projection": "mlp"}, "j48", _PROJECTIONS,
        "10 members, each after the first trained on the hidden layer of a network fitted "
        "to the previous member's errors: the non-linear boosting projections of the "
        "paper's reference [1]", ("NBP",)),
    _learner("J48", "j48", _PROJECTIONS,
             "A single C4.5 tree with error-based pruning (Weka's J48)", "C4.5"),
    _learner("RBF-SVM", "rbf-svm", _PROJECTIONS, "A single SVM with an RBF kernel"),
    # Lee, Na, Oh & Yang.
    Row("ELRC", "ELRCClassifier", {}, None, _ELRC,
        "A tree of regions (3 levels), each with the best of smo, nb and j48 by inner CV"),
    Row("AdaBoostM1-21", "WekaAdaBoostM1",
        {"n_estimators": 21, "mode": "reweight", "update": "aggressive"}, "j48", _ELRC,
        "Weka's AdaBoostM1 of 21 members, by reweighting; stops at the first failed round",
        ("AdaBoost-21", "AdaBoost.M1-21"), "resolved"),
    Row("Bagging-21", "WekaBaggingClassifier", {"n_estimators": 21}, "j48", _ELRC,
        "Weka's Bagging of 21 members, each trained on its bootstrap sample's rows",
        (), "resolved"),
    _learner("NB", "nb", _ELRC, "Naive Bayes for mixed data", "NaiveBayes", "Naive Bayes"),
)  # fmt: skip
