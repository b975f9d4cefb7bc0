"""Editions as configuration: a board plus rule options (data/editions.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from host.errors import UserError
from host.rules.board import Board, board_path, load_board
from host.rules.movement import MoveTable
from host.yaml_text import load_yaml

EDITIONS_FILE = Path(__file__).parent / "data" / "editions.yaml"


@dataclass(frozen=True)
class Rules:
    edition: str
    mode: str
    board: Board
    moves: MoveTable
    names: dict[str, str]  # category id -> spoken name in this edition
    wedge_on: str
    owned_gives_token: bool
    steal: bool
    wedge_ends_turn: bool
    sixth_wedge: str
    final: str
    breakthrough: bool
    coop: bool
    cards: str
    start_wedges: int


@cache
def _editions_data() -> dict[str, Any]:  # Any: the YAML file as read (shipped, trusted data)
    data: dict[str, Any] = load_yaml(EDITIONS_FILE.read_text(encoding="utf-8"))
    return data


def edition_names() -> list[str]:
    return [name for name in _editions_data() if name != "coop_ranks"]


def mode_names(edition: str) -> list[str]:
    return list(_editions_data()[edition]["modes"])


def default_mode(edition: str) -> str:
    return mode_names(edition)[0]


@cache
def _board(name: str) -> tuple[Board, MoveTable]:
    board = load_board(board_path(name))
    return board, MoveTable(board)


@cache
def load_rules(edition: str, mode: str | None = None) -> Rules:
    data = _editions_data()
    if edition not in edition_names():
        raise UserError(f"unknown edition {edition!r} (known: {', '.join(edition_names())})")
    spec = data[edition]
    mode = mode or default_mode(edition)
    if mode not in spec["modes"]:
        raise UserError(
            f"edition {edition} has no mode {mode!r} (modes: {', '.join(spec['modes'])})"
        )
    options = {**spec["rules"], **(spec["modes"][mode] or {})}
    board, moves = _board(spec["board"])
    return Rules(
        edition=edition, mode=mode, board=board, moves=moves, names=dict(spec["names"]), **options
    )


def coop_rank(cards: int) -> str:
    rank = None
    for lowest, name in _editions_data()["coop_ranks"]:
        if cards >= lowest:
            rank = name
    return str(rank or _editions_data()["coop_ranks"][0][1])
