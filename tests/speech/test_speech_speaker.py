"""The speaker's chunked playback, with PortAudio replaced by a recorder."""

import types

import numpy as np

from host.speech import devices
from host.speech.audio import Audio
from host.speech.duplex import MicGate


class RecordingStream:
    def __init__(self, **settings):
        self.settings, self.written, self.events = settings, [], []
        self.latency = 0.04
        self.on_write = None

    def start(self):
        self.events.append("start")

    def abort(self):
        self.events.append("abort")

    def write(self, data):
        self.written.append(np.frombuffer(data, np.int16))
        if self.on_write:
            self.on_write()

    def close(self):
        self.events.append("close")


def fake_sounddevice(monkeypatch):
    made = []

    def output_stream(**settings):
        made.append(RecordingStream(**settings))
        return made[-1]

    module = types.SimpleNamespace(RawOutputStream=output_stream, PortAudioError=OSError)
    monkeypatch.setattr(devices, "_sounddevice", lambda: module)
    return made


def test_speech_is_written_in_short_chunks_at_the_speakers_rate(monkeypatch):
    made = fake_sounddevice(monkeypatch)
    with devices.Speaker(rate=22050, chunk_seconds=0.05) as speaker:
        assert speaker.play(Audio(np.ones(16000, np.int16), 16000))  # 1 s at 16 kHz
    stream = made[0]
    assert stream.settings["samplerate"] == 22050
    assert [len(c) for c in stream.written] == [1102] * 20 + [10]
    assert stream.events == ["start", "close"]


def test_stop_cuts_the_host_off_between_chunks_and_flushes(monkeypatch):
    made = fake_sounddevice(monkeypatch)
    monkeypatch.setattr(devices.time, "monotonic", lambda: 100.0)
    gate = MicGate(tail_seconds=0.3)
    speaker = devices.Speaker(rate=16000, chunk_seconds=0.05, gate=gate)
    made[0].on_write = lambda: len(made[0].written) == 3 and speaker.stop()
    assert not speaker.play(Audio(np.ones(16000, np.int16), 16000))
    assert len(made[0].written) == 3
    assert made[0].events == ["start", "abort", "start"]
    # deaf until the buffered 40 ms have played and the 0.3 s tail is over
    assert not gate.is_open(100.33) and gate.is_open(100.35)
    assert speaker.play(Audio(np.ones(800, np.int16), 16000))  # the next line plays again


def test_a_speaker_that_fails_mid_sentence(monkeypatch):
    made = fake_sounddevice(monkeypatch)
    speaker = devices.Speaker(rate=16000)

    def unplugged():
        raise OSError("Device unavailable")

    made[0].on_write = unplugged
    try:
        speaker.play(Audio(np.ones(1600, np.int16), 16000))
    except devices.AudioDeviceError as exc:
        assert str(exc) == "the speaker stopped working (Device unavailable)"
    else:
        raise AssertionError("no AudioDeviceError")
