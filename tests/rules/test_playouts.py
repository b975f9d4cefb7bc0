"""Random playouts: thousands of seeded games per edition and mode, checking invariants
after every step (no duplicate wedge, legal spaces, tokens never negative, every game ends).

Two to four sides and p(right) between 0.5 and 0.9 keep the 2,000 games of each edition
and mode to seconds; the engine's behaviour does not depend on either.
"""

import random
from pathlib import Path
from typing import ClassVar

import pytest

from host.cards.dealer import CardCatalog
from host.cards.deck import load_decks
from host.rules.board import CATEGORIES, HUB
from host.rules.editions import edition_names, load_rules, mode_names
from host.rules.engine import Engine
from host.sim.playout import RandomPolicy, play_out

DECKS = Path(__file__).resolve().parents[1] / "fixtures" / "decks"
GAMES = 2000
MODES = [(edition, mode) for edition in edition_names() for mode in mode_names(edition)]


@pytest.fixture(scope="module")
def catalog():
    return CardCatalog.from_decks(load_decks([DECKS / "standard.yaml", DECKS / "ruby.yaml"]))


class Invariants:
    """Checks run after every step of a game."""

    def __init__(self, engine: Engine):
        self.rules = engine.rules

    # Only these events change the sides; other steps need only the prompt checked.
    CHANGES: ClassVar[set[str]] = {
        "moved",
        "jumped",
        "wedge_won",
        "token_won",
        "token_spent",
        "moved_to_hub",
        "ruby_taken",
        "game_over",
    }
    KNOWN: ClassVar[set[str]] = set(CATEGORIES)

    def __call__(self, state, events):
        names = [s["name"] for s in state["sides"]]
        if any(e["type"] in self.CHANGES for e in events):
            self.check_sides(state, names)
        prompt = state["prompt"]
        if state["over"]:
            assert prompt["type"] == "over" and state["winners"]
            assert set(state["winners"]) <= set(names)
            return
        assert 0 <= state["turn"] < len(names)
        assert prompt.get("side") in names
        if prompt["type"] == "steal":
            question = state["question"]
            assert question["purpose"] in ("space", "wild") and not question["true_false"]
            assert self.rules.steal
        if prompt["type"] == "category" and prompt["purpose"] == "final":
            assert self.rules.final == "opponents"
        for event in events:
            if event["type"] == "token_spent":
                assert self.rules.steal

    def check_sides(self, state, names):
        for side in state["sides"]:
            assert 0 <= side["space"] <= HUB
            assert len(set(side["wedges"])) == len(side["wedges"]) <= 6
            assert self.KNOWN.issuperset(side["wedges"])
            assert side["tokens"] >= 0
            if not self.rules.owned_gives_token and not self.rules.steal:
                assert side["tokens"] == 0
            if (
                len(side["wedges"]) == 6
                and self.rules.sixth_wedge == "to_hub"
                and self.rules.final != "none"
                and not state["over"]
            ):
                assert side["space"] == HUB
        holder = state["ruby_holder"]
        assert holder is None or (self.rules.final == "ruby" and 0 <= holder < len(names))


def play_many(engine, catalog, games, teams=False, start_wedges=False):
    rng = random.Random(f"{engine.rules.edition}/{engine.rules.mode}/{teams}")
    check = Invariants(engine)
    lengths = []
    for game in range(games):
        count = rng.randint(2, 4) if not engine.rules.coop else rng.randint(1, 4)
        names = [f"P{i}" for i in range(count)]
        kwargs = {"players": names}
        if teams:
            kwargs = {"teams": {f"T{i}": [f"T{i}a", f"T{i}b"] for i in range(count)}}
        if start_wedges:
            sides = kwargs.get("players") or list(kwargs["teams"])
            kwargs["start_wedges"] = {s: rng.sample(CATEGORIES, 3) for s in sides}
        result = play_out(
            engine,
            RandomPolicy(rng, p_right=rng.uniform(0.5, 0.9)),
            seed=game,
            check=check,
            **kwargs,
        )
        assert result.state["over"]
        lengths.append(result.steps)
    return lengths


@pytest.mark.parametrize("edition, mode", MODES)
def test_random_playouts_end_and_keep_every_invariant(catalog, edition, mode):
    engine = Engine(load_rules(edition, mode), catalog)
    lengths = play_many(engine, catalog, GAMES, start_wedges=(mode == "quick"))
    assert len(lengths) == GAMES


@pytest.mark.parametrize("mode", ["classic", "trivial", "coop"])
def test_random_genus6_team_playouts(catalog, mode):
    engine = Engine(load_rules("genus6", mode), catalog)
    play_many(engine, catalog, GAMES // 4, teams=True)


def test_playouts_without_true_false_questions_never_draw_one(catalog):
    engine = Engine(load_rules("genus6", "classic"), catalog, allow_true_false=False)
    rng = random.Random(5)

    def check(state, events):
        for event in events:
            if event["type"] == "question_asked" and event["deck"] == "standard":
                assert not catalog.is_true_false(event["card"], event["category"])

    for game in range(200):
        play_out(engine, RandomPolicy(rng), players=["A", "B", "C"], seed=game, check=check)


def test_the_same_seed_and_choices_give_the_same_game(catalog):
    engine = Engine(load_rules("genus6", "trivial"), catalog)
    runs = [
        play_out(
            engine, RandomPolicy(random.Random(9)), players=["A", "B"], seed=3, keep_events=True
        ).events
        for _ in range(2)
    ]
    assert runs[0] == runs[1]
