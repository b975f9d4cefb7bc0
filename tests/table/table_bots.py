"""Scripted players for the table's tests: they answer every prompt the way
a real table would, right or wrong as a seeded coin says."""

from __future__ import annotations

import hashlib
import random

from host.table.channels import Listening


class TableBot:
    """Says a plausible line for each prompt; `right` is the share of right answers."""

    def __init__(
        self,
        seed: int = 0,
        right: float = 0.6,
        steal: float = 0.5,
        dice: str = "host",
        max_lines: int = 3000,
    ):
        self.rng = random.Random(seed)
        self.right = right
        self.steal = steal
        self.dice = dice
        self.lines = 0
        self.max_lines = max_lines

    def __call__(self, listening: Listening) -> str | None:
        self.lines += 1
        if self.lines > self.max_lines:
            return None  # a game that does not end is a bug: the script stops
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
            if listening.kind == "choice":  # the table judges (no judge installed)
                return "yes" if self.rng.random() < self.right else "no"
            if self.rng.random() < self.right:
                return listening.phrases[0]
            return "I have no idea what that is"
        return "yes"


def _coin(*parts) -> float:
    """A number in [0, 1) from the parts alone, the same in every process."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


class StatelessBot:
    """Decides from the prompt alone, so a game stopped anywhere and resumed
    plays on exactly as it would have (save/resume and kill tests)."""

    def __init__(self, right: float = 0.8, max_lines: int = 3000):
        self.right = right
        self.lines = 0
        self.max_lines = max_lines

    def __call__(self, listening: Listening) -> str | None:
        self.lines += 1
        if self.lines > self.max_lines:
            return None
        prompt = listening.prompt
        kind = prompt.get("type")
        key = repr(sorted(prompt.items()))
        if kind == "roll":
            return "roll"
        if kind in ("move", "pick"):
            return "first"
        if kind == "jump":
            return "yes" if _coin(key) < 0.5 else "no"
        if kind == "category":
            return listening.phrases[int(_coin(key) * len(listening.phrases))]
        if kind in ("claims", "steal"):
            eligible = prompt["eligible"]
            chosen = [name for name in eligible if _coin(key, name) < 0.5]
            return (
                ("steal " if kind == "steal" else "") + " and ".join(chosen) if chosen else "nobody"
            )
        if kind == "answer":
            if listening.kind == "choice":
                return "yes" if _coin(key) < self.right else "no"
            return (
                listening.phrases[0] if _coin(key) < self.right else "I have no idea what that is"
            )
        return "yes"
