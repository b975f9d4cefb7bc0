"""Deck files (decks/FORMAT.md) -> Deck, Card and Question objects.

Parsing collects every structural problem instead of stopping at the first,
so `trivia-host deck check` can list them all; `load_deck` raises on the
first one. Content checks that need more than one card (duplicates, reject
lists, vocabulary) live in check.py.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from host.cards import deck_cache
from host.errors import UserError
from host.resources import shipped_decks_dir
from host.yaml_text import load_yaml, yaml_problem

CATEGORIES = ("geography", "entertainment", "history", "arts", "science", "sports")
ANSWER_KINDS = ("text", "person", "place", "title", "number", "year", "true_false")
DIFFICULTIES = ("easy", "medium", "hard")  # optional; tables may filter by it
DECK_KINDS = ("standard", "ruby")
RUBY_YEARS = range(1979, 2019)  # the Ruby edition's cards cover 1979-2018
TRUE_FALSE_ANSWERS = ("True", "False")
DECK_SUFFIXES = (".yaml", ".yml", ".json")

_DECK_FIELDS = {"name", "language", "kind", "cards"}
_CARD_FIELDS = {"id", "year", "questions"}
_QUESTION_FIELDS = {
    "text",
    "answer",
    "accept",
    "prompt",
    "reject",
    "kind",
    "true_false",
    "say",
    "say_answer",
    "difficulty",
}


@dataclass(frozen=True)
class Question:
    category: str
    text: str
    answer: str
    accept: tuple[str, ...] = ()
    prompt: tuple[str, ...] = ()
    reject: tuple[str, ...] = ()
    kind: str = "text"
    true_false: bool = False
    say: str | None = None
    say_answer: str | None = None
    difficulty: str | None = None  # one of DIFFICULTIES, or None when the deck does not say

    def answer_fields(self) -> dict[str, Any]:
        """What the answer judge needs (docs/judge.md, 'What a card's answer carries')."""
        return {
            "answer": self.answer,
            "accept": list(self.accept),
            "prompt": list(self.prompt),
            "reject": list(self.reject),
            "kind": self.kind,
        }

    @property
    def spoken_text(self) -> str:
        return self.say or self.text

    @property
    def spoken_answer(self) -> str:
        return self.say_answer or self.answer


@dataclass(frozen=True)
class Card:
    id: str
    questions: dict[str, Question]
    year: int | None = None
    deck: str = ""

    def question(self, category: str) -> Question:
        return self.questions[category]


@dataclass
class Deck:
    name: str
    language: str
    kind: str
    cards: list[Card]
    path: Path | None = None


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a deck, printed as 'FILE: card ID: field: problem'."""

    file: str
    card: str | None
    field: str
    message: str
    severity: str = "error"  # or "warning"

    def __str__(self) -> str:
        where = [self.file]
        if self.card is not None:
            where.append(f"card {self.card}")
        if self.field:
            where.append(self.field)
        text = ": ".join(where + [self.message])
        return f"{text} (warning)" if self.severity == "warning" else text


@dataclass
class ParseResult:
    """A deck holding the cards that parsed cleanly, and everything found wrong."""

    deck: Deck | None
    problems: list[Problem] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]


# --- reading files -----------------------------------------------------------


def read_deck_data(path: Path) -> Any:
    """The raw YAML/JSON content of a deck file; UserError if it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"{path}: no such deck file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot read deck file: {exc}") from None
    if path.suffix.lower() != ".json":
        kept = deck_cache.get(path, text)
        if kept is not None:
            return kept
    try:
        if path.suffix.lower() == ".json":
            return json.loads(text)
        data = load_yaml(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"{path}: line {exc.lineno}: not valid JSON: {exc.msg}") from None
    except yaml.YAMLError as exc:
        raise UserError(f"{path}: {yaml_problem(exc)}") from None
    deck_cache.put(path, text, data)
    return data


def parse_deck_file(path: Path | str) -> ParseResult:
    path = Path(path)
    return parse_deck(read_deck_data(path), str(path), path)


def load_deck(path: Path | str) -> Deck:
    """Load one deck file; UserError naming file, card and field if it is malformed."""
    result = parse_deck_file(path)
    errors = result.errors
    if errors:
        more = (
            f" (and {len(errors) - 1} more; see `trivia-host deck check`)"
            if len(errors) > 1
            else ""
        )
        raise UserError(f"{errors[0]}{more}")
    assert result.deck is not None
    return result.deck


def load_decks(paths: Iterable[Path | str]) -> list[Deck]:
    """Load several decks; card ids must be unique across them (the dealer and
    the history know cards by id alone)."""
    decks = [load_deck(p) for p in paths]
    duplicates = duplicate_card_ids(decks)
    if duplicates:
        more = f" (and {len(duplicates) - 1} more)" if len(duplicates) > 1 else ""
        raise UserError(f"{duplicates[0]}{more}")
    return decks


def duplicate_card_ids(decks: list[Deck]) -> list[Problem]:
    """A card id used again in a later deck (within one deck, parsing reports it)."""
    first_seen: dict[str, Deck] = {}
    problems = []
    for deck in decks:
        for card in deck.cards:
            earlier = first_seen.setdefault(card.id, deck)
            if earlier is not deck:
                problems.append(
                    Problem(
                        deck_source(deck),
                        card.id,
                        "id",
                        f"duplicate card id, also in {deck_source(earlier)}",
                    )
                )
    return problems


def deck_source(deck: Deck) -> str:
    """How messages name a deck: its file, or its name when it has none."""
    return str(deck.path) if deck.path is not None else deck.name


def default_deck_paths(decks_dir: Path | None = None) -> list[Path]:
    """Every deck file under `decks_dir` (default: the shipped decks), sorted."""
    root = decks_dir or shipped_decks_dir()
    if not root.is_dir():
        return []
    return sorted(
        p
        for p in root.rglob("*")
        if p.is_file()
        and p.suffix.lower() in DECK_SUFFIXES
        and not any(part.startswith((".", "_")) for part in p.relative_to(root).parts)
    )


# --- parsing (pure) ----------------------------------------------------------


def parse_deck(data: Any, source: str, path: Path | None = None) -> ParseResult:
    """Check the structure of deck data; never raises.

    The Deck holds the cards without problems (None if the deck's own fields
    are broken), so a checker can go on to look at their content."""
    problems: list[Problem] = []

    def deck_problem(field_name: str, message: str) -> None:
        problems.append(Problem(source, None, field_name, message))

    if not isinstance(data, dict):
        deck_problem("", "a deck must be a mapping with name, language, kind and cards")
        return ParseResult(None, problems)
    for key in sorted(set(map(str, data)) - _DECK_FIELDS):
        deck_problem(key, "unknown field")
    name = _required_text(data, "name", deck_problem)
    language = _required_text(data, "language", deck_problem)
    if language is not None and not re.fullmatch(r"[a-z]{2}", language):
        deck_problem(
            "language", f"must be a two-letter ISO 639-1 code such as en, not {language!r}"
        )
    kind = data.get("kind", "standard")
    if kind not in DECK_KINDS:
        deck_problem("kind", f"must be one of {', '.join(DECK_KINDS)}, not {kind!r}")
        kind = "standard"
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        deck_problem("cards", "must be a non-empty list of cards")
        raw_cards = []

    cards: list[Card] = []
    seen_ids: set[str] = set()
    for index, raw_card in enumerate(raw_cards, start=1):
        card = _parse_card(raw_card, index, kind, name or source, source, problems)
        if card is None:
            continue
        if card.id in seen_ids:
            problems.append(Problem(source, card.id, "id", "duplicate card id in this deck"))
        seen_ids.add(card.id)
        cards.append(card)

    if name is None or language is None or not raw_cards:
        return ParseResult(None, problems)
    return ParseResult(Deck(name, language, kind, cards, path), problems)


def _parse_card(
    raw: Any, index: int, deck_kind: str, deck_name: str, source: str, problems: list[Problem]
) -> Card | None:
    card_label = f"#{index}"
    if isinstance(raw, dict) and isinstance(raw.get("id"), (str, int)) and str(raw["id"]).strip():
        card_label = str(raw["id"]).strip()

    def problem(field_name: str, message: str) -> None:
        problems.append(Problem(source, card_label, field_name, message))

    if not isinstance(raw, dict):
        problem("", "a card must be a mapping with id and questions")
        return None
    before = len(problems)
    for key in sorted(set(map(str, raw)) - _CARD_FIELDS):
        problem(key, "unknown field")
    if card_label.startswith("#"):
        problem("id", "missing" if "id" not in raw else "must be a non-empty text")

    year = raw.get("year")
    if deck_kind == "ruby":
        if year is None:
            problem("year", "missing (every Ruby card has a year)")
        elif not isinstance(year, int) or isinstance(year, bool):
            problem("year", f"must be a whole year, not {year!r}")
        elif year not in RUBY_YEARS:
            problem("year", f"{year} is outside the Ruby years 1979-2018")
    elif year is not None:
        problem("year", "only cards of a ruby deck have a year")

    questions: dict[str, Question] = {}
    raw_questions = raw.get("questions")
    if not isinstance(raw_questions, dict):
        problem(
            "questions",
            "missing" if raw_questions is None else "must map each category to a question",
        )
    else:
        for category in raw_questions:
            if category not in CATEGORIES:
                problem(
                    f"questions.{category}", f"unknown category (known: {', '.join(CATEGORIES)})"
                )
        missing = [c for c in CATEGORIES if c not in raw_questions]
        if missing:
            problem(
                "questions",
                f"missing {', '.join(missing)} (a card has one question for each of the six categories)",
            )
        for category in CATEGORIES:
            if category in raw_questions:
                question, question_problems = parse_question(category, raw_questions[category])
                for field_name, message in question_problems:
                    problem(".".join(filter(None, ("questions", category, field_name))), message)
                if question is not None:
                    questions[category] = question

    if len(problems) > before:
        return None
    return Card(card_label, questions, year if deck_kind == "ruby" else None, deck_name)


def parse_question(category: str, raw: Any) -> tuple[Question | None, list[tuple[str, str]]]:
    """One question's fields -> (Question or None, [(field, problem), ...])."""
    if not isinstance(raw, dict):
        return None, [("", "must be a mapping with text and answer")]
    reported: list[tuple[str, str]] = []

    def note(field_name: str, message: str) -> None:
        reported.append((field_name, message))

    for key in sorted(set(map(str, raw)) - _QUESTION_FIELDS):
        note(key, "unknown field")
    text = _required_text(raw, "text", note)
    answer = _required_text(raw, "answer", note)
    lists = {name: _text_list(raw, name, note) for name in ("accept", "prompt", "reject")}
    say = _optional_text(raw, "say", note)
    say_answer = _optional_text(raw, "say_answer", note)
    difficulty = raw.get("difficulty")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        note("difficulty", f"must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")

    true_false = raw.get("true_false", False)
    if not isinstance(true_false, bool):
        note("true_false", f"must be true or false, not {true_false!r}")
    kind = raw.get("kind", "true_false" if true_false is True else "text")
    if kind not in ANSWER_KINDS:
        note("kind", f"must be one of {', '.join(ANSWER_KINDS)}, not {kind!r}")
    elif true_false is True and kind != "true_false":
        note("kind", f"a true_false question has kind true_false, not {kind!r}")
    is_true_false = true_false is True or kind == "true_false"
    if is_true_false and answer is not None and answer not in TRUE_FALSE_ANSWERS:
        note("answer", f"a True/False answer must be True or False, not {answer!r}")

    if reported or text is None or answer is None:
        return None, reported
    question = Question(
        category,
        text,
        answer,
        lists["accept"],
        lists["prompt"],
        lists["reject"],
        "true_false" if is_true_false else kind,
        is_true_false,
        say,
        say_answer,
        difficulty,
    )
    return question, []


def _as_text(value: Any) -> str | None:
    """Scalars as the writer meant them: YAML turns an unquoted 1989 into an int
    and True into a bool; both are fine answers."""
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, (str, int, float)):
        return str(value).strip()
    return None


# Notes a problem with a field: (field name, message).
NoteProblem = Callable[[str, str], None]


def _required_text(raw: dict[str, Any], name: str, problem: NoteProblem) -> str | None:
    if name not in raw or raw[name] is None:
        problem(name, "missing")
        return None
    value = _as_text(raw[name])
    if value is None:
        problem(name, f"must be text, not {type(raw[name]).__name__}")
    elif not value:
        problem(name, "empty")
        return None
    return value


def _optional_text(raw: dict[str, Any], name: str, problem: NoteProblem) -> str | None:
    if raw.get(name) is None:
        return None
    value = _as_text(raw[name])
    if not value:
        problem(name, "must be non-empty text")
        return None
    return value


def _text_list(raw: dict[str, Any], name: str, problem: NoteProblem) -> tuple[str, ...]:
    value = raw.get(name)
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    texts = [_as_text(item) for item in items]
    present = [t for t in texts if t]
    if len(present) != len(texts):
        problem(name, "must be a list of non-empty texts")
        return ()
    return tuple(present)
