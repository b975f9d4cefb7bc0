"""Microphone and speaker through sounddevice (PortAudio).

One long-lived output stream is fed in short chunks, so speech can be cut
off between chunks and the microphone gate knows exactly when playback ended.
Every PortAudio failure becomes AudioDeviceError, which the voice loop
catches to fall back to the keyboard.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from host.errors import DeviceError
from host.speech.audio import RECOGNIZER_RATE, Audio, resample
from host.speech.duplex import MicGate


class AudioDeviceError(DeviceError):
    """No usable microphone or speaker (none present, unplugged, or busy)."""


def _sounddevice():
    try:
        import sounddevice
    except OSError as exc:  # libportaudio2 missing
        raise AudioDeviceError(
            "PortAudio is not available; install libportaudio2", detail=str(exc)
        ) from None
    return sounddevice


@dataclass(frozen=True)
class DeviceInfo:
    index: int
    name: str
    inputs: int
    outputs: int
    default_rate: float
    default_input: bool
    default_output: bool


def list_devices() -> list[DeviceInfo]:
    sd = _sounddevice()
    try:
        devices = sd.query_devices()
        default_in, default_out = sd.default.device
    except sd.PortAudioError as exc:
        raise AudioDeviceError("cannot list audio devices", detail=str(exc)) from None
    return [
        DeviceInfo(
            index=i,
            name=d["name"],
            inputs=d["max_input_channels"],
            outputs=d["max_output_channels"],
            default_rate=d["default_samplerate"],
            default_input=i == default_in,
            default_output=i == default_out,
        )
        for i, d in enumerate(devices)
    ]


def _device_id(device: str | int | None):
    """Config gives "" for the default, a number as text, or part of a name."""
    if device in (None, ""):
        return None
    if isinstance(device, int) or str(device).isdigit():
        return int(device)
    return str(device)


def _cannot_open(kind: str, device, exc: Exception) -> AudioDeviceError:
    which = f"'{device}'" if device not in (None, "") else "default"
    return AudioDeviceError(
        f"cannot open the {which} {kind}; check that it is plugged in, "
        "or run `trivia-host devices` to list what is available",
        detail=str(exc),
    )


class _Device:
    """Closing, also as a context manager."""

    _stream: Any = None  # a sounddevice stream, once opened

    def close(self) -> None:
        if self._stream is not None:
            self._stream.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Microphone(_Device):
    """16 kHz mono int16 frames from a sound card, read in blocking calls."""

    def __init__(
        self,
        device: str | int | None = None,
        rate: int = RECOGNIZER_RATE,
        frame_seconds: float = 0.03,
    ) -> None:
        sd = _sounddevice()
        self.rate = rate
        self.frame_size = int(rate * frame_seconds)
        self._device = _device_id(device)
        try:
            self._stream, self._native_rate = self._open(sd, rate)
        except (sd.PortAudioError, ValueError) as exc:
            raise _cannot_open("microphone", device, exc) from None

    def _open(self, sd, rate):
        # Some cards refuse 16 kHz: record at their own rate and resample.
        try:
            stream = sd.RawInputStream(
                samplerate=rate, channels=1, dtype="int16", device=self._device
            )
            native = rate
        except sd.PortAudioError:
            native = int(sd.query_devices(self._device, "input")["default_samplerate"])
            stream = sd.RawInputStream(
                samplerate=native, channels=1, dtype="int16", device=self._device
            )
        stream.start()
        return stream, native

    def read(self, count: int | None = None) -> np.ndarray:
        count = count or self.frame_size
        native_count = round(count * self._native_rate / self.rate)
        try:
            data, _overflowed = self._stream.read(native_count)
        except Exception as exc:  # PortAudioError when the device vanishes
            raise AudioDeviceError("the microphone stopped working", detail=str(exc)) from None
        samples = np.frombuffer(bytes(data), dtype=np.int16)
        return resample(samples, self._native_rate, self.rate)


class Speaker(_Device):
    """One output stream for the whole game, written in short chunks.

    `play` blocks until the audio is written or `stop()` is called (from any
    thread); the optional MicGate is closed for the duration plus its tail.
    """

    def __init__(
        self,
        device: str | int | None = None,
        rate: int = 22050,
        chunk_seconds: float = 0.05,
        gate: MicGate | None = None,
    ) -> None:
        sd = _sounddevice()
        self.rate = rate
        self.chunk = int(rate * chunk_seconds)
        self.gate = gate
        self._stop = threading.Event()
        try:
            self._stream = sd.RawOutputStream(
                samplerate=rate, channels=1, dtype="int16", device=_device_id(device)
            )
            self._stream.start()
        except (sd.PortAudioError, ValueError) as exc:
            raise _cannot_open("speaker", device, exc) from None

    def play(self, audio: Audio) -> bool:
        """Play to the end; False if stop() cut it off."""
        samples = resample(audio.samples, audio.rate, self.rate)
        self._stop.clear()
        if self.gate:
            self.gate.speaking_started()
        try:
            for start in range(0, len(samples), self.chunk):
                if self._stop.is_set():
                    self._stream.abort()  # drop what is still buffered: stop means now
                    self._stream.start()
                    return False
                try:
                    self._stream.write(samples[start : start + self.chunk].tobytes())
                except Exception as exc:
                    raise AudioDeviceError("the speaker stopped working", detail=str(exc)) from None
            return True
        finally:
            if self.gate:
                # The last chunk is still in the output buffer when write() returns.
                latency = float(getattr(self._stream, "latency", 0.0) or 0.0)
                self.gate.speaking_stopped(time.monotonic() + latency)

    def stop(self) -> None:
        self._stop.set()
