"""Is the number a player rolled heard at the table-roll prompt ("Roll the die
and tell me the number.", dice: table)? Each of one to six said alone by the
spoken dev set's voices, clean and in room noise at 15 and 10 dB, through
the game's listening path for that prompt, and read as the game reads it
(understanding.die_face).

Right is the number said; another number is a wrong move unless the player
says the roll again at the move ("I rolled a four", prompts.py); nothing
costs a "Die: one to six?".

    .venv/bin/python bench/dice_bench.py [--voices flite-kal,hibari-heart] [--show]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from yes_no_bench import TABLE_NAMES, hearing_and_voices, hearings, print_shares  # noqa: E402

from host.table import understanding as und  # noqa: E402
from host.table.channels import Listening  # noqa: E402

NUMBERS = ("one", "two", "three", "four", "five", "six")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--voices", help="comma-separated voice names (default: all)")
    parser.add_argument("--show", action="store_true", help="list every number read wrong")
    args = parser.parse_args()
    settings, recognizer, voices = hearing_and_voices(args.voices)
    commands = tuple(und.vocabulary()["commands"])
    listening = Listening(
        "roll", NUMBERS, commands, prompt={}, names=TABLE_NAMES
    )  # as prompts.roll asks
    read_as: dict[tuple[str, str], Counter] = defaultdict(Counter)
    for voice, text, snr, report in hearings(voices, NUMBERS, listening, settings, recognizer, 5):
        heard = report["heard"][0] if report["heard"] else ""
        value = und.die_face(heard)  # None: "Die: one to six?"
        outcome = (
            "right"
            if value == NUMBERS.index(text) + 1
            else ("nothing" if value is None else "another")
        )
        for who in (voice.name, "noisy" if snr else "clean"):
            read_as[("number", who)][outcome] += 1
        if args.show and outcome != "right":
            where = f"{snr:.0f} dB" if snr else "clean"
            print(f"{voice.name} {where}: said {text!r}, heard {report['heard'][:3]}")
    print("numbers said at the table-roll prompt (another: a wrong roll):")
    print_shares(read_as, "number", [v.name for v in voices], ("right", "another", "nothing"))


if __name__ == "__main__":
    main()
