"""Named experiments shipped with the package: the main job and each paper reproduction.

``ensemble-lab run`` with no argument runs ``quick``; ``ensemble-lab reproduce NAME`` runs
``NAME``. Each is a declarative TOML file in this folder (format: docs/experiments.md).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["experiment_names", "experiment_path"]

_DIR = Path(__file__).parent


def experiment_names() -> list[str]:
    """Names of the packaged experiments."""
    return sorted(p.stem for p in _DIR.glob("*.toml"))


def experiment_path(name: str) -> Path:
    """Path of a packaged experiment's TOML file."""
    path = _DIR / f"{name}.toml"
    if not path.is_file():
        raise ValueError(f"no packaged experiment {name!r}; available: {experiment_names()}")
    return path
