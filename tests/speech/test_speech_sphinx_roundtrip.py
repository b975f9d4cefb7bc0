"""An English round trip with PocketSphinx: flite voices speak, the host listens.

Voices kal, awb, rms and slt stand in for four players. Commands use a
closed grammar; answers use free decoding guided by the card.
"""

import pytest

from host.speech.audio import write_wav
from host.speech.endpoint import EndpointPolicy, ListenOutcome
from host.speech.fakes import FakeMicrophone
from host.speech.recognition import Expectation, recognize
from host.speech.transcribe import transcribe_wav
from host.speech.turns import listen

FLITE_VOICES = ("kal", "awb", "rms", "slt")

COMMANDS = [
    "roll the dice",
    "repeat the question",
    "yes",
    "no",
    "skip",
    "pass",
    "red",
    "blue",
    "green",
    "yellow",
    "pink",
    "orange",
    "start the game",
    "undo",
    "help",
]
SPOKEN_COMMANDS = ["roll the dice", "repeat the question", "no", "pink", "start the game", "undo"]


@pytest.mark.parametrize("voice", FLITE_VOICES)
def test_every_player_can_give_commands(sphinx, flite_speech, voice):
    heard = [
        recognize(sphinx, flite_speech(command, voice).samples, Expectation.closed(COMMANDS)).text
        for command in SPOKEN_COMMANDS
    ]
    assert heard == SPOKEN_COMMANDS


def test_a_guess_without_the_lattice_pass_names_the_same_phrase(sphinx, flite_speech):
    # the card-guided guess beside Whisper takes the path the partials see
    for said in ("roll the dice", "start the game"):
        stream = sphinx.stream(Expectation.closed(COMMANDS))
        stream.accept(flite_speech(said, "slt").samples)
        assert stream.finish(lattice=False).text == said


@pytest.mark.parametrize("voice", FLITE_VOICES)
def test_right_answers_come_out_in_the_cards_words(sphinx, flite_speech, voice):
    card = Expectation.answer(["Pacific Ocean", "Pacific", "Atlantic Ocean"], ["pass"])
    result = recognize(sphinx, flite_speech("the Pacific Ocean", voice).samples, card)
    assert result.text == "the pacific ocean"
    assert any("confirmed by free decoding" in note for note in result.notes)


@pytest.mark.parametrize("voice", FLITE_VOICES)
def test_a_wrong_answer_is_never_turned_into_the_right_one(sphinx, flite_speech, voice):
    ireland = Expectation.answer(["Ireland", "Eire", "Republic of Ireland"])
    canberra = Expectation.answer(["Canberra"])
    assert recognize(sphinx, flite_speech("Iceland", voice).samples, ireland).text != "ireland"
    assert recognize(sphinx, flite_speech("Sydney", voice).samples, canberra).text != "canberra"


def test_a_player_answers_into_the_microphone(sphinx, flite_speech):
    microphone = FakeMicrophone(flite_speech("Australia", "awb"))
    heard = listen(
        microphone,
        sphinx,
        Expectation.answer(["Australia", "Austria"]),
        EndpointPolicy.answer(end_silence=0.8),
    )
    assert heard.outcome is ListenOutcome.ENDED
    assert heard.alternatives[0][0] == "australia"


def test_transcribe_wav_for_the_judge(flite_speech, tmp_path):
    wav = write_wav(tmp_path / "kal.wav", flite_speech("nineteen sixty nine", "rms"))
    alternatives = transcribe_wav(wav, expected="1969|1968", engine="pocketsphinx")
    assert alternatives[0][0] == "nineteen sixty nine"
    assert all(
        isinstance(text, str) and 0.0 <= confidence <= 1.0 for text, confidence in alternatives
    )
    assert len(alternatives) > 1


def test_a_stream_left_open_does_not_block_the_next_turn(sphinx, flite_speech):
    """A microphone that fails mid-utterance leaves its stream unfinished."""
    forgotten = sphinx.stream(Expectation.closed(COMMANDS))
    forgotten.accept(flite_speech("roll the", "slt").samples)
    result = recognize(
        sphinx, flite_speech("pass", "awb").samples, Expectation.closed(["pass", "yes"])
    )
    assert result.text == "pass"
    with pytest.raises(RuntimeError, match="already finished or taken over"):
        forgotten.finish()
