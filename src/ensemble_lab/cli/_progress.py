"""Rich progress bar fed by the runner's progress callback."""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from ..evaluation import Progress as RunProgress


class ProgressBar:
    """A context manager whose ``update`` is the runner's ``progress`` callback."""

    def __init__(self, console: Console, description: str) -> None:
        self._bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("•"),
            TimeElapsedColumn(),
            TextColumn("• left"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[last]}"),
            console=console,
            transient=False,
        )
        self._task = self._bar.add_task(description, total=None, last="")

    def __enter__(self) -> ProgressBar:
        self._bar.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._bar.stop()

    def update(self, state: RunProgress) -> None:
        """Show the runner's state."""
        last = ""
        if state.last is not None:
            key = state.last.key
            last = f"[dim]{key.dataset} / {key.method}"
        self._bar.update(self._task, total=state.total, completed=state.done, last=last)
