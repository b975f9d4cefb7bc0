"""Rooms for the speech tests: pink noise, and a voice heard from across the table."""

from __future__ import annotations

import numpy as np

from host.speech.audio import RECOGNIZER_RATE


def pink_noise(seconds: float, peak: int = 8000, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    length = round(seconds * RECOGNIZER_RATE)
    spectrum = np.fft.rfft(rng.standard_normal(length))
    spectrum /= np.sqrt(np.maximum(np.arange(len(spectrum)), 1))
    noise = np.fft.irfft(spectrum, length)
    return (noise / np.abs(noise).max() * peak).astype(np.int16)


def quietly(said: np.ndarray, db: float, seconds: float = 1.5) -> np.ndarray:
    """`said` `db` quieter, as a microphone across the table hears it, with
    the room's pink noise 16 dB below its loudest sample and `seconds` of it after."""
    voice = np.concatenate([said, np.zeros(int(seconds * RECOGNIZER_RATE))]) * 10 ** (db / 20)
    room = pink_noise(len(voice) / RECOGNIZER_RATE, peak=int(np.abs(voice).max() / 6), seed=3)
    return np.clip(np.round(voice + room), -32768, 32767).astype(np.int16)
