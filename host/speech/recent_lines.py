"""The host's recent clauses, kept as made, so a line said again plays at once.

A game repeats itself: in one game by audio (turnaround bench, seed 3) the
host made 171 clauses, and "Roll.", "Right." and "Again." were 48 of them.
A neural voice takes 20-80 ms per clause, and that is time between the
player's last word and the host's first. Clauses are kept in memory, the
least recently said dropped first once they hold more than `max_bytes` of
audio, so a long evening's memory stays flat.

Lines are kept only once the voice is ready (a voice still loading says the
opening lines from the line cache, and the voice that loads may differ from
the one chosen); a new voice or rate starts a new RecentLines.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from host.speech.audio import Audio
from host.speech.synth import Synthesizer

MAX_BYTES = 4 * 1024 * 1024  # about 90 s of a 22 kHz voice: an evening's common lines


class RecentLines:
    def __init__(self, synthesizer: Synthesizer, max_bytes: int = MAX_BYTES) -> None:
        self.synthesizer = synthesizer
        self.name = getattr(synthesizer, "name", "host")
        self.max_bytes = max_bytes
        self._kept: OrderedDict[str, Audio] = OrderedDict()
        self._bytes = 0
        # the first clause is made here, the next ones on synthesize_clauses' helper thread
        self._lock = threading.Lock()

    def synthesize(self, text: str) -> Audio:
        with self._lock:
            audio = self._kept.get(text)
            if audio is not None:
                self._kept.move_to_end(text)
                return audio
        audio = self.synthesizer.synthesize(text)
        if getattr(self.synthesizer, "ready", True):
            self._keep(text, audio)
        return audio

    def _keep(self, text: str, audio: Audio) -> None:
        size = audio.samples.nbytes
        if size > self.max_bytes:
            return
        with self._lock:
            if text in self._kept:
                return
            self._kept[text] = audio
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, dropped = self._kept.popitem(last=False)
                self._bytes -= dropped.samples.nbytes

    @property
    def kept_bytes(self) -> int:
        return self._bytes

    def close(self) -> None:
        self.synthesizer.close()
