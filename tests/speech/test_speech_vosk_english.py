"""The English Vosk model, when one is installed (it cannot be downloaded here)."""

import pytest

from host.speech.model_paths import find_vosk_model
from host.speech.recognition import Expectation, recognize

MODEL = find_vosk_model(language="en-us")
pytestmark = pytest.mark.skipif(
    MODEL is None or "small-en-us" not in MODEL.name,
    reason="no vosk-model-small-en-us-* model installed (trivia-host models download "
    "vosk-model-small-en-us-0.15 needs internet)",
)


@pytest.fixture(scope="module")
def vosk_english():
    from host.speech.vosk_engine import VoskRecognizer

    return VoskRecognizer(MODEL)


def test_commands_through_a_grammar(vosk_english, flite_speech):
    commands = ["roll the dice", "repeat the question", "yes", "no", "pass"]
    for voice in ("awb", "slt"):
        for command in ("roll the dice", "repeat the question"):
            result = recognize(
                vosk_english, flite_speech(command, voice).samples, Expectation.closed(commands)
            )
            assert result.text == command


def test_an_answer_in_free_speech(vosk_english, flite_speech):
    result = recognize(
        vosk_english,
        flite_speech("the Pacific Ocean", "slt").samples,
        Expectation.answer(["Pacific Ocean", "Atlantic Ocean"]),
    )
    assert result.text == "the pacific ocean"


def test_a_wrong_answer_is_not_forced(vosk_english, flite_speech):
    result = recognize(
        vosk_english,
        flite_speech("Iceland", "slt").samples,
        Expectation.answer(["Ireland", "Eire"]),
    )
    assert result.text != "ireland"
