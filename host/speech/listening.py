"""The one listening path: frames -> VAD -> endpointer -> recognizer stream.

The game's microphone and `trivia-host listen` (a recording) both come
through `listen_turn`. It is driven by a frame source (anything with
`read()` returning int16 frames) and a clock, and it decides from the audio
alone: the endpointer counts audio time, and the early decision asks the
recognizer's partial result (turn_end.py), which depends only on the audio
fed so far. A recording played as fast as possible and the same recording
played at the audio's own pace therefore end at the same frame.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from host.speech.duplex import MicGate
from host.speech.endpoint import (
    Endpointer,
    EndpointPolicy,
    EndpointState,
    ListenOutcome,
    VoiceActivityDetector,
)
from host.speech.recognition import Expectation, Recognition
from host.speech.turn_end import Tier, TurnEnd


@dataclass(frozen=True)
class PauseNote:
    """A pause long enough for the words before it to be classified
    (turn_end.py), as the listening path saw it. Benches replay a turn's
    pauses under other silences without hearing it again
    (bench/turn_end_replay.py)."""

    began_at: float  # audio seconds at which the pause began
    tier: Tier  # what the words before it sounded like
    words: str | None  # the partial result they were classified on
    lasted: float | None = None  # seconds before the player went on (None: the turn ended in it)


@dataclass(frozen=True)
class Utterance:
    outcome: ListenOutcome  # ENDED, NO_SPEECH or TIME_UP
    recognition: Recognition | None  # None when nobody spoke
    listened_seconds: float  # audio heard, to the decision
    speech_ended_at: float | None = None  # audio seconds at which the last speech ended
    decided_clock: float = 0.0  # clock() when the endpointer decided
    ready_clock: float = 0.0  # clock() when the recognition was finished
    pause_tier: Tier | None = None  # what the last pause's words sounded like
    pauses: tuple[PauseNote, ...] = ()  # every classified pause, the last one included

    @property
    def alternatives(self) -> list[tuple[str, float]]:
        return self.recognition.as_pairs() if self.recognition else []


def listen_turn(
    source,
    recognizer,
    expectation: Expectation,
    policy: EndpointPolicy,
    turn_end: TurnEnd | None = None,
    gate: MicGate | None = None,
    vad: VoiceActivityDetector | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Utterance:
    """Stream frames to the recognizer until the endpointer decides.

    Frames that arrive while the gate is shut (the host is talking, or its
    echo tail) are dropped unheard. `turn_end` enables the early decision
    from what has been recognised so far.
    """
    stream = recognizer.stream(expectation)
    classifier = _classifier(stream, turn_end)
    endpointer = Endpointer(policy, recognizer.sample_rate, vad, classifier)
    pauses = _PauseTeller(stream)
    log = _PauseLog()
    outcome = ListenOutcome.LISTENING
    try:
        while outcome is ListenOutcome.LISTENING:
            frame = source.read()
            if gate is not None and not gate.is_open(clock()):
                continue
            stream.accept(frame)
            outcome = endpointer.feed(frame)
            pauses.tell(endpointer.state, endpointer.voice_quiet)
            log.note(endpointer.state, classifier)
    except BaseException:
        _let_go(stream)  # a device that failed mid-utterance must not hold the decoder
        raise
    decided = clock()
    state = endpointer.state
    recognition = None
    if state.heard_speech:
        recognition = stream.finish()  # always finished or let go: it frees the decoder
    else:
        _let_go(stream)
    return Utterance(
        outcome,
        recognition,
        state.elapsed,
        state.speech_ended_at,
        decided,
        clock(),
        state.pause_tier,
        tuple(log.notes),
    )


def _let_go(stream) -> None:
    """Free the stream's decoder for the next turn without hearing what it
    was given: nobody spoke, and Whisper's decode of ten seconds of room
    noise, thrown away, held the host's "I didn't hear anything" back by
    0.3-0.9 s. A stream with nothing to skip is finished as usual."""
    discard = getattr(stream, "discard", None)
    if discard is not None:
        discard()
    else:
        stream.finish()


class _PauseTeller:
    """Tells a stream that can use it (ahead.py) when a pause in the speech
    begins, when speech resumes, and when the words before the pause were a
    hesitation ("um": the answer starts where the player went on)."""

    def __init__(self, stream) -> None:
        self.began = getattr(stream, "pause_began", None)
        self.resumed = getattr(stream, "speech_resumed", None)
        self.hesitated = getattr(stream, "hesitated", None)
        # a stream that may begin its pause's work as the voice falls quiet,
        # before the VAD lets go (a closed list's Whisper check)
        self.early = getattr(stream, "pause_at_voice_end", False)
        self.speaking = False
        self.tier: Tier | None = None  # of the current pause, once classified

    def tell(self, state: EndpointState, voice_quiet: bool = False) -> None:
        if self.began is None or self.resumed is None:
            return
        speaking = state.speech_run > 0 and not (self.early and voice_quiet)
        if self.speaking and not speaking and state.heard_speech:
            self.began()
        elif speaking and not self.speaking:
            if self.tier is Tier.HESITATION and self.hesitated is not None:
                self.hesitated()
            self.resumed()
        self.speaking = speaking
        self.tier = None if speaking else state.pause_tier


class _PauseLog:
    """Notes each classified pause as the endpointer's state passes it: where
    it began, its tier and words, and how long it lasted if the player went on."""

    def __init__(self) -> None:
        self.notes: list[PauseNote] = []
        self._last = EndpointState()

    def note(self, state: EndpointState, classifier: _Classifier | None) -> None:
        last, self._last = self._last, state
        if state.pause_tier is not None and last.pause_tier is None:
            words = classifier.words if classifier is not None else None
            self.notes.append(PauseNote(state.elapsed - state.silence_run, state.pause_tier, words))
        elif last.pause_tier is not None and state.speech_run > 0 and self.notes:
            self.notes[-1] = replace(self.notes[-1], lasted=last.silence_run)


class _Classifier:
    """What the words so far sound like (turn_end.py), asked of the stream's
    readings; keeps the words it was last asked about."""

    def __init__(self, stream, turn_end: TurnEnd) -> None:
        self.turn_end = turn_end
        self.partial = stream.partial
        self.guess = getattr(stream, "guess", lambda: None)  # a guided stream's grammar pass
        self.others = getattr(stream, "other_readings", tuple)  # an engine's lower hypotheses
        # how the words up to the pause before this one were read (engines that
        # keep it: Whisper, whose prompt may finish a name the player paused in)
        self.earlier = getattr(stream, "read_before_this_pause", None)
        # the ruling's readings of the same words (Whisper's wider window)
        self.wider = getattr(stream, "wider_readings", None)
        # whether the engine, not led by the card, may read the words as one of some phrases
        self.likely = getattr(stream, "a_likely_reading", None)
        self.sure = getattr(stream, "a_sure_reading", None)  # the same, at a higher bar
        # whether it hears a hum where the card, as its prompt, made an answer
        self.a_hum = getattr(stream, "a_hum_read_as_an_answer", None)
        # the path so far of a grammar over the card's phrases, heard beside,
        # and whether the engine, not led by the card, could read the words so
        self.card_path = getattr(stream, "card_grammar_path", None)
        self.no_wild_reading = getattr(stream, "no_wild_reading", None)
        self.words: str | None = None

    def __call__(self) -> Tier:
        self.words = self.partial()
        return self.turn_end.classify(
            self.words,
            self.guess(),
            self.others(),
            self.earlier,
            wider=self.wider,
            likely=self.likely,
            sure=self.sure,
            a_hum=self.a_hum,
            card_path=self.card_path,
            no_wild_reading=self.no_wild_reading,
        )


def _classifier(stream, turn_end: TurnEnd | None) -> _Classifier | None:
    if turn_end is None or getattr(stream, "partial", None) is None:
        return None
    return _Classifier(stream, turn_end)


class RecordingSource:
    """A recording as a microphone: its frames, then silence for ever.

    `realtime`: frames are delivered at the audio's own rate, as a sound card
    delivers them, each once its last sample has played (the first after one
    frame); otherwise as fast as they are read. `started` is the clock time
    the file began to play, one frame before the first delivery: wall-clock
    seconds from it are comparable with positions in the audio, so a reply
    ready at once after a decision at 1.11 s is ready at 1.11 s, not 1.08.
    """

    def __init__(
        self,
        samples: np.ndarray,
        rate: int,
        frame_seconds: float = 0.03,
        realtime: bool = False,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.samples = np.asarray(samples, np.int16)
        self.rate = rate
        self.frame_size = int(rate * frame_seconds)
        self.realtime = realtime
        self.clock, self.sleep = clock, sleep
        self.delivered = 0  # frames delivered so far
        self.started: float | None = None

    def read(self) -> np.ndarray:
        if self.started is None:
            self.started = self.clock()
        if self.realtime:
            played = (self.delivered + 1) * self.frame_size / self.rate
            wait = self.started + played - self.clock()
            if wait > 0:
                self.sleep(wait)
        start = self.delivered * self.frame_size
        frame = self.samples[start : start + self.frame_size]
        if len(frame) < self.frame_size:
            frame = np.concatenate([frame, np.zeros(self.frame_size - len(frame), np.int16)])
        self.delivered += 1
        return frame

    def close(self) -> None:
        pass
