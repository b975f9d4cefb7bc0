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

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import numpy as np
from rapidfuzz.distance import Levenshtein

from host.speech.phrases import (
    find_spoken,
    first_spoken_form,
    respell,
    sound_key,
    sounds_within,
    spoken_forms,
)
from host.speech.recognition import Expectation, Hypothesis, Recognition
from host.speech.sound_alike import first_consonant


@lru_cache(maxsize=1)
def leading_noise() -> frozenset[str]:
    path = Path(__file__).with_name("data") / "leading_noise.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def _said_alone(phrase: str, heard: str) -> bool:
    """`heard` is `phrase`, give or take misheard filler before it."""
    span = find_spoken(phrase, heard)
    words = first_spoken_form(heard).split()
    return span is not None and span[1] == len(words) and set(words[: span[0]]) <= leading_noise()


def _trusted_lower(
    best: str, lower: tuple[Hypothesis, ...], suspects: list[str]
) -> list[Hypothesis]:
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
        before = first_spoken_form(heard).split()[: span[0]]
        if before and set(before) <= leading_noise():
            notes.append(f"dropped '{' '.join(before)}' before the answer")
            heard, span = (
                first_spoken_form(heard).split(maxsplit=len(before))[-1],
                (0, span[1] - span[0]),
            )
        confirmed = Hypothesis(
            respell(heard, guess, span),
            max(grammar.alternatives[0].confidence, free.alternatives[0].confidence),
        )
        best: Hypothesis | None = confirmed
        lower = tuple(
            a for a in free.alternatives[1:] if first_spoken_form(a.text) != confirmed.text
        )
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


def roughly_alike(heard: str, phrase: str) -> bool:
    """Same first consonant and at least half the sounds in common (metaphone)."""
    return _keys_alike(sound_of(heard), sound_of(phrase))


def without_echo(text: str, on_the_card: Callable[[str], bool]) -> str:
    """A phrase on the card, then words that only sound like it again
    ("wembley when ble", "wembley wembley one b"): the phrase. Prompted with
    the card's phrases as a list, Whisper may read a short answer twice, the
    second time as it half hears it. Words that are on the card themselves
    are no echo ("paris perth" when both are listed)."""
    words = text.split()
    if on_the_card(text):
        return text
    for size in range(len(words) - 1, 0, -1):
        head, tail = " ".join(words[:size]), " ".join(words[size:])
        if on_the_card(head) and not on_the_card(tail) and roughly_alike(tail, head):
            return head
    return text


def sounds_most_like(heard: str, phrases) -> str | None:
    """Of the phrases `heard` is roughly alike, the one closest in sound."""
    closest = closest_in_sound(heard, phrases, 1)
    return closest[0] if closest else None


def closest_in_sound(heard: str, phrases, limit: int) -> list[str]:
    """Up to `limit` of the phrases `heard` is roughly alike, closest in sound first."""
    key = sound_of(heard)
    keyed = ((sound_of(p), p) for p in phrases)
    alike = [
        (Levenshtein.normalized_similarity(key, other), p)
        for other, p in keyed
        if _keys_alike(key, other)
    ]
    return [p for _, p in sorted(alike, reverse=True)[:limit]]


def sound_of(text: str) -> str:
    """The text as it sounds: its spoken form's metaphone key."""
    return sound_key(first_spoken_form(text).split())


def _keys_alike(a: str, b: str) -> bool:
    return (
        bool(a and b)
        and first_consonant(a) == first_consonant(b)
        and Levenshtein.normalized_similarity(a, b) >= 0.5
    )


def _text_only(text: str) -> Recognition:
    return Recognition((Hypothesis(text, 1.0),), engine="partial", mode="partial")


class GuidedStream:
    def __init__(self, recognizer, expectation: Expectation) -> None:
        self.card_phrases = expectation.phrases
        choices = list(dict.fromkeys(expectation.phrases + expectation.commands))
        self._whole_phrases = {form for c in choices for form in spoken_forms(c)}
        self._free = recognizer.stream(Expectation.free())
        self._grammar = recognizer.stream(Expectation.closed(choices)) if choices else None

    def accept(self, samples: np.ndarray) -> None:
        self._free.accept(samples)
        if self._grammar is not None:
            self._grammar.accept(samples)

    def partial(self) -> str | None:
        """The words so far: the free pass's, respelled by the grammar pass where
        they agree; or the grammar's whole phrase when the free pass, which
        spells unfinished words badly ("can there in" for "canberra"), sounds
        roughly like it. Only the end of turn uses this; `finish` decides what
        was heard."""
        heard = self._free.partial()
        guess = self._grammar.partial() if self._grammar is not None else None
        if not heard or not guess:
            return heard
        merged = merge_guided(_text_only(heard), _text_only(guess), self.card_phrases).text
        if merged == first_spoken_form(heard) and first_spoken_form(guess) in self._whole_phrases:
            words = first_spoken_form(heard).split()
            while len(words) > 1 and words[0] in leading_noise():  # "i'm kinda are"
                words = words[1:]
            return guess if roughly_alike(" ".join(words), guess) else heard
        return merged

    def guess(self) -> str | None:
        """The grammar pass's path so far: which card phrase, or how much of
        one, the audio sounds like (half a name reads as its first words)."""
        return self._grammar.partial() if self._grammar is not None else None

    def finish(self) -> Recognition:
        free = self._free.finish()
        if self._grammar is None:
            return Recognition(free.alternatives, free.engine, "guided", free.words, (), free.notes)
        return merge_guided(free, self._grammar.finish(), self.card_phrases)
