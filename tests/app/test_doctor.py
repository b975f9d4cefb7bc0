"""`trivia-host doctor`: one line per part, the fix for what is wrong, and an
exit status that says whether a game by voice can start."""

from __future__ import annotations

import importlib.util
import re
import shutil
from collections import namedtuple
from pathlib import Path
from types import SimpleNamespace

import pytest

import host.cli
import host.speech.devices
from host import doctor
from host.errors import UserError
from host.speech.settings import SpeechSettings
from host.table.channels import ScriptedChannel
from host.table.setup import play
from host.userconfig import config_file

PARTS = ("microphone", "speaker", "recognizer", "synthesizer", "decks", "save folder")
DECK = Path(__file__).parents[1] / "table" / "fixtures" / "table_standard.yaml"
RUBY_DECK = DECK.with_name("table_ruby.yaml")
needs_espeak = pytest.mark.skipif(not shutil.which("espeak-ng"), reason="espeak-ng not installed")


class NoSoundCard:
    """sounddevice as PortAudio behaves on a machine without a sound card."""

    class PortAudioError(Exception):
        pass

    def _fail(self, *args, **kwargs):
        raise self.PortAudioError("Error querying device -1")

    RawInputStream = RawOutputStream = query_devices = _fail


class Opens:
    """A device that opens and closes."""

    def __init__(self, device):
        self.device = device

    def close(self):
        pass


@pytest.fixture
def config(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text(
        f"game:\n  decks: [{DECK}]\nspeech:\n  recognizer: pocketsphinx\n  synthesizer: espeak-ng\n",
        encoding="utf-8",
    )
    return path


def run_doctor(capsys, *args) -> tuple[int, dict[str, str]]:
    code = host.cli.main(["doctor", *args])
    out = capsys.readouterr().out
    lines = {
        part: line for line in out.splitlines() for part in PARTS if line.startswith(part + ":")
    }
    return code, lines


@needs_espeak
def test_no_sound_card_fails_the_devices_with_a_fix_and_exits_1(
    monkeypatch, capsys, config, tmp_path
):
    monkeypatch.setattr(host.speech.devices, "_sounddevice", lambda: NoSoundCard())
    code, lines = run_doctor(capsys, "--config", str(config), "--save-dir", str(tmp_path / "s"))
    assert code == 1
    assert set(lines) == set(PARTS)  # one line each
    for part in ("microphone", "speaker"):
        assert lines[part].startswith(f"{part}: FAIL — cannot open the default {part}")
        assert "Fix: plug one in and run `trivia-host devices`" in lines[part]
    assert lines["recognizer"].startswith("recognizer: ok — PocketSphinx")
    assert lines["synthesizer"] == "synthesizer: ok — espeak-ng with its default voice"
    assert lines["decks"] == "decks: ok — 1 deck file(s), 8 cards"
    assert lines["save folder"].startswith(f"save folder: ok — {tmp_path / 's'} is writable")


@needs_espeak
def test_everything_there_exits_0(monkeypatch, capsys, config, tmp_path):
    monkeypatch.setattr(doctor, "open_microphone", Opens)
    monkeypatch.setattr(doctor, "open_speaker", Opens)
    code, lines = run_doctor(capsys, "--config", str(config), "--save-dir", str(tmp_path))
    assert code == 0
    assert all(" ok — " in line for line in lines.values()), lines


def test_a_missing_portaudio_library_names_the_debian_package(monkeypatch):
    def no_portaudio(device):
        raise host.speech.devices.AudioDeviceError(
            "PortAudio is not available (libportaudio.so.2: cannot open); install libportaudio2"
        )

    finding = doctor.check_device("speaker", "", no_portaudio, "speech.output_device")
    assert finding.status == doctor.FAIL
    assert finding.fix == "sudo apt-get install libportaudio2"


def test_a_named_device_that_is_not_there_points_at_the_device_list(monkeypatch):
    monkeypatch.setattr(host.speech.devices, "_sounddevice", lambda: NoSoundCard())
    finding = doctor.check_device(
        "microphone", "USB", doctor.open_microphone, "speech.input_device"
    )
    assert finding.line().startswith("microphone: FAIL — cannot open the 'USB' microphone")
    assert finding.fix == "`trivia-host devices` lists them; set speech.input_device to one of them"


def test_a_missing_vosk_model_fails_with_the_download_command(monkeypatch, tmp_path):
    monkeypatch.setattr("host.speech.engines.find_vosk_model", lambda *args, **kwargs: None)
    speech = SpeechSettings(recognizer="vosk", vosk_model=str(tmp_path / "no-model"))
    finding = doctor.check_recognizer(speech)
    assert finding.status == doctor.FAIL
    assert "no Vosk model found" in finding.detail
    assert finding.fix == "trivia-host models download vosk-model-small-en-us-0.15"


def test_a_configured_model_that_is_not_one_is_a_warning_when_another_can_stand_in(
    monkeypatch, tmp_path
):
    monkeypatch.setattr("host.speech.engines.find_vosk_model", lambda *args, **kwargs: None)
    speech = SpeechSettings(recognizer="auto", vosk_model=str(tmp_path / "no-model"))
    finding = doctor.check_recognizer(speech)
    assert finding.status == doctor.WARNING
    assert re.search(r"is not a Vosk model; using (Whisper|PocketSphinx)", finding.detail)
    assert finding.fix.startswith("trivia-host models download vosk-model-small-en-us-0.15")
    assert doctor.voice_can_start([finding])


def test_a_missing_synthesizer_program_names_the_debian_package(monkeypatch):
    monkeypatch.setattr("host.speech.registry.shutil.which", lambda program: None)
    finding = doctor.check_synthesizer(SpeechSettings(synthesizer="flite"))
    assert finding.status == doctor.FAIL
    assert finding.detail == "the flite program is not installed"
    assert finding.fix == "apt install flite"


def test_an_unwritable_save_folder_fails_with_the_option_that_moves_it(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    finding = doctor.check_save_folder(a_file / "saves")  # even root cannot write here
    assert finding.status == doctor.FAIL
    assert finding.detail == f"cannot write to {a_file / 'saves'} (Not a directory)"
    assert finding.fix.startswith("trivia-host play --save-dir FOLDER")


def test_a_save_folder_without_room_is_a_warning(monkeypatch, tmp_path):
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(doctor.shutil, "disk_usage", lambda path: usage(10**9, 10**9, 5 * 2**20))
    finding = doctor.check_save_folder(tmp_path)
    assert finding.line().startswith(f"save folder: warning — only 5 MB free on {tmp_path}")


def test_broken_decks_fail_with_the_deck_check_command(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: Broken\nlanguage: en\nkind: standard\ncards: nope\n")
    finding = doctor.check_decks([str(broken)])
    assert finding.status == doctor.FAIL
    assert finding.fix == f"trivia-host deck check {broken}"
    missing = doctor.check_decks([str(tmp_path / "none.yaml")])
    assert missing.line() == (
        f"decks: FAIL — no deck file '{tmp_path / 'none.yaml'}'. Fix: trivia-host play --deck FILE"
    )


def play_args(save_dir) -> SimpleNamespace:
    return SimpleNamespace(
        edition="classic", mode=None, players="Ann,Ben", teams=None, text=True, resume=False,
        fresh=False, seed=7, dice=None, deck=[str(DECK), str(RUBY_DECK)], verbosity=None,
        config=None, save_dir=str(save_dir),
    )  # fmt: skip


def test_play_stops_cleanly_when_it_could_not_save(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    with pytest.raises(UserError) as stopped:
        play(play_args(a_file / "saves"), channel=ScriptedChannel([]))
    assert str(stopped.value) == (
        f"save folder: FAIL — cannot write to {a_file / 'saves'} (Not a directory). "
        f"Fix: trivia-host play --save-dir FOLDER (or table.save_dir in {config_file()})"
    )


def test_play_says_a_warning_and_goes_on_and_says_nothing_when_all_is_well(monkeypatch, tmp_path):
    fine = ScriptedChannel([])  # the input ends at the first prompt
    play(play_args(tmp_path / "fine"), channel=fine)
    assert fine.said and not any("save folder" in line for line in fine.said)

    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(doctor.shutil, "disk_usage", lambda path: usage(10**9, 10**9, 5 * 2**20))
    full = ScriptedChannel([])
    play(play_args(tmp_path / "full"), channel=full)
    assert full.said[0].startswith("save folder: warning — only 5 MB free")
    # the same game otherwise (the resume hint names each game's own save folder)
    assert [line.replace("/full", "/fine") for line in full.said[1:]] == fine.said


def test_a_recognizer_package_that_will_not_import_gives_the_pip_command(monkeypatch):
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        "host.speech.registry.importlib.util.find_spec",
        lambda name, *args: None if name == "vosk" else real_find_spec(name, *args),
    )
    finding = doctor.check_recognizer(SpeechSettings(recognizer="vosk"))
    assert finding.status == doctor.FAIL
    assert finding.detail == "the Python package vosk is not installed"
    assert finding.fix == "pip install vosk"
