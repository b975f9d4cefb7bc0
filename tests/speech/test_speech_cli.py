"""`trivia-host transcribe`, `devices` and `models list` as a user meets them."""

import json
import wave

import numpy as np
import pytest

from host.cli import main
from host.errors import UserError
from host.speech.audio import Audio, write_wav
from host.speech.model_paths import find_vosk_model, is_vosk_model, search_folders
from host.speech.settings import SpeechSettings, load_speech_settings


def run(capsys, *argv):
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_transcribe_prints_json(capsys, flite_speech, tmp_path):
    wav = write_wav(tmp_path / "answer.wav", flite_speech("Australia", "rms"))
    code, out, _ = run(
        capsys, "transcribe", str(wav), "--engine", "pocketsphinx", "--expect", "Australia|Austria"
    )
    report = json.loads(out)
    assert code == 0
    best = report["alternatives"][0]
    assert best["text"] == "australia" and 0.0 < best["confidence"] <= 1.0
    assert report["engine"] == "pocketsphinx" and report["mode"] == "guided"
    assert report["audio_seconds"] == pytest.approx(
        Audio.join([flite_speech("Australia", "rms")]).seconds, abs=0.01
    )
    assert report["processing_seconds"] > 0


def test_transcribe_a_closed_choice(capsys, flite_speech, tmp_path):
    wav = write_wav(tmp_path / "cmd.wav", flite_speech("repeat the question", "kal"))
    _code, out, _ = run(
        capsys,
        "transcribe",
        str(wav),
        "--engine",
        "pocketsphinx",
        "--closed",
        "--expect",
        "roll the dice|repeat the question|pass",
    )
    assert json.loads(out)["alternatives"][0]["text"] == "repeat the question"


def test_an_eight_kilohertz_stereo_file_is_converted_and_said(capsys, flite_speech, tmp_path):
    mono = flite_speech("pass", "slt").resampled(8000).samples
    path = tmp_path / "phone.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2), w.setsampwidth(2), w.setframerate(8000)
        w.writeframes(np.column_stack([mono, mono]).astype("<i2").tobytes())
    code, out, _ = run(capsys, "transcribe", str(path), "--engine", "pocketsphinx")
    assert code == 0
    assert json.loads(out)["notes"] == [
        "mixed 2 channels down to mono",
        "resampled from 8000 Hz to 16000 Hz",
    ]


def test_a_truncated_file_is_one_clear_line(capsys, tmp_path):
    path = write_wav(tmp_path / "cut.wav", Audio.silence(1.0))
    path.write_bytes(path.read_bytes()[:1000])
    code, out, err = run(capsys, "transcribe", str(path), "--engine", "pocketsphinx")
    assert code == 2 and out == ""
    assert err == (
        f"trivia-host: {path}: truncated WAV: the header promises 16000 frames, "
        "the file holds 478\n"
    )


def test_closed_needs_phrases(capsys, tmp_path):
    path = write_wav(tmp_path / "a.wav", Audio.silence(0.5))
    code, _, err = run(capsys, "transcribe", str(path), "--closed")
    assert code == 2 and "--closed needs --expect" in err


def test_asking_for_vosk_without_a_model(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr("host.speech.engines.find_vosk_model", lambda *a, **k: None)
    path = write_wav(tmp_path / "a.wav", Audio.silence(0.5))
    code, _, err = run(capsys, "transcribe", str(path), "--engine", "vosk")
    assert code == 2
    assert "no Vosk model found" in err and "models download vosk-model-small-en-us-0.15" in err


def test_auto_falls_back_to_the_next_recognizer_with_a_notice(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("host.speech.engines.find_vosk_model", lambda *a, **k: None)
    from host.speech.engines import RECOGNIZERS, make_recognizer

    notices = []
    recognizer = make_recognizer(SpeechSettings(), notice=notices.append)
    whisper_here = RECOGNIZERS.get("whisper").unavailable(SpeechSettings()) is None
    expected = "whisper" if whisper_here else "pocketsphinx"
    assert recognizer.name == expected
    assert notices[0].startswith("Speech: vosk cannot be used: no Vosk model found")
    assert notices[0].endswith(f"Using {expected} instead.")


def test_devices_without_a_sound_card(capsys):
    import sounddevice

    if len(sounddevice.query_devices()):
        pytest.skip("this machine has a sound card")
    code, out, _ = run(capsys, "devices")
    assert code == 1 and "No audio devices found" in out


def fake_model(folder):
    (folder / "am").mkdir(parents=True)
    (folder / "am" / "final.mdl").write_bytes(b"x")
    (folder / "conf").mkdir()
    (folder / "conf" / "model.conf").write_text("--beam=10\n")
    return folder


def test_model_search_order(tmp_path):
    configured = fake_model(tmp_path / "mine")
    project = tmp_path / "models"
    fake_model(project / "vosk-model-en-us-0.22-lgraph")
    small = fake_model(project / "vosk-model-small-en-us-0.15")
    fake_model(project / "vosk-model-small-ko-0.22")
    env_model = fake_model(tmp_path / "env" / "vosk-model-small-en-us-0.15")
    cached = fake_model(tmp_path / "home" / ".cache" / "vosk" / "vosk-model-small-en-us-0.15")
    env = {"VOSK_MODEL_PATH": str(tmp_path / "env")}
    home = tmp_path / "home"
    assert find_vosk_model(configured, models_dir=project, env=env, home=home) == configured
    assert find_vosk_model(None, models_dir=project, env=env, home=home) == small
    assert find_vosk_model(None, models_dir=tmp_path / "none", env=env, home=home) == env_model
    assert find_vosk_model(None, models_dir=tmp_path / "none", env={}, home=home) == cached
    assert find_vosk_model(None, language="de", models_dir=project, env={}, home=tmp_path) is None
    assert is_vosk_model(small) and not is_vosk_model(project)
    assert search_folders("x", project, env, home)[0].name == "x"


def test_speech_settings_from_the_config_file(tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text(
        "game: {edition: classic}\nspeech:\n  recognizer: pocketsphinx\n  rate: 150\n"
        "  answer_silence: 2\n"
    )
    settings = load_speech_settings(config)
    assert (settings.recognizer, settings.rate, settings.answer_silence) == (
        "pocketsphinx",
        150,
        2.0,
    )
    assert settings.answer_policy(time_limit=30).time_limit == 30
    assert settings.answer_policy(time_limit=0).time_limit is None
    assert settings.command_policy().end_silence == 0.5
    assert load_speech_settings().recognizer in ("auto", "vosk", "pocketsphinx")  # the shipped file


@pytest.mark.parametrize(
    "section, message",
    [
        ({"recogniser": "vosk"}, "unknown setting(s) recogniser"),
        ({"recognizer": "kaldi"}, "'kaldi' is not auto, vosk, whisper or pocketsphinx"),
        ({"rate": "fast"}, "speech.rate: 'fast' is not a valid int"),
        ({"answer_silence": -1}, "speech.answer_silence: -1.0 is below zero"),
    ],
)
def test_bad_speech_settings_are_named(section, message):
    with pytest.raises(UserError, match=message.replace("(", r"\(").replace(")", r"\)")):
        SpeechSettings.from_mapping(section)
