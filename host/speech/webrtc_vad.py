"""WebRTC's voice-activity detector (`webrtcvad-wheels`: a prebuilt wheel of
the C code from the WebRTC project, no model file). Lighter than Silero and
less robust to babble and music; a second choice when Silero is missing.

It scores 10, 20 or 30 ms windows; microphone frames of any length are
buffered into 30 ms windows. A frame is speech when most of the windows it
completed are, and otherwise keeps the last decision.
"""

from __future__ import annotations

import importlib.util

import numpy as np

NAME = "webrtc"
RATE = 16000
WINDOW = RATE * 30 // 1000  # 30 ms
AGGRESSIVENESS = 2  # 0 (lets most through) .. 3 (strictest about noise)


def available() -> bool:
    return importlib.util.find_spec("webrtcvad") is not None


class WebRtcVad:
    def __init__(self, aggressiveness: int = AGGRESSIVENESS) -> None:
        import webrtcvad

        self._detector = webrtcvad.Vad(aggressiveness)
        self._pending = np.zeros(0, dtype=np.int16)
        self._speaking = False

    def is_speech(self, frame: np.ndarray) -> bool:
        self._pending = np.concatenate([self._pending, np.asarray(frame, dtype=np.int16)])
        whole = len(self._pending) // WINDOW * WINDOW
        votes = [
            bool(self._detector.is_speech(self._pending[s : s + WINDOW].tobytes(), RATE))
            for s in range(0, whole, WINDOW)
        ]
        if votes:
            self._speaking = sum(votes) * 2 > len(votes)
        self._pending = self._pending[whole:]
        return self._speaking

    def reset(self) -> None:
        self._pending = np.zeros(0, dtype=np.int16)
        self._speaking = False


def create() -> WebRtcVad:
    return WebRtcVad()
