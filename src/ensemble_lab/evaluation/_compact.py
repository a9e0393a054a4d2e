"""The compact form of a results store: the SQLite file, vacuumed and xz-compressed.

A store's bulk is its ``results`` table, one row per task (the oracle paper's Table III
is 140 000 rows), and of that most is text a compressor shrinks well (labels, dates,
keys repeated in the primary-key index); what stays are the four timings of each task,
random doubles no format compresses. So the compact form keeps the SQLite file itself,
``VACUUM``-ed and compressed with the standard library's :mod:`lzma` (``NAME.db.xz``,
which ``xz -d`` also opens): about a fifth of the size, and a reader decompresses it in
memory and opens it with :meth:`sqlite3.Connection.deserialize`, so every query of the
store module runs on it unchanged. Nothing writes to it: a run must unpack it first.
"""

from __future__ import annotations

import lzma
import os
import sqlite3
from collections import OrderedDict
from pathlib import Path
from typing import Any

__all__ = [
    "COMPACT_SUFFIX",
    "CompactStoreError",
    "compact_connection",
    "find_store",
    "is_compact",
    "pack_store",
    "unpack_store",
]

#: The suffix of a compact store, after the store's own name (``oracle.db.xz``).
COMPACT_SUFFIX = ".xz"

#: xz's preset: 9 gives a few per cent less than the default 6, at no cost to readers.
PRESET = 9

#: Decompressed stores kept in memory, by the file's identity: a page reads its store
#: several times (results, datasets, predictions), and decompresses it once.
_UNPACKED: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
_UNPACKED_MAX = 3


class CompactStoreError(ValueError):
    """A compact store was given to something that writes: it must be unpacked first."""

    @classmethod
    def for_path(cls, path: Path) -> CompactStoreError:
        """The one-line error for the compact store ``path``, saying how to unpack it."""
        return cls(
            f"{path} is a compact results store (xz-compressed, read-only); to run into it, "
            f"unpack it first: ensemble-lab unpack {path} (or xz -dk {path})"
        )


def is_compact(path: str | Path) -> bool:
    """Whether ``path`` names a compact store (by its suffix).

    Examples
    --------
    >>> is_compact("experiments/results/oracle.db.xz"), is_compact("oracle.db")
    (True, False)
    """
    return Path(path).name.endswith(COMPACT_SUFFIX)


def find_store(directory: str | Path, stem: str) -> Path:
    """The store ``stem`` in ``directory``: ``stem.db``, or its compact form if only it is there.

    The plain file wins when both are there (it is the one a run writes to). When
    neither is there, the plain path is returned (where a run would create it).

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> find_store(folder, "oracle").name
    'oracle.db'
    >>> _ = (folder / "oracle.db.xz").write_bytes(b"")
    >>> find_store(folder, "oracle").name
    'oracle.db.xz'
    """
    plain = Path(directory) / f"{stem}.db"
    compact = plain.with_name(plain.name + COMPACT_SUFFIX)
    return compact if compact.is_file() and not plain.exists() else plain


def compact_connection(path: Path, identity: tuple[Any, ...] | None) -> sqlite3.Connection:
    """An in-memory, query-only connection to the compact store ``path``.

    ``identity`` (path, size, modification time) keys the cache of decompressed files.

    Raises
    ------
    ValueError
        When the file is not xz data (the caller turns it into ``NotAStoreError``).
    """
    data = _UNPACKED.get(identity) if identity is not None else None
    if data is None:
        try:
            data = lzma.decompress(path.read_bytes())
        except lzma.LZMAError as exc:
            raise ValueError(f"{path} is not an xz-compressed store ({exc})") from None
        if identity is not None:
            _UNPACKED[identity] = data
            while len(_UNPACKED) > _UNPACKED_MAX:
                _UNPACKED.popitem(last=False)
    else:
        _UNPACKED.move_to_end(identity)  # type: ignore[arg-type]
    con = sqlite3.connect(":memory:")
    try:
        con.deserialize(data)
        con.execute("PRAGMA query_only = ON")
    except sqlite3.Error:
        con.close()
        raise
    return con


def pack_store(path: str | Path, *, keep: bool = False) -> Path:
    """Write the compact form of the store ``path`` (``path`` + ``.xz``); return its path.

    The store is copied with ``VACUUM INTO`` (no free pages, rollback-journal mode), the
    copy compressed with xz (:data:`PRESET`), and the result written beside ``path``.
    Like ``xz``, the plain file is removed afterwards unless ``keep``.

    Raises
    ------
    StoreInUseError
        When a run is writing to the store.
    NotAStoreError
        When ``path`` is not a sound results store.
    FileExistsError
        When the compact file is there already.

    Examples
    --------
    >>> import tempfile
    >>> from ensemble_lab.evaluation.store import ResultsStore, experiment_names
    >>> db = Path(tempfile.mkdtemp()) / "study.db"
    >>> with ResultsStore(db) as store:
    ...     _ = store.open_experiment("demo", {}, "h")
    >>> packed = pack_store(db)
    >>> packed.name, db.exists(), experiment_names(packed)
    ('study.db.xz', False, ['demo'])
    """
    from .store import exclusive_writer, read_connection, require_store_file

    source = require_store_file(path)
    if is_compact(source):
        raise ValueError(f"{source} is a compact store already")
    target = source.with_name(source.name + COMPACT_SUFFIX)
    if target.exists():
        raise FileExistsError(f"{target} exists; remove it first to pack {source} again")
    with exclusive_writer(source):
        read_connection(source).close()  # a sound store, or NotAStoreError
        vacuumed = source.with_name(f".{source.name}.{_token()}.vacuum")
        try:
            con = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
            try:
                con.execute("VACUUM INTO ?", (str(vacuumed),))
            finally:
                con.close()
            with sqlite3.connect(vacuumed) as copy:
                copy.execute("PRAGMA journal_mode=DELETE")
            copy.close()
            _write_atomically(target, lzma.compress(vacuumed.read_bytes(), preset=PRESET))
        finally:
            vacuumed.unlink(missing_ok=True)
        if not keep:
            source.unlink()
    return target


def unpack_store(path: str | Path, *, keep: bool = False) -> Path:
    """Decompress the compact store ``path`` into the plain store beside it; return its path.

    Like ``xz -d``, the compact file is removed afterwards unless ``keep``.

    Raises
    ------
    FileExistsError
        When the plain store is there already (it may hold newer results).
    NotAStoreError
        When ``path`` is not a compact results store.

    Examples
    --------
    >>> import tempfile
    >>> from ensemble_lab.evaluation.store import ResultsStore, experiment_names
    >>> db = Path(tempfile.mkdtemp()) / "study.db"
    >>> ResultsStore(db).close()
    >>> plain = unpack_store(pack_store(db))
    >>> plain.name, experiment_names(plain)
    ('study.db', [])
    """
    from .store import NotAStoreError, read_connection, require_store_file

    source = require_store_file(path)
    if not is_compact(source):
        raise ValueError(f"{source} is not a compact store (its name does not end in .xz)")
    target = source.with_name(source.name.removesuffix(COMPACT_SUFFIX))
    if target.exists():
        raise FileExistsError(f"{target} exists; move it away first to unpack {source}")
    try:
        data = lzma.decompress(source.read_bytes())
    except lzma.LZMAError as exc:
        raise NotAStoreError(f"{source} is not a compact results store ({exc})") from None
    _write_atomically(target, data)
    try:
        read_connection(target).close()
    except NotAStoreError:
        target.unlink()
        raise
    if not keep:
        source.unlink()
    return target


def _token() -> str:
    """A short random name part for a temporary file."""
    return os.urandom(6).hex()


def _write_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` through a temporary file beside it."""
    partial = target.with_name(f".{target.name}.{_token()}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
