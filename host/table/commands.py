"""`trivia-host play`: set up a game and host it, by voice or keyboard."""

from __future__ import annotations

from host.board.options import add_board_options
from host.speech.voice_commands import add_voice_options


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "play",
        help="host a game of Trivial Pursuit (voice, or --text for the keyboard)",
        description=(
            "Host a game. Settings come from the config file (`trivia-host config` says "
            "which); options here override them."
        ),
    )
    parser.add_argument("--edition", help="classic, genus2, genus6 or ruby")
    parser.add_argument("--mode", help="the edition's mode (e.g. genus6: classic, trivial, coop)")
    parser.add_argument("--players", help="players in turn order, e.g. Ann,Ben")
    parser.add_argument("--teams", help='teams in turn order, e.g. "Red=Ann+Cy,Blue=Ben+Dee"')
    parser.add_argument(
        "--text", action="store_true", help="keyboard mode: typed input, printed output"
    )
    parser.add_argument("--resume", action="store_true", help="continue the saved game")
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="start a new game without offering to resume the saved one",
    )
    parser.add_argument("--seed", type=int, help="seed for the host's die and the card order")
    parser.add_argument(
        "--dice",
        choices=("host", "table"),
        help="who rolls: the host, or the table with a real die",
    )
    parser.add_argument(
        "--deck",
        action="append",
        metavar="FILE",
        help="a deck file to play with (repeat for more; default: decks/)",
    )
    parser.add_argument(
        "--verbosity", choices=("short", "normal", "long"), help="how much the host says"
    )
    parser.add_argument("--config", help="a config file instead of your own (or the default)")
    parser.add_argument("--save-dir", help="where to keep the saved game and its transcript")
    add_board_options(parser)
    add_voice_options(parser)
    parser.set_defaults(func=run_play)


def run_play(args) -> int:
    from host.board.live import live_board
    from host.config import read_config
    from host.table.setup import play

    with live_board(read_config(args.config), args) as board:
        play(args, board=board)
    return 0
