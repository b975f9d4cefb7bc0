"""The words PocketSphinx's English dictionary holds, read from its file.

Whether a player's name can be heard is asked before the game starts, when
the recognizer is still loading its acoustic model (seconds). The answer
only needs the pronouncing dictionary, the same file the decoder loads, so
it is read from there: the same answer as the decoder's `lookup_word`, in
milliseconds. One entry a line, "word PH O NE S" ("word(2) ..." for another
pronunciation of a word that has its own line).
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path


def dictionary_path() -> Path | None:
    """The dictionary inside the pocketsphinx package, if it is installed."""
    spec = importlib.util.find_spec("pocketsphinx")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations)))
    path = folder / "model" / "en-us" / "cmudict-en-us.dict"
    return path if path.is_file() else None


@cache
def _entries(path: Path) -> bytes:
    return b"\n" + path.read_bytes()  # every entry then starts with a newline


def missing_words(phrase: str, path: Path) -> list[str]:
    """The words of a normalised phrase (lower case, spaces) not in the
    dictionary at `path`; OSError if it cannot be read."""
    entries = _entries(path)
    return [word for word in phrase.split() if b"\n" + word.encode() + b" " not in entries]
