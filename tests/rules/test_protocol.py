"""The typed protocol (host/rules/protocol.py) matches what the engine really emits:
every event, prompt and state of seeded playouts in every edition and mode is checked
against its TypedDict, so the protocol cannot drift from the engine silently."""

import random
from pathlib import Path
from typing import get_args

import pytest

from host.cards.dealer import (
    HANDLINGS,
    CardCatalog,
    DealerState,
    DiscardPile,
    DividerSets,
    RubyBoxes,
    TwoBoxes,
)
from host.cards.deck import load_decks
from host.rules.board import CATEGORIES
from host.rules.editions import edition_names, load_rules, mode_names
from host.rules.engine import Engine
from host.rules.protocol import (
    ACTION_TYPES,
    EVENT_TYPES,
    PROMPT_TYPES,
    PURPOSES,
    GameState,
    QuestionState,
    SideState,
    key_problems,
)
from host.sim.playout import RandomPolicy, play_out

DECKS = Path(__file__).resolve().parents[1] / "fixtures" / "decks"
GAMES = 20
MODES = [(edition, mode) for edition in edition_names() for mode in mode_names(edition)]
DEALER_TYPES = {
    "two_boxes": TwoBoxes,
    "divider_sets": DividerSets,
    "discard_pile": DiscardPile,
    "ruby_boxes": RubyBoxes,
}


@pytest.fixture(scope="module")
def catalog():
    return CardCatalog.from_decks(load_decks([DECKS / "standard.yaml", DECKS / "ruby.yaml"]))


class ShapeCheck:
    """Collects every mismatch between the engine's data and the protocol's types."""

    def __init__(self):
        self.problems: set[str] = set()
        self.seen_events: set[str] = set()
        self.seen_prompts: set[str] = set()

    def fits(self, data, shape, where: str) -> None:
        self.problems.update(f"{where}: {p}" for p in key_problems(data, shape))

    def state(self, state) -> None:
        self.fits(state, GameState, "state")
        for side in state["sides"]:
            self.fits(side, SideState, "side")
        if state["question"] is not None:
            self.fits(state["question"], QuestionState, "question")
            if state["question"]["purpose"] not in PURPOSES:
                self.problems.add(f"question: purpose {state['question']['purpose']!r}")
        self.fits(state["dealer"], DEALER_TYPES[state["dealer"]["handling"]], "dealer")
        prompt = state["prompt"]
        self.seen_prompts.add(prompt["type"])
        self.fits(prompt, PROMPT_TYPES[prompt["type"]], f"prompt {prompt['type']}")

    def events(self, events) -> None:
        for event in events:
            kind = event["type"]
            if kind not in EVENT_TYPES:
                self.problems.add(f"event of unknown kind {kind!r}")
                continue
            self.seen_events.add(kind)
            self.fits(event, EVENT_TYPES[kind], f"event {kind}")


@pytest.mark.parametrize(("edition", "mode"), MODES)
def test_every_event_prompt_and_state_fits_the_protocol(catalog, edition, mode):
    rules = load_rules(edition, mode)
    engine = Engine(rules, catalog)
    rng = random.Random(12)
    check = ShapeCheck()

    def after_step(state, events):
        check.events(events)
        check.state(state)

    for seed in range(GAMES):
        players = ["Ann", "Ben", "Cy"][: rng.randint(2, 3)]
        wedges = {p: rng.sample(CATEGORIES, 3) for p in players} if rules.start_wedges else None
        state, opening = engine.new_game(players=players, seed=seed, start_wedges=wedges)
        check.events(opening)
        check.state(state)
        result = play_out(
            engine,
            RandomPolicy(rng, p_right=0.7),
            players=players,
            seed=seed,
            start_wedges=wedges,
            check=after_step,
        )
        check.state(result.state)
    assert not check.problems, sorted(check.problems)
    assert {"game_started", "turn_started", "answered", "game_over"} <= check.seen_events
    assert {"roll", "answer", "over"} <= check.seen_prompts


def test_the_random_policy_only_sends_actions_of_the_protocol(catalog):
    engine = Engine(load_rules("genus2", "standard"), catalog)
    policy = RandomPolicy(random.Random(3))
    state, _ = engine.new_game(players=["Ann", "Ben"], seed=3)
    kinds = set()
    for _ in range(400):
        if state["over"]:
            break
        action = policy.act(state)
        kinds.add(action["type"])
        assert key_problems(action, ACTION_TYPES[action["type"]]) == []
        engine.step(state, action)
    assert {"roll", "answer"} <= kinds


def test_the_dealer_has_one_state_shape_per_handling():
    assert set(DEALER_TYPES) == set(HANDLINGS)
    assert set(get_args(DealerState)) == set(DEALER_TYPES.values())


def test_key_problems_names_missing_and_unexpected_keys():
    problems = key_problems({"type": "rolled", "side": "Ann", "die": 4}, EVENT_TYPES["rolled"])
    assert problems == ["Rolled: missing 'value'", "Rolled: unexpected 'die'"]
