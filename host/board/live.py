"""The live board for a game being played: the server, and the two hooks
that feed it — captions from the channel, the game from each save. The
board's modules are imported only when a board is shown: `play` without one
starts sooner."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from host.board.options import board_settings


class LiveBoard:
    """Feeds one server from a game: `follow` wraps the channel and the store."""

    def __init__(self, server):
        self.server = server
        self._previous: dict | None = None
        self._loaded: dict = {}  # (edition, mode, decks) -> (rules, cards)

    def follow(self, channel, store):
        from host.board.captions import CaptioningChannel, ObservedStore

        channel = CaptioningChannel(channel, self.server.publish_caption)
        channel.say(f"The board is on {self.server.url}")
        return channel, ObservedStore(store, self.saved)

    def saved(self, data: dict) -> None:
        from host.board.view import game_view

        try:
            rules, cards = self._facts(data)
            view = game_view(data, cards, rules, self._previous)
        except Exception as exc:  # the board must never stop the game
            self.server.publish_caption("note", f"(the board cannot show this step: {exc})")
            return
        self._previous = view
        self.server.publish_state(view)

    def _facts(self, data: dict):
        from host.cards.deck import load_decks
        from host.rules.editions import load_rules

        state = data["state"]
        paths = tuple((data.get("meta") or {}).get("deck_paths") or ())
        key = (state["edition"], state["mode"], paths)
        if key not in self._loaded:
            cards = {c.id: c for deck in load_decks([Path(p) for p in paths]) for c in deck.cards}
            self._loaded[key] = (load_rules(state["edition"], state["mode"]), cards)
        return self._loaded[key]


@contextmanager
def live_board(config: dict, args):
    """A LiveBoard while the block runs when the settings ask for one, else None."""
    settings = board_settings(config, args)
    if not settings.show:
        yield None
        return
    from host.board.server import BoardServer

    server = BoardServer(settings.port, settings.lan)
    server.start()  # the URL is said (and so printed) once the game's channel is open
    try:
        yield LiveBoard(server)
    finally:
        server.stop()
