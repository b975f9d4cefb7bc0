"""The forms a card's entries can be said in, each with the role it plays.

Besides every entry as written, a person's answer can be said as the surname
alone (rule 4), the first name alone (never enough), or first name and surname
without the middle names; a title with a subtitle ("Star Wars: Episode IV -
A New Hope") by its distinctive parts.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from host.judge.lexicon import lexicon
from host.judge.model import AnswerFields
from host.judge.normalise import Tokens, card_tokens
from host.judge.numbers import is_number

SUBTITLE_SPLIT = re.compile(r"\s*:\s+|\s+[-–—]\s+")

# Roles of a form
FULL = "full"  # the entry itself
SURNAME = "surname"  # a person's surname alone
FIRST_NAME = "first-name"  # a person's first name alone
NO_MIDDLE_INITIAL = "no-middle-initial"
NO_MIDDLE_NAME = "no-middle-name"
SUBTITLE = "subtitle"  # the distinctive part of a title
SERIES = "series"  # the series part of a title
KNOWN_AS = "known-as"  # a well-known other name (data/also_known_as.yaml)
INITIALS = "initials"  # the initials of a name of several words ("l a", "nyc")
INITIALS_SKIP = frozenset({"of", "and", "the", "a", "an"})


@dataclass(frozen=True)
class Form:
    tokens: Tokens
    field: str  # answer | accept | prompt | reject
    entry: str  # the card entry as written
    role: str = FULL


def _entries(fields: AnswerFields) -> Iterator[tuple[str, str]]:
    yield "answer", fields.answer
    for name in ("accept", "prompt", "reject"):
        for entry in getattr(fields, name):
            yield name, entry


def _plain(tokens: tuple[str, ...]) -> Tokens:
    return Tokens(tokens, tokens)


def person_forms(field: str, entry: str) -> list[Form]:
    """Surname, first name, and first + surname forms of a person's name."""
    lex = lexicon()
    words = list(card_tokens(entry).tokens)
    while words and words[0] in lex.titles:
        words = words[1:]
    while words and words[-1] in lex.name_suffixes:
        words = words[:-1]
    if len(words) < 2 or any(is_number(w) for w in words):
        return []  # one name, or a regnal name like "henry 8": no surname to speak of
    start = len(words) - 1
    while start > 1 and words[start - 1] in lex.particles:
        start -= 1
    surname = tuple(words[start:])
    forms = [Form(_plain(surname), field, entry, SURNAME)]
    if len(surname) > 1:
        forms.append(Form(_plain(surname[-1:]), field, entry, SURNAME))
    # a double surname, or a middle name with the surname, is still the
    # surname alone ("garcia marquez", "quincy adams"): right, not specific
    forms += [Form(_plain(tuple(words[i:])), field, entry, SURNAME) for i in range(1, start)]
    forms.append(Form(_plain((words[0],)), field, entry, FIRST_NAME))
    middle = words[1:start]
    if middle:
        role = NO_MIDDLE_INITIAL if all(len(w) == 1 for w in middle) else NO_MIDDLE_NAME
        forms.append(Form(_plain((words[0],) + surname), field, entry, role))
    return forms


def subtitle_forms(field: str, entry: str) -> list[Form]:
    """Runs of a title's parts: the first part alone is vague, any other run is right."""
    parts = [p for p in SUBTITLE_SPLIT.split(entry) if p.strip()]
    if len(parts) < 2:
        return []
    forms = []
    for first in range(len(parts)):
        for last in range(first, len(parts)):
            if first == 0 and last == len(parts) - 1:
                continue
            text = " ".join(parts[first : last + 1])
            role = SERIES if (first, last) == (0, 0) else SUBTITLE
            forms.append(Form(card_tokens(text), field, entry, role))
    return forms


def remainder_forms(fields: AnswerFields) -> list[Form]:
    """When a card marks the start of its answer as vague ("Harry Potter" for
    "Harry Potter and the Deathly Hallows"), the rest is the distinctive part."""
    lex = lexicon()
    joiners = lex.articles | {"and", "of"}
    forms = []
    for vague in fields.prompt:
        head = card_tokens(vague).tokens
        for field, entry in [("answer", fields.answer)] + [("accept", a) for a in fields.accept]:
            words = card_tokens(entry).tokens
            if len(words) <= len(head) or words[: len(head)] != head:
                continue
            rest = list(words[len(head) :])
            while rest and rest[0] in joiners:
                rest = rest[1:]
            content = [w for w in rest if w not in joiners and not is_number(w)]
            if len(content) >= 2:
                forms.append(Form(card_tokens(" ".join(rest)), field, entry, SUBTITLE))
    return forms


@functools.lru_cache(maxsize=1)
def _known_as() -> dict[tuple[str, ...], tuple[str, ...]]:
    """The also-known-as table keyed by the normalised name."""
    table: dict[tuple[str, ...], tuple[str, ...]] = {}
    for name, others in lexicon().also_known_as.items():
        key = card_tokens(name).tokens
        table[key] = table.get(key, ()) + others
    return table


def known_as(entry: str) -> tuple[str, ...]:
    """The lexicon's well-known other names of one entry, the usual one first."""
    return _known_as().get(card_tokens(entry).tokens, ())


def known_names(fields: AnswerFields) -> tuple[str, ...]:
    """The well-known other names of the card's answer and accept entries, as
    the lexicon writes them: the right answers a recognizer should be told
    of. (A wrong answer's name would be ruled wrong however it was heard.)"""
    entries = (fields.answer, *fields.accept)
    names = (name for entry in entries for name in known_as(entry))
    on_the_card = {e.casefold() for _, e in _entries(fields)}
    return tuple(n for n in dict.fromkeys(names) if n.casefold() not in on_the_card)


def known_as_forms(field: str, entry: str) -> list[Form]:
    """Well-known other names of an entry ("the big apple" for New York City)."""
    return [Form(card_tokens(other), field, entry, KNOWN_AS) for other in known_as(entry)]


def initials_form(field: str, entry: str) -> list[Form]:
    """'la' for Los Angeles: the first letters of a name of two to four words."""
    words = [w for w in card_tokens(entry).tokens if w not in INITIALS_SKIP]
    if not 2 <= len(words) <= 4 or not all(w.isalpha() for w in words):
        return []
    return [Form(_plain(("".join(w[0] for w in words),)), field, entry, INITIALS)]


# Bounded small so an evening's memory stays flat (bench/soak.py).
@functools.lru_cache(maxsize=1024)
def card_forms(fields: AnswerFields) -> tuple[Form, ...]:
    """Every form of every entry on the card (cached per card)."""
    forms: list[Form] = []
    for field, entry in _entries(fields):
        forms.append(Form(card_tokens(entry), field, entry))
    for field, entry in _entries(fields):
        if field in ("answer", "accept"):
            if fields.kind == "person":
                forms.extend(person_forms(field, entry))
            if fields.kind in ("title", "text"):
                forms.extend(subtitle_forms(field, entry))
    forms.extend(remainder_forms(fields))
    for field, entry in _entries(fields):
        if field != "prompt":
            forms.extend(known_as_forms(field, entry))
        if field in ("answer", "accept") and fields.kind != "person":
            forms.extend(initials_form(field, entry))
    return tuple(f for f in forms if f.tokens.tokens)
