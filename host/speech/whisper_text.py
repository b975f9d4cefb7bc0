"""Whisper's output as text: its byte-level tokens read back, repeats
kept once, punctuation and case dropped, and whether a reading cut at its
length bound would read the same with more tokens."""

from __future__ import annotations

import math
import re
from functools import lru_cache

_PUNCTUATION = re.compile(r"[^\w\s'-]")


@lru_cache(maxsize=1)
def _byte_of_symbol() -> dict[str, int]:
    """GPT-2's byte-level BPE alphabet: printable bytes stand for themselves,
    the others (space, control bytes...) for the characters from U+0100 on."""
    printable = [*range(ord("!"), ord("~") + 1), *range(0xA1, 0xAD), *range(0xAE, 0x100)]
    symbols = {chr(b): b for b in printable}
    others = (b for b in range(256) if b not in printable)
    symbols.update({chr(0x100 + n): b for n, b in enumerate(others)})
    return symbols


def detokenize(tokens: list[str]) -> str:
    """Whisper's tokens (as in the model's vocabulary.txt) back to text."""
    table = _byte_of_symbol()
    data = bytes(table[c] for token in tokens if not token.startswith("<|") for c in token)
    return data.decode("utf-8", errors="replace")


def collapse_repeats(text: str) -> str:
    """'usa usa usa' -> 'usa': a phrase said again, whole or in part, kept once.

    On a short window Whisper starts its sentence, or its last words, over
    and stops where the output's length bound cuts it: 'dr no dr',
    'mitocondria mitoc', 'leonardo da vinci da vinci da vinci'; and again
    until nothing repeats ('christopher columbus columbus christopher
    columbus')."""
    words = text.split()
    for start in range(len(words)):
        unit = _repeated_unit(words[start:])
        if unit is not None:
            shorter = words[:start] + unit
            return collapse_repeats(" ".join(shorter)) if len(shorter) < len(words) else text
    return text


def _repeated_unit(words: list[str]) -> list[str] | None:
    """The first words, when the rest only repeats them (the last time maybe in part)."""
    for size in range(1, len(words)):
        unit = words[:size]
        whole = 1
        while words[whole * size : (whole + 1) * size] == unit:
            whole += 1
        rest = words[whole * size :]
        if len(rest) <= size and " ".join(unit).startswith(" ".join(rest)):
            return unit
    return None


def plain_text(text: str) -> str:
    """Lower case, no punctuation, repeats kept once (the judge's own
    normalising does the rest)."""
    return collapse_repeats(_words(text))


def _words(text: str) -> str:
    """Lower case, no punctuation, single spaces."""
    return " ".join(_PUNCTUATION.sub(" ", text).lower().split())


def settled(tokens: list[str], bound: int) -> bool:
    """Whether a reading cut at `bound` tokens would read the same with more:
    it ended before the bound, or it began to say itself again ("Roll,
    roll", "History history"), which more tokens only go on with."""
    if len(tokens) < bound:
        return True
    words = _words(detokenize(tokens))
    return collapse_repeats(words) != words


def shares(scores: list[float]) -> list[float]:
    """Log-probabilities turned into shares of one (a softmax)."""
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]
