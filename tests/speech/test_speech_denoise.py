"""The spectral gate: steady room noise goes, the voice stays, nothing is lost
at the end, and the recognizer only hears the cleaned sound when the
settings say so."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from host.errors import UserError
from host.speech.denoise import LAG, DenoisedRecognizer, SpectralGate
from host.speech.recognition import Expectation, Hypothesis, Recognition
from host.speech.settings import SpeechSettings

RATE = 16000


def hum_and_hiss(seconds: float, seed: int = 1) -> np.ndarray:
    """A room: mains hum and a steady hiss, about -30 dBFS."""
    t = np.arange(int(seconds * RATE)) / RATE
    hiss = np.random.default_rng(seed).normal(0, 700, len(t))
    return 600 * np.sin(2 * np.pi * 50 * t) + hiss


def a_voice(seconds: float) -> np.ndarray:
    """Not a voice, but voice-like: harmonics of 150 Hz, syllables 4 times a second."""
    t = np.arange(int(seconds * RATE)) / RATE
    tone = sum(np.sin(2 * np.pi * 150 * k * t) / k for k in range(1, 12))
    return 4000 * tone * (np.sin(2 * np.pi * 4 * t) > 0)


def through_the_gate(samples: np.ndarray, chunk: int = 480) -> np.ndarray:
    gate = SpectralGate()
    pieces = [
        gate.process(np.asarray(samples[i : i + chunk])) for i in range(0, len(samples), chunk)
    ]
    out = np.concatenate([*pieces, gate.flush()]).astype(float)
    return out[LAG : LAG + len(samples)]  # undo the lag


def level(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(samples, dtype=float))))


def test_a_quiet_room_comes_out_much_quieter():
    room = hum_and_hiss(3.0)
    assert level(through_the_gate(room)[RATE:]) < level(room[RATE:]) / 4


def test_a_voice_in_the_room_keeps_its_strength():
    room, voice = hum_and_hiss(3.0), a_voice(3.0)
    start = RATE // 2  # the room alone first, as when the host stops talking
    mixed = room.copy()
    mixed[start:] += voice[start:]
    cleaned = through_the_gate(np.clip(mixed, -32768, 32767).astype(np.int16))
    speaking = slice(start + RATE // 2, len(mixed))
    # the bands between a voice's harmonics are turned down with the room's
    # noise (a recognizer normalises the level; it is the shape that counts)
    assert level(cleaned[speaking]) > 0.6 * level(voice[speaking])
    gaps = np.flatnonzero(voice == 0)  # between syllables: the room alone
    gaps = gaps[gaps > speaking.start]
    assert level(cleaned[gaps]) < level(mixed[gaps]) / 2


def test_a_player_who_speaks_at_once_is_not_taken_for_the_room():
    voice = a_voice(2.0)  # no quiet before the voice at all
    cleaned = through_the_gate(voice.astype(np.int16))
    assert level(cleaned[RATE // 2 :]) > 0.6 * level(voice[RATE // 2 :])


def test_every_sample_comes_out_whatever_the_chunks():
    samples = hum_and_hiss(1.0).astype(np.int16)
    for chunk in (1, 100, 256, 480, 4000):
        gate = SpectralGate()
        out = [gate.process(samples[i : i + chunk]) for i in range(0, len(samples), chunk)]
        assert sum(map(len, out)) + len(gate.flush()) == len(samples) + LAG


class RecordingStream:
    def __init__(self) -> None:
        self.heard: list[np.ndarray] = []

    def accept(self, samples: np.ndarray) -> None:
        self.heard.append(samples)

    def partial(self) -> str | None:
        return "so far"

    def finish(self) -> Recognition:
        return Recognition((Hypothesis("canberra", 0.9),), engine="fake", mode="free")


class RecordingRecognizer:
    name, sample_rate = "fake", RATE

    def __init__(self) -> None:
        self.streams: list[RecordingStream] = []

    def stream(self, expectation: Expectation) -> RecordingStream:
        self.streams.append(RecordingStream())
        return self.streams[-1]

    def missing_words(self, phrase: str) -> list[str]:
        return []


def test_the_recognizer_hears_every_sample_cleaned_and_answers_as_before():
    inner = RecordingRecognizer()
    recognizer = DenoisedRecognizer(inner)
    stream = recognizer.stream(Expectation.free())
    samples = hum_and_hiss(1.0).astype(np.int16)
    for start in range(0, len(samples), 480):
        stream.accept(samples[start : start + 480])
    assert stream.partial() == "so far" and stream.guess() is None
    assert stream.finish().text == "canberra"
    heard = np.concatenate(inner.streams[0].heard)
    assert len(heard) == len(samples) + LAG
    assert level(heard) < level(samples) / 2
    assert (recognizer.name, recognizer.sample_rate) == ("fake", RATE)


def test_pocketsphinx_hears_through_the_gate_unless_the_setting_says_no():
    from host.speech import engines

    on = engines.make_recognizer(SpeechSettings(recognizer="pocketsphinx"))
    off = engines.make_recognizer(
        dataclasses.replace(SpeechSettings(recognizer="pocketsphinx"), denoise=False)
    )
    assert isinstance(on, DenoisedRecognizer) and not isinstance(off, DenoisedRecognizer)
    with pytest.raises(UserError, match=r"speech\.denoise: 'maybe' is not true or false"):
        SpeechSettings.from_mapping({"denoise": "maybe"})
