"""Time of the near-duplicate search of `deck check` on the shipped decks and on
a set of about 5,000 questions (the issue's target size).

Run: .venv/bin/python bench/near_duplicates_bench.py [--questions 5000]

The larger set is the shipped questions again, each copy's text and answer
given a made-up word of its own: new answers and new wording, so the copies
add blocks and words as new questions would, not pairs that are all alike.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from host.cards.deck import Card, Deck, default_deck_paths, load_decks
from host.cards.duplicates import content_words, near_duplicates
from host.judge.normalise import card_tokens


def grown(decks: list[Deck], target: int) -> list[Deck]:
    """The decks plus renamed copies until they hold `target` questions."""
    questions = sum(len(card.questions) for deck in decks for card in deck.cards)
    out = list(decks)
    copy = 0
    while questions < target:
        copy += 1
        tag = "".join(chr(ord("a") + int(d)) for d in str(copy))  # 1 -> "b", 12 -> "bc"
        for deck in decks:
            if questions >= target:
                break
            cards = [
                Card(
                    f"{card.id}-x{copy}",
                    {
                        category: dataclasses.replace(
                            q, text=f"{q.text} zq{tag}", answer=f"{q.answer} zq{tag}", accept=()
                        )
                        for category, q in card.questions.items()
                    },
                )
                for card in deck.cards
            ]
            out.append(Deck(f"{deck.name} copy {copy}", deck.language, deck.kind, cards))
            questions += 6 * len(cards)
    return out


def timed(decks: list[Deck]) -> tuple[float, int, int]:
    content_words.cache_clear()
    card_tokens.cache_clear()  # every run normalises its answers afresh
    started = time.perf_counter()
    pairs = near_duplicates(decks)
    questions = sum(len(card.questions) for deck in decks for card in deck.cards)
    return time.perf_counter() - started, questions, len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=5000)
    args = parser.parse_args()
    shipped = load_decks(default_deck_paths())
    for label, decks in (("shipped decks", shipped), ("grown set", grown(shipped, args.questions))):
        seconds, questions, pairs = timed(decks)
        print(f"{label}: {questions} questions, {pairs} near duplicate(s), {seconds:.2f} s")


if __name__ == "__main__":
    main()
