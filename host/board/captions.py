"""Decorators that let the board page follow a game from the edges, without
the game loop knowing: a channel that captions everything said and heard,
and a save store that reports every save."""

from __future__ import annotations

from collections.abc import Callable

from host.table.channels import Heard, Listening
from host.table.narrator import shown


class CaptioningChannel:
    """Any channel, with each line said (and each answer heard) passed on as
    a caption before it goes out, so captions keep pace with the voice."""

    def __init__(self, inner, caption: Callable[[str, str], None]):
        self._inner = inner
        self._caption = caption

    def say(self, text: str, kind: str = "narration") -> None:
        self._caption("said", shown(text))
        self._inner.say(text, kind)

    def listen(self, listening: Listening) -> Heard:
        heard = self._inner.listen(listening)
        if heard.nothing:
            self._caption("heard", "(nothing heard)" if not heard.noise else "(a sound, no words)")
        else:
            self._caption("heard", heard.text)
        return heard

    def keyboard_factory(self) -> CaptioningChannel:
        """The keyboard the table switches to ("keyboard"), captioned too."""
        from host.table.channels import KeyboardChannel

        return CaptioningChannel(KeyboardChannel(), self._caption)

    def __getattr__(self, name: str):  # voice, adjust, close, unknown_words, ...
        return getattr(self._inner, name)


class ObservedStore:
    """A save store that hands each saved game to `saved` as well (even when
    the disk is full: the board still shows the game as it stands)."""

    def __init__(self, inner, saved: Callable[[dict], None]):
        self._inner = inner
        self._saved = saved

    def save(self, data: dict) -> None:
        try:
            self._inner.save(data)
        finally:
            self._saved(data)

    def __getattr__(self, name: str):
        return getattr(self._inner, name)
