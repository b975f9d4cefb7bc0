"""Numbers in any spoken or written form become digits (rule 3).

"nineteen sixty nine" -> 1969, "ten sixty six" -> 1066, "four five one" -> 451,
"the second world war" -> 2 world war, "Henry VIII" / "henry the eighth" -> henry 8,
"minus forty" / "negative forty" / "forty below zero" / "-40" -> -40, "a dozen" -> 12.
text2num does the word-to-digit work and knows English and German; the rest
(Roman numerals, ordinals, digit groups read in pairs) is language-neutral.
"""

from __future__ import annotations

import functools
import re

from text_to_num import alpha2digit

ROMAN = re.compile(r"^(x{0,3})(ix|iv|v?i{0,3})$")
ORDINAL_SUFFIX = re.compile(r"^(\d+)(?:st|nd|rd|th|e|er|te|ter)$")
INTEGER = re.compile(r"^\d+$")
NUMBER = re.compile(r"^-?\d+(?:\.\d+)?$")
UNSIGNED = re.compile(r"^\d+(?:\.\d+)?$")
SIGN_WORDS = frozenset({"minus", "negative"})  # also what normalise makes of a written "-40"
BELOW_ZERO = ("below", "0")
DOZEN = 12


def roman_value(token: str) -> int | None:
    """The value of a Roman numeral up to XXXIX, else None: in a name's
    words ("henry viii") a larger one is too often a word ("mix", "di")."""
    return any_roman_value(token) if token and ROMAN.match(token) else None


FULL_ROMAN = re.compile(r"^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


def any_roman_value(token: str) -> int | None:
    """The value of any Roman numeral ("mcmlxix" 1969), else None. Only for a
    token already known to stand for a number: "mix" and "di" are numerals too."""
    if not token or not FULL_ROMAN.match(token):
        return None
    values = [ROMAN_VALUES[char] for char in token]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0]))


@functools.lru_cache(maxsize=4)
def number_words(lang: str) -> frozenset[str]:
    """Words that may start or continue a spoken number, to skip text2num when none occur."""
    from num2words import num2words  # here, not at import: 30 ms before the host's first word

    words: set[str] = {
        "zero",
        "o",
        "oh",
        "hundred",
        "thousand",
        "million",
        "billion",
        "point",
        "and",
    }
    for n in range(0, 101):
        for form in (num2words(n, lang=lang), num2words(n, lang=lang, to="ordinal")):
            words.update(re.split(r"[\s-]+", form))
    words.update(w + "s" for w in list(words))  # "sixties", "thousands"
    return frozenset(words)


def convert_romans(tokens: list[str]) -> list[str]:
    """Roman numerals after a word ("henry viii", "world war i") become digits.

    A lone "i" or "v" counts only at the end of a name or before "of"
    ("Henry V", "Henry I of England"), so the pronoun is left alone; a lone
    "x" is too often the letter to convert.
    """
    out = []
    for index, token in enumerate(tokens):
        value = roman_value(token) if index > 0 else None
        if value and len(token) == 1:
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            if token == "x" or following not in (None, "of", "and"):
                value = None
        out.append(str(value) if value else token)
    return out


def join_digit_groups(tokens: list[str]) -> list[str]:
    """Digit groups said one after another are one number: 19 69 -> 1969,
    4 5 1 -> 451; a group that fits in the zeros of the one before is added
    to it, as a recognizer writes number words: 200 6 and 200 and 6 -> 206,
    1900 69 -> 1969 (but 20 20 -> 2020)."""
    out: list[str] = []
    at = 0
    while at < len(tokens):
        token = tokens[at]
        previous = out[-1] if out and INTEGER.match(out[-1]) else None
        if previous and token == "and" and at + 1 < len(tokens):
            following = tokens[at + 1]
            if INTEGER.match(following) and _fits_in_zeros(previous, following):
                out[-1] = str(int(previous) + int(following))
                at += 2
                continue
        if previous and INTEGER.match(token):
            fits = _fits_in_zeros(previous, token)
            out[-1] = str(int(previous) + int(token)) if fits else previous + token
        else:
            out.append(token)
        at += 1
    return out


def _fits_in_zeros(number: str, following: str) -> bool:
    zeros = len(number) - len(number.rstrip("0"))
    if not zeros or not number.strip("0") or following.startswith("0"):
        return False  # "0 0 7" is 007; "2000 05" is not said as a sum
    return len(following) <= zeros  # fewer digits than the zeros: below their power of ten


def drop_regnal_the(tokens: list[str]) -> list[str]:
    """'henry the 8' is 'henry 8': drop 'the' between a word and a number."""
    out = []
    for index, token in enumerate(tokens):
        if (
            token == "the"
            and 0 < index < len(tokens) - 1
            and NUMBER.match(tokens[index + 1])
            and not NUMBER.match(tokens[index - 1])
        ):
            continue
        out.append(token)
    return out


def _words_to_digits(tokens: list[str], vocabulary: frozenset[str], lang: str) -> list[str]:
    """text2num over the tokens, except a letter "o" that is not a spoken zero.

    "nineteen o five" is 1905, but the "o" of "h two o" is oxygen: an "o" counts
    as zero only when a number word follows it.
    """
    out: list[str] = []
    segment: list[str] = []
    for index, token in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if token in ("o", "oh") and (
            following not in vocabulary or following in ("o", "oh", "and")
        ):
            if segment:
                out += alpha2digit(" ".join(segment), lang, threshold=0).split()
            out.append(token)
            segment = []
        else:
            segment.append("o" if token == "oh" else token)
    if segment:
        out += alpha2digit(" ".join(segment), lang, threshold=0).split()
    return out


def signed_numbers(tokens: list[str]) -> list[str]:
    """'minus 40' and '40 below 0' -> -40: a sign is part of the number (rule 3)."""
    out: list[str] = []
    at = 0
    while at < len(tokens):
        token = tokens[at]
        following = tokens[at + 1] if at + 1 < len(tokens) else ""
        if token in SIGN_WORDS and UNSIGNED.match(following):
            out.append("-" + following)
            at += 2
        elif UNSIGNED.match(token) and tuple(tokens[at + 1 : at + 3]) == BELOW_ZERO:
            out.append("-" + token)
            at += 3
        else:
            out.append(token)
            at += 1
    return out


def dozens(tokens: list[str]) -> list[str]:
    """'a dozen' -> 12, 'two dozen' -> 24 (the article belongs to the number)."""
    out: list[str] = []
    for token in tokens:
        if token not in ("dozen", "dozens"):
            out.append(token)
            continue
        count = 1
        if out and out[-1] == "a":
            out.pop()
        elif out and INTEGER.match(out[-1]):
            count = int(out.pop())
        out.append(str(count * DOZEN))
    return out


# Fractions said in words, after a whole number ("two and a half") or alone
# ("a half", "three quarters"): (the fraction's words, its value).
FRACTIONS = (
    (("a", "half"), 0.5),
    (("one", "half"), 0.5),
    (("1", "half"), 0.5),
    (("a", "quarter"), 0.25),
    (("one", "quarter"), 0.25),
    (("1", "quarter"), 0.25),
    (("3", "quarters"), 0.75),
)


def fractions(tokens: list[str]) -> list[str]:
    """'2 and a half' -> 2.5, and as the whole answer 'a half' -> 0.5, '3
    quarters' -> 0.75 (digits already made of the words): a fraction is a
    number in any form (rule 3)."""
    out: list[str] = []
    index = 0
    while index < len(tokens):
        for words, value in FRACTIONS:
            size = len(words)
            if tuple(tokens[index : index + size]) != words:
                continue
            after_a_whole = len(out) >= 2 and out[-1] == "and" and bool(INTEGER.match(out[-2]))
            if not after_a_whole and len(tokens) != size:
                continue  # alone only as the whole answer: "a quarter pounder" is a name
            whole = float(out[-2]) if after_a_whole else 0.0
            if after_a_whole:
                del out[-2:]
            out.append(f"{whole + value:g}")
            index += size
            break
        else:
            out.append(tokens[index])
            index += 1
    return out


ZERO_WORDS = frozenset({"nought", "naught"})  # British zero, which text2num does not know


def _plain_number(token: str) -> str:
    """'12.0' -> '12', 'nought' -> '0': one number, one spelling."""
    if token in ZERO_WORDS:
        return "0"
    if re.fullmatch(r"-?\d+\.0+", token):
        return token.split(".")[0]
    return token


def canonical_numbers(tokens: list[str], lang: str = "en") -> list[str]:
    """Every number in the token list as plain digits; other words unchanged."""
    tokens = convert_romans(tokens)
    vocabulary = number_words(lang)
    if any(token in vocabulary for token in tokens):
        tokens = _words_to_digits(tokens, vocabulary, lang)
    tokens = [
        ORDINAL_SUFFIX.sub(r"\1", token) if token[:1].isdigit() else token for token in tokens
    ]
    tokens = [_plain_number(token) for token in tokens]
    return signed_numbers(drop_regnal_the(join_digit_groups(dozens(fractions(tokens)))))


def point_restored(text: str, expected: set[str]) -> str:
    """The text with the point of the card's decimal put back where the
    recognizer left it out: Whisper writes "minus two hundred seventy three
    point one five" as "minus 273 15". Only the card's own digits, so
    another number stays itself (and wrong)."""
    for number in expected:
        whole, point, fraction = number.lstrip("-").partition(".")
        if point:
            text = re.sub(rf"(?<![\d.]){whole}\s+{fraction}(?![\d.])", f"{whole}.{fraction}", text)
    return text


def is_number(token: str) -> bool:
    return bool(NUMBER.match(token))
