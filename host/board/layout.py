"""Where each space sits in the picture, computed from the board's graph.

The hub is the centre. Each path from the hub to a headquarters is a spoke,
its spaces spread evenly along the straight line between them. Every other
space lies on the ring, which is walked in id order (counter-clockwise seen
from above) and spread evenly round a circle, the first HQ at the top.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from host.rules.board import Board

RING_RADIUS = 460.0
SPACE_RADIUS = 26.0
HQ_RADIUS = 35.0
HUB_RADIUS = 40.0


@dataclass(frozen=True)
class Spot:
    x: float
    y: float
    r: float  # the drawn radius of the space


def layout(board: Board) -> dict[int, Spot]:
    """Space id -> where it is drawn (centre (0, 0), y downwards)."""
    hub = next(s.id for s in board.spaces if s.kind == "hub")
    hqs = {s.id for s in board.spaces if s.kind == "hq"}
    spokes = [_spoke(board, hub, first, hqs) for first in board.neighbours[hub]]
    on_spokes = {space for spoke in spokes for space in spoke[:-1]}
    ring = _ring_walk(board, hub, on_spokes, min(hqs))
    spots = {hub: Spot(0.0, 0.0, HUB_RADIUS)}
    for index, space in enumerate(ring):
        angle = math.pi / 2 + 2 * math.pi * index / len(ring)
        radius = HQ_RADIUS if space in hqs else SPACE_RADIUS
        spots[space] = Spot(RING_RADIUS * math.cos(angle), -RING_RADIUS * math.sin(angle), radius)
    for spoke in spokes:
        end = spots[spoke[-1]]
        steps = len(spoke)
        for k, space in enumerate(spoke[:-1], start=1):
            spots[space] = Spot(end.x * k / steps, end.y * k / steps, SPACE_RADIUS)
    return spots


def _spoke(board: Board, hub: int, first: int, hqs: set[int]) -> list[int]:
    """The spaces from the hub's neighbour `first` out to its HQ (the HQ last)."""
    path, previous = [first], hub
    while path[-1] not in hqs:
        onward = [n for n in board.neighbours[path[-1]] if n != previous]
        if len(onward) != 1:
            raise ValueError(f"space {path[-1]}: a spoke space must lead on to one space")
        previous = path[-1]
        path.append(onward[0])
    return path


def _ring_walk(board: Board, hub: int, on_spokes: set[int], start: int) -> list[int]:
    """The ring in walking order from `start`, first towards the next id up."""
    ring = {s.id for s in board.spaces} - on_spokes - {hub}
    order = [start]
    previous = None
    while True:
        onward = sorted(n for n in board.neighbours[order[-1]] if n in ring and n != previous)
        if previous is None:  # the first step goes to the next id up, so ids run counter-clockwise
            onward = [n for n in onward if n == start + 1] or onward
        if not onward or onward[0] == start:
            break
        previous = order[-1]
        order.append(onward[0])
    if len(order) != len(ring):
        raise ValueError("the ring spaces do not form one cycle")
    return order
