"""Sub-command `voices`: the host's voices installed here, and a sample of one
written to a WAV file (to hear a voice on a machine with no sound card)."""

from __future__ import annotations

from host.errors import UserError
from host.speech.engines import SYNTHESIZERS

SAMPLE_TEXT = (
    "Blue, for a wedge: which river flows through Paris? Take your time. That's right, the Seine!"
)


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "voices",
        help="list the host's voices, or write a sample of one (--sample FILE.wav)",
        description="Lists each synthesizer with the voices installed for it; with --sample, "
        "writes a short sample of one voice (default: config.yaml's) to a WAV file.",
    )
    parser.add_argument(
        "--sample", metavar="FILE.wav", help="write a sample of the chosen voice to this file"
    )
    parser.add_argument(
        "--engine",
        choices=SYNTHESIZERS.choices(),
        help="synthesizer for the sample (default: config.yaml's speech.synthesizer)",
    )
    parser.add_argument("--voice", help="voice for the sample (default: config.yaml's)")
    parser.add_argument("--rate", type=int, help="words per minute (default: config.yaml's)")
    parser.add_argument("--text", default=SAMPLE_TEXT, help="what the sample says")
    parser.add_argument(
        "--prepare",
        action="store_true",
        help="make the lines a game opens with in config.yaml's voice now (kept in the "
        "user's cache folder), so the first game starts talking at once",
    )
    parser.add_argument("--config", help="config file (default: config.yaml)")
    parser.set_defaults(func=run_voices)


def add_voice_options(parser, default: str = "config.yaml's speech.synthesizer") -> None:
    """--synthesizer and --voice, for the commands that speak (play, demo)."""
    parser.add_argument(
        "--synthesizer",
        choices=SYNTHESIZERS.choices(),
        help=f"the host's synthesizer (default: {default})",
    )
    parser.add_argument("--voice", help="its voice (`trivia-host voices` lists them)")


def with_voice_options(speech: dict | None, args) -> dict:
    """The config's speech section with --synthesizer and --voice applied."""
    chosen = {
        name: value
        for name in ("synthesizer", "voice")
        if (value := getattr(args, name, None)) is not None
    }
    return {**(speech or {}), **chosen}


def run_voices(args) -> int:
    from host.speech.settings import load_speech_settings

    if args.prepare:
        from host.table.openings import prepare_openings  # the narrator knows the lines

        return prepare_openings(args.config)
    settings = load_speech_settings(args.config)
    if args.sample:
        return write_sample(args, settings)
    for engine in SYNTHESIZERS:
        reason = engine.unavailable(settings)
        print(f"{engine.name}: {engine.about}")
        if reason is not None:
            print(f"  not available: {reason}")
            continue
        voices = engine.voices() if engine.voices else []
        for name, about in voices:
            print(f"  {name:18} {about}")
        if not voices:
            print("  (no voices found)")
    print(
        f"\nIn use: synthesizer {settings.synthesizer}, voice {settings.voice or 'its default'} "
        "(config.yaml speech.synthesizer, speech.voice). "
        "`trivia-host voices --sample FILE.wav --engine NAME --voice VOICE` writes a sample."
    )
    return 0


def write_sample(args, settings) -> int:
    from pathlib import Path

    from host.speech.audio import Audio, write_wav
    from host.speech.engines import make_synthesizer
    from host.speech.synth import synthesize_clauses

    if not args.text.strip():
        raise UserError("--text is empty: give the sample something to say")
    path = Path(args.sample)
    if path.suffix.lower() != ".wav":
        raise UserError(f"--sample {args.sample}: the file name must end in .wav")
    if not path.parent.is_dir():  # before synthesizing, and before wave leaves a half-open file
        raise UserError(f"--sample {args.sample}: there is no folder {path.parent}")
    engine = args.engine or settings.synthesizer
    voice = settings.voice if args.voice is None else args.voice
    synthesizer = make_synthesizer(engine, voice, args.rate or settings.rate, settings.volume)
    try:
        parts = list(synthesize_clauses(synthesizer, args.text))
        audio = Audio.join(parts, parts[0].rate)
    finally:
        synthesizer.close()
    try:
        write_wav(path, audio)
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None
    chosen = getattr(synthesizer, "voice", "") or voice or "default"
    print(f"Wrote {audio.seconds:.1f} s of {synthesizer.name} (voice {chosen}) to {path}.")
    return 0
