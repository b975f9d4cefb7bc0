"""The in-game "advise" command: rank the choices of a prompt and say why in one sentence.

The player's chance of a right answer per category is estimated from their
answers so far in this game with a neutral Beta(2, 2) prior (a half, worth
four answers), so one lucky answer does not make an expert. The choices are
ranked by the one-player solver's expected turns to come (co-op: cards) for
those chances: the advice plays for the player's own fastest win and leaves
the opponents out, as the solver does.
"""

from __future__ import annotations

from dataclasses import dataclass

from host.advisor.model import Option, build_model
from host.advisor.solver import solved
from host.rules.board import CATEGORIES, HUB
from host.rules.editions import Rules
from host.rules.engine import Engine
from host.rules.protocol import GameState, Prompt, SideState

PRIOR_RIGHT, PRIOR_WRONG = 2, 2
CLOSE = 0.05  # differences below this (turns or cards) are not worth a mention
ADVISED_PROMPTS = ("move", "category", "jump", "pick")


@dataclass(frozen=True)
class Ranked:
    choice: object  # the action's value: a space id, a category id, True/False, an index
    name: str  # how the sentence names it
    cost: float  # expected turns (co-op: cards) still to come after choosing it


@dataclass(frozen=True)
class Advice:
    ranked: tuple[Ranked, ...]  # best first; empty when there is nothing to advise on
    sentence: str

    @property
    def best(self) -> Ranked | None:
        return self.ranked[0] if self.ranked else None


# ------------------------------------------------------------- strengths


def estimated_p(strengths) -> tuple[float, ...]:
    """Posterior mean chance per category from {category: (right, asked)}."""
    result = []
    for category in CATEGORIES:
        right, asked = (strengths or {}).get(category, (0, 0))
        result.append((right + PRIOR_RIGHT) / (asked + PRIOR_RIGHT + PRIOR_WRONG))
    return tuple(round(x, 2) for x in result)  # rounded: nearby chances share a solution


# ---------------------------------------------------------------- advice


def advise(
    rules: Rules,
    state: GameState,
    side_name: str,
    strengths=None,
    labels: dict[int, str] | None = None,
) -> Advice:
    """Advice for `side_name` (a side or one of its members) at the current prompt.

    `strengths`: {category: (right, asked)} for that side this game. `labels`:
    the host's names for the move's destinations (space id -> words), if it has them.
    """
    prompt = state["prompt"]
    side = Engine.side_of(state, side_name)
    if side is None:
        return Advice((), f"{side_name} is not playing this game.")
    if prompt.get("side") != side["name"] or prompt["type"] not in ADVISED_PROMPTS:
        return Advice((), _nothing_to_advise(prompt, side))
    if prompt["type"] == "category" and prompt.get("chooser") == "opponents":
        return Advice((), "The opponents choose this category, not you.")
    p = estimated_p(strengths)
    solution = solved(rules, p)
    index = state["sides"].index(side)
    wedges, ruby = side["wedges"], state["ruby_holder"] == index
    words = _Words(rules, side, ruby, strengths or {}, labels or {})
    if prompt["type"] == "move":
        ranked = [
            Ranked(t, words.destination(t), solution.landing_value(t, wedges, ruby))
            for t in prompt["options"]
        ]
    elif prompt["type"] == "category" and prompt["purpose"] == "ruby_final":
        # one question a turn until one is right: (1 - p) / p turns lost on average
        ranked = [Ranked(c, rules.names[c], (1 - p[i]) / p[i]) for i, c in enumerate(CATEGORIES)]
    else:
        offered = [
            o
            for o in build_model(rules).options_at(side["space"], wedges)
            if o.label and o.label[0] == prompt["type"]
        ]
        ranked = [
            Ranked(o.label[1], words.option(o), solution.option_value(o, wedges, ruby))
            for o in offered
        ]
    ranked.sort(key=lambda r: r.cost)
    unit = "cards" if rules.coop else "turns"
    return Advice(tuple(ranked), words.sentence(ranked, prompt, solution, unit))


def _nothing_to_advise(prompt: Prompt, side: SideState) -> str:
    kind = prompt["type"]
    if kind == "over":
        return "The game is over."
    if prompt.get("side") != side["name"]:
        return f"It is {prompt.get('side')}'s go; I can advise {side['name']} on their own move."
    if kind == "roll":
        return "Roll first; then say advise and I'll tell you the best move."
    return "Just answer the question; there is no choice to advise on."


class _Words:
    """How the advice names spaces and reasons."""

    def __init__(self, rules, side, ruby, strengths, labels):
        self.rules = rules
        self.board = rules.board
        self.side = side
        self.ruby = ruby
        self.strengths = strengths
        self.labels = labels

    def name(self, category: str) -> str:
        return self.rules.names[category]

    def needed(self, category: str) -> bool:
        return category not in self.side["wedges"]

    def record(self, category: str) -> str:
        right, asked = self.strengths.get(category, (0, 0))
        name = self.name(category)
        if not asked:
            return f"you haven't had {_a(name)} question yet"
        return f"you've answered {right} of {asked} {name} questions"

    def destination(self, space_id: int) -> str:
        if space_id in self.labels:
            return self.labels[space_id]
        space = self.board.space(space_id)
        kind = space.kind
        if kind == "hq":
            return (
                f"the {self.name(space.category)} wedge"
                if self.needed(space.category)
                else f"{self.name(space.category)} headquarters"
            )
        if kind == "category":
            return f"{_a(self.name(space.category))} question at space {space_id}"
        if kind in ("jumper", "steal"):
            return (
                f"the {self.name(space.category)} {'jumper' if kind == 'jumper' else 'steal space'}"
            )
        if kind == "split":
            return f"the {self.name(space.split[0])} or {self.name(space.split[1])} split"
        return {
            "roll_again": f"roll again at {space_id}",
            "wild": "the wild space",
            "ruby": "a Ruby space",
        }.get(kind, "the hub")

    def option(self, option: Option) -> str:
        if option.label[0] == "jump":
            target = self.board.space(option.space)
            return (
                f"jump to {self.destination(target.id)}"
                if option.label[1]
                else "stay and answer here"
            )
        return self.name(CATEGORIES[option.category])

    # -------------------------------------------------------------- why

    def sentence(self, ranked: list[Ranked], prompt, solution, unit: str) -> str:
        best = ranked[0]
        kind = prompt["type"]
        if kind == "move" and isinstance(best.choice, int):
            why = self._why_destination(best.choice, solution)
        elif kind == "category" and isinstance(best.choice, str):
            why = self.record(best.choice)
        elif kind == "pick" and isinstance(best.choice, int):
            why = self.record(prompt["options"][best.choice])
        else:
            why = None
        text = best.name[0].upper() + best.name[1:]
        if why:
            text += f": {why}"
        if len(ranked) > 1:
            gain = ranked[1].cost - best.cost
            if gain >= CLOSE:
                text += f" (about {gain:.1f} {unit} better than {ranked[1].name})"
            else:
                text += f" (as good as {ranked[1].name})"
        return text + "."

    def _why_destination(self, space_id: int, solution) -> str:
        wedges = self.side["wedges"]
        options = solution.landing(space_id, wedges)
        best = min(options, key=lambda o: solution.option_value(o, wedges, self.ruby))
        if best.kind == "roll":
            return "a free roll with no question to risk"
        if best.kind == "final":
            return "the final question, and the game is yours if you answer it"
        category = CATEGORIES[best.category]
        if best.kind == "ruby":
            return f"a right Ruby answer takes the Ruby, and {self.record(category)}"
        if len(options) > 1 and best.label[0] == "category":
            prize = " for a wedge" if best.wedge and self.needed(category) else ""
            return (
                f"you choose the category{prize}; your best is {self.name(category)}: "
                f"{self.record(category)}"
            )
        if best.label and best.label[0] == "jump" and best.label[1]:
            return f"jump to the {self.name(category)} wedge; {self.record(category)}"
        if best.wedge and self.needed(category):
            return f"you need {self.name(category)}, and {self.record(category)}"
        return self._sets_up(space_id, category)

    def _sets_up(self, space_id: int, category: str) -> str:
        """A plain question: say which wedge (or, with six, the hub) it leads towards."""
        goal, steps = self._nearest_goal(space_id)
        if goal is None:
            return self.record(category)
        where = (
            "the hub" if goal == HUB else f"the {self.name(self.board.space(goal).category)} wedge"
        )
        reach = (
            f"{_a(str(steps))} from there reaches {where}"
            if steps <= 6
            else f"it is {steps} spaces from {where}"
        )
        return f"{self.record(category)}, and {reach}"

    def _nearest_goal(self, start: int) -> tuple[int | None, int]:
        """The nearest space the player is heading for, by steps along the board."""
        six = len(self.side["wedges"]) == len(CATEGORIES)
        goals = (
            {HUB}
            if six
            else {s.id for s in self.board.spaces if s.kind == "hq" and self.needed(s.category)}
        )
        seen, frontier, steps = {start}, [start], 0
        while frontier and goals:
            steps += 1
            frontier = [n for f in frontier for n in self.board.neighbours[f] if n not in seen]
            seen.update(frontier)
            found = sorted(goals.intersection(frontier))
            if found:
                return found[0], steps
        return None, 0


def _a(word: str) -> str:
    """'a Science', 'an Entertainment', 'an 8'."""
    return f"an {word}" if word[:1].lower() in "aeio8" else f"a {word}"
