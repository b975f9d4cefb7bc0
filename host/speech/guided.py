"""Answers: free decoding cross-checked with a grammar of what the card expects.

Both passes hear the same audio as it arrives. The grammar pass knows the
card's phrases (answer, accept, prompt and reject entries) and the commands,
so it spells them the way the card does; but a grammar maps any speech onto
its phrases. Its result is therefore used only when the free pass's best
hypothesis says the same thing, word for word or sound for sound
(`phrases.sounds_within`); otherwise the free alternatives stand alone and a
wrong answer can never be forced onto the card's answer.
"""

from __future__ import annotations

import numpy as np

from host.speech.phrases import normalise, sounds_within
from host.speech.recognition import Alternative, Expectation, Recognition


def merge_guided(free: Recognition, grammar: Recognition) -> Recognition:
    """The answer's alternatives, best first (pure)."""
    notes = list(free.notes) + list(grammar.notes)
    guess = grammar.text
    heard = free.text
    if guess and heard and sounds_within(guess, heard):
        confidence = max(grammar.alternatives[0].confidence, free.alternatives[0].confidence)
        rest = [a for a in free.alternatives if normalise(a.text) != normalise(guess)]
        alternatives = (Alternative(guess, confidence), *rest)
        notes.append(f"grammar pass '{guess}' confirmed by free decoding '{heard}'")
    else:
        alternatives = free.alternatives
        if guess:
            notes.append(f"grammar pass '{guess}' not confirmed by free decoding "
                         f"'{heard}'; ignored")
    return Recognition(tuple(alternatives), engine=free.engine, mode="guided",
                       words=free.words, dropped_phrases=grammar.dropped_phrases,
                       notes=tuple(notes))


class GuidedStream:
    def __init__(self, recognizer, expectation: Expectation) -> None:
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
        return merge_guided(free, self._grammar.finish())
