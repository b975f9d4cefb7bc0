"""Taking turns with fake hardware: the host talks, the mic is deaf, the player answers."""

import numpy as np

from host.speech.audio import Audio
from host.speech.duplex import MicGate
from host.speech.endpoint import EndpointPolicy, ListenOutcome
from host.speech.fakes import FakeMicrophone, FakeSpeaker, FakeSynthesizer
from host.speech.recognition import Expectation, Hypothesis, Recognition
from host.speech.turns import listen, speak


class ScriptedRecognizer:
    """Hears whatever it is told to; remembers how much audio it was fed."""

    name, sample_rate = "scripted", 16000

    def __init__(self, text):
        self.text, self.fed, self.expectations = text, 0, []

    def stream(self, expectation):
        self.expectations.append(expectation)
        recognizer = self

        class Stream:
            def accept(self, samples):
                recognizer.fed += len(samples)

            def finish(self):
                alts = (Hypothesis(recognizer.text, 0.9),) if recognizer.text else ()
                return Recognition(alts, "scripted", "free")

        return Stream()


def voice(seconds):
    return Audio((6000 * np.sin(np.arange(int(seconds * 16000)) / 2)).astype(np.int16), 16000)


def test_host_asks_and_player_answers():
    synthesizer, speaker = FakeSynthesizer(), FakeSpeaker()
    assert speak(synthesizer, speaker, "Red, for a wedge: what is the capital of Australia?")
    # clause by clause, so the first words play while the rest is made
    assert synthesizer.spoken == ["Red, for a wedge:", "what is the capital of Australia?"]

    microphone = FakeMicrophone(Audio.join([Audio.silence(0.4), voice(0.8), Audio.silence(2.0)]))
    recognizer = ScriptedRecognizer("canberra")
    heard = listen(
        microphone,
        recognizer,
        Expectation.answer(["Canberra", "Sydney"]),
        EndpointPolicy.answer(end_silence=1.2),
    )
    assert heard.outcome is ListenOutcome.ENDED
    assert heard.alternatives == [("canberra", 0.9)]
    assert recognizer.expectations[0].phrases == ("Canberra", "Sydney")
    assert 2.3 < heard.listened_seconds < 2.5  # 0.4 + 0.8 + 1.2 of silence, to the frame


def test_nobody_answers():
    heard = listen(
        FakeMicrophone(Audio.silence(0.1)),
        ScriptedRecognizer(""),
        Expectation.closed(["roll", "repeat"]),
        EndpointPolicy.command(no_speech_timeout=1.5),
    )
    assert heard.outcome is ListenOutcome.NO_SPEECH
    assert heard.recognition is None and heard.alternatives == []


def test_the_microphone_is_deaf_while_the_host_talks_and_for_the_tail():
    now = [100.0]
    gate = MicGate(tail_seconds=0.3)
    speaker = FakeSpeaker(gate=gate)
    gate.speaking_started()
    assert not gate.is_open(now[0])
    speaker.play(Audio.silence(0.2))  # the fake stamps the end with the real clock
    gate.speaking_stopped(now[0])
    assert not gate.is_open(now[0] + 0.29)
    assert gate.is_open(now[0] + 0.31)


def test_frames_heard_through_a_shut_gate_are_dropped():
    gate = MicGate(tail_seconds=0.0)
    gate.speaking_started()
    ticks = iter([0.0] * 20 + [1.0] * 10_000)  # host talks for the first 20 frames
    microphone = FakeMicrophone(Audio.join([voice(0.6), Audio.silence(3.0)]))
    recognizer = ScriptedRecognizer("")

    def clock():
        value = next(ticks)
        if value >= 1.0:
            gate.speaking_stopped(0.5)
        return value

    heard = listen(
        microphone,
        recognizer,
        Expectation.free(),
        EndpointPolicy.command(no_speech_timeout=1.0),
        gate=gate,
        clock=clock,
    )
    assert heard.outcome is ListenOutcome.NO_SPEECH  # the host's own 0.6 s were never heard
    assert recognizer.fed == int(1.0 / 0.03 + 1) * 480


def test_a_stopped_speaker_cuts_the_rest():
    speaker = FakeSpeaker()
    speaker.stop()
    assert not speak(
        FakeSynthesizer(), speaker, "First clause is long enough, second clause is too."
    )
    assert len(speaker.played) == 1


def test_the_fake_speaker_writes_what_it_played(tmp_path):
    from host.speech.audio import read_wav

    speaker = FakeSpeaker(rate=16000)
    speak(FakeSynthesizer(), speaker, "Roll the die.")
    speak(FakeSynthesizer(), speaker, "You rolled a four.")
    info = read_wav(speaker.write_wav(tmp_path / "host.wav"))
    assert len(info.audio.samples) == sum(len(a.samples) for a in speaker.played) == 0.7 * 16000
