"""Complete games played by simulated players, for tests, benchmarks and statistics.

A policy answers every prompt of the engine; the default one chooses at
random among the legal options and answers right with probability p.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from host.rules.engine import Engine

MAX_STEPS = 100_000  # no game of any edition comes near this; a guard against a stuck engine


class RandomPolicy:
    """Random legal choices; right answers with probability `p_right`."""

    def __init__(self, rng: random.Random, p_right: float = 0.6):
        self.rng = rng
        self.p_right = p_right

    def act(self, state: dict) -> dict:
        prompt = state["prompt"]
        rng = self.rng
        kind = prompt["type"]
        if kind == "roll":
            return {"type": "roll", "value": rng.randint(1, 6)}
        if kind == "move":
            return {"type": "move", "to": rng.choice(prompt["options"])}
        if kind == "answer":
            return {"type": "answer", "correct": rng.random() < self.p_right}
        if kind == "category":
            return {"type": "category", "category": rng.choice(prompt["options"])}
        if kind == "pick":
            return {"type": "pick", "index": rng.randint(0, 1)}
        if kind == "jump":
            return {"type": "jump", "yes": rng.random() < 0.5}
        # claims / steal: a random subset of those who may, in random order
        names = [n for n in prompt["eligible"] if rng.random() < 0.5]
        rng.shuffle(names)
        return {"type": kind, "sides": names}


@dataclass
class PlayoutResult:
    state: dict
    steps: int
    events: list[dict] | None


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
        if keep_events:
            log.extend(events)
    return PlayoutResult(state, steps, log)
