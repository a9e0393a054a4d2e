"""Methods by the names the papers' tables use: ``make("Triskel-W4")``, ``names()``.

Each method module registers its configurations at import time with :func:`register`.
A factory takes ``base`` (a learner preset name, an estimator, or None for the paper's
default) and ``random_state`` and returns an unfitted estimator. :func:`describe_methods`
(``ensemble-lab methods``) lists every name with what it builds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from sklearn.base import BaseEstimator

__all__ = ["PAPERS", "MethodInfo", "describe_methods", "make", "names", "register"]

#: The five papers whose methods are registered, by the label ``register(paper=...)`` uses.
PAPERS: dict[str, str] = {
    "000": "Khoussainov, Heß & Kushmerick (ICML 2005): Triskel, ensembles of biased classifiers",
    "001": "Kuncheva & Rodríguez (IEEE TKDE 2007): the random linear oracle",
    "002": "Kuncheva & Whitaker (MCS 2002): aggressive, conservative, inverse boosting",
    "003": "García-Osorio & García-Pedrajas (ESANN 2008): boosting by projections",
    "004": "Lee, Na, Oh & Yang: ensemble learning of regional classifiers (ELRC)",
}


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
        Which paper the name comes from (``"000"`` ... ``"004"``, see :data:`PAPERS`), for
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
    """``"001"`` for 1, ``"1"`` or ``"001"``; the paper labels of :data:`PAPERS`."""
    if paper is None:
        return None
    text = str(paper).strip()
    key = text.zfill(3) if text.isdigit() else text
    if key not in PAPERS:
        raise ValueError(f"Unknown paper {paper!r}; the papers are {', '.join(PAPERS)}.")
    return key


def names(paper: str | int | None = None) -> list[str]:
    """All registered method names (those of one paper if ``paper`` is given)."""
    key = _paper_key(paper)
    return sorted(n for n, e in _REGISTRY.items() if key is None or e.paper == key)


def describe_methods(paper: str | int | None = None) -> list[MethodInfo]:
    """Every registered name (or those of one paper) with what it builds.

    Parameters
    ----------
    paper : str or int, optional
        ``"001"``, ``"1"`` or ``1``: only that paper's names (see :data:`PAPERS`).

    Returns
    -------
    list of MethodInfo
        Sorted by name: the paper label (empty for a name of no paper), the estimator
        class, the default base-learner preset (empty when the method has its own) and
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
        Further constructor parameters of the estimator.
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
