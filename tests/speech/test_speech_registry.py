"""Engines by name: the registries, their availability sentences, and every
place that reads the names from them (settings, --engine, models list)."""

import re
from pathlib import Path

import pytest

from host.cli import main
from host.errors import EngineError, ModelError, UserError, plain_sentence
from host.speech.endpoint import EnergyVad
from host.speech.engines import (
    RECOGNIZERS,
    SETTINGS,
    SYNTHESIZERS,
    VADS,
    make_recognizer,
    make_synthesizer,
    make_vad,
)
from host.speech.registry import Engine, Registry, needs_module, needs_program, started
from host.speech.settings import SpeechSettings
from host.speech.silero_vad import SileroVad
from host.speech.vad_level import LevelledVad

CONFIG = Path(__file__).resolve().parents[2] / "config.yaml"


def never(settings):
    return None


def toy_registry(*engines, auto=True):
    return Registry("toy", engines, auto=auto)


def test_every_kind_has_its_engines_in_order_of_preference():
    assert RECOGNIZERS.names() == ("vosk", "whisper", "pocketsphinx")
    assert RECOGNIZERS.choices() == ("auto", "vosk", "whisper", "pocketsphinx")
    assert SYNTHESIZERS.names() == ("hibari", "pyttsx3", "espeak-ng", "flite", "piper")
    assert VADS.names() == ("silero", "webrtc", "energy")
    assert VADS.choices() == ("auto", "silero", "webrtc", "energy")


def test_an_unknown_name_lists_the_known_ones():
    with pytest.raises(
        UserError, match="unknown recognizer 'kaldi': use auto, vosk, whisper or pocketsphinx"
    ):
        make_recognizer(SpeechSettings(), engine="kaldi")
    with pytest.raises(
        UserError,
        match="unknown synthesizer 'festival': use auto, hibari, pyttsx3, espeak-ng, flite or piper",
    ):
        make_synthesizer("festival")


@pytest.mark.parametrize(
    "setting, value, message",
    [
        (
            "recognizer",
            "kaldi",
            "config speech.recognizer: 'kaldi' is not auto, vosk, whisper or pocketsphinx",
        ),
        (
            "synthesizer",
            "festival",
            "config speech.synthesizer: 'festival' is not auto, hibari, pyttsx3, espeak-ng, flite "
            "or piper",
        ),
        ("vad", "loudness", "config speech.vad: 'loudness' is not auto, silero, webrtc or energy"),
    ],
)
def test_settings_take_their_names_from_the_registries(setting, value, message):
    with pytest.raises(UserError, match=re.escape(message)):
        SpeechSettings.from_mapping({setting: value})
    for name in SETTINGS[setting].choices():
        assert getattr(SpeechSettings.from_mapping({setting: name}), setting) == name


def test_config_yaml_documents_exactly_the_registered_names():
    text = CONFIG.read_text(encoding="utf-8")
    for setting, registry in SETTINGS.items():
        label = {"vad": "Voice-activity detector"}.get(setting, setting.capitalize())
        documented = re.search(rf"# {label}[^:]*: (.+)\n", text)
        assert documented, f"config.yaml does not document speech.{setting}"
        assert tuple(documented.group(1).split(" | ")) == registry.choices()


def test_unavailable_engines_say_why_and_how_to_fix_it():
    settings = SpeechSettings()
    assert needs_module("no_such_module_xyz", "no-such-package")(settings) == (
        "the Python package no-such-package is not installed; "
        "install it with `pip install no-such-package`"
    )
    assert needs_program("no-such-program-xyz")(settings) == (
        "the no-such-program-xyz program is not installed; "
        "install it with `apt install no-such-program-xyz`"
    )
    missing = toy_registry(Engine("ghost", "", make=never, unavailable=needs_module("no_such_xyz")))
    with pytest.raises(ModelError, match=r"^the Python package no_such_xyz is not installed"):
        missing.usable("ghost", settings)


def test_vosk_without_a_model_says_how_to_get_one(monkeypatch):
    monkeypatch.setattr("host.speech.engines.find_vosk_model", lambda *a, **k: None)
    reason = RECOGNIZERS.get("vosk").unavailable(SpeechSettings())
    assert reason.startswith("no Vosk model found (looked in ")
    assert reason.endswith("run `trivia-host models download vosk-model-small-en-us-0.15`")


def test_auto_takes_the_first_available_and_says_what_it_passed_over():
    registry = toy_registry(
        Engine("best", "", make=never, unavailable=lambda s: "best needs a model; download it"),
        Engine("good", "", make=never, unavailable=never),
        Engine("other", "", make=never, unavailable=never),
    )
    notices = []
    assert registry.choose("auto", SpeechSettings(), notices.append).name == "good"
    assert notices == [
        "Speech: best cannot be used: best needs a model; download it. Using good instead."
    ]
    assert registry.choose("other", SpeechSettings(), notices.append).name == "other"
    assert len(notices) == 1  # a named engine is used without a notice


def test_auto_with_nothing_available_names_every_reason():
    registry = toy_registry(
        Engine("a", "", make=never, unavailable=lambda s: "a is missing"),
        Engine("b", "", make=never, unavailable=lambda s: "b is missing"),
    )
    with pytest.raises(
        ModelError, match=r"no toy can run here \(a: a is missing; b: b is missing\)"
    ):
        registry.choose("auto", SpeechSettings(), print)


def test_an_engines_own_failure_is_never_its_text():
    def kaldi():
        raise RuntimeError(
            "ERROR (VoskAPI:Model():model.cc:122) Folder 'x' does not contain model files"
        )

    with pytest.raises(
        EngineError, match=r"^the vosk engine cannot start \(ERROR \(VoskAPI"
    ) as caught:
        started("vosk", kaldi)
    assert plain_sentence(caught.value) == "the vosk engine cannot start"  # said aloud
    assert "VoskAPI" in plain_sentence(caught.value, spoken=False)  # on screen, to fix it


def test_the_voice_activity_detector_comes_from_the_registry():
    assert isinstance(make_vad(SpeechSettings(vad="energy")), EnergyVad)
    silero = make_vad(SpeechSettings(vad="silero"))  # with a second for a quiet voice
    assert isinstance(silero, LevelledVad) and isinstance(silero.vad, SileroVad)
    auto = make_vad(SpeechSettings(vad="auto"))  # the best installed first
    assert isinstance(auto, LevelledVad) and type(auto.vad) is SileroVad
    assert make_vad(SpeechSettings()) is not make_vad(SpeechSettings())  # it learns the room


def test_models_list_shows_every_registered_engine(capsys):
    assert main(["models", "list"]) == 0
    out = capsys.readouterr().out
    for setting, registry in SETTINGS.items():
        assert f"speech.{setting}:" in out
        for engine in registry:
            assert re.search(
                rf"^ [ *] {re.escape(engine.name)} +{re.escape(engine.about)}; ", out, re.M
            )
    assert out.count("*") == len(SETTINGS)  # the engine in use, once per kind


def test_the_engine_option_takes_its_choices_from_the_registry(capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_:
        main(["transcribe", str(tmp_path / "a.wav"), "--engine", "kaldi"])
    assert exit_.value.code == 2
    assert "(choose from 'auto', 'vosk', 'whisper', 'pocketsphinx')" in capsys.readouterr().err
