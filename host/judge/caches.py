"""The judge's caches of card entries and heard texts, emptied as a game starts.

They are bounded, but a game's cards fill only part of them, and the next
games' cards the rest: over an evening of whole games the host's memory
rose for six or seven games until they were full. Simulated (400 answers
a game, each judged against its 30 competitors): resident memory rose from
47 to 55 MB over eight games with the caches kept, and stayed at 47 MB
with them emptied before each game; judging a game's answers fills them
again within its first questions.
"""

from __future__ import annotations

from host.judge import forms, normalise, words

_PER_CARD = (
    words._spellings,
    words.word_cost,
    normalise.card_tokens,
    normalise.heard_variants,
    forms.card_forms,
)


def forget_cards() -> None:
    """Empty the caches the last game's cards and answers filled."""
    for cached in _PER_CARD:
        cached.cache_clear()
