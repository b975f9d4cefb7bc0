"""Whisper's input: an 80-band log-mel spectrogram of 16 kHz audio (pure numpy).

Computed as OpenAI's Whisper defines it (25 ms Hann windows every 10 ms,
Slaney mel filters up to 8 kHz, log10, floored 8 below the peak, scaled to
about -1..1), so the engine needs CTranslate2 and a tokenizer but not
faster-whisper, whose audio decoding (PyAV) and hub client weigh about
130 MB installed.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

RATE = 16000
N_FFT = 400  # 25 ms
HOP = 160  # 10 ms


def _hz_to_mel(hz: np.ndarray) -> np.ndarray:
    """Slaney's scale: linear below 1 kHz, logarithmic above."""
    linear = hz / (200.0 / 3)
    log_part = 15.0 + np.log(np.maximum(hz, 1e-10) / 1000.0) / (np.log(6.4) / 27.0)
    return np.where(hz >= 1000.0, log_part, linear)


def _mel_to_hz(mel: np.ndarray) -> np.ndarray:
    linear = mel * (200.0 / 3)
    log_part = 1000.0 * np.exp((np.log(6.4) / 27.0) * (mel - 15.0))
    return np.where(mel >= 15.0, log_part, linear)


@lru_cache(maxsize=2)
def mel_filters(bands: int = 80) -> np.ndarray:
    """Triangular filters over the FFT bins, each of about equal energy."""
    bins = np.fft.rfftfreq(N_FFT, 1.0 / RATE)
    edges = _mel_to_hz(np.linspace(0.0, float(_hz_to_mel(np.array(RATE / 2.0))), bands + 2))
    widths = np.diff(edges)
    ramps = edges[:, None] - bins[None, :]
    rising = -ramps[:-2] / widths[:-1, None]
    falling = ramps[2:] / widths[1:, None]
    filters = np.maximum(0.0, np.minimum(rising, falling))
    filters *= (2.0 / (edges[2:] - edges[:-2]))[:, None]
    return filters.astype(np.float32)


def log_mel(audio: np.ndarray, bands: int = 80) -> np.ndarray:
    """(bands, frames) features of float audio in -1..1, one frame per 10 ms."""
    audio = np.pad(np.asarray(audio, np.float32), (0, HOP))  # as Whisper pads its input
    padded = np.pad(audio, N_FFT // 2, mode="reflect")
    frames = 1 + (len(padded) - N_FFT) // HOP
    windows = np.lib.stride_tricks.sliding_window_view(padded, N_FFT)[::HOP][:frames]
    window = np.hanning(N_FFT + 1)[:-1].astype(np.float32)
    power = np.abs(np.fft.rfft(windows * window, axis=-1)).astype(np.float32) ** 2
    mel = mel_filters(bands) @ power[:-1].T  # the last frame is dropped, as Whisper does
    spectrum = np.log10(np.maximum(mel, 1e-10))
    spectrum = np.maximum(spectrum, spectrum.max() - 8.0)
    return ((spectrum + 4.0) / 4.0).astype(np.float32)
