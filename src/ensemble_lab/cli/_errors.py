"""How the command line reports a user's mistake: one line and exit status 2.

A wrong path, an unknown name, a store in use or a file that is not a results store
raise an exception in the library; the commands let :func:`user_errors` turn it into a
single line saying what is wrong (the library's messages say what to do) instead of a
traceback. ``ensemble-lab --debug COMMAND`` shows the traceback.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

__all__ = ["STATE", "USER_ERROR_EXIT", "user_errors"]

USER_ERROR_EXIT = 2

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class _State:
    debug: bool = False


#: Options of the root command that every command sees (set by its callback).
STATE = _State()


def _is_user_error(exc: BaseException) -> bool:
    from ..evaluation.store import StoreInUseError

    return isinstance(
        exc, ValueError | KeyError | OSError | ImportError | sqlite3.Error | StoreInUseError
    )


def _message(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])  # str(KeyError) adds quotes
    text = " ".join(str(exc).strip().splitlines())
    return text if text else type(exc).__name__


def user_errors(console: Console) -> Callable[[F], F]:
    """Decorate a command so that a user's mistake prints one line and exits with 2."""

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return command(*args, **kwargs)
            except (typer.Exit, typer.Abort):
                raise
            except Exception as exc:
                if STATE.debug or not _is_user_error(exc):
                    raise
                console.print(f"[red]Error:[/] {escape(_message(exc))}", soft_wrap=True)
                raise typer.Exit(USER_ERROR_EXIT) from None

        return wrapper  # type: ignore[return-value]

    return decorate
