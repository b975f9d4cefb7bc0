"""What the end-to-end tests share: fixture decks, the players' voices, scripted
lines, and what a sitting at the table leaves behind.

A module of its own (not conftest.py) so tests import it by a name no other
test folder uses.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from host.demo.players import Line
from host.table.saving import SAVE_NAME, TRANSCRIPT_NAME
from host.table.transcript import read_transcript

FIXTURES = Path(__file__).parent / "fixtures"
DECKS = [str(FIXTURES / "e2e_standard.yaml"), str(FIXTURES / "e2e_ruby.yaml")]
CONFIG = str(FIXTURES / "e2e_config.yaml")
VOICES = {"Ann": "awb", "Ben": "rms"}  # the two voices PocketSphinx hears best

needs_flite = pytest.mark.skipif(
    not shutil.which("flite"), reason="flite is not installed: the players cannot speak"
)


class ScriptedLines:
    """The players' lines in order, each (speaker, text); None when done."""

    def __init__(self, lines):
        self.lines = [Line(speaker, text, "script") for speaker, text in lines]

    def line(self, listening):
        return self.lines.pop(0) if self.lines else None


@dataclass
class Sitting:
    outcome: str
    said: list[str]  # what the host said, in order
    heard: list[dict]  # transcript 'heard' lines
    actions: list[dict]  # the engine actions, in order
    verdicts: list[tuple]  # (verdict, reason class) of each ruling
    state: dict  # the saved game's state

    def count(self, text: str) -> int:
        return sum(text in line for line in self.said)


def sitting(outcome: str, said: list[str], save_dir: Path) -> Sitting:
    transcript = save_dir / TRANSCRIPT_NAME
    lines = read_transcript(transcript) if transcript.exists() else []
    save = json.loads((save_dir / SAVE_NAME).read_text()) if (save_dir / SAVE_NAME).exists() else {}
    return Sitting(
        outcome,
        said,
        [ln for ln in lines if ln["kind"] == "heard"],
        [ln["action"] for ln in lines if ln["kind"] == "action"],
        [(ln["verdict"], bool(ln.get("override"))) for ln in lines if ln["kind"] == "ruling"],
        save.get("state", {}),
    )
