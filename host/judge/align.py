"""Rule 5 for a phrase: align heard words with a card entry's words.

Each card word must be matched by a heard word (or by two to four heard
words run together: "shakes pier", "basket ball"), allowing a per-word slip.
Words may be left out or added only when they are droppable (generic words,
articles, titles). Numbers are never droppable. In a second pass the words may
come in another order, where the entry has no numbers (rule "order").
"""

from __future__ import annotations

import itertools
import math

from host.judge.words import word_cost

DROP_COST = 0.3
MERGE_COST = 0.05
REORDER_COST = 0.5
INF = math.inf


def align(
    heard: tuple[str, ...],
    card: tuple[str, ...],
    droppable_card: frozenset[str],
    droppable_heard: frozenset[str],
) -> float | None:
    """Lowest cost of reading `heard` as `card` in order, or None."""
    n, m = len(heard), len(card)
    if not n or not m:
        return None
    # cost[i][j][k]: heard[:i] read as card[:j]; k = 1 once a real word matched
    cost = [[[INF, INF] for _ in range(m + 1)] for _ in range(n + 1)]
    cost[0][0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            for k in (0, 1):
                here = cost[i][j][k]
                if here == INF:
                    continue
                if j < m:
                    for size in (1, 2, 3, 4):
                        if i + size > n:
                            break
                        piece = "".join(heard[i : i + size])
                        c = word_cost(piece, card[j])
                        if c is not None:
                            _relax(cost, i + size, j + 1, 1, here + c + MERGE_COST * (size - 1))
                    if j + 1 < m and i < n:
                        c = word_cost(heard[i], card[j] + card[j + 1], phonetic=False)
                        if c is not None:
                            _relax(cost, i + 1, j + 2, 1, here + c + MERGE_COST)
                    if card[j] in droppable_card:
                        _relax(cost, i, j + 1, k, here + DROP_COST)
                if i < n and heard[i] in droppable_heard:
                    _relax(cost, i + 1, j, k, here + DROP_COST)
    best = cost[n][m][1]
    return None if best == INF else best


def _relax(cost: list[list[list[float]]], i: int, j: int, k: int, value: float) -> None:
    if value < cost[i][j][k]:
        cost[i][j][k] = value


def align_any_order(
    heard: tuple[str, ...],
    card: tuple[str, ...],
    droppable_card: frozenset[str],
    droppable_heard: frozenset[str],
) -> float | None:
    """Same words in another order ("juliet and romeo"); only where no number is involved."""
    heard_words = [w for w in heard if w not in droppable_heard]
    card_words = [w for w in card if w not in droppable_card]
    if len(card_words) < 2 or len(heard_words) != len(card_words) or len(card_words) > 6:
        return None
    if heard_words == card_words or not all(w.isalpha() for w in heard_words + card_words):
        return None  # same order (align() decides), or numbers, whose order matters
    best = INF
    for order in itertools.permutations(range(len(heard_words))):
        total = 0.0
        for card_index, heard_index in enumerate(order):
            c = word_cost(heard_words[heard_index], card_words[card_index])
            if c is None:
                break
            total += c
        else:
            best = min(best, total)
    return None if best == INF else best + REORDER_COST
