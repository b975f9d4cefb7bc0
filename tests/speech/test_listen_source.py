"""A recording as the host's microphone: frames, then silence; paced or not."""

import numpy as np

from host.speech.listening import RecordingSource


class FakeClock:
    def __init__(self):
        self.now, self.slept = 100.0, []

    def __call__(self):
        return self.now

    def sleep(self, seconds):
        self.slept.append(round(seconds, 6))
        self.now += seconds


def test_the_file_then_silence():
    source = RecordingSource(np.arange(1, 1001, dtype=np.int16), 16000, frame_seconds=0.03)
    frames = [source.read() for _ in range(4)]
    assert [len(f) for f in frames] == [480] * 4
    assert frames[2][:40].tolist() == list(range(961, 1001))
    assert not frames[2][40:].any() and not frames[3].any()


def test_realtime_delivers_each_frame_once_it_has_played():
    clock = FakeClock()
    source = RecordingSource(
        np.zeros(1600, np.int16), 16000, 0.03, realtime=True, clock=clock, sleep=clock.sleep
    )
    for _ in range(3):
        source.read()
    assert source.started == 100.0  # the file began to play
    assert clock.slept == [0.03, 0.03, 0.03]  # as a sound card: a frame every 30 ms
    assert round(clock.now - source.started, 6) == 0.09  # = the audio heard so far
    clock.now += 0.1  # the host fell behind: no sleeping until it catches up
    source.read()
    assert clock.slept == [0.03, 0.03, 0.03]


def test_fast_never_sleeps():
    clock = FakeClock()
    source = RecordingSource(np.zeros(1600, np.int16), 16000, clock=clock, sleep=clock.sleep)
    for _ in range(10):
        source.read()
    assert clock.slept == []
