"""Spoken lines kept on disk, so the host's first words need no voice model.

A neural voice takes seconds to load; the lines the host says at the start
of a game are nearly always the same, so they are kept as WAV files in the
user's cache folder (XDG_CACHE_HOME or ~/.cache, under trivia-host/lines),
one file per line, named by a hash of the synthesizer, its voice, its
settings and the text. The folder is kept under a size cap, the least
recently used lines going first. The cache only ever saves time: a damaged
file is deleted and made again, and a folder that cannot be written turns
the cache off for the rest of the run.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from host.cache_folder import cache_folder, remove, touch, trim
from host.speech.audio import Audio, BadAudioError, read_wav, write_wav

FORMAT = 1  # part of every key: a change in how lines are made or kept starts afresh
MAX_BYTES = 16 * 1024 * 1024  # about 170 clauses of the 24 kHz hibari voice


@dataclass(frozen=True)
class VoiceIdentity:
    """Everything that changes how a line sounds, besides its text."""

    synthesizer: str
    voice: str
    rate: int
    volume: float

    def key(self, text: str) -> str:
        fields = [FORMAT, self.synthesizer, self.voice, self.rate, self.volume, text]
        return hashlib.sha256(json.dumps(fields).encode()).hexdigest()[:32]


class LineCache:
    def __init__(self, folder: Path | None = None, max_bytes: int = MAX_BYTES) -> None:
        self.folder = Path(folder) if folder is not None else cache_folder("lines")
        self.max_bytes = max_bytes
        self.writable = True  # until a write fails

    def get(self, key: str) -> Audio | None:
        path = self._path(key)
        try:
            audio = read_wav(path).audio
        except BadAudioError:
            if path.exists():  # damaged (a crash mid-write, a full disk): make it again
                remove(path)
            return None
        except OSError:
            return None
        touch(path)
        return audio

    def put(self, key: str, audio: Audio) -> None:
        if not self.writable or len(audio.samples) == 0:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
            os.close(handle)
            try:
                write_wav(temporary, audio)
                os.replace(temporary, self._path(key))
            finally:
                remove(Path(temporary))
            trim(self.folder, "*.wav", self.max_bytes)
        except OSError:
            self.writable = False  # read-only or full: the game goes on without the cache

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.wav"
