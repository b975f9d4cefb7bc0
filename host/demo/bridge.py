"""The audio bridge: simulated players speak into the host's microphone, and
the host's speech goes to a WAV file instead of a sound card.

`AudioTable` is a channel (say / listen) around the host's real
`VoiceChannel`: before the host listens, the player whose turn it is says
their line, synthesized in their own voice and queued on a
`SpokenMicrophone`; the host then endpoints and recognizes it exactly as it
would a live microphone. Nothing here judges or understands: the real
recognizer, judge, engine and narrator do.
"""

from __future__ import annotations

import json
import shutil
import time
import wave
from pathlib import Path

import numpy as np

from host.speech.audio import RECOGNIZER_RATE, Audio, BadAudioError, read_wav, resample, write_wav
from host.table.channels import EndOfInput, Heard, Listening

LEAD_SECONDS = 0.3  # the player draws breath before speaking
VOICED_LEVEL = 328  # 1% of full scale: quieter samples are not speech
FLITE_VOICES = ("rms", "awb", "slt", "kal")  # best heard first (PocketSphinx, tried word by word)
# The players' lines kept in memory: the commands and choices come back every
# turn; answers rarely do. 2,000 lines were 60-90 MB, and an evening of games grew into them.
VOICE_MEMORY_BYTES = 16 * 2**20


class SpokenMicrophone:
    """A microphone that hears what was queued with `utter`, then silence.

    `paced`: frames come no faster than real time, as from a sound card (the
    turnaround benchmark); otherwise as fast as they are read. `speech_end`
    is the monotonic time at which the last voiced sample of the utterance
    was "captured" (paced only). `on_read` may raise to simulate a failing device.
    """

    def __init__(
        self,
        rate: int = RECOGNIZER_RATE,
        frame_seconds: float = 0.03,
        paced: bool = False,
        clock=time.monotonic,
        sleep=time.sleep,
    ):
        self.rate = rate
        self.frame_size = int(rate * frame_seconds)
        self.paced = paced
        self.clock, self.sleep = clock, sleep
        self._queue = np.zeros(0, np.int16)
        self._read = 0  # samples read since the last utterance
        self._started: float | None = None
        self._speech_samples = 0
        self.speech_end: float | None = None

    def utter(self, samples: np.ndarray, lead: float = LEAD_SECONDS) -> None:
        """Queue one utterance (after a short pause); unread audio is dropped:
        a player waits for the host to finish before speaking."""
        lead_samples = np.zeros(int(lead * self.rate), np.int16)
        samples = np.asarray(samples, np.int16)
        self._queue = np.concatenate([lead_samples, samples])
        voiced = np.flatnonzero(np.abs(samples.astype(np.int32)) > VOICED_LEVEL)
        # the synthesizer's own trailing quiet is not speech: time from the last voiced sample
        self._speech_samples = len(lead_samples) + (int(voiced[-1]) + 1 if len(voiced) else 0)
        self._read = 0
        self._started = None
        self.speech_end = None

    def read(self, count: int | None = None) -> np.ndarray:
        count = count or self.frame_size
        if self.paced:
            if self._started is None:
                self._started = self.clock()
                self.speech_end = self._started + self._speech_samples / self.rate
            due = self._started + (self._read + count) / self.rate
            wait = due - self.clock()
            if wait > 0:
                self.sleep(wait)
        frame, self._queue = self._queue[:count], self._queue[count:]
        self._read += count
        if len(frame) < count:
            frame = np.concatenate([frame, np.zeros(count - len(frame), np.int16)])
        return frame

    def close(self) -> None:
        pass


class WavSpeaker:
    """The host's voice, appended to a WAV file as it is played.

    `on_play(audio)` is called before each clause is written (the benchmark
    takes the time of the host's first sample there).
    """

    def __init__(self, path: str | Path | None, rate: int = 22050, on_play=None):
        self.rate = rate
        self.path = Path(path) if path else None
        self.on_play = on_play
        self.seconds = 0.0
        self._wav = None
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._wav = wave.open(str(self.path), "wb")
            self._wav.setnchannels(1)
            self._wav.setsampwidth(2)
            self._wav.setframerate(rate)

    def play(self, audio: Audio) -> bool:
        if self.on_play is not None:
            self.on_play(audio)
        self.seconds += len(audio.samples) / audio.rate
        if self._wav is not None:  # resampled only to be written (7 ms a 3 s clause of hibari)
            samples = resample(audio.samples, audio.rate, self.rate)
            self._wav.writeframes(samples.astype("<i2").tobytes())
        return True

    def stop(self) -> None:
        pass

    def close(self) -> None:
        if self._wav is not None:
            self._wav.close()
            self._wav = None


class PlayerVoices:
    """Each player's voice: flite's voices when flite is installed, else the
    given fallback synthesizer. Utterances are cached (in memory up to
    VOICE_MEMORY_BYTES, the least recently said dropped first, and as WAV
    files in `cache_dir` when given; a damaged cached file is made again)."""

    def __init__(self, voices: dict[str, str], cache_dir: str | Path | None = None, fallback=None):
        from host.speech.synth import CommandLineSynthesizer

        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.flite = bool(shutil.which("flite"))
        self._synthesizers = {}
        for name, voice in voices.items():
            if self.flite:
                self._synthesizers[name] = CommandLineSynthesizer("flite", voice=voice)
            elif fallback is not None:
                self._synthesizers[name] = fallback
            else:
                raise RuntimeError("no synthesizer for the players: install flite")
        self._voice_of = dict(voices)
        self._memory: dict[tuple[str, str], np.ndarray] = {}  # least recently said first
        self.memory_bytes = 0  # of the lines kept in memory

    def samples(self, speaker: str, text: str) -> np.ndarray:
        """The line in the speaker's voice, as 16 kHz samples."""
        key = (self._voice_of.get(speaker, ""), text)
        if key in self._memory:
            self._memory[key] = self._memory.pop(key)  # most recently said last
            return self._memory[key]
        cached = self._cache_path(*key)
        samples = None
        if cached is not None and cached.exists():
            try:
                samples = read_wav(cached, RECOGNIZER_RATE).audio.samples
            except BadAudioError:
                cached.unlink(missing_ok=True)  # damaged: make it again
        if samples is None:
            synthesizer = self._synthesizers.get(speaker) or next(iter(self._synthesizers.values()))
            samples = synthesizer.synthesize(text).resampled(RECOGNIZER_RATE).samples
            if cached is not None:
                cached.parent.mkdir(parents=True, exist_ok=True)
                write_wav(cached, Audio(samples, RECOGNIZER_RATE))
        self._remember(key, samples)
        return samples

    def _remember(self, key: tuple[str, str], samples: np.ndarray) -> None:
        self._memory[key] = samples
        self.memory_bytes += samples.nbytes
        while self.memory_bytes > VOICE_MEMORY_BYTES and len(self._memory) > 1:
            oldest = next(iter(self._memory))
            self.memory_bytes -= self._memory.pop(oldest).nbytes

    def _cache_path(self, voice: str, text: str) -> Path | None:
        if self.cache_dir is None:
            return None
        import hashlib

        digest = hashlib.sha1(f"{voice}|{text}".encode()).hexdigest()[:16]
        return self.cache_dir / f"{voice or 'default'}-{digest}.wav"


class RulingFeed:
    """New rulings from the game's transcript (one JSON object a line)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._offset = 0

    def new_rulings(self) -> list[dict]:
        if not self.path.exists():
            return []
        with self.path.open("rb") as handle:
            handle.seek(self._offset)
            data = handle.read()
        end = data.rfind(b"\n") + 1  # a line still being written waits
        self._offset += end
        rulings = []
        for raw in data[:end].splitlines():
            try:
                line = json.loads(raw)
            except json.JSONDecodeError:
                continue
            if line.get("kind") == "ruling" and not line.get("override"):
                rulings.append(line)
        return rulings


class AudioTable:
    """The host's voice channel with simulated players speaking into it.

    `table.line(listening)` decides what is said (players.py, or a script);
    `transform(samples)` may spoil the audio on its way to the microphone
    (fault tests). `echo` prints who said what, beside the host's captions.
    """

    def __init__(
        self,
        voice_channel,
        microphone: SpokenMicrophone,
        table,
        voices: PlayerVoices,
        rulings: RulingFeed | None = None,
        echo=print,
        transform=None,
    ):
        self.channel = voice_channel
        self.microphone = microphone
        self.table = table
        self.voices = voices
        self.rulings = rulings
        self.echo = echo
        self.transform = transform
        self.said: list[tuple[str, str]] = []

    @property
    def voice(self) -> bool:
        return self.channel.voice

    def say(self, text: str, kind: str = "narration") -> None:
        self.channel.say(text, kind)

    def listen(self, listening: Listening):
        if self.rulings is not None and hasattr(self.table, "ruled"):
            for ruling in self.rulings.new_rulings():
                self.table.ruled(ruling.get("verdict", ""), ruling.get("heard", ""))
        line = self.table.line(listening)
        if line is None:
            raise EndOfInput("the simulated table stopped")
        self.said.append((line.speaker, line.text))
        if not self.channel.voice:  # the voice was lost: the players type instead
            self.echo(f"    {line.speaker} types: {line.text}")
            return Heard((line.text,), typed=True)
        samples = self.voices.samples(line.speaker, line.text)
        if self.transform is not None:
            samples = self.transform(samples)
        self.microphone.utter(samples)
        self.echo(f"    {line.speaker} says: {line.text}")
        return self.channel.listen(listening)

    def unknown_words(self, phrase: str) -> list[str]:
        return self.channel.unknown_words(phrase)

    def adjust(self, change: str) -> str:
        return self.channel.adjust(change)

    def close(self) -> None:
        self.channel.close()
