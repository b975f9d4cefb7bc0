"""Does the end of turn wait for a player who is not done? Fillers and the
first words of names, said alone and followed by silence, through the game's
listening path: a turn that ends after the short pause of a whole answer
would have cut off the rest ("um ... Canberra", "George W ... Bush").

Every rule that ends a turn sooner (turn_end.py) is checked against this
before it lands: the fillers on eleven cards (some chosen to sound like
fillers: Emu, Ohm, Elm, Hume), the half names on their own cards, in every
voice of the spoken dev set (flite, espeak-ng, hibari, piper), clean and in
room noise at 15 dB. A turn that ends within `EARLY` seconds of the speech
is counted as ended early, one that ends before `LONGEST_PAUSE` (an open
reading's middle pause) as ended before the longest thinking pause, and
both are listed; "let me think" is a command (the host
says "take your time"), so ending on it is by design and counted apart.
Stop 19: 2,321 filler pauses, one ended early (hibari's "hmm" read lower
down as "homer", a person in the decks, on a David Hume card); 328 half
names, none. Stop 32, with lead-ins and the 1.6 s count, on flite kal,
slt, awb, hibari and piper: lead-ins ended before 1.6 s 53 of 160 ("it's
the" written "it's there", open), then 7 once a lead-in and one unknown
word wait the full silence; fillers 89 -> 81 of 1210 (some 20 of them
hibari's "hmm let me see", the full silence timed from where its VAD
heard the voice stop, before the clip's last faint sound). About 50
minutes for every voice; `--voices` picks some. Stop 35, all nine voices,
each tree run alone: fillers 27 -> 10 of 2178 (flite rms's "uh" had been
read "i don't know" on every card). Two runs had not decided alike:
piper's voice said every phrase differently from run to run until its
noise was seeded (stop 36); since, a run decides as the last, alone, side
by side with another or under load. Stop 37: fillers 13 -> 9 of 2178,
lead-ins 1 -> 0 of 288; with --before um (flite kal16, piper) fillers 10
-> 3 of 484, half names 2 -> 0 of 72 (docs/recognizers.md).

Stop 54 added the paused names: the first two parts of a name of three or
more, a pause inside them, then silence ("Martin ... Luther ..."), drawing
their noise apart so the other groups' figures compare with earlier runs.
Before any rule for them, 12 of 216 ended within 0.6 s: Whisper, prompted
with the card, wrote the whole name ("martin luther king").

    .venv/bin/python bench/pause_risk_bench.py [--voices flite-kal,hibari-heart] [--before um]
        [--groups "paused names"] [--save clips.json] [--draw 1]

`--save` keeps every clip's pauses (bench/turn_end_replay.py replays them
under other silences).

`--draw N` hears another draw of the room noise: a rule that ended one
clip in noise early is measured on several (stop 71: the lead-ins after
"um", five draws, 13 ended within 0.6 s before its two changes, 6 after;
docs/recognizers.md).

`--before um` says "um" and pauses 1.2 s before each clip: what the end of
turn does with words after a hesitation it left out. No clip is a right
answer: one ruled right is a false accept, listed and counted (not when the
first reading is a filler: the table then asks for the answer instead), and
so is one the table would ask about first ("Did you say ...?", confirm.py),
where a player who said no would not be ruled right.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import listen_bench  # noqa: E402
import listen_dev_set  # noqa: E402
import spoken_dev_set  # noqa: E402

from host.judge.confirm import CONFIRM, decide  # noqa: E402
from host.judge.model import AnswerFields  # noqa: E402
from host.speech.audio import RECOGNIZER_RATE  # noqa: E402
from host.speech.engines import make_recognizer  # noqa: E402
from host.speech.settings import load_speech_settings  # noqa: E402
from host.table.listen_command import (  # noqa: E402
    deck_answers,
    listen_with_utterance,
    listening_for,
)

EARLY = 0.6  # seconds after the speech: a whole answer's pause (0.3 s) and then some
# The longest thinking pause the turn-taking issue asks the host to sit out
# ("it's the ... Nile", 0.8-1.6 s): a turn that ends sooner, after an open
# reading's middle pause (1.2 s), would have cut such a player off too.
LONGEST_PAUSE = 1.6
# With --before: the pause after that first filler, long enough to be left out as a hesitation
BEFORE_PAUSE = 1.2
FILLERS = ("um", "uh", "er", "hmm", "umm", "ah", "erm", "mm", "well", "oh", "hmm let me see")
BY_DESIGN = ("let me think",)  # a command: the turn ends on it
FILLER_CARDS = (
    {"answer": "Canberra", "reject": ["Sydney"], "kind": "place"},
    {"answer": "Lewis Capaldi", "accept": ["Capaldi"], "kind": "person"},
    {"answer": "The Great Gatsby", "kind": "title"},
    {"answer": "Lizard", "kind": "text"},
    {"answer": "Doe", "kind": "text"},
    {"answer": "Elm", "kind": "text"},
    {"answer": "Ohm", "kind": "text"},
    {"answer": "David Hume", "accept": ["Hume"], "kind": "person"},
    {"answer": "Emu", "kind": "text"},
    {"answer": "Lake Erie", "accept": ["Erie"], "kind": "place"},
    {"answer": "True", "kind": "true_false"},
)
# A lead-in said alone: "it's the ..." goes on, however Whisper spells it.
LEAD_INS = ("it's the", "i think it's", "it's a", "is it the")
LEAD_IN_CARDS = tuple(
    c for c in FILLER_CARDS if c["answer"] in ("Canberra", "The Great Gatsby", "Lizard", "Emu")
)
HALF_NAMES = (
    ("leonardo", {"answer": "Leonardo da Vinci", "accept": ["da Vinci"], "kind": "person"}),
    ("george", {"answer": "George Washington", "kind": "person"}),
    ("william", {"answer": "William Shakespeare", "prompt": ["Shakespeare"], "kind": "person"}),
    ("abraham", {"answer": "Abraham Lincoln", "kind": "person"}),
    ("isaac", {"answer": "Isaac Newton", "kind": "person"}),
    ("albert", {"answer": "Albert Einstein", "kind": "person"}),
    ("charles", {"answer": "Charles Dickens", "reject": ["Charles Darwin"], "kind": "person"}),
    ("christopher", {"answer": "Christopher Columbus", "kind": "person"}),
    ("romeo", {"answer": "Romeo and Juliet", "kind": "title"}),
    ("pride", {"answer": "Pride and Prejudice", "kind": "title"}),
    ("the great", {"answer": "The Great Gatsby", "kind": "title"}),
    ("mount", {"answer": "Mount Everest", "kind": "place"}),
    ("lewis", {"answer": "Lewis Capaldi", "accept": ["Capaldi"], "kind": "person"}),
    ("george w", {"answer": "George W. Bush", "kind": "person"}),
    ("new", {"answer": "New Zealand", "kind": "place"}),
    ("south", {"answer": "South Africa", "reject": ["South Korea"], "kind": "place"}),
    ("saint", {"answer": "St. Louis", "kind": "place"}),
    ("harry potter and the", {"answer": "Harry Potter and the Goblet of Fire", "kind": "title"}),
    # the judge takes these alone (a name's generic last word left out), so
    # they were whole, and "Jurassic ... Park" was cut off (stop 57)
    ("jurassic", {"answer": "Jurassic Park", "kind": "title"}),
    ("buckingham", {"answer": "Buckingham Palace", "kind": "place"}),
)
# Names of three parts or more, said up to a second pause inside them ("|": a
# pause of NAME_PAUSE): a first part misheard as a word no answer is left out
# as a hesitation, and the whole utterance, heard again with the card as the
# prompt, may come out as the whole name before the player has said it.
PAUSED_NAMES = (
    ("leonardo|da", {"answer": "Leonardo da Vinci", "accept": ["da Vinci"], "kind": "person"}),
    ("martin|luther", {"answer": "Martin Luther King", "kind": "person"}),
    ("george|w", {"answer": "George W. Bush", "kind": "person"}),
    ("john|f", {"answer": "John F. Kennedy", "accept": ["JFK"], "kind": "person"}),
    ("wolfgang|amadeus", {"answer": "Wolfgang Amadeus Mozart", "kind": "person"}),
    ("vincent|van", {"answer": "Vincent van Gogh", "accept": ["van Gogh"], "kind": "person"}),
    ("samuel|l", {"answer": "Samuel L. Jackson", "kind": "person"}),
    ("alexander|the", {"answer": "Alexander the Great", "kind": "person"}),
    ("rio|de", {"answer": "Rio de Janeiro", "kind": "place"}),
    ("united|states of", {"answer": "United States of America", "kind": "place"}),
    ("the lord|of the", {"answer": "The Lord of the Rings", "kind": "title"}),
    ("harry potter|and the", {"answer": "Harry Potter and the Goblet of Fire", "kind": "title"}),
)
NAME_PAUSE = 0.9  # seconds: inside a name, as the end-of-turn dev sets pause (0.6-1.1 s)


def thinking(heard: list[str]) -> bool:
    """The table asks "your answer, or pass?" when the first reading is a
    filler ("um", read lower down "emu"), whatever the judge would rule."""
    from host.table import understanding as und

    first = heard[0] if heard else ""
    return und.is_one_of(first, "thinking") or not und.normalise(first)


def said_alone(
    voice, text: str, folder: Path, noisy: bool, rng, before: str | None = None
) -> tuple[np.ndarray, float]:
    """The words ("|": a pause inside them), then three seconds of room; and where the speech ends (the
    voice's own silence after it trimmed off: hibari ends on 0.4 s of it).
    `before`: a filler said first, then a thinking pause (`BEFORE_PAUSE`)."""
    parts = [
        listen_dev_set.trimmed(voice.speak(part, folder).samples.astype(np.int16))
        for part in text.split("|")
    ]
    gap = np.zeros(int(NAME_PAUSE * RECOGNIZER_RATE), np.int16)
    speech = np.concatenate([piece for part in parts for piece in (gap, part)][1:])
    lead = np.zeros(int(0.4 * RECOGNIZER_RATE), np.int16)
    if before:
        filler = listen_dev_set.trimmed(voice.speak(before, folder).samples.astype(np.int16))
        pause = np.zeros(int(BEFORE_PAUSE * RECOGNIZER_RATE), np.int16)
        lead = np.concatenate([lead, filler, pause])
    samples = np.concatenate([lead, speech, np.zeros(3 * RECOGNIZER_RATE, np.int16)])
    if noisy:
        samples = listen_dev_set.with_noise(samples, 15.0, rng)
    return samples, (len(lead) + len(speech)) / RECOGNIZER_RATE


def noise_source(seed: int, draw: int) -> np.random.Generator:
    """The room noise's random source: draw 0 is the one every run since
    stop 36 heard; a rule that cut off one clip in noise is measured on
    others (`--draw 1`, `--draw 2`, ...)."""
    return np.random.default_rng(seed if draw == 0 else [seed, draw])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--voices", help="comma-separated voice names (default: all)")
    parser.add_argument(
        "--before",
        help="a filler said first, then a pause ('um'): the words after a hesitation left out",
    )
    parser.add_argument("--groups", help="comma-separated groups to say (default: all)")
    parser.add_argument("--save", metavar="FILE.json", help="keep every clip's pauses")
    parser.add_argument(
        "--draw",
        type=int,
        default=0,
        help="another draw of the room noise (default 0: the one earlier runs compare with)",
    )
    args = parser.parse_args()
    settings = load_speech_settings()
    recognizer = make_recognizer(settings, notice=lambda message: None, live=True)
    voices = spoken_dev_set.voices()
    if args.voices:
        voices = [v for v in voices if v.name in args.voices.split(",")]
    cases = [("fillers", f, c) for f in FILLERS for c in FILLER_CARDS]
    cases += [("by design", f, c) for f in BY_DESIGN for c in FILLER_CARDS]
    cases += [("lead-ins", f, c) for f in LEAD_INS for c in LEAD_IN_CARDS]
    cases += [("half names", said, card) for said, card in HALF_NAMES]
    cases += [("paused names", said, card) for said, card in PAUSED_NAMES]
    groups = ("fillers", "lead-ins", "half names", "paused names", "by design")
    if args.groups:
        groups = tuple(g for g in groups if g in args.groups.split(","))
        cases = [case for case in cases if case[0] in groups]
    shared = noise_source(19, args.draw)
    # the paused names draw their noise apart: the other groups hear the same
    # noise as before they were added (stop 54), so runs compare clip for clip
    noise = dict.fromkeys(groups, shared) | {"paused names": noise_source(54, args.draw)}
    # early, before the longest pause, all, accepted (none is the card's
    # answer), of those asked about first
    counts = {group: [0, 0, 0, 0, 0] for group in groups}
    kept: list[dict] = []  # every clip, for --save
    with tempfile.TemporaryDirectory() as folder:
        for voice in voices:
            for group, said, card in cases:
                fields = AnswerFields.from_mapping(card)
                also = deck_answers((), fields)
                listening = listening_for("answer", fields, (), also=also)
                for noisy in (False, True):
                    samples, end = said_alone(
                        voice, said, Path(folder), noisy, noise[group], args.before
                    )
                    report, heard = listen_with_utterance(samples, listening, settings, recognizer)
                    after = report["decided_at_s"] - end
                    kept.append(
                        {
                            "group": group,
                            "voice": voice.name,
                            "said": said,
                            "card": fields.answer,
                            "noisy": noisy,
                            "speech_end_s": round(end, 3),
                            "decided_at_s": report["decided_at_s"],
                            "heard": report["heard"][:3],
                            "pauses": [listen_bench.pause_note(note) for note in heard.pauses],
                        }
                    )
                    counts[group][0] += after < EARLY
                    counts[group][1] += after < LONGEST_PAUSE
                    counts[group][2] += 1
                    taken = report.get("verdict") == "accept" and not thinking(report["heard"])
                    counts[group][3] += taken
                    if taken:
                        where = "in noise" if noisy else "clean"
                        print(
                            f"accepted: {voice.name}, {said!r} {where}, card {fields.answer!r}: "
                            f"heard {report['heard'][:3]}",
                            flush=True,
                        )
                        decision = decide(fields, report["heard"])
                        if decision.verdict == CONFIRM:
                            counts[group][4] += 1
                            print(f"  asked first: {decision.question}", flush=True)
                    if after < LONGEST_PAUSE and group != "by design":
                        where = "in noise" if noisy else "clean"
                        print(
                            f"ended {'early' if after < EARLY else 'at an open pause'}: "
                            f"{voice.name}, {said!r} {where}, card {fields.answer!r}, "
                            f"after {after:.2f} s: heard {report['heard'][:3]}",
                            flush=True,
                        )
    if args.save:
        Path(args.save).write_text(json.dumps(kept, indent=1), encoding="utf-8")
    for group, (early, before_longest, total, accepted, asked) in counts.items():
        print(
            f"{group}: {early} of {total} ended within {EARLY} s of the speech, "
            f"{before_longest} before {LONGEST_PAUSE} s, {accepted} ruled right "
            f"({asked} of them asked about first)"
        )


if __name__ == "__main__":
    main()
