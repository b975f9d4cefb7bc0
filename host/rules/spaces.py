"""A space named in words ("the History headquarters"), from board data and
the edition's category names, with the wording in data/spaces.yaml."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from host.rules.board import Space
from host.rules.editions import Rules

SPACE_WORDS_FILE = Path(__file__).parent / "data" / "spaces.yaml"


@cache
def space_words() -> dict[str, str]:
    """Kind -> wording template."""
    raw = yaml.safe_load(SPACE_WORDS_FILE.read_text(encoding="utf-8"))
    return {str(kind): str(words) for kind, words in raw.items()}


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def space_name(rules: Rules, space_id: int) -> str:
    """The space as a player would name it, in the edition's category names."""
    space: Space = rules.board.space(space_id)
    names = rules.names
    name = names[space.category] if space.category else ""
    first, second = (names[c] for c in space.split) if space.split else ("", "")
    return space_words()[space.kind].format(name=name, a=article(name), first=first, second=second)
