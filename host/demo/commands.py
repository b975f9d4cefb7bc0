"""`trivia-host demo`: the whole product, by sound, on any machine."""

from __future__ import annotations

from host.board.options import add_board_options
from host.speech.voice_commands import add_voice_options


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="watch simulated players play a short game by voice (no sound card needed)",
        description="Simulated players speak (flite voices) into the host's microphone; the "
        "host hears, judges and answers into a WAV file. The transcript is printed.",
    )
    parser.add_argument(
        "--coop",
        action="store_true",
        help="the Genus VI Co-op Challenge instead of a two-player trivial game",
    )
    parser.add_argument(
        "--skill",
        type=float,
        default=0.8,
        help="each player's chance of knowing an answer (default 0.8)",
    )
    parser.add_argument(
        "--questions",
        type=int,
        default=12,
        help="stop (save and quit) after this many questions; 0: play to the end",
    )
    parser.add_argument(
        "--wav",
        default="demo-host.wav",
        help="where the host's speech is written (default demo-host.wav)",
    )
    parser.add_argument("--seed", type=int, default=11, help="seed for the dice, cards and players")
    parser.add_argument(
        "--player-voices",
        metavar="V1,V2,...",
        help="the flite voices the players speak with, taken in turn from a place the seed "
        "picks (default: every installed flite voice, so seeds in a row use them all)",
    )
    parser.add_argument(
        "--deck",
        action="append",
        metavar="FILE",
        help="a deck file (repeat for more; default: decks/)",
    )
    parser.add_argument(
        "--verbosity",
        choices=("short", "normal", "long"),
        default="short",
        help="how much the host says (default short)",
    )
    parser.add_argument("--save-dir", help="keep the game's save and transcript here")
    add_board_options(parser)
    add_voice_options(parser, default="auto: hibari if installed")
    parser.set_defaults(func=run)


def run(args) -> int:
    from host.demo.demo import run_demo

    if args.questions < 0:
        from host.errors import UserError

        raise UserError("--questions must be 0 (the whole game) or more")
    if args.questions == 0:
        args.questions = None
    return run_demo(args)
