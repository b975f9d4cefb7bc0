"""The board as an SVG picture: every space in its colour with its category
symbol (colour is never the only cue), the hub, headquarters, jumpers and
special spaces, and the pieces with their wedges. Pure: data in, text out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from host.board.layout import RING_RADIUS, Spot, layout
from host.board.style import Paint, Style, load_style
from host.rules.board import CATEGORIES, Board, Space

MARGIN = 70.0
EDGE_COLOUR = "#4d4d4d"
PIECE_RADIUS = 30.0
LEGEND_LINE = 46.0


@dataclass(frozen=True)
class Piece:
    number: int  # 1-6, written on the piece; the side panel names it
    name: str
    space: int
    wedges: tuple[str, ...] = ()  # category ids
    turn: bool = False
    ruby: bool = False


def board_svg(
    board: Board,
    names: dict[str, str],
    pieces: tuple[Piece, ...] | list[Piece] = (),
    title: str = "",
    legend: bool = False,
) -> str:
    """The whole picture. `names`: category id -> the edition's name.
    With `legend`, the categories, the kinds of space and the pieces are
    listed below the board (for a picture standing on its own)."""
    style = load_style()
    spots = layout(board)
    half = RING_RADIUS + MARGIN
    lines = _legend_lines(board, names, pieces, style) if legend else []
    height = 2 * half + len(lines) * LEGEND_LINE + (MARGIN / 2 if lines else 0)
    title = title or f"The {board.name} board"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-half:g} {-half:g} {2 * half:g} '
        f'{height:g}" role="img" aria-labelledby="board-title" class="board" '
        f'data-board="{escape(board.name)}">',
        f'<title id="board-title">{escape(title)}</title>',
        f'<rect x="{-half:g}" y="{-half:g}" width="{2 * half:g}" height="{height:g}" '
        'fill="#ffffff"/>',
        _edges(board, spots),
        *(_space(space, spots[space.id], board, names, style) for space in board.spaces),
        *_pieces(pieces, spots, board, style),
        *_legend(lines, half, style),
        "</svg>",
    ]
    return "\n".join(parts)


def space_description(space: Space, board: Board, names: dict[str, str]) -> str:
    """'Space 3: Geography (blue), category space' — the title of a space."""
    style = load_style()
    kind = style.kind_names.get(space.kind, space.kind)
    if space.kind == "split":
        colours = " / ".join(f"{names[c]} ({board.colour_of[c]})" for c in space.split)
        return f"Space {space.id}: {colours}, {kind}"
    if space.category is None:
        return f"Space {space.id}: {kind}"
    text = f"Space {space.id}: {names[space.category]} ({space.colour}), {kind}"
    if space.kind == "jumper" and space.target is not None:
        target = board.space(space.target).category or ""
        text += f" to the {names.get(target, target)} headquarters (space {space.target})"
    return text


# ---------------------------------------------------------------- spaces


def _edges(board: Board, spots: dict[int, Spot]) -> str:
    lines = []
    for a, adjacent in enumerate(board.neighbours):
        for b in adjacent:
            if a < b:
                p, q = spots[a], spots[b]
                lines.append(f'<line x1="{p.x:.1f}" y1="{p.y:.1f}" x2="{q.x:.1f}" y2="{q.y:.1f}"/>')
    return (
        f'<g class="edges" stroke="{EDGE_COLOUR}" stroke-width="6" aria-hidden="true">'
        + "".join(lines)
        + "</g>"
    )


def _space(space: Space, spot: Spot, board: Board, names: dict[str, str], style: Style) -> str:
    colours = list(space.split and [board.colour_of[c] for c in space.split]) or (
        [space.colour] if space.colour else []
    )
    head = (
        f'<g class="space" data-space="{space.id}" data-kind="{space.kind}" '
        f'data-colour="{" ".join(colours)}">'
        f"<title>{escape(space_description(space, board, names))}</title>"
    )
    circle = f'cx="{spot.x:.1f}" cy="{spot.y:.1f}" r="{spot.r:g}"'
    if space.kind == "split":
        body = _split(space, spot, board, style)
    elif space.category is not None:
        paint = style.colours[space.colour or ""]
        symbol = style.symbols[space.category]
        second = {"hq": "HQ", "jumper": "Jump", "steal": "Steal"}.get(space.kind)
        body = _disc(circle, paint, space.kind == "hq") + _label(spot, paint, symbol, second)
        if space.kind == "jumper":
            body += (
                f'<circle cx="{spot.x:.1f}" cy="{spot.y:.1f}" r="{spot.r - 5:g}" fill="none" '
                f'stroke="{paint.text}" stroke-width="2" stroke-dasharray="5 4"/>'
            )
    else:
        paint, label = style.plain[space.kind]
        body = _disc(circle, paint, False) + _label(spot, paint, label, None)
    return head + body + "</g>"


def _disc(circle: str, paint: Paint, thick: bool) -> str:
    width = 5 if thick else 3
    return f'<circle {circle} fill="{paint.fill}" stroke="#000000" stroke-width="{width}"/>'


def _label(spot: Spot, paint: Paint, first: str, second: str | None) -> str:
    size = 17 if len(first) <= 3 else 14
    if second is None:
        return _text(spot.x, spot.y + size * 0.35, first, size, paint.text)
    return _text(spot.x, spot.y - 2, first, size, paint.text) + _text(
        spot.x, spot.y + 14, second, 12, paint.text
    )


def _split(space: Space, spot: Spot, board: Board, style: Style) -> str:
    """Two half discs, left and right, each with its colour and symbol."""
    parts = []
    for side, category in zip((-1, 1), space.split):
        paint = style.colours[board.colour_of[category]]
        top, bottom = spot.y - spot.r, spot.y + spot.r
        sweep = 0 if side < 0 else 1
        parts.append(
            f'<path d="M {spot.x:.1f} {top:.1f} A {spot.r:g} {spot.r:g} 0 0 {sweep} '
            f'{spot.x:.1f} {bottom:.1f} Z" fill="{paint.fill}"/>'
        )
        parts.append(
            _text(spot.x + side * spot.r / 2, spot.y + 4, style.symbols[category], 11, paint.text)
        )
    parts.append(
        f'<circle cx="{spot.x:.1f}" cy="{spot.y:.1f}" r="{spot.r:g}" fill="none" '
        'stroke="#000000" stroke-width="3"/>'
    )
    return "".join(parts)


def _text(x: float, y: float, text: str, size: float, colour: str, anchor: str = "middle") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" font-weight="bold" '
        f'font-family="DejaVu Sans, Verdana, sans-serif" text-anchor="{anchor}" '
        f'fill="{colour}">{escape(text)}</text>'
    )


# ---------------------------------------------------------------- pieces


def _pieces(pieces, spots: dict[int, Spot], board: Board, style: Style) -> list[str]:
    by_space: dict[int, list[Piece]] = {}
    for piece in pieces:
        by_space.setdefault(piece.space, []).append(piece)
    drawn = []
    for space, together in by_space.items():
        spot = spots[space]
        for index, piece in enumerate(together):
            if len(together) == 1:
                x, y = spot.x, spot.y
            else:
                angle = 2 * math.pi * index / len(together) - math.pi / 2
                x = spot.x + 22 * math.cos(angle)
                y = spot.y + 22 * math.sin(angle)
            drawn.append(_piece(piece, x, y, board, style))
    return drawn


def _piece(piece: Piece, x: float, y: float, board: Board, style: Style) -> str:
    """A round piece with six wedge slots (filled when won) and its number."""
    wedges = []
    for slot, category in enumerate(CATEGORIES):
        start = 2 * math.pi * slot / 6 - math.pi / 2
        end = start + 2 * math.pi / 6
        fill = (
            style.colours[board.colour_of[category]].fill if category in piece.wedges else "#ffffff"
        )
        x1, y1 = x + PIECE_RADIUS * math.cos(start), y + PIECE_RADIUS * math.sin(start)
        x2, y2 = x + PIECE_RADIUS * math.cos(end), y + PIECE_RADIUS * math.sin(end)
        wedges.append(
            f'<path d="M {x:.1f} {y:.1f} L {x1:.1f} {y1:.1f} A {PIECE_RADIUS:g} '
            f'{PIECE_RADIUS:g} 0 0 1 {x2:.1f} {y2:.1f} Z" fill="{fill}" stroke="#000000" '
            f'stroke-width="1.5"/>'
        )
    ring = ""
    if piece.turn:  # whose turn: a thick ring round the piece
        ring = (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{PIECE_RADIUS + 6:g}" fill="none" '
            'stroke="#000000" stroke-width="6"/>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{PIECE_RADIUS + 6:g}" fill="none" '
            'stroke="#ffffff" stroke-width="2"/>'
        )
    label = f"{piece.number}" + ("R" if piece.ruby else "")
    wedge_names = ", ".join(piece.wedges) or "no wedges"
    return (
        f'<g class="piece" data-side={quoteattr(piece.name)} data-space="{piece.space}" '
        f'data-wedges="{" ".join(piece.wedges)}">'
        f"<title>{escape(f'{piece.number}: {piece.name}, {wedge_names}')}</title>"
        + ring
        + "".join(wedges)
        + f'<circle cx="{x:.1f}" cy="{y:.1f}" r="14" fill="#ffffff" stroke="#000000" '
        'stroke-width="2"/>'
        + _text(x, y + 6, label, 16 if len(label) == 1 else 12, "#000000")
        + "</g>"
    )


# ---------------------------------------------------------------- legend


def _legend_lines(board: Board, names, pieces, style: Style) -> list[tuple[str | None, str]]:
    """(colour name or None, text) per line: the categories, then the pieces."""
    lines: list[tuple[str | None, str]] = [
        (board.colour_of[c], f"{style.symbols[c]} = {names[c]} ({board.colour_of[c]})")
        for c in CATEGORIES
    ]
    kinds = sorted({space.kind for space in board.spaces} & set(style.plain) - {"hub"})
    marks = {"hq": "HQ", "jumper": "Jump", "steal": "Steal"}
    shown = [f"{marks[k]} = {style.kind_names[k]}" for k in marks if _has(board, k)]
    shown += [f"{style.plain[k][1]} = {style.kind_names[k]}" for k in kinds]
    lines += [(None, line) for line in shown]
    for piece in pieces:
        wedges = ", ".join(names[c] for c in piece.wedges) or "none"
        extra = ", holds the Ruby" if piece.ruby else ""
        turn = " (to play)" if piece.turn else ""
        lines.append((None, f"{piece.number}: {piece.name}{turn} — wedges: {wedges}{extra}"))
    return lines


def _has(board: Board, kind: str) -> bool:
    return any(space.kind == kind for space in board.spaces)


def _legend(lines, half: float, style: Style) -> list[str]:
    drawn = []
    y = half + MARGIN / 4
    for colour, text in lines:
        y += LEGEND_LINE
        x = -half + MARGIN / 2
        if colour is not None:
            drawn.append(
                f'<rect x="{x:g}" y="{y - 28:g}" width="34" height="34" '
                f'fill="{style.colours[colour].fill}" stroke="#000000" stroke-width="2"/>'
            )
        drawn.append(_text(x + 48, y, text, 28, "#000000", anchor="start"))
    return drawn
