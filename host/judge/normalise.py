"""Rule 1: both sides to plain tokens; filler words removed from what was heard.

Card entries go through `card_tokens` (cached: a deck is judged many times);
heard text goes through `heard_variants`, which also yields the version with
the speaker's filler removed ("um i think it's canberra" -> canberra).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from host.judge.lexicon import is_hesitation_word, lexicon
from host.judge.numbers import canonical_numbers, number_words, roman_value
from host.word_sounds import spelt_as_a_hum

BRACKETED = re.compile(r"\[[^\]]*\]|<[^>]*>")  # recognizer tags like [unk], <noise>
QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})
# Letters that Unicode does not decompose into a base letter and an accent.
OTHER_LETTERS = str.maketrans(
    {"ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i"}
)
NOT_WORD = re.compile(r"[^a-z0-9.']+")
LONE_DOT = re.compile(r"(?<!\d)\.|\.(?!\d)")
MINUS_SIGN = re.compile(r"(?<![\w.])[-−–](?=\d)")  # "-40", not "1939-1945"
# "double u double u two" spells WW2 (Whisper may write the last "u2")
SPOKEN_W = re.compile(r"\bdouble (?:u|you)(?![a-z])")
# A letter abbreviation glued to its number: "ww2", "wwii" -> "ww 2", "ww ii"
GLUED_NUMBER = re.compile(r"^([a-z]+?)(\d+|i{1,3}|iv|vi{0,3}|ix|x)$")


@dataclass(frozen=True)
class Tokens:
    """One way of reading a text: tokens with and without the leading article."""

    with_articles: tuple[str, ...]
    tokens: tuple[str, ...]
    penalty: float = 0.0  # cost of the reading (filler removed, qualifier dropped)
    note: str = ""

    @property
    def text(self) -> str:
        return " ".join(self.tokens)


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _expand_contractions(text: str) -> str:
    lex = lexicon()
    for short, full in lex.contractions.items():
        if short in text:
            text = re.sub(rf"\b{re.escape(short)}\b", full, text)
    text = re.sub(r"(\w)'s\b", r"\1", text)  # possessive: "jackson's" -> "jackson"
    text = re.sub(r"s'(?=\s|$)", "s", text)
    return text.replace("'", "")


def basic_tokens(text: str) -> list[str]:
    """Case, accents, quotes, punctuation, contractions, abbreviations."""
    lex = lexicon()
    text = strip_accents(text.casefold()).translate(QUOTES).translate(OTHER_LETTERS)
    text = BRACKETED.sub(" ", text)
    text = text.replace("&", " and ")
    text = MINUS_SIGN.sub(" minus ", text)
    text = SPOKEN_W.sub("w", text)
    text = _expand_contractions(text)
    text = NOT_WORD.sub(" ", text)
    text = LONE_DOT.sub(" ", text)
    return [lex.abbreviations.get(token, token) for token in text.split()]


def expand_letter_abbreviations(tokens: list[str]) -> list[str]:
    """Spelled or written letter abbreviations as their words: 'ww 2', 'wwii' -> world war 2.
    Before a number, a letter said once too often is the abbreviation too:
    Whisper writes "double u double u two" as "w w w 2" or "www2"."""
    table = lexicon().letter_abbreviations
    out: list[str] = []
    for index, token in enumerate(tokens):
        glued = GLUED_NUMBER.match(token)
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        letters = _abbreviation(glued.group(1), table) if glued else None
        before_a_number = _abbreviation(token, table) if _is_a_number(following) else None
        if glued and letters:
            out += [*table[letters], glued.group(2)]
        elif before_a_number:
            out += table[before_a_number]
        else:
            out += table.get(token, (token,))
    return out


def _is_a_number(token: str) -> bool:
    """Digits, a Roman numeral or a number word ("2", "ii", "two")."""
    return bool(token) and (
        token[0].isdigit()
        or roman_value(token) is not None
        or (token in number_words("en") and token not in ("and", "point", "o", "oh"))
    )


def _abbreviation(letters: str, table: dict[str, tuple[str, ...]]) -> str | None:
    """The table's abbreviation the letters are, or repeat a letter of ("www": ww)."""
    if letters in table:
        return letters
    if len(letters) > 2 and len(set(letters)) == 1:
        return next(
            (key for key in table if set(key) == set(letters) and len(key) < len(letters)), None
        )
    return None


def join_letter_runs(tokens: list[str]) -> list[str]:
    """Letters spelled out are one word: 'u s a' -> usa, 'm a s h' -> mash; a
    letter said again glued to a number ends the run: 'w w2' -> ww2 (Whisper's
    "double u double u2")."""
    out: list[str] = []
    run: list[str] = []
    for token in tokens + [""]:
        if len(token) == 1 and token.isalpha():
            run.append(token)
            continue
        if run and token[:1] == run[-1] and token[1:].isdigit():
            out.append("".join(run) + token)
            run = []
            continue
        if len(run) >= 2:
            out.append("".join(run))
        else:
            out.extend(run)
        run = []
        if token:
            out.append(token)
    return out


@functools.lru_cache(maxsize=8)
def _edge_words(phrases: tuple[tuple[str, ...], ...], leading: bool) -> frozenset[str]:
    """The words the phrases start (or end) with: a quick test before trying them all."""
    return frozenset(phrase[0] if leading else phrase[-1] for phrase in phrases)


def _strip_phrases(
    tokens: list[str], phrases: tuple[tuple[str, ...], ...], leading: bool
) -> list[str]:
    edge_words = _edge_words(phrases, leading)
    changed = True
    while changed and tokens and tokens[0 if leading else -1] in edge_words:
        changed = False
        for phrase in phrases:
            size = len(phrase)
            if size < len(tokens):
                part = tokens[:size] if leading else tokens[-size:]
                if tuple(part) == phrase:
                    tokens = tokens[size:] if leading else tokens[:-size]
                    changed = True
                    break
    return tokens


def strip_fillers(tokens: list[str]) -> list[str]:
    """Remove hesitations anywhere, and filler phrases at either end.

    A filler is only removed when something remains after it, so an answer
    that is itself a filler word is left for the matcher to judge.
    """
    lex = lexicon()
    tokens = [token for token in tokens if not is_hesitation_word(token)]
    if _a_word_then_a_clause(tokens, lex.leading_fillers):
        tokens = tokens[1:]
    tokens = _strip_phrases(tokens, lex.leading_fillers, leading=True)
    return _strip_phrases(tokens, lex.trailing_fillers, leading=False)


CLAUSE = 3  # words of a lead-in that is a clause of its own ("i think it is")


def _a_word_then_a_clause(tokens: list[str], phrases: tuple[tuple[str, ...], ...]) -> bool:
    """One word, then a lead-in of a clause's length: the word was a hesitation
    Whisper wrote as a word ("though i think it's canberra", "am i think it's
    canberra" for "um, I think it's Canberra")."""
    return any(
        len(phrase) >= CLAUSE and tuple(tokens[1 : 1 + len(phrase)]) == phrase
        for phrase in phrases
        if len(phrase) + 1 < len(tokens)
    )


def strip_leading_articles(tokens: list[str]) -> list[str]:
    articles = lexicon().articles
    while len(tokens) > 1 and tokens[0] in articles:
        tokens = tokens[1:]
    return tokens


def _finish(tokens: list[str], lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    tokens = canonical_numbers(expand_letter_abbreviations(join_letter_runs(tokens)), lang)
    return tuple(tokens), tuple(strip_leading_articles(tokens))


# Bounded small so an evening's memory stays flat (bench/soak.py).
@functools.lru_cache(maxsize=2048)
def card_tokens(text: str, lang: str = "en") -> Tokens:
    """A card entry as tokens (no filler removal: cards do not hum)."""
    with_articles, tokens = _finish(basic_tokens(text), lang)
    return Tokens(with_articles, tokens)


FILLER_PENALTY = 0.02


@functools.lru_cache(maxsize=2048)
def heard_variants(text: str, lang: str = "en") -> tuple[Tokens, ...]:
    """Readings of what was heard: as said, with filler removed, and with a
    word written twice in a row written once (`_repeats_dropped`)."""
    raw = [token for token in basic_tokens(_hums_dropped(text)) if not is_hesitation_word(token)]
    readings = [Tokens(*_finish(raw, lang))]
    stripped = strip_fillers(raw)
    if stripped != raw and stripped:
        readings.append(Tokens(*_finish(stripped, lang), penalty=FILLER_PENALTY, note="filler"))
    once = _repeats_dropped(stripped or raw)
    if once != (stripped or raw):
        readings.append(Tokens(*_finish(once, lang), penalty=FILLER_PENALTY, note=REPEAT))
    return tuple(reading for reading in readings if reading.tokens)


REPEAT = "repeat"


def _repeats_dropped(tokens: list[str]) -> list[str]:
    """A word written twice in a row, once: recognizers write a drawn-out
    or stumbled word twice (flite slt's "George W. Bush" was "george w w
    bush", whose letters then join as "ww", World War). The words as heard
    stay a reading of their own ("bora bora", "w w two")."""
    return [token for at, token in enumerate(tokens) if at == 0 or token != tokens[at - 1]]


def _hums_dropped(text: str) -> str:
    """Without the hums Whisper spells letter by letter ("h-n-n saturn" for
    flite awb's "hmm ... Saturn"), which tokenizing would split into letters."""
    words = text.split()
    kept = [w for w in words if not ("-" in w and spelt_as_a_hum(w.strip(".,!?").casefold()))]
    return " ".join(kept) if len(kept) < len(words) else text


def heard_key(text: str, lang: str = "en") -> str:
    """One canonical string for a heard answer (used to remember table rulings)."""
    variants = [v for v in heard_variants(text, lang) if v.note != REPEAT]
    return variants[-1].text if variants else ""
