"""`trivia-host replay FILE.yaml`: play a scripted game, print the result as JSON."""

from __future__ import annotations

import argparse
import json
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay", help="play a scripted game (docs/scripted-games.md) and print the result as JSON"
    )
    parser.add_argument("script", help="the scripted game, a YAML file")
    parser.add_argument("--no-events", action="store_true", help="leave the event log out")
    parser.set_defaults(func=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    from host.rules.scenario import SCRIPT_KEYS, Replay, load_script

    script = load_script(args.script)
    for key in script.unknown_keys:
        print(
            f"trivia-host: warning: {args.script}: unknown key {key!r} ignored "
            f"(known: {', '.join(SCRIPT_KEYS)})",
            file=sys.stderr,
        )
    result = Replay(script).run()
    if args.no_events:
        result.pop("events")
    json.dump(result, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0
