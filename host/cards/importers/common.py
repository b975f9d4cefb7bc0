"""What every importer shares: imported questions, grouping them into
six-category cards, and writing the result as a deck file (decks/FORMAT.md)."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from host.cards.check import normalised
from host.cards.deck import CATEGORIES, Card, Deck, Question, parse_deck


@dataclass(frozen=True)
class ImportedQuestion:
    where: str  # "item 3", "line 7": for messages
    question: Question
    year: int | None = None


@dataclass
class ReadResult:
    questions: list[ImportedQuestion] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # malformed input: nothing is written
    skipped: Counter[str] = field(default_factory=Counter)  # reason -> how many questions


@dataclass
class Grouping:
    cards: list[Card]
    leftovers: Counter[
        tuple[int | None, str]
    ]  # (year or None, category) -> questions not on a card
    duplicates: list[str]  # "line 9 repeats line 3"


def guess_kind(answer: str, question_text: str) -> str:
    """Number and year answers need exact judging (docs/judge.md, rule 3)."""
    if re.fullmatch(r"\d{4}", answer) and "year" in question_text.lower():
        return "year"
    if re.fullmatch(r"-?\d+(?:[.,]\d+)?", answer):
        return "number"
    return "text"


def group_into_cards(questions: list[ImportedQuestion], id_prefix: str, deck_name: str) -> Grouping:
    """Cards in input order: card n takes the n-th question of each category
    (of the same year, for Ruby cards). What does not fill a card is left over."""
    seen: dict[str, str] = {}
    duplicates = []
    queues: dict[int | None, dict[str, list[Question]]] = defaultdict(lambda: defaultdict(list))
    for item in questions:
        key = normalised(item.question.text)
        if key in seen:
            duplicates.append(f"{item.where} repeats {seen[key]}")
            continue
        seen[key] = item.where
        queues[item.year][item.question.category].append(item.question)

    cards: list[Card] = []
    leftovers: Counter[tuple[int | None, str]] = Counter()
    for year in sorted(queues, key=lambda y: (y is not None, y or 0)):
        by_category = queues[year]
        full_cards = min(len(by_category[c]) for c in CATEGORIES)
        for n in range(full_cards):
            card_id = f"{id_prefix}-{len(cards) + 1:04d}"
            cards.append(Card(card_id, {c: by_category[c][n] for c in CATEGORIES}, year, deck_name))
        for category in CATEGORIES:
            if len(by_category[category]) > full_cards:
                leftovers[(year, category)] = len(by_category[category]) - full_cards
    return Grouping(cards, leftovers, duplicates)


def question_to_data(question: Question) -> dict[str, Any]:
    """The question's fields as a deck file writes them, defaults left out."""
    data: dict[str, Any] = {"text": question.text, "answer": question.answer}
    for name in ("accept", "prompt", "reject"):
        if getattr(question, name):
            data[name] = list(getattr(question, name))
    if question.kind not in ("text", "true_false"):
        data["kind"] = question.kind
    if question.true_false:
        data["true_false"] = True
    for name in ("say", "say_answer", "difficulty"):
        if getattr(question, name):
            data[name] = getattr(question, name)
    return data


def deck_to_data(deck: Deck) -> dict[str, Any]:
    cards = []
    for card in deck.cards:
        entry: dict[str, Any] = {"id": card.id}
        if card.year is not None:
            entry["year"] = card.year
        entry["questions"] = {c: question_to_data(card.questions[c]) for c in CATEGORIES}
        cards.append(entry)
    return {"name": deck.name, "language": deck.language, "kind": deck.kind, "cards": cards}


class _DeckDumper(yaml.SafeDumper):
    """Indented like decks/FORMAT.md, lists of answers in one line ([Sydney, Melbourne])."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        return super().increase_indent(flow, False)


def _represent_list(dumper: yaml.SafeDumper, items: list[object]) -> yaml.Node:
    flow = all(isinstance(i, str) for i in items)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", items, flow_style=flow)


_DeckDumper.add_representer(list, _represent_list)


def deck_text(deck: Deck, as_json: bool = False) -> str:
    data = deck_to_data(deck)
    problems = parse_deck(data, "import").errors  # what we write must load
    assert not problems, problems
    if as_json:
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    return yaml.dump(data, Dumper=_DeckDumper, sort_keys=False, allow_unicode=True, width=100)


def write_deck(deck: Deck, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(deck_text(deck, path.suffix.lower() == ".json"), encoding="utf-8")
