"""A quiet voice is heard by a second detector, raised to a speaking level
(host/speech/vad_level.py): what each detector is handed, frame by frame."""

from __future__ import annotations

import numpy as np

from host.speech.endpoint import level_dbfs
from host.speech.vad_level import MAX_GAIN_DB, ROOM_DBFS, ROOM_FRAMES, LevelledVad, at_gain

FRAME = 480


class Ear:
    """A detector that notes the level of each frame it is handed, and calls
    speech what is louder than `bar` dBFS."""

    def __init__(self, bar: float = -35.0) -> None:
        self.bar = bar
        self.handed: list[float] = []

    def is_speech(self, frame: np.ndarray) -> bool:
        self.handed.append(level_dbfs(frame))
        return self.handed[-1] > self.bar


def tone(dbfs: float, frames: int = 1) -> list[np.ndarray]:
    """`frames` frames of a 200 Hz tone whose RMS is `dbfs`."""
    t = np.arange(FRAME) / 16000
    wave = np.sqrt(2) * 32768 * 10 ** (dbfs / 20) * np.sin(2 * np.pi * 200 * t)
    return [np.round(wave).astype(np.int16)] * frames


class Heard:
    """One turn through a LevelledVad of two Ears: what it said of each
    frame, and what each ear was handed."""

    def __init__(self, frames: list[np.ndarray], room: float | None = None) -> None:
        self.plain, self.raised = Ear(), Ear()
        vad = LevelledVad(self.plain, self.raised)
        vad.recall_room(room)
        self.speech = [vad.is_speech(frame) for frame in frames]
        self.room_heard = vad.room_heard


def test_a_voice_at_a_speaking_level_is_the_first_detectors_alone() -> None:
    heard = Heard(tone(-60, 10) + tone(-20, 5) + tone(-60, 5))
    assert heard.speech == [False] * 10 + [True] * 5 + [False] * 5
    assert np.allclose(heard.plain.handed, [-60] * 10 + [-20] * 5 + [-60] * 5, atol=0.1)
    # the second heard the room raised to -45 dBFS once it was known, until the voice came
    assert np.allclose(heard.raised.handed, [ROOM_DBFS] * (10 - ROOM_FRAMES), atol=0.1)


def test_a_quiet_voice_in_a_quiet_room_is_heard_raised() -> None:
    # the room at -80 dBFS, the voice at -45: 20 dB up (the most)
    heard = Heard(tone(-80, 10) + tone(-45, 5))
    assert heard.speech == [False] * 10 + [True] * 5
    assert not any(level > heard.plain.bar for level in heard.plain.handed)
    assert np.allclose(heard.raised.handed[-5:], -45 + MAX_GAIN_DB, atol=0.1)


def test_nothing_is_raised_before_the_room_has_been_heard() -> None:
    heard = Heard(tone(-80, ROOM_FRAMES - 1) + tone(-45, 3))
    # the first quiet frame of the voice is taken for the room's fifth
    assert heard.speech == [False] * ROOM_FRAMES + [True, True]
    assert len(heard.raised.handed) == 2


def test_a_noisy_room_is_never_raised_above_the_noise_the_detector_knows() -> None:
    # talk behind at -50: raised 5 dB at most, to -45
    heard = Heard(tone(-50, 10) + tone(-40, 3))
    assert np.allclose(heard.raised.handed[:5], ROOM_DBFS, atol=0.1)
    assert max(heard.raised.handed) < -35 + 0.1  # the voice at -40 raised 5 dB at most
    assert not any(heard.speech)
    # a room at -40 is not raised at all
    assert Heard(tone(-40, 10)).raised.handed == []


def test_a_player_who_answers_as_the_microphone_opens_is_raised_by_the_room_remembered() -> None:
    # no room heard this turn: the quiet voice is taken for the room, and never raised
    assert not any(Heard(tone(-45, 10)).speech)
    # the turn before heard the room at -80: raised from the first frame
    heard = Heard(tone(-45, 10), room=-80)
    assert all(heard.speech)
    assert np.allclose(heard.raised.handed, -45 + MAX_GAIN_DB, atol=0.1)


def test_the_room_heard_is_kept_for_the_next_turn() -> None:
    assert Heard([]).room_heard is None
    room = Heard(tone(-60, 3)).room_heard
    assert room is not None and abs(room + 60) < 0.1


def test_a_raised_frame_is_held_at_full_scale() -> None:
    loud = np.array([20000, -20000, 100], dtype=np.int16)
    assert at_gain(loud, 6.0).tolist() == [32767, -32768, 200]
    assert at_gain(loud, 0.0) is loud
