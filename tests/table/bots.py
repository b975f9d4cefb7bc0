"""Scripted players for the table's tests: they answer every prompt the way
a real table would, right or wrong as a seeded coin says."""

from __future__ import annotations

import random

from host.table.channels import Listening


class TableBot:
    """Says a plausible line for each prompt; `right` is the share of right answers."""

    def __init__(self, seed: int = 0, right: float = 0.6, steal: float = 0.5,
                 dice: str = "host", max_lines: int = 3000):
        self.rng = random.Random(seed)
        self.right = right
        self.steal = steal
        self.dice = dice
        self.lines = 0
        self.max_lines = max_lines

    def __call__(self, listening: Listening) -> str | None:
        self.lines += 1
        if self.lines > self.max_lines:
            return None    # a game that does not end is a bug: the script stops
        prompt = listening.prompt
        kind = prompt.get("type")
        if kind == "roll":
            return "roll" if self.dice == "host" else f"I rolled a {self.rng.randint(1, 6)}"
        if kind == "move":
            return "first"
        if kind == "jump":
            return self.rng.choice(["yes", "no"])
        if kind == "pick":
            return self.rng.choice(["first", "second"])
        if kind == "category":
            return self.rng.choice(listening.phrases)
        if kind == "claims":
            eligible = list(prompt["eligible"])
            self.rng.shuffle(eligible)
            return " and ".join(eligible[: self.rng.randint(0, len(eligible))]) or "nobody"
        if kind == "steal":
            if self.rng.random() < self.steal:
                return "steal " + " and ".join(prompt["eligible"])
            return "no"
        if kind == "answer":
            if listening.kind == "choice":          # the table judges (no judge installed)
                return "yes" if self.rng.random() < self.right else "no"
            if self.rng.random() < self.right:
                return listening.phrases[0]
            return "I have no idea what that is"
        return "yes"
