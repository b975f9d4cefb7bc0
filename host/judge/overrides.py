"""Teaching the judge: rulings the table overrode ("that was right") are remembered.

A ruling is kept per question (deck, card id, category) with the heard text
in its normalised form, in a plain JSON file in the user's data directory.
The judge consults it before anything else. A file that cannot be read is set
aside (renamed) with a clear message, never a crash.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host.files import write_atomically
from host.judge.model import VERDICTS
from host.judge.normalise import heard_key

FILE_NAME = "judge_overrides.json"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class QuestionKey:
    """Which question a ruling belongs to."""

    deck: str
    card: str
    category: str

    def as_text(self) -> str:
        return f"{self.deck}/{self.card}/{self.category}"


def default_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("trivia-host")) / FILE_NAME


class OverrideBook:
    """The table's rulings, loaded from and saved to one JSON file."""

    def __init__(
        self,
        path: Path,
        rulings: dict[tuple[str, str], dict[str, Any]] | None = None,
        warning: str | None = None,
    ):
        self.path = Path(path)
        self._rulings = rulings or {}
        self.warning = warning  # set when a damaged file was set aside

    @classmethod
    def load(cls, path: Path | str | None = None) -> OverrideBook:
        path = Path(path) if path is not None else default_path()
        if not path.exists():
            return cls(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:  # unreadable, not damaged: leave it where it is
            return cls(
                path,
                warning=f"the judge's remembered rulings in {path} could not be read ({exc.strerror or exc}); "
                "the judge starts afresh",
            )
        except UnicodeDecodeError as exc:
            return cls._set_aside(path, exc)
        try:
            rulings = _parse(text)
        except ValueError as exc:
            return cls._set_aside(path, exc)
        return cls(path, rulings)

    @classmethod
    def _set_aside(cls, path: Path, exc: Exception) -> OverrideBook:
        """A damaged file is renamed, so nothing is lost and the next save starts clean."""
        aside = path.with_name(f"{path.stem}.damaged-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
        try:
            path.replace(aside)
            where = f"set aside as {aside.name}"
        except OSError:
            where = "left in place"
        warning = (
            f"the judge's remembered rulings in {path} could not be read ({exc}); "
            f"the file was {where} and the judge starts afresh"
        )
        return cls(path, warning=warning)

    def lookup(self, question: QuestionKey, heard: str) -> str | None:
        """The verdict the table gave this heard answer to this question, if any."""
        entry = self._rulings.get((question.as_text(), heard_key(heard)))
        return entry["verdict"] if entry else None

    def record(self, question: QuestionKey, heard: str, verdict: str) -> None:
        """Remember a ruling and save the file at once (a game may stop any time).

        Raises ValueError for a bad verdict or empty heard text, OSError when
        the file cannot be written."""
        if verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {verdict!r} (expected one of {', '.join(VERDICTS)})")
        key = heard_key(heard)
        if not key:
            raise ValueError("nothing was heard, so there is nothing to remember")
        self._rulings[(question.as_text(), key)] = {
            "deck": question.deck,
            "card": question.card,
            "category": question.category,
            "heard": key,
            "verdict": verdict,
            "recorded": time.strftime("%Y-%m-%dT%H:%M:%S"),
        }
        self.save()

    def __len__(self) -> int:
        return len(self._rulings)

    def save(self) -> None:
        document = {"version": FORMAT_VERSION, "rulings": list(self._rulings.values())}
        try:
            write_atomically(self.path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
        except OSError as exc:  # callers (the table) log it and play on
            raise OSError(
                f"cannot save the judge's remembered rulings to {self.path}: {exc.strerror or exc}"
            ) from None


def _parse(text: str) -> dict[tuple[str, str], dict[str, Any]]:
    """Rulings from the file's text; ValueError when it is not ours."""
    document = json.loads(text)
    if not isinstance(document, dict) or not isinstance(document.get("rulings"), list):
        raise ValueError("expected an object with a 'rulings' list")
    rulings = {}
    for number, entry in enumerate(document["rulings"], 1):
        if not isinstance(entry, dict):
            raise ValueError(f"ruling {number} is not an object")
        missing = [
            k
            for k in ("deck", "card", "category", "heard", "verdict")
            if not isinstance(entry.get(k), str)
        ]
        if missing:
            raise ValueError(f"ruling {number} lacks {', '.join(missing)}")
        if entry["verdict"] not in VERDICTS:
            raise ValueError(f"ruling {number} has an unknown verdict {entry['verdict']!r}")
        question = QuestionKey(entry["deck"], entry["card"], entry["category"])
        rulings[(question.as_text(), entry["heard"])] = entry
    return rulings
