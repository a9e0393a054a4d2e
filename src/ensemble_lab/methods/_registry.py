"""Methods by the names the papers' tables use: ``make("Triskel-W4")``, ``names()``.

The names of the five papers are the rows of :mod:`~ensemble_lab.methods._catalogue`;
:func:`register` adds others. A factory takes ``base`` (a learner preset name, an
estimator, or None for the default) and ``random_state`` and returns an unfitted
estimator. :func:`describe_methods` (``ensemble-lab methods``) lists every name with
what it builds.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from sklearn.base import BaseEstimator, clone

from ..learners import RandomTreeClassifier, resolve_estimator
from ..utils import seed_random_states
from ._bagging import WekaBaggingClassifier
from ._boosting import BoostingClassifier
from ._catalogue import CATALOGUE, PAPERS, Row
from ._elrc import ELRCClassifier, elrc_candidates
from ._oracle import RandomLinearOracle
from ._pairwise import PairwiseClassifier

__all__ = ["PAPERS", "MethodInfo", "describe_methods", "make", "names", "register"]


def _estimator_class(name: str) -> type:
    """The estimator a row's ``build`` names: a class the methods package exports.

    Each takes the member as its first argument. A new paper's ensemble is found here
    once ``ensemble_lab.methods`` exports it: no second list to keep.
    """
    import importlib

    return getattr(importlib.import_module(str(__package__)), name)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class _Entry:
    name: str
    factory: Callable[..., BaseEstimator]
    default_base: str | None
    paper: str | None
    description: str | None


@dataclass(frozen=True)
class MethodInfo:
    """One registered name as :func:`describe_methods` lists it."""

    name: str
    paper: str
    estimator: str
    base: str
    what: str


_REGISTRY: dict[str, _Entry] = {}
_ALIASES: dict[str, str] = {}


def _key(name: str) -> str:
    """Lookup key: case-insensitive, punctuation and spaces folded."""
    return re.sub(r"[^0-9a-z%]+", "", name.lower())


def register(
    name: str,
    factory: Callable[..., BaseEstimator],
    *,
    default_base: str | None = None,
    aliases: tuple[str, ...] = (),
    paper: str | None = None,
    description: str | None = None,
) -> None:
    """Register a named configuration.

    Parameters
    ----------
    name : str
        The name as printed in the paper's table (e.g. ``"H-U-Rand. Subs. (50%)"``).
    factory : callable
        ``factory(base=..., random_state=..., **params)`` returning an unfitted estimator.
    default_base : str or None
        The learner preset the paper used, passed as ``base`` when the caller gives none.
    aliases : tuple of str
        Other names (ASCII spellings) that resolve to the same entry.
    paper : str or None
        Which paper the name comes from (a citation key of :data:`PAPERS`), for
        ``names(paper=...)``.
    description : str or None
        What the name builds, in a line (default: the first line of the estimator's
        docstring).
    """
    entry = _Entry(name, factory, default_base, paper, description)
    for alias in (name, *aliases):
        key = _key(alias)
        if key in _ALIASES and _ALIASES[key] != name:
            raise ValueError(f"method name {alias!r} is already registered")
        _ALIASES[key] = name
    _REGISTRY[name] = entry


def _paper_key(paper: str | int | None) -> str | None:
    """The citation key of :data:`PAPERS` for a key, or a paper number (1, ``"001"``)."""
    if paper is None:
        return None
    text = str(paper).strip()
    keys = list(PAPERS)
    if text.isdigit() and int(text) < len(keys):
        return keys[int(text)]
    if text not in PAPERS:
        raise ValueError(
            f"Unknown paper {paper!r}; the papers are {', '.join(PAPERS)} (or 0 ... "
            f"{len(keys) - 1})."
        )
    return text


def names(paper: str | int | None = None) -> list[str]:
    """All registered method names (those of one paper if ``paper`` is given)."""
    key = _paper_key(paper)
    return sorted(n for n, e in _REGISTRY.items() if key is None or e.paper == key)


def describe_methods(paper: str | int | None = None) -> list[MethodInfo]:
    """Every registered name (or those of one paper) with what it builds.

    Parameters
    ----------
    paper : str or int, optional
        A citation key of :data:`PAPERS` (``"kuncheva2007oracle"``) or the paper's
        number (``"001"``, ``"1"`` or ``1``): only that paper's names.

    Returns
    -------
    list of MethodInfo
        Sorted by name: the paper's citation key (empty for a name of no paper), the estimator
        class, the default base-learner preset (a single learner: its own preset; empty
        when the method has its own learners) and
        a line saying what the name builds.
    """
    out = []
    for name in names(paper):
        entry = _REGISTRY[name]
        estimator = make(name)
        what = entry.description
        if what is None:
            doc = (type(estimator).__doc__ or "").strip()
            what = doc.splitlines()[0] if doc else ""
        base = entry.default_base or ""
        out.append(MethodInfo(name, entry.paper or "", type(estimator).__name__, base, what))
    return out


def make(name: str, *, base=None, random_state=None, **params) -> BaseEstimator:
    """Build the estimator a paper's table calls ``name``.

    Parameters
    ----------
    name : str
        A registered name or alias (case and punctuation are ignored).
    base : str or estimator, default=None
        Base learner override (a preset name of :func:`ensemble_lab.learners.make_learner`
        or an estimator); None uses the paper's.
    random_state : int, RandomState or None
        Seed of the returned estimator.
    **params
        Further constructor parameters of the estimator; a name with ``__`` sets a
        nested estimator's parameter (``estimator__point_draw="uniform"``: the random
        linear oracle of an ``H-`` method draws its points uniformly).

    Raises
    ------
    ValueError
        For an unknown name, or a base learner other than its own for the name of a
        single learner (``make("J48", base="nb")``).
    """
    canonical = _ALIASES.get(_key(name))
    if canonical is None:
        close = [n for n in names() if _key(name)[:4] in _key(n)][:5]
        hint = f" Did you mean one of {close}?" if close else ""
        raise ValueError(
            f"Unknown method {name!r}.{hint} `ensemble-lab methods` (or "
            "ensemble_lab.methods.names()) lists them."
        )
    entry = _REGISTRY[canonical]
    if base is None:
        base = entry.default_base
    return entry.factory(base=base, random_state=random_state, **params)


# --------------------------------------------------------------------------- the catalogue
def _member(row: Row, base):
    """The base learner as the row's members take it (see :data:`_catalogue.MemberRule`)."""
    if row.member == "oracle":
        return RandomLinearOracle(resolve_estimator(base))
    if row.member == "resolved":
        return resolve_estimator(base)
    return base


def _check_own_learner(row: Row, base) -> None:
    """Raise ``ValueError`` if a single learner's name is given another learner as ``base``.

    The name fixes the learner: ``make("J48", base="nb")`` would be naive Bayes, and its
    results would be stored and tabulated under J48.
    """
    if isinstance(base, str) and base.lower() == row.base:
        return
    shown = base if isinstance(base, str) else type(base).__name__
    raise ValueError(
        f"{row.name} is the single learner {row.base!r} and takes no other base (got "
        f"base={shown!r}), so that its results are that learner's: leave base out, name "
        "the other learner's own method (ensemble-lab methods lists them), or give the "
        "learner as an estimator."
    )


def _build(row: Row, base=None, random_state=None, **params) -> BaseEstimator:
    """What ``make(row.name, base=..., random_state=..., **params)`` returns.

    Parameters of nested estimators (``estimator__point_draw``) are set on the built
    estimator with ``set_params``; the others go to its constructor.
    """
    nested = {k: v for k, v in params.items() if "__" in k}
    built = _construct(
        row, base, random_state, {k: v for k, v in params.items() if k not in nested}
    )
    return built.set_params(**nested) if nested else built


def _construct(row: Row, base, random_state, params: dict) -> BaseEstimator:
    """The estimator of ``row`` with constructor parameters ``params``."""
    params = {**row.params, **params}
    if row.build == "learner":
        _check_own_learner(row, base)
        learner = clone(resolve_estimator(base))
        if params:
            learner.set_params(**params)
        return learner if random_state is None else seed_random_states(learner, random_state)
    if row.build == "ELRCClassifier":
        return ELRCClassifier(elrc_candidates(base), random_state=random_state, **params)
    if row.build == "OneVsOneBoosting":
        # each pairwise problem boosted separately, its members filtering their own rows
        return PairwiseClassifier(BoostingClassifier(base, random_state=random_state, **params))
    if row.build == "RandomForest":
        member = _member(row, RandomTreeClassifier() if base is None else base)
        return WekaBaggingClassifier(member, random_state=random_state, **params)
    build = _estimator_class(row.build)
    return build(_member(row, base), random_state=random_state, **params)


for _row in CATALOGUE:
    register(
        _row.name,
        functools.partial(_build, _row),
        default_base=_row.base,
        aliases=_row.aliases,
        paper=_row.paper,
        description=_row.what,
    )
