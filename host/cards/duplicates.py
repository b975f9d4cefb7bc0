"""Near duplicates across decks: the same fact asked twice in other words.

Two questions are near duplicates when
- they share an answer (answer or accept entry, as the judge normalises it)
  and their wordings are alike: the cosine of their content words, each
  weighted by how rare it is across all questions, words matched fuzzily
  (rapidfuzz) so spellings and hyphens do not hide a match; or
- their content words are the same, whatever the answers ("Is the Sun a
  star?" asked once as true and once as false).
A number or a year says little about the fact ("How many points is a goal
worth in Gaelic football?" and "... a field goal in American football?" are
both 3), so two such questions must be more alike, and are apart when each
names something the other does not (capitalised words: Gaelic, American).
Questions are grouped by answer first, so only questions with one answer
are compared in pairs: a few thousand comparisons for 5,000 questions.
True/False answers say nothing about the fact, so those questions are only
compared by the second rule.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path

from rapidfuzz import fuzz

from host.cards.deck import Deck, Problem, Question, deck_source
from host.judge.normalise import card_tokens, strip_accents

FILLER_WORDS_FILE = Path(__file__).parent / "data" / "question_filler_words.txt"
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")  # apostrophes kept inside a word: o'clock

# Weighted cosine (0-1) from which two questions with one answer are one fact
# asked twice. Set on the shipped decks, where the same fact asked twice came
# out at 0.61-0.80 and different facts with one answer below 0.58 ("How many
# players does each team have on the pitch in field hockey?" and "... each
# football team ...", both 11).
NAMED_ANSWER_SIMILARITY = 0.6
NUMBER_ANSWER_SIMILARITY = 0.6
COUNTED_KINDS = ("number", "year")
# Two words spelt this alike (rapidfuzz ratio, 0-100) count as one word:
# colour/color, Olympic/Olympics, Tchaikovsky/Tchaikowsky.
SAME_WORD_RATIO = 88
# Rarity weights need a corpus; below this many questions every word counts
# as rare, so a small deck is compared on plain word overlap.
MIN_CORPUS = 1000


@dataclass(frozen=True)
class Entry:
    deck: Deck
    card: str
    category: str
    question: Question

    @property
    def where(self) -> str:
        return f"card {self.card} ({self.category}) in {deck_source(self.deck)}"

    @property
    def words(self) -> frozenset[str]:
        return content_words(self.question.text)


@dataclass(frozen=True)
class NearDuplicate:
    earlier: Entry
    later: Entry
    reason: str


@cache
def filler_words() -> frozenset[str]:
    lines = FILLER_WORDS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def _singular(word: str) -> str:
    """A rough singular, enough to match "tomatoes" with "tomato" (not a lemmatizer)."""
    if len(word) <= 3 or not word.endswith("s") or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("oes", "xes", "ches", "shes")):
        return word[:-2]
    return word[:-1]


@cache
def content_words(text: str) -> frozenset[str]:
    """The words of a question that carry its fact, in the singular."""
    fillers = filler_words()
    words = WORD.findall(strip_accents(text.casefold()).replace("\u2019", "'"))
    return frozenset(_singular(word) for word in words if word not in fillers)


def answer_keys(question: Question, language: str) -> list[str]:
    """The question's answer and accept entries as the judge reads them."""
    keys = (
        " ".join(card_tokens(form, language).tokens) for form in (question.answer, *question.accept)
    )
    return list(dict.fromkeys(key for key in keys if key))


class Rarity:
    """Inverse document frequency of content words over all questions."""

    def __init__(self, entries: list[Entry]) -> None:
        self.counts = Counter(word for entry in entries for word in entry.words)
        self.size = max(len(entries), MIN_CORPUS)

    def weight(self, word: str) -> float:
        return math.log(self.size / max(self.counts[word], 1))


def similarity(first: frozenset[str], second: frozenset[str], rarity: Rarity) -> float:
    """Cosine of two word sets weighted by rarity; near-identical spellings match."""
    if not first or not second:
        return 0.0
    shared = 0.0
    unmatched = set(second - first)
    for word in first:
        if word in second:
            shared += rarity.weight(word) ** 2
            continue
        match = next(
            (other for other in unmatched if fuzz.ratio(word, other) >= SAME_WORD_RATIO), None
        )
        if match is not None:
            unmatched.discard(match)
            shared += rarity.weight(word) * rarity.weight(match)
    norm = math.sqrt(
        sum(rarity.weight(w) ** 2 for w in first) * sum(rarity.weight(w) ** 2 for w in second)
    )
    return shared / norm if norm else 0.0


def _entries(decks: list[Deck]) -> list[Entry]:
    return [
        Entry(deck, card.id, category, question)
        for deck in decks
        for card in deck.cards
        for category, question in card.questions.items()
    ]


def _counted(question: Question) -> bool:
    return question.kind in COUNTED_KINDS


@cache
def name_words(text: str) -> frozenset[str]:
    """Capitalised words after the first: what a question names (Gaelic, Berlin)."""
    words = re.findall(r"[\w'-]+", text)[1:]
    return frozenset(strip_accents(w).casefold() for w in words if w[:1].isupper())


def name_different_things(first: str, second: str) -> bool:
    """Each question names something the other does not."""
    one, other = name_words(first), name_words(second)
    return bool(one - other) and bool(other - one)


def _alike(one: Question, other: Question, score: float) -> bool:
    if _counted(one) or _counted(other):
        return score >= NUMBER_ANSWER_SIMILARITY and not name_different_things(one.text, other.text)
    return score >= NAMED_ANSWER_SIMILARITY


def _same_answer_pairs(entries: list[Entry], rarity: Rarity) -> Iterator[tuple[int, int, str]]:
    blocks: dict[str, list[int]] = defaultdict(list)
    for index, entry in enumerate(entries):
        if not entry.question.true_false:
            for key in answer_keys(entry.question, entry.deck.language):
                blocks[key].append(index)
    for key, members in blocks.items():
        for first, second in combinations(members, 2):
            one, other = entries[first], entries[second]
            score = similarity(one.words, other.words, rarity)
            if _alike(one.question, other.question, score):
                yield first, second, f"same answer {key!r}, wording {score:.0%} alike"


def _same_words_pairs(entries: list[Entry]) -> Iterator[tuple[int, int, str]]:
    blocks: dict[frozenset[str], list[int]] = defaultdict(list)
    for index, entry in enumerate(entries):
        if entry.words:
            blocks[entry.words].append(index)
    for members in blocks.values():
        for first, second in combinations(members, 2):
            yield first, second, "the same content words"


def _plain(text: str) -> tuple[str, ...]:
    return tuple(WORD.findall(strip_accents(text.casefold())))


def near_duplicates(decks: list[Deck]) -> list[NearDuplicate]:
    """Every pair once, the later question (in deck order) second. The same text
    twice is left out: check.py reports it as an error of its own."""
    entries = _entries(decks)
    rarity = Rarity(entries)
    found: dict[tuple[int, int], str] = {}
    for first, second, reason in (
        *_same_answer_pairs(entries, rarity),
        *_same_words_pairs(entries),
    ):
        if _plain(entries[first].question.text) != _plain(entries[second].question.text):
            found.setdefault((first, second), reason)
    return [
        NearDuplicate(entries[first], entries[second], reason)
        for (first, second), reason in sorted(found.items())
    ]


def near_duplicate_warnings(decks: list[Deck]) -> list[Problem]:
    """One warning on the later question, naming the earlier one."""
    return [
        Problem(
            deck_source(pair.later.deck),
            pair.later.card,
            f"questions.{pair.later.category}.text",
            f"near duplicate of {pair.earlier.where}: {pair.reason}",
            "warning",
        )
        for pair in near_duplicates(decks)
    ]
