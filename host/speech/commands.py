"""Sub-commands: `devices`, `transcribe FILE.wav`, `models download|list`."""

from __future__ import annotations

import json
import sys

from host.errors import UserError
from host.speech.engines import RECOGNIZERS, SETTINGS


def register(subparsers) -> None:
    devices = subparsers.add_parser("devices", help="list microphones and speakers")
    devices.set_defaults(func=run_devices)

    transcribe = subparsers.add_parser(
        "transcribe", help="recognize the speech in a WAV file and print JSON"
    )
    transcribe.add_argument("wav", metavar="FILE.wav")
    transcribe.add_argument(
        "--engine",
        choices=RECOGNIZERS.choices(),
        help="recognizer (default: config.yaml; auto: the first available)",
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
    listing = actions.add_parser(
        "list", help="the speech engines: which can run here, and which the host will use"
    )
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
    """Every registered engine, whether it can run here (and if not, how to
    fix that); `*` marks the one the config makes the host use."""
    from host.errors import ModelError
    from host.speech.model_paths import find_vosk_model
    from host.speech.registry import AUTO
    from host.speech.settings import load_speech_settings

    settings = load_speech_settings(args.config)
    for setting, registry in SETTINGS.items():
        wanted = getattr(settings, setting)
        try:
            used = registry.choose(wanted, settings, notice=lambda message: None).name
        except ModelError:
            used = None
        choice = f"{wanted} -> {used or 'none can run'}" if wanted == AUTO else wanted
        print(f"{registry.kind.capitalize()}s (speech.{setting}: {choice}):")
        width = max(len(name) for name in registry.names())
        for engine in registry:
            reason = engine.unavailable(settings)
            state = "available" if reason is None else f"unavailable: {reason}"
            mark = "*" if engine.name == used else " "
            print(f" {mark} {engine.name:<{width}}  {engine.about}; {state}")
    model = find_vosk_model(settings.vosk_model or None, settings.language)
    if model is not None:
        print(f"Vosk model: {model}")
    return 0
