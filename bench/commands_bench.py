"""Are the commands the host suggests heard at a turn's "Roll."? Every phrase
of its "Any time: ..." help and "roll", said by every voice of the spoken dev
set, clean and in room noise at 15 and 10 dB, through the game's listening
path for the roll prompt (its closed list: the roll words, every command,
the categories, directions, numbers), and read as the game reads them
(understanding.command_of, is_one_of "roll").

A command heard as another is a wrong turn ("save and quit" heard as
"headquarters": "Didn't understand", four times over in a demo); one heard
as nothing costs a "Sorry?". So the figures are: right, another command,
nothing; and for things that are no command (a filler, an answer, table
talk, room noise alone), how often they were read as one.

    .venv/bin/python bench/commands_bench.py [--voices flite-kal,hibari-heart] [--show] [--other-words]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from yes_no_bench import hearing_and_voices, hearings, print_shares  # noqa: E402

from host.table import understanding as und  # noqa: E402
from host.table.channels import Listening  # noqa: E402
from host.table.conversation import ASKED_FIRST  # noqa: E402

NOT_COMMANDS = ("um", "hmm", "canberra", "i need a drink", "")  # "": room noise alone
# other ways of saying commands, which the help does not suggest (--other-words)
OTHER_WORDS = (
    "say that again",
    "who is winning",
    "any advice",
    "hold on",
    "speak up",
    "volume up",
    "slow down",
    "i was right",
    "stop the game",
    "roll the dice",
    "skip this question",
    "whose turn is it",
)


def suggested_commands() -> list[str]:
    """The phrases of the host's "Any time: [repeat], [where am I], ..." help,
    as its phrase file writes them."""
    phrases = yaml.safe_load((ROOT / "host/table/data/phrases.yaml").read_text())
    return [p.casefold() for p in re.findall(r"\[([^\]]+)\]", phrases["help_always"])]


def intent(text: str) -> str | None:
    """What the game makes of the utterance at the roll prompt."""
    if und.is_one_of(text, "roll"):
        return "roll"
    return und.command_of(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--voices", help="comma-separated voice names (default: all)")
    parser.add_argument("--show", action="store_true", help="list every phrase read wrong")
    parser.add_argument(
        "--other-words",
        action="store_true",
        help="say commands in words the help does not suggest ('speak up', 'hold on')",
    )
    args = parser.parse_args()
    settings, recognizer, voices = hearing_and_voices(args.voices)
    commands = tuple(und.vocabulary()["commands"])
    # as the game asks: "Say [roll]." suggests the one word
    listening = Listening(
        "roll", tuple(und.vocabulary()["roll"]), commands, prompt={}, suggested=("roll",)
    )
    said = list(OTHER_WORDS) if args.other_words else ["roll", *suggested_commands()]
    read_as: dict[tuple[str, str], Counter] = defaultdict(Counter)  # (group, who) -> outcome
    # game-changing commands heard (ASKED_FIRST): asked about when disputed
    changing: Counter = Counter()
    texts = said + list(NOT_COMMANDS)
    for voice, text, snr, report in hearings(voices, texts, listening, settings, recognizer, 21):
        group = "command" if text in said else "not a command"
        heard = report["heard"][0] if report["heard"] else ""
        got, meant = intent(heard), intent(text)
        outcome = "right" if got == meant else ("nothing" if got is None else "other")
        for who in (voice.name, "noisy" if snr else "clean"):
            read_as[(group, who)][outcome] += 1
        if got in ASKED_FIRST:
            meant_it = "meant" if got == meant else "not meant"
            changing[(meant_it, "asked first" if report["disputed"] else "carried out")] += 1
        if args.show and outcome != "right":
            where = f"{snr:.0f} dB" if snr else "clean"
            print(f"{voice.name} {where}: said {text!r}, heard {report['heard'][:3]}")
    print(f"commands said: {', '.join(said)}")
    for group in ("command", "not a command"):
        print(f"{group}:")
        print_shares(read_as, group, [v.name for v in voices], ("right", "other", "nothing"))
    print("game-changing commands heard (asked about first when the two passes disagreed):")
    for meant_it in ("meant", "not meant"):
        asked, done = changing[(meant_it, "asked first")], changing[(meant_it, "carried out")]
        print(f"  {meant_it:10s} asked first {asked:3d}, carried out at once {done:3d}")


if __name__ == "__main__":
    main()
