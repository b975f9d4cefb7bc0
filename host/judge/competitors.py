"""Competitors of a card's answer: other answers of the same kind from the
decks (people, places, titles, numbers), the ones that sound most like it
first. What a player says may be one of them; if free decoding reads as one,
the host heard another answer, not a garbled version of the card's."""

from __future__ import annotations

from collections.abc import Iterable

import jellyfish

from host.judge.model import AnswerFields
from host.judge.normalise import card_tokens

MOST = 30  # a grammar pass and a decision stay quick with a few dozen rivals


def _code(text: str) -> str:
    return "".join(jellyfish.metaphone(word) for word in card_tokens(text).tokens)


def competitors(
    fields: AnswerFields, pool: Iterable[AnswerFields], most: int = MOST
) -> tuple[str, ...]:
    """Answers in `pool` of the card's kind, not on the card, closest in sound first."""
    own = {card_tokens(e).tokens for e in (fields.answer, *fields.accept, *fields.prompt)}
    seen: set[tuple[str, ...]] = set()
    rivals: list[str] = []
    for other in pool:
        key = card_tokens(other.answer).tokens
        if other.kind != fields.kind or key in own or key in seen:
            continue
        seen.add(key)
        rivals.append(other.answer)
    target = _code(fields.answer)
    rivals.sort(key=lambda answer: jellyfish.levenshtein_distance(_code(answer), target))
    return tuple(rivals[:most])
