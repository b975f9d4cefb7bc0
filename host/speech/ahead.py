"""Decode an utterance when the player pauses, not when the host decides.

An engine that decodes the whole utterance at once (Whisper) would start only
when the endpointer asks for a partial result or the turn ends, 0.15-0.3 s
into the pause, and the host could reply only after that decode. The
listening loop instead says when a pause begins (the VAD's first silent frame
after speech) and when speech resumes; the decode of the audio up to the
pause's start begins right then, on a worker thread, and is ready, or nearly,
when the host decides.

Which audio is decoded depends only on the audio (where the VAD heard the
pause begin), never on the clock, so a recording played as fast as possible
is heard exactly as one played at its own pace.

An answer's ruling decodes the same audio again, in a wider window: that
decode begins beside the first (Whisper's worker runs two at once), not
after it, so a reading the ruling needs is ready when the turn ends rather
than a decode later.

When the words before a pause were a hesitation ("um", which Whisper may
write as "i'm" or "come"), the listening loop says so as speech resumes, and
the audio before it is left out: "um ... Canberra" decoded whole came out as
"i'm can there", its tail alone as "Canberra".

A decode that may be needed after another (`Beside`) can begin on a free
worker beside it; what is asked of it is the same either way.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

Heard = TypeVar("Heard")  # what the engine's decode returns
Result = TypeVar("Result")


class Now(Executor):
    """Runs each task at once, in the caller's thread (no worker: tests, files)."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to whoever asks for the result
            future.set_exception(exc)
        return future


class Beside(Generic[Result]):
    """A decode begun on a free worker beside the one that may need it
    (`executor`), or, without one, made only when asked for.

    `result` takes a decode no worker has begun back and makes it in the
    caller's thread, never waiting behind queued work: the caller may hold
    one of the workers, and the other may be waiting for it. `drop` lets go
    of one not needed; one already begun runs to its end, unheeded.
    """

    def __init__(self, make: Callable[[], Result], executor: Executor | None = None) -> None:
        self._make = make
        self._future: Future[Result] | None = executor.submit(make) if executor else None

    def result(self) -> Result:
        if self._future is None or self._future.cancel():
            return self._make()
        return self._future.result()

    def drop(self) -> None:
        if self._future is not None:
            self._future.cancel()


@dataclass(frozen=True)
class Ruling(Generic[Heard]):
    """How the ruling alone hears the audio a pause's decoding decodes.

    `decode` is its own decoding of that audio, begun beside the first
    (with a worker free for it) whether or not it will be needed; `rule`
    makes the ruling's readings from the audio, the first decoding's
    readings (which the end of turn reads), a function that waits for
    `decode`'s, and, after a hesitation, the whole utterance's audio,
    hesitation and all (None before one).
    """

    decode: Callable[[np.ndarray], Heard]
    rule: Callable[[np.ndarray, Heard, Callable[[], Heard], np.ndarray | None], Heard]


class PauseDecoding(Generic[Heard]):
    """The utterance's audio, and its decoding up to where the current pause began."""

    def __init__(
        self,
        decode: Callable[[np.ndarray], Heard],
        executor: Executor | None = None,
        ruling: Ruling[Heard] | None = None,
    ) -> None:
        """`ruling`: how the ruling alone hears the same audio (`ruled`)."""
        self.decode = decode
        self.ruling = ruling
        self.executor = executor or Now()
        self.chunks: list[np.ndarray] = []
        self.received = 0  # samples so far
        self.pause_at: int | None = None  # samples before the current pause, if in one
        self.start = 0  # the first sample decoded: after the last hesitation
        self.pauses: list[int] = []  # samples before each pause that began
        # (start, end, the decoding, the ruling's own decoding and its readings, if any)
        self._latest: (
            tuple[int, int, Future[Heard], Future[Heard] | None, Future[Heard] | None] | None
        ) = None

    def accept(self, samples: np.ndarray) -> None:
        self.chunks.append(np.asarray(samples, np.int16))
        self.received += len(samples)

    def pause_began(self) -> None:
        self.pause_at = self.received
        self.pauses.append(self.received)
        self._start(self.pause_at)

    def earlier_pauses(self, decoded: int) -> list[int]:
        """Where pauses began inside audio `decoded` samples long (as
        `decoded` decodes, from `start`), latest first; whether their
        decodes ran or were cancelled, which depends on the clock."""
        offsets = (at - self.start for at in self.pauses[::-1])
        return [at for at in offsets if 0 < at < decoded]

    def speech_resumed(self) -> None:
        self.pause_at = None

    def hesitated(self, lead: int) -> None:
        """What was said before this pause is left out (called as speech
        resumes, before `speech_resumed`); `lead`: samples of the pause kept
        before the resumed speech, for the VAD's late start."""
        if self.pause_at is not None:
            self.start = max(self.pause_at, self.received - lead)

    def decoded(self) -> Heard:
        """The decoding of the audio up to the current pause (all of it when
        not in a pause: the turn may end mid-word on a time limit)."""
        self._start(self._upto())
        assert self._latest is not None
        return self._latest[2].result()

    def ruled(self) -> Heard:
        """The ruling's decoding of the audio `decoded` decodes (that decoding
        itself when there is no `ruling`)."""
        self._start(self._upto())
        assert self._latest is not None
        return (self._latest[4] or self._latest[2]).result()

    def samples(self) -> np.ndarray:
        """The audio `decoded` decodes."""
        return self._audio(self._upto())

    def _upto(self) -> int:
        return self.received if self.pause_at is None else self.pause_at

    def _audio(self, upto: int) -> np.ndarray:
        return self._joined()[self.start : max(upto, self.start)]

    def _joined(self) -> np.ndarray:
        return np.concatenate(self.chunks) if self.chunks else np.zeros(0, np.int16)

    def _start(self, upto: int) -> None:
        if self._latest is not None and self._latest[:2] == (self.start, upto):
            return  # that audio is decoded already, or being decoded
        if self._latest is not None:
            # a decode still queued behind a running one will never be asked
            # for: pauses at a choice's commas came faster than decodes
            for stale in self._latest[2:]:
                if stale is not None:
                    stale.cancel()
        audio = self._joined()
        samples = audio[self.start : max(upto, self.start)]
        first = self.executor.submit(self.decode, samples)
        beside = ruled = None
        if self.ruling is not None:
            # queued after the two decodings they wait for, the ruling's
            # readings never hold a worker either of those needs
            beside = self.executor.submit(self.ruling.decode, samples)
            whole = audio[:upto] if self.start else None  # the hesitation and all
            ruled = self.executor.submit(self._rule, samples, first, beside, whole)
        self._latest = (self.start, upto, first, beside, ruled)

    def _rule(
        self,
        samples: np.ndarray,
        first: Future[Heard],
        beside: Future[Heard],
        whole: np.ndarray | None,
    ) -> Heard:
        assert self.ruling is not None
        return self.ruling.rule(samples, first.result(), beside.result, whole)
