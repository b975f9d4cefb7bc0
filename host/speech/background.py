"""Something slow to make (a recognizer, a voice model, the decks' answers),
made on a helper thread so the host can greet the table meanwhile.

A load begins when started (`start`) or when first needed (`result`). The
voice channel starts the recognizer's and the voice model's once the first
clause has played (`Speaker.play` returns when it is written): PocketSphinx
holds Python's lock while it loads its model (about 0.7 s of CPU), so
loading beside the greeting's first words would only delay them. The
clauses after it may still be held up (docs/recognizers.md, "Stop 65").
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

Made = TypeVar("Made")


class BackgroundLoad(Generic[Made]):
    def __init__(self, what: str, make: Callable[[], Made]) -> None:
        self.what = what
        self._make = make
        self._made: Made | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=f"loading {what}", daemon=True)
        self._lock = threading.Lock()

    def start(self) -> None:
        """Begin loading (once; later calls do nothing)."""
        with self._lock:
            if self._thread.ident is None:
                self._thread.start()

    @property
    def done(self) -> bool:
        """True once loading has ended, made or failed."""
        return self._thread.ident is not None and not self._thread.is_alive()

    def result(self) -> Made:
        """What was made, waiting for it; raises what making it raised."""
        self.start()
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._made is not None, "the load ended without a result"
        return self._made

    def _run(self) -> None:
        try:
            self._made = self._make()
        except BaseException as exc:  # kept for the caller: a helper thread's error is lost
            self._error = exc
