"""Taking turns: speak (microphone muted), then listen until the player is done.

These two functions are the I/O edge the voice loop calls; the decisions
inside them live in endpoint.py (when speech ended) and duplex.py (when the
microphone may hear).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from host.speech.duplex import MicGate
from host.speech.endpoint import Endpointer, EndpointPolicy, ListenOutcome, VoiceActivityDetector
from host.speech.recognition import Expectation, Recognition
from host.speech.synth import synthesize_clauses


@dataclass(frozen=True)
class Utterance:
    outcome: ListenOutcome  # ENDED, NO_SPEECH or TIME_UP
    recognition: Recognition | None  # None when nobody spoke
    listened_seconds: float

    @property
    def alternatives(self) -> list[tuple[str, float]]:
        return self.recognition.as_pairs() if self.recognition else []


def speak(synthesizer, speaker, text: str) -> bool:
    """Say `text` clause by clause; False if the speaker was stopped midway."""
    return all(speaker.play(audio) for audio in synthesize_clauses(synthesizer, text))


def listen(
    microphone,
    recognizer,
    expectation: Expectation,
    policy: EndpointPolicy,
    gate: MicGate | None = None,
    vad: VoiceActivityDetector | None = None,
    clock=time.monotonic,
) -> Utterance:
    """Stream microphone frames to the recognizer until the endpointer decides.

    Frames that arrive while the gate is shut (the host is talking, or its
    echo tail) are dropped unheard.
    """
    endpointer = Endpointer(policy, recognizer.sample_rate, vad)
    stream = recognizer.stream(expectation)
    outcome = ListenOutcome.LISTENING
    try:
        while outcome is ListenOutcome.LISTENING:
            frame = microphone.read()
            if gate is not None and not gate.is_open(clock()):
                continue
            stream.accept(frame)
            outcome = endpointer.feed(frame)
    except BaseException:
        stream.finish()  # a device that failed mid-utterance must not hold the decoder
        raise
    recognition = stream.finish()  # always: it frees the decoder for the next turn
    heard = recognition if endpointer.state.heard_speech else None
    return Utterance(outcome, heard, endpointer.state.elapsed)
