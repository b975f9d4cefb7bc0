"""Whether and where to show the live board: config.yaml's table.board,
table.board_port and table.board_lan, and the options that override them
(kept light: every command's parser imports this)."""

from __future__ import annotations

from dataclasses import dataclass

from host.errors import UserError

DEFAULT_PORT = 8765


@dataclass(frozen=True)
class BoardSettings:
    show: bool = False
    port: int = DEFAULT_PORT
    lan: bool = False


def board_settings(config: dict, args) -> BoardSettings:
    """config.yaml's table.board, table.board_port and table.board_lan, then
    the command line's --board, --board-port and --board-lan."""
    table = config.get("table") or {}
    if not isinstance(table, dict):
        table = {}
    show = table.get("board", False)
    lan = table.get("board_lan", False)
    port = table.get("board_port", DEFAULT_PORT)
    for key, value in (("table.board", show), ("table.board_lan", lan)):
        if not isinstance(value, bool):
            raise UserError(f"{key} must be true or false, not {value!r}")
    if getattr(args, "board_port", None) is not None:
        port = args.board_port
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise UserError(f"the board port must be a number from 0 to 65535, not {port!r}")
    return BoardSettings(
        show=show or bool(getattr(args, "board", False)) or bool(getattr(args, "board_lan", False)),
        port=port,
        lan=lan or bool(getattr(args, "board_lan", False)),
    )


def add_board_options(parser) -> None:
    parser.add_argument(
        "--board",
        action="store_true",
        help="show the board, the question and captions on a web page, updated live",
    )
    parser.add_argument(
        "--board-port", type=int, metavar="PORT", help="the board page's port (0: any free one)"
    )
    parser.add_argument(
        "--board-lan",
        action="store_true",
        help="serve the board page to the local network too (its URL carries a random token)",
    )
