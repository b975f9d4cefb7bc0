"""The single-player decision problem of an edition, as data for the solver.

A state is (space, owned wedges, Ruby held) at the moment of rolling. After
a roll the player picks a destination; landing there offers one or more
*options* (a roll-again space one, a wild space six categories, a genus2
jumper "jump" or "stay", ...), and the player takes the best. Every option
is one of four kinds:

    roll      nothing to answer: roll again from that space
    question  a question of one category at a space; `wedge` says whether a
              right answer earns that colour's wedge (when not yet owned)
    ruby      a Ruby question (ruby edition): right takes the Ruby, roll again
    final     the final question on the hub, category picked by the opponents

What the rulings leave to other players (steals, All-Play claims by others,
the Ruby taken back) has no place in a one-player problem and is left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from host.rules.board import CATEGORIES, HUB, SPACE_COUNT
from host.rules.editions import Rules

FULL = (1 << len(CATEGORIES)) - 1  # the mask of all six wedges


@dataclass(frozen=True)
class Option:
    kind: str  # roll, question, ruby, final
    space: int  # where the piece ends up (a jump moves it)
    category: int = -1  # index into CATEGORIES; -1 for roll and final
    wedge: bool = False  # a right answer earns an unowned wedge
    label: tuple = ()  # the engine's choice that takes it: ("category", c), ("jump", yes), ...


@dataclass(frozen=True)
class Model:
    rules: Rules
    objective: str  # "turns" or "cards" (co-op)
    ruby: bool  # the state carries "holds the Ruby"
    landing: tuple[tuple[Option, ...], ...]  # per space, before six wedges
    landing_final: tuple[tuple[Option, ...], ...] | None  # with six wedges, rolling to the hub

    @property
    def rolls_with_six(self) -> bool:
        """Classic rule 8: with six wedges the piece still rolls, to reach the hub."""
        return self.landing_final is not None

    def options_at(self, space: int, wedges) -> tuple[Option, ...]:
        """What landing on `space` offers a player owning `wedges`."""
        if self.landing_final is not None and mask_of(wedges) == FULL:
            return self.landing_final[space]
        return self.landing[space]


def mask_of(wedges) -> int:
    mask = 0
    for category in wedges:
        mask |= 1 << CATEGORIES.index(category)
    return mask


def build_model(rules: Rules) -> Model:
    """The model of these rules, built once per edition and mode (Rules is not hashable)."""
    key = (rules.edition, rules.mode)
    if key not in _MODELS:
        _MODELS[key] = _build(rules)
    return _MODELS[key]


_MODELS: dict[tuple[str, str], Model] = {}


def _build(rules: Rules) -> Model:
    board = rules.board
    landing = tuple(_landing(rules, board.space(t), final=False) for t in range(SPACE_COUNT))
    final = None
    if rules.sixth_wedge == "walk_to_hub" and rules.final != "none":
        final = tuple(_landing(rules, board.space(t), final=True) for t in range(SPACE_COUNT))
    return Model(
        rules=rules,
        objective="cards" if rules.coop else "turns",
        ruby=rules.final == "ruby",
        landing=landing,
        landing_final=final,
    )


def _wedge_on(rules: Rules, kind: str) -> bool:
    """Whether a right answer on a space of this kind earns a wedge (engine._wedge_on_space)."""
    if rules.wedge_on == "any":
        return True
    if rules.wedge_on == "coloured":
        return kind in ("hq", "category")
    return kind == "hq"


def _categories(space: int, wedge: bool, kind: str = "question") -> tuple[Option, ...]:
    return tuple(
        Option(kind, space, c, wedge, ("category", CATEGORIES[c])) for c in range(len(CATEGORIES))
    )


def _landing(rules: Rules, space, final: bool) -> tuple[Option, ...]:
    kind = space.kind
    here = space.id
    if kind == "roll_again":
        return (Option("roll", here),)
    if kind in ("category", "hq", "steal"):
        return (Option("question", here, CATEGORIES.index(space.category), _wedge_on(rules, kind)),)
    if kind == "jumper":
        target = rules.board.space(space.target)
        return (
            Option(
                "question",
                target.id,
                CATEGORIES.index(target.category),
                _wedge_on(rules, "hq"),
                ("jump", True),
            ),
            Option(
                "question",
                here,
                CATEGORIES.index(space.category),
                _wedge_on(rules, "category"),
                ("jump", False),
            ),
        )
    if kind == "split":
        return tuple(
            Option("question", here, CATEGORIES.index(c), _wedge_on(rules, "split"), ("pick", i))
            for i, c in enumerate(space.split)
        )
    if kind == "wild":
        return _categories(here, rules.wedge_on == "any")
    if kind == "ruby":
        return _categories(here, False, "ruby")
    # the hub
    assert here == HUB
    if final:
        return (Option("final", HUB),)
    role = rules.board.hub_role
    if role == "ruby":
        return _categories(HUB, False, "ruby")
    if role == "all_play":  # one player alone: the lander claims; a right answer earns the wedge
        return _categories(HUB, True)
    return _categories(HUB, rules.wedge_on == "any")
