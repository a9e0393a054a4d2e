"""Rich progress bar fed by the runner's progress callback."""

from __future__ import annotations

import time
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


#: Seconds between two progress lines when the output is not a terminal (a batch log).
LOG_INTERVAL = 30.0


class ProgressBar:
    """A context manager whose ``update`` is the runner's ``progress`` callback.

    Nothing is shown before the runner's first report, which comes once the experiment
    is checked and its store opened: a run refused at the start prints only its error.
    ``header`` is printed just before the bar. When the output is not a terminal (a
    batch job's log), a plain line is printed every ``interval`` seconds and at the end
    instead of a bar, which would show nothing until the run ends.
    """

    def __init__(
        self,
        console: Console,
        description: str,
        *,
        header: str = "",
        interval: float | None = None,
    ) -> None:
        self._console = console
        self._header = header
        self._description = description
        self._interval = LOG_INTERVAL if interval is None else interval
        self._last_line = -float("inf")
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
        if not self._console.is_terminal:
            self._log_line(state)
            return
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

    def _log_line(self, state: RunProgress) -> None:
        """One plain line for a log, at most every ``interval`` seconds, and at the end."""
        if self._header and self._last_line == -float("inf"):
            self._console.print(self._header)
        now = time.monotonic()
        if now - self._last_line < self._interval and state.done < state.total:
            return
        self._last_line = now
        failed = f", {state.failed} failed" if state.failed else ""
        skipped = f" ({state.skipped} already stored)" if state.skipped else ""
        self._console.print(
            f"{self._description}: {state.done}/{state.total} tasks{skipped}{failed}, "
            f"{_clock(state.elapsed)} elapsed, {_clock(state.remaining)} left",
            markup=False,
            highlight=False,
        )


def _clock(seconds: float | None) -> str:
    """``h:mm:ss``, or ``?`` when there is no estimate yet.

    >>> _clock(3725.4), _clock(None)
    ('1:02:05', '?')
    """
    if seconds is None:
        return "?"
    whole = round(seconds)
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"
