"""Are players heard when they claim an All-Play question or steal one?

At "Steal? Ann, Cy: say steal, or no." (and "Who plays? Say your names...")
the host listens for a closed list of names: each player's name, lists of
names, "steal ..." and "... steals", "nobody" and its other words. Every
phrase below is said by every voice of the spoken dev set, clean and in
room noise at 15 and 10 dB, through the game's listening path for that
prompt, and read as the game reads it (prompts._names_dialogue: nobody, the
sides named, or a steal without a name).

A name heard as another player's credits the wrong player (a steal token
spent, a wedge won); heard as nothing, the host asks again. Two tables: the
demo's short names, and longer ones of the kind a real table has.

    .venv/bin/python bench/names_bench.py [--voices flite-kal,hibari-heart] [--show]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from yes_no_bench import hearing_and_voices, hearings, print_shares  # noqa: E402

from host.table import understanding as und  # noqa: E402
from host.table.prompts import listening  # noqa: E402

# things said that name nobody and say no "nobody": read as nothing, the host
# asks again ("": room noise alone)
NOT_NAMES = ("um", "i need a drink", "canberra", "")

# (players, who may steal: all but the one who answered)
TABLES = (
    (("Ann", "Ben", "Cy"), ("Ann", "Cy")),
    (("Maria", "Tom", "Priya", "Jonathan"), ("Maria", "Priya", "Jonathan")),
)


def said_at(players: tuple[str, ...], eligible: tuple[str, ...]) -> list[tuple[str, str]]:
    """(prompt, phrase) pairs: what a player says when stealing or claiming."""
    first, second = eligible[0], eligible[-1]
    steal = [
        first,
        second,
        f"{first} steals",
        f"steal for {second}",
        f"steal {first}",
        "steal",
        "no",
        "nobody",
    ]
    claims = [players[1], f"{first} and {players[1]}", f"{second} and {first}", "nobody"]
    pairs = [("steal", p) for p in steal] + [("claims", p) for p in claims]
    return pairs + [(prompt, p) for prompt in ("steal", "claims") for p in NOT_NAMES]


def meaning(text: str, spoken: dict[str, str]) -> str:
    """What the game makes of the words (as prompts._names_dialogue reads them)."""
    if und.is_one_of(text, "nobody"):
        return "nobody"
    sides, unknown = und.names_in(text, spoken, fuzzy=True)
    if sides:
        return " and ".join(sides) + (" (and unknown words)" if unknown else "")
    if und.says_steal(text):
        return "steal, no name"
    return "nothing"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--voices", help="comma-separated voice names (default: all)")
    parser.add_argument("--show", action="store_true", help="list every phrase read wrong")
    parser.add_argument(
        "--players",
        help="one table of comma-separated names in place of the two (held out: "
        "names the host was not tuned on); the second answered, the others may steal",
    )
    parser.add_argument("--seed", type=int, default=22, help="the room noise's")
    args = parser.parse_args()
    tables = TABLES
    if args.players:
        players = tuple(args.players.split(","))
        tables = ((players, tuple(p for p in players if p != players[1])),)
    settings, recognizer, voices = hearing_and_voices(args.voices)
    read_as: dict[tuple[str, str], Counter] = defaultdict(Counter)  # (group, who) -> outcome
    disputed: dict[str, Counter] = defaultdict(Counter)  # outcome -> {disputed: count}
    for players, eligible in tables:
        spoken = {name: name for name in players}
        for prompt, phrases in _by_prompt(said_at(players, eligible)).items():
            may = eligible if prompt == "steal" else players
            heard_at = listening("names", {}, list(players), also=may)
            heard_at = replace(heard_at, names=players)
            for voice, text, snr, report in hearings(
                voices, phrases, heard_at, settings, recognizer, args.seed
            ):
                heard = report["heard"][0] if report["heard"] else ""
                got, meant = meaning(heard, spoken), meaning(text, spoken)
                outcome = "right" if got == meant else ("nothing" if got == "nothing" else "other")
                group = "name" if meant not in ("nobody", "steal, no name") else "no name"
                group = "nothing" if text in NOT_NAMES else group
                for who in (voice.name, "noisy" if snr else "clean"):
                    read_as[(group, who)][outcome] += 1
                if group == "name" and outcome != "nothing":
                    # the recognizer's passes disagreed: the host could ask first
                    disputed[outcome][report["disputed"]] += 1
                if args.show and outcome != "right":
                    where = f"{snr:.0f} dB" if snr else "clean"
                    print(f"{voice.name} {where}: said {text!r}, heard {report['heard'][:3]}")
    groups = (
        ("name", "names said"),
        ("no name", '"nobody", "no", "steal"'),
        ("nothing", "no name nor nobody (a filler, talk, room noise): right is nothing"),
    )
    for group, what in groups:
        print(f"{what}:")
        print_shares(read_as, group, [v.name for v in voices], ("right", "other", "nothing"))
    for outcome, what in (("right", "right"), ("other", "as another player's")):
        count = disputed[outcome]
        print(
            f"names read {what}: {count[True]} of {count[True] + count[False]} "
            "with the recognizer's passes in dispute"
        )


def _by_prompt(pairs: list[tuple[str, str]]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = defaultdict(list)
    for prompt, phrase in pairs:
        grouped[prompt].append(phrase)
    return grouped


if __name__ == "__main__":
    main()
