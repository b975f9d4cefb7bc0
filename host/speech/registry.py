"""Engines by name: one `Registry` per kind of speech engine.

A registry maps a name to an `Engine`: a factory and an availability check.
The check returns None when the engine can run here, else one plain sentence
saying why not and how to fix it. Settings validation (config.yaml's
`speech:` section), the `--engine` options and `trivia-host models list` all
read the names from the registries in engines.py, so adding an engine is one
entry there, e.g. in RECOGNIZERS:

    Engine(
        "faster-whisper",
        "Whisper models through CTranslate2, needs a model download",
        make=_faster_whisper,  # (settings, live) -> Recognizer
        unavailable=all_of(needs_module("faster_whisper", "faster-whisper"), _whisper_model),
    ),

and likewise in SYNTHESIZERS (`make(settings) -> Synthesizer`, plus
`voices=` listing the installed voices, as the neural hibari and piper
entries do) or VADS (`make(settings) -> VoiceActivityDetector`, e.g. Silero or
WebRTC). Then add the name to the choices listed in config.yaml's comment
(a test checks they agree). Rules for an entry:
- `make` imports the engine's library itself, so importing host.speech stays
  cheap and a missing library is reported by the check, not an ImportError;
- `unavailable` is quick and never loads a model;
- the entries' order is the order of preference for `auto`;
- a new setting the engine needs goes into SpeechSettings with a default.
"""

from __future__ import annotations

import importlib.util
import shutil
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from host.errors import EngineError, HostError, ModelError, UserError

if TYPE_CHECKING:
    from host.speech.settings import SpeechSettings

AUTO = "auto"
Factory = TypeVar("Factory", bound=Callable[..., object])
Made = TypeVar("Made")
Check = Callable[["SpeechSettings"], "str | None"]


@dataclass(frozen=True)
class Engine(Generic[Factory]):
    name: str
    about: str  # one line for `models list`
    make: Factory
    unavailable: Check  # None if it can run here, else why not and how to fix it
    # synthesizers: the voices installed here, [(name, about)] (`trivia-host voices`)
    voices: Callable[[], list[tuple[str, str]]] | None = None
    # recognizers: its dictionary without its model, phrase -> the words it cannot
    # hear (players' names are checked while the model loads); None: none here
    dictionary: Callable[[SpeechSettings], Callable[[str], list[str]] | None] | None = None


class Registry(Generic[Factory]):
    """The engines of one kind, in order of preference."""

    def __init__(self, kind: str, engines: Iterable[Engine[Factory]], auto: bool = False) -> None:
        self.kind = kind
        self._engines = {engine.name: engine for engine in engines}
        self.auto = auto  # may the user say "auto" (the first available engine)?

    def __iter__(self) -> Iterator[Engine[Factory]]:
        return iter(self._engines.values())

    def names(self) -> tuple[str, ...]:
        return tuple(self._engines)

    def choices(self) -> tuple[str, ...]:
        """What a setting or a command-line option may name."""
        return (AUTO, *self.names()) if self.auto else self.names()

    def unknown(self, name: str) -> str | None:
        """None for a known name, else a message listing the known ones."""
        if name in self.choices():
            return None
        return f"'{name}' is not {either(self.choices())}"

    def get(self, name: str) -> Engine[Factory]:
        if name not in self._engines:
            raise UserError(f"unknown {self.kind} '{name}': use {either(self.choices())}")
        return self._engines[name]

    def usable(self, name: str, settings: SpeechSettings) -> Engine[Factory]:
        """The named engine, or ModelError with its check's sentence."""
        engine = self.get(name)
        reason = engine.unavailable(settings)
        if reason is not None:
            raise ModelError(reason)
        return engine

    def choose(
        self, name: str, settings: SpeechSettings, notice: Callable[[str], None]
    ) -> Engine[Factory]:
        """The named engine; for `auto` the first available one, with a notice
        when a better one was passed over (it says how to get it)."""
        if name != AUTO:
            return self.usable(name, settings)
        reasons = {engine.name: engine.unavailable(settings) for engine in self}
        for engine in self:
            if reasons[engine.name] is None:
                best = next(iter(reasons))
                if engine.name != best:
                    notice(
                        f"Speech: {best} cannot be used: {reasons[best]}. "
                        f"Using {engine.name} instead."
                    )
                return engine
        each = "; ".join(f"{name}: {reason}" for name, reason in reasons.items())
        raise ModelError(f"no {self.kind} can run here ({each})")


def either(names: Iterable[str]) -> str:
    """'a, b or c'."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def started(engine_name: str, make: Callable[[], Made]) -> Made:
    """Run a factory; an engine's own exception becomes an EngineError naming
    the engine, its text kept as the detail (shown on screen, never spoken)."""
    try:
        return make()
    except HostError:
        raise
    except Exception as exc:
        raise EngineError(f"the {engine_name} engine cannot start", detail=str(exc)) from exc


def needs_module(module: str, package: str | None = None) -> Check:
    """A check: the Python module is installed."""

    def check(settings: SpeechSettings) -> str | None:
        if importlib.util.find_spec(module) is not None:
            return None
        return (
            f"the Python package {package or module} is not installed; "
            f"install it with `pip install {package or module}`"
        )

    return check


def needs_program(program: str, debian_package: str | None = None) -> Check:
    """A check: the program is on the PATH."""

    def check(settings: SpeechSettings) -> str | None:
        if shutil.which(program):
            return None
        return (
            f"the {program} program is not installed; "
            f"install it with `apt install {debian_package or program}`"
        )

    return check


def all_of(*checks: Check) -> Check:
    """A check that passes when every one passes; the first failure's sentence."""

    def check(settings: SpeechSettings) -> str | None:
        for one in checks:
            reason = one(settings)
            if reason is not None:
                return reason
        return None

    return check
