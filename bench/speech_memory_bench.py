"""Memory of the listening path's parts, one at a time: what each keeps per turn.

The soak (bench/soak.py) says whether a whole game by audio leaves memory
behind; this says which part does. Each suspect runs alone in a fresh
process for `--turns` turns on the closed lists and answers of a real game
(its expectations recorded from one game at the keyboard, each list made new
every turn by one phrase of its own, as the move options are), and prints
the resident size (after gc and malloc_trim, so only memory kept counts)
every tenth of the turns, then the growth per 100 turns after the first
tenth (the warm-up: the compiled grammars kept, the models' buffers):

- lookup: PocketSphinx's dictionary asked about every word of each list
- grammars: a PocketSphinx grammar stream opened and finished on each list, no audio
- listen: the live recognizer (Whisper with PocketSphinx's grammars) hears a
  spoken line against each expectation, as in a game
- vad: a fresh voice-activity detector each turn (as the voice channel makes), on a line
- voices: a player's line synthesized (flite), as the simulated table does

    .venv/bin/python bench/speech_memory_bench.py [--turns 400] [--only grammars]
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LINES = ("roll", "history", "the caspian sea", "i think it is leonardo da vinci")
WORDS = ("one", "two", "three", "four", "five", "six", "red", "blue", "green", "pink", "orange")


def resident_mb() -> float:
    """Resident size once the garbage and the allocator's free pages are given back."""
    from bench.soak import resident_mb as resident_now

    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    return resident_now()


def game_expectations(questions: int = 6) -> list:
    """What the recognizer is asked to expect through one short game at the keyboard."""
    from host.cards.deck import load_decks
    from host.demo.players import SimulatedPlayer, SimulatedTable
    from host.demo.table import game_args, typed_table
    from host.table.game import resolve_deck_paths
    from host.table.setup import play
    from host.table.voice import expectation_for

    paths = resolve_deck_paths(())
    cards = {c.id: c for d in load_decks(paths) for c in d.cards}

    class RecordingTable(SimulatedTable):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.expected: list = []

        def line(self, listening):
            self.expected.append(expectation_for(listening))
            return super().line(listening)

    players = [SimulatedPlayer(name, 0.7) for name in ("Ann", "Ben")]
    table = RecordingTable(players, cards, seed=1, max_answers=questions, max_lines=400)
    with tempfile.TemporaryDirectory(prefix="trivia-memory-") as folder:
        args = game_args(folder, "genus6", "classic", ["Ann", "Ben"], 1, [str(p) for p in paths])
        play(args, channel=typed_table(table, folder))
    return [e for e in table.expected if e.kind != "free"]


def made_new(expectation, turn: int):
    """The expectation with one phrase no other turn has (a move's options)."""
    from dataclasses import replace

    digits = [WORDS[turn // len(WORDS) ** k % len(WORDS)] for k in range(3)]
    own = " ".join(digits)
    if expectation.kind == "answer":
        return replace(expectation, phrases=(*expectation.phrases, own))
    return replace(expectation, phrases=(*expectation.phrases, f"history {own}"))


def spoken_lines() -> list:
    from host.demo.bridge import FLITE_VOICES, PlayerVoices

    voices = PlayerVoices({"Ann": FLITE_VOICES[0]})
    return [voices.samples("Ann", line) for line in LINES]


def lookup_turn() -> Callable[[int], None]:
    from host.speech.sphinx_engine import PocketSphinxRecognizer

    recognizer = PocketSphinxRecognizer(adapt=True, free_decoding=False)
    expected = game_expectations()

    def turn(number: int) -> None:
        for phrase in made_new(expected[number % len(expected)], number).phrases:
            recognizer.missing_words(phrase)

    return turn


def grammars_turn() -> Callable[[int], None]:
    from host.speech import Expectation
    from host.speech.sphinx_engine import PocketSphinxRecognizer

    recognizer = PocketSphinxRecognizer(adapt=True, free_decoding=False)
    expected = game_expectations()

    def turn(number: int) -> None:
        expectation = made_new(expected[number % len(expected)], number)
        phrases = expectation.phrases + expectation.commands
        recognizer.stream(Expectation.closed(phrases)).finish()

    return turn


def listen_turn() -> Callable[[int], None]:
    from host.speech import SpeechSettings, make_recognizer, recognize

    recognizer = make_recognizer(SpeechSettings(), engine="whisper", notice=lambda m: None)
    expected, lines = game_expectations(), spoken_lines()

    def turn(number: int) -> None:
        expectation = made_new(expected[number % len(expected)], number)
        recognize(recognizer, lines[number % len(lines)], expectation)

    return turn


def vad_turn() -> Callable[[int], None]:
    from host.speech import SpeechSettings, make_vad

    settings, lines = SpeechSettings(), spoken_lines()

    def turn(number: int) -> None:
        vad, samples = make_vad(settings), lines[number % len(lines)]
        for start in range(0, len(samples), 480):  # 30 ms frames
            vad.is_speech(samples[start : start + 480])

    return turn


def voices_turn() -> Callable[[int], None]:
    from host.demo.bridge import FLITE_VOICES
    from host.speech.synth import CommandLineSynthesizer

    flite = CommandLineSynthesizer("flite", voice=FLITE_VOICES[0])

    def turn(number: int) -> None:
        flite.synthesize(f"answer number {number}")

    return turn


SUSPECTS = {
    "lookup": lookup_turn,
    "grammars": grammars_turn,
    "listen": listen_turn,
    "vad": vad_turn,
    "voices": voices_turn,
}


def measure(name: str, turns: int) -> None:
    """One suspect in this process: resident MB every tenth of the turns."""
    turn = SUSPECTS[name]()
    every = max(1, turns // 10)
    started, before = time.monotonic(), resident_mb()
    grown = []
    for number in range(turns):
        turn(number)
        if (number + 1) % every == 0:
            grown.append(resident_mb() - before)
    per_100 = (grown[-1] - grown[0]) / (turns - every) * 100 if len(grown) > 1 else 0.0
    print(
        f"{name:>8}: {turns} turns in {time.monotonic() - started:.0f} s; resident growth (MB) "
        f"every {every}: {' '.join(f'{g:.1f}' for g in grown)}; "
        f"after the first {every}: {per_100:+.2f} MB per 100 turns",
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=400, help="turns per suspect (default 400)")
    parser.add_argument("--only", choices=sorted(SUSPECTS), action="append", help="this suspect")
    parser.add_argument("--alone", choices=sorted(SUSPECTS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.alone:
        measure(args.alone, args.turns)
        return 0
    failed = 0
    for name in args.only or SUSPECTS:  # each in a fresh process: no shared heap
        command = [sys.executable, __file__, "--alone", name, "--turns", str(args.turns)]
        failed += subprocess.run(command, check=False).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
