"""Simulated players for `play_out`: a skill per category and a way of choosing.

A chooser scores the alternatives of a decision (where to move, which
category, jump or stay, which half of a split); lower is better, ties are
broken at random:

    random   no preference
    greedy   the best chance of a new wedge with this very question (a space
             of an unowned colour that can earn it), else no preference
    optimal  the solver's expected cost to come, for that player's own skill

`SimulatedTable` plays every side of a game with `act(state) -> action`.
"""

from __future__ import annotations

import random

from host.advisor.chances import LOWEST_P
from host.advisor.model import Model, Option, build_model, mask_of
from host.advisor.solver import solved
from host.rules.board import CATEGORIES
from host.rules.editions import Rules

POLICIES = ("random", "greedy", "optimal")
PROMPT_VALUE_KEY = {"category": "category", "jump": "yes", "pick": "index"}


class RandomChooser:
    takes_part_at_random = True  # in All-Play claims and steals

    def __init__(self, rules: Rules, skill: tuple[float, ...]):
        self.model: Model = build_model(rules)
        self.skill = skill

    def destination_score(self, space: int, wedges, ruby: bool) -> float:
        return min(self.option_score(o, wedges, ruby) for o in self.model.options_at(space, wedges))

    def option_score(self, option: Option, wedges, ruby: bool) -> float:
        return 0.0


class GreedyChooser(RandomChooser):
    takes_part_at_random = False

    def option_score(self, option: Option, wedges, ruby: bool) -> float:
        if option.kind == "final":
            return -min(self.skill)  # the opponents pick the weakest category
        if option.kind == "ruby" and not ruby:
            return -self.skill[option.category]
        if (
            option.kind == "question"
            and option.wedge
            and not mask_of(wedges) >> option.category & 1
        ):
            return -self.skill[option.category]
        return 0.0


class OptimalChooser(RandomChooser):
    takes_part_at_random = False

    def __init__(self, rules: Rules, skill: tuple[float, ...]):
        super().__init__(rules, skill)
        self.solution = solved(rules, tuple(max(x, LOWEST_P) for x in skill))

    def destination_score(self, space: int, wedges, ruby: bool) -> float:
        return self.solution.landing_value(space, wedges, ruby)

    def option_score(self, option: Option, wedges, ruby: bool) -> float:
        return self.solution.option_value(option, wedges, ruby)


CHOOSERS = {"random": RandomChooser, "greedy": GreedyChooser, "optimal": OptimalChooser}


class SimulatedTable:
    """Every side of a game: answers right with its skill, chooses with its chooser.

    The opponents pick a final category: the player's weakest. All-Play claims
    and steals cost nothing, so greedy and optimal players always take part;
    random ones at random. The lander claims first.
    """

    def __init__(
        self,
        rules: Rules,
        skills: dict[str, tuple[float, ...]],
        choosers: dict[str, RandomChooser],
        rng: random.Random,
    ):
        self.rules = rules
        self.skills = skills
        self.choosers = choosers
        self.rng = rng

    def act(self, state: dict) -> dict:
        prompt = state["prompt"]
        kind = prompt["type"]
        rng = self.rng
        if kind == "roll":
            return {"type": "roll", "value": rng.randint(1, 6)}
        if kind == "answer":
            skill = self.skills[prompt["side"]][CATEGORIES.index(prompt["category"])]
            return {"type": "answer", "correct": rng.random() < skill}
        if kind in ("claims", "steal"):
            return {"type": kind, "sides": self._volunteers(prompt)}
        index, side = next(
            (i, s) for i, s in enumerate(state["sides"]) if s["name"] == prompt["side"]
        )
        wedges, ruby = side["wedges"], state["ruby_holder"] == index
        choose = self.choosers[side["name"]]
        if kind == "move":
            to = self._best(prompt["options"], lambda t: choose.destination_score(t, wedges, ruby))
            return {"type": "move", "to": to}
        if kind == "category" and prompt["purpose"] in ("final", "ruby_final"):
            skills = self.skills[side["name"]]
            pick = min if prompt["chooser"] == "opponents" else max
            chosen = pick(range(len(CATEGORIES)), key=lambda c: (skills[c], rng.random()))
            return {"type": "category", "category": CATEGORIES[chosen]}
        offered = [
            o
            for o in choose.model.options_at(side["space"], wedges)
            if o.label and o.label[0] == kind
        ]
        best = self._best(offered, lambda o: choose.option_score(o, wedges, ruby))
        return {"type": kind, PROMPT_VALUE_KEY[kind]: best.label[1]}

    def _best(self, alternatives, score):
        rng = self.rng
        return min(alternatives, key=lambda a: (round(score(a), 12), rng.random()))

    def _volunteers(self, prompt) -> list[str]:
        names = list(prompt["eligible"])
        self.rng.shuffle(names)
        if prompt["type"] == "claims" and prompt["side"] in names:
            names.remove(prompt["side"])
            names.insert(0, prompt["side"])
        return [
            n for n in names if not self.choosers[n].takes_part_at_random or self.rng.random() < 0.5
        ]


def simulated_table(
    rules: Rules, skills: dict[str, tuple[float, ...]], policy, rng: random.Random
) -> SimulatedTable:
    """`policy`: a name for every side, or a dict side -> name."""
    policies = policy if isinstance(policy, dict) else {name: policy for name in skills}
    return SimulatedTable(
        rules, skills, {n: CHOOSERS[policies[n]](rules, skills[n]) for n in skills}, rng
    )
