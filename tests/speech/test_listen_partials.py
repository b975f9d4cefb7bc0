"""Partial results: what each recognizer has heard so far, before the utterance ends."""

from host.speech.audio import Audio
from host.speech.recognition import Expectation

NO, YES = "아니요", "네"


def feed(stream, audio: Audio, chunk: int = 480) -> None:
    for start in range(0, len(audio.samples), chunk):
        stream.accept(audio.samples[start : start + chunk])


def test_vosk_says_what_it_heard_so_far(korean_vosk, korean_speech):
    stream = korean_vosk.stream(Expectation.closed([YES, NO]))
    assert stream.partial() == ""
    feed(stream, korean_speech(NO))
    assert stream.partial() == NO
    assert stream.finish().text == NO


def test_pocketsphinx_live_gives_partials_and_the_grammar_guess(flite_speech):
    from host.speech.sphinx_engine import PocketSphinxRecognizer

    stream = PocketSphinxRecognizer(adapt=True).stream(
        Expectation.answer(["Leonardo da Vinci"], ["pass"])
    )
    feed(stream, flite_speech("Leonardo", "slt"))
    assert stream.partial().startswith("leonardo")
    assert stream.guess() == "leonardo"  # half of the card's phrase
    stream.finish()


def test_pocketsphinx_on_files_cannot_tell_before_the_end(sphinx, flite_speech):
    stream = sphinx.stream(Expectation.free())  # adapt=False: decoded whole at the end
    feed(stream, flite_speech("yes"))
    assert stream.partial() is None
    stream.finish()
