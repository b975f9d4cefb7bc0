"""`deck check`: structure and content problems of deck files, one line each.

Structure comes from the loader (deck.py); here are the checks that look
across questions, cards and decks, and two kinds of warning for speech:
written forms the synthesizer misreads, answer words the recognizer lacks.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from host.cards.deck import (
    Deck,
    ParseResult,
    Problem,
    Question,
    deck_source,
    duplicate_card_ids,
    parse_deck_file,
)
from host.cards.duplicates import near_duplicate_warnings
from host.cards.vocabulary import unknown_words
from host.errors import UserError
from host.yaml_text import load_yaml

MISREAD_PATTERNS_FILE = Path(__file__).parent / "data" / "misread_patterns.yaml"

# Below this share of known answer words a model is taken to be for another
# language, and its opinion on the deck is not worth a warning per question.
# (The Korean test model knows 42-48% of the shipped English answer words, as
# it lists many English words; an English model knows nearly all of them.)
MIN_KNOWN_SHARE = 0.7


@dataclass
class CheckReport:
    files: list[str] = field(default_factory=list)
    decks: list[Deck] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    def summary(self) -> str:
        cards = sum(len(d.cards) for d in self.decks)
        questions = sum(len(c.questions) for d in self.decks for c in d.cards)
        return (
            f"{len(self.files)} deck file(s), {cards} card(s) and {questions} question(s) loaded: "
            f"{len(self.errors)} error(s), {len(self.warnings)} warning(s)"
        )


def normalised(text: str) -> str:
    """Text compared for sameness: case, accents, punctuation and spacing ignored."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    # R.M.S. = RMS and don't = dont, but 3.5 stays apart from 35
    joined = re.sub(r"['\u2019]|(?<!\d)\.|\.(?!\d)", "", plain)
    return " ".join(re.sub(r"[\W_]+", " ", joined).split())


def check_files(
    paths: Iterable[Path | str],
    vocabulary_for: Callable[[str], tuple[str, frozenset[str]] | None] | None = None,
) -> CheckReport:
    """Check deck files. `vocabulary_for(language)` gives (model name, words)
    of the speech model for that language, or None when there is none."""
    report = CheckReport()
    for path in paths:
        report.files.append(str(path))
        try:
            result: ParseResult = parse_deck_file(path)
        except UserError as error:  # unreadable file: one problem line, go on
            report.problems.append(
                Problem(str(path), None, "", str(error).removeprefix(f"{path}: "))
            )
            continue
        report.problems.extend(result.problems)
        if result.deck is not None:
            report.decks.append(result.deck)
    report.problems.extend(duplicate_deck_names(report.decks))
    report.problems.extend(duplicate_card_ids(report.decks))
    report.problems.extend(duplicate_questions(report.decks))
    report.problems.extend(near_duplicate_warnings(report.decks))
    for deck in report.decks:
        report.problems.extend(reject_list_problems(deck))
        report.problems.extend(truth_value_warnings(deck))
        report.problems.extend(misread_warnings(deck))
    if vocabulary_for is not None:
        for deck in report.decks:
            vocabulary = vocabulary_for(deck.language)
            if vocabulary is not None:
                model_name, words = vocabulary
                problems, note = vocabulary_warnings(deck, model_name, words)
                report.problems.extend(problems)
                if note:
                    report.notes.append(note)
    return report


def duplicate_deck_names(decks: list[Deck]) -> list[Problem]:
    """Players choose decks by name, and the card history is kept per name."""
    first_seen: dict[str, Deck] = {}
    problems = []
    for deck in decks:
        earlier = first_seen.setdefault(deck.name.casefold(), deck)
        if earlier is not deck:
            problems.append(
                Problem(
                    deck_source(deck),
                    None,
                    "name",
                    f"{deck.name!r} is also the name of {deck_source(earlier)}",
                )
            )
    return problems


def duplicate_questions(decks: list[Deck]) -> list[Problem]:
    """The same question twice, in one deck or across decks (text normalised)."""
    first_seen: dict[str, tuple[Deck, str, str]] = {}
    problems = []
    for deck in decks:
        for card in deck.cards:
            for category, question in card.questions.items():
                key = normalised(question.text)
                earlier = first_seen.setdefault(key, (deck, card.id, category))
                if earlier[1:] == (card.id, category) and earlier[0] is deck:
                    continue
                other_deck, other_card, other_category = earlier
                where = "" if other_deck is deck else f" in {deck_source(other_deck)}"
                problems.append(
                    Problem(
                        deck_source(deck),
                        card.id,
                        f"questions.{category}.text",
                        f"same question as card {other_card} ({other_category}){where}",
                    )
                )
    return problems


def reject_list_problems(deck: Deck) -> list[Problem]:
    """A reject entry that is also the answer (or an accept/prompt entry) would
    make the judge turn down a right answer: reject lists win (docs/judge.md, rule 2)."""
    problems = []
    for card in deck.cards:
        for category, question in card.questions.items():
            for message in _reject_conflicts(question):
                problems.append(
                    Problem(deck_source(deck), card.id, f"questions.{category}.reject", message)
                )
    return problems


def _reject_conflicts(question: Question) -> list[str]:
    rejected = {normalised(r): r for r in question.reject}
    messages = []
    if normalised(question.answer) in rejected:
        messages.append(f"{rejected[normalised(question.answer)]!r} is the answer itself")
    for list_name in ("accept", "prompt"):
        for entry in getattr(question, list_name):
            if normalised(entry) in rejected:
                messages.append(f"{rejected[normalised(entry)]!r} is also in {list_name}")
    return messages


def truth_value_warnings(deck: Deck) -> list[Problem]:
    """YAML reads an unquoted Yes, No, On or Off in a list as a truth value, which
    the loader keeps as 'True' or 'False': outside a True/False question such an
    entry is a quoting slip (the band Yes, "No" for Noh), never a real answer."""
    problems = []
    for card in deck.cards:
        for category, question in card.questions.items():
            if question.true_false:
                continue
            for list_name in ("accept", "prompt", "reject"):
                for entry in getattr(question, list_name):
                    if entry in ("True", "False"):
                        problems.append(
                            Problem(
                                deck_source(deck),
                                card.id,
                                f"questions.{category}.{list_name}",
                                f"{entry!r} is how YAML reads an unquoted Yes, No, On, Off, "
                                "True or False; quote the entry",
                                "warning",
                            )
                        )
    return problems


@cache
def misread_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    entries = load_yaml(MISREAD_PATTERNS_FILE.read_text(encoding="utf-8"))
    return tuple((re.compile(e["pattern"]), e["reads_as"]) for e in entries)


def misread_warnings(deck: Deck) -> list[Problem]:
    """Warnings for written forms the synthesizer would read wrongly, where the
    question has no spoken form (`say`, `say_answer`) to read instead."""
    problems = []
    for card in deck.cards:
        for category, question in card.questions.items():
            for field_name, written, spoken in (
                ("text", question.text, question.say),
                ("answer", question.answer, question.say_answer),
            ):
                if spoken:
                    continue
                for pattern, reads_as in misread_patterns():
                    match = pattern.search(written)
                    if match:
                        remedy = "say" if field_name == "text" else "say_answer"
                        problems.append(
                            Problem(
                                deck_source(deck),
                                card.id,
                                f"questions.{category}.{field_name}",
                                f"{match.group()!r} may be read wrongly aloud ({reads_as}); add {remedy}",
                                "warning",
                            )
                        )
                        break
    return problems


def vocabulary_warnings(
    deck: Deck, model_name: str, words: frozenset[str]
) -> tuple[list[Problem], str | None]:
    """Warnings for answers the speech model cannot hear: neither the answer nor
    any accept entry is made of words the model knows.

    True/False answers are left out: the host listens for those with a grammar."""
    per_question = []
    known = total = 0
    for card in deck.cards:
        for category, question in card.questions.items():
            if question.true_false:
                continue
            forms = (question.answer, *question.accept)
            missing = unknown_words(forms, words)
            asked = unknown_words(forms, frozenset())
            total += len(asked)
            known += len(asked) - len(missing)
            hearable = any(not unknown_words([form], words) for form in forms)
            if missing and not hearable:
                per_question.append(
                    Problem(
                        deck_source(deck),
                        card.id,
                        f"questions.{category}.answer",
                        f"speech model {model_name} does not know: {', '.join(missing)}",
                        "warning",
                    )
                )
    if total and known / total < MIN_KNOWN_SHARE:
        return [], (
            f"{deck_source(deck)}: speech model {model_name} knows only {known} of {total} answer "
            f"words; it looks like a model for another language, vocabulary not checked"
        )
    return per_question, None
