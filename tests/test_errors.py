"""One root for the host's errors, each kind also the fitting built-in; the
control-flow signals are not errors; the command line prints one line."""

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import host
from host.cli import main
from host.errors import (
    UNKNOWN_FAILURE,
    DataFileError,
    DeviceError,
    EngineError,
    HostError,
    ModelError,
    UserError,
    plain_sentence,
)
from host.signals import Signal

KINDS = [
    (UserError, ValueError),
    (DataFileError, ValueError),
    (DeviceError, OSError),
    (ModelError, LookupError),
    (EngineError, RuntimeError),
]


@pytest.mark.parametrize("kind, builtin", KINDS)
def test_each_kind_is_a_host_error_and_its_built_in(kind, builtin):
    error = kind("what went wrong")
    assert isinstance(error, HostError) and isinstance(error, builtin)
    assert str(error) == "what went wrong"


def _classes_defined_in_host():
    for module_info in pkgutil.walk_packages(host.__path__, "host."):
        if module_info.name == "host.__main__":  # it runs the command line
            continue
        module = importlib.import_module(module_info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, BaseException):
                yield cls


def test_every_exception_in_the_host_is_an_error_kind_or_a_signal():
    found = {cls.__name__: cls for cls in _classes_defined_in_host()}
    assert len(found) >= 20  # the walk really reached the sub-packages
    for name, cls in found.items():
        assert issubclass(cls, (HostError, Signal)), f"{name} derives from neither"
    expected = {
        "AudioDeviceError": DeviceError,
        "VoiceUnavailable": DeviceError,
        "BadAudioError": DataFileError,
        "DamagedSave": DataFileError,
        "ScriptError": DataFileError,
        "OutOfCards": DataFileError,
        "IllegalAction": UserError,
        "CannotUndo": UserError,
        "DownloadError": ModelError,
        "SynthesisError": EngineError,
    }
    for name, kind in expected.items():
        assert issubclass(found[name], kind), name


@pytest.mark.parametrize("name", ["PromptChanged", "QuitGame", "EndOfInput"])
def test_the_game_loops_signals_are_not_errors(name):
    cls = next(c for c in _classes_defined_in_host() if c.__name__ == name)
    assert issubclass(cls, Signal) and not issubclass(cls, Exception)
    try:
        raise cls()
    except Exception:  # an engine or device guard on the way
        pytest.fail("a signal was swallowed by `except Exception`")
    except Signal:
        pass


def test_no_import_fallback_hides_a_missing_module():
    hiding = re.compile(r"except \(?[\w, ]*(ImportError|ModuleNotFoundError)")
    for path in Path(host.__file__).parent.rglob("*.py"):
        assert not hiding.search(path.read_text(encoding="utf-8")), path


@pytest.mark.parametrize(
    "error, said",
    [
        (UserError("no player called 'Zed'"), "no player called 'Zed'"),
        (
            DeviceError("cannot open the default microphone", "PaErrorCode -9996"),
            "cannot open the default microphone",
        ),
        (EngineError("espeak-ng failed", "Error: voice 'xx' not found"), "espeak-ng failed"),
        (ModelError("no Vosk model found; run `trivia-host models download`"), None),
        (OSError(5, "Input/output error"), "the sound system failed"),
        (RuntimeError("ERROR (VoskAPI:Model():model.cc:122)"), UNKNOWN_FAILURE),
    ],
)
def test_failures_are_said_in_plain_sentences(error, said):
    """Our own message without the library's detail; another exception by its kind."""
    assert plain_sentence(error) == (said or str(error))


def test_on_screen_a_host_error_keeps_its_detail():
    error = DeviceError("cannot open the default microphone", detail="PaErrorCode -9996")
    assert isinstance(error, OSError) and error.message == "cannot open the default microphone"
    assert str(error) == "cannot open the default microphone (PaErrorCode -9996)"
    assert plain_sentence(error, spoken=False) == str(error)
    assert plain_sentence(RuntimeError("internal"), spoken=False) == UNKNOWN_FAILURE


@pytest.mark.parametrize("kind", [UserError, DataFileError, DeviceError, ModelError, EngineError])
def test_the_command_line_prints_one_line_and_exits_2(kind, monkeypatch, capsys):
    def fail(args):
        raise kind("the microphone is busy")

    monkeypatch.setattr("host.speech.commands.run_devices", fail)
    assert main(["devices"]) == 2
    captured = capsys.readouterr()
    assert captured.err == "trivia-host: the microphone is busy\n"
    assert captured.out == ""


def test_a_reader_that_stops_early_ends_the_command_quietly():
    # `trivia-host models list | head -1`: the reader is gone when the host writes
    import os
    import subprocess
    import sys

    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "host", "models", "list"],
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            cwd=Path(host.__file__).parent.parent,
            timeout=120,
        )
    finally:
        os.close(writer)
    assert "Traceback" not in done.stderr
    assert done.returncode == 0
