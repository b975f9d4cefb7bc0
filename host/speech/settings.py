"""The `speech:` section of config.yaml, with defaults for anything left out."""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from host.config import read_config
from host.errors import UserError
from host.speech.engines import SETTINGS as ENGINE_SETTINGS

if TYPE_CHECKING:
    from host.speech.endpoint import EndpointPolicy


@dataclass(frozen=True)
class SpeechSettings:
    recognizer: str = "auto"  # a name in engines.RECOGNIZERS, or auto
    vosk_model: str = ""
    language: str = "en-us"
    alternatives: int = 5
    synthesizer: str = "auto"  # a name in engines.SYNTHESIZERS, or auto
    voice: str = ""
    rate: int = 175
    volume: float = 1.0
    input_device: str = ""
    output_device: str = ""
    command_silence: float = 0.5  # upper bound after a command or choice
    answer_silence: float = 2.0  # upper bound after an answer (after "um...", "it's the...")
    complete_silence: float = 0.3  # after a complete answer (turn_end.py)
    command_complete_silence: float = 0.1  # after a whole phrase of a closed list
    answer_open_silence: float = 1.8  # after words that may be an answer, or a filler misheard
    no_speech_timeout: float = 8.0
    speaker_tail: float = 0.3
    vad: str = "auto"  # a name in engines.VADS

    # Durations, counts and levels: a negative one is a typo, not a setting.
    NOT_NEGATIVE: ClassVar[frozenset[str]] = frozenset(
        {
            "alternatives",
            "rate",
            "volume",
            "command_silence",
            "answer_silence",
            "complete_silence",
            "command_complete_silence",
            "answer_open_silence",
            "no_speech_timeout",
            "speaker_tail",
        }
    )

    def command_policy(self) -> EndpointPolicy:
        from host.speech.endpoint import EndpointPolicy  # not before the host's first word

        return EndpointPolicy.command(self.command_silence, self.no_speech_timeout)

    def answer_policy(self, time_limit: float | None = None) -> EndpointPolicy:
        """When an answer's turn ends: after the silence its words call for
        (turn_end.py), never later than `answer_silence`; a player is given
        at least 10 s to start. `time_limit`: the house rule's answer
        seconds (0 or None: no limit)."""
        from host.speech.endpoint import EndpointPolicy

        return EndpointPolicy.answer(
            self.answer_silence, max(self.no_speech_timeout, 10.0), time_limit
        ).with_early_end(self.complete_silence, self.answer_open_silence)

    @classmethod
    def from_mapping(cls, section: dict | None) -> SpeechSettings:
        section = dict(section or {})
        known = {f.name: f.type for f in fields(cls)}
        unknown = sorted(set(section) - set(known))
        if unknown:
            raise UserError(f"config speech: unknown setting(s) {', '.join(unknown)}")
        values = {}
        for name, value in section.items():
            default = getattr(cls, name)
            if value is None:
                continue
            try:
                values[name] = type(default)(value)
            except (TypeError, ValueError):
                raise UserError(
                    f"config speech.{name}: '{value}' is not a valid {type(default).__name__}"
                ) from None
        for name, value in values.items():
            if name in cls.NOT_NEGATIVE and value < 0:
                raise UserError(f"config speech.{name}: {value} is below zero")
        settings = cls(**values)
        for name, registry in ENGINE_SETTINGS.items():
            problem = registry.unknown(getattr(settings, name))
            if problem is not None:
                raise UserError(f"config speech.{name}: {problem}")
        return settings


def load_speech_settings(path: str | Path | None = None) -> SpeechSettings:
    """The speech section of the config file (default: config.yaml)."""
    return SpeechSettings.from_mapping(read_config(path).get("speech"))
