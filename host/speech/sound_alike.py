"""Does what was heard sound like a whole answer the host knows? (pure)

The end of turn takes a form on the card or another answer of its kind as
complete when the recognizer spells it so. A recognizer that heard the right
sounds but other words ("plate lips" for Platelets, "the chicago bill" for
the Chicago Bulls) left the host waiting the open pause, 1.2 s, after a
finished answer. Heard so, an answer is complete too, if the likeness is
close and long enough to be no accident:

- metaphone keys (the words run together) at least four sounds long, with
  the same first consonant, more than four sounds in five alike
  (Levenshtein over the longer key: "PLTLPS" and "PLTLTS", one sound apart
  in six, are; "PRTKF" and "PRTK", one in five, are not);
- two beats at least (`MANY`).

Fillers said alone and then a thinking pause are the risk: Whisper writes
them as words ("hmm let me see" as "h a mivlett"). On 1,200 of them (ten
voices, clean and in noise) a bar of 0.75, or the indel ratio in place of
Levenshtein, ended several turns early ("current" for Grant Wood, "hamlet
me see" for Hamlet); above 0.8 none.

The card's own entries are a few phrases, not a thousand, so a filler is far
less likely to sound like one of them, and they may be heard more loosely
(`CARD`): "nickov" for Nickel, "light" for Lead. Those fillers' words against
each of the decks' 4,900 cards in turn: one filler said alone in 700 would
end the turn early (0.14%) on the card's answer heard so loosely.

In noise Whisper may mishear an answer's first sound ("um way no series" for
Buenos Aires), which the index by first consonant misses: so a heard key of
five sounds or more may match one of the card's that differs from it in one
sound, that one included (`Likeness.onset_free_key`). The fillers and half
names the player went on from, and pause_risk_bench's (9,202 readings),
against each of the decks' 4,782 questions: one match in 117,000 pairs, where
the card's looser likeness finds one in 472.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from host.speech.phrases import first_spoken_form, sound_key
from host.word_sounds import beats


@dataclass(frozen=True)
class Likeness:
    """How alike is alike enough: the share of the longer metaphone key that
    must be exceeded, the shortest key that may match, and the fewest beats.
    `onset_free_key`: a heard key at least this long may also match a key
    that begins with another sound, if that is the only sound they differ in."""

    bar: float
    shortest_key: int
    beats: int
    onset_free_key: int | None = None


MANY = Likeness(0.8, 4, 2)  # the decks' answers of a kind: shorter keys ("MS") match by chance
# The card's own entries: one sound in three may differ, and in a long key the
# first may be the one (in noise Whisper mishears an answer's onset: "um way no
# series" for Buenos Aires, "the uno's airs", "where no saris")
CARD = Likeness(0.66, 2, 1, onset_free_key=5)


class SoundAlike:
    """Phrases indexed by their first consonant, to ask of a heard text which
    one it sounds like."""

    def __init__(self, phrases: Iterable[str], likeness: Likeness = MANY) -> None:
        self.likeness = likeness
        self._by_first: dict[str, dict[str, str]] = {}
        for phrase in phrases:
            key = sound_key(first_spoken_form(phrase).split())
            if len(key) >= likeness.shortest_key:
                self._by_first.setdefault(first_consonant(key), {}).setdefault(key, phrase)

    def phrase_for(self, words: list[str]) -> str | None:
        """The phrase these words sound like, or None."""
        said = beats(words)
        if said < self.likeness.beats:
            return None
        key = sound_key(words)
        if len(key) < self.likeness.shortest_key:
            return None
        keys = self._by_first.get(first_consonant(key), {})
        found = process.extractOne(key, keys.keys(), scorer=Levenshtein.normalized_similarity)
        alike = found is not None and found[1] > self.likeness.bar
        phrase = keys[found[0]] if found and alike else self._one_sound_off(key)
        if phrase is None:
            return None
        # one beat for a phrase of more is a filler the keys cannot tell apart:
        # metaphone drops vowels, so "em" (an "um") and Emu are both EM
        if said == 1 and beats(first_spoken_form(phrase).split()) > 1:
            return None
        return phrase

    def _one_sound_off(self, key: str) -> str | None:
        """The phrase whose key is one sound from a long heard key, whatever
        sound it begins with (`Likeness.onset_free_key`)."""
        shortest = self.likeness.onset_free_key
        if shortest is None or len(key) < shortest:
            return None
        keys = self._every_key
        found = process.extractOne(key, keys.keys(), scorer=Levenshtein.distance, score_cutoff=1)
        return keys[found[0]] if found else None

    @cached_property
    def _every_key(self) -> dict[str, str]:
        return {key: phrase for group in self._by_first.values() for key, phrase in group.items()}


def first_consonant(key: str) -> str:
    """Metaphone keeps a leading vowel only sometimes ("aro" ARS.., "eero" RS..)."""
    return key.lstrip("AEIOU")[:1]


@lru_cache(maxsize=16)
def sound_alike(phrases: tuple[str, ...]) -> SoundAlike:
    """Kept: the decks' answers of a kind (about a thousand) are the same for
    every question of that kind."""
    return SoundAlike(phrases)
