"""`trivia-host doctor` and `trivia-host config`: the installed host looking
after itself (can a voice game start here; where the settings live)."""

from __future__ import annotations


def register(subparsers) -> None:
    doctor = subparsers.add_parser(
        "doctor",
        help="check microphone, speaker, speech engines, decks and save folder",
        description=(
            "Check everything a game by voice needs, one line each: ok, or what is "
            "wrong and the command that fixes it. Exit status 0 when a voice game can start."
        ),
    )
    doctor.add_argument("--config", help="a config file instead of the usual one")
    doctor.add_argument("--save-dir", help="the save folder to check (default: the config's)")
    doctor.set_defaults(func=run_doctor)

    config = subparsers.add_parser(
        "config",
        help="where the settings are read from; --init writes your own config file",
        description=(
            "Settings are read from --config FILE, else your own config file, else the "
            "defaults shipped with the host."
        ),
    )
    config.add_argument(
        "--init",
        action="store_true",
        help="write the commented default config to your config folder, to edit there",
    )
    config.set_defaults(func=run_config)


def run_doctor(args) -> int:
    from host.config import read_config
    from host.doctor import all_checks, voice_can_start
    from host.speech.settings import SpeechSettings
    from host.table.settings import apply_arguments, settings_from_config

    config = read_config(args.config)
    settings = apply_arguments(settings_from_config(config), args)
    speech = SpeechSettings.from_mapping(config.get("speech"))
    findings = all_checks(settings, speech)
    for finding in findings:
        print(finding.line(), flush=True)
    if voice_can_start(findings):
        print("A game by voice can start: trivia-host play")
        return 0
    print(
        "A game by voice cannot start yet (fix the FAIL lines); by keyboard: trivia-host play --text"
    )
    return 1


def run_config(args) -> int:
    from host.userconfig import config_file, init_user_config, user_config_file

    if args.init:
        written = init_user_config()
        print(f"Wrote the default config to {written}; edit it there.")
        return 0
    print(f"Settings are read from {config_file()}")
    print(f"Your own config file: {user_config_file()} (`trivia-host config --init` writes it)")
    return 0
