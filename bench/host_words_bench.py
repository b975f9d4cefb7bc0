"""How much the host talks: host words and seconds of host speech per question
asked, over whole simulated games in every edition and mode.

Run: .venv/bin/python bench/host_words_bench.py [--games 3] [--verbosity short]

The simulated table of `trivia-host demo` (right and wrong answers, vague
ones, now and then a command or an override) plays whole games by voice
through a scripted channel, at the settings config.yaml ships unless
--verbosity is given. Words are counted in what the host says; seconds are
those lines synthesized by espeak-ng at the configured rate (estimated from
the rate when espeak-ng is missing). The target of issue 15: at most 35
words per question at the shipped default, at most 25 in `short`.
"""

from __future__ import annotations

import argparse
import io
import random
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from host.cards.deck import load_decks
from host.demo.players import SimulatedPlayer, SimulatedTable
from host.rules.editions import edition_names, mode_names
from host.table.channels import ScriptedChannel
from host.table.game import resolve_deck_paths
from host.table.settings import read_config, settings_from_config
from host.table.setup import play
from host.table.transcript import read_transcript

PLAYERS = ("Ann", "Ben", "Cy")
SAMPLE_LINES = 60


def one_game(edition: str, mode: str, seed: int, verbosity: str | None, cards) -> dict:
    coop = mode == "coop"
    names = PLAYERS[:2] if coop else PLAYERS
    table = SimulatedTable([SimulatedPlayer(n, 0.7) for n in names], cards, seed=seed)

    def respond(listening):
        line = table.line(listening)
        return None if line is None else line.text

    with tempfile.TemporaryDirectory(prefix="host-words-") as folder:
        channel = ScriptedChannel(responder=respond, voice=True)
        args = SimpleNamespace(
            edition=edition,
            mode=mode,
            players=",".join(names),
            teams=None,
            text=False,
            resume=False,
            fresh=True,
            seed=seed,
            dice=None,
            deck=None,
            verbosity=verbosity,
            config=None,
            save_dir=folder,
        )
        outcome = play(args, channel=channel)
        transcript = _transcript(Path(folder))
    questions = sum(
        1
        for line in transcript
        if line["kind"] == "event" and line["event"]["type"] == "question_asked"
    )
    return {"outcome": outcome, "said": channel.said, "questions": questions}


def _transcript(folder: Path) -> list[dict]:
    found = sorted(folder.rglob("*.transcript.jsonl"))
    return read_transcript(found[0]) if found else []


def speech_seconds(lines: list[str], rate: int) -> float:
    """The lines spoken by espeak-ng at `rate` words a minute (a pause between
    lines): a sample of them is synthesized and the rest scaled by words."""
    words = sum(len(line.split()) for line in lines)
    if not shutil.which("espeak-ng") or not words:
        return words / rate * 60
    sample = random.Random(0).sample(lines, min(SAMPLE_LINES, len(lines)))
    wav = subprocess.run(
        ["espeak-ng", "--stdout", "-s", str(rate), "-b", "1", "--stdin"],
        input="\n\n".join(sample).encode("utf-8"),
        capture_output=True,
        check=True,
    ).stdout
    with wave.open(io.BytesIO(wav)) as audio:  # streamed: the header has no length
        frame = audio.getsampwidth() * audio.getnchannels()
        seconds = (len(wav) - 44) / frame / audio.getframerate()
    return seconds * words / max(1, sum(len(line.split()) for line in sample))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per edition and mode")
    parser.add_argument("--verbosity", help="long, normal or short (default: config.yaml's)")
    args = parser.parse_args()
    settings = settings_from_config(read_config(None))
    verbosity = args.verbosity or settings.verbosity
    rate = int(read_config(None).get("speech", {}).get("rate", 175))
    cards = {c.id: c for deck in load_decks(resolve_deck_paths(())) for c in deck.cards}
    print(f"verbosity {verbosity}, {args.games} games each, espeak-ng at {rate} words a minute")
    print(f"  {'edition':8} {'mode':9} {'questions':>9} {'words/q':>8} {'seconds/q':>9}")
    all_words = all_questions = 0
    all_seconds = 0.0
    for edition in edition_names():
        for mode in mode_names(edition):
            words = questions = 0
            seconds = 0.0
            for seed in range(1, args.games + 1):
                game = one_game(edition, mode, seed, args.verbosity, cards)
                words += sum(len(line.split()) for line in game["said"])
                seconds += speech_seconds(game["said"], rate)
                questions += game["questions"]
            all_words += words
            all_seconds += seconds
            all_questions += questions
            print(
                f"  {edition:8} {mode:9} {questions:9d} {words / questions:8.1f} "
                f"{seconds / questions:9.1f}"
            )
    print(
        f"  {'all':18} {all_questions:9d} {all_words / all_questions:8.1f} "
        f"{all_seconds / all_questions:9.1f}"
    )


if __name__ == "__main__":
    main()
