"""Board data: loading and validating a board file (docs/boards.md).

A board file lists the 73 spaces (id -> kind, colour(s), jumper target) and
the edges. The loader checks the file against the five checks of docs/boards.md,
unknown kinds and dangling edges, and names the file and space on error.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from host.errors import UserError
from host.yaml_text import load_yaml

BOARDS_DIR = Path(__file__).parent / "data" / "boards"
SPACE_COUNT = 73
HUB = 72
RING = range(42)
HQ_IDS = (0, 7, 14, 21, 28, 35)
CATEGORIES = ("geography", "entertainment", "history", "arts", "science", "sports")
# Kinds that carry one colour, and kinds that carry none.
COLOURED_KINDS = {"hq", "category", "jumper", "steal"}
PLAIN_KINDS = {"roll_again", "wild", "ruby", "hub"}
KINDS = COLOURED_KINDS | PLAIN_KINDS | {"split"}
HUB_ROLES = {"wild", "joker", "all_play", "ruby"}
Fail = Callable[[str], UserError]  # makes the error for a message, naming the file


@dataclass(frozen=True)
class Space:
    id: int
    kind: str
    category: str | None = None  # category id of the space's colour
    colour: str | None = None
    split: tuple[str, ...] = ()  # split spaces: two category ids, in board order
    target: int | None = None  # jumper spaces: the HQ it jumps to

    @property
    def colour_category(self) -> str:
        """The category of a coloured space (hq, category, jumper, steal)."""
        if self.category is None:
            raise ValueError(f"space {self.id} ({self.kind}) has no colour")
        return self.category

    @property
    def jump_target(self) -> int:
        """The HQ a jumper space jumps to."""
        if self.target is None:
            raise ValueError(f"space {self.id} ({self.kind}) is not a jumper")
        return self.target


@dataclass(frozen=True)
class Board:
    name: str
    proposal: bool
    hub_role: str
    palette: dict[str, str]  # colour -> category id
    spaces: tuple[Space, ...]
    neighbours: tuple[tuple[int, ...], ...]
    colour_of: dict[str, str] = field(default_factory=dict)  # category id -> colour

    def space(self, space_id: int) -> Space:
        return self.spaces[space_id]

    def hq_of(self, category: str) -> int:
        for hq in HQ_IDS:
            if self.spaces[hq].category == category:
                return hq
        raise KeyError(category)


def board_path(name: str) -> Path:
    return BOARDS_DIR / f"{name}.yaml"


def load_board(path: Path | str) -> Board:
    path = Path(path)
    try:
        raw = load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise UserError(f"{path}: cannot read board file: {exc}") from None
    return parse_board(raw, str(path))


def parse_board(raw: object, source: str) -> Board:
    def fail(message: str) -> UserError:
        return UserError(f"{source}: {message}")

    if not isinstance(raw, dict):
        raise fail("a board file is a mapping with name, palette, spaces and edges")
    palette = raw.get("palette")
    if not isinstance(palette, dict) or sorted(palette.values()) != sorted(CATEGORIES):
        raise fail("palette must map six colours to the six category ids")
    hub_role = raw.get("hub_role")
    if hub_role not in HUB_ROLES:
        raise fail(f"hub_role must be one of {sorted(HUB_ROLES)}, not {hub_role!r}")
    raw_spaces = raw.get("spaces")
    if not isinstance(raw_spaces, dict) or sorted(raw_spaces) != list(range(SPACE_COUNT)):
        raise fail(f"spaces must have exactly the ids 0-{SPACE_COUNT - 1}")

    spaces = tuple(_parse_space(i, raw_spaces[i], palette, fail) for i in range(SPACE_COUNT))
    neighbours = _parse_edges(raw.get("edges"), fail)
    board = Board(
        name=str(raw.get("name", Path(source).stem)),
        proposal=bool(raw.get("proposal", False)),
        hub_role=hub_role,
        palette=dict(palette),
        spaces=spaces,
        neighbours=neighbours,
        colour_of={cat: colour for colour, cat in palette.items()},
    )
    _check_geometry(board, fail)
    return board


def _parse_space(space_id: int, raw: object, palette: Mapping[object, str], fail: Fail) -> Space:
    where = f"space {space_id}"
    if not isinstance(raw, dict):
        raise fail(f"{where}: must be a mapping with a kind")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise fail(f"{where}: unknown kind {kind!r} (known: {', '.join(sorted(KINDS))})")
    if (kind == "hub") != (space_id == HUB):
        raise fail(f"{where}: the hub is space {HUB} and only it")

    def category(colour: object) -> str:
        if colour not in palette:
            raise fail(
                f"{where}: unknown colour {colour!r} (palette: {', '.join(map(str, palette))})"
            )
        return palette[colour]

    if kind in COLOURED_KINDS:
        colour = raw.get("colour")
        space = Space(space_id, kind, category(colour), colour)
    elif kind == "split":
        colours = raw.get("colours")
        if not isinstance(colours, list) or len(colours) != 2 or colours[0] == colours[1]:
            raise fail(f"{where}: a split space has two different colours")
        space = Space(space_id, kind, split=tuple(category(c) for c in colours))
    else:
        space = Space(space_id, kind)
    if kind == "hq" and space_id not in HQ_IDS:
        raise fail(f"{where}: HQ spaces are {HQ_IDS}")
    if kind == "jumper":
        target = raw.get("target")
        if target not in HQ_IDS:
            raise fail(f"{where}: a jumper's target must be an HQ {HQ_IDS}, not {target!r}")
        space = Space(space_id, kind, space.category, space.colour, target=target)
    return space


def _parse_edges(raw_edges: object, fail: Fail) -> tuple[tuple[int, ...], ...]:
    if not isinstance(raw_edges, list):
        raise fail("edges must be a list of [a, b] pairs")
    adjacency: list[list[int]] = [[] for _ in range(SPACE_COUNT)]
    for edge in raw_edges:
        if (
            not isinstance(edge, list)
            or len(edge) != 2
            or not all(isinstance(x, int) for x in edge)
        ):
            raise fail(f"edge {edge!r}: must be a pair of space ids")
        a, b = edge
        for end in (a, b):
            if not 0 <= end < SPACE_COUNT:
                raise fail(f"edge {edge!r}: space {end} does not exist (dangling edge)")
        if a == b or b in adjacency[a]:
            raise fail(f"edge {edge!r}: a loop or a repeated edge")
        adjacency[a].append(b)
        adjacency[b].append(a)
    for space_id, adjacent in enumerate(adjacency):
        if not adjacent:
            raise fail(f"space {space_id}: has no edges")
    return tuple(tuple(sorted(a)) for a in adjacency)


def spoke_spaces(board: Board, spoke: int) -> list[int]:
    """The five spaces of spoke `spoke`, from the hub outwards."""
    return [42 + 5 * spoke + k for k in range(5)]


def _check_geometry(board: Board, fail: Fail) -> None:
    """The five checks of docs/boards.md."""
    spaces = board.spaces
    opposite = {hq: HQ_IDS[(i + 3) % 6] for i, hq in enumerate(HQ_IDS)}
    for hq in HQ_IDS:
        want = spaces[opposite[hq]].category
        for touching in board.neighbours[hq]:
            space = spaces[touching]
            # A special space next to an HQ (none in any layout) has no colour to check.
            if space.category is not None and want is not None and space.category != want:
                raise fail(
                    f"space {touching}: touches HQ {hq} so must have the colour of "
                    f"the opposite HQ ({board.colour_of[want]}) (check 1)"
                )
    for s, hq in enumerate(HQ_IDS):
        spoke = [spaces[i].category for i in spoke_spaces(board, s)]  # None: uncoloured
        if spaces[hq].category in spoke or len(set(spoke)) != 5 or None in spoke:
            raise fail(
                f"space {42 + 5 * s}: spoke {s} must hold the five colours other "
                f"than its HQ's (check 2)"
            )
    for k in range(5):
        step = [spaces[42 + 5 * s + k].category or "" for s in range(6)]
        if sorted(step) != sorted(CATEGORIES):
            raise fail(f"space {42 + k}: spoke step {k + 1} must hold each colour once (check 3)")
    for category in CATEGORIES:
        hqs = [s.id for s in spaces if s.kind == "hq" and s.category == category]
        plain = sum(1 for s in spaces if s.kind == "category" and s.category == category)
        if len(hqs) != 1 or plain < 9:
            raise fail(
                f"colour {board.colour_of[category]}: needs one HQ and at least nine "
                f"plain spaces, has HQs {hqs} and {plain} plain spaces (check 4)"
            )
    if _shortest_cycle_through(HUB, board.neighbours) != 19:
        raise fail(f"space {HUB}: the shortest cycle through the hub must be 19 spaces (check 5)")


def _shortest_cycle_through(start: int, neighbours: tuple[tuple[int, ...], ...]) -> int | None:
    """Length of the shortest cycle through `start` (BFS labelling each first branch)."""
    best: int | None = None
    dist = {start: 0}
    branch: dict[int, int | None] = {start: None}
    queue: deque[int] = deque()
    for n in neighbours[start]:
        dist[n], branch[n] = 1, n
        queue.append(n)
    while queue:
        node = queue.popleft()
        for n in neighbours[node]:
            if n == start:
                continue
            if n not in dist:
                dist[n], branch[n] = dist[node] + 1, branch[node]
                queue.append(n)
            elif branch[n] != branch[node]:
                length = dist[n] + dist[node] + 1
                best = length if best is None else min(best, length)
    return best
