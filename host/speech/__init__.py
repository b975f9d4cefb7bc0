"""Speech in and out: synthesizers, recognizers, audio devices, turn-taking.

The voice loop needs only what is exported here. Each name is imported from
its module when first asked for (and engines by their factories), so
importing this package, or any module in it, imports none of the others:
the turn-taking and recognition modules cost about 60 ms (`python -X
importtime`) before the host's first word, which needs none of them.
"""

from typing import TYPE_CHECKING

from host.lazy_exports import lazy_exports

# module -> the names exported from it (TYPE_CHECKING below says the same to mypy)
_EXPORTS = {
    "audio": ("Audio", "BadAudioError", "read_wav", "write_wav"),
    "devices": ("AudioDeviceError", "Microphone", "Speaker", "list_devices"),
    "duplex": ("MicGate",),
    "endpoint": ("EndpointPolicy", "Endpointer", "EnergyVad", "ListenOutcome"),
    "engines": ("make_recognizer", "make_synthesizer", "make_vad"),
    "fakes": ("FakeMicrophone", "FakeSpeaker", "FakeSynthesizer"),
    "model_paths": ("find_vosk_model",),
    "recognition": ("Expectation", "Hypothesis", "Recognition", "Word", "recognize"),
    "settings": ("SpeechSettings", "load_speech_settings"),
    "sphinx_engine": ("PocketSphinxRecognizer",),
    "synth": ("SynthesisError", "synthesize_clauses"),
    "transcribe": ("transcribe_wav",),
    "turns": ("Utterance", "listen", "speak"),
    "vosk_engine": ("VoskRecognizer",),
}
__all__, __getattr__ = lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:  # the same names, for mypy
    from host.speech.audio import Audio, BadAudioError, read_wav, write_wav
    from host.speech.devices import AudioDeviceError, Microphone, Speaker, list_devices
    from host.speech.duplex import MicGate
    from host.speech.endpoint import Endpointer, EndpointPolicy, EnergyVad, ListenOutcome
    from host.speech.engines import make_recognizer, make_synthesizer, make_vad
    from host.speech.fakes import FakeMicrophone, FakeSpeaker, FakeSynthesizer
    from host.speech.model_paths import find_vosk_model
    from host.speech.recognition import Expectation, Hypothesis, Recognition, Word, recognize
    from host.speech.settings import SpeechSettings, load_speech_settings
    from host.speech.sphinx_engine import PocketSphinxRecognizer
    from host.speech.synth import SynthesisError, synthesize_clauses
    from host.speech.transcribe import transcribe_wav
    from host.speech.turns import Utterance, listen, speak
    from host.speech.vosk_engine import VoskRecognizer
