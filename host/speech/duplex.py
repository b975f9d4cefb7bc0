"""Half-duplex: the microphone is deaf while the host talks, plus a tail.

Without this the recognizer would transcribe the host's own voice coming
back from the speaker. The tail covers the room's echo and the output
buffer still draining after the last chunk was written.
"""

from __future__ import annotations


class MicGate:
    def __init__(self, tail_seconds: float = 0.3) -> None:
        self.tail_seconds = tail_seconds
        self._speaking = False
        self._open_at = 0.0

    def speaking_started(self) -> None:
        self._speaking = True

    def speaking_stopped(self, now: float) -> None:
        self._speaking = False
        self._open_at = now + self.tail_seconds

    def is_open(self, now: float) -> bool:
        return not self._speaking and now >= self._open_at
