"""What the host ships with it — the question decks and the default config —
found through the package's own resources (importlib.resources), so a wheel
installed anywhere and a clone of the repository read them the same way, from
any folder.

In the repository, host/shipped/decks and host/shipped/config.yaml are
symbolic links to the top-level decks/ and config.yaml (which stay the files
people edit); building the wheel follows the links and ships copies.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

SHIPPED = "shipped"


def shipped_path(*parts: str) -> Path:
    """A file or folder the package ships, as a real path (links resolved, so
    messages in a clone name decks/... rather than host/shipped/decks/...)."""
    found = resources.files("host").joinpath(SHIPPED, *parts)
    if not isinstance(found, Path):  # installed wheels and clones are folders on disk
        raise RuntimeError(f"trivia-host is not installed as files on disk ({found})")
    return found.resolve()


def shipped_decks_dir() -> Path:
    return shipped_path("decks")


def shipped_config_file() -> Path:
    """The documented default config (the repository's config.yaml)."""
    return shipped_path("config.yaml")
