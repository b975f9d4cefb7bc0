"""Scripted games played twice: typed at the keyboard, and spoken by flite
voices into the host's microphone through the real PocketSphinx recognizer,
judge, engine and narrator. The two must come out the same."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from e2e_support import CONFIG, DECKS, VOICES, ScriptedLines, sitting

from host.demo.bridge import PlayerVoices
from host.demo.table import HostVoice, audio_table, game_args
from host.speech import FakeSynthesizer, SpeechSettings
from host.table.channels import ScriptedChannel
from host.table.setup import play


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

    def run(
        script,
        by="audio",
        edition="classic",
        mode=None,
        seed=3,
        players=("Ann", "Ben"),
        transform=None,
        microphone=None,
        lines=None,
    ):
        """`lines`: what the players say, in order (default: the script as it is)."""
        save_dir = save_root / f"{by}-{next(counter)}"
        args = game_args(
            save_dir, edition, mode, list(players), seed, DECKS, verbosity="short", config=CONFIG
        )
        if by == "keyboard":
            channel = ScriptedChannel([text for _, text in script])
            outcome = play(args, channel=channel)
            return sitting(outcome, channel.said, save_dir)
        said: list[str] = []
        voices = PlayerVoices(VOICES, cache_dir=voice_cache)
        channel = audio_table(
            host_voice,
            lines or ScriptedLines(script),
            voices,
            save_dir,
            caption=said.append,
            echo=lambda line: None,
            transform=transform,
            microphone=microphone,
        )
        outcome = play(args, channel=channel)
        return sitting(outcome, said, save_dir)

    return run
