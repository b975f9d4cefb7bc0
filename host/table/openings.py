"""`voices --prepare`: the lines a game opens with, made before the first game.

A neural voice takes seconds to load, and the host's first words wait for it
unless they are in the line cache (host/speech/loading_voice.py); the first
turn, after the welcome, waits for the decks, quick only when they are in
the deck cache (host/cards/deck_cache.py). Every game after the first finds
both there; this fills them at install time (setup.sh), so the first game
starts talking at once too.
"""

from __future__ import annotations

from pathlib import Path

from host.config import read_config
from host.errors import HostError, UserError, plain_sentence
from host.speech.settings import SpeechSettings
from host.table.narrator import Narrator

VERBOSITIES = ("short", "normal", "long")


def opening_lines() -> list[str]:
    """Every opening clause, at every verbosity (`play --verbosity` may change it)."""
    every = (line for v in VERBOSITIES for line in Narrator(None, v).openings())
    return list(dict.fromkeys(every))


def prepare_openings(config_path: str | Path | None) -> int:
    from host.cards.deck import load_decks
    from host.speech.loading_voice import loading_synthesizer
    from host.table.game import resolve_deck_paths

    config = read_config(config_path)
    settings = SpeechSettings.from_mapping(config.get("speech"))
    load_decks(resolve_deck_paths((config.get("game") or {}).get("decks") or ()))
    synthesizer = loading_synthesizer(
        settings.synthesizer, settings.voice, settings.rate, settings.volume, notice=print
    )
    lines = opening_lines()
    synthesizer.start_loading()
    try:
        for line in lines:
            synthesizer.synthesize(line)
    except HostError as exc:
        raise UserError(f"could not make the opening lines: {plain_sentence(exc)}") from None
    finally:
        synthesizer.close()
    print(
        f"Made the {len(lines)} lines a game opens with in the {synthesizer.name} voice, "
        "and read the decks: the first game starts talking at once."
    )
    return 0
