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
talk, room noise alone), how often they were read as one. A command that
changes the game or the host's voice is asked about first when the two
passes disagreed (conversation.ASKED_FIRST), so those heard are counted
by whether they were meant and whether the passes disagreed.

Since the host also hears questions about a player by name ("where is
Ben"), the roll prompt's list holds those for a table of four (--players),
and the three the help suggests are said about the second player.

    .venv/bin/python bench/commands_bench.py [--voices flite-kal,hibari-heart] [--show] [--other-words] [--players Ann,Ben]
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
from host.table.conversation import ASKED_FIRST, VOICE_SETTINGS  # noqa: E402

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


def asked_about(name: str) -> list[str]:
    """The phrases of the host's "About anyone: [where is Ben], ..." help."""
    phrases = yaml.safe_load((ROOT / "host/table/data/phrases.yaml").read_text())
    said = phrases["help_someone"].format(name=name)
    return [p.casefold() for p in re.findall(r"\[([^\]]+)\]", said)]


def intent(text: str, names: dict[str, str]) -> str | None:
    """What the game makes of the utterance at the roll prompt."""
    if und.is_one_of(text, "roll"):
        return "roll"
    about = und.about_someone(text, names, fuzzy=True)
    return f"{about[0]} about {about[1]}" if about else und.command_of(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--voices", help="comma-separated voice names (default: all)")
    parser.add_argument("--show", action="store_true", help="list every phrase read wrong")
    parser.add_argument(
        "--other-words",
        action="store_true",
        help="say commands in words the help does not suggest ('speak up', 'hold on')",
    )
    parser.add_argument(
        "--players",
        default="Ann,Ben,Cy,Dee",
        help="the table's names: the queries about each are listened for, as in a game,"
        " and those the help suggests about the second are said (default: Ann,Ben,Cy,Dee)",
    )
    args = parser.parse_args()
    settings, recognizer, voices = hearing_and_voices(args.voices)
    players = [name for name in args.players.split(",") if name]
    names = {name: name for name in players}
    commands = tuple(und.vocabulary()["commands"])
    # as the game asks: "Say [roll]." suggests the one word
    listening = Listening(
        "roll",
        tuple(und.vocabulary()["roll"]),
        commands,
        prompt={},
        suggested=("roll",),
        names=tuple(players),
    )
    said = list(OTHER_WORDS) if args.other_words else ["roll", *suggested_commands()]
    about = asked_about(players[1]) if len(players) > 1 and not args.other_words else []
    read_as: dict[tuple[str, str], Counter] = defaultdict(Counter)  # (group, who) -> outcome
    # commands heard that change the host's voice, or else the game (both
    # asked about when disputed): (kind, meant or not, disputed or agreed)
    changing: Counter = Counter()
    groups = ("command", "about someone", "not a command")
    # the queries about someone in a pass of their own: the others' noise stays as it was
    passes = [(said + list(NOT_COMMANDS), 21)] + ([(about, 22)] if about else [])
    heard_all = (
        hearing
        for texts, seed in passes
        for hearing in hearings(voices, texts, listening, settings, recognizer, seed)
    )
    for voice, text, snr, report in heard_all:
        group = "command" if text in said else ("about someone" if text in about else groups[2])
        heard = report["heard"][0] if report["heard"] else ""
        got, meant = intent(heard, names), intent(text, names)
        outcome = "right" if got == meant else ("nothing" if got is None else "other")
        for who in (voice.name, "noisy" if snr else "clean"):
            read_as[(group, who)][outcome] += 1
        kind = "voice" if got in VOICE_SETTINGS else ("game" if got in ASKED_FIRST else None)
        if kind is not None:
            meant_it = "meant" if got == meant else "not meant"
            changing[(kind, meant_it, "disputed" if report["disputed"] else "agreed")] += 1
        if args.show and outcome != "right":
            where = f"{snr:.0f} dB" if snr else "clean"
            print(f"{voice.name} {where}: said {text!r}, heard {report['heard'][:3]}")
    print(f"commands said: {', '.join(said + about)}; the table: {', '.join(players)}")
    for group in groups if about else (groups[0], groups[2]):
        print(f"{group}:")
        print_shares(read_as, group, [v.name for v in voices], ("right", "other", "nothing"))
    for kind, what in (("game", "game-changing"), ("voice", "voice-setting")):
        print(f"{what} commands heard, by whether the two passes disagreed:")
        for meant_it in ("meant", "not meant"):
            disputed, agreed = (changing[(kind, meant_it, how)] for how in ("disputed", "agreed"))
            print(f"  {meant_it:10s} disputed {disputed:3d}, agreed {agreed:3d}")
    print(f"(asked about first when disputed: {', '.join(sorted(ASKED_FIRST))})")


if __name__ == "__main__":
    main()
