"""The `trivia-host` command: one sub-command per module, registered below.

Each module in COMMAND_MODULES has `register(subparsers)`, which adds its
sub-command(s) and sets `func` (args -> exit code) on the parser. Any HostError
a command raises is printed as one line (exit status 2), never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from host.errors import HostError, plain_sentence
from host.memory import tune_allocator

COMMAND_MODULES = [
    "host.table.commands",  # play
    "host.rules.commands",  # replay
    "host.judge.commands",  # judge
    "host.cards.commands",  # deck check / stats / import
    "host.speech.commands",  # devices, transcribe, models
    "host.speech.voice_commands",  # voices
    "host.advisor.commands",  # solve, simulate
    "host.demo.commands",  # demo
    "host.board.commands",  # board (a saved game's picture)
    "host.app_commands",  # doctor, config
    "host.table.listen_command",  # listen
]
# Which module registers each command: a run imports only its command's
# module (all of them cost a tenth of a second before `play` said a word).
# Anything else (no command, --help, a typo) gets the whole parser.
MODULE_OF = {
    "play": "host.table.commands",
    "replay": "host.rules.commands",
    "judge": "host.judge.commands",
    "deck": "host.cards.commands",
    "devices": "host.speech.commands",
    "transcribe": "host.speech.commands",
    "models": "host.speech.commands",
    "voices": "host.speech.voice_commands",
    "solve": "host.advisor.commands",
    "simulate": "host.advisor.commands",
    "demo": "host.demo.commands",
    "board": "host.board.commands",
    "doctor": "host.app_commands",
    "config": "host.app_commands",
    "listen": "host.table.listen_command",
}


def build_parser(modules: list[str] | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="trivia-host",
        description="An offline, voice-driven game host for Trivial Pursuit.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES if modules is None else modules:
        importlib.import_module(name).register(subparsers)
    return parser


def modules_for(argv: list[str]) -> list[str] | None:
    """The one module the command line needs, or None for all of them."""
    module = MODULE_OF.get(argv[0]) if argv else None
    return [module] if module in COMMAND_MODULES else None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    tune_allocator()  # before any model is loaded
    parser = build_parser(modules_for(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except HostError as exc:
        print(f"trivia-host: {plain_sentence(exc, spoken=False)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("trivia-host: stopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (`trivia-host models list | head`): stop quietly,
        # and keep Python from complaining again when it flushes stdout at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
