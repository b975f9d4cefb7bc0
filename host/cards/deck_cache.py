"""Deck files as read, kept as JSON in the user's cache folder.

Parsing the shipped decks' YAML costs most of a second at every start (the
game's first turn, after the welcome, waits for it); the same data read
back from JSON costs a few hundredths. Each entry is named by the
deck's path and a hash of its text, so an edited deck is read afresh and its
old entry removed. The cache only ever saves time: an entry that cannot be
read is read from the YAML again, and a folder that cannot be written is
left alone.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from host.cache_folder import cache_folder, remove, touch, trim

FORMAT = 1  # part of every entry's name: a change in what is kept starts afresh
MAX_BYTES = 32 * 1024 * 1024  # the shipped decks take 1.3 MB


def default_folder() -> Path:
    return cache_folder("decks")


def _names(path: Path, text: str) -> tuple[str, str]:
    """(the entry's prefix, by the deck's path; its full name, by its text too)."""
    where = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
    what = hashlib.sha256(f"{FORMAT}\n{text}".encode()).hexdigest()[:24]
    return where, f"{where}-{what}.json"


def get(path: Path, text: str, folder: Path | None = None) -> Any | None:
    """The data read from this text before, or None."""
    _, name = _names(path, text)
    entry = (folder or default_folder()) / name
    try:
        data = json.loads(entry.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        remove(entry)  # damaged: read the YAML again, and keep it again
        return None
    touch(entry)
    return data


def put(path: Path, text: str, data: Any, folder: Path | None = None) -> None:
    """Keep `data`, read from `text`, if JSON gives back the same (no dates,
    no number keys); an older entry for the same deck is removed."""
    try:
        kept = json.dumps(data, ensure_ascii=False)
        if json.loads(kept) != data:
            return
    except (TypeError, ValueError):
        return
    folder = folder or default_folder()
    where, name = _names(path, text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(kept)
            os.replace(temporary, folder / name)
        finally:
            remove(Path(temporary))
        for old in folder.glob(f"{where}-*.json"):
            if old.name != name:
                remove(old)
        trim(folder, "*.json", MAX_BYTES)  # decks checked once, then deleted
    except OSError:
        pass  # read-only or full: the decks are read from YAML each time
