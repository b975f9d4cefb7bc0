"""A simulated table, assembled: the host's real voice channel (recognizer,
synthesizer) with a spoken microphone and a WAV speaker, and the players
around it. Used by `trivia-host demo`, the end-to-end tests and the
benchmarks, so all three exercise the same product path."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from host.demo.bridge import AudioTable, PlayerVoices, RulingFeed, SpokenMicrophone, WavSpeaker
from host.speech import SpeechSettings
from host.table.channels import ScriptedChannel
from host.table.voice import VoiceChannel


@dataclass
class HostVoice:
    """The host's speech engines, made once and shared by several games."""

    recognizer: object
    synthesizer: object
    settings: SpeechSettings = field(default_factory=SpeechSettings)

    @classmethod
    def start(cls, settings: SpeechSettings | None = None, synthesizer=None, notice=print):
        from host.speech import make_recognizer, make_synthesizer

        settings = settings or SpeechSettings()
        recognizer = make_recognizer(settings, notice=notice)
        if synthesizer is None:
            synthesizer = make_synthesizer(
                settings.synthesizer, settings.voice, settings.rate, settings.volume, notice=notice
            )
        return cls(recognizer, synthesizer, settings)


class _KeepOpen:
    """The shared synthesizer must outlive one game's channel."""

    def __init__(self, synthesizer):
        self._synthesizer = synthesizer
        self.name = getattr(synthesizer, "name", "host")

    def synthesize(self, text):
        return self._synthesizer.synthesize(text)

    def close(self):
        pass


def audio_table(
    host: HostVoice,
    table,
    voices: PlayerVoices,
    save_dir: str | Path,
    wav: str | Path | None = None,
    caption=print,
    echo=print,
    paced: bool = False,
    microphone: SpokenMicrophone | None = None,
    speaker=None,
    transform=None,
) -> AudioTable:
    """A channel for `play(args, channel=...)`: the players speak, the host hears."""
    microphone = microphone or SpokenMicrophone(paced=paced)
    speaker = speaker or WavSpeaker(wav)
    channel = VoiceChannel(
        _KeepOpen(host.synthesizer),
        speaker,
        microphone,
        host.recognizer,
        host.settings,
        gate=None,
        caption=caption,
    )
    from host.table.saving import TRANSCRIPT_NAME

    rulings = RulingFeed(Path(save_dir) / TRANSCRIPT_NAME)
    return AudioTable(channel, microphone, table, voices, rulings, echo=echo, transform=transform)


def typed_table(table, save_dir: str | Path, echo: bool = False) -> ScriptedChannel:
    """The same players at the keyboard: their lines are typed, not spoken."""
    from host.table.saving import TRANSCRIPT_NAME

    rulings = RulingFeed(Path(save_dir) / TRANSCRIPT_NAME)

    def respond(listening):
        if hasattr(table, "ruled"):
            for ruling in rulings.new_rulings():
                table.ruled(ruling.get("verdict", ""), ruling.get("heard", ""))
        line = table.line(listening)
        return None if line is None else line.text

    return ScriptedChannel(responder=respond, echo=echo)


def game_args(
    save_dir: str | Path,
    edition: str,
    mode: str | None,
    players: list[str],
    seed: int,
    decks: list[str] | None = None,
    verbosity: str = "long",
    config: str | None = None,
) -> SimpleNamespace:
    """What `trivia-host play` would be given on the command line."""
    return SimpleNamespace(
        edition=edition,
        mode=mode,
        players=",".join(players),
        teams=None,
        text=False,
        resume=False,
        fresh=True,
        seed=seed,
        dice="host",
        deck=decks,
        verbosity=verbosity,
        config=config,
        save_dir=str(save_dir),
    )
