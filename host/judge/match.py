"""Finding the card form a heard answer reads as (rules 1, 2, 5, 11).

Every reading of the heard text (as said, without filler, without a trailing
country) is aligned with every form of every card entry; the cheapest wins.
Costs order the kinds of match: exact with articles < exact < aligned with
slips, dropped generic words or another word order.
"""

from __future__ import annotations

from host.judge import forms as F
from host.judge.align import DROP_COST, align, align_any_order
from host.judge.lexicon import lexicon
from host.judge.model import AnswerFields
from host.judge.normalise import Tokens, heard_variants, strip_leading_articles

EXACT_WITH_ARTICLES = 0.0
EXACT = 0.05
ALIGNED = 0.1  # base cost of anything found by alignment
QUALIFIER_COST = 0.3  # "canberra australia": a country added after a place
SERIES_COST = 0.3  # "star wars the empire strikes back": a series named before a title
FIELD_RANK = {"reject": 0, "prompt": 1, "answer": 2, "accept": 2}


def _droppable(kind: str) -> tuple[frozenset[str], frozenset[str]]:
    """Words that may be left out of the card's entry, or added to it, without changing it."""
    lex = lexicon()
    if kind == "person":  # names carry no generic words ("the planet mercury" is no singer)
        return lex.articles | lex.particles, lex.articles
    return lex.generic | lex.articles, lex.generic | lex.articles


def bare_name(tokens: tuple[str, ...]) -> tuple[str, ...]:
    """A person's name without leading titles or a trailing Jr./Sr. ("sir isaac newton")."""
    lex = lexicon()
    start, end = 0, len(tokens)
    while end - start > 1 and tokens[start] in lex.titles:
        start += 1
    while end - start > 1 and tokens[end - 1] in lex.name_suffixes:
        end -= 1
    return tokens[start:end]


SHORT_NAME = 3


def _letters(form: F.Form) -> bool:
    """A well-known name that is a few letters ("oz", "nyc", "mj"): no slips allowed."""
    words = form.tokens.tokens
    return form.role == F.KNOWN_AS and len(words) == 1 and len(words[0]) <= SHORT_NAME


def form_cost(heard: Tokens, form: F.Form, kind: str) -> float | None:
    """How cheaply a reading of what was heard reads as one form of a card entry."""
    card = form.tokens
    if form.role == F.INITIALS or _letters(form):  # exact or nothing ("lay" is not L.A.)
        return EXACT if heard.tokens == card.tokens else None
    if heard.with_articles == card.with_articles:
        return EXACT_WITH_ARTICLES
    if heard.tokens == card.tokens:
        return EXACT
    heard_words, card_words, penalty = heard.tokens, card.tokens, 0.0
    if kind == "person":
        heard_words, card_words = bare_name(heard_words), bare_name(card_words)
        if (heard_words, card_words) != (heard.tokens, card.tokens):
            penalty = DROP_COST  # a title or Jr. added or left out
            if heard_words == card_words:
                return EXACT + penalty
    droppable_card, droppable_heard = _droppable(kind)
    cost = align(heard_words, card_words, droppable_card, droppable_heard)
    if cost is None:
        cost = align_any_order(heard_words, card_words, droppable_card, droppable_heard)
    return None if cost is None else ALIGNED + penalty + cost


MIN_NAME_LETTERS = 6


def generic_left_out(heard: tuple[str, ...], card: tuple[str, ...]) -> str | None:
    """The generic word left out, when what remains is one short word.

    "the pacific" for the Pacific Ocean names the ocean; "north" for the North
    Sea or "long" for Long Island does not: the host asks for the whole name.
    """
    lex = lexicon()
    missing = [word for word in card if word in lex.generic and word not in heard]
    if not missing:
        return None
    left = [word for word in heard if word not in lex.generic and word not in lex.articles]
    if len(left) == 1 and len(left[0]) < MIN_NAME_LETTERS:
        return missing[0]
    return None


def _without_qualifier(reading: Tokens) -> Tokens | None:
    """'canberra australia' -> 'canberra': a place may be followed by its country."""
    lex = lexicon()
    words = reading.tokens
    if not words or words[-1] not in lex.qualifier_last_words:
        return None
    for qualifier in lex.qualifiers:
        size = len(qualifier)
        if len(words) > size and words[-size:] == qualifier:
            rest = words[:-size]
            if len(rest) > 1 and rest[-1] == "in":  # "florence in italy"
                rest = rest[:-1]
            elif len(rest) > 1 and rest[-1] == "and":
                rest = rest[:-1]
                if _two_places_named(rest, qualifier):
                    return None
            return Tokens(rest, rest, reading.penalty + QUALIFIER_COST, "qualifier")
    return None


def _two_places_named(place: tuple[str, ...], qualifier: tuple[str, ...]) -> bool:
    """Whether 'place and qualifier' names two places rather than one place in
    another: "mali and niger" is two answers, but "the river nile and egypt",
    "brazil and south america" is Whisper's spelling of "in" (11 of 88 "… in
    <country>" on the spoken dev set). A place within a continent, or a place
    that is no country, state or continent, is taken as in it."""
    lex = lexicon()
    if qualifier in lex.continental_qualifiers:
        return False
    return place in lex.qualifiers


def _without_series(reading: Tokens) -> Tokens | None:
    """'james bond goldfinger' -> 'goldfinger': a title may follow its series' name."""
    words = reading.with_articles
    for series in lexicon().series_names:
        size = len(series)
        if len(words) > size and words[:size] == series:
            rest = words[size:]
            bare = tuple(strip_leading_articles(list(rest)))
            return Tokens(rest, bare, reading.penalty + SERIES_COST, "series")
    return None


def readings(text: str, kind: str) -> list[Tokens]:
    """Every way of reading what was heard: as said, without filler, without a country."""
    out = list(heard_variants(text))
    if kind == "place":
        out += [q for q in map(_without_qualifier, list(out)) if q is not None]
    if kind == "title":
        out += [s for s in map(_without_series, list(out)) if s is not None]
    return out


def best_form(text: str, fields: AnswerFields) -> tuple[float, F.Form, Tokens] | None:
    """The card form the heard text reads as most cheaply; a listed near miss wins a tie,
    and an entry as written beats a derived form (surname, first name) at the same cost."""
    best = None
    best_key = None
    for reading in readings(text, fields.kind):
        for form in F.card_forms(fields):
            cost = form_cost(reading, form, fields.kind)
            if cost is None:
                continue
            cost += reading.penalty
            key = (round(cost, 6), form.role != F.FULL, FIELD_RANK[form.field])
            if best_key is None or key < best_key:
                best, best_key = (cost, form, reading), key
    return best
