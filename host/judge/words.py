"""Rule 5 for one word: is the heard word the card's word, allowing a slip?

A slip is about one edit per word (more for long words), a phonetic
equivalent, or a familiar form of a first name (rule 12). Never a slip: a
different number, or two words that are both names of distinct things
("iceland" / "ireland", "baseball" / "basketball").
"""

from __future__ import annotations

import functools

import jellyfish

from host.judge.lexicon import lexicon
from host.word_sounds import syllables

NICKNAME_COST = 0.3
PHONETIC_COST = 0.5
HOMOPHONE_COST = 0.5
PLURAL_COST = 0.3
SHORT_WORD = 6


def edit_allowance(length: int) -> int:
    """How many letter edits a word of this length may carry."""
    if length <= 3:
        return 0
    if length <= 7:
        return 1
    if length <= 11:
        return 2
    return 3


def _has_digit(word: str) -> bool:
    return not word.isalpha()  # tokens are letters, digits and decimal points


def same_first_name(a: str, b: str) -> bool:
    """Familiar and formal forms of one name ("maggie" / "margaret")."""
    groups = lexicon().nickname_groups
    return bool(groups.get(a, frozenset()) & groups.get(b, frozenset()))


# Bounded small, so the cache fills within a few games and an evening's memory
# stays flat (bench/soak.py: 65536 grew 26 MB over 200 games; judging as fast).
@functools.lru_cache(maxsize=4096)
def _spellings(word: str) -> frozenset[str]:
    """The word as written and respelled as it sounds: by each rule alone and by
    all in turn ("gogh" -> "gof" or "go", "yousane" -> "usane")."""
    out = {word}
    respelled = word
    for pattern, replacement in lexicon().sound_alternations:
        out.add(pattern.sub(replacement, word))
        respelled = pattern.sub(replacement, respelled)
    out.add(respelled)
    return frozenset(spelling for spelling in out if spelling)


def phonetic_letter_limit(length: int) -> int:
    """Letters two sound-alike words may differ by: metaphone drops vowels, and in a
    short word the vowels are most of the word ("poe" / "pei", "ride" / "red")."""
    return 1 if length <= 4 else max(2, length // 3)


def sounds_alike(heard: str, card: str) -> bool:
    """Same metaphone code and close in letters, once respelled as they sound;
    a short word must keep its first sound ("zeus" is not "seuss")."""
    if min(len(heard), len(card)) < 2:
        return False
    limit = phonetic_letter_limit(len(card))
    for h in _spellings(heard):
        code = jellyfish.metaphone(h)
        for c in _spellings(card):
            if (
                code
                and code == jellyfish.metaphone(c)
                and jellyfish.levenshtein_distance(h, c) <= limit
                and not _short_word_changed_start(h, c)
                and not _lost_a_syllable(h, c)
            ):
                return True
    return False


def _lost_a_syllable(heard: str, card: str) -> bool:
    """Metaphone drops vowels, so a sound-alike may have lost a whole syllable
    ("em" for Emu, "um" heard and written so): in a short word that is another word."""
    return len(card) <= SHORT_WORD and syllables(heard) < syllables(card)


def is_plural_of(plural: str, singular: str) -> bool:
    """'toys' / 'toy', 'boxes' / 'box': singular and plural are one answer word."""
    return len(singular) >= 3 and plural in (singular + "s", singular + "es")


def _short_word_changed_start(heard: str, card: str) -> bool:
    """In a short word a changed first letter makes another word ("home" / "rome")."""
    return len(card) <= SHORT_WORD and heard[:1] != card[:1]


def _generic_for_name(heard: str, card: str) -> bool:
    """A generic word is never a slip for a name ("island" for Iceland)."""
    generic = lexicon().generic
    return heard in generic and card not in generic


def distinct_names(heard: str, card: str) -> bool:
    known = lexicon().known_names
    return heard != card and heard in known and card in known


@functools.lru_cache(maxsize=4096)
def word_cost(heard: str, card: str, phonetic: bool = True) -> float | None:
    """0 for the same word, a small cost for a slip, None for a different word.

    `phonetic=False` allows letter slips only (for two card words run together,
    where a sound-alike is too loose: "mercury" is not "marie curie")."""
    if heard == card:
        return 0.0
    if _has_digit(heard) or _has_digit(card):
        if card.isdigit() and lexicon().number_homophones.get(heard) == card:
            return HOMOPHONE_COST
        return None  # numbers are exact (rule 3)
    if same_first_name(heard, card):  # before distinct names: "bill" and "william" are listed
        return NICKNAME_COST
    if distinct_names(heard, card) or _generic_for_name(heard, card):
        return None
    if is_plural_of(heard, card) or is_plural_of(card, heard):
        return PLURAL_COST
    distance = jellyfish.levenshtein_distance(heard, card)
    if distance <= edit_allowance(len(card)) and not _short_word_changed_start(heard, card):
        return 0.1 + distance / len(card)
    if phonetic and sounds_alike(heard, card):
        return PHONETIC_COST
    return None
