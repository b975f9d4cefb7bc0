"""Decoding ahead: the audio up to a pause is decoded when the pause begins,
on a worker, and the listening loop says when pauses begin and end."""

from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np

from host.speech.ahead import Beside, PauseDecoding, Ruling
from host.speech.endpoint import EndpointPolicy
from host.speech.listening import RecordingSource, listen_turn
from host.speech.recognition import Expectation, Hypothesis, Recognition
from host.speech.turn_end import Tier


class Decoder:
    def __init__(self):
        self.lengths = []

    def __call__(self, samples):
        self.lengths.append(len(samples))
        return [f"{len(samples)} samples"]


def test_the_audio_up_to_the_pause_is_decoded_when_it_begins():
    decode = Decoder()
    audio = PauseDecoding(decode)
    audio.accept(np.ones(4800, np.int16))
    audio.pause_began()
    assert decode.lengths == [4800]  # at once, before anyone asks
    audio.accept(np.zeros(2400, np.int16))  # the pause goes on
    assert audio.decoded() == ["4800 samples"]  # the pause's silence is not decoded again
    assert decode.lengths == [4800]


def test_speech_after_the_pause_is_decoded_with_what_came_before():
    decode = Decoder()
    audio = PauseDecoding(decode)
    audio.accept(np.ones(4800, np.int16))
    audio.pause_began()
    audio.accept(np.ones(1600, np.int16))
    audio.speech_resumed()
    assert audio.decoded() == ["6400 samples"]  # the turn ended mid-word (a time limit)


def test_after_a_hesitation_only_the_speech_from_where_the_player_went_on_is_decoded():
    decode = Decoder()
    audio = PauseDecoding(decode)
    audio.accept(np.ones(4800, np.int16))  # "um"
    audio.pause_began()
    audio.accept(np.zeros(8000, np.int16))  # half a second of thought
    audio.accept(np.ones(480, np.int16))  # the first frame of "Canberra"
    audio.hesitated(lead=3200)  # keep 0.2 s before it: the VAD starts late
    audio.speech_resumed()
    audio.accept(np.ones(8000, np.int16))
    audio.pause_began()
    assert decode.lengths == [4800, 3200 + 8000]


def test_the_pauses_inside_the_audio_decoded_are_known_latest_first():
    audio = PauseDecoding(Decoder())
    audio.accept(np.ones(4800, np.int16))  # "um"
    audio.pause_began()
    audio.accept(np.zeros(8000, np.int16))
    audio.hesitated(lead=3200)  # hearing starts 0.2 s before "it's the"
    audio.speech_resumed()
    audio.accept(np.ones(4800, np.int16))  # "it's the"
    audio.pause_began()
    audio.accept(np.zeros(16000, np.int16))
    audio.speech_resumed()
    audio.accept(np.ones(8000, np.int16))  # "Nile"
    audio.pause_began()
    # from where hearing starts: not the pause after "um", which is left out
    assert audio.earlier_pauses(3200 + 4800 + 16000 + 8000) == [3200 + 4800]


def test_a_short_pause_after_a_hesitation_keeps_no_more_than_the_pause():
    decode = Decoder()
    audio = PauseDecoding(decode)
    audio.accept(np.ones(4800, np.int16))
    audio.pause_began()
    audio.accept(np.zeros(1600, np.int16))  # 0.1 s: less than the lead asked for
    audio.hesitated(lead=3200)
    audio.speech_resumed()
    audio.pause_began()
    assert decode.lengths == [4800, 1600]  # the "um" itself is not decoded again


def test_on_a_worker_the_result_is_the_same():
    decode = Decoder()
    with ThreadPoolExecutor(max_workers=1) as worker:
        audio = PauseDecoding(decode, worker)
        audio.accept(np.ones(4800, np.int16))
        audio.pause_began()
        audio.accept(np.zeros(4800, np.int16))
        assert audio.decoded() == ["4800 samples"]


class Queue:
    """A worker that runs nothing until told: decodes wait in line."""

    def __init__(self):
        self.waiting = []

    def submit(self, fn, *args):
        future = Future()
        self.waiting.append((future, fn, args))
        return future

    def run(self, index):
        future, fn, args = self.waiting[index]
        if not future.done() and future.set_running_or_notify_cancel():
            future.set_result(fn(*args))

    def run_all(self):
        for index in range(len(self.waiting)):
            self.run(index)


def test_a_decode_still_waiting_when_the_next_pause_begins_is_dropped():
    decode, queue = Decoder(), Queue()
    audio = PauseDecoding(decode, queue)
    audio.accept(np.ones(4800, np.int16))  # "Art,"
    audio.pause_began()
    audio.speech_resumed()
    audio.accept(np.ones(4800, np.int16))  # "two spaces clockwise,"
    audio.pause_began()
    audio.speech_resumed()
    audio.accept(np.ones(4800, np.int16))  # "then one towards the hub"
    audio.pause_began()
    queue.run_all()
    assert decode.lengths == [14400]  # only the whole utterance was decoded
    assert audio.decoded() == ["14400 samples"]


def test_the_rulings_own_decoding_begins_beside_the_first_not_after_it():
    first, wider, queue = Decoder(), Decoder(), Queue()
    ruled_on = []

    def rule(samples, heard, wider_heard, whole):
        ruled_on.append(heard)
        return wider_heard()

    audio = PauseDecoding(first, queue, Ruling(wider, rule))
    audio.accept(np.ones(4800, np.int16))
    audio.pause_began()
    assert len(queue.waiting) == 3  # the first decoding, the wider one, the ruling's readings
    queue.run(1)  # a second worker runs the wider one while the first has not finished
    assert wider.lengths == [4800] and first.lengths == []
    queue.run_all()
    assert audio.ruled() == ["4800 samples"] and ruled_on == [["4800 samples"]]


def test_a_later_decode_a_free_worker_began_is_not_made_again():
    decode, queue = Decoder(), Queue()
    named = Beside(lambda: decode(np.ones(4800, np.int16)), queue)
    queue.run(0)  # the other worker, free, began it beside the first decode
    assert named.result() == ["4800 samples"]
    assert decode.lengths == [4800]


def test_a_later_decode_no_worker_has_begun_is_made_here_not_waited_for():
    # the caller may hold one worker while the other waits for it
    decode, queue = Decoder(), Queue()
    again = Beside(lambda: decode(np.ones(4800, np.int16)), queue)
    assert again.result() == ["4800 samples"]
    assert queue.waiting[0][0].cancelled()  # taken back: no worker makes it a second time
    queue.run_all()
    assert decode.lengths == [4800]


def test_a_later_decode_not_needed_is_let_go():
    decode, queue = Decoder(), Queue()
    again = Beside(lambda: decode(np.ones(4800, np.int16)), queue)
    again.drop()  # the first decode was a phrase on the card
    queue.run_all()
    assert decode.lengths == []


def test_without_a_worker_a_later_decode_is_made_only_when_asked():
    decode = Decoder()
    again = Beside(lambda: decode(np.ones(4800, np.int16)))
    assert decode.lengths == []
    again.drop()
    assert decode.lengths == []
    assert again.result() == ["4800 samples"]


class PauseStream:
    """A stream that notes, in samples heard, when it was told of pauses."""

    def __init__(self):
        self.received, self.told = 0, []

    def accept(self, samples):
        self.received += len(samples)

    def pause_began(self):
        self.told.append(("pause", self.received))

    def speech_resumed(self):
        self.told.append(("speech", self.received))

    def hesitated(self):
        self.told.append(("hesitated", self.received))

    def finish(self):
        return Recognition((Hypothesis("said", 1.0),), engine="fake", mode="free")


class Recognizer:
    sample_rate = 16000

    def __init__(self):
        self.last = PauseStream()

    def stream(self, expectation):
        return self.last


class Loudness:
    """A VAD that hears any sample above zero as speech."""

    def is_speech(self, frame):
        return bool(np.any(frame > 0))


def told_as_a_command(said, stream, vad) -> list:
    """What the listening loop told `stream` while hearing `said` as a command."""
    recognizer = Recognizer()
    recognizer.last = stream
    listen_turn(
        RecordingSource(said, 16000),
        recognizer,
        Expectation.free(),
        EndpointPolicy.command(end_silence=0.5),
        vad=vad,
    )
    return stream.told


def test_the_listening_loop_tells_the_stream_when_pauses_begin_and_end():
    frame = 480  # 30 ms
    speech, pause = np.ones(10 * frame, np.int16), np.zeros(10 * frame, np.int16)
    said = np.concatenate([pause, speech, pause, speech])  # "um ... Canberra"
    assert told_as_a_command(said, PauseStream(), Loudness()) == [
        ("speech", 10 * frame + frame),  # the first speech frame
        ("pause", 20 * frame + frame),
        ("speech", 30 * frame + frame),
        ("pause", 40 * frame + frame),  # the last pause, which ends the turn
    ]


class Hesitant:
    """A turn end that hears every pause's words as a hesitation ("um")."""

    def classify(self, partial, guess=None, others=(), earlier=None, wider=None, **recognizer):
        return Tier.HESITATION


def test_the_stream_is_told_that_the_words_before_a_pause_were_a_hesitation():
    frame = 480
    speech, pause = np.ones(10 * frame, np.int16), np.zeros(20 * frame, np.int16)
    recognizer = Recognizer()
    recognizer.last.partial = lambda: "um"
    listen_turn(
        RecordingSource(np.concatenate([speech, pause, speech]), 16000),
        recognizer,
        Expectation.free(),
        EndpointPolicy.command(end_silence=1.0).with_early_end(0.15, 1.0),
        turn_end=Hesitant(),
        vad=Loudness(),
    )
    told = recognizer.last.told
    assert told[:4] == [
        ("speech", frame),
        ("pause", 10 * frame + frame),
        ("hesitated", 30 * frame + frame),  # as the player goes on, not before
        ("speech", 30 * frame + frame),
    ]


class HesitantThenWhole:
    """ "um" at the first pause, "um canberra" at the next: whole."""

    def classify(self, partial, guess=None, others=(), earlier=None, wider=None, **recognizer):
        return Tier.COMPLETE if partial == "um canberra" else Tier.HESITATION


def test_the_utterance_notes_each_pause_its_words_and_how_long_the_player_paused():
    frame = 480  # 30 ms
    speech, pause = np.ones(10 * frame, np.int16), np.zeros(40 * frame, np.int16)
    said = np.concatenate([speech, pause, speech, pause])  # "um ... Canberra"
    recognizer = Recognizer()
    partials = iter(["um", "um canberra"])
    recognizer.last.partial = lambda: next(partials)
    heard = listen_turn(
        RecordingSource(said, 16000),
        recognizer,
        Expectation.free(),
        EndpointPolicy.answer(end_silence=2.0).with_early_end(0.3, 1.8),
        turn_end=HesitantThenWhole(),
        vad=Loudness(),
    )
    rounded = [None if n.lasted is None else round(n.lasted, 2) for n in heard.pauses]
    notes = [
        (round(n.began_at, 2), n.tier, n.words, lasted) for n, lasted in zip(heard.pauses, rounded)
    ]
    assert notes == [
        (0.3, Tier.HESITATION, "um", 1.2),  # the player thought for 1.2 s and went on
        (1.8, Tier.COMPLETE, "um canberra", None),  # the turn ended in this one
    ]
    assert round(heard.listened_seconds, 2) == 2.1


def test_the_end_of_turn_is_told_the_recognizers_other_readings():
    from host.speech.turn_end import TurnEnd, closed_list_test

    frame = 480
    said = np.concatenate([np.ones(10 * frame, np.int16), np.zeros(80 * frame, np.int16)])
    ends = {}
    for others in ((), ("lizard",)):  # "Lizard" written "l", and read also "lizard"
        recognizer = Recognizer()
        recognizer.last.partial = lambda: "l"
        recognizer.last.other_readings = lambda others=others: others
        heard = listen_turn(
            RecordingSource(said, 16000),
            recognizer,
            Expectation.answer(["Lizard"]),
            EndpointPolicy.answer(end_silence=2.0).with_early_end(0.3, 1.2),
            turn_end=TurnEnd(closed_list_test(["Lizard"]), ("Lizard",)),
            vad=Loudness(),
        )
        ends[others] = (heard.pause_tier, round(heard.listened_seconds - 0.3, 2))
    assert ends == {(): (Tier.HESITATION, 2.01), ("lizard",): (Tier.COMPLETE, 0.3)}


class LateVad:
    """Calls speech for four frames after the samples go quiet, as Silero lags."""

    def __init__(self):
        self.left = 0

    def is_speech(self, frame):
        if np.any(frame > 100):
            self.left = 4
            return True
        self.left -= 1
        return self.left >= 0


class EarlyPauseStream(PauseStream):
    pause_at_voice_end = True  # as a closed list's Whisper check


def test_a_closed_lists_check_begins_as_the_voice_falls_quiet_not_when_the_vad_lets_go():
    frame = 480  # 30 ms
    speech, quiet = np.full(10 * frame, 8000, np.int16), np.zeros(20 * frame, np.int16)
    said = np.concatenate([quiet[: 5 * frame], speech, quiet])
    told = {}
    for stream in (PauseStream(), EarlyPauseStream()):
        events = told_as_a_command(said, stream, LateVad())
        told[type(stream).__name__] = [at // frame for what, at in events if what == "pause"]
    # the voice stops after 15 frames and the VAD lets go after 20; the early
    # stream is told after three quiet frames (VOICE_QUIET, 0.09 s): 18
    assert told == {"PauseStream": [20], "EarlyPauseStream": [18]}


class Discardable(PauseStream):
    """A stream that notes whether it was finished or let go unheard."""

    def finish(self):
        self.told.append(("finished", self.received))
        return super().finish()

    def discard(self):
        self.told.append(("let go", self.received))


def test_when_nobody_speaks_the_noise_is_not_decoded_only_let_go():
    room = np.zeros(16000, np.int16)
    told = told_as_a_command(room, Discardable(), Loudness())
    assert [what for what, _ in told] == ["let go"]  # the host says at once it heard nothing


def test_when_a_player_spoke_the_stream_is_finished():
    frame = 480
    said = np.concatenate([np.zeros(10 * frame, np.int16), np.ones(10 * frame, np.int16)])
    told = told_as_a_command(said, Discardable(), Loudness())
    assert [what for what, _ in told][-1] == "finished"
