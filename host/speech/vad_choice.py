"""Which voice-activity detector to use: Silero when installed, then WebRTC,
then the energy threshold (always there). Each detector module offers NAME,
available() and create(); the engines registry takes them as entries."""

from __future__ import annotations

from typing import Protocol

import numpy as np

from host.speech import silero_vad, webrtc_vad
from host.speech.endpoint import EnergyVad

ENERGY = "energy"
ORDER = (silero_vad, webrtc_vad)  # best first
NAMES = (*(module.NAME for module in ORDER), ENERGY)


class VoiceActivityDetector(Protocol):
    def is_speech(self, frame: np.ndarray) -> bool: ...


def make_vad(name: str = "auto") -> VoiceActivityDetector:
    """The named detector, or with `auto` the best one installed."""
    if name not in ("auto", *NAMES):
        raise ValueError(f"unknown voice-activity detector {name!r} (expected auto or {NAMES})")
    for module in ORDER:
        if name in ("auto", module.NAME) and module.available():
            detector: VoiceActivityDetector = module.create()
            return detector
    if name not in ("auto", ENERGY):
        raise ValueError(f"the {name} voice-activity detector is not installed")
    return EnergyVad()
