"""Phrases as recognizers spell them, and whether two spellings sound alike.

Grammars need plain lower-case words: digits become number words ("1969" ->
"nineteen sixty-nine" and "one thousand nine hundred and sixty-nine").
`sounds_within` is the cross-check that lets a grammar pass correct the
spelling of what free decoding heard ("can bear a" -> "canberra") without
ever swapping in a different answer ("iceland" is not "ireland").
"""

from __future__ import annotations

import re
import unicodedata

import jellyfish
from num2words import num2words
from rapidfuzz.distance import Levenshtein

_NUMBER = re.compile(r"\d+")
_NOT_WORD = re.compile(r"[^\w' ]+|_")


def _plain(text: str) -> str:
    """Lower case without accents; NFC puts Hangul and the like back together."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", text).lower()


def _number_words(number: str, as_year: bool) -> str:
    value = int(number)
    return num2words(value, to="year") if as_year else num2words(value)


def spoken_forms(phrase: str) -> list[str]:
    """Every way a grammar should spell `phrase` (one, or two for years)."""
    text = _plain(phrase).replace("&", " and ")
    forms = []
    for as_year in (False, True):
        spelled = _NUMBER.sub(lambda m: _number_words(m.group(), as_year and 1000 <= int(m.group()) <= 2099), text)
        spelled = _NOT_WORD.sub(" ", spelled.replace("-", " "))
        spelled = " ".join(w.strip("'") for w in spelled.split() if w.strip("'"))
        if spelled and spelled not in forms:
            forms.append(spelled)
    return forms


def normalise(text: str) -> str:
    forms = spoken_forms(text)
    return forms[0] if forms else ""


def sound_key(words: list[str]) -> str:
    """Metaphone of the words run together, so word boundaries do not matter."""
    return jellyfish.metaphone("".join(words)) if words else ""


def sounds_within(phrase: str, heard: str) -> bool:
    """True when `phrase` is said, word for word or sound for sound, somewhere in `heard`.

    Some contiguous run of the heard words must have exactly the phrase's
    metaphone key and be at most one letter in five away from it: spelling
    and word-splitting slips pass, other words ("niger" for "nigeria", whose
    metaphone keys agree) do not.
    """
    target_words, heard_words = normalise(phrase).split(), normalise(heard).split()
    if not target_words or not heard_words:
        return False
    if f" {' '.join(target_words)} " in f" {' '.join(heard_words)} ":
        return True
    target, letters = sound_key(target_words), "".join(target_words)
    if not target:  # no Latin letters to compare sounds by: exact words only
        return False
    allowed_edits = max(1, len(letters) // 5)
    for start in range(len(heard_words)):
        for end in range(start + 1, len(heard_words) + 1):
            span = heard_words[start:end]
            key = sound_key(span)
            if key == target and Levenshtein.distance("".join(span), letters) <= allowed_edits:
                return True
            if len(key) > len(target):
                break
    return False
