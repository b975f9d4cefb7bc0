"""Stand-ins for the sound card and the engines, for tests and scripted games."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from host.speech.audio import RECOGNIZER_RATE, Audio, read_wav, write_wav
from host.speech.duplex import MicGate


class FakeMicrophone:
    """Plays back prepared audio as if spoken into a microphone, then silence."""

    def __init__(
        self,
        audio: Audio | str | Path | np.ndarray,
        rate: int = RECOGNIZER_RATE,
        frame_seconds: float = 0.03,
    ) -> None:
        if isinstance(audio, (str, Path)):
            audio = read_wav(audio, rate).audio
        elif isinstance(audio, np.ndarray):
            audio = Audio(audio.astype(np.int16), rate)
        self.rate = rate
        self.frame_size = int(rate * frame_seconds)
        self._samples = audio.resampled(rate).samples
        self._position = 0

    @property
    def exhausted(self) -> bool:
        return self._position >= len(self._samples)

    def read(self, count: int | None = None) -> np.ndarray:
        count = count or self.frame_size
        chunk = self._samples[self._position : self._position + count]
        self._position += count
        if len(chunk) < count:
            chunk = np.concatenate([chunk, np.zeros(count - len(chunk), np.int16)])
        return chunk

    def close(self) -> None:
        pass


class FakeSpeaker:
    """Collects everything played; can write it out as one WAV."""

    def __init__(self, rate: int = 22050, gate: MicGate | None = None) -> None:
        self.rate = rate
        self.gate = gate
        self.played: list[Audio] = []
        self.stopped = False

    def play(self, audio: Audio) -> bool:
        if self.gate:
            self.gate.speaking_started()
        self.played.append(audio)
        if self.gate:
            self.gate.speaking_stopped(time.monotonic())
        return not self.stopped

    def stop(self) -> None:
        self.stopped = True

    @property
    def audio(self) -> Audio:
        return Audio.join(self.played, self.rate)

    def write_wav(self, path: str | Path) -> Path:
        return write_wav(path, self.audio)

    def close(self) -> None:
        pass


class FakeSynthesizer:
    """Turns text into a quiet tone, one beat per word, and remembers the text."""

    name = "fake"

    def __init__(self, rate: int = 16000, seconds_per_word: float = 0.1) -> None:
        self.rate = rate
        self.seconds_per_word = seconds_per_word
        self.spoken: list[str] = []

    def synthesize(self, text: str) -> Audio:
        self.spoken.append(text)
        words = max(1, len(text.split()))
        t = np.arange(int(words * self.seconds_per_word * self.rate)) / self.rate
        tone = (
            3000 * np.sin(2 * np.pi * 220 * t) * (np.sin(np.pi * t / self.seconds_per_word) > 0.2)
        )
        return Audio(tone.astype(np.int16), self.rate)

    def close(self) -> None:
        pass
