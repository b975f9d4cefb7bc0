"""Speech synthesis: text in, `Audio` out, never played by the engine itself.

pyttsx3 (espeak-ng) is the default, always used through `save_to_file` on
one dedicated thread (two threads on one engine hang), with every wait
bounded. Its `runAndWait` returns before the file is complete, so the file is
polled until its WAV header matches its size. `CommandLineSynthesizer` calls
the espeak-ng or flite program directly and is the fallback.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import wave
from concurrent.futures import Future
from pathlib import Path
from typing import Iterator, Protocol

from host.speech.audio import Audio, BadAudioError, read_wav


class SynthesisError(Exception):
    """The synthesizer failed or did not finish in time."""


class Synthesizer(Protocol):
    name: str

    def synthesize(self, text: str) -> Audio: ...

    def close(self) -> None: ...


def _complete_wav(path: Path) -> bool:
    """True once a WAV file is fully written: its header matches its size."""
    try:
        size = path.stat().st_size
        with wave.open(str(path), "rb") as wav:
            expected = wav.getnframes() * wav.getsampwidth() * wav.getnchannels()
        return expected > 0 and size >= 44 + expected
    except (OSError, EOFError, wave.Error):
        return False


def wait_for_wav(path: Path, timeout: float, poll: float = 0.005) -> Audio:
    deadline = time.monotonic() + timeout
    while not _complete_wav(path):
        if time.monotonic() > deadline:
            raise SynthesisError(f"no complete audio file after {timeout:.0f} s")
        time.sleep(poll)
    return read_wav(path).audio


class Pyttsx3Synthesizer:
    """pyttsx3 on its own worker thread; requests queue up and are served in order."""

    name = "pyttsx3"

    def __init__(self, voice: str = "", rate: int | None = None, volume: float | None = None,
                 timeout: float = 15.0) -> None:
        self.timeout = timeout
        self._jobs: queue.Queue = queue.Queue()
        self._dir = tempfile.TemporaryDirectory(prefix="trivia-host-tts-")
        ready: Future = Future()
        self._thread = threading.Thread(target=self._serve, args=(voice, rate, volume, ready),
                                        name="pyttsx3", daemon=True)
        self._thread.start()
        try:
            ready.result(timeout=timeout)
        except TimeoutError:
            raise SynthesisError("pyttsx3 did not start in time") from None

    def _serve(self, voice, rate, volume, ready: Future) -> None:
        try:
            engine = _start_engine(voice, rate, volume)
        except Exception as exc:  # noqa: BLE001 - reported to the caller, who falls back
            ready.set_exception(SynthesisError(f"pyttsx3 cannot start: {exc}"))
            return
        ready.set_result(True)
        count = 0
        while (job := self._jobs.get()) is not None:
            text, result = job
            count += 1
            path = Path(self._dir.name) / f"utterance-{count}.wav"
            try:
                engine.save_to_file(text, str(path))
                engine.runAndWait()
                result.set_result(wait_for_wav(path, self.timeout))
            except Exception as exc:  # noqa: BLE001
                result.set_exception(exc if isinstance(exc, SynthesisError)
                                     else SynthesisError(f"pyttsx3 failed: {exc}"))
            finally:
                path.unlink(missing_ok=True)

    def synthesize(self, text: str) -> Audio:
        if not self._thread.is_alive():
            raise SynthesisError("the pyttsx3 thread has stopped")
        result: Future = Future()
        self._jobs.put((text, result))
        try:
            return result.result(timeout=self.timeout + 1)
        except TimeoutError:
            raise SynthesisError(f"pyttsx3 gave no audio within {self.timeout:.0f} s") from None

    def close(self) -> None:
        self._jobs.put(None)
        self._thread.join(timeout=2)
        self._dir.cleanup()


def _start_engine(voice: str, rate: int | None, volume: float | None):
    import pyttsx3
    engine = pyttsx3.init()
    # The espeak driver prints "Audio saved to ..." after every file; keep
    # the console for the game.
    driver_module = sys.modules.get("pyttsx3.drivers.espeak")
    if driver_module is not None:
        driver_module.print = lambda *args, **kwargs: None
    if voice:
        engine.setProperty("voice", _find_voice(engine, voice))
    if rate:
        engine.setProperty("rate", int(rate))
    if volume is not None:
        engine.setProperty("volume", float(volume))
    return engine


def _find_voice(engine, wanted: str) -> str:
    """A voice by exact id, id suffix ("en-us") or name ("English (America)")."""
    voices = engine.getProperty("voices")
    wanted_lower = wanted.lower()
    for test in (lambda v: v.id.lower() == wanted_lower,
                 lambda v: v.id.lower().rsplit("/", 1)[-1] == wanted_lower,
                 lambda v: (v.name or "").lower() == wanted_lower):
        for voice in voices:
            if test(voice):
                return voice.id
    raise SynthesisError(f"no pyttsx3 voice called '{wanted}'")


class CommandLineSynthesizer:
    """espeak-ng or flite run as a program for each utterance."""

    def __init__(self, program: str = "espeak-ng", voice: str = "", rate: int | None = None,
                 volume: float | None = None, timeout: float = 15.0) -> None:
        if program not in ("espeak-ng", "flite"):
            raise SynthesisError(f"unknown synthesizer program '{program}'")
        if not shutil.which(program):
            raise SynthesisError(f"the '{program}' program is not installed")
        self.name = program
        self.voice, self.rate, self.volume, self.timeout = voice, rate, volume, timeout

    def _command(self, text_file: str, wav_file: str) -> list[str]:
        if self.name == "flite":
            command = ["flite", "-f", text_file, "-o", wav_file]
            if self.voice:
                command[1:1] = ["-voice", self.voice]
            if self.rate:  # flite has no words-per-minute, only a duration factor
                command[1:1] = ["--setf", f"duration_stretch={175 / self.rate:.3f}"]
            return command
        command = ["espeak-ng", "-f", text_file, "-w", wav_file]
        if self.voice:
            command += ["-v", self.voice]
        if self.rate:
            command += ["-s", str(int(self.rate))]
        if self.volume is not None:
            command += ["-a", str(int(round(self.volume * 100)))]
        return command

    def synthesize(self, text: str) -> Audio:
        with tempfile.TemporaryDirectory(prefix="trivia-host-tts-") as folder:
            text_file, wav_file = os.path.join(folder, "text.txt"), os.path.join(folder, "out.wav")
            Path(text_file).write_text(text + "\n", encoding="utf-8")
            try:
                done = subprocess.run(self._command(text_file, wav_file), capture_output=True,
                                      timeout=self.timeout)
            except subprocess.TimeoutExpired:
                raise SynthesisError(f"{self.name} gave no audio within {self.timeout:.0f} s") from None
            if done.returncode != 0:
                message = done.stderr.decode(errors="replace").strip().splitlines()
                raise SynthesisError(f"{self.name} failed: {message[-1] if message else done.returncode}")
            try:
                return read_wav(wav_file).audio
            except BadAudioError as exc:
                raise SynthesisError(f"{self.name} wrote no usable audio ({exc})") from None

    def close(self) -> None:
        pass


def make_synthesizer(engine: str = "pyttsx3", voice: str = "", rate: int | None = None,
                     volume: float | None = None, notice=print) -> Synthesizer:
    """The configured synthesizer; if pyttsx3 cannot start, espeak-ng directly."""
    if engine == "pyttsx3":
        try:
            return Pyttsx3Synthesizer(voice=voice, rate=rate, volume=volume)
        except SynthesisError as exc:
            notice(f"Speech: {exc}; using the espeak-ng program instead.")
            engine = "espeak-ng"
    return CommandLineSynthesizer(engine, voice=voice, rate=rate, volume=volume)


_CLAUSE_END = re.compile(r"(?<=[.?!;:,])\s+")


def clauses(text: str, min_words: int = 4) -> list[str]:
    """Split at punctuation, keeping clauses long enough to sound natural."""
    pieces: list[str] = []
    for piece in _CLAUSE_END.split(text.strip()):
        if pieces and len(pieces[-1].split()) < min_words:
            pieces[-1] = f"{pieces[-1]} {piece}"
        else:
            pieces.append(piece)
    if len(pieces) > 1 and len(pieces[-1].split()) < min_words:
        pieces[-2:] = [f"{pieces[-2]} {pieces[-1]}"]
    return [p for p in pieces if p]


def synthesize_clauses(synthesizer: Synthesizer, text: str) -> Iterator[Audio]:
    """Audio clause by clause, so playback can start before the whole text is made."""
    for clause in clauses(text):
        yield synthesizer.synthesize(clause)
