"""Transcribing a WAV file: the entry the judge's `--cases` audio column uses."""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from host.speech.audio import RECOGNIZER_RATE, Audio, read_wav
from host.speech.recognition import Expectation, Recognition, recognize
from host.speech.settings import SpeechSettings, load_speech_settings

# Commands a player may say instead of an answer; they join the card's
# phrases in the answer grammar so they are not misheard as answers.
ANSWER_COMMANDS = ("repeat the question", "pass", "i don't know", "skip")


@lru_cache(maxsize=4)
def file_recognizer(engine: str | None, settings: SpeechSettings):
    """The recognizer for independent recordings (kept: loading a model is slow)."""
    from host.speech.engines import make_recognizer

    return make_recognizer(settings, engine, live=False)  # every file stands alone


def _expectation(expected, known_as: tuple[str, ...] = ()) -> Expectation:
    if not expected:
        return Expectation.free()
    phrases = [expected] if isinstance(expected, str) else list(expected)
    phrases = [p.strip() for item in phrases for p in item.split("|") if p.strip()]
    return Expectation.answer(phrases, ANSWER_COMMANDS, known_as)


@dataclass(frozen=True)
class Transcript:
    recognition: Recognition
    audio_seconds: float
    processing_seconds: float
    notes: tuple[str, ...]


def transcribe(
    path: str | Path,
    expected=None,
    engine: str | None = None,
    settings: SpeechSettings | None = None,
    closed: bool = False,
    known_as: tuple[str, ...] = (),
) -> Transcript:
    """`closed`: only the `expected` phrases may be said (commands, choices);
    `known_as`: well-known other names of the card's entries (an answer's)."""
    info = read_wav(path, RECOGNIZER_RATE)
    transcript = transcribe_audio(info.audio, expected, engine, settings, closed, known_as)
    return Transcript(
        transcript.recognition,
        transcript.audio_seconds,
        transcript.processing_seconds,
        info.notes + transcript.notes,
    )


def transcribe_audio(
    audio: Audio,
    expected=None,
    engine: str | None = None,
    settings: SpeechSettings | None = None,
    closed: bool = False,
    known_as: tuple[str, ...] = (),
) -> Transcript:
    """Like `transcribe`, for audio already in memory (synthesized, say)."""
    audio = audio.resampled(RECOGNIZER_RATE)
    recognizer = file_recognizer(engine, settings or load_speech_settings())
    expectation = _expectation(expected, known_as)
    if closed:
        expectation = Expectation.closed(expectation.phrases)
    started = time.perf_counter()
    recognition = recognize(recognizer, audio.samples, expectation)
    elapsed = time.perf_counter() - started
    return Transcript(recognition, audio.seconds, elapsed, recognition.notes)


def transcribe_wav(path, expected=None, engine=None, known_as=()) -> list[tuple[str, float]]:
    """Alternatives (text, confidence), best first, for the speech in a WAV file.

    `expected`: the card's phrases (answer, accept, prompt and reject entries),
    as a list or one "a|b|c" string; they guide decoding but are used only when
    free decoding agrees (guided.py). `engine`: a name in engines.RECOGNIZERS
    or "auto"; None follows config.yaml. `known_as`: the well-known other
    names of the card's entries (forms.known_names). Bad files raise
    BadAudioError (a DataFileError) with the reason.
    """
    return transcribe(path, expected, engine, known_as=tuple(known_as)).recognition.as_pairs()
