"""One writer at a time: the advisory lock a run holds on its results store."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

__all__ = ["StoreInUseError", "exclusive_writer"]


class StoreInUseError(RuntimeError):
    """Another run is writing to the results store."""


@contextmanager
def exclusive_writer(path: str | Path) -> Iterator[None]:
    """Hold the write lock of the store ``path`` for the duration of the block.

    The lock is an advisory ``flock`` on ``<path>.lock``, which records who holds it and
    is removed when the block ends. Readers (reports, ``load_results``) need no lock.
    Where the operating system has no ``flock`` (Windows), nothing is locked.

    Raises
    ------
    StoreInUseError
        When another process (or another run of this one) holds the lock; the message
        names it.

    Notes
    -----
    Removing the file could let two runs lock two different files: one that opened the
    old file before it was removed and one that created a new one. So a run that gets
    the lock checks that the path still names the file it locked, and starts over when
    it does not.
    """
    try:
        import fcntl
    except ImportError:  # no advisory locks: a second writer is not detected
        yield
        return
    path = Path(path).resolve()  # a symbolic link to the store locks the store itself
    lock_path = path.with_name(path.name + ".lock")
    handle = _locked(lock_path, fcntl)
    try:
        handle.seek(0)
        handle.truncate()
        handle.write(f"process {os.getpid()} on {socket.gethostname()}, since {_now()}\n")
        handle.flush()
        yield
    finally:
        lock_path.unlink(missing_ok=True)  # still holding the lock: see Notes
        fcntl.flock(handle, fcntl.LOCK_UN)
        handle.close()


def _locked(lock_path: Path, fcntl: Any) -> TextIO:
    """The lock file, opened and locked; it is the file the path names."""
    while True:
        handle = lock_path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise StoreInUseError(
                f"the results store {lock_path.with_suffix('')} is in use by another run "
                f"({holder}); wait for it to finish, or give this run another results store"
            ) from None
        try:
            same = os.stat(lock_path).st_ino == os.fstat(handle.fileno()).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return handle
        handle.close()  # removed by the run that just ended: lock the new file


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
