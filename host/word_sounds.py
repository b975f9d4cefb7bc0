"""How written English words sound, roughly: shared by the judge and the
listening path, so both count a word's beats and draw out a filler alike.
Pure and light: the judge must not load the speech package to use it."""

from __future__ import annotations

import re
from collections.abc import Iterable


def syllables(word: str) -> int:
    """About how many syllables a written English word has: its groups of
    vowels, less a silent final "e" ("lane" 1, "olympia" 3, "thomas" 2).
    Enough to tell a one-beat word from a longer one."""
    groups = re.findall(r"[aeiouy]+", word.casefold())
    if len(groups) > 1 and re.search(r"[^aeiouy]e$", word.casefold()):
        return len(groups) - 1
    return len(groups)


def beats(words: Iterable[str]) -> int:
    """The syllables of the words together (`syllables`)."""
    return sum(syllables(word) for word in words)


def drawn_out_forms(word: str) -> tuple[str, str, str]:
    """The word as written, with each run of a letter cut to two, and to one:
    "ummm" -> "umm", "um" (a filler drawn out is the filler)."""
    return word, re.sub(r"(.)\1+", r"\1\1", word), re.sub(r"(.)\1+", r"\1", word)


def spelt_as_a_hum(word: str) -> bool:
    """A hum however Whisper spelt it: "h-n-n", "hmn", "mm-hm", "n"."""
    return re.fullmatch(r"[hmn]+(?:-[hmn]+)*", word) is not None
