"""Methods by the names the papers' tables use: ``make("Triskel-W4")``, ``names()``.

Each method module registers its configurations at import time with :func:`register`.
A factory takes ``base`` (a learner preset name, an estimator, or None for the paper's
default) and ``random_state`` and returns an unfitted estimator.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from sklearn.base import BaseEstimator

__all__ = ["make", "names", "register"]


@dataclass(frozen=True)
class _Entry:
    name: str
    factory: Callable[..., BaseEstimator]
    default_base: str | None
    paper: str | None


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
        Which paper the name comes from (``"000"`` ... ``"004"``), for ``names(paper=...)``.
    """
    entry = _Entry(name, factory, default_base, paper)
    for alias in (name, *aliases):
        key = _key(alias)
        if key in _ALIASES and _ALIASES[key] != name:
            raise ValueError(f"method name {alias!r} is already registered")
        _ALIASES[key] = name
    _REGISTRY[name] = entry


def names(paper: str | None = None) -> list[str]:
    """All registered method names (those of one paper if ``paper`` is given)."""
    return sorted(n for n, e in _REGISTRY.items() if paper is None or e.paper == paper)


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
        raise ValueError(f"Unknown method {name!r}.{hint} See ensemble_lab.methods.names().")
    entry = _REGISTRY[canonical]
    if base is None:
        base = entry.default_base
    return entry.factory(base=base, random_state=random_state, **params)
