"""The board picture against the board data of every edition: every space
drawn once, in its colour with its category's symbol, placed along its edges
and overlapping no other space."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from host.board.layout import layout
from host.board.style import load_style
from host.board.svg import Piece, board_svg
from host.rules.editions import edition_names, load_rules, mode_names

SVG = "{http://www.w3.org/2000/svg}"
EDITIONS = [(e, mode_names(e)[0]) for e in edition_names()]


def drawn_spaces(svg: str) -> dict[int, ET.Element]:
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "space"]
    ids = [int(g.get("data-space")) for g in groups]
    assert len(ids) == len(set(ids)), "a space is drawn twice"
    return dict(zip(ids, groups))


def texts(group: ET.Element) -> list[str]:
    return [t.text for t in group.iter(f"{SVG}text")]


@pytest.mark.parametrize(("edition", "mode"), EDITIONS)
def test_every_space_is_drawn_with_its_kind_colour_and_symbol(edition, mode):
    rules = load_rules(edition, mode)
    board, style = rules.board, load_style()
    spaces = drawn_spaces(board_svg(board, rules.names))
    assert sorted(spaces) == list(range(73))
    for space in board.spaces:
        group = spaces[space.id]
        assert group.get("data-kind") == space.kind
        title = group.find(f"{SVG}title").text
        assert title.startswith(f"Space {space.id}:")
        shapes = [e for e in group if e.tag in (f"{SVG}circle", f"{SVG}path")]
        fills = [e.get("fill") for e in shapes if e.get("fill") not in (None, "none")]
        if space.kind == "split":
            expected = [style.colours[board.colour_of[c]].fill for c in space.split]
            assert fills == expected
            assert texts(group) == [style.symbols[c] for c in space.split]
            assert all(rules.names[c] in title for c in space.split)
        elif space.category is not None:
            assert fills[0] == style.colours[space.colour].fill
            assert group.get("data-colour") == space.colour
            assert texts(group)[0] == style.symbols[space.category]  # never colour alone
            assert rules.names[space.category] in title
        else:
            paint, label = style.plain[space.kind]
            assert fills[0] == paint.fill and texts(group) == [label]
        if space.kind == "hq":
            assert "HQ" in texts(group)
        if space.kind == "jumper":
            assert "Jump" in texts(group) and f"(space {space.target})" in title


@pytest.mark.parametrize(("edition", "mode"), EDITIONS)
def test_spaces_are_placed_along_their_edges_without_overlap(edition, mode):
    board = load_rules(edition, mode).board
    spots = layout(board)
    assert sorted(spots) == list(range(73))
    placed = list(spots.items())
    for index, (a, p) in enumerate(placed):
        for b, q in placed[index + 1 :]:
            gap = math.dist((p.x, p.y), (q.x, q.y)) - p.r - q.r
            assert gap >= 4, f"spaces {a} and {b} overlap or touch ({gap:.1f})"
    for a, adjacent in enumerate(board.neighbours):
        for b in adjacent:
            length = math.dist((spots[a].x, spots[a].y), (spots[b].x, spots[b].y))
            assert length <= 80, f"neighbours {a} and {b} are drawn {length:.0f} apart"
    hub = spots[72]
    assert (hub.x, hub.y) == (0.0, 0.0)


def test_the_picture_fits_its_view_box_and_draws_the_pieces():
    rules = load_rules("ruby", "standard")
    pieces = [
        Piece(1, "Ann", 0, ("geography", "history"), turn=True),
        Piece(2, "Ben", 0),
        Piece(3, "Cy", 72, ruby=True),
    ]
    svg = board_svg(rules.board, rules.names, pieces, legend=True)
    root = ET.fromstring(svg)
    left, top, width, height = map(float, root.get("viewBox").split())
    for circle in root.iter(f"{SVG}circle"):
        x, y, r = (float(circle.get(k)) for k in ("cx", "cy", "r"))
        assert left <= x - r and x + r <= left + width and top <= y - r and y + r <= top + height
    drawn = {g.get("data-side"): g for g in root.iter(f"{SVG}g") if g.get("class") == "piece"}
    assert set(drawn) == {"Ann", "Ben", "Cy"}
    assert drawn["Ann"].get("data-wedges") == "geography history"
    legend = " ".join(t.text for t in root.iter(f"{SVG}text"))
    assert "Geo = Geography (blue)" in legend and "Art = Arts and Literature (purple)" in legend
    assert "1: Ann (to play) — wedges: Geography, History" in legend
    assert "3: Cy — wedges: none, holds the Ruby" in legend
    assert "Ruby = Ruby space" in legend


def test_names_are_escaped():
    rules = load_rules("classic", "standard")
    svg = board_svg(rules.board, rules.names, [Piece(1, "<Ann & Co>", 72)], legend=True)
    root = ET.fromstring(svg)  # would not parse if the name broke the markup
    assert any(g.get("data-side") == "<Ann & Co>" for g in root.iter(f"{SVG}g"))
