"""Audio buffers and WAV files: 16-bit mono samples at a known rate.

Every engine in this package speaks `Audio`; conversions (resampling, stereo
mix-down) happen here, once, so the engines never see anything else.
"""

from __future__ import annotations

import io
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from host.errors import DataFileError

RECOGNIZER_RATE = 16000  # what every recognizer here is fed


class BadAudioError(DataFileError):
    """A WAV file the host cannot use (truncated, not a WAV, odd sample size)."""


@dataclass(frozen=True, eq=False)
class Audio:
    """Mono int16 samples at `rate` samples per second."""

    samples: np.ndarray
    rate: int

    def __post_init__(self) -> None:
        samples = np.asarray(self.samples)
        if samples.ndim != 1 or samples.dtype != np.int16:
            raise ValueError("Audio samples must be a 1-D int16 array")
        object.__setattr__(self, "samples", samples)

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate

    def resampled(self, rate: int) -> Audio:
        return Audio(resample(self.samples, self.rate, rate), rate)

    @classmethod
    def silence(cls, seconds: float, rate: int = RECOGNIZER_RATE) -> Audio:
        return cls(np.zeros(round(seconds * rate), dtype=np.int16), rate)

    @classmethod
    def join(cls, parts: list[Audio], rate: int = RECOGNIZER_RATE) -> Audio:
        arrays = [part.resampled(rate).samples for part in parts]
        return cls(np.concatenate(arrays) if arrays else np.zeros(0, np.int16), rate)


@dataclass(frozen=True, eq=False)
class WavInfo:
    """What `read_wav` had to change to give 16-bit mono audio."""

    audio: Audio
    channels: int
    notes: tuple[str, ...]


def read_wav(path: str | Path, rate: int | None = None, allow_empty: bool = False) -> WavInfo:
    """Read a PCM WAV file as mono int16, resampled to `rate` when given.

    Stereo is mixed down and other rates resampled; both are reported in
    `notes` so the caller can say so. Truncated or non-PCM files, and empty
    ones unless `allow_empty`, raise BadAudioError with the reason.
    """
    path = Path(path)
    if not path.is_file():
        raise BadAudioError(f"{path}: no such file")
    try:
        raw = path.read_bytes()
        with wave.open(io.BytesIO(_extensible_as_plain_pcm(raw)), "rb") as wav:
            channels, width = wav.getnchannels(), wav.getsampwidth()
            file_rate, declared = wav.getframerate(), wav.getnframes()
            data = wav.readframes(declared)
    except (wave.Error, EOFError) as exc:
        raise BadAudioError(f"{path}: not a PCM WAV file", detail=str(exc)) from None
    frame_bytes = channels * width
    got = len(data) // frame_bytes if frame_bytes else 0
    if got < declared:
        raise BadAudioError(
            f"{path}: truncated WAV: the header promises {declared} frames, the file holds {got}"
        )
    if width not in (1, 2, 4):
        raise BadAudioError(f"{path}: {8 * width}-bit samples are not supported (use 16-bit PCM)")
    if got == 0 and not allow_empty:  # `listen` hears an empty file as silence
        raise BadAudioError(f"{path}: the WAV file holds no audio")
    samples = _pcm_to_int16(data[: got * frame_bytes], width)
    notes = []
    if channels > 1:
        samples = samples.reshape(-1, channels).mean(axis=1).astype(np.int16)
        notes.append(f"mixed {channels} channels down to mono")
    if width != 2:
        notes.append(f"converted {8 * width}-bit samples to 16-bit")
    audio = Audio(samples, file_rate)
    if rate and rate != file_rate:
        audio = audio.resampled(rate)
        notes.append(f"resampled from {file_rate} Hz to {rate} Hz")
    return WavInfo(audio, channels, tuple(notes))


WAVE_FORMAT_PCM, WAVE_FORMAT_EXTENSIBLE = 1, 0xFFFE


def _extensible_as_plain_pcm(raw: bytes) -> bytes:
    """A WAVE_FORMAT_EXTENSIBLE header whose sub-format is PCM (as sox and
    ffmpeg write some files) rewritten as plain PCM, which Python 3.11's wave
    reads; any other file is returned as it is."""
    if raw[:4] != b"RIFF" or raw[8:12] != b"WAVE":
        return raw
    at = 12
    while at + 8 <= len(raw):
        size = int.from_bytes(raw[at + 4 : at + 8], "little")
        if raw[at : at + 4] == b"fmt ":
            body = raw[at + 8 : at + 8 + size]
            tag = int.from_bytes(body[:2], "little")
            if tag == WAVE_FORMAT_EXTENSIBLE and size >= 40:
                sub_format = int.from_bytes(body[24:26], "little")  # the GUID's first field
                if sub_format == WAVE_FORMAT_PCM:
                    return raw[: at + 8] + WAVE_FORMAT_PCM.to_bytes(2, "little") + raw[at + 10 :]
            return raw
        at += 8 + size + (size & 1)  # chunks are padded to an even length
    return raw


def _pcm_to_int16(data: bytes, width: int) -> np.ndarray:
    if width == 1:  # 8-bit WAV is unsigned
        return ((np.frombuffer(data, np.uint8).astype(np.int16) - 128) << 8).astype(np.int16)
    if width == 4:
        return (np.frombuffer(data, "<i4") >> 16).astype(np.int16)
    return np.frombuffer(data, "<i2").astype(np.int16)


def write_wav(path: str | Path, audio: Audio) -> Path:
    path = Path(path)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(audio.rate)
        wav.writeframes(audio.samples.astype("<i2").tobytes())
    return path


def resample(samples: np.ndarray, from_rate: int, to_rate: int) -> np.ndarray:
    """Resample int16 samples; low-passes first when lowering the rate."""
    if from_rate == to_rate or len(samples) == 0:
        return np.asarray(samples, dtype=np.int16)
    x = samples.astype(np.float64)
    if to_rate < from_rate:
        x = _low_pass(x, cutoff=0.5 * to_rate / from_rate)
    count = round(len(x) * to_rate / from_rate)
    positions = np.arange(count) * (from_rate / to_rate)
    y = np.interp(positions, np.arange(len(x)), x)
    return np.clip(np.round(y), -32768, 32767).astype(np.int16)


def _low_pass(x: np.ndarray, cutoff: float, taps: int = 63) -> np.ndarray:
    """Windowed-sinc FIR; cutoff as a fraction of the sampling rate."""
    n = np.arange(taps) - (taps - 1) / 2
    kernel = 2 * cutoff * np.sinc(2 * cutoff * n) * np.hamming(taps)
    kernel /= kernel.sum()
    return np.convolve(x, kernel, mode="same")


def frames(samples: np.ndarray, size: int):
    """Consecutive chunks of `size` samples (the last one may be shorter)."""
    for start in range(0, len(samples), size):
        yield samples[start : start + size]


SPAN_FRAME_SECONDS = 0.02
SPAN_BELOW_PEAK_DB = 20.0  # a frame this far below the loudest is not the voice
SPAN_ABOVE_FLOOR = 2.0  # nor one not clearly above the quietest (room noise)


def voice_span_seconds(samples: np.ndarray, rate: int) -> float:
    """From the first to the last frame loud enough to be the voice: about
    how long the words took, pauses inside them included, the silence and
    room noise around them not. All of it when nothing stands out (silence)."""
    size = max(1, int(SPAN_FRAME_SECONDS * rate))
    count = len(samples) // size
    if count == 0:
        return len(samples) / rate
    chunks = np.asarray(samples[: count * size], np.float64).reshape(count, size)
    loudness = np.sqrt((chunks**2).mean(axis=1))
    bar = max(
        float(np.percentile(loudness, 98)) * 10 ** (-SPAN_BELOW_PEAK_DB / 20),
        float(np.percentile(loudness, 10)) * SPAN_ABOVE_FLOOR,
    )
    loud = np.flatnonzero(loudness > bar)
    if len(loud) == 0:
        return len(samples) / rate
    return float(loud[-1] - loud[0] + 1) * size / rate
