"""Speech synthesis: text in, `Audio` out, never played by the engine itself.

pyttsx3 (espeak-ng) is the default, always used through `save_to_file` on
one dedicated thread (two threads on one engine hang), with every wait
bounded. Its `runAndWait` returns before the file is complete, so the file is
polled until its WAV header matches its size. `CommandLineSynthesizer` calls
the espeak-ng or flite program directly. Choosing one by name: engines.py.
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
from collections.abc import Callable, Generator
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Protocol

from host.errors import EngineError
from host.speech.audio import Audio, BadAudioError, read_wav


class SynthesisError(EngineError):
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


class _Pyttsx3Worker:
    """The process's one pyttsx3 engine, on its one thread.

    `pyttsx3.init()` hands every caller the same engine object, so two
    synthesizers with their own threads would share it and hang; instead
    every synthesizer sends jobs here, each job carrying its voice settings.
    """

    _instance: _Pyttsx3Worker | None = None
    _lock = threading.Lock()

    @classmethod
    def shared(cls, timeout: float) -> _Pyttsx3Worker:
        with cls._lock:
            if cls._instance is None or not cls._instance.thread.is_alive():
                cls._instance = cls(timeout)
            return cls._instance

    def __init__(self, timeout: float) -> None:
        self.jobs: queue.Queue = queue.Queue()
        self.folder = tempfile.mkdtemp(prefix="trivia-host-tts-")
        ready: Future = Future()
        self.thread = threading.Thread(
            target=self._serve, args=(ready,), name="pyttsx3", daemon=True
        )
        self.thread.start()
        try:
            ready.result(timeout=timeout)
        except TimeoutError:
            raise SynthesisError("pyttsx3 did not start in time") from None

    def _serve(self, ready: Future) -> None:
        try:
            engine = _start_engine()
        except Exception as exc:
            ready.set_exception(SynthesisError("pyttsx3 cannot start", detail=str(exc)))
            return
        self.defaults = {name: engine.getProperty(name) for name in ("voice", "rate", "volume")}
        ready.set_result(True)
        count = 0
        while True:
            work, result = self.jobs.get()
            count += 1
            try:
                result.set_result(work(engine, Path(self.folder) / f"utterance-{count}.wav"))
            except Exception as exc:
                result.set_exception(
                    exc
                    if isinstance(exc, SynthesisError)
                    else SynthesisError("pyttsx3 failed", detail=str(exc))
                )

    def run(self, work, timeout: float):
        """Run work(engine, scratch_path) on the engine's thread, waiting at most `timeout`."""
        result: Future = Future()
        self.jobs.put((work, result))
        try:
            return result.result(timeout=timeout)
        except TimeoutError:
            raise SynthesisError(f"pyttsx3 gave no audio within {timeout:.0f} s") from None


class Pyttsx3Synthesizer:
    """espeak-ng voices through pyttsx3, written to a file and read back."""

    name = "pyttsx3"

    def __init__(
        self,
        voice: str = "",
        rate: int | None = None,
        volume: float | None = None,
        timeout: float = 15.0,
    ) -> None:
        self.timeout = timeout
        self._worker = _Pyttsx3Worker.shared(timeout)
        defaults = self._worker.defaults
        # Unset settings take the engine's defaults, not the last synthesizer's.
        self.voice_id = (
            self._worker.run(lambda engine, _: _find_voice(engine, voice), timeout)
            if voice
            else defaults["voice"]
        )
        self.rate = int(rate) if rate else defaults["rate"]
        self.volume = float(volume) if volume is not None else defaults["volume"]

    def _say_to_file(self, text: str):
        def work(engine, path: Path) -> Audio:
            _apply_settings(engine, voice=self.voice_id, rate=self.rate, volume=self.volume)
            try:
                for attempt in range(2):
                    audio = _utterance_to_file(
                        engine,
                        text,
                        path,
                        self.timeout if attempt else min(self.timeout, LOST_UTTERANCE_SECONDS),
                    )
                    if audio is not None:
                        return audio
                raise SynthesisError(f"no complete audio file after {self.timeout:.0f} s")
            finally:
                path.unlink(missing_ok=True)

        return work

    def synthesize(self, text: str) -> Audio:
        return self._worker.run(self._say_to_file(text), self.timeout + 1)

    def close(self) -> None:
        pass  # the shared engine lives as long as the process


# espeak-ng makes speech about a hundred times faster than it plays; an
# utterance with no file after this long was lost and is asked for again.
LOST_UTTERANCE_SECONDS = 2.0


def _utterance_to_file(engine, text: str, path: Path, timeout: float) -> Audio | None:
    """One save_to_file round; None if the utterance was lost.

    The driver's callback thread writes the file, then resets its state;
    starting the next utterance before that reset would lose it, so this
    also waits for the utterance to be really over. Changing voice settings
    while espeak-ng finishes can still lose one (seen under load), hence the
    caller's single retry.
    """
    finished = engine.trivia_host_finished
    finished.clear()
    engine.save_to_file(text, str(path))
    engine.runAndWait()
    try:
        audio = wait_for_wav(path, timeout)
    except SynthesisError:
        return None
    finished.wait(timeout)
    deadline = time.monotonic() + timeout
    while engine.isBusy() and time.monotonic() < deadline:
        time.sleep(0.001)
    return audio


def _apply_settings(engine, **wanted) -> None:
    """Set only what changed: every change is a call into busy espeak-ng."""
    current = engine.trivia_host_settings
    for name, value in wanted.items():
        if value is not None and current.get(name) != value:
            engine.setProperty(name, value)
            current[name] = value


def _start_engine():
    import pyttsx3

    engine = pyttsx3.init()
    # The espeak driver prints "Audio saved to ..." after every file; keep
    # the console for the game.
    driver_module = sys.modules.get("pyttsx3.drivers.espeak")
    if driver_module is not None:
        driver_module.print = lambda *args, **kwargs: None  # type: ignore[attr-defined]
        _skip_the_last_tick(driver_module, getattr(engine.proxy, "_driver", None))
    engine.trivia_host_finished = threading.Event()
    engine.trivia_host_settings = {}
    engine.connect("finished-utterance", lambda **kwargs: engine.trivia_host_finished.set())
    return engine


class LastTickSkipped:
    """A clock whose `sleep` ends as soon as `looping()` is false (checked
    every `step` seconds), else after the time asked for."""

    def __init__(self, clock, looping: Callable[[], bool], step: float = 0.001) -> None:
        self._clock = clock
        self._looping = looping
        self._step = step

    def sleep(self, seconds: float) -> None:
        deadline = self._clock.monotonic() + seconds
        while self._looping():
            left = deadline - self._clock.monotonic()
            if left <= 0:
                return
            self._clock.sleep(min(left, self._step))

    def __getattr__(self, name: str):
        return getattr(self._clock, name)


def _skip_the_last_tick(driver_module, driver) -> None:
    """pyttsx3's espeak driver waits for each utterance in a loop that sleeps
    10 ms a turn, and espeak-ng, on its own thread, makes a short clause in
    1-2 ms: every clause took 11 ms however short, and the first clause of a
    reply is made after the player's last word. The driver's clock is given
    a sleep that ends within a millisecond of the loop's end; while espeak-ng
    is at work it sleeps in steps, so the loop never spins. A driver without
    that loop (another pyttsx3) is left as it is."""
    clock = getattr(driver_module, "time", None)
    if driver is None or clock is None or not hasattr(driver, "_looping"):
        return
    driver_module.time = LastTickSkipped(clock, lambda: bool(driver._looping))


def _find_voice(engine, wanted: str) -> str:
    """A voice by exact id, id suffix ("en-us") or name ("English (America)")."""
    voices = engine.getProperty("voices")
    wanted_lower = wanted.lower()
    for test in (
        lambda v: v.id.lower() == wanted_lower,
        lambda v: v.id.lower().rsplit("/", 1)[-1] == wanted_lower,
        lambda v: (v.name or "").lower() == wanted_lower,
    ):
        for voice in voices:
            if test(voice):
                return voice.id
    raise SynthesisError(f"no pyttsx3 voice called '{wanted}'")


def pyttsx3_voices(language: str = "en") -> list[tuple[str, str]]:
    """pyttsx3's (espeak-ng's) voices for one language: (short id, name)."""
    worker = _Pyttsx3Worker.shared(15.0)
    voices = worker.run(lambda engine, _: list(engine.getProperty("voices")), 15.0)
    return [
        (voice.id.rsplit("/", 1)[-1].lower(), voice.name or "")
        for voice in voices
        if voice.id.rsplit("/", 1)[-1].lower().startswith(language)
    ]


def program_voices(program: str, language: str = "en") -> list[tuple[str, str]]:
    """The voices the espeak-ng or flite program has (espeak-ng: one language's;
    flite: those that can say any text)."""
    command = [program, "-lv"] if program == "flite" else [program, f"--voices={language}"]
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=15).stdout
    except (OSError, subprocess.TimeoutExpired):
        return []
    if program == "flite":  # "Voices available: kal awb_time kal16 awb rms slt"
        names = out.partition(":")[2].split()
        return [(name, "flite voice") for name in names if says_any_text(name)]
    # Pty Language Age/Gender VoiceName File ...: only espeak-ng's own voices
    # (mbrola voices need data that is rarely installed; variants are not voices)
    rows = [line.split() for line in out.splitlines()[1:]]
    own = {
        row[1]: row[3].replace("_", " ")
        for row in rows
        if len(row) >= 5 and not row[4].startswith(("mb/", "!v/"))
    }
    return list(own.items())


PROBE_TEXT = "Did you say Canberra?"
AUDIBLE_PEAK = 1000  # of 32767: flite's limited-domain voices write near-silence (peak ~40)


@cache
def says_any_text(flite_voice: str) -> bool:
    """Whether a flite voice says words outside a domain of its own. flite
    ships `awb_time`, a limited-domain voice that says clock times only:
    anything else comes out as 0.14 s of near-silence. As the host's voice it
    would be mute; as a demo player's it said nothing, and that silence was
    counted as answers misheard (38 of its 61 clean answers in the spoken
    dev set) and as a "yes" never heard."""
    try:
        audio = CommandLineSynthesizer("flite", voice=flite_voice).synthesize(PROBE_TEXT)
    except (SynthesisError, OSError):
        return False
    return int(abs(audio.samples.astype("int32")).max()) >= AUDIBLE_PEAK


class CommandLineSynthesizer:
    """espeak-ng or flite run as a program for each utterance."""

    def __init__(
        self,
        program: str = "espeak-ng",
        voice: str = "",
        rate: int | None = None,
        volume: float | None = None,
        timeout: float = 15.0,
    ) -> None:
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
            command += ["-a", str(round(self.volume * 100))]
        return command

    def synthesize(self, text: str) -> Audio:
        with tempfile.TemporaryDirectory(prefix="trivia-host-tts-") as folder:
            text_file, wav_file = os.path.join(folder, "text.txt"), os.path.join(folder, "out.wav")
            Path(text_file).write_text(text + "\n", encoding="utf-8")
            try:
                done = subprocess.run(
                    self._command(text_file, wav_file), capture_output=True, timeout=self.timeout
                )
            except subprocess.TimeoutExpired:
                raise SynthesisError(
                    f"{self.name} gave no audio within {self.timeout:.0f} s"
                ) from None
            if done.returncode != 0:  # espeak-ng writes its errors to stdout
                message = (done.stderr + done.stdout).decode(errors="replace").strip().splitlines()
                raise SynthesisError(
                    f"{self.name} failed", detail=message[-1] if message else str(done.returncode)
                )
            try:
                return read_wav(wav_file).audio
            except BadAudioError as exc:
                raise SynthesisError(
                    f"{self.name} wrote no usable audio", detail=str(exc)
                ) from None

    def close(self) -> None:
        pass


_CLAUSE_END = re.compile(r"(?<=[.?!;:,])\s+")


def clauses(text: str, min_words: int = 4) -> list[str]:
    """Split at punctuation, keeping clauses long enough to sound natural.
    A first sentence, or words before a colon, stand alone however short
    ("History." or "Art:" before the question, "Four:" before "Geography;
    5 more?"): the host starts speaking once that much is made, and such
    openings recur, so they are often made already (recent_lines.py)."""
    pieces: list[str] = []
    for piece in _CLAUSE_END.split(text.strip()):
        if pieces and len(pieces[-1].split()) < min_words and not _opening(pieces):
            pieces[-1] = f"{pieces[-1]} {piece}"
        else:
            pieces.append(piece)
    short_tail = len(pieces) > 1 and len(pieces[-1].split()) < min_words
    if short_tail and not _opening(pieces[:-1]):
        pieces[-2:] = [f"{pieces[-2]} {pieces[-1]}"]
    return [p for p in pieces if p]


def _opening(pieces: list[str]) -> bool:
    """The clauses so far are one first sentence, or words before a colon."""
    return len(pieces) == 1 and pieces[0].endswith((".", "?", "!", ":"))


def synthesize_clauses(synthesizer: Synthesizer, text: str) -> Generator[Audio, None, None]:
    """Audio clause by clause: the first as soon as it is made, and each next
    one made on a helper thread while the caller plays the one before, so
    there is no gap when synthesis is faster than speech. If the caller stops
    early (stop, skip), the clause being made is finished and dropped."""
    pending = clauses(text)
    if len(pending) <= 1:
        yield from (synthesizer.synthesize(clause) for clause in pending)
        return
    ahead = ThreadPoolExecutor(max_workers=1, thread_name_prefix="synthesis")
    next_audio = ahead.submit(synthesizer.synthesize, pending[0])
    try:
        for clause in pending[1:]:
            audio = next_audio.result()
            next_audio = ahead.submit(synthesizer.synthesize, clause)
            yield audio
        yield next_audio.result()
    finally:
        ahead.shutdown(wait=False, cancel_futures=True)  # stop means now: do not wait
