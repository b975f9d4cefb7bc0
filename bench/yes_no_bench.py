"""Are the replies to "Did you say Art Deco?" heard, and is nothing else
heard as yes? Replies said by every voice of the spoken dev set, clean and
in room noise at 15 and 10 dB, through the game's listening path for a
yes-or-no question and read as the game reads them (understanding.yes_or_no).

A yes not heard is a right answer ruled wrong after three misses; a yes heard
where none was said is a false accept. So the figures are: yeses heard as
yes, noes heard as no, and the replies that are neither (a filler, "what?",
the answer said again, room noise alone) heard as yes or as no.

Then, clean: a filler, a pause to think, and the reply ("um ... yes"); and
how soon each yes or no ended the turn after its last voiced sample (audio
time, the same on any machine; issue 14: a reply ready within 0.3 s).
Stop 48: "yeah", a filler too, had waited the two seconds of a hesitation
(p50 2.0 s; now 0.16 s).

Stop 20, "Did you say ...?": yeses heard 90.7% clean / 83.3% noisy, noes
96.3 / 87.0%, neither read as yes 3 of 189 and as no 2; with its grammar
rid of a jump's words and the replies scored by Whisper when no phrase was
heard (closed_list.ClosedListStream._likeliest_reply): yeses 94.4 /
83.3%, noes 100 / 96.3%, neither read as yes 0, as no 2; after a filler
1 of 36 read right (the turn ended at the command's 0.5 s, the filler read as
"no" or nothing). With fillers in its grammar and the pause after one as
long as before an answer (2 s): yeses 94.4 / 82.4%, noes 100 / 98.1%,
neither read as yes or no 0; after a filler 13 of 36. Stop 32, 26 of 36;
stop 33, with words that begin no reply and that Whisper and the grammar
hear differently taken for a player thinking, 34 of 36 (neither read as
yes 2 of 189: flite rms's "sorry" as "sure").

    .venv/bin/python bench/yes_no_bench.py [--voices flite-kal,hibari-heart] [--show]
                                           [--prompt confirm|jump]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import listen_dev_set  # noqa: E402
import spoken_dev_set  # noqa: E402

from host.speech.audio import RECOGNIZER_RATE  # noqa: E402
from host.speech.engines import make_recognizer  # noqa: E402
from host.speech.settings import load_speech_settings  # noqa: E402
from host.table import understanding as und  # noqa: E402
from host.table.channels import Listening  # noqa: E402
from host.table.listen_command import listen_to, listen_with_utterance  # noqa: E402

YES = ("yes", "yeah", "yep", "yes please", "sure", "of course")
NO = ("no", "nope", "no thanks")
NEITHER = ("um", "hmm", "what", "sorry", "art deco", "wembley", "")  # "": room noise alone
NOISE = (None, 15.0, 10.0)  # clean, then SNR in dB
LEAD_SECONDS = 0.4  # of room before each reply
# issue 14: a command or choice's reply ready within 0.3 s of the last word
SLOW_DECISION = 0.3
# a filler, a pause to think (s), then the reply: said clean
THINKING = (("um", "yes", 0.6), ("hmm", "no", 0.8), ("uh", "yeah", 0.5), ("um", "no", 1.0))


def reply_audio(
    voice, text: str, folder: Path, snr: float | None, rng
) -> tuple[np.ndarray, float | None]:
    """The reply with room before and after it; "" is the room alone, as loud
    as the voice's "yes" would make it. And the seconds to the words' last
    voiced sample (a voice may end its audio with silence; None for the room
    alone)."""
    speech = voice.speak(text or "yes", folder).samples.astype(np.int16)
    if not text:
        speech = np.zeros_like(speech)
    voiced = np.flatnonzero(np.abs(speech.astype(np.int32)) > listen_dev_set.VOICED)
    end = LEAD_SECONDS + voiced[-1] / RECOGNIZER_RATE if len(voiced) else None
    lead = np.zeros(int(LEAD_SECONDS * RECOGNIZER_RATE), np.int16)
    samples = np.concatenate([lead, speech, np.zeros(2 * RECOGNIZER_RATE, np.int16)])
    if snr is None:
        return samples, end
    if not text:  # the noise's level from a "yes" said in this voice
        reference = voice.speak("yes", folder).samples.astype(np.int16)
        noisy = listen_dev_set.with_noise(np.concatenate([reference, samples]), snr, rng)
        return noisy[len(reference) :], end
    return listen_dev_set.with_noise(samples, snr, rng), end


def hearings(voices, texts, listening, settings, recognizer, seed: int):
    """(voice, text, snr, the listen report) for every text said by every
    voice, clean and at each noise level, through the game's listening path;
    the report also says whether the recognizer's passes disagreed ("disputed")
    and, for words said, how long after their last sound the turn was decided
    ("decision_s", in audio time: the same on any machine)."""
    rng = np.random.default_rng(seed)
    with tempfile.TemporaryDirectory() as folder:
        for voice in voices:
            for text in texts:
                for snr in NOISE:
                    samples, end = reply_audio(voice, text, Path(folder), snr, rng)
                    report, heard = listen_with_utterance(samples, listening, settings, recognizer)
                    disputed = heard.recognition is not None and heard.recognition.disputed
                    decision = None if end is None else report["decided_at_s"] - end
                    yield voice, text, snr, {**report, "disputed": disputed, "decision_s": decision}


def print_decisions(label: str, decisions: list[float]) -> None:
    """p50 and p95 of the decision after the words' last sound, in ms."""
    if not decisions:
        return
    ordered = sorted(decisions)
    p50, p95 = (ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] for q in (0.5, 0.95))
    slow = sum(d > SLOW_DECISION for d in decisions)
    print(
        f"  {label:16} {len(decisions):4}  decided p50 {1000 * p50:5.0f} ms, "
        f"p95 {1000 * p95:5.0f} ms after the last sound; over {SLOW_DECISION} s: {slow}"
    )


# The table the closed lists are heard at: each prompt also listens for the
# queries about its players by name ("where is Ben"), as in a game
TABLE_NAMES = ("Ann", "Ben")


def hearing_and_voices(names: str | None):
    """The configured speech settings, the game's live recognizer, and the
    spoken dev set's voices (those named, comma-separated, or all)."""
    settings = load_speech_settings()
    recognizer = make_recognizer(settings, notice=lambda message: None, live=True)
    voices = spoken_dev_set.voices()
    if names:
        voices = [v for v in voices if v.name in names.split(",")]
    return settings, recognizer, voices


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--voices", help="comma-separated voice names (default: all)")
    parser.add_argument("--show", action="store_true", help="list every reply read wrong")
    parser.add_argument(
        "--prompt",
        choices=("confirm", "jump"),
        default="confirm",
        help='"Did you say ...?" (default), or a yes-or-no choice such as "Jump?"',
    )
    args = parser.parse_args()
    settings, recognizer, voices = hearing_and_voices(args.voices)
    commands = tuple(und.vocabulary()["commands"])
    if args.prompt == "confirm":
        listening = Listening(
            "yes_no", ("yes", "no"), commands, prompt={"confirm": "x"}, names=TABLE_NAMES
        )
    else:
        listening = Listening(
            "choice", ("yes", "no"), commands, prompt={"type": "jump"}, names=TABLE_NAMES
        )
    read_as: dict[tuple[str, str], Counter] = defaultdict(Counter)  # (group, voice) -> reading
    replies = (
        [("yes", t) for t in YES] + [("no", t) for t in NO] + [("neither", t) for t in NEITHER]
    )
    group_of = {text: group for group, text in replies}
    texts = [text for _, text in replies]
    decided: dict[str, list[float]] = defaultdict(list)  # a reply's decisions, by group
    for voice, text, snr, report in hearings(voices, texts, listening, settings, recognizer, 20):
        heard = report["heard"][0] if report["heard"] else ""
        reading = {True: "yes", False: "no", None: "neither"}[und.yes_or_no(heard)]
        read_as[(group_of[text], voice.name)][reading] += 1
        read_as[(group_of[text], "noisy" if snr else "clean")][reading] += 1
        if group_of[text] != "neither":
            for key in ("clean" if snr is None else "noisy", text):
                decided[key].append(report["decision_s"])
        if args.show and reading != group_of[text]:
            where = f"{snr:.0f} dB" if snr else "clean"
            print(f"{voice.name} {where}: said {text!r}, heard {report['heard'][:3]}")
    with tempfile.TemporaryDirectory() as folder:
        thought = 0
        for voice in voices:
            for filler, reply, pause in THINKING:
                parts = [
                    voice.speak(t, Path(folder)).samples.astype(np.int16) for t in (filler, reply)
                ]
                room = [np.zeros(int(s * RECOGNIZER_RATE), np.int16) for s in (0.4, pause, 2.0)]
                samples = np.concatenate([room[0], parts[0], room[1], parts[1], room[2]])
                report = listen_to(samples, listening, settings, recognizer)
                heard = report["heard"][0] if report["heard"] else ""
                thought += und.yes_or_no(heard) == und.yes_or_no(reply)
                if args.show and und.yes_or_no(heard) != und.yes_or_no(reply):
                    print(
                        f"{voice.name}: said {filler!r}, {pause} s, {reply!r}, heard {report['heard'][:3]}"
                    )
    print(
        f"a filler, a pause, then the reply: {thought} of {len(voices) * len(THINKING)} read right"
    )
    for group in ("yes", "no", "neither"):
        print(f"said {group}:")
        print_shares(read_as, group, [v.name for v in voices], ("yes", "no", "neither"), "read as ")
    print("a yes or no said, how soon the turn ended (every voice, clean and in noise):")
    for key in ("clean", "noisy", *YES, *NO):
        print_decisions(key, decided[key])


def print_shares(counted: dict, group: str, voices: list[str], outcomes, lead: str = "") -> None:
    """One line each for clean, noisy and every voice: each outcome's share."""
    for who in ["clean", "noisy", *voices]:
        counts = counted[(group, who)]
        total = sum(counts.values())
        shares = ", ".join(f"{o} {100 * counts[o] / total:5.1f}%" for o in outcomes)
        print(f"  {who:16} {total:4}  {lead}{shares}")


if __name__ == "__main__":
    main()
