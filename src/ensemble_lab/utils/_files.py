"""Writing a file so that it is either the old one or the whole new one, never a part."""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

__all__ = ["write_atomically"]


def write_atomically(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file that replaces it when complete.

    The temporary file is made in the target's folder (a rename within one file system
    is atomic) and removed if anything fails, so an error or an interruption leaves the
    old file as it was. A file that exists keeps its permissions; a new one gets those
    of any new file (``0o666`` less the umask). A symbolic link is followed: the file it
    points to is replaced, the link kept.

    Parameters
    ----------
    path : str or Path
        The file to write.
    data : bytes
        Its whole content.

    Raises
    ------
    OSError
        If the folder cannot be written; the target is then unchanged.
    """
    target = Path(path)
    if target.is_symlink():
        target = target.resolve()
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
        if target.exists():
            os.chmod(temporary, stat.S_IMODE(target.stat().st_mode))
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
