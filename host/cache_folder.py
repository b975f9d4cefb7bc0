"""The host's cache folder (XDG_CACHE_HOME or ~/.cache, under trivia-host):
what it keeps there only saves time, so any of it may go at any moment, and
each kind of entry is kept under a size cap, least recently used first."""

from __future__ import annotations

import os
from pathlib import Path


def cache_folder(kind: str) -> Path:
    """Where entries of one kind ("lines", "decks") are kept."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("trivia-host")) / kind


def trim(folder: Path, pattern: str, max_bytes: int) -> None:
    """Remove the least recently used files matching `pattern` until they fit
    `max_bytes` (a file is used when written or touched on a hit)."""
    files = []
    for path in folder.glob(pattern):
        try:
            status = path.stat()
        except OSError:
            continue
        files.append((status.st_mtime, status.st_size, path))
    total = sum(size for _, size, _ in files)
    for _, size, path in sorted(files):
        if total <= max_bytes:
            break
        remove(path)
        total -= size


def touch(path: Path) -> None:
    """Mark an entry as used now: the cap removes it last."""
    try:
        os.utime(path)
    except OSError:
        pass


def remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass
