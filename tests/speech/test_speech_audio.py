"""WAV files in and out: what is converted, and what is refused with a reason."""

import struct
import wave

import numpy as np
import pytest

from host.errors import UserError
from host.speech.audio import (
    Audio,
    BadAudioError,
    read_wav,
    resample,
    voice_span_seconds,
    write_wav,
)


def tone(seconds=0.5, rate=16000, freq=440.0):
    t = np.arange(int(seconds * rate)) / rate
    return (8000 * np.sin(2 * np.pi * freq * t)).astype(np.int16)


def raw_wav(path, data: bytes, rate=16000, channels=1, width=2):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(data)
    return path


def test_a_written_wav_reads_back_unchanged(tmp_path):
    audio = Audio(tone(), 16000)
    info = read_wav(write_wav(tmp_path / "a.wav", audio))
    assert np.array_equal(info.audio.samples, audio.samples)
    assert info.audio.rate == 16000 and info.notes == ()


def test_stereo_is_mixed_down_and_said(tmp_path):
    left, right = tone(), np.zeros(8000, np.int16)
    stereo = np.column_stack([left, right]).astype("<i2").tobytes()
    info = read_wav(raw_wav(tmp_path / "s.wav", stereo, channels=2))
    assert info.channels == 2
    assert "mixed 2 channels down to mono" in info.notes
    assert np.abs(info.audio.samples).max() == pytest.approx(4000, abs=2)


def test_another_rate_is_resampled_and_said(tmp_path):
    info = read_wav(raw_wav(tmp_path / "r.wav", tone(1.0, 44100).tobytes(), rate=44100), rate=16000)
    assert info.audio.rate == 16000 and len(info.audio.samples) == 16000
    assert "resampled from 44100 Hz to 16000 Hz" in info.notes


def test_a_truncated_wav_is_refused_with_the_counts(tmp_path):
    path = raw_wav(tmp_path / "t.wav", tone(1.0).tobytes())
    path.write_bytes(path.read_bytes()[:20000])
    with pytest.raises(
        BadAudioError, match="truncated WAV: the header promises 16000 frames, the file holds 9978"
    ):
        read_wav(path)


def test_a_file_that_is_not_a_wav_is_refused(tmp_path):
    path = tmp_path / "notes.wav"
    path.write_text("not audio")
    with pytest.raises(UserError, match="not a PCM WAV file"):
        read_wav(path)


def test_unusual_sample_sizes(tmp_path):
    with pytest.raises(BadAudioError, match="24-bit samples are not supported"):
        read_wav(raw_wav(tmp_path / "w.wav", b"\0\0\0" * 100, width=3))
    eight_bit = read_wav(raw_wav(tmp_path / "b.wav", bytes([128, 255, 0]), width=1))
    assert list(eight_bit.audio.samples) == [0, 127 << 8, -128 << 8]


def test_an_empty_wav_is_refused(tmp_path):
    with pytest.raises(BadAudioError, match="holds no audio"):
        read_wav(raw_wav(tmp_path / "e.wav", b""))


def extensible_wav(path, samples: np.ndarray, rate: int = 16000):
    """16-bit PCM mono in WAVE_FORMAT_EXTENSIBLE form, as sox and ffmpeg write it."""
    data = samples.astype("<i2").tobytes()
    fmt = struct.pack("<HHIIHH", 0xFFFE, 1, rate, rate * 2, 2, 16)
    fmt += struct.pack("<HHI", 22, 16, 0x4)  # cbSize, valid bits, channel mask
    fmt += struct.pack("<H", 1) + bytes.fromhex("000000001000800000aa00389b71")  # PCM GUID
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt
    body += b"data" + struct.pack("<I", len(data)) + data
    path.write_bytes(b"RIFF" + struct.pack("<I", len(body)) + body)
    return path


def test_a_pcm_wav_in_extensible_form_is_read(tmp_path):
    samples = np.array([0, 1000, -1000, 32767], np.int16)
    info = read_wav(extensible_wav(tmp_path / "x.wav", samples))
    assert info.audio.rate == 16000 and list(info.audio.samples) == list(samples)


def test_an_empty_wav_may_be_heard_as_silence(tmp_path):
    info = read_wav(raw_wav(tmp_path / "e.wav", b""), allow_empty=True)
    assert len(info.audio.samples) == 0


def test_resampling_keeps_the_pitch():
    down = resample(tone(1.0, 22050, 500.0), 22050, 16000)
    spectrum = np.abs(np.fft.rfft(down))
    assert len(down) == 16000
    assert np.argmax(spectrum) == pytest.approx(500, abs=2)  # 1 s of audio: bin = Hz


def _tone(seconds: float, loudness: float = 3000.0) -> np.ndarray:
    t = np.arange(int(seconds * 16000)) / 16000
    return loudness * np.sin(2 * np.pi * 220 * t)


def test_the_voices_span_is_from_its_first_sound_to_its_last():
    rng = np.random.default_rng(3)
    words = np.concatenate([_tone(0.2), np.zeros(3200), _tone(0.3, 1000.0)])  # a soft last word
    room = np.concatenate([np.zeros(8000), words, np.zeros(16000)])
    room = room + rng.normal(0.0, 100.0, len(room))  # room noise 20 dB under the soft word
    assert voice_span_seconds(room.astype(np.int16), 16000) == pytest.approx(0.7, abs=0.04)


def test_silence_is_all_span():
    assert voice_span_seconds(np.zeros(8000, np.int16), 16000) == 0.5
