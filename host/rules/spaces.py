"""A space named in words ("the History headquarters"), from board data and
the category names, with the wording in data/spaces.yaml — the one place it
is written (the narrator, destination lists and replay errors all use it)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Literal

from host.rules.board import HUB, Space
from host.rules.editions import Rules
from host.yaml_text import load_yaml

SPACE_WORDS_FILE = Path(__file__).parent / "data" / "spaces.yaml"
Style = Literal["said", "choice"]


@cache
def space_words() -> dict[str, dict[str, str]]:
    """Kind -> style -> wording template."""
    raw = load_yaml(SPACE_WORDS_FILE.read_text(encoding="utf-8"))
    return {str(kind): {str(k): str(v) for k, v in styles.items()} for kind, styles in raw.items()}


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def name_space(
    space: Space, style: Style, category_name: Callable[[str], str], wedge: bool = False
) -> str:
    """`space` in words; `category_name` says a category (long or short names)."""
    entry = space_words()["hub" if space.id == HUB else space.kind]
    template = entry["wedge"] if wedge and "wedge" in entry else entry[style]
    category = category_name(space.category) if space.category else ""
    first, second = (category_name(c) for c in space.split) if space.split else ("", "")
    return template.format(
        category=category,
        a_category=f"{article(category)} {category}",
        first=first,
        second=second,
    )


def space_name(rules: Rules, space_id: int, style: Style = "said") -> str:
    """The space as a player would name it, in the edition's category names."""
    return name_space(rules.board.space(space_id), style, rules.names.__getitem__)
