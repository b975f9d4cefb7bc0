"""The edition's card handling behind the engine's "a question of category X".

Dealer state is plain JSON data kept inside the game state, so saving,
resuming and replays reproduce every draw. Card ids only: the questions
themselves stay in the decks, looked up by the host when it reads them.

Handlings (docs/rulings.md, rulings 10, 12, 20, 25):
- two_boxes (classic): the next question from the front of one box, the one
  after from the other; a used card goes to the back of its box.
- divider_sets (genus2): the deck in up to six sets (at most 100 cards), two
  in the holders; when a holder's divider card comes round, its set is
  replaced by an unused one (or, all used, the one rested longest).
- discard_pile (genus6): read cards go to a discard pile, shuffled back in
  (seeded) when the deck runs out.
- ruby_boxes (ruby): the silver box and the Ruby box, front card, back after use.

Within a game no question is asked twice while unasked ones remain: the
dealer takes the front-most card whose question in the wanted category has
not been asked yet (the host can do what the table cannot: look ahead).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypedDict, get_args

from host.errors import DataFileError

if TYPE_CHECKING:
    from host.cards.deck import Deck

Handling = Literal["two_boxes", "divider_sets", "discard_pile", "ruby_boxes"]
HANDLINGS: tuple[Handling, ...] = get_args(Handling)
MAX_SET_SIZE = 100
SETS = 6


class OutOfCards(DataFileError):
    """The deck has no card that can serve the request (e.g. no Ruby deck)."""


# Dealer state, one shape per handling (JSON data inside the game state).
class TwoBoxes(TypedDict):
    handling: Literal["two_boxes"]
    seed: int | None
    asked: dict[str, list[str]]  # card id -> categories already read
    shuffles: int
    boxes: list[list[str]]
    next: int  # the box the next card comes from


class DividerSets(TypedDict):
    handling: Literal["divider_sets"]
    seed: int | None
    asked: dict[str, list[str]]
    shuffles: int
    sets: list[list[str]]
    holders: list[int]  # the set in each of the two holders
    queues: list[list[str]]  # the cards in each holder, front first
    dealt: list[int]  # cards dealt from each holder since its set came in
    rested: list[int]  # sets out of the holders, longest rested first
    next: int


class DiscardPile(TypedDict):
    handling: Literal["discard_pile"]
    seed: int | None
    asked: dict[str, list[str]]
    shuffles: int
    deck: list[str]
    discard: list[str]


class RubyBoxes(TypedDict):
    handling: Literal["ruby_boxes"]
    seed: int | None
    asked: dict[str, list[str]]
    shuffles: int
    box: list[str]
    ruby: list[str]


DealerState = TwoBoxes | DividerSets | DiscardPile | RubyBoxes


@dataclass(frozen=True)
class CardCatalog:
    """What the engine needs to know of the cards: ids, True/False questions, years."""

    standard: tuple[str, ...]
    ruby: tuple[str, ...] = ()
    true_false: dict[str, frozenset[str]] = field(default_factory=dict)  # card id -> T/F categories
    years: dict[str, int] = field(default_factory=dict)  # ruby card id -> year

    @classmethod
    def from_decks(cls, decks: Iterable[Deck]) -> CardCatalog:
        standard: list[str] = []
        ruby: list[str] = []
        tf: dict[str, frozenset[str]] = {}
        years: dict[str, int] = {}
        for deck in decks:
            for card in deck.cards:
                (ruby if deck.kind == "ruby" else standard).append(card.id)
                tf[card.id] = frozenset(c for c, q in card.questions.items() if q.true_false)
                if card.year is not None:
                    years[card.id] = card.year
        return cls(tuple(standard), tuple(ruby), tf, years)

    def is_true_false(self, card_id: str, category: str) -> bool:
        return category in self.true_false.get(card_id, ())


def new_dealer(
    handling: str, catalog: CardCatalog, seed: int | None, order: list[str] | None = None
) -> DealerState:
    """A fresh dealer state. `order` (card ids) overrides the seeded shuffle,
    so the host can put cards not asked in earlier games first."""
    rng = random.Random(seed)
    cards = list(order) if order is not None else _shuffled(catalog.standard, rng)
    if handling == "two_boxes":
        return {
            "handling": "two_boxes",
            "seed": seed,
            "asked": {},
            "shuffles": 0,
            "boxes": [cards[0::2], cards[1::2]],
            "next": 0,
        }
    if handling == "divider_sets":
        size = min(MAX_SET_SIZE, max(1, -(-len(cards) // SETS)))
        sets = [cards[i : i + size] for i in range(0, len(cards), size)] or [[]]
        holders = [0, 1] if len(sets) > 1 else [0, 0]
        return {
            "handling": "divider_sets",
            "seed": seed,
            "asked": {},
            "shuffles": 0,
            "sets": sets,
            "holders": holders,
            "queues": [list(sets[h]) for h in holders],
            "dealt": [0, 0],
            "rested": [i for i in range(len(sets)) if i not in holders],
            "next": 0,
        }
    if handling == "discard_pile":
        return {
            "handling": "discard_pile",
            "seed": seed,
            "asked": {},
            "shuffles": 0,
            "deck": cards,
            "discard": [],
        }
    if handling == "ruby_boxes":
        return {
            "handling": "ruby_boxes",
            "seed": seed,
            "asked": {},
            "shuffles": 0,
            "box": cards,
            "ruby": _shuffled(catalog.ruby, rng),
        }
    raise ValueError(f"unknown card handling {handling!r}")


def draw(
    state: DealerState, catalog: CardCatalog, category: str | None, allow_true_false: bool = True
) -> str:
    """Draw a standard card for a question of `category` (None: any, e.g. SPLIT,
    which reads two questions). Mutates and returns the card id."""
    wanted = [category] if category else []
    if state["handling"] == "two_boxes":
        box = state["boxes"][state["next"]]
        if not box:
            box = state["boxes"][1 - state["next"]]
        else:
            state["next"] = 1 - state["next"]
        card = _take_front_most(box, state, catalog, wanted, allow_true_false)
        box.append(card)
    elif state["handling"] == "divider_sets":
        card = _draw_from_holder(state, catalog, wanted, allow_true_false)
    elif state["handling"] == "discard_pile":
        try:
            card = _take_front_most(state["deck"], state, catalog, wanted, allow_true_false)
        except OutOfCards:
            if not state["discard"]:
                raise
            _reshuffle(state)  # the deck ran out (of cards that can serve this question)
            card = _take_front_most(state["deck"], state, catalog, wanted, allow_true_false)
        state["discard"].append(card)
    else:
        card = _take_front_most(state["box"], state, catalog, wanted, allow_true_false)
        state["box"].append(card)
    _mark_asked(state, card, wanted)
    return card


def draw_ruby(state: DealerState, catalog: CardCatalog, allow_true_false: bool = True) -> str:
    """The front card of the Ruby box (its year is shown before the category is chosen)."""
    if state["handling"] != "ruby_boxes":
        raise OutOfCards("this edition has no Ruby deck")
    if not catalog.ruby:
        raise OutOfCards("a Ruby card is needed, and there is no Ruby deck (kind: ruby)")
    card = _take_front_most(state["ruby"], state, catalog, [], allow_true_false)
    state["ruby"].append(card)
    return card


def mark_asked(state: DealerState, card: str, category: str) -> None:
    """Record which question of a card was read (SPLIT and Ruby cards: once chosen)."""
    _mark_asked(state, card, [category])


def send_to_back(state: DealerState, card: str, category: str | None) -> None:
    """A broken card goes to the back of whichever queue holds it, and its
    question counts as asked, so the dealer reaches for another card."""
    for queue in _queues(state):
        if card in queue:
            queue.remove(card)
            queue.append(card)
    if category:
        mark_asked(state, card, category)


def _queues(state: DealerState) -> list[list[str]]:
    """The queues a card is drawn from, by card handling."""
    if state["handling"] == "two_boxes":
        return state["boxes"]
    if state["handling"] == "divider_sets":
        return state["queues"]
    if state["handling"] == "discard_pile":
        return [state["deck"]]
    return [state["box"], state["ruby"]]


def _mark_asked(state: DealerState, card: str, categories: list[str]) -> None:
    if categories:
        asked = state["asked"].setdefault(card, [])
        asked.extend(c for c in categories if c not in asked)


def _take_front_most(
    queue: list[str],
    state: DealerState,
    catalog: CardCatalog,
    wanted: list[str],
    allow_true_false: bool,
) -> str:
    """Remove and return the front-most usable card, preferring unasked questions."""
    if not queue:
        raise OutOfCards("the deck is empty")
    asked = state["asked"]
    fallback: int | None = None
    for index, card in enumerate(queue):
        tf = catalog.true_false.get(card, ())
        if not allow_true_false and (any(c in tf for c in wanted) if wanted else tf):
            continue
        if not wanted or not any(c in asked.get(card, ()) for c in wanted):
            return queue.pop(index)
        if fallback is None:
            fallback = index
    if fallback is None:
        raise OutOfCards(
            "no card in the deck can serve this question"
            + ("" if allow_true_false else " without True/False questions")
        )
    return queue.pop(fallback)


def _draw_from_holder(
    state: DividerSets, catalog: CardCatalog, wanted: list[str], allow_true_false: bool
) -> str:
    holder = state["next"]
    state["next"] = 1 - holder
    if state["dealt"][holder] >= len(state["sets"][state["holders"][holder]]):
        _replace_set(state, holder)  # the divider card came round
    queue = state["queues"][holder]
    card = _take_front_most(queue, state, catalog, wanted, allow_true_false)
    queue.append(card)
    state["dealt"][holder] += 1
    return card


def _replace_set(state: DividerSets, holder: int) -> None:
    old = state["holders"][holder]
    if state["rested"]:
        new = state["rested"].pop(0)
        state["rested"].append(old)
    else:
        new = old
    state["holders"][holder] = new
    state["queues"][holder] = list(state["sets"][new])
    state["dealt"][holder] = 0


def _reshuffle(state: DiscardPile) -> None:
    state["shuffles"] += 1
    rng = random.Random(f"{state['seed']}:{state['shuffles']}")
    state["deck"] = state["discard"] + state["deck"]
    state["discard"] = []
    rng.shuffle(state["deck"])


def _shuffled(cards: Sequence[str], rng: random.Random) -> list[str]:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    return shuffled
