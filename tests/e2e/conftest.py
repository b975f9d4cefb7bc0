"""Scripted games played twice: typed at the keyboard, and spoken by flite
voices into the host's microphone through the real PocketSphinx recognizer,
judge, engine and narrator. The two must come out the same."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from host.demo.bridge import PlayerVoices
from host.demo.players import Line
from host.demo.table import HostVoice, audio_table, game_args
from host.speech import FakeSynthesizer, SpeechSettings
from host.table.channels import ScriptedChannel
from host.table.saving import SAVE_NAME, TRANSCRIPT_NAME
from host.table.setup import play
from host.table.transcript import read_transcript

FIXTURES = Path(__file__).parent / "fixtures"
DECKS = [str(FIXTURES / "e2e_standard.yaml"), str(FIXTURES / "e2e_ruby.yaml")]
CONFIG = str(FIXTURES / "e2e_config.yaml")
VOICES = {"Ann": "awb", "Ben": "rms"}     # the two voices PocketSphinx hears best

needs_flite = pytest.mark.skipif(not shutil.which("flite"),
                                 reason="flite is not installed: the players cannot speak")


class ScriptedLines:
    """The players' lines in order, each (speaker, text); None when done."""

    def __init__(self, lines):
        self.lines = [Line(speaker, text, "script") for speaker, text in lines]

    def line(self, listening):
        return self.lines.pop(0) if self.lines else None


@dataclass
class Sitting:
    outcome: str
    said: list[str]           # what the host said, in order
    heard: list[dict]         # transcript 'heard' lines
    actions: list[dict]       # the engine actions, in order
    verdicts: list[tuple]     # (verdict, reason class) of each ruling
    state: dict               # the saved game's state

    def count(self, text: str) -> int:
        return sum(text in line for line in self.said)


def _sitting(outcome: str, said: list[str], save_dir: Path) -> Sitting:
    transcript = save_dir / TRANSCRIPT_NAME
    lines = read_transcript(transcript) if transcript.exists() else []
    save = json.loads((save_dir / SAVE_NAME).read_text()) if (save_dir / SAVE_NAME).exists() else {}
    return Sitting(outcome, said, [ln for ln in lines if ln["kind"] == "heard"],
                   [ln["action"] for ln in lines if ln["kind"] == "action"],
                   [(ln["verdict"], bool(ln.get("override"))) for ln in lines
                    if ln["kind"] == "ruling"],
                   save.get("state", {}))


@pytest.fixture(scope="session")
def voice_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("flite-cache")


@pytest.fixture(scope="session")
def host_voice():
    """The recognizer, made once, each utterance on its own (live=False: no
    carry-over), so a test's result does not depend on the tests before it."""
    pytest.importorskip("pocketsphinx")
    from host.speech import make_recognizer

    settings = SpeechSettings(recognizer="pocketsphinx", no_speech_timeout=3.0)
    return HostVoice(make_recognizer(settings, live=False), FakeSynthesizer(), settings)


@pytest.fixture
def save_root():
    shm = Path("/dev/shm")
    base = shm if shm.is_dir() and os.access(shm, os.W_OK) else None
    with tempfile.TemporaryDirectory(dir=base, prefix="trivia-e2e-") as folder:
        yield Path(folder)


@pytest.fixture
def sit(host_voice, voice_cache, save_root):
    """sit(script, by=audio|keyboard, **game) -> Sitting."""
    counter = iter(range(1000))

    def run(script, by="audio", edition="classic", mode=None, seed=3, players=("Ann", "Ben"),
            transform=None, microphone=None):
        save_dir = save_root / f"{by}-{next(counter)}"
        args = game_args(save_dir, edition, mode, list(players), seed, DECKS, verbosity="short",
                         config=CONFIG)
        if by == "keyboard":
            channel = ScriptedChannel([text for _, text in script])
            outcome = play(args, channel=channel)
            return _sitting(outcome, channel.said, save_dir)
        said: list[str] = []
        voices = PlayerVoices(VOICES, cache_dir=voice_cache)
        channel = audio_table(host_voice, ScriptedLines(script), voices, save_dir,
                              caption=said.append, echo=lambda line: None,
                              transform=transform, microphone=microphone)
        outcome = play(args, channel=channel)
        return _sitting(outcome, said, save_dir)

    return run
