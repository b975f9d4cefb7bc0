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


class CompetitorPool:
    """The decks' answers by kind, read once (a game builds one and asks it
    for each question's competitors)."""

    def __init__(self, pool: Iterable[AnswerFields]):
        self._by_kind: dict[str, dict[tuple[str, ...], tuple[str, str]]] = {}
        for other in pool:
            answers = self._by_kind.setdefault(other.kind, {})
            key = card_tokens(other.answer).tokens
            if key not in answers:
                answers[key] = (other.answer, _code(other.answer))

    def competitors(self, fields: AnswerFields, most: int = MOST) -> tuple[str, ...]:
        """Answers of the card's kinds (`kinds_of`), not on the card, closest
        in sound first."""
        own = {card_tokens(e).tokens for e in (fields.answer, *fields.accept, *fields.prompt)}
        target = _code(fields.answer)
        rivals = [
            (jellyfish.levenshtein_distance(code, target), answer)
            for key, (answer, code) in self._of_kinds(fields).items()
            if key not in own
        ]
        rivals.sort(key=lambda rival: rival[0])  # stable: deck order among equals
        return tuple(answer for _, answer in rivals[:most])

    def kinds_of(self, fields: AnswerFields) -> tuple[str, ...]:
        """The card's kind; for a card of no kind ("text", the default: an
        imported deck gives none), also each kind the decks file the same
        answer under ("Venus" as a place, so "Mars" is a whole answer too)."""
        if fields.kind != "text":
            return (fields.kind,)
        key = card_tokens(fields.answer).tokens
        filed = sorted(kind for kind, answers in self._by_kind.items() if key in answers)
        return ("text", *(kind for kind in filed if kind != "text"))

    def whole_answers(self, fields: AnswerFields) -> tuple[str, ...]:
        """Every answer in the decks of the card's kinds (`kinds_of`): a
        player who says one has said a whole answer, right or wrong."""
        return tuple(answer for answer, _code in self._of_kinds(fields).values())

    def _of_kinds(self, fields: AnswerFields) -> dict[tuple[str, ...], tuple[str, str]]:
        """The answers of the card's kinds, each once, in deck order by kind."""
        answers: dict[tuple[str, ...], tuple[str, str]] = {}
        for kind in self.kinds_of(fields):
            for key, entry in self._by_kind.get(kind, {}).items():
                answers.setdefault(key, entry)
        return answers


def competitors(
    fields: AnswerFields, pool: Iterable[AnswerFields], most: int = MOST
) -> tuple[str, ...]:
    """Answers in `pool` of the card's kinds, not on the card, closest in sound first."""
    return CompetitorPool(pool).competitors(fields, most)
