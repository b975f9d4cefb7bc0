"""The host's synthesizer while its voice model loads on a helper thread.

Loading a neural voice takes seconds, most of them before the first word. So
the lines the start of a game waits for (everything said before the host
first listens, and any line asked for while the model is still loading) are
kept in the line cache (line_cache.py): the next game says them from there
and loads the model while they play. A line not in the cache waits for the
model, as it always did; a model that cannot load is a SynthesisError, which
the voice channel answers by going on with the keyboard.
"""

from __future__ import annotations

from collections.abc import Callable

from host.errors import HostError, plain_sentence
from host.speech.audio import Audio
from host.speech.background import BackgroundLoad
from host.speech.line_cache import LineCache, VoiceIdentity
from host.speech.synth import SynthesisError, Synthesizer


class LoadingSynthesizer:
    def __init__(
        self, identity: VoiceIdentity, loading: BackgroundLoad[Synthesizer], cache: LineCache
    ) -> None:
        self.identity = identity  # of the synthesizer chosen; the one loaded may differ
        self.name = identity.synthesizer
        self._loading = loading
        self._cache = cache
        self._starting = True  # until the host first listens

    def start_loading(self) -> None:
        """Load the model now (the first line is playing), if not begun yet."""
        self._loading.start()

    @property
    def ready(self) -> bool:
        """The voice has loaded (or failed to): what it says now is its own."""
        return self._loading.done

    def started_listening(self) -> None:
        """The start of the game is over: from now on only a line that has
        to wait for the model is kept."""
        self._starting = False

    def synthesize(self, text: str) -> Audio:
        keep = self._starting or not self._loading.done
        if keep:
            audio = self._cache.get(self._identity().key(text))
            if audio is not None:
                return audio
        audio = self._synthesizer().synthesize(text)
        if keep:
            self._cache.put(self._identity().key(text), audio)
        return audio

    def close(self) -> None:
        if self._loading.done:
            try:
                self._loading.result().close()
            except (HostError, OSError, RuntimeError):
                pass  # it never loaded: nothing to close

    def _synthesizer(self) -> Synthesizer:
        try:
            return self._loading.result()
        except (HostError, OSError, RuntimeError) as exc:
            raise SynthesisError(plain_sentence(exc), detail=getattr(exc, "detail", None)) from exc

    def _identity(self) -> VoiceIdentity:
        """Whose voice a line is in: the loaded synthesizer's, once known (if
        the chosen one could not start, another took over)."""
        if not self._loading.done:
            return self.identity
        try:
            name = self._loading.result().name
        except (HostError, OSError, RuntimeError):
            return self.identity
        return VoiceIdentity(name, self.identity.voice, self.identity.rate, self.identity.volume)


def loading_synthesizer(
    engine: str,
    voice: str,
    rate: int,
    volume: float,
    notice: Callable[[str], None],
    loaded: Callable[[str], None] = lambda name: None,
) -> LoadingSynthesizer:
    """The synthesizer chosen now (an engine that cannot run here is
    reported at once), its model loaded once `start_loading` is called;
    `loaded` is told the name of the one that started."""
    from host.speech.engines import synthesizer_factory

    name, make = synthesizer_factory(engine, voice, rate, volume, notice=notice)

    def load() -> Synthesizer:
        made = make()
        loaded(made.name)
        return made

    identity = VoiceIdentity(name, voice, rate, volume)
    return LoadingSynthesizer(identity, BackgroundLoad(f"the {name} voice", load), LineCache())
