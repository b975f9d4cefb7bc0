"""Does what was heard sound like a whole answer the host knows? (pure)

The end of turn takes a form on the card or another answer of its kind as
complete when the recognizer spells it so. A recognizer that heard the right
sounds but other words ("plate lips" for Platelets, "the chicago bill" for
the Chicago Bulls) left the host waiting the open pause, 1.2 s, after a
finished answer. Heard so, an answer is complete too, if the likeness is
close and long enough to be no accident:

- metaphone keys (the words run together, lead-ins left out) at least
  `SHORTEST_KEY` sounds long, with the same first sound, at most one sound
  in five apart (Levenshtein over the longer key);
- two beats at least.

Fillers said alone and then a thinking pause are the risk: Whisper writes
them as words ("hmm let me see" as "h a mivlett"). On 1,200 of them (ten
voices, clean and in noise) a bar of 0.75, or the indel ratio in place of
Levenshtein, ended several turns early ("current" for Grant Wood, "hamlet
me see" for Hamlet); at 0.8 a handful, each once.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from host.speech.phrases import first_spoken_form, sound_key, syllables

SOUND_BAR = 0.8  # share of the longer key that must agree
SHORTEST_KEY = 4  # sounds: shorter keys ("MS", "KRN") match too much by chance


class SoundAlike:
    """Phrases indexed by their first sound, to ask of a heard text which one
    it sounds like."""

    def __init__(self, phrases: Iterable[str]) -> None:
        self._by_first: dict[str, dict[str, str]] = {}
        for phrase in phrases:
            key = sound_key(first_spoken_form(phrase).split())
            if len(key) >= SHORTEST_KEY:
                self._by_first.setdefault(key[0], {}).setdefault(key, phrase)

    def phrase_for(self, words: list[str]) -> str | None:
        """The phrase these words sound like, or None."""
        if sum(syllables(word) for word in words) < 2:
            return None
        key = sound_key(words)
        if len(key) < SHORTEST_KEY:
            return None
        keys = self._by_first.get(key[0], {})
        found = process.extractOne(
            key, keys.keys(), scorer=Levenshtein.normalized_similarity, score_cutoff=SOUND_BAR
        )
        return keys[found[0]] if found else None


@lru_cache(maxsize=16)
def sound_alike(phrases: tuple[str, ...]) -> SoundAlike:
    """Kept: the decks' answers of a kind (about a thousand) are the same for
    every question of that kind."""
    return SoundAlike(phrases)
