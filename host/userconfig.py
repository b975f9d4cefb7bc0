"""Which config file is read: --config, else the user's own file in the
platform's config folder (~/.config/trivia-host/config.yaml on Linux), else
the commented default shipped in the package. `trivia-host config --init`
writes that default into the user's folder to be edited there."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from host.errors import UserError
from host.files import write_atomically
from host.resources import shipped_config_file

APP_NAME = "trivia-host"
CONFIG_NAME = "config.yaml"


def user_config_file() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME)) / CONFIG_NAME


def config_file(explicit: str | Path | None = None) -> Path:
    """The config to read: the one named, else the user's, else the shipped default."""
    if explicit:
        return Path(explicit).expanduser()
    user = user_config_file()
    return user if user.is_file() else shipped_config_file()


def init_user_config(target: Path | None = None) -> Path:
    """Write the commented default config to the user's config folder; never
    overwrites (the user's settings are theirs). Returns where it was written."""
    target = target or user_config_file()
    if target.exists():
        raise UserError(
            f"{target} already exists; edit it, or delete it and run "
            "`trivia-host config --init` again for a fresh default"
        )
    text = shipped_config_file().read_text(encoding="utf-8")
    try:
        write_atomically(target, text)
    except OSError as exc:
        raise UserError(f"cannot write {target}: {exc.strerror or exc}") from None
    return target
