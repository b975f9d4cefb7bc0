"""A quiet voice heard by a second detector, raised to a speaking level.

Silero's speech probability depends on how loud the voice is, not only on
what it sounds like: the listen sets played 20 dB quieter (a microphone
across the table, or with its gain turned down) lost "no", "four" and "Ann"
(nothing heard), and 30 dB quieter lost 20 of 288 recordings, most of them
in room noise, where Silero's probability stayed under its bar for whole
words. The recognizers hardly mind (Whisper's features are scaled to the
loudest sound; PocketSphinx takes the mean of its own out).

So a second detector hears the microphone raised by up to MAX_GAIN_DB, as
far as keeps the room (the frames called silence) at ROOM_DBFS, the
quietest noise the detectors were measured in at a normal level; a frame
is speech when either detector says so. It listens only while the voice is
quiet (its loudest 30 ms so far under QUIET_VOICE_DBFS): a voice at a
normal level is the first detector's alone, as before. (Raising every
frame by what the voice needed instead broke Silero on a gain that fell as
the voice began: hibari's "five", heard before, was heard as nothing.) No
gain until the room has been heard for ROOM_FRAMES frames, or remembered
from the turn before: a player who answers as the microphone opens gives no
room to hear, and flite's "Ann" and "no" said at once 30 dB down went
unheard. People talking at the table keep the room up, and so the gain
down. Only the detectors hear the raised frames: the recognizer and the
endpointer's own levels (relative to the room and the voice) hear the
microphone as it is. Silero's alone: WebRTC's detector weighs loudness
itself, and a quiet room raised 20 dB was speech to it.
"""

from __future__ import annotations

import math

import numpy as np

from host.speech.endpoint import ROOM_RATE, VoiceActivityDetector, level_dbfs

QUIET_VOICE_DBFS = -30.0  # the dev sets' voices peak at -12 to -27 dBFS over 30 ms
ROOM_DBFS = -45.0  # the quietest room noise of the dev sets in noise (10-20 dB below)
MAX_GAIN_DB = 20.0
ROOM_FRAMES = 5  # frames of the room heard before any gain (0.15 s)


class LevelledVad:
    """A detector, and a second of the same kind that hears a quiet voice raised."""

    def __init__(self, vad: VoiceActivityDetector, raised_vad: VoiceActivityDetector) -> None:
        self.vad = vad
        self.raised_vad = raised_vad
        self.loudest_dbfs = -math.inf
        self.room_dbfs = -math.inf
        self.room_frames = 0
        self.gain_db = 0.0  # the last frame's, for the second detector (0: not asked)

    def recall_room(self, room_dbfs: float | None) -> None:
        """Start from the room's level as the turn before heard it (None: unknown)."""
        if room_dbfs is not None and not self.room_frames:
            self.room_dbfs, self.room_frames = room_dbfs, ROOM_FRAMES

    @property
    def room_heard(self) -> float | None:
        """The room's level (dBFS) as heard so far, for the next turn; None if not heard."""
        return self.room_dbfs if self.room_frames else None

    def is_speech(self, frame: np.ndarray) -> bool:
        level = level_dbfs(frame)
        self.loudest_dbfs = max(self.loudest_dbfs, level)
        speech = self.vad.is_speech(frame)
        self.gain_db = self._gain()
        if self.gain_db > 0.0:
            speech = self.raised_vad.is_speech(at_gain(frame, self.gain_db)) or speech
        if not speech:
            known = self.room_dbfs if self.room_frames else level
            self.room_dbfs = known + ROOM_RATE * (level - known)
            self.room_frames += 1
        return speech

    def _gain(self) -> float:
        if self.room_frames < ROOM_FRAMES or self.loudest_dbfs >= QUIET_VOICE_DBFS:
            return 0.0
        return max(0.0, min(MAX_GAIN_DB, ROOM_DBFS - self.room_dbfs))


def at_gain(samples: np.ndarray, gain_db: float) -> np.ndarray:
    """The int16 samples `gain_db` louder (quieter if negative: a microphone
    across the table, as bench/listen_dev_set.py plays it), held at full scale."""
    if gain_db == 0.0:
        return samples
    scaled = np.asarray(samples, dtype=np.float64) * 10 ** (gain_db / 20)
    return np.clip(np.round(scaled), -32768, 32767).astype(np.int16)
