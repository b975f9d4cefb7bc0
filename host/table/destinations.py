"""After a roll: the reachable spaces, named as a player would name them,
most useful first, and matched against what the player says.

A destination's name is what it gives ("the History wedge", "roll again",
"Sports"); when two share a name, the first direction of the move tells them
apart ("Sports, clockwise"), and failing that the whole path.
"""

from __future__ import annotations

from dataclasses import dataclass

from host.rules.board import HUB
from host.rules.movement import describe_path
from host.rules.protocol import SideState
from host.table import understanding
from host.table.narrator import Narrator, direction_words, path_words


@dataclass(frozen=True)
class Destination:
    space: int
    kind: str
    categories: tuple[str, ...]  # the colour(s) of the space
    name: str  # what it is called, before telling apart
    label: str  # the name, told apart from the others
    legs: tuple[tuple[str, int], ...]
    rank: int  # lower is more useful

    @property
    def first_direction(self) -> str:
        return self.legs[0][0] if self.legs else ""


def destinations(
    game, side: SideState, roll: int, options: list[int], narrator: Narrator | None = None
) -> list[Destination]:
    rules = game.rules
    narrator = narrator or Narrator(rules)
    found = []
    for space_id in options:
        space = rules.board.space(space_id)
        path = rules.moves.path(side["space"], roll, space_id)
        legs = tuple(describe_path(side["space"], path))
        categories = (
            space.split if space.kind == "split" else ((space.category,) if space.category else ())
        )
        name = narrator.space_name(space, "choice", wedge=_wedge_possible(game, side, space))
        found.append(
            Destination(
                space_id, space.kind, tuple(categories), name, name, legs, _rank(game, side, space)
            )
        )
    found.sort(key=lambda d: (d.rank, d.space))
    return _told_apart(found)


def _wedge_possible(game, side, space) -> bool:
    return space.kind == "hq" and space.category not in side["wedges"]


def _rank(game, side, space) -> int:
    """0 a wedge you need, 1 the hub when it matters, 2 roll again,
    3 Ruby and choices, 4 a colour you need, 5 anything else."""
    kind = space.kind

    def needed(cat: str) -> bool:
        return cat not in side["wedges"]

    if kind == "hq" and needed(space.category):
        return 0
    if kind == "jumper" and needed(game.rules.board.space(space.target).category):
        return 0
    if space.id == HUB:
        return (
            1
            if len(side["wedges"]) == 6 or game.rules.board.hub_role in ("all_play", "ruby")
            else 3
        )
    if kind == "roll_again":
        return 2
    if kind in ("ruby", "wild"):
        return 3
    if kind == "split":
        return 4 if any(needed(c) for c in space.split) else 5
    if space.category and needed(space.category):
        return 4
    return 5


def _told_apart(found: list[Destination]) -> list[Destination]:
    result = []
    for dest in found:
        twins = [d for d in found if d.name == dest.name]
        label = dest.name
        if len(twins) > 1:
            firsts = [d.first_direction for d in twins]
            if firsts.count(dest.first_direction) == 1:
                label = f"{dest.name}, {direction_words(dest.first_direction)}"
            else:
                label = f"{dest.name}, {path_words(dest.legs)}"
        result.append(
            Destination(
                dest.space, dest.kind, dest.categories, dest.name, label, dest.legs, dest.rank
            )
        )
    return result


def match(text: str, found: list[Destination], rules, places=None) -> list[Destination]:
    """The destinations the words fit. Empty: nothing fits (or nothing was
    named); several: ambiguous, ask back. A number is the option's place in
    the list read out ("3", "number three"): the host never says space ids;
    `places` is that list when it names several ways as one ("Geography, two ways")."""
    plain = understanding.normalise(text)
    if not plain:
        return []
    place = understanding.option_number(plain)
    if place is None:
        ordinal = understanding.ordinal_in(plain)
        place = len(found) if ordinal == -1 else ordinal
    directions = understanding.directions_in(plain)
    plain = understanding.without_directions(plain)  # "towards the hub" names no hub
    categories = understanding.categories_in(plain, rules)
    kinds = understanding.kinds_in(plain)
    if not (categories or kinds or directions):
        places = places or [[d] for d in found]
        if place is None or not 1 <= place <= len(places):
            return []
        return [d for d in places[place - 1] if d in found]
    fitting = []
    for dest in found:
        if categories and not set(categories) & set(dest.categories):
            continue
        if kinds and not _kind_fits(dest, kinds):
            continue
        if directions and not set(directions) & {leg[0] for leg in dest.legs}:
            continue
        fitting.append(dest)
    if len(fitting) > 1 and directions:
        # "clockwise" names the first leg when that tells them apart
        first = [d for d in fitting if d.first_direction in directions]
        fitting = first or fitting
    return fitting


def named_anything(text: str, rules) -> bool:
    """Whether the words name any destination at all (else: not understood)."""
    return bool(
        understanding.categories_in(text, rules)
        or understanding.kinds_in(text)
        or understanding.directions_in(text)
        or understanding.option_number(text) is not None
        or understanding.ordinal_in(text)
    )


def _kind_fits(dest: Destination, kinds: list[str]) -> bool:
    if dest.kind in kinds:
        return True
    return dest.space == HUB and "hub" in kinds
