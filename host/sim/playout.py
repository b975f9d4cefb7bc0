"""Complete games played by simulated players, for tests, benchmarks and statistics.

A policy answers every prompt of the engine; the default one chooses at
random among the legal options and answers right with probability p.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from host.rules.engine import Engine
from host.rules.protocol import Action, Event, GameState

MAX_STEPS = 100_000  # no game of any edition comes near this; a guard against a stuck engine


class RandomPolicy:
    """Random legal choices; right answers with probability `p_right`."""

    def __init__(self, rng: random.Random, p_right: float = 0.6):
        self.rng = rng
        self.p_right = p_right

    def act(self, state: GameState) -> Action:
        prompt = state["prompt"]
        rng = self.rng
        if prompt["type"] == "roll":
            return {"type": "roll", "value": rng.randint(1, 6)}
        if prompt["type"] == "move":
            return {"type": "move", "to": rng.choice(prompt["options"])}
        if prompt["type"] == "answer":
            return {"type": "answer", "correct": rng.random() < self.p_right}
        if prompt["type"] == "category":
            return {"type": "category", "category": rng.choice(prompt["options"])}
        if prompt["type"] == "pick":
            return {"type": "pick", "index": rng.randint(0, 1)}
        if prompt["type"] == "jump":
            return {"type": "jump", "yes": rng.random() < 0.5}
        if prompt["type"] == "over":
            raise ValueError("the game is over: nothing to act on")
        # claims / steal: a random subset of those who may, in random order
        names = [n for n in prompt["eligible"] if rng.random() < 0.5]
        rng.shuffle(names)
        if prompt["type"] == "claims":
            return {"type": "claims", "sides": names}
        return {"type": "steal", "sides": names}


@dataclass
class PlayoutResult:
    state: GameState
    steps: int
    events: list[Event] | None


def play_out(
    engine: Engine,
    policy,
    players=None,
    teams=None,
    seed=None,
    start_wedges=None,
    keep_events: bool = False,
    check=None,
) -> PlayoutResult:
    """Play one game to the end. `check(state, events)` runs after every step."""
    state, events = engine.new_game(players, teams, seed, start_wedges)
    log = list(events) if keep_events else None
    steps = 0
    while not state["over"]:
        if steps >= MAX_STEPS:
            raise RuntimeError(f"game did not end within {MAX_STEPS} steps")
        events = engine.step(state, policy.act(state))
        steps += 1
        if check is not None:
            check(state, events)
        if log is not None:
            log.extend(events)
    return PlayoutResult(state, steps, log)
