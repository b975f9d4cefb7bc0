"""Sub-commands: `devices`, `transcribe FILE.wav`, `models download|list`."""

from __future__ import annotations

import json
import sys

from host.errors import UserError


def register(subparsers) -> None:
    devices = subparsers.add_parser("devices", help="list microphones and speakers")
    devices.set_defaults(func=run_devices)

    transcribe = subparsers.add_parser(
        "transcribe", help="recognize the speech in a WAV file and print JSON"
    )
    transcribe.add_argument("wav", metavar="FILE.wav")
    transcribe.add_argument(
        "--engine",
        choices=("vosk", "pocketsphinx"),
        help="recognizer (default: the config's, Vosk if a model is installed)",
    )
    transcribe.add_argument(
        "--expect", metavar='"a|b|c"', help="phrases the answer is expected to be (guides decoding)"
    )
    transcribe.add_argument(
        "--closed",
        action="store_true",
        help="only the --expect phrases may be said (commands, choices)",
    )
    transcribe.add_argument(
        "--config", help="config file (default: your own, else the shipped one)"
    )
    transcribe.set_defaults(func=run_transcribe)

    models = subparsers.add_parser("models", help="speech models: list or download")
    actions = models.add_subparsers(dest="models_action", metavar="ACTION")
    download = actions.add_parser(
        "download", help="fetch a Vosk model into the user's models folder"
    )
    download.add_argument(
        "name",
        nargs="?",
        default=None,
        metavar="NAME",
        help="model name, default vosk-model-small-en-us-0.15",
    )
    download.add_argument(
        "--url",
        help="base URL of the model site "
        "(default $TRIVIA_HOST_MODEL_URL or https://alphacephei.com/vosk/models)",
    )
    download.add_argument("--md5", help="expected MD5 of the zip, if the site's list lacks it")
    download.add_argument(
        "--dest", help="folder to install into (default: the user's models folder)"
    )
    download.set_defaults(func=run_models_download)
    listing = actions.add_parser("list", help="show which recognizer the host will use")
    listing.add_argument("--config", help="config file (default: your own, else the shipped one)")
    listing.set_defaults(func=run_models_list)
    models.set_defaults(func=lambda args: (models.print_help(), 0)[1])


def run_devices(args) -> int:
    from host.speech.devices import AudioDeviceError, list_devices

    try:
        devices = list_devices()
    except AudioDeviceError as exc:
        raise UserError(str(exc)) from None
    if not devices:
        print(
            "No audio devices found (no sound card?). The host can still be played "
            "from the keyboard."
        )
        return 1
    for d in devices:
        roles = [role for role, n in (("in", d.inputs), ("out", d.outputs)) if n]
        marks = [
            m
            for m, on in (("default input", d.default_input), ("default output", d.default_output))
            if on
        ]
        extra = f"  [{', '.join(marks)}]" if marks else ""
        print(f"{d.index:3d}  {d.name}  ({'/'.join(roles)}, {d.default_rate:.0f} Hz){extra}")
    return 0


def run_transcribe(args) -> int:
    from host.speech.settings import load_speech_settings
    from host.speech.transcribe import transcribe

    if args.closed and not args.expect:
        raise UserError("--closed needs --expect with the phrases that may be said")
    result = transcribe(
        args.wav, args.expect, args.engine, load_speech_settings(args.config), closed=args.closed
    )
    recognition = result.recognition
    report = {
        "alternatives": [
            {"text": a.text, "confidence": a.confidence} for a in recognition.alternatives
        ],
        "engine": recognition.engine,
        "mode": recognition.mode,
        "audio_seconds": round(result.audio_seconds, 3),
        "processing_seconds": round(result.processing_seconds, 3),
    }
    if recognition.dropped_phrases:
        report["dropped_phrases"] = list(recognition.dropped_phrases)
    notes = list(dict.fromkeys(result.notes))
    if notes:
        report["notes"] = notes
    json.dump(report, sys.stdout, ensure_ascii=False)
    print()
    return 0


def run_models_download(args) -> int:
    from pathlib import Path

    from host.speech.download import DEFAULT_MODEL, download_model
    from host.speech.model_paths import MODELS_DIR

    download_model(
        args.name or DEFAULT_MODEL,
        Path(args.dest) if args.dest else MODELS_DIR,
        base=args.url,
        md5=args.md5,
        progress=sys.stderr.isatty(),
    )
    return 0


def run_models_list(args) -> int:
    from host.speech.model_paths import find_vosk_model, search_folders
    from host.speech.settings import load_speech_settings

    settings = load_speech_settings(args.config)
    model = find_vosk_model(settings.vosk_model or None, settings.language)
    if model:
        print(f"Vosk model: {model}")
    else:
        folders = ", ".join(str(p) for p in search_folders(settings.vosk_model or None))
        print(f"No Vosk model (looked in {folders}).")
        print("PocketSphinx (English model inside its package) will be used.")
    return 0
