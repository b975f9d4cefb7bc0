"""The players' voices keep a bounded memory of their lines (a soak of many
games by audio must not grow into it), the most recently said kept."""

from __future__ import annotations

from host.demo import bridge
from host.speech import FakeSynthesizer


def test_the_voice_memory_is_bounded_and_keeps_what_comes_back(monkeypatch):
    monkeypatch.setattr(bridge.shutil, "which", lambda program: None)  # no flite: the fallback
    monkeypatch.setattr(bridge, "VOICE_MEMORY_BYTES", 200_000)
    voices = bridge.PlayerVoices({"Ann": "rms"}, fallback=FakeSynthesizer())
    for number in range(40):
        voices.samples("Ann", "roll")  # said every turn
        voices.samples("Ann", f"answer number {number} is a long one")
    assert voices.memory_bytes <= 200_000
    assert voices.memory_bytes == sum(s.nbytes for s in voices._memory.values())
    assert ("rms", "roll") in voices._memory
    assert ("rms", "answer number 0 is a long one") not in voices._memory
