"""End of speech as a state machine over speech (S) and silence (.) frames."""

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from host.speech.endpoint import (
    MAX_VAD_LAG,
    TALK_SECONDS,
    Endpointer,
    EndpointPolicy,
    EndpointState,
    EnergyVad,
    ListenOutcome,
    level_dbfs,
    step,
)
from host.speech.turn_end import Tier

FRAME = 0.1  # seconds per symbol in the transcripts below


def run(policy, pattern):
    """Feed a pattern like 'SSS....' and return the final state."""
    state = EndpointState()
    for symbol in pattern:
        state = step(policy, state, symbol == "S", FRAME)
    return state


def test_a_command_ends_after_a_short_pause():
    state = run(EndpointPolicy.command(end_silence=0.5), "..SSSS.....")
    assert state.outcome is ListenOutcome.ENDED
    assert round(state.speech_ended_at, 6) == 0.6


def test_a_thinking_pause_does_not_end_an_answer():
    pause = "SSS" + "." * 8 + "SSS"  # 0.8 s of thinking mid-answer
    assert run(EndpointPolicy.command(end_silence=0.5), pause).outcome is ListenOutcome.ENDED
    assert run(EndpointPolicy.answer(end_silence=1.2), pause).outcome is ListenOutcome.LISTENING
    assert (
        run(EndpointPolicy.answer(end_silence=1.2), pause + "." * 12).outcome is ListenOutcome.ENDED
    )


def test_nobody_speaks():
    state = run(EndpointPolicy.command(no_speech_timeout=2.0), "." * 30)
    assert state.outcome is ListenOutcome.NO_SPEECH
    assert round(state.elapsed, 6) == 2.0


def test_a_click_is_not_speech():
    state = run(
        EndpointPolicy(end_silence=0.5, no_speech_timeout=3.0, min_speech=0.15),
        "S......S......" + "." * 20,
    )
    assert not state.heard_speech
    assert state.outcome is ListenOutcome.NO_SPEECH


def test_the_answer_time_limit_cuts_a_long_answer():
    state = run(EndpointPolicy.answer(time_limit=1.0), "S" * 30)
    assert state.outcome is ListenOutcome.TIME_UP
    assert round(state.elapsed, 6) == 1.0


def test_speech_still_going_at_the_timeout_is_not_no_speech():
    state = run(
        EndpointPolicy(end_silence=0.5, no_speech_timeout=0.3, min_speech=0.5), "SSSSSS....."
    )
    assert state.outcome is ListenOutcome.ENDED


@given(st.text(alphabet="S.", max_size=200))
def test_a_finished_state_is_final_and_explained(pattern):
    policy = EndpointPolicy.answer(end_silence=0.6, no_speech_timeout=3.0, time_limit=15.0)
    state = run(policy, pattern)
    if state.outcome is ListenOutcome.ENDED:
        assert state.heard_speech and state.silence_run >= policy.end_silence - 1e-9
        assert run(policy, pattern + "SSSS") == state
    if state.outcome is ListenOutcome.NO_SPEECH:
        assert not state.heard_speech


def test_the_energy_vad_hears_a_voice_over_room_noise():
    rng = np.random.default_rng(7)
    noise = (rng.normal(0, 30, 480)).astype(np.int16)
    voice = (4000 * np.sin(np.arange(480) / 3)).astype(np.int16)
    vad = EnergyVad()
    assert [vad.is_speech(noise) for _ in range(20)] == [False] * 20
    assert vad.is_speech(voice + noise)
    assert level_dbfs(np.full(10, 32767, np.int16)) > -0.01


def test_the_endpointer_on_real_frames():
    rate = 16000
    silence = np.zeros(480, np.int16)
    voice = (6000 * np.sin(np.arange(480) / 2)).astype(np.int16)
    endpointer = Endpointer(EndpointPolicy.command(end_silence=0.3), rate)
    outcomes = [endpointer.feed(f) for f in [silence] * 5 + [voice] * 10 + [silence] * 20]
    assert outcomes.count(ListenOutcome.ENDED) >= 1
    assert outcomes.index(ListenOutcome.ENDED) == 5 + 10 + 9  # 10 frames of 30 ms = 0.3 s


class LaggingVad:
    """Speech while the frame is loud (above `loud`), and for `lag` frames
    after: as Silero's probability falls a little after the voice stops."""

    def __init__(self, lag: int, loud: int = 1000):
        self.lag, self.left, self.loud = lag, 0, loud

    def is_speech(self, frame) -> bool:
        if np.abs(frame).max() > self.loud:
            self.left = self.lag
            return True
        self.left -= 1
        return self.left >= 0


def frames_until_ended(endpointer, frames) -> int:
    outcomes = [endpointer.feed(f) for f in frames]
    return outcomes.index(ListenOutcome.ENDED)


def test_the_pause_is_counted_from_the_voices_end_not_the_vads():
    rate, silence = 16000, np.zeros(480, np.int16)
    voice = (6000 * np.sin(np.arange(480) / 2)).astype(np.int16)
    frames = [silence] * 5 + [voice] * 10 + [silence] * 30
    prompt = Endpointer(EndpointPolicy.command(end_silence=0.3), rate, LaggingVad(lag=0))
    lagging = Endpointer(EndpointPolicy.command(end_silence=0.3), rate, LaggingVad(lag=4))
    # the VAD says "speech" for 4 frames (0.12 s) after the voice stops;
    # the turn still ends 0.3 s after the voice did
    assert frames_until_ended(lagging, frames) == frames_until_ended(prompt, frames) == 24


def test_a_long_vad_lag_is_made_up_for_only_so_far():
    """In a room 12 dB below the voice: what the VAD calls speech after the
    voice may still be the player, not talk far below them."""
    rate, rng = 16000, np.random.default_rng(5)
    room = [(rng.standard_normal(480) * 1000).astype(np.int16) for _ in range(55)]
    voice = (6000 * np.sin(np.arange(480) / 2)).astype(np.int16)
    frames = room[:5] + [voice + r for r in room[5:15]] + room[15:]
    lagging = Endpointer(
        EndpointPolicy.command(end_silence=0.3), rate, LaggingVad(lag=10, loud=5000)
    )
    # 10 frames of lag (0.3 s), of which at most MAX_VAD_LAG (5 frames) count
    assert MAX_VAD_LAG == 0.15
    assert frames_until_ended(lagging, frames) == 15 + 10 + 4


class TalkVad:
    """Silero hears people talking at the table as speech, however quiet."""

    def is_speech(self, frame) -> bool:
        return bool(np.abs(frame).max() > 50)


def table_talk(count: int, rng) -> list:
    """Talk behind the player: bursts of noise 20 dB below the voice."""
    return [
        (rng.standard_normal(480) * 600 * rng.uniform(0.5, 1.0)).astype(np.int16)
        for _ in range(count)
    ]


def test_with_people_talking_behind_the_player_the_turn_still_ends():
    rate, rng = 16000, np.random.default_rng(3)
    voice = (8000 * np.sin(np.arange(480) / 2)).astype(np.int16)
    talk = table_talk(80, rng)
    frames = talk[:10] + [voice + t for t in talk[10:25]] + talk[25:]
    endpointer = Endpointer(EndpointPolicy.command(end_silence=0.3), rate, TalkVad())
    # the VAD never calls silence; TALK_SECONDS of talk far below the voice
    # (0.4 s: frames 25-38) are taken for the room, and the pause counted from
    # MAX_VAD_LAG before that (0.18 s at frame 38): 0.3 s at frame 42
    found = 25 + math.ceil(TALK_SECONDS / 0.03 - 1e-6) - 1
    assert frames_until_ended(endpointer, frames) == found + 4 == 42


def test_an_answer_read_whole_over_talk_ends_only_after_the_open_silence():
    """The recognizer hears the talk too, and its words may make the player's
    look whole: "Nelson ..." read "nelson friends" (piper, talk at 14.5 dB)."""
    rate, rng = 16000, np.random.default_rng(3)
    voice = (8000 * np.sin(np.arange(480) / 2)).astype(np.int16)
    talk = table_talk(120, rng)
    frames = talk[:10] + [voice + t for t in talk[10:25]] + talk[25:]
    policy = EndpointPolicy.answer(end_silence=2.0).with_early_end(0.3, 1.8)
    endpointer = Endpointer(policy, rate, TalkVad(), classify=lambda: Tier.COMPLETE)
    # the pause is 0.18 s at frame 38, where the talk is found: 1.8 s at frame 92
    assert frames_until_ended(endpointer, frames) == 38 + 54


def test_once_the_talk_stops_a_whole_answer_ends_the_turn_at_once():
    rate, rng = 16000, np.random.default_rng(3)
    voice = (8000 * np.sin(np.arange(480) / 2)).astype(np.int16)
    talk = table_talk(45, rng)
    frames = talk[:10] + [voice + t for t in talk[10:25]] + talk[25:45]
    frames += [np.zeros(480, np.int16)] * 60
    policy = EndpointPolicy.answer(end_silence=2.0).with_early_end(0.3, 1.8)
    endpointer = Endpointer(policy, rate, TalkVad(), classify=lambda: Tier.COMPLETE)
    assert frames_until_ended(endpointer, frames) == 45  # the first quiet frame


def test_a_quiet_stretch_of_the_voice_is_not_talk_behind_the_player():
    """Far below the voice for less than TALK_SECONDS (a stop's closure, a
    faint word), then the voice again: no pause."""
    rate, quiet = 16000, np.zeros(480, np.int16)
    voice = (6000 * np.sin(np.arange(480) / 2)).astype(np.int16)
    faint = voice // 8  # 18 dB below, for 0.36 s
    frames = [quiet] * 5 + [voice] * 6 + [faint] * 12 + [voice] * 6 + [quiet] * 20
    vad = ScriptedVad("....." + "S" * 24 + "." * 20)
    policy = EndpointPolicy.command(end_silence=0.5).with_early_end(0.1, 0.5, final_silence=0.1)
    endpointer = Endpointer(policy, rate, vad, classify=lambda: Tier.FINAL)
    assert frames_until_ended(endpointer, frames) == 5 + 24 + 3


def test_in_loud_room_noise_the_pause_is_still_counted_from_the_voices_end():
    """The room's level is learnt from the frames the VAD calls silence: after
    the voice, the frames are as loud as the room, and that is quiet."""
    rate = 16000
    rng = np.random.default_rng(1)
    room = (rng.standard_normal((60, 480)) * 1000).astype(np.int16)  # about -30 dBFS
    voice = (8000 * np.sin(np.arange(480) / 2)).astype(np.int16)
    frames = list(room[:5]) + [voice + room[i] for i in range(5, 15)] + list(room[15:])

    class RoomVad(LaggingVad):
        def is_speech(self, frame) -> bool:
            if np.abs(frame.astype(np.int32)).max() > 7000:
                self.left = self.lag
                return True
            self.left -= 1
            return self.left >= 0

    lagging = Endpointer(EndpointPolicy.command(end_silence=0.3), rate, RoomVad(lag=4))
    assert frames_until_ended(lagging, frames) == 24


class ScriptedVad:
    """Says speech or silence frame by frame, as scripted."""

    def __init__(self, calls: str):
        self.calls = iter(calls)

    def is_speech(self, frame) -> bool:
        return next(self.calls) == "S"


def test_a_stop_inside_a_word_is_no_pause():
    """ "s-core" in noise (piper): the voice is quiet for the k's closure
    while the VAD still calls it speech, and back before the VAD calls it so.
    The quiet was inside the word: the words so far ("fifth", a whole phrase
    of the list) do not end the turn there, as they did before the word's end."""
    rate, quiet = 16000, np.zeros(480, np.int16)
    voice = (6000 * np.sin(np.arange(480) / 2)).astype(np.int16)
    frames = [quiet] * 5 + [voice] * 4 + [quiet] * 3 + [voice] * 10 + [quiet] * 20
    vad = ScriptedVad("....." + "SSSS" + "SSS" + "." + "S" * 9 + "." * 20)
    policy = EndpointPolicy.command(end_silence=0.5).with_early_end(0.1, 0.5, final_silence=0.1)
    endpointer = Endpointer(policy, rate, vad, classify=lambda: Tier.FINAL)
    # four frames (0.12 s) after the word's end, not at its closure (frame 12)
    assert frames_until_ended(endpointer, frames) == 5 + 4 + 3 + 10 + 3


def test_a_frame_the_vad_calls_silence_between_the_room_and_the_voice_is_no_pause():
    """piper's "s-core" in noise, seed 46: the k's closure as quiet as the room,
    then one frame, the vowel's onset, 4 dB above the room, that the VAD
    called silence. Made up for the VAD's lag, the pause was long enough at
    once for a whole phrase of the list; the VAD's next frame was speech."""
    rate = 16000
    rng = np.random.default_rng(7)
    room = [(rng.standard_normal(480) * 1000).astype(np.int16) for _ in range(60)]  # -30 dB
    onset = (rng.standard_normal(480) * 1600).astype(np.int16)  # 4 dB above the room
    voice = (6000 * np.sin(np.arange(480) / 2)).astype(np.int16)
    frames = room[:5] + [voice] * 4 + room[5:8] + [onset] + [voice] * 10 + room[8:28]
    vad = ScriptedVad("....." + "SSSS" + "SSS" + "." + "S" * 10 + "." * 20)
    policy = EndpointPolicy.command(end_silence=0.5).with_early_end(0.1, 0.5, final_silence=0.1)
    endpointer = Endpointer(policy, rate, vad, classify=lambda: Tier.FINAL)
    # a short pause after the word's end, not at the onset (frame 12)
    assert frames_until_ended(endpointer, frames) == 5 + 4 + 4 + 10 + 3
