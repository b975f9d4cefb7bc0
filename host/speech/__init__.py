"""Speech in and out: synthesizers, recognizers, audio devices, turn-taking.

The voice loop needs only what is exported here. Engines are imported
lazily by their factories, so importing this package is cheap.
"""

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

__all__ = [
    "Audio",
    "AudioDeviceError",
    "BadAudioError",
    "EndpointPolicy",
    "Endpointer",
    "EnergyVad",
    "Expectation",
    "FakeMicrophone",
    "FakeSpeaker",
    "FakeSynthesizer",
    "Hypothesis",
    "ListenOutcome",
    "MicGate",
    "Microphone",
    "PocketSphinxRecognizer",
    "Recognition",
    "Speaker",
    "SpeechSettings",
    "SynthesisError",
    "Utterance",
    "VoskRecognizer",
    "Word",
    "find_vosk_model",
    "list_devices",
    "listen",
    "load_speech_settings",
    "make_recognizer",
    "make_synthesizer",
    "make_vad",
    "read_wav",
    "recognize",
    "speak",
    "synthesize_clauses",
    "transcribe_wav",
    "write_wav",
]
