"""Rich progress bar fed by the runner's progress callback."""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)

if TYPE_CHECKING:
    from ..evaluation import Progress as RunProgress


class ProgressBar:
    """A context manager whose ``update`` is the runner's ``progress`` callback.

    Nothing is shown before the runner's first report, which comes once the experiment
    is checked and its store opened: a run refused at the start prints only its error.
    ``header`` is printed just before the bar.
    """

    def __init__(self, console: Console, description: str, *, header: str = "") -> None:
        self._console = console
        self._header = header
        self._started = False
        self._bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("•"),
            TimeElapsedColumn(),
            TextColumn("• left {task.fields[left]}"),
            TextColumn("{task.fields[last]}"),
            console=console,
            transient=False,
        )
        self._task = self._bar.add_task(description, total=None, last="", left="?")

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._started:
            self._bar.stop()

    def update(self, state: RunProgress) -> None:
        """Show the runner's state."""
        if not self._started:
            if self._header:
                self._console.print(self._header)
            self._bar.start()
            self._started = True
        last = ""
        if state.last is not None:
            key = state.last.key
            last = f"[dim]{key.dataset} / {key.method}"
        # The runner's estimate, which weighs each pending task by its dataset's size;
        # rich's own (from the recent pace) jumps when a slower dataset starts.
        self._bar.update(
            self._task, total=state.total, completed=state.done, last=last,
            left=_clock(state.remaining),
        )  # fmt: skip


def _clock(seconds: float | None) -> str:
    """``h:mm:ss``, or ``?`` when there is no estimate yet.

    >>> _clock(3725.4), _clock(None)
    ('1:02:05', '?')
    """
    if seconds is None:
        return "?"
    whole = round(seconds)
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"
