"""Where a Vosk model is looked for, in order:
the path in config.yaml, the user's models folder (where `models download`
puts them: ~/.local/share/trivia-host/models on Linux), $VOSK_MODEL_PATH,
then ~/.cache/vosk. A folder counts as a model when it has am/final.mdl and
conf/model.conf; within a folder of models, ones for the wanted language
are preferred (small first, which support runtime grammars).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

# Per user, not beside the code: an installed package's folder is no place for downloads.
MODELS_DIR = Path(platformdirs.user_data_dir("trivia-host")) / "models"


def is_vosk_model(path: Path) -> bool:
    return (path / "am" / "final.mdl").is_file() and (path / "conf" / "model.conf").is_file()


def _models_in(folder: Path, language: str) -> list[Path]:
    if not folder.is_dir():
        return []
    if is_vosk_model(folder):
        return [folder]
    found = [p for p in sorted(folder.iterdir()) if p.is_dir() and is_vosk_model(p)]
    tag = f"-{language.lower()}"
    wanted = [p for p in found if tag in p.name.lower()]
    # small models first: they accept runtime grammars
    return sorted(wanted, key=lambda p: ("small" not in p.name, p.name))


def search_folders(
    configured: str | os.PathLike | None = None,
    models_dir: Path = MODELS_DIR,
    env: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> list[Path]:
    variables: Mapping[str, str] = os.environ if env is None else env
    home = Path.home() if home is None else home
    folders = [Path(configured).expanduser()] if configured else []
    folders.append(models_dir)
    if variables.get("VOSK_MODEL_PATH"):
        folders.append(Path(variables["VOSK_MODEL_PATH"]).expanduser())
    folders.append(home / ".cache" / "vosk")
    return folders


def find_vosk_model(
    configured: str | os.PathLike | None = None,
    language: str = "en-us",
    models_dir: Path = MODELS_DIR,
    env: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> Path | None:
    """The first model found, or None. A configured path must be a model itself."""
    if configured:
        path = Path(configured).expanduser()
        if is_vosk_model(path):
            return path
    for folder in search_folders(None, models_dir, env, home):
        models = _models_in(folder, language)
        if models:
            return models[0]
    return None
