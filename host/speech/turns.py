"""Taking turns: speak (microphone muted), then listen until the player is done.

`speak` is the I/O edge for talking; listening is the one listening path in
listening.py (re-exported here), with its decisions in endpoint.py (when
speech ended), turn_end.py (whether the words so far are complete) and
duplex.py (when the microphone may hear).
"""

from __future__ import annotations

from host.speech.listening import Utterance, listen_turn
from host.speech.synth import synthesize_clauses

listen = listen_turn

__all__ = ["Utterance", "listen", "speak"]


def speak(synthesizer, speaker, text: str) -> bool:
    """Say `text` clause by clause; False if the speaker was stopped midway."""
    return all(speaker.play(audio) for audio in synthesize_clauses(synthesizer, text))
