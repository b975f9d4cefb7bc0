"""Helpers for the rules tests: scripted games on the small test decks."""

from __future__ import annotations

from pathlib import Path

import yaml

from host.rules.scenario import Replay, parse_script

DECKS = Path(__file__).resolve().parents[1] / "fixtures" / "decks"
TEST_DECKS = [str(DECKS / "standard.yaml"), str(DECKS / "ruby.yaml")]


def replay(text: str) -> dict:
    """Play a scripted game written as YAML (docs/scripted-games.md) on the test decks."""
    raw = yaml.safe_load(text)
    raw.setdefault("deck", TEST_DECKS)
    return Replay(parse_script(raw, "test-script")).run()


def types(result: dict) -> list[str]:
    return [e["type"] for e in result["events"]]
