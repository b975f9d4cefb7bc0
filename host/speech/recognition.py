"""What every recognizer promises: stream audio in, get alternatives out.

A recognizer is told what the host expects before each utterance:
- free speech (`Expectation.free()`), e.g. a player's name;
- a closed list (`Expectation.closed([...])`): commands or choices, decoded
  against a grammar of exactly those phrases;
- an answer (`Expectation.answer(expected, commands)`): free decoding,
  cross-checked with a grammar pass over the card's phrases (see guided.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

FREE, CLOSED, ANSWER = "free", "closed", "answer"


@dataclass(frozen=True)
class Hypothesis:
    text: str
    confidence: float  # 0..1, comparable only within one result


@dataclass(frozen=True)
class Word:
    text: str
    confidence: float
    start: float
    end: float


@dataclass(frozen=True)
class Expectation:
    kind: str = FREE
    phrases: tuple[str, ...] = ()  # closed: the choices; answer: what the card expects
    commands: tuple[str, ...] = ()  # answer: what may be said instead of an answer
    # closed: a question with a few replies, each said several ways (the
    # yeses, the noes): an engine that can score phrases against the audio
    # may pick the likeliest reply when its decoding heard no phrase at all
    replies: tuple[tuple[str, ...], ...] = ()
    # closed: the phrases the host suggested (its choices, its help's
    # commands), the likeliest to be said: an engine with a text prompt names them
    likely: tuple[str, ...] = ()
    # answer: well-known other names of the card's entries, which the judge
    # takes ("auld reekie" for Edinburgh); an engine with a text prompt names
    # them when the card's own phrases were not heard
    known_as: tuple[str, ...] = ()
    # closed: what a phrase means, as labels (the table's vocabulary): two
    # phrases with the same labels say the same thing ("throw" and "roll"),
    # so an engine need not weigh one against the other
    meaning: Callable[[str], frozenset[str]] | None = None

    @classmethod
    def free(cls) -> Expectation:
        return cls(FREE)

    @classmethod
    def closed(
        cls,
        phrases: Iterable[str],
        replies: Iterable[Iterable[str]] = (),
        likely: Iterable[str] = (),
        meaning: Callable[[str], frozenset[str]] | None = None,
    ) -> Expectation:
        return cls(
            CLOSED,
            tuple(phrases),
            replies=tuple(tuple(r) for r in replies),
            likely=tuple(likely),
            meaning=meaning,
        )

    @classmethod
    def answer(
        cls, expected: Iterable[str], commands: Iterable[str] = (), known_as: Iterable[str] = ()
    ) -> Expectation:
        """`expected`: the card's answer, accept, prompt AND reject entries."""
        return cls(ANSWER, tuple(expected), tuple(commands), known_as=tuple(known_as))


@dataclass(frozen=True)
class Recognition:
    alternatives: tuple[Hypothesis, ...]
    engine: str
    mode: str  # free | grammar | guided
    words: tuple[Word, ...] = ()  # of the best alternative, when the engine gives them
    dropped_phrases: tuple[str, ...] = ()  # grammar phrases the model cannot say
    notes: tuple[str, ...] = field(default=())
    # answers: what the grammar pass over the card's phrases heard, whether or
    # not free decoding agreed (the judge's confirm layer may ask about it)
    card_guess: Hypothesis | None = None
    # closed lists heard by two passes (a grammar and Whisper): each picked a
    # different phrase, so a game-changing command is asked about first
    disputed: bool = False

    @property
    def text(self) -> str:
        return self.alternatives[0].text if self.alternatives else ""

    @property
    def heard_nothing(self) -> bool:
        return not self.alternatives

    def as_pairs(self) -> list[tuple[str, float]]:
        return [(a.text, a.confidence) for a in self.alternatives]


class RecognitionStream(Protocol):
    def accept(self, samples: np.ndarray) -> None: ...

    def partial(self) -> str | None:
        """The best guess at the words so far; None if this engine cannot
        tell before the end (the endpointer then waits the full silence)."""
        ...

    def finish(self) -> Recognition: ...


class GrammarStream(RecognitionStream, Protocol):
    """A grammar's stream (PocketSphinx) that can skip its final lattice pass."""

    def finish(self, lattice: bool = True) -> Recognition: ...


class Recognizer(Protocol):
    name: str
    sample_rate: int

    def stream(self, expectation: Expectation) -> RecognitionStream: ...

    def missing_words(self, phrase: str) -> list[str]: ...


def recognize(
    recognizer: Recognizer, samples: np.ndarray, expectation: Expectation, chunk: int = 4000
) -> Recognition:
    """Whole-buffer convenience: stream the samples in chunks and finish."""
    stream = recognizer.stream(expectation)
    for start in range(0, len(samples), chunk):
        stream.accept(samples[start : start + chunk])
    return stream.finish()
