"""When has the player finished speaking? A small pure state machine.

The microphone is cut into short frames; a voice-activity test labels each
frame speech or silence, and `step` folds the labels into an `EndpointState`.
The policy differs by what the host is waiting for: a command ends after a
short pause, an answer allows longer thinking pauses, and both give up when
nobody speaks at all. An answer may also have a time limit (house rule).

Early decision: once a pause reaches the shortest early silence, the
endpointer asks once what the words so far sound like (turn_end.py): a whole
phrase nothing can follow ends after `final_silence`, a complete utterance
after `complete_silence`, one that ends on an open word after
`open_silence`, and one that is clearly unfinished (a filler, an article,
half a name) or unknown only after `end_silence`, the upper bound.

A VAD calls speech for a while after the voice stops (Silero about 0.1 s,
more in noise); the `Endpointer` counts the pause from where the voice fell
to the room's level instead, up to `MAX_VAD_LAG` earlier.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from host.speech.turn_end import Tier


class ListenOutcome(enum.Enum):
    LISTENING = "listening"
    ENDED = "ended"  # speech followed by enough silence
    NO_SPEECH = "no_speech"  # nobody spoke before the timeout
    TIME_UP = "time_up"  # the answer time limit ran out


@dataclass(frozen=True)
class EndpointPolicy:
    end_silence: float  # seconds of silence that end an utterance
    no_speech_timeout: float  # give up if no speech starts within this
    time_limit: float | None = None  # hard limit from the start of listening
    min_speech: float = 0.12  # shorter bursts are clicks, not speech
    complete_silence: float | None = None  # pause after a complete utterance (None: no early end)
    open_silence: float | None = None  # pause after words that may be complete
    final_silence: float | None = None  # after a whole phrase nothing can follow (None: complete)
    # after a filler heard as such ("um" at "Did you say ...?"): the player is
    # thinking; longer than end_silence (None: end_silence)
    hesitation_silence: float | None = None

    def silence_for(self, tier: Tier | None) -> float:
        """Seconds of silence that end the turn after words of this tier."""
        if tier is Tier.FINAL and self.final_silence is not None:
            return min(self.final_silence, self.end_silence)
        if tier in (Tier.COMPLETE, Tier.FINAL) and self.complete_silence is not None:
            return min(self.complete_silence, self.end_silence)
        if tier is Tier.OPEN and self.open_silence is not None:
            return min(self.open_silence, self.end_silence)
        if tier is Tier.HESITATION and self.hesitation_silence is not None:
            return self.hesitation_silence
        return self.end_silence

    def with_hesitation(self, silence: float) -> EndpointPolicy:
        return replace(self, hesitation_silence=silence)

    def with_early_end(
        self, complete_silence: float, open_silence: float, final_silence: float | None = None
    ) -> EndpointPolicy:
        return replace(
            self,
            complete_silence=complete_silence,
            open_silence=open_silence,
            final_silence=final_silence,
        )

    @property
    def first_check(self) -> float | None:
        """The pause after which the words so far are classified (None: never)."""
        early = [s for s in (self.complete_silence, self.final_silence) if s is not None]
        return min(early) if early else None

    @classmethod
    def command(cls, end_silence: float = 0.5, no_speech_timeout: float = 6.0) -> EndpointPolicy:
        return cls(end_silence=end_silence, no_speech_timeout=no_speech_timeout)

    @classmethod
    def answer(
        cls,
        end_silence: float = 1.2,
        no_speech_timeout: float = 10.0,
        time_limit: float | None = None,
    ) -> EndpointPolicy:
        return cls(
            end_silence=end_silence,
            no_speech_timeout=no_speech_timeout,
            time_limit=time_limit or None,
        )


@dataclass(frozen=True)
class EndpointState:
    elapsed: float = 0.0  # seconds since listening began
    speech_run: float = 0.0  # current run of speech frames
    silence_run: float = 0.0  # current run of silence frames after speech
    heard_speech: bool = False  # a run of speech at least min_speech long
    speech_ended_at: float | None = None  # when the final silence began
    pause_tier: Tier | None = None  # what the words before this pause sounded like
    outcome: ListenOutcome = ListenOutcome.LISTENING


def step(
    policy: EndpointPolicy,
    state: EndpointState,
    is_speech: bool,
    frame_seconds: float,
    classify: Callable[[], Tier | None] | None = None,
    quiet_before: float = 0.0,
    over_talk: bool = False,
) -> EndpointState:
    """The state after one more frame; a finished state never changes.

    `classify` (what the words so far sound like) is called at most once a
    pause, when it reaches `policy.first_check`; None means no early decision.
    `quiet_before`: at the first silent frame after speech, how long the
    voice had already been quiet while the VAD still called it speech (its
    lag); the pause is counted from there. `over_talk`: this frame is people
    talking behind the player, which the recognizer hears too (their words
    may make the player's look whole): while it lasts, a whole reading ends
    the turn only after the open silence.
    """
    if state.outcome is not ListenOutcome.LISTENING:
        return state
    elapsed = state.elapsed + frame_seconds
    if is_speech:
        speech_run = state.speech_run + frame_seconds
        state = replace(
            state,
            elapsed=elapsed,
            speech_run=speech_run,
            silence_run=0.0,
            pause_tier=None,
            heard_speech=state.heard_speech or speech_run >= policy.min_speech,
        )
    else:
        silence_run = 0.0
        if state.heard_speech:
            silence_run = state.silence_run or quiet_before
            silence_run += frame_seconds
        state = replace(state, elapsed=elapsed, speech_run=0.0, silence_run=silence_run)
        if (
            state.heard_speech
            and state.pause_tier is None
            and classify is not None
            and policy.first_check is not None
            and silence_run >= policy.first_check - 1e-9
        ):
            state = replace(state, pause_tier=classify() or Tier.WAITING)
        tier = state.pause_tier
        if over_talk and tier in (Tier.COMPLETE, Tier.FINAL):
            tier = Tier.OPEN
        if state.heard_speech and silence_run >= policy.silence_for(tier) - 1e-9:
            return replace(
                state, outcome=ListenOutcome.ENDED, speech_ended_at=elapsed - silence_run
            )
    if policy.time_limit is not None and elapsed >= policy.time_limit - 1e-9:
        return replace(state, outcome=ListenOutcome.TIME_UP)
    if (
        not state.heard_speech
        and state.speech_run == 0.0
        and elapsed >= policy.no_speech_timeout - 1e-9
    ):
        return replace(state, outcome=ListenOutcome.NO_SPEECH)
    return state


def level_dbfs(frame: np.ndarray) -> float:
    """Root-mean-square level of int16 samples, in dB below full scale."""
    if len(frame) == 0:
        return -120.0
    rms = math.sqrt(float(np.mean(np.square(frame.astype(np.float64)))))
    return 20 * math.log10(max(rms, 1e-3) / 32768.0)


class VoiceActivityDetector(Protocol):
    """Labels one frame of int16 samples speech or not; may learn as it goes
    (so each utterance gets a fresh one). Registered by name in engines.py."""

    def is_speech(self, frame: np.ndarray) -> bool: ...


class EnergyVad:
    """Speech is a frame well above the room's noise floor.

    The floor follows quiet frames quickly and loud ones slowly, so a steady
    hum is learnt as background while a voice stands out from it. Without an
    initial floor, the first frame heard sets it (no louder than
    `loudest_floor_dbfs`): a room that is noisy from the start is background,
    not a voice that never stops.
    """

    def __init__(
        self,
        margin_db: float = 12.0,
        min_speech_dbfs: float = -50.0,
        initial_floor_dbfs: float | None = None,
        loudest_floor_dbfs: float = -45.0,
    ) -> None:
        self.margin_db = margin_db
        self.min_speech_dbfs = min_speech_dbfs
        self.floor_dbfs = initial_floor_dbfs
        self.loudest_floor_dbfs = loudest_floor_dbfs

    def is_speech(self, frame: np.ndarray) -> bool:
        level = level_dbfs(frame)
        if self.floor_dbfs is None:
            self.floor_dbfs = min(level, self.loudest_floor_dbfs)
        speech = level > max(self.floor_dbfs + self.margin_db, self.min_speech_dbfs)
        rate = 0.3 if level < self.floor_dbfs else (0.002 if speech else 0.05)
        self.floor_dbfs += rate * (level - self.floor_dbfs)
        return speech


# Silero's speech probability falls about 0.1 s after the voice stops (0.2 s
# in noise); the pause is counted from where the voice fell back to the
# room's level (that of the frames the VAD calls silence) or far below its
# own loudest, at most this much before the VAD said so.
MAX_VAD_LAG = 0.15
LOUD_MARGIN_DB = 6.0  # above the room's level: the voice
DOUBT_MARGIN_DB = 3.0  # above the room's level, and not the voice: perhaps its return
VOICE_RANGE_DB = 35.0  # this far below the voice's loudest frame, a word's tail has died away
ROOM_RATE = 0.2  # how fast the room's level follows each silent frame
VOICE_QUIET = 0.09  # seconds as quiet as the room: likely a pause beginning (0.06 cut
# the tail of a word said in noise from the decoded audio: "three" heard "brief")
# People talking at the table are speech to the VAD, so with talk behind the
# player no pause came until the talk stopped. What the VAD calls speech for
# TALK_SECONDS on end, all of it this far below the player's voice (its
# loudest stretch of VOICE_FRAMES frames so far), is taken for the room, not
# the player (longer than any lag of the VAD's, and than a word's quiet
# tail), the pause counted from up to MAX_VAD_LAG before, until it rises above that bar
# for RETURN_FRAMES frames (a louder syllable of the talk is shorter than the
# player's voice coming back). On a third of the listen sets (1,224
# recordings, clean and in room noise), no 0.4 s on end the VAD called speech
# 10 dB below the voice was over before the player's last word (0.3 s: 17,
# its lag in a pause); after it, with talk 10-20 dB below, one came in 168 of 216.
BACKGROUND_DB = 10.0
VOICE_FRAMES = 8
TALK_SECONDS, RETURN_FRAMES = 0.4, 2


class Endpointer:
    """Feeds raw sample frames through a VAD into the state machine."""

    def __init__(
        self,
        policy: EndpointPolicy,
        rate: int = 16000,
        vad: VoiceActivityDetector | None = None,
        classify: Callable[[], Tier | None] | None = None,
    ) -> None:
        self.policy = policy
        self.rate = rate
        self.vad: VoiceActivityDetector = vad or EnergyVad()
        self.classify = classify
        self.state = EndpointState()
        self.room_dbfs: float | None = None  # the level of the frames the VAD calls silence
        self.peak_dbfs = -math.inf  # the loudest frame the VAD called speech
        self.quiet_run = 0.0  # seconds the voice has been quiet while the VAD says speech
        self._voice_power: float | None = None  # of the VAD's speech, averaged over a stretch
        self.voice_dbfs = -math.inf  # the player's voice: its loudest stretch so far
        self._low_run = 0.0  # seconds of the VAD's speech far below the voice, on end
        self._high_run = 0  # frames above that bar, in a row
        self._talk = False  # the VAD's speech is the table talking behind the player

    def feed(self, frame: np.ndarray) -> ListenOutcome:
        seconds = len(frame) / self.rate
        speech, level = self.vad.is_speech(frame), level_dbfs(frame)
        if speech:
            self.peak_dbfs = max(self.peak_dbfs, level)
        # against the room as it was before this frame: a loud frame the VAD
        # calls silence is not the room
        room = self.room_dbfs if self.room_dbfs is not None else -math.inf
        loud = level > max(room + LOUD_MARGIN_DB, self.peak_dbfs - VOICE_RANGE_DB)
        # a little above the room, short of the voice's margin: the voice may
        # be coming back (piper's "s-core" in noise: the vowel after the k's
        # closure, which the VAD called silence for a frame); a frame less of
        # the lag is made up, so that the VAD's next frame has its say. Not a
        # word's tail far below the voice's loudest in a quiet room: it is dying
        doubtful = room + DOUBT_MARGIN_DB < level <= room + LOUD_MARGIN_DB
        lag = min(self.quiet_run, MAX_VAD_LAG) - (seconds if doubtful else 0.0)
        talk = speech and self._talk_behind(level, seconds)
        player = speech and not talk
        if talk:
            # the player fell quiet where the talk's frames began, perhaps in a
            # word's quiet end ("let me see" trailing off): made up for only so
            # far, as the VAD's lag is
            lag = min(self._low_run - seconds, MAX_VAD_LAG)
        if not speech:
            self._low_run = 0.0
            known = self.room_dbfs
            self.room_dbfs = level if known is None else known + ROOM_RATE * (level - known)
        self.state = step(
            self.policy,
            self.state,
            player,
            seconds,
            self.classify,
            # not when this frame is loud: the voice is back (Silero is slow to
            # call a vowel after a stop's closure), and the quiet was inside a word
            quiet_before=0.0 if player or (loud and not talk) else max(0.0, lag),
            over_talk=talk,
        )
        self.quiet_run = self.quiet_run + seconds if speech and not loud else 0.0
        return self.state.outcome

    def _talk_behind(self, level: float, seconds: float) -> bool:
        """This frame of the VAD's speech is the table talking behind the
        player: it and the frames before it stayed far below the player's
        voice for TALK_SECONDS (BACKGROUND_DB), and nothing since has risen
        above that bar for long (RETURN_FRAMES). The voice's level follows
        the VAD's speech, so talk before the player spoke counts as their
        voice until they do."""
        power = 10 ** (level / 10)
        known = self._voice_power
        self._voice_power = power if known is None else known + (power - known) / VOICE_FRAMES
        self.voice_dbfs = max(self.voice_dbfs, 10 * math.log10(self._voice_power))
        low = level < self.voice_dbfs - BACKGROUND_DB
        self._low_run = self._low_run + seconds if low else 0.0
        self._high_run = 0 if low else self._high_run + 1
        if self._low_run >= TALK_SECONDS - 1e-9:
            self._talk = True
        elif self._high_run >= RETURN_FRAMES:
            self._talk = False
        return self._talk

    @property
    def voice_quiet(self) -> bool:
        """The voice has been as quiet as the room for a moment, though the
        VAD still calls it speech: most likely a pause beginning."""
        return self.quiet_run >= VOICE_QUIET
