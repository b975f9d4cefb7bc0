"""`deck check --spoken`: what the synthesizer says, as the recognizer hears it.

Each question's text and answer, in the form the host reads aloud (`say`,
`say_answer`, else the written form), is synthesized, recognized by free
decoding, and compared with the written form as the judge reads both (case,
punctuation, numbers and Roman numerals normalised: "1989" and "nineteen
eighty-nine" are the same). A high word error rate means the synthesizer
read the written form wrongly ("H2O"), or the recognizer mishears it: a
`say` form may help either way.

A line whose words the recognizer does not know (most rare names) cannot be
heard right whatever the synthesizer says; it is counted, not judged. Words
with digits or symbols are judged anyway: they are the written forms to find.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from rapidfuzz import fuzz

from host.cards.deck import Deck, Problem, deck_source
from host.judge.normalise import card_tokens

# Word error rate above which a line is listed. Flite's slt voice read by
# PocketSphinx comes back at 0-40 % on plain lines; a misread written form at
# 100 % or more.
MAX_WORD_ERROR_RATE = 0.5
PARTS = ("answers", "questions")
# rapidfuzz ratio from which a heard word is the written word spelt otherwise
SAME_SOUND_RATIO = 72
PLAIN_WORD = re.compile(r"^[a-z']+$")


@dataclass(frozen=True)
class SpokenLine:
    """One line the host reads aloud, and the written form it should sound like."""

    file: str
    card: str
    field: str  # questions.<category>.text | .answer
    spoken: str
    written: str
    language: str

    @property
    def remedy(self) -> str:
        return "say" if self.field.endswith(".text") else "say_answer"


@dataclass(frozen=True)
class Heard:
    line: SpokenLine
    heard: str
    word_error_rate: float | None  # None: not judged, the recognizer lacks `unknown`
    unknown: tuple[str, ...] = ()


def spoken_lines(decks: Iterable[Deck], parts: Iterable[str] = PARTS) -> Iterator[SpokenLine]:
    """Answers and question texts, card by card (answers first: they are shorter).
    True/False answers are left out: the host listens for them with a grammar."""
    for deck in decks:
        for card in deck.cards:
            for category, question in card.questions.items():
                base = f"questions.{category}"
                if "answers" in parts and not question.true_false:
                    yield SpokenLine(
                        deck_source(deck),
                        card.id,
                        f"{base}.answer",
                        question.spoken_answer,
                        question.answer,
                        deck.language,
                    )
                if "questions" in parts:
                    yield SpokenLine(
                        deck_source(deck),
                        card.id,
                        f"{base}.text",
                        question.spoken_text,
                        question.text,
                        deck.language,
                    )


def word_error_rate(reference: tuple[str, ...], heard: tuple[str, ...]) -> float:
    """Word edits (substitutions, insertions, deletions) per reference word.

    Words spelt nearly alike count as the same word: the recognizer's spelling
    of a sound ("falls" for "false", "grace" for "Greece") is not a misreading."""
    if not reference:
        return 0.0 if not heard else 1.0
    previous = list(range(len(heard) + 1))
    for i, word in enumerate(reference, 1):
        current = [i]
        for j, other in enumerate(heard, 1):
            same = word == other or fuzz.ratio(word, other) >= SAME_SOUND_RATIO
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (0 if same else 1))
            )
        previous = current
    return previous[-1] / len(reference)


def unknown_words(spoken: str, language: str, knows: Callable[[str], bool]) -> tuple[str, ...]:
    """Plain words of the spoken form the recognizer has no pronunciation for.

    Numbers are left out (the synthesizer says them as words the recognizer
    knows), and so are words with digits or symbols: those are judged."""
    tokens = card_tokens(spoken, language).with_articles
    return tuple(t for t in tokens if PLAIN_WORD.match(t) and not knows(t))


def judge_line(line: SpokenLine, heard: str, knows: Callable[[str], bool]) -> Heard:
    unknown = unknown_words(line.spoken, line.language, knows)
    if unknown:
        return Heard(line, heard, None, unknown)
    reference = card_tokens(line.written, line.language).with_articles
    rate = word_error_rate(reference, card_tokens(heard, line.language).with_articles)
    return Heard(line, heard, rate)


def far_from_text(results: Iterable[Heard], threshold: float = MAX_WORD_ERROR_RATE) -> list[Heard]:
    return [r for r in results if r.word_error_rate is not None and r.word_error_rate > threshold]


def as_problem(result: Heard) -> Problem:
    line = result.line
    assert result.word_error_rate is not None
    return Problem(
        line.file,
        line.card,
        line.field,
        f"{line.spoken!r} came back from the synthesizer and the recognizer as "
        f"{result.heard!r} (word error rate {result.word_error_rate:.0%}); "
        f"add {line.remedy} if it is read wrongly",
        "warning",
    )


def listen_back(
    lines: Iterable[SpokenLine],
    hear: Callable[[str], str],
    knows: Callable[[str], bool],
) -> Iterator[Heard]:
    """`hear(text)`: the text synthesized and recognized again."""
    for line in lines:
        yield judge_line(line, hear(line.spoken), knows)
