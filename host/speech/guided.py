"""Answers: free decoding cross-checked with a grammar of what the card expects.

Both passes hear the same audio as it arrives. The grammar pass knows the
card's phrases (answer, accept, prompt and reject entries) and the commands,
so it spells them the way the card does; but a grammar maps any speech onto
its phrases. So:
- the grammar's phrase is used only where the free pass's best hypothesis
  says the same thing, word for word or sound for sound, and only to respell
  those words: "can bear a australia" becomes "canberra australia", while
  "the godfather part two" keeps its "part two"; words before the phrase
  are dropped only when all are misheard filler (data/leading_noise.txt);
- lower-ranked free alternatives that sound like a card phrase are kept
  only when the best hypothesis says that phrase too, with nothing around it
  but misheard filler: "niger | nigeria", "northern ireland | ireland" and
  "toy story two | toy story" lose their second entry, which a judge that
  skips non-matching alternatives would otherwise accept.
A wrong answer is thus never forced onto the card's answer.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from host.speech.phrases import find_spoken, normalise, respell, sounds_within
from host.speech.recognition import Alternative, Expectation, Recognition


@lru_cache(maxsize=1)
def leading_noise() -> frozenset[str]:
    path = Path(__file__).with_name("data") / "leading_noise.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def _said_alone(phrase: str, heard: str) -> bool:
    """`heard` is `phrase`, give or take misheard filler before it."""
    span = find_spoken(phrase, heard)
    words = normalise(heard).split()
    return span is not None and span[1] == len(words) and set(words[: span[0]]) <= leading_noise()


def _trusted_lower(
    best: str, lower: tuple[Alternative, ...], suspects: list[str]
) -> list[Alternative]:
    """Lower alternatives, less those naming a card phrase the best does not say alone."""
    return [
        a
        for a in lower
        if not any(sounds_within(p, a.text) and not _said_alone(p, best) for p in suspects)
    ]


def merge_guided(
    free: Recognition, grammar: Recognition, card_phrases: tuple[str, ...] = ()
) -> Recognition:
    """The answer's alternatives, best first (pure)."""
    notes = list(free.notes) + list(grammar.notes)
    guess, heard = grammar.text, free.text
    suspects = [p for p in (*card_phrases, guess) if p]
    span = find_spoken(guess, heard) if guess and heard else None
    if span is not None:
        before = normalise(heard).split()[: span[0]]
        if before and set(before) <= leading_noise():
            notes.append(f"dropped '{' '.join(before)}' before the answer")
            heard, span = normalise(heard).split(maxsplit=len(before))[-1], (0, span[1] - span[0])
        best = Alternative(
            respell(heard, guess, span),
            max(grammar.alternatives[0].confidence, free.alternatives[0].confidence),
        )
        lower = tuple(a for a in free.alternatives[1:] if normalise(a.text) != best.text)
        notes.append(f"grammar pass '{guess}' confirmed by free decoding '{heard}'")
    else:
        if guess:
            notes.append(
                f"grammar pass '{guess}' not confirmed by free decoding '{heard}'; ignored"
            )
        best, lower = (free.alternatives[0] if free.alternatives else None), free.alternatives[1:]
    kept = _trusted_lower(best.text, lower, suspects) if best else []
    if len(kept) < len(lower):
        notes.append("lower alternatives naming the card dropped: the best does not say it alone")
    alternatives = (best, *kept) if best else ()
    return Recognition(
        tuple(alternatives),
        engine=free.engine,
        mode="guided",
        words=free.words,
        dropped_phrases=grammar.dropped_phrases,
        notes=tuple(notes),
        card_guess=grammar.alternatives[0] if guess else None,
    )


class GuidedStream:
    def __init__(self, recognizer, expectation: Expectation) -> None:
        self.card_phrases = expectation.phrases
        choices = list(dict.fromkeys(expectation.phrases + expectation.commands))
        self._free = recognizer.stream(Expectation.free())
        self._grammar = recognizer.stream(Expectation.closed(choices)) if choices else None

    def accept(self, samples: np.ndarray) -> None:
        self._free.accept(samples)
        if self._grammar is not None:
            self._grammar.accept(samples)

    def finish(self) -> Recognition:
        free = self._free.finish()
        if self._grammar is None:
            return Recognition(free.alternatives, free.engine, "guided", free.words, (), free.notes)
        return merge_guided(free, self._grammar.finish(), self.card_phrases)
