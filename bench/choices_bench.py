"""Are the destinations the host reads out heard when a player says one back,
and how long does hearing one take after the end of the turn? At a move's
"[Geography, three spaces out along the spoke, then one clockwise]; or
[Art, ...]?", each choice said whole, then by its category alone where that
names one choice, then things that are no choice (a command, table talk, a
filler, room noise), by the spoken dev set's voices, clean and in room
noise at 15 and 10 dB, through the game's listening path for that prompt.

A long choice said back costs its free decoding after the turn ends (a few
hundred milliseconds of Whisper for ten words), so the work after the
decision is printed too (wall time, as fast as possible; compare runs on
an idle machine).

    .venv/bin/python bench/choices_bench.py [--voices flite-kal,hibari-heart] [--show] [--table-die]

`--table-die`: the table rolls its own die, so the move also hears the roll
said again ("i rolled a four", prompts.ROLL_CORRECTIONS); those are said
too. The game reads a roll in any of the readings and asks about it by
voice ("A three?") before it counts: anything else read as one is counted
apart, as a needless question.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from yes_no_bench import TABLE_NAMES, hearing_and_voices, hearings, print_shares  # noqa: E402

from host.table import understanding as und  # noqa: E402
from host.table.channels import Listening  # noqa: E402
from host.table.prompts import ROLL_CORRECTIONS  # noqa: E402

# as the game reads a move's destinations out (narrator.space_name, "choice")
CHOICES = (
    "Geography, three spaces out along the spoke, then one clockwise",
    "Art, one space clockwise, then three towards the hub",
    "Geography, two spaces counter clockwise",
    "History, five spaces clockwise",
)
NAMES = ("Geography", "Art", "Geography", "History")  # the spaces' own names
SHORT = ("art", "history")  # a category that names one choice
NOT_CHOICES = ("repeat", "where am i", "i need a drink", "canberra", "um", "")
ROLLS_SAID_AGAIN = ("i rolled a four", "it was a two")  # --table-die


def said_as(text: str) -> str:
    return und.normalise(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--voices", help="comma-separated voice names (default: all)")
    parser.add_argument("--show", action="store_true", help="list every phrase read wrong")
    parser.add_argument(
        "--table-die", action="store_true", help="the move also hears the roll said again"
    )
    args = parser.parse_args()
    settings, recognizer, voices = hearing_and_voices(args.voices)
    commands = tuple(und.vocabulary()["commands"])
    corrections = ROLL_CORRECTIONS if args.table_die else ()
    phrases = (*CHOICES, *corrections)
    listening = Listening(
        "choice", phrases, commands, prompt={}, also=NAMES, suggested=CHOICES, names=TABLE_NAMES
    )
    offered = {said_as(c) for c in CHOICES} | set(SHORT)
    said = [said_as(c) for c in CHOICES] + list(SHORT)
    rolls = list(ROLLS_SAID_AGAIN) if args.table_die else []
    read_as: dict[tuple[str, str], Counter] = defaultdict(Counter)
    asked: Counter = Counter()  # (voice, clean or noisy): something else read as a roll
    work: dict[str, list[float]] = defaultdict(list)  # seconds after the decision
    texts = said + rolls + list(NOT_CHOICES)
    for voice, text, snr, report in hearings(voices, texts, listening, settings, recognizer, 14):
        group = "choice" if text in said else ("roll" if text in rolls else "no choice")
        heard = said_as(report["heard"][0]) if report["heard"] else ""
        readings = (und.rolled_value(h) for h in report["heard"]) if args.table_die else ()
        rolled = next((value for value in readings if value is not None), None)
        if rolled is not None and group != "roll":
            asked[(voice.name, "noisy" if snr else "clean")] += 1
        if group == "roll":
            wanted = und.rolled_value(text)
            outcome = "right" if rolled == wanted else ("other" if rolled else "nothing")
        elif group == "choice":
            # "arts" for "art": the category the game hears
            same = heard == text or und.meanings_of(heard) & und.meanings_of(text)
            outcome = "right" if same else ("other" if heard in offered else "nothing")
            kind = "long" if len(text.split()) > 2 else "short"
            work[kind].append(report["ready_at_s"] - report["decided_at_s"])
        else:  # taken for a choice is the harm; a command heard is fine
            outcome = "other" if heard in offered else "right"
        for who in (voice.name, "noisy" if snr else "clean"):
            read_as[(group, who)][outcome] += 1
        if args.show and outcome != "right":
            where = f"{snr:.0f} dB" if snr else "clean"
            print(f"{voice.name} {where}: said {text!r}, heard {report['heard'][:3]}")
    names = [v.name for v in voices]
    print("choices said back (right: that choice; other: another choice):")
    print_shares(read_as, "choice", names, ("right", "other", "nothing"))
    if rolls:
        print("the roll said again (right: that number; other: another number):")
        print_shares(read_as, "roll", names, ("right", "other", "nothing"))
        others = len(texts) - len(rolls)
        for where in ("clean", "noisy"):
            count = sum(n for (_, w), n in asked.items() if w == where)
            total = others * len(voices) * (1 if where == "clean" else 2)
            print(f"  anything else read as a roll (asked about), {where}: {count} of {total}")
    print("no choice said (other: taken for a choice):")
    print_shares(read_as, "no choice", names, ("right", "other"))
    for kind, seconds in work.items():
        ms = sorted(s * 1000 for s in seconds)
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        print(
            f"work after the decision, {kind} choices ({len(ms)}): "
            f"p50 {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms"
        )


if __name__ == "__main__":
    main()
