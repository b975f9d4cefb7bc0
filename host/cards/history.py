"""No repeats across games: which cards of each deck were already asked.

One small JSON file per deck in the user's data folder lists the asked card
ids, oldest first. The history is a convenience, so it never stops a game: a
file that cannot be read is set aside with a warning, a file that cannot be
written is a warning too.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

from host.files import free_name, write_atomically

if TYPE_CHECKING:
    from host.cards.deck import Deck

HISTORY_VERSION = 1


def default_history_dir() -> Path:
    return Path(platformdirs.user_data_dir("trivia-host")) / "history"


def history_file_name(deck_name: str) -> str:
    """A readable, safe file name; the hash keeps two similar names apart."""
    slug = re.sub(r"[^a-z0-9]+", "-", deck_name.lower()).strip("-")[:60] or "deck"
    digest = hashlib.sha1(deck_name.encode("utf-8")).hexdigest()[:8]
    return f"{slug}-{digest}.json"


def warn_on_stderr(message: str) -> None:
    print(f"trivia-host: warning: {message}", file=sys.stderr)


def order_cards(
    card_ids: Sequence[str], rng_seed: int | random.Random | None, asked: Iterable[str]
) -> list[str]:
    """Cards never asked first, shuffled by the seed; then the asked ones,
    longest ago first, so a repeat is always the oldest one possible."""
    last_asked = {card_id: position for position, card_id in enumerate(asked)}
    fresh = [c for c in card_ids if c not in last_asked]
    rng = rng_seed if isinstance(rng_seed, random.Random) else random.Random(rng_seed)
    rng.shuffle(fresh)
    repeats = sorted((c for c in card_ids if c in last_asked), key=last_asked.__getitem__)
    return fresh + repeats


class CardHistory:
    """The asked-card lists of all decks, kept in `directory`."""

    def __init__(
        self, directory: Path | None = None, warn: Callable[[str], None] = warn_on_stderr
    ) -> None:
        self.directory = Path(directory) if directory is not None else default_history_dir()
        self.warn = warn

    def path_for(self, deck_name: str) -> Path:
        return self.directory / history_file_name(deck_name)

    def asked(self, deck_name: str) -> list[str]:
        """Card ids of the deck asked in earlier games, oldest first."""
        path = self.path_for(deck_name)
        try:
            raw = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return []  # no game with this deck yet; saving will say if the folder is unusable
        except OSError as error:
            self.warn(
                f"cannot read the card history {path} ({error.strerror}); "
                f"every card of {deck_name!r} counts as new"
            )
            return []
        try:
            return _asked_ids(json.loads(raw.decode("utf-8")))
        except (ValueError, TypeError) as error:
            self._set_aside(path, deck_name, str(error))
            return []

    def record_asked(self, deck_name: str, card_ids: Iterable[str]) -> None:
        """Add cards to the deck's history (a card asked again moves to the end)."""
        new = list(card_ids)
        if not new:
            return
        renewed = set(new)
        asked = [c for c in self.asked(deck_name) if c not in renewed] + list(dict.fromkeys(new))
        content = {"version": HISTORY_VERSION, "deck": deck_name, "asked": asked}
        try:
            write_atomically(self.path_for(deck_name), json.dumps(content, indent=1) + "\n")
        except OSError as error:
            self.warn(
                f"cannot save the card history in {self.directory} ({error.strerror or error}); "
                f"cards of {deck_name!r} may come up again in the next game"
            )

    def forget(self, deck_name: str) -> None:
        self.path_for(deck_name).unlink(missing_ok=True)

    def _set_aside(self, path: Path, deck_name: str, reason: str) -> None:
        aside = free_name(path.with_name(path.name + ".corrupt"))
        try:
            path.replace(aside)
            kept = f"set aside as {aside}"
        except OSError:
            kept = "left in place"
        self.warn(
            f"the card history {path} is damaged ({reason}); {kept}, "
            f"every card of {deck_name!r} counts as new"
        )


def _asked_ids(content: object) -> list[str]:
    if not isinstance(content, dict) or not isinstance(content.get("asked"), list):
        raise ValueError("no list of asked cards")
    asked = content["asked"]
    if not isinstance(asked, list) or not all(isinstance(card_id, str) for card_id in asked):
        raise ValueError("a card id that is not text")
    return [str(card_id) for card_id in asked]


def asked_in_decks(decks: Iterable[Deck], history: CardHistory) -> list[str]:
    """Asked card ids of several decks, oldest first. Each deck's list is spread
    over the same span by age, so one long history does not crowd out another."""
    ranked: list[tuple[float, str]] = []
    for deck in decks:
        asked = history.asked(deck.name)
        ranked += [(position / len(asked), card_id) for position, card_id in enumerate(asked)]
    return [card_id for _, card_id in sorted(ranked)]


def record_asked_in_decks(
    decks: Iterable[Deck], card_ids: Sequence[str], history: CardHistory
) -> None:
    """Record a game's asked cards in the history of the deck each came from."""
    for deck in decks:
        own = {card.id for card in deck.cards}
        history.record_asked(deck.name, [c for c in card_ids if c in own])


def load_asked(
    deck_name: str, directory: Path | None = None, warn: Callable[[str], None] = warn_on_stderr
) -> list[str]:
    return CardHistory(directory, warn).asked(deck_name)


def record_asked(
    deck_name: str,
    card_ids: Iterable[str],
    directory: Path | None = None,
    warn: Callable[[str], None] = warn_on_stderr,
) -> None:
    CardHistory(directory, warn).record_asked(deck_name, card_ids)
