"""Helpers for the advisor tests: one-player games played by sampling, to check the solver.

Two samplers of the optimal policy (the solver's own choices):
- `model_game` plays the model's rules directly (fast; checks the value iteration);
- `engine_games` plays the real engine against a dummy opponent who never answers
  right (checks that the model is the engine's game).
"""

from __future__ import annotations

import random
import statistics
from pathlib import Path

from host.advisor.policies import simulated_table
from host.cards.dealer import CardCatalog
from host.cards.deck import load_decks
from host.rules.board import CATEGORIES, HUB
from host.rules.engine import TABLE, Engine
from host.sim.playout import play_out

DECKS = Path(__file__).resolve().parents[1] / "fixtures" / "decks"
Z = 3.29  # a 99.9% interval: seeded games, but robust to changes in the random streams


def small_catalog() -> CardCatalog:
    return CardCatalog.from_decks(load_decks([DECKS / "standard.yaml", DECKS / "ruby.yaml"]))


def model_game(solution, rng: random.Random) -> int:
    """Turns (the winning one included) or, in co-op, cards of one game."""
    model, p = solution.model, solution.p
    rules = model.rules
    final_p = max(p) if rules.final == "ruby" else min(p)
    space, wedges, ruby, turns, cards = HUB, [], False, 1, 0
    while True:
        roll = rng.randint(1, 6)
        space = min(
            rules.moves.destinations(space, roll),
            key=lambda t: solution.landing_value(t, wedges, ruby),
        )
        option = min(
            model.options_at(space, wedges), key=lambda o: solution.option_value(o, wedges, ruby)
        )
        space = option.space
        if option.kind == "roll":
            continue
        cards += 1
        chance = final_p if option.kind == "final" else p[option.category]
        if rng.random() >= chance:
            turns += 1
            continue
        if option.kind == "final":
            break
        category = CATEGORIES[option.category]
        if option.kind == "ruby":
            ruby = True
        elif option.wedge and category not in wedges:
            wedges = sorted(wedges + [category])
            if len(wedges) < 6:
                turns += rules.wedge_ends_turn
                continue
            if rules.coop or (rules.final == "ruby" and ruby):
                break
            if model.rolls_with_six:
                continue
            turns += 1  # the sixth wedge ends the turn
            while True:  # then a final question a turn
                cards += 1
                if rng.random() < final_p:
                    break
                turns += 1
            break
    return cards if rules.coop else turns


def model_games(solution, games: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [model_game(solution, rng) for _ in range(games)]


def engine_games(engine: Engine, p: float, games: int, seed: int) -> list[int]:
    """The solo player's turns (co-op: the table's cards) in real games."""
    rules = engine.rules
    rng = random.Random(seed)
    if rules.coop:
        table = simulated_table(rules, {TABLE: (p,) * 6}, "optimal", rng)
        return [
            play_out(engine, table, players=["Ann", "Bob"], seed=g).state["cards"]
            for g in range(games)
        ]
    table = simulated_table(
        rules, {"solo": (p,) * 6, "dummy": (0.0,) * 6}, {"solo": "optimal", "dummy": "random"}, rng
    )
    start = None
    if rules.start_wedges:
        start = {
            "solo": list(table.choosers["solo"].solution.best_start_wedges()),
            "dummy": list(CATEGORIES[: rules.start_wedges]),
        }
    results = []
    for g in range(games):
        state = play_out(engine, table, players=["solo", "dummy"], seed=g, start_wedges=start).state
        assert state["winners"] == ["solo"]
        results.append(state["sides"][0]["turns"])
    return results


def interval(samples) -> tuple[float, float]:
    """The mean and the half-width of its 99.9% confidence interval."""
    return statistics.fmean(samples), Z * statistics.stdev(samples) / len(samples) ** 0.5
