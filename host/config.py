"""config.yaml: where it is and how it is read. Each part of the host parses
its own sections (speech: host.speech.settings; game, house_rules, table:
host.table.settings) from the mapping read here."""

from __future__ import annotations

from pathlib import Path

import yaml

from host.errors import UserError
from host.userconfig import config_file
from host.yaml_text import load_yaml, yaml_problem


def read_config(path: str | Path | None) -> dict:
    """The whole config as a mapping: the file named, else the user's own, else
    the shipped default (looked up now, not at import, so tests and a new
    `config --init` are seen); {} when no default is there at all."""
    explicit = path
    path = config_file(path)
    if not path.exists():
        if not explicit:
            return {}
        raise UserError(f"{path}: no such config file")
    try:
        data = load_yaml(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise UserError(f"{path}: {yaml_problem(exc)}") from None
    except (OSError, UnicodeDecodeError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise UserError(f"{path}: not a readable config file: {first}") from None
    if not isinstance(data, dict):
        raise UserError(f"{path}: a config file is a mapping of sections (game, house_rules, ...)")
    return data
