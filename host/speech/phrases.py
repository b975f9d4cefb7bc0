"""Phrases as recognizers spell them, and whether two spellings sound alike.

Grammars need plain lower-case words: digits become number words ("1969" ->
"nineteen sixty nine" and "one thousand nine hundred and sixty nine"), Roman
numerals after a word too ("World War II" -> "world war two"). `find_spoken`
is the cross-check that lets a grammar pass correct the spelling of what
free decoding heard ("can bear a" -> "canberra") without ever swapping in a
different answer ("iceland" is not "ireland").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_NUMBER = re.compile(r"\d+")
_NOT_WORD = re.compile(r"[^\w' ]+|_")
# Roman numerals of two letters or more, after another word ("part ii"):
# a lone "i", "v" or "x" is too often a word or a letter.
_ROMAN = re.compile(r"(?<=\w )(?=[ivxlc]{2,}\b)(c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})\b")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}


def _plain(text: str) -> str:
    """Lower case without accents; NFC puts Hangul and the like back together."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", text).lower()


def _roman_value(numeral: str) -> int:
    values = [_ROMAN_VALUES[ch] for ch in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def _number_words(number: str, as_year: bool) -> str:
    from num2words import num2words  # here, not at import: it is slow to load (start-up)

    value = int(number)
    return num2words(value, to="year") if as_year else num2words(value)


def spoken_forms(phrase: str) -> list[str]:
    """Every way a grammar should spell `phrase` (one, or two for years)."""
    return list(_spoken_forms(phrase))


# Kept: the end of turn asks for every expected phrase's spelling at each
# pause, and an answer's expected phrases are the decks' other answers of its
# kind (about a thousand); spelled afresh, a pause's judgement took 9 ms on
# average and 32 at most, on the listening loop, beside Whisper's decode.
# The shipped decks hold about 15,000 answers and entries: all fit, in about 4 MB.
@lru_cache(maxsize=16384)
def _spoken_forms(phrase: str) -> tuple[str, ...]:
    from num2words import num2words

    plain = _plain(phrase).replace("&", " and ")
    forms = []
    # "part two" and, for kings and popes, "the fourteenth"
    for roman in (lambda v: num2words(v), lambda v: "the " + num2words(v, to="ordinal")):
        text = _ROMAN.sub(
            lambda m: (
                roman(  # noqa: B023 (used at once)
                    _roman_value(m.group())
                )
                if m.group()
                else ""
            ),
            plain,
        )
        for as_year in (False, True):
            spelled = _NUMBER.sub(
                lambda m: _number_words(
                    m.group(),
                    as_year  # noqa: B023 (used at once)
                    and 1000 <= int(m.group()) <= 2099,
                ),
                text,
            )
            spelled = _NOT_WORD.sub(" ", spelled.replace("-", " "))
            spelled = " ".join(w.strip("'") for w in spelled.split() if w.strip("'"))
            if spelled and spelled not in forms:
                forms.append(spelled)
    return tuple(forms)


def grammar_phrases(phrases, missing_words) -> tuple[list[str], list[str]]:
    """(spoken forms a model can say, original phrases it cannot say at all).

    `missing_words(form)` lists the words of a form the model lacks; a form
    with any is left out, since a grammar missing a word matches half a phrase.
    """
    kept: list[str] = []
    dropped: list[str] = []
    for phrase in phrases:
        forms = [f for f in spoken_forms(phrase) if not missing_words(f)]
        if forms:
            kept.extend(f for f in forms if f not in kept)
        else:
            dropped.append(phrase)
    return kept, dropped


def first_spoken_form(text: str) -> str:
    """How a recognizer would write `text` (the first of its spoken forms)."""
    forms = spoken_forms(text)
    return forms[0] if forms else ""


def sound_key(words: list[str]) -> str:
    """Metaphone of the words run together, so word boundaries do not matter."""
    import jellyfish

    return jellyfish.metaphone("".join(words)) if words else ""


def find_spoken(phrase: str, heard: str) -> tuple[int, int] | None:
    """Where `phrase` is said in `heard`, word for word or sound for sound.

    Returns the (start, end) word span of normalised `heard`, or None. A span
    must have exactly the phrase's metaphone key and be at most one letter in
    five away from it: spelling and word-splitting slips pass, other words
    ("niger" for "nigeria", whose metaphone keys agree) do not. Words with no
    Latin letters match only exactly.
    """
    from rapidfuzz.distance import Levenshtein

    target_words, heard_words = first_spoken_form(phrase).split(), first_spoken_form(heard).split()
    n = len(target_words)
    if not target_words or not heard_words:
        return None
    for start in range(len(heard_words) - n + 1):
        if heard_words[start : start + n] == target_words:
            return start, start + n
    target, letters = sound_key(target_words), "".join(target_words)
    if not target:
        return None
    allowed_edits = max(1, len(letters) // 5)
    for start in range(len(heard_words)):
        for end in range(start + 1, len(heard_words) + 1):
            span = heard_words[start:end]
            key = sound_key(span)
            if key == target and Levenshtein.distance("".join(span), letters) <= allowed_edits:
                return start, end
            if len(key) > len(target):
                break
    return None


def sounds_within(phrase: str, heard: str) -> bool:
    return find_spoken(phrase, heard) is not None


def respell(heard: str, phrase: str, span: tuple[int, int]) -> str:
    """`heard` with the words in `span` replaced by the phrase's spelling."""
    words = first_spoken_form(heard).split()
    return " ".join(words[: span[0]] + first_spoken_form(phrase).split() + words[span[1] :])
