"""Movement (docs/boards.md): exact roll, one direction, no reversing within a move.

Because the shortest cycle through the hub is 19 spaces and the ring has 42,
a walk of at most six steps that never steps straight back is a simple path,
so each destination is reached by exactly one path. The table of all
(space, roll) -> {destination: path} is computed once per board.
"""

from __future__ import annotations

from host.rules.board import HQ_IDS, HUB, Board

MAX_ROLL = 6


class MoveTable:
    """Legal destinations and the path to each, for every (space, roll)."""

    def __init__(self, board: Board):
        self.board = board
        self._table: list[list[dict[int, tuple[int, ...]]]] = [
            [{} for _ in range(MAX_ROLL + 1)] for _ in board.spaces
        ]
        for start in range(len(board.spaces)):
            self._walk(start, (start,), 0)

    def _walk(self, start: int, path: tuple[int, ...], steps: int) -> None:
        if steps:
            self._table[start][steps][path[-1]] = path[1:]
        if steps == MAX_ROLL:
            return
        previous = path[-2] if len(path) > 1 else None
        for nxt in self.board.neighbours[path[-1]]:
            if nxt != previous:
                self._walk(start, path + (nxt,), steps + 1)

    def destinations(self, space: int, roll: int) -> list[int]:
        """Legal destinations, sorted by id."""
        return sorted(self._table[space][roll])

    def path(self, space: int, roll: int, destination: int) -> tuple[int, ...]:
        """The spaces passed through, ending at the destination (the start excluded)."""
        return self._table[space][roll][destination]


def describe_path(start: int, path: tuple[int, ...]) -> list[tuple[str, int]]:
    """The path as legs for the narrator: [(direction, steps), ...].

    Directions: "clockwise" / "counter-clockwise" on the ring (ids grow
    counter-clockwise), "in" (towards the hub) / "out" on a spoke, "hub".
    """
    legs: list[tuple[str, int]] = []
    here = start
    for nxt in path:
        direction = _direction(here, nxt)
        if legs and legs[-1][0] == direction:
            legs[-1] = (direction, legs[-1][1] + 1)
        else:
            legs.append((direction, 1))
        here = nxt
    return legs


def _direction(a: int, b: int) -> str:
    if b == HUB:
        return "in"
    if a == HUB:
        return "out"
    if a < 42 and b < 42:
        return "counter-clockwise" if b == (a + 1) % 42 else "clockwise"
    if a in HQ_IDS and b >= 42:
        return "in"
    if a >= 42 and b in HQ_IDS:
        return "out"
    return "in" if b < a else "out"
