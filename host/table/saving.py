"""Nothing lost: the game is written after every step, atomically.

A temporary file beside the save is written, flushed to disk and renamed over
the save (os.replace), so a crash or a kill leaves the previous save or the
new one, never half of one. One current game per save folder; starting a new
game moves an unfinished one into `earlier/`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs

from host.errors import DataFileError
from host.files import free_name, write_atomically

SAVE_NAME = "game.json"
TRANSCRIPT_NAME = "game.transcript.jsonl"


class DamagedSave(DataFileError):
    """The save cannot be read; it has been set aside and the message says where."""


def default_save_dir() -> Path:
    return Path(platformdirs.user_data_dir("trivia-host")) / "saves"


class SaveStore:
    """The save folder: the current game, its transcript, earlier games."""

    def __init__(self, directory: Path | str | None = None):
        self.directory = Path(directory) if directory else default_save_dir()

    @property
    def save_path(self) -> Path:
        return self.directory / SAVE_NAME

    @property
    def transcript_path(self) -> Path:
        return self.directory / TRANSCRIPT_NAME

    def has_game(self) -> bool:
        return self.save_path.exists()

    def save(self, data: dict) -> None:
        write_atomically(self.save_path, json.dumps(data, separators=(",", ":")))

    def load(self) -> dict:
        """The saved game; DamagedSave (file set aside) if it cannot be read."""
        path = self.save_path
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or not {"meta", "state"} <= set(data):
                raise ValueError("not a saved game")
            if not isinstance(data["state"].get("prompt"), dict):
                raise ValueError("the game state has no prompt")
            return data
        except (OSError, UnicodeDecodeError, ValueError, AttributeError) as exc:
            aside = self._set_aside(path, ".damaged")
            raise DamagedSave(
                f"the saved game {path} is damaged ({exc}); it was kept as "
                f"{aside} and a new game can start"
            ) from None

    def archive(self, game_id: str) -> Path | None:
        """Move the current game and its transcript into earlier/; returns the new save path."""
        if not self.save_path.exists():
            return None
        earlier = self.directory / "earlier"
        earlier.mkdir(parents=True, exist_ok=True)
        target = free_name(earlier / f"{game_id}.json")
        os.replace(self.save_path, target)
        if self.transcript_path.exists():
            os.replace(self.transcript_path, target.with_suffix(".transcript.jsonl"))
        return target

    def finish(self, game_id: str) -> Path | None:
        """A finished game leaves the current slot (it cannot be resumed)."""
        return self.archive(game_id)

    def _set_aside(self, path: Path, suffix: str) -> Path:
        aside = free_name(path.with_name(path.name + suffix))
        os.replace(path, aside)
        if self.transcript_path.exists():
            os.replace(self.transcript_path, aside.with_name(aside.name + ".transcript.jsonl"))
        return aside
