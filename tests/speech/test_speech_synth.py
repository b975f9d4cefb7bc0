"""Text to samples: pyttsx3 through files on its own thread, and the programs."""

import shutil
import threading
import wave

import numpy as np
import pytest

from host.speech import synth
from host.speech.engines import make_synthesizer
from host.speech.synth import (
    CommandLineSynthesizer,
    LastTickSkipped,
    Pyttsx3Synthesizer,
    SynthesisError,
    clauses,
    wait_for_wav,
)

QUESTION = "Which river flows through Cairo on its way north to the Mediterranean Sea?"

needs_espeak = pytest.mark.skipif(
    not shutil.which("espeak-ng"), reason="espeak-ng is not installed"
)


def loud(audio):
    return np.abs(audio.samples.astype(np.int32)).max() > 1000


@pytest.fixture(scope="module")
def pyttsx3_voice():
    try:
        synthesizer = Pyttsx3Synthesizer(voice="en-us", rate=175)
    except SynthesisError as exc:
        pytest.skip(f"pyttsx3 cannot start here: {exc}")
    yield synthesizer
    synthesizer.close()


def test_pyttsx3_reads_a_question_into_samples(pyttsx3_voice):
    audio = pyttsx3_voice.synthesize(QUESTION)
    assert audio.rate == 22050 and audio.samples.dtype == np.int16
    assert 3.0 < audio.seconds < 8.0 and loud(audio)


def test_a_longer_text_gives_longer_audio(pyttsx3_voice):
    short = pyttsx3_voice.synthesize("Roll the die.")
    long = pyttsx3_voice.synthesize(QUESTION)
    assert long.seconds > 2 * short.seconds


def test_pyttsx3s_wait_for_an_utterance_ends_with_it(pyttsx3_voice):
    import sys

    # its loop slept 10 ms a turn: "Six:" took 11 ms, made in 1-2
    assert isinstance(sys.modules["pyttsx3.drivers.espeak"].time, LastTickSkipped)
    assert loud(pyttsx3_voice.synthesize("Six:"))


class Clock:
    def __init__(self):
        self.now, self.slept = 0.0, []

    def monotonic(self):
        return self.now

    def sleep(self, seconds):
        self.slept.append(seconds)
        self.now += seconds


def test_the_loops_tick_ends_as_soon_as_the_utterance_is_made():
    clock, looping = Clock(), iter([True, True, False])
    LastTickSkipped(clock, lambda: next(looping)).sleep(0.01)
    assert clock.slept == [0.001, 0.001]


def test_while_espeak_ng_works_the_loop_sleeps_its_whole_tick_in_steps():
    clock = Clock()
    LastTickSkipped(clock, lambda: True).sleep(0.01)
    assert sum(clock.slept) == pytest.approx(0.01) and max(clock.slept) <= 0.001


def test_two_threads_share_one_engine_without_hanging(pyttsx3_voice):
    results = {}

    def ask(name, text):
        results[name] = pyttsx3_voice.synthesize(text)

    threads = [
        threading.Thread(target=ask, args=(n, t))
        for n, t in (("a", "Blue moves four spaces."), ("b", "Green, it is your turn."))
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert sorted(results) == ["a", "b"] and all(loud(a) for a in results.values())


def test_an_unknown_voice_is_named():
    with pytest.raises(SynthesisError, match="no pyttsx3 voice called 'no-such-voice'"):
        Pyttsx3Synthesizer(voice="no-such-voice")


def test_voices_by_name_or_short_id(pyttsx3_voice):
    british = Pyttsx3Synthesizer(voice="English (Received Pronunciation)")
    assert british.voice_id == "gmw/en-gb-x-rp"
    assert Pyttsx3Synthesizer(voice="en-gb-x-rp").voice_id == "gmw/en-gb-x-rp"
    assert loud(british.synthesize("Pink, for the game."))


def test_waiting_for_a_file_that_never_completes_gives_up(tmp_path):
    path = tmp_path / "half.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(22050)
        w.writeframes(b"\0\0" * 1000)
    path.write_bytes(path.read_bytes()[:500])  # the header promises more than is there
    with pytest.raises(SynthesisError, match="no complete audio file"):
        wait_for_wav(path, timeout=0.05)


@needs_espeak
def test_espeak_ng_program():
    audio = CommandLineSynthesizer("espeak-ng", voice="en-us", rate=160, volume=0.8).synthesize(
        QUESTION
    )
    assert audio.seconds > 3.0 and loud(audio)


def test_flite_program():
    if not shutil.which("flite"):
        pytest.skip("flite is not installed")
    audio = CommandLineSynthesizer("flite", voice="slt").synthesize("-5 is a negative number")
    assert audio.rate == 16000 and audio.seconds > 1.0 and loud(audio)


def test_flite_lists_only_the_voices_that_say_any_text():
    """flite's awb_time says clock times and nothing else: as the host's or a
    player's voice it would be silent."""
    if not shutil.which("flite"):
        pytest.skip("flite is not installed")
    listed = [name for name, _ in synth.program_voices("flite")]
    assert "slt" in listed and "awb_time" not in listed
    assert not loud(CommandLineSynthesizer("flite", voice="awb_time").synthesize("Canberra"))
    assert not synth.says_any_text("awb_time") and synth.says_any_text("kal")


@needs_espeak
def test_a_program_failure_is_reported():
    with pytest.raises(SynthesisError, match="espeak-ng failed"):
        CommandLineSynthesizer("espeak-ng", voice="nosuchvoice").synthesize("hello")


@needs_espeak
def test_when_pyttsx3_cannot_start_espeak_ng_takes_over(monkeypatch):
    def broken(**kwargs):
        raise SynthesisError("pyttsx3 cannot start: no driver")

    monkeypatch.setattr(synth, "Pyttsx3Synthesizer", broken)
    notices = []
    synthesizer = make_synthesizer("pyttsx3", notice=notices.append)
    assert synthesizer.name == "espeak-ng"
    assert notices == ["Speech: pyttsx3 cannot start: no driver; using espeak-ng instead."]


def test_clauses_are_long_enough_to_sound_natural():
    assert clauses("Red, for a wedge: what is the capital of Australia?") == [
        "Red, for a wedge:",
        "what is the capital of Australia?",
    ]
    assert clauses("Right, roll again.") == ["Right, roll again."]
    # a short first sentence alone: the reply starts once it is made
    assert clauses("History. Who painted the ceiling of the Sistine Chapel?") == [
        "History.",
        "Who painted the ceiling of the Sistine Chapel?",
    ]
    assert clauses("Art: which American photographer took Migrant Mother?") == [
        "Art:",
        "which American photographer took Migrant Mother?",
    ]
    # however short the rest: the opening is often made already ("Four:", "Right.")
    assert clauses("Ann: Geography wedge (1).") == ["Ann:", "Geography wedge (1)."]
    assert clauses("Four: Geography; 5 more?") == ["Four:", "Geography; 5 more?"]
    assert clauses("Yes. Roll again.") == ["Yes.", "Roll again."]
    assert clauses("In 1969, which astronaut, famously, walked on the Moon first?") == [
        "In 1969, which astronaut,",
        "famously, walked on the Moon first?",
    ]
